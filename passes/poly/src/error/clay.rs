//! Why Clay (seed 003) refuses a directive or a schedule, and why Chlore does not
//! recover a script. β-vectors are printed as seed 003 writes them ([`beta_text`]);
//! α and input dimensions count from 1, as in directives.

use super::{beta_text, PolyError};

/// A directive of a script refused: its precondition, or the schedule after it.
#[derive(Debug, thiserror::Error)]
pub enum ClayError {
    /// The precondition of `directive` (as written) fails (seed 003 Fig. 8).
    #[error("{directive}: {why}")]
    Precondition {
        directive: String,
        why: Precondition,
    },
    /// After `directive` the β-vectors no longer form a forest: a primitive's bug.
    #[error("{directive}: internal error, {why}")]
    Internal { directive: String, why: BetaForest },
    /// After `directive` the schedule is not a valid Clay schedule (seed 003 §4.3).
    #[error("{directive}: {why}")]
    Invalid { directive: String, why: Validity },
}

/// A directive's precondition that fails.
#[derive(Debug, thiserror::Error)]
pub enum Precondition {
    #[error("dimensions count from 1")]
    DimensionZero,
    #[error(
        "it moves statements, and any_order({}, ..) marks the children of a β-prefix: put \
         any_order after the directives that move statements",
        beta_text(prefix)
    )]
    MovesAfterAnyOrder { prefix: Vec<i64> },
    #[error("a loop cannot be skewed by itself (use reverse or grain)")]
    SkewBySelf,
    #[error("the skew factor must not be 0")]
    SkewFactorZero,
    #[error("{statement} has only {loops} loops, no α{dim}")]
    NoSuchLoop {
        statement: String,
        loops: usize,
        dim: usize,
    },
    #[error("α{implicit} is implicitly defined and α{dim}'s definition uses it")]
    ImplicitInDefinition { implicit: usize, dim: usize },
    #[error("interchange needs an outer loop: 1 <= {dim} < {depth}")]
    NoOuterLoop { dim: usize, depth: usize },
    #[error("the reshape factor must not be 0")]
    ReshapeFactorZero,
    #[error("{statement} has {inputs} input dimensions, no ı{input}")]
    NoSuchInput {
        statement: String,
        inputs: usize,
        input: usize,
    },
    #[error("the grain must be at least 1, not {0}")]
    GrainBelowOne(i64),
    #[error(
        "α{dim} has no grain to remove (the gcd of its constraints' other coefficients is {gcd})"
    )]
    NoGrain { dim: usize, gcd: i64 },
    /// ANY_ORDER's parts at the root (`at` empty) or at a loop.
    #[error("{}: {why}", place(at))]
    Parts { at: Vec<i64>, why: Parts },
    #[error("no statement has the β-vector {}", beta_text(.0))]
    NoStatementAt(Vec<i64>),
    #[error("{} is a loop, not a statement (give a whole β-vector)", beta_text(.0))]
    LoopNotStatement(Vec<i64>),
    #[error("{0} is in no loop")]
    InNoLoop(String),
    #[error("{statement} is not alone in the loop {} around it", beta_text(around))]
    NotAlone { statement: String, around: Vec<i64> },
    #[error(
        "the loop {} runs more than one iteration of {statement}: α{dim} is not fixed by one \
         equality to a value of the parameters",
        beta_text(around)
    )]
    NotFixed {
        around: Vec<i64>,
        statement: String,
        dim: usize,
    },
    #[error("the root () is not a loop")]
    RootNotLoop,
    #[error("no statement has the β-prefix {}", beta_text(.0))]
    NoPrefix(Vec<i64>),
    #[error("{} is the statement {statement}, not a loop", beta_text(at))]
    StatementNotLoop { at: Vec<i64>, statement: String },
    #[error("the dimension must be ρ's loop or one around it: 1 <= {dim} <= {depth}")]
    NotAnOuterLoop { dim: usize, depth: usize },
    #[error("the amount may use parameters only, and `{0}` is not one")]
    NotAParameter(String),
    #[error("{} has no children to reorder", beta_text(.0))]
    NoChildren(Vec<i64>),
    #[error(
        "the order must be a permutation of 0..{last} ({} has {} children)",
        beta_text(at),
        last + 1
    )]
    NotAPermutation { at: Vec<i64>, last: i64 },
    #[error("{} has no next sibling", beta_text(.0))]
    NoNextSibling(Vec<i64>),
    #[error("the item after {} is a statement, not a loop", beta_text(.0))]
    NextIsStatement(Vec<i64>),
    #[error("{} has one child: nothing to distribute", beta_text(.0))]
    OneChild(Vec<i64>),
    #[error("{} has {} children; n must be in 1..{last}", beta_text(at), last + 1)]
    DistributeCount { at: Vec<i64>, last: i64 },
    #[error(
        "`{name}` is neither a parameter nor a dimension of {statement} (a1..a{loops}, \
         i1..i{inputs})"
    )]
    UnknownName {
        name: String,
        statement: String,
        loops: usize,
        inputs: usize,
    },
    #[error(
        "no two members under {} differ only by complementary constraints",
        beta_text(.0)
    )]
    NoSplitPair(Vec<i64>),
    #[error("the size must be at least 1, not {0}")]
    SizeBelowOne(i64),
    #[error(
        "{} is not a stripmined loop: α{dim} of {statement} is not a chunk of α{} \
         (size·α{dim} <= α{} <= size·α{dim} + size - 1, and nothing else)",
        beta_text(at),
        dim + 1,
        dim + 1
    )]
    NotStripmined {
        at: Vec<i64>,
        dim: usize,
        statement: String,
    },
    #[error("the loop {} has more than one child", beta_text(.0))]
    MoreThanOneChild(Vec<i64>),
    #[error("tile needs at least one size")]
    NoTileSize,
    #[error(
        "the {loops} loops from {} on are not a perfect nest around {statement}",
        beta_text(at)
    )]
    NotAPerfectNestAround {
        loops: usize,
        at: Vec<i64>,
        statement: String,
    },
    #[error("the {loops} loops from {} on are not a perfect nest", beta_text(at))]
    NotAPerfectNest { loops: usize, at: Vec<i64> },
}

fn place(at: &[i64]) -> String {
    if at.is_empty() {
        "the root".to_string()
    } else {
        beta_text(at)
    }
}

/// Why ANY_ORDER's parts are not a partition of a node's children into two or more
/// runs of consecutive children.
#[derive(Debug, thiserror::Error)]
pub enum Parts {
    #[error("{parts} part numbers for {children} children")]
    Count { parts: usize, children: usize },
    #[error(
        "parts {} must start at 0 and grow by 0 or 1 from child to child",
        beta_text(.0)
    )]
    NotRuns(Vec<i64>),
    #[error("one part: nothing to run in any order")]
    OnePart,
}

/// Two members whose β-vectors collide: one is a prefix of the other (seed 003
/// §4.2), with their statements.
#[derive(Debug, thiserror::Error)]
#[error(
    "β-vectors {} ({short_statement}) and {} ({long_statement}) collide: one is a prefix of the \
     other",
    beta_text(short),
    beta_text(long)
)]
pub struct BetaForest {
    pub short: Vec<i64>,
    pub short_statement: String,
    pub long: Vec<i64>,
    pub long_statement: String,
}

/// Why a schedule is not a valid Clay schedule (seed 003 §4.3: global validity).
#[derive(Debug, thiserror::Error)]
pub enum Validity {
    #[error("{0} has no scheduling relation left")]
    NoRelation(String),
    #[error(
        "{0} would get two dates for one instance (overlapping members, or an α dimension not \
         determined by the loops)"
    )]
    TwoDates(String),
    #[error("{0} would leave instances without a date (a fractional or conditional definition)")]
    NoDate(String),
    #[error(
        "{0} would run two instances at the same date (a loop no longer traverses its \
         iterators; mark parallelism with parallelize instead)"
    )]
    SameDate(String),
    /// isl failed while checking.
    #[error("{0}")]
    Isl(Box<PolyError>),
}

/// Why a SCoP's original schedule has no Clay form.
#[derive(Debug, thiserror::Error)]
pub enum NoClayForm {
    #[error("Clay: parameter `{0}` has the name of a dimension (a<k>, i<k>)")]
    ParameterLikeDimension(String),
    #[error("Clay: the schedule of {statement} has {len} dimensions, not 2·{inputs} + 1")]
    Dimensions {
        statement: String,
        len: usize,
        inputs: usize,
    },
    #[error("Clay: the schedule of {statement} is not constant at position {position}")]
    NotConstant { statement: String, position: usize },
    #[error("Clay: the schedule of {statement} is not the identity on its loops: {schedule}")]
    NotIdentity { statement: String, schedule: String },
    #[error("Clay: original schedule: {0}")]
    Forest(Box<BetaForest>),
}

/// Why a schedule (the optimizer's tree) is not read back as a Clay schedule, or
/// Chlore finds no script to it (seed 003 §6).
#[derive(Debug, thiserror::Error)]
pub enum NotRecovered {
    #[error("a statement constant in a loop sorts neither before nor after it")]
    ConstantInLoop,
    #[error(
        "the target has {in_target} union members and the source {in_source}: INDEXSETSPLIT is \
         not recovered yet"
    )]
    MemberCount { in_target: usize, in_source: usize },
    #[error("the union members are not in the same order")]
    MemberOrder,
    #[error(
        "{statement} has {in_target} loops in the target and {in_source} in the source: not \
         recovered yet"
    )]
    LoopCount {
        statement: String,
        in_target: usize,
        in_source: usize,
    },
    #[error("Chlore built an invalid step: {0}")]
    InvalidStep(Box<ClayError>),
    #[error("a statement at {} would have to go to two places", beta_text(.0))]
    TwoPlaces(Vec<i64>),
    #[error("α{dim} of {statement} is implicitly defined: STRIPMINE is not recovered yet")]
    Implicit { dim: usize, statement: String },
    #[error("α{dim} of {statement} is a fraction of its iterators: not recovered yet")]
    Fraction { dim: usize, statement: String },
    #[error("{0}'s loops do not tell its instances apart (rank below its iterators)")]
    SourceRank(String),
    #[error(
        "{0}'s target loops do not tell its instances apart (rank below its iterators): not \
         recovered"
    )]
    TargetRank(String),
    #[error(
        "{0}: the target's loops span a lattice the source's do not reach by GRAIN (not \
         recovered)"
    )]
    Lattice(String),
    #[error("Chlore: {0}'s loops did not reach the target (a bug)")]
    Unreached(String),
    #[error("coefficient overflow")]
    CoefficientOverflow,
    #[error("{0} is not in the tree")]
    NotInTree(String),
    #[error("the `{0}` mark")]
    Mark(String),
    /// A schedule-tree node of a kind Clay has no form of.
    #[error("a {0} node")]
    Node(String),
    #[error("{} share one leaf", .0.join(", "))]
    SharedLeaf(Vec<String>),
    #[error("{0} is not a statement of the SCoP")]
    NotAStatement(String),
    #[error("{0} is split between two leaves")]
    SplitLeaves(String),
    #[error("{0}'s loop is piecewise (a tile loop or a max/min)")]
    Piecewise(String),
    #[error("{0}'s loop has a fractional coefficient")]
    FractionalCoefficient(String),
    #[error("{0}'s loop is quasi-affine (a tile loop: floor or mod)")]
    QuasiAffine(String),
    #[error("parameter {0} is not the SCoP's")]
    ForeignParameter(String),
    #[error("{0} has no value in a band above it")]
    NoValue(String),
    #[error("{0}")]
    Forest(Box<BetaForest>),
}
