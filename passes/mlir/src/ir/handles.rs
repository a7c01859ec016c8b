//! Handles on operations, values and blocks, and the one way to erase an op.
//!
//! The handles are melior's references (`OperationRef`, `Value`, `BlockRef`) on IR
//! that `mlir-opt` owns, made with their `from_raw` constructors, which melior
//! provides for exactly such host-owned IR. Their lifetimes say `'static`: the IR
//! outlives the pass, and erasure (through [`Owned`] only) unlinks an op at once but
//! frees it when the run ends ([`erasing_at_end`]). See the module note in
//! `ir/mod.rs` for why that holds. melior has no use lists, so [`Val::users`] and
//! [`Val::replace_all_uses_with`] call the C API.

use melior::ir::block::{BlockArgument, BlockLike};
use melior::ir::operation::{OperationLike, OperationMutLike, OperationRefMut, OperationResult};
use melior::ir::{AttributeLike, TypeLike};
use melior::ir::{BlockRef, Operation, OperationRef, RegionLike, Value, ValueLike};
use mlir_sys::*;
use std::cell::RefCell;
use std::mem::ManuallyDrop;

use super::{Attr, Context, Location, Type};

/// An operation in the IR being rewritten (or built). Has no erase: see [`Owned`].
#[derive(Clone, Copy, Debug)]
pub struct Op(OperationRef<'static, 'static>);
/// An SSA value: an op result or a block argument.
#[derive(Clone, Copy, Debug)]
pub struct Val(Value<'static, 'static>);
/// A block.
#[derive(Clone, Copy, Debug)]
pub struct Blk(BlockRef<'static, 'static>);

macro_rules! identity_by_pointer {
    ($t:ty) => {
        impl PartialEq for $t {
            fn eq(&self, o: &Self) -> bool {
                self.0.to_raw().ptr == o.0.to_raw().ptr
            }
        }
        impl Eq for $t {}
        impl std::hash::Hash for $t {
            fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
                (self.0.to_raw().ptr as usize).hash(h)
            }
        }
    };
}
identity_by_pointer!(Op);
identity_by_pointer!(Val);
identity_by_pointer!(Blk);

impl Op {
    /// The op behind a pointer the host handed over.
    ///
    /// # Safety
    /// `raw` must be null or a live operation that stays alive, and is erased by no
    /// one else, while any handle derived from it is used.
    pub unsafe fn from_raw(raw: MlirOperation) -> Option<Op> {
        // SAFETY: the caller's promise.
        unsafe { OperationRef::from_option_raw(raw) }.map(Op)
    }
    /// A module's op, for a module this crate made (`standalone`).
    pub(super) fn from_module(module: &melior::ir::Module<'static>) -> Op {
        // SAFETY: the module's op lives as long as the module, which the caller holds
        // while it uses the handle.
        Op(unsafe { OperationRef::from_raw(module.as_operation().to_raw()) })
    }
    pub(super) fn raw(self) -> MlirOperation {
        self.0.to_raw()
    }
    /// The raw pointer, for a host (the plugin's C ABI hands it back to C++).
    pub fn to_raw(self) -> MlirOperation {
        self.0.to_raw()
    }
    /// A mutable melior view of the op, for the edits below.
    fn edit(self) -> OperationRefMut<'static, 'static> {
        // SAFETY: a live op (module note); the view lives for one call, and melior's
        // edits (attributes, operands) free nothing.
        unsafe { OperationRefMut::from_raw(self.0.to_raw()) }
    }
    pub fn name(self) -> String {
        self.0
            .name()
            .as_string_ref()
            .as_str()
            .unwrap_or_default()
            .to_string()
    }
    pub fn context(self) -> Context {
        // SAFETY: a live op. (melior's `ContextRef` gives no raw handle back.)
        Context(unsafe { mlirOperationGetContext(self.0.to_raw()) })
    }
    pub fn location(self) -> Location {
        Location(self.0.location().to_raw())
    }
    pub fn num_operands(self) -> usize {
        self.0.operand_count()
    }
    /// Operand `i`; None past the end.
    pub fn operand(self, i: usize) -> Option<Val> {
        // Bounds first: melior's out-of-range error prints the op (ADR "melior").
        (i < self.num_operands()).then(|| self.0.operand(i).ok().map(Val))?
    }
    pub fn operands(self) -> Vec<Val> {
        self.0.operands().map(Val).collect()
    }
    pub fn num_results(self) -> usize {
        self.0.result_count()
    }
    /// Result `i`; None past the end.
    pub fn result(self, i: usize) -> Option<Val> {
        // Bounds first, as for `operand`.
        (i < self.num_results()).then(|| self.0.result(i).ok().map(|r| Val(r.into())))?
    }
    pub fn results(self) -> Vec<Val> {
        self.0.results().map(|r| Val(r.into())).collect()
    }
    pub fn num_regions(self) -> usize {
        self.0.region_count()
    }
    /// The blocks of region `i` (none past the last region).
    pub fn region_blocks(self, i: usize) -> Vec<Blk> {
        let mut out = Vec::new();
        // Bounds first, as for `operand`.
        if i >= self.num_regions() {
            return out;
        }
        let Ok(region) = self.0.region(i) else {
            return out;
        };
        let mut b = region.first_block();
        while let Some(block) = b {
            out.push(Blk(block));
            b = block.next_in_region();
        }
        out
    }
    /// The single block of region `i`, if it has exactly one.
    pub fn body(self, i: usize) -> Option<Blk> {
        let blocks = self.region_blocks(i);
        (blocks.len() == 1).then(|| blocks[0])
    }
    pub fn block(self) -> Option<Blk> {
        self.0.block().map(Blk)
    }
    pub fn parent(self) -> Option<Op> {
        self.block().and_then(|b| b.parent_op())
    }
    pub fn next(self) -> Option<Op> {
        self.0.next_in_block().map(Op)
    }
    pub fn attr(self, name: &str) -> Option<Attr> {
        self.0.attribute(name).ok().map(|a| Attr(a.to_raw()))
    }
    /// Sets (or replaces) the discardable attribute `name`.
    pub fn set_attr(self, name: &str, value: Attr) {
        self.edit().set_discardable_attribute(name, value.melior());
    }
    /// Sets the inherent attribute (property) `name`, as the op defines it.
    pub fn set_inherent_attr(self, name: &str, value: Attr) {
        // SAFETY: a live op and attribute; MLIR copies the name.
        unsafe {
            mlirOperationSetInherentAttributeByName(self.raw(), super::string_ref(name), value.0)
        }
    }
    /// Removes the discardable attribute `name`, if there.
    pub fn remove_attr(self, name: &str) {
        // Absent is fine: the attribute is gone either way.
        let _ = self.edit().remove_discardable_attribute(name);
    }
    /// The ops `self` is nested in, innermost first.
    pub fn ancestors(self) -> impl Iterator<Item = Op> {
        std::iter::successors(self.parent(), |op| op.parent())
    }
    /// True if `self` is `other` or nested inside it.
    pub fn is_within(self, other: Op) -> bool {
        self == other || self.ancestors().any(|op| op == other)
    }
    /// A detached deep copy, owned by the caller until inserted.
    pub fn clone_detached(self) -> Detached {
        // SAFETY: a live op; the clone is a new op that nothing else refers to, and
        // the `Operation` it becomes is its only owner.
        Detached(ManuallyDrop::new(unsafe {
            Operation::from_raw(mlirOperationClone(self.0.to_raw()))
        }))
    }
    pub fn print(self) -> String {
        self.0.to_string()
    }
    /// Every op nested in `self` (not `self`), pre-order.
    pub fn nested_ops(self) -> Vec<Op> {
        let mut out = Vec::new();
        for r in 0..self.num_regions() {
            for b in self.region_blocks(r) {
                for op in b.ops() {
                    out.push(op);
                    out.extend(op.nested_ops());
                }
            }
        }
        out
    }
    /// Moves `self` (with its regions) right before `reference`, from wherever it is.
    pub fn move_before(self, reference: Op) {
        // SAFETY: two live ops; MLIR unlinks `self` and links it before `reference`.
        unsafe { mlirOperationMoveBefore(self.raw(), reference.raw()) }
    }
    /// Sets operand `i` (ignored past the end).
    pub fn set_operand(self, i: usize, v: Val) {
        if i < self.num_operands() {
            self.edit().set_operand(i, v.0);
        }
    }
}

/// A new op not yet in a block (built or cloned). Inserting it consumes it; dropped
/// without being inserted, it is leaked, not destroyed: an `Op` taken from it by
/// [`Detached::op`] may still be around, and must not dangle.
#[derive(Debug)]
pub struct Detached(ManuallyDrop<Operation<'static>>);

impl Detached {
    /// A handle for reading the op and editing its operands before insertion.
    pub fn op(&self) -> Op {
        // SAFETY: the op lives as long as `self`, and is inserted (and so kept alive
        // by its block) before `self` goes; handles taken here are used while it is.
        Op(unsafe { OperationRef::from_raw(self.0.to_raw()) })
    }
    /// A new op (for `OpBuilder`).
    pub(super) fn created(op: Operation<'static>) -> Detached {
        Detached(ManuallyDrop::new(op))
    }
}

/// The right to erase one op: what inserting a [`Detached`] op gives back, consumed by
/// [`Owned::erase`]. Not `Copy`, so an op is erased at most once through it. Dropping
/// it leaves the op in place.
#[derive(Debug)]
pub struct Owned(Op);

impl Owned {
    /// A handle for reading the op and its results.
    pub fn op(&self) -> Op {
        self.0
    }
    /// Unlinks the op from its block and drops its operands' uses (and those of
    /// the ops nested in it); the memory is freed when the run ends (see
    /// [`erasing_at_end`]), so an `Op` copied out before stays a handle on a
    /// detached op, never on freed memory. Callers drop uses of its results first.
    pub fn erase(self) {
        let raw = self.0.raw();
        super::shim::unlink(self.0);
        GRAVEYARDS.with(|g| {
            // Outside a run (a unit test) the op is leaked: still never freed under
            // a handle.
            if let Some(ops) = g.borrow_mut().last_mut() {
                ops.push(raw);
            }
        });
    }
}

thread_local! {
    /// The ops erased by each run in progress on this thread, innermost run last
    /// (a thread-pool wait may run another function's pass inside this one).
    static GRAVEYARDS: RefCell<Vec<Vec<MlirOperation>>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f`, one run of a pass or of a Transform op, so that the ops it erases are
/// freed when it returns (or unwinds): by then no handle of the run is left, and
/// before then an erased op is only unlinked. This is what makes [`Owned::erase`]
/// safe with `Copy` handles around.
pub fn erasing_at_end<R>(f: impl FnOnce() -> R) -> R {
    struct Run;
    impl Drop for Run {
        fn drop(&mut self) {
            let ops = GRAVEYARDS
                .with(|g| g.borrow_mut().pop())
                .unwrap_or_default();
            super::shim::destroy_unlinked(&ops);
        }
    }
    GRAVEYARDS.with(|g| g.borrow_mut().push(Vec::new()));
    let _run = Run;
    f()
}

/// Erases the ops of a replaced run, last first: `ops` are taken by value, and the
/// pass calls this last, once nothing refers to them (extraction's results consumed).
/// An op for which `keep` is true stays.
pub fn erase_all(ops: Vec<Op>, keep: impl Fn(Op) -> bool) {
    for op in ops.into_iter().rev() {
        if !keep(op) {
            Owned(op).erase();
        }
    }
}

impl Val {
    pub(super) fn melior(self) -> Value<'static, 'static> {
        self.0
    }
    /// Where the value lives: an identity (and an order) for the analyses, never
    /// dereferenced.
    pub fn address(self) -> usize {
        self.0.to_raw().ptr as usize
    }
    pub fn ty(self) -> Type {
        Type(self.0.r#type().to_raw())
    }
    pub fn type_string(self) -> String {
        self.ty().to_string()
    }
    pub fn is_index(self) -> bool {
        self.ty().is_index()
    }
    /// `index` or an integer type.
    pub fn is_integer(self) -> bool {
        self.ty().is_integer()
    }
    /// The op that defines this value, or None for a block argument.
    pub fn defining_op(self) -> Option<Op> {
        // Asked first: melior's failed conversion prints the value into its error,
        // and MLIR prints (and verifies) the whole module for that, racing with the
        // other threads' passes (ADR "melior").
        if !self.0.is_operation_result() {
            return None;
        }
        OperationResult::try_from(self.0)
            .ok()
            .map(|r| Op(r.owner()))
    }
    /// For a block argument: its block and position.
    pub fn block_argument(self) -> Option<(Blk, usize)> {
        // Asked first, as in `defining_op`.
        if !self.0.is_block_argument() {
            return None;
        }
        let arg = BlockArgument::try_from(self.0).ok()?;
        // SAFETY: the argument's block is live IR (module note); melior ties its
        // reference to the argument's, which is only a view of it.
        let block = unsafe { BlockRef::from_raw(arg.owner().to_raw()) };
        Some((Blk(block), arg.argument_number()))
    }
    /// The op that owns the definition: defining op, or the op whose region holds
    /// the block of a block argument.
    pub fn owner_op(self) -> Option<Op> {
        match self.block_argument() {
            Some((b, _)) => b.parent_op(),
            None => self.defining_op(),
        }
    }
    /// The ops that use this value (one entry per use). melior has no use lists.
    pub fn users(self) -> Vec<Op> {
        let mut out = Vec::new();
        // SAFETY: live value; the walk follows its use list until MLIR returns null,
        // and every use's owner is a live op.
        unsafe {
            let mut u = mlirValueGetFirstUse(self.0.to_raw());
            while !u.ptr.is_null() {
                out.push(Op(OperationRef::from_raw(mlirOpOperandGetOwner(u))));
                u = mlirOpOperandGetNextUse(u);
            }
        }
        out
    }
    pub fn replace_all_uses_with(self, new: Val) {
        // SAFETY: live values (melior has no replace-all-uses on values).
        unsafe { mlirValueReplaceAllUsesOfWith(self.0.to_raw(), new.0.to_raw()) }
    }
}

impl Blk {
    pub(super) fn wrap(block: BlockRef<'static, 'static>) -> Blk {
        Blk(block)
    }
    pub fn ops(self) -> Vec<Op> {
        let mut out = Vec::new();
        let mut cur = self.0.first_operation().map(Op);
        while let Some(op) = cur {
            out.push(op);
            cur = op.next();
        }
        out
    }
    pub fn parent_op(self) -> Option<Op> {
        self.0.parent_operation().map(Op)
    }
    pub fn num_args(self) -> usize {
        self.0.argument_count()
    }
    /// Argument `i`; None past the end.
    pub fn arg(self, i: usize) -> Option<Val> {
        // Bounds first, as for `Op::operand`.
        (i < self.num_args()).then(|| self.0.argument(i).ok().map(|a| Val(a.into())))?
    }
    pub fn terminator(self) -> Option<Op> {
        self.0.terminator().map(Op)
    }
    /// A new argument of type `ty` at position `pos` (at most the count); the
    /// arguments after it move one up.
    pub fn insert_argument(self, pos: usize, ty: Type, loc: Location) -> Option<Val> {
        if pos > self.num_args() {
            return None;
        }
        // SAFETY: a live block of a live context; `pos` is at most its argument count.
        let raw = unsafe { mlirBlockInsertArgument(self.0.to_raw(), pos as isize, ty.0, loc.0) };
        // SAFETY: the new argument, owned by the block.
        Some(Val(unsafe { Value::from_raw(raw) }))
    }
    /// Inserts a detached op before `reference` (an op of this block).
    pub fn insert_before(self, reference: Op, op: Detached) -> Owned {
        Owned(Op(self.0.insert_operation_before(
            reference.0,
            ManuallyDrop::into_inner(op.0),
        )))
    }
    /// Appends a detached op.
    pub fn append(self, op: Detached) -> Owned {
        Owned(Op(self.0.append_operation(ManuallyDrop::into_inner(op.0))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::ir::Module;

    #[test]
    fn an_erased_op_is_unlinked_at_once_and_freed_when_the_run_ends() {
        let context = melior::Context::new();
        context.set_allow_unregistered_dialects(true);
        let module = Module::parse(&context, "\"t.a\"() : () -> ()\n\"t.b\"() : () -> ()")
            .expect("two unregistered ops parse");
        // SAFETY: the module's body, which outlives every handle below.
        let block = Blk(unsafe { BlockRef::from_raw(module.body().to_raw()) });
        let first = erasing_at_end(|| {
            let ops = block.ops();
            assert_eq!(ops.len(), 2);
            let first = ops[0];
            Owned(first).erase();
            // Gone from the block at once; a handle copied out before still reads
            // the (detached, live) op until the run ends.
            assert_eq!(block.ops(), vec![ops[1]]);
            assert_eq!(first.name(), "t.a");
            assert!(first.block().is_none());
            first.raw()
        });
        // The run is over and the op freed; only its old address is left here.
        let _ = first;
        assert_eq!(block.ops().len(), 1);
    }
}
