//! What the core can fail with, and whose fault it is: every error is an enum with
//! the data of what happened, so that callers branch on the variant and the edges
//! (the MLIR pass, the Transform ops) decide what to say. The texts of `Display`
//! are the ones the remarks print.
//!
//! - [`PolyError`]: what a public entry point returns;
//! - [`IslError`], [`Invariant`]: isl failed, or an invariant of the core broke;
//! - [`Violation`]: what the verifier found a schedule (or its AST) to break;
//! - [`Unsupported`], [`Malformed`], [`Stuck`], [`AstConstruct`]: what the model,
//!   the scheduler or the AST conversion does not handle;
//! - [`ScriptError`], [`ClayError`], [`NotRecovered`]: a Clay script refused, a
//!   directive's precondition, a schedule Chlore does not explain;
//! - [`StructureError`]: a given fusion structure that does not fit the SCoP.

mod clay;
mod structure;
mod unsupported;
mod violation;

pub use clay::{BetaForest, ClayError, NoClayForm, NotRecovered, Parts, Precondition, Validity};
pub use structure::StructureError;
pub use unsupported::{AstConstruct, Malformed, Stuck, Unsupported};
pub use violation::{AstViolation, Violation};

/// What the core can fail with. Every error leaves the input unchanged upstream.
#[derive(Debug, thiserror::Error)]
pub enum PolyError {
    #[error("isl error: {0}")]
    Isl(IslError),
    #[error("isl operations budget exhausted")]
    Budget,
    /// The wall-clock budget ran out (`Options::time_budget`) while `stage` ran.
    #[error("time budget exhausted{}", in_stage(stage))]
    TimeBudget { stage: &'static str },
    #[error("schedule violates dependences: {0}")]
    InvalidSchedule(Violation),
    #[error("unsupported: {0}")]
    Unsupported(Unsupported),
    /// isl generated an AST with a construct the conversion does not express (a
    /// `select` in an integer expression, say); another AST mode or a simpler
    /// schedule may not have it.
    #[error("unsupported: isl AST: {0}")]
    AstUnsupported(AstConstruct),
    /// A Clay script (seed 003) the user wrote or edited is refused: a directive's
    /// precondition fails, or the result breaks a dependence.
    #[error("{0}")]
    Script(ScriptError),
    /// A given fusion structure (seed 002) does not fit the SCoP or is not legal.
    #[error("{0}")]
    Structure(#[from] StructureError),
}

fn after_colon(message: &Option<String>) -> String {
    message
        .as_ref()
        .map(|m| format!(": {m}"))
        .unwrap_or_default()
}

/// A β-vector or prefix as seed 003 prints it: `()`, `(2)`, `(4, 0)`.
pub fn beta_text(beta: &[i64]) -> String {
    let items: Vec<String> = beta.iter().map(i64::to_string).collect();
    format!("({})", items.join(", "))
}

fn in_stage(stage: &str) -> String {
    if stage.is_empty() {
        String::new()
    } else {
        format!(" in {stage}")
    }
}

impl From<IslError> for PolyError {
    fn from(e: IslError) -> Self {
        PolyError::Isl(e)
    }
}

impl From<Invariant> for PolyError {
    fn from(e: Invariant) -> Self {
        PolyError::Isl(IslError::Invariant(e))
    }
}

impl From<Violation> for PolyError {
    fn from(e: Violation) -> Self {
        PolyError::InvalidSchedule(e)
    }
}

impl From<Unsupported> for PolyError {
    fn from(e: Unsupported) -> Self {
        PolyError::Unsupported(e)
    }
}

impl From<AstConstruct> for PolyError {
    fn from(e: AstConstruct) -> Self {
        PolyError::AstUnsupported(e)
    }
}

/// isl failed: with its own message, or in a way the core tells apart.
#[derive(Debug, thiserror::Error)]
pub enum IslError {
    /// isl's message, as the bindings report it.
    #[error("{0}")]
    Reported(String),
    /// A raw isl call failed, with isl's message when it left one.
    #[error("isl call failed{}", after_colon(message))]
    CallFailed { message: Option<String> },
    #[error("isl returned NULL")]
    Null,
    #[error("cannot parse {what} `{text}`: {error}")]
    Parse {
        what: String,
        text: String,
        error: Box<IslError>,
    },
    #[error("cannot allocate an isl context")]
    NoContext,
    #[error("cannot set isl option {0}")]
    Option(&'static str),
    #[error("isl cannot print an object")]
    Print,
    #[error("id name {0:?} contains NUL")]
    NulInName(String),
    #[error("negative schedule depth")]
    NegativeDepth,
    #[error("isl AST expression of type error")]
    AstExpressionError,
    /// An invariant of the core broke: reported as an isl failure (a Tessel bug).
    #[error("{0}")]
    Invariant(Invariant),
}

/// An invariant of the core that broke: a Tessel bug, whatever the input.
#[derive(Debug, thiserror::Error)]
pub enum Invariant {
    #[error("expansion of an unknown array {0}")]
    UnknownExpandedArray(String),
    #[error("no such statement")]
    NoSuchStatement,
    #[error("empty sequence")]
    EmptySequence,
    #[error("an access to an array the model does not know: {0}")]
    UnknownArrayAccess(String),
    #[error("scheduler: empty sequence")]
    SchedulerEmptySequence,
    #[error("scheduler: ILP variable out of range")]
    IlpVariableOutOfRange,
    #[error("scheduler: unnamed dependence")]
    UnnamedDependence,
    #[error("scheduler: dependence between unknown statements {src} -> {dst}")]
    UnknownDependenceEnds { src: String, dst: String },
    #[error("scheduler: Farkas dual with local variables")]
    FarkasLocals,
    #[error("block too large")]
    BlockTooLarge,
    #[error("Clay: β-vectors collide at level {0}")]
    BetaCollision(usize),
    #[error("Clay: an empty band")]
    EmptyBand,
    #[error("Chlore: the recovered script does not give the optimizer's schedule")]
    ScriptMismatch,
    /// Every AST mode was tried without an error to report.
    #[error("no AST mode")]
    NoAstMode,
}

/// A Clay script refused.
#[derive(Debug, thiserror::Error)]
pub enum ScriptError {
    /// Directive `index` (from 1) fails its preconditions, or the schedule after it
    /// is not a valid Clay schedule.
    #[error("directive {index}: {why}")]
    Refused { index: usize, why: Box<ClayError> },
    /// The script's schedule fails verification against the dependences.
    #[error("the script breaks a dependence: {0}")]
    BreaksDependence(Violation),
    /// `parallelize` of the loop at `beta` while the transforms after scheduling
    /// are on: they choose the parallel loops.
    #[error(
        "parallelize {}: with tiling, unroll-and-jam or register blocks on, the parallel \
         loops are chosen after them (option `parallel`); drop the directive, or turn those \
         options off",
        beta_text(beta)
    )]
    ParallelizeWithTransforms { beta: Vec<i64> },
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
    /// succeed (`pipeline::ast::finish_tree`, `pipeline::budget::degrade`).
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
