//! What the model, the scheduler or the AST conversion does not handle.

use super::{NoClayForm, NotRecovered};

/// An input or a request outside what the core represents.
#[derive(Debug, thiserror::Error)]
pub enum Unsupported {
    #[error("malformed SCoP: {0}")]
    Malformed(Malformed),
    /// The original schedule gives statements one textual position at `level`.
    #[error(
        "original schedule does not order {} (same textual position at level {level})",
        statements.join(", ")
    )]
    Unordered {
        statements: Vec<String>,
        level: usize,
    },
    #[error("original schedule of {statement} is not constant at textual position {position}")]
    NotConstant { statement: String, position: usize },
    #[error("scheduler: {0}")]
    Scheduler(Stuck),
    #[error("scheduler=auto chooses among presets in the pipeline; the initial schedule needs one preset")]
    AutoNeedsPreset,
    #[error("tile size {0} is not positive")]
    TileSize(i64),
    #[error("{0} contains a NUL byte")]
    NulByte(String),
    #[error("dimension {0} too large")]
    DimensionTooLarge(usize),
    #[error("a non-affine product in the AST")]
    NonAffineProduct,
    /// A `min` or `max` of nothing.
    #[error("empty {0} in the AST")]
    EmptyMinMax(&'static str),
    /// The original schedule has no Clay form.
    #[error("{0}")]
    NoClayForm(NoClayForm),
    /// A schedule Chlore does not explain (yet).
    #[error("not recovered: {0}")]
    NotRecovered(NotRecovered),
}

/// How a SCoP given to the core is malformed.
#[derive(Debug, thiserror::Error)]
pub enum Malformed {
    #[error("statement name {0} is used twice")]
    NameTwice(String),
    #[error("domain of {statement} must be a set named {statement}: {domain}")]
    Domain { statement: String, domain: String },
    #[error("schedule of {statement} must have 2d+1 output dimensions: {schedule}")]
    Schedule { statement: String, schedule: String },
    #[error("the original schedule gives two instances the same time")]
    SameTime,
    #[error("context must be a parameter set: {0}")]
    Context(String),
    #[error("an access names no array: {0}")]
    NoArray(String),
    #[error("array {array} is accessed with {first} and {second} subscripts")]
    Subscripts {
        array: String,
        first: usize,
        second: usize,
    },
    #[error("{what} of {statement} must start from {statement}[...]")]
    AccessStart { what: String, statement: String },
}

/// Why our scheduler gave up on a SCoP.
#[derive(Debug, thiserror::Error)]
pub enum Stuck {
    #[error("coefficient overflow")]
    CoefficientOverflow,
    #[error("too many ILP solves")]
    TooManySolves,
    #[error("cyclic clusters")]
    CyclicClusters,
    #[error("cluster used twice")]
    ClusterUsedTwice,
    #[error("spatial band without a spatial model")]
    NoSpatialModel,
    #[error("no progress")]
    NoProgress,
    #[error("no row carries the remaining dependences")]
    NothingCarries,
}

/// A construct in isl's AST that the conversion to the plain AST does not express.
#[derive(Debug, thiserror::Error)]
pub enum AstConstruct {
    #[error("loop step {0}")]
    LoopStep(String),
    #[error("loop condition is not a comparison")]
    LoopConditionNotComparison,
    #[error("loop condition of {0} has no upper bound form")]
    NoUpperBound(String),
    #[error("user node is not a call")]
    UserNodeNotCall,
    #[error("call without callee")]
    NoCallee,
    #[error("call of unknown statement {0}")]
    UnknownStatement(String),
    #[error("anonymous identifier")]
    AnonymousIdentifier,
    #[error("division by {0}")]
    DivisionBy(String),
    #[error("non-integer constant")]
    NonIntegerConstant,
    #[error("{operation} with {operands} operands")]
    Operands { operation: String, operands: usize },
    /// An operation with the wrong number of operands: which.
    #[error("{0} arity")]
    Arity(&'static str),
    #[error("operation {0} in an integer expression")]
    IntegerOperation(String),
    #[error("condition is not an operation")]
    ConditionNotOperation,
    #[error("operation {0} in a condition")]
    ConditionOperation(String),
}
