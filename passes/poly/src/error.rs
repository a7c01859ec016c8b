//! What the core can fail with, and whose fault it is.

/// What the core can fail with. Every error leaves the input unchanged upstream.
#[derive(Debug, thiserror::Error)]
pub enum PolyError {
    #[error("isl error: {0}")]
    Isl(String),
    #[error("isl operations budget exhausted")]
    Budget,
    /// The wall-clock budget ran out (`Options::time_budget`) while `stage` ran.
    #[error("time budget exhausted{}", in_stage(stage))]
    TimeBudget { stage: &'static str },
    #[error("schedule violates dependences: {0}")]
    InvalidSchedule(String),
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// isl generated an AST with a construct the conversion does not express (a
    /// `select` in an integer expression, say); another AST mode or a simpler
    /// schedule may not have it.
    #[error("unsupported: isl AST: {0}")]
    AstUnsupported(String),
    /// A Clay script (seed 003) the user wrote or edited is refused: a directive's
    /// precondition fails, or the result breaks a dependence.
    #[error("{0}")]
    Script(String),
    /// A given fusion structure (seed 002) does not fit the SCoP or is not legal.
    #[error("{0}")]
    Structure(#[from] crate::scheduler::fusion_space::StructureError),
}

fn in_stage(stage: &str) -> String {
    if stage.is_empty() {
        String::new()
    } else {
        format!(" in {stage}")
    }
}

/// Whose fault an error is, so that callers can tell a bug from a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// An internal invariant broke: isl failed on relations the core built, or a
    /// schedule failed verification. A Tessel bug to report.
    Bug,
    /// A budget ran out (isl operations or wall-clock time); a larger one may succeed.
    Limit,
    /// The input is outside what the model or the AST conversion represents.
    Unsupported,
}

impl PolyError {
    /// Whether the error refuses one schedule, or isl's AST of it, rather than the
    /// SCoP: isl failed, a verification failed, or isl's AST holds a construct the
    /// conversion does not express. Another AST mode, or a simpler schedule, may
    /// succeed (`pipeline::finish_tree`, `pipeline::degrade`).
    pub fn refuses_the_schedule(&self) -> bool {
        matches!(
            self,
            PolyError::Isl(_) | PolyError::InvalidSchedule(_) | PolyError::AstUnsupported(_)
        )
    }

    pub fn kind(&self) -> ErrorKind {
        match self {
            PolyError::Isl(_) | PolyError::InvalidSchedule(_) => ErrorKind::Bug,
            PolyError::Budget | PolyError::TimeBudget { .. } => ErrorKind::Limit,
            PolyError::Unsupported(_)
            | PolyError::AstUnsupported(_)
            | PolyError::Script(_)
            | PolyError::Structure(_) => ErrorKind::Unsupported,
        }
    }
}
