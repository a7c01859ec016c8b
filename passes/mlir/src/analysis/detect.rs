//! Detection: which ops a SCoP may hold, and why a nest can't be modelled.
//!
//! [`Reject`] lists every reason extraction gives up on a loop nest (as Polly's
//! `RejectReasonKind`); the remark's text is its `Display`. The run-finding loop that
//! uses these predicates is the pass driver's (`crate::pass`).

use crate::ir::Op;

/// The unit attribute Tessel puts on each op of its own output that holds loops
/// (the nests, the parallel and alias guards, the GPU launches). A later run leaves
/// such an op and everything in it as it is: its schedule was already chosen, and
/// optimizing the nests in both arms of a guard again only grows the code.
pub const GENERATED_ATTR: &str = "tessel.generated";

/// Is `op` Tessel's own output ([`GENERATED_ATTR`])?
pub fn is_generated(op: Op) -> bool {
    op.num_regions() > 0 && op.attr(GENERATED_ATTR).is_some()
}

/// Why a loop nest is skipped. Each text follows the culprit op's name in the remark
/// `tessel: skipped this loop nest: '<op>': <reason>`, so it reads as a predicate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Reject {
    // ---- ops the model has no form for ----
    #[error("a conditional the model can't represent: its branches contain '{op}', {inner}")]
    ConditionalHolds { op: String, inner: Box<Reject> },
    #[error("a conditional that both stores and yields values is not supported")]
    ConditionalStoresAndYields,
    #[error("is Tessel's own output ({GENERATED_ATTR}): a second run keeps it as it is")]
    Generated,
    #[error("is an scf.for: raise it to affine.for with tessel-raise-scf first (its bounds must be affine)")]
    ScfFor,
    #[error("parallel loops in the input are not modelled (only affine.for)")]
    ParallelLoop,
    #[error("allocates or frees memory inside the loop nest")]
    Allocation,
    #[error("calls a function whose effects are unknown")]
    Call,
    #[error(
        "is control flow the polyhedral model can't represent (only affine.for and affine.if)"
    )]
    ControlFlow,
    #[error("has memory effects the polyhedral model can't represent")]
    MemoryEffects,
    #[error("yielding values from here is not supported")]
    YieldHere,
    #[error("a conditional whose branches use values of the loop nest is not supported yet (codegen can't clone it)")]
    ConditionalUsesNest,
    #[error("uses a block argument of '{owner}'")]
    UsesBlockArgument { owner: String },
    #[error("uses the result of '{op}'")]
    UsesResult { op: String },

    // ---- values that are not affine ----
    #[error("an operand is a block argument of '{owner}' that is not an enclosing loop IV")]
    NotAnIv { owner: String },
    #[error(
        "an operand defined by '{op}' depends on a value read from memory inside the loop nest"
    )]
    DependsOnMemory { op: String },
    #[error("an operand defined by '{op}' is not an affine function of loop IVs and parameters")]
    NotAffine { op: String },
    #[error("an index expression overflows 64-bit integers or is too large")]
    Overflow,
    #[error("a symbol of type {ty} is not an integer")]
    SymbolNotInteger { ty: String },
    #[error(
        "symbol of type {ty} has no index-typed value (arith.index_cast) before the loop nest"
    )]
    SymbolWithoutIndex { ty: String },

    // ---- affine maps and sets ----
    #[error("affine.apply without a map")]
    ApplyWithoutMap,
    #[error("missing affine map '{0}'")]
    MissingMap(&'static str),
    #[error("missing {0}")]
    MissingBoundMap(&'static str),
    #[error("affine map operand count mismatch")]
    MapOperandCount,
    #[error("affine map dim out of range")]
    MapDimOutOfRange,
    #[error("affine map symbol out of range")]
    MapSymbolOutOfRange,
    #[error("non-affine product in an affine map")]
    NonAffineProduct,
    #[error("division by a non-constant in an affine map")]
    NonConstantDivision,
    #[error("unknown affine expression")]
    UnknownAffineExpr,
    #[error("affine.if without an integer set")]
    IfWithoutSet,
    #[error("affine.if branch with several blocks")]
    IfBranchBlocks,
    #[error("affine.if operand count does not match its set")]
    IfOperandCount,

    // ---- loops ----
    #[error("malformed affine.for")]
    MalformedFor,
    #[error("a loop bound map without results")]
    EmptyBoundMap,
    #[error("loop step {0}")]
    LoopStep(i64),
    #[error("loop body is not a single block")]
    LoopBodyBlocks,

    // ---- memory ----
    #[error("malformed access")]
    MalformedAccess,
    #[error("the memref is a block argument of '{owner}' (e.g. a pointer swapped between iterations): it may alias another array")]
    LoopCarriedMemref { owner: String },
    #[error("memref of unknown origin")]
    UnknownMemref,
    #[error("the memref is a view ('{op}') computed inside the loop nest")]
    ViewInsideNest { op: String },
    #[error("the memref comes from '{op}': it may alias another array")]
    MemrefMayAlias { op: String },
    #[error("the memref is defined by '{op}' inside the loop nest")]
    MemrefInsideNest { op: String },
    #[error("the same buffer is accessed through two different views: they may overlap")]
    TwoViews,

    // ---- bugs: an invariant of extraction does not hold ----
    #[error("internal: {0}")]
    Internal(&'static str),
}

/// Op kinds as extraction sees them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    For,
    /// `affine.if` without results: modelled exactly, as domain constraints.
    If,
    Store,
    /// A load, or an `scf.if`/`affine.if` with results whose branches only load and
    /// compute (e.g. `c ? A[i] : B[i]`): a value that depends on memory.
    Load,
    Pure,
    Yield,
    /// An `scf.if`/`affine.if` without results whose branches store: one statement
    /// whose stores are may-writes.
    CondWrite,
    Other,
}

impl Reject {
    /// A value that is no affine function of the IVs and parameters (computed from
    /// data, or by an op the affine forms lack): as a subscript, the access is
    /// over-approximated rather than refused.
    pub(super) fn is_not_affine(&self) -> bool {
        matches!(
            self,
            Reject::NotAffine { .. }
                | Reject::DependsOnMemory { .. }
                | Reject::NonAffineProduct
                | Reject::NonConstantDivision
        )
    }
}

pub(super) fn is_load_op(op: Op) -> bool {
    matches!(op.name().as_str(), "affine.load" | "memref.load")
}

pub(super) fn is_store_op(op: Op) -> bool {
    matches!(op.name().as_str(), "affine.store" | "memref.store")
}

/// What a conditional op (`scf.if`, or `affine.if` with results) holds: Ok(true) if
/// it stores, Ok(false) if it only loads and computes, Err(why) if it holds anything
/// else.
pub(super) fn conditional_contents(op: Op) -> std::result::Result<bool, Reject> {
    let mut writes = false;
    for inner in op.nested_ops() {
        let name = inner.name();
        if is_store_op(inner) {
            writes = true;
        } else if is_load_op(inner)
            || matches!(
                name.as_str(),
                "scf.yield" | "affine.yield" | "scf.if" | "affine.if"
            )
            || computes_only(inner)
        {
        } else {
            return Err(Reject::ConditionalHolds {
                op: name,
                inner: Box::new(other_reason(inner)),
            });
        }
    }
    Ok(writes)
}

/// An op a statement holds as a computation: one free of memory effects, or a call
/// of a function that touches no memory (`memory(none)`: its result depends on its
/// operands alone, as Polly takes `readnone` calls).
pub(super) fn computes_only(op: Op) -> bool {
    crate::ir::is_pure(op) || crate::ir::is_memory_free_call(op)
}

pub(super) fn is_conditional(op: Op) -> bool {
    match op.name().as_str() {
        "scf.if" => true,
        "affine.if" => op.num_results() > 0,
        _ => false,
    }
}

pub(super) fn kind(op: Op) -> Kind {
    if is_generated(op) {
        return Kind::Other;
    }
    match op.name().as_str() {
        "affine.for" => return Kind::For,
        "affine.if" if op.num_results() == 0 => return Kind::If,
        "affine.store" | "memref.store" => return Kind::Store,
        "affine.load" | "memref.load" => return Kind::Load,
        "affine.yield" | "scf.yield" => return Kind::Yield,
        _ => {}
    }
    if computes_only(op) {
        return Kind::Pure;
    }
    if is_conditional(op) {
        return match conditional_contents(op) {
            Ok(true) if op.num_results() == 0 => Kind::CondWrite,
            Ok(false) if op.num_results() > 0 => Kind::Load,
            // No results and no stores: it does nothing a statement could observe.
            Ok(false) => Kind::Pure,
            _ => Kind::Other,
        };
    }
    Kind::Other
}

/// Why an op of kind Other can't be in a SCoP.
pub(super) fn other_reason(op: Op) -> Reject {
    if is_generated(op) {
        return Reject::Generated;
    }
    let name = op.name();
    if is_conditional(op) {
        return match conditional_contents(op) {
            Err(why) => why,
            Ok(_) => Reject::ConditionalStoresAndYields,
        };
    }
    match name.as_str() {
        "affine.parallel" => Reject::ParallelLoop,
        "scf.for" => Reject::ScfFor,
        "memref.alloca" | "memref.alloc" | "memref.dealloc" | "memref.alloca_scope" => {
            Reject::Allocation
        }
        "func.call" | "func.call_indirect" | "llvm.call" => Reject::Call,
        _ if name.starts_with("scf.") || name.starts_with("cf.") || op.num_regions() > 0 => {
            Reject::ControlFlow
        }
        _ => Reject::MemoryEffects,
    }
}

/// Can `op` sit at the top level of a run?
pub fn is_run_member(op: Op) -> bool {
    matches!(
        kind(op),
        Kind::For | Kind::If | Kind::Store | Kind::Load | Kind::Pure | Kind::CondWrite
    )
}

/// Does `op` start a loop nest or statement worth keeping the run for?
pub fn is_run_unit(op: Op) -> bool {
    matches!(
        kind(op),
        Kind::For | Kind::If | Kind::Store | Kind::CondWrite
    )
}
