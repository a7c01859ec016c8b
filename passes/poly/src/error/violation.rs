//! What the verifier finds a schedule, or isl's AST of it, to break. The relations
//! are isl's text of the pairs at fault.

/// A schedule (or its AST, or a jam of it) that breaks the dependences.
#[derive(Debug, thiserror::Error)]
pub enum Violation {
    #[error("the schedule does not cover exactly the statement instances of the SCoP")]
    Domain,
    /// Dependences of `kind` (flow, anti, output, ...) the schedule runs backwards or
    /// at one time.
    #[error("{kind} dependences not executed in order: {pairs}")]
    Order { kind: &'static str, pairs: String },
    #[error("two statement instances are scheduled at the same time: {0}")]
    SameTime(String),
    #[error("reads get their values from other writes: {0}")]
    OtherWrites(String),
    #[error("a read of a value from before the SCoP comes after a write")]
    LiveIn,
    #[error("another write is the last one to some element")]
    LiveOut,
    #[error("a parallel mark is not above a band")]
    MarkNotAboveBand,
    #[error("parallel loop at depth {depth} carries dependences: {pairs}")]
    ParallelCarries { depth: i32, pairs: String },
    /// isl's AST of a verified tree does not follow it.
    #[error("the generated AST does not follow the schedule: {0}")]
    Ast(AstViolation),
    #[error("unroll-and-jam: {statement} is under jams of blocks {first} and {second}")]
    JamBlocks {
        statement: String,
        first: i64,
        second: i64,
    },
    #[error("unroll-and-jam: unknown statement {0}")]
    JamUnknownStatement(String),
    #[error("unroll-and-jam: the mark's band is not a block loop")]
    JamMarkNotOnBlockLoop,
}

/// How isl's AST fails to follow its tree.
#[derive(Debug, thiserror::Error)]
pub enum AstViolation {
    #[error("it does not run exactly the statement instances of the SCoP")]
    Domain,
    #[error("it runs an instance twice, or two at one time")]
    NotOneToOne,
    /// A dependence the AST's order breaks, as the tree's check words it.
    #[error("{0}")]
    Order(Box<Violation>),
    #[error("it runs dependent instances in another order: {0}")]
    Swapped(String),
    #[error("the lower bounds of a strided loop disagree modulo its step")]
    StridedBounds,
    #[error("a loop it runs in parallel (time entry {0}) carries dependences")]
    ParallelCarries(usize),
    #[error(
        "{array} lives beyond one iteration of a loop that runs in parallel with a copy of it \
         per iteration (time entry {at})"
    )]
    PrivateEscapes { array: String, at: usize },
}
