//! Handles on operations, values and blocks, and the one way to erase an op.
//!
//! Every `unsafe` block below calls the C API on a handle made from a non-null
//! pointer MLIR returned, in IR the host keeps alive for the pass, and which nothing
//! has erased: see the module note in `ir/mod.rs` for why that holds.

use super::{print_with, string_ref, to_string, Attr, Context, Location, Type};
use mlir_sys::*;

/// An operation in the IR being rewritten (or built). Has no erase: see [`Owned`].
#[derive(Clone, Copy, Debug)]
pub struct Op(MlirOperation);
/// An SSA value: an op result or a block argument.
#[derive(Clone, Copy, Debug)]
pub struct Val(MlirValue);
/// A block.
#[derive(Clone, Copy, Debug)]
pub struct Blk(MlirBlock);

macro_rules! identity_by_pointer {
    ($t:ty) => {
        impl PartialEq for $t {
            fn eq(&self, o: &Self) -> bool {
                self.0.ptr == o.0.ptr
            }
        }
        impl Eq for $t {}
        impl std::hash::Hash for $t {
            fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
                (self.0.ptr as usize).hash(h)
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
        (!raw.ptr.is_null()).then_some(Op(raw))
    }
    fn wrap(raw: MlirOperation) -> Option<Op> {
        (!raw.ptr.is_null()).then_some(Op(raw))
    }
    pub(super) fn raw(self) -> MlirOperation {
        self.0
    }
    pub fn name(self) -> String {
        // SAFETY: live op (module note); the identifier's string is owned by the context.
        to_string(unsafe { mlirIdentifierStr(mlirOperationGetName(self.0)) })
    }
    pub fn context(self) -> Context {
        // SAFETY: live op.
        Context(unsafe { mlirOperationGetContext(self.0) })
    }
    pub fn location(self) -> Location {
        // SAFETY: live op.
        Location(unsafe { mlirOperationGetLocation(self.0) })
    }
    pub fn num_operands(self) -> usize {
        // SAFETY: live op.
        unsafe { mlirOperationGetNumOperands(self.0) as usize }
    }
    /// Operand `i`; None past the end.
    pub fn operand(self, i: usize) -> Option<Val> {
        // SAFETY: live op, and `i` is checked against its operand count.
        (i < self.num_operands())
            .then(|| Val(unsafe { mlirOperationGetOperand(self.0, i as isize) }))
    }
    pub fn operands(self) -> Vec<Val> {
        // SAFETY: live op, `i` below its operand count.
        (0..self.num_operands())
            .map(|i| Val(unsafe { mlirOperationGetOperand(self.0, i as isize) }))
            .collect()
    }
    pub fn num_results(self) -> usize {
        // SAFETY: live op.
        unsafe { mlirOperationGetNumResults(self.0) as usize }
    }
    /// Result `i`; None past the end.
    pub fn result(self, i: usize) -> Option<Val> {
        // SAFETY: live op, and `i` is checked against its result count.
        (i < self.num_results()).then(|| Val(unsafe { mlirOperationGetResult(self.0, i as isize) }))
    }
    pub fn results(self) -> Vec<Val> {
        // SAFETY: live op, `i` below its result count.
        (0..self.num_results())
            .map(|i| Val(unsafe { mlirOperationGetResult(self.0, i as isize) }))
            .collect()
    }
    pub fn num_regions(self) -> usize {
        // SAFETY: live op.
        unsafe { mlirOperationGetNumRegions(self.0) as usize }
    }
    /// The blocks of region `i` (none past the last region).
    pub fn region_blocks(self, i: usize) -> Vec<Blk> {
        let mut out = Vec::new();
        if i >= self.num_regions() {
            return out;
        }
        // SAFETY: live op, `i` below its region count; the walk follows the region's
        // own block list until MLIR returns null.
        unsafe {
            let region = mlirOperationGetRegion(self.0, i as isize);
            let mut b = mlirRegionGetFirstBlock(region);
            while !b.ptr.is_null() {
                out.push(Blk(b));
                b = mlirBlockGetNextInRegion(b);
            }
        }
        out
    }
    /// The single block of region `i`, if it has exactly one.
    pub fn body(self, i: usize) -> Option<Blk> {
        let blocks = self.region_blocks(i);
        (blocks.len() == 1).then(|| blocks[0])
    }
    pub fn block(self) -> Option<Blk> {
        // SAFETY: live op.
        let b = unsafe { mlirOperationGetBlock(self.0) };
        (!b.ptr.is_null()).then_some(Blk(b))
    }
    pub fn parent(self) -> Option<Op> {
        self.block().and_then(|b| b.parent_op())
    }
    pub fn next(self) -> Option<Op> {
        // SAFETY: live op.
        Op::wrap(unsafe { mlirOperationGetNextInBlock(self.0) })
    }
    pub fn attr(self, name: &str) -> Option<Attr> {
        // SAFETY: live op; `name` outlives the call.
        Attr::wrap(unsafe { mlirOperationGetAttributeByName(self.0, string_ref(name)) })
    }
    /// Sets (or replaces) the discardable attribute `name`.
    pub fn set_attr(self, name: &str, value: Attr) {
        // SAFETY: live op and attribute; `name` outlives the call (MLIR interns it).
        unsafe { mlirOperationSetDiscardableAttributeByName(self.0, string_ref(name), value.0) }
    }
    /// Removes the discardable attribute `name`, if there.
    pub fn remove_attr(self, name: &str) {
        // SAFETY: live op; `name` outlives the call.
        unsafe {
            mlirOperationRemoveDiscardableAttributeByName(self.0, string_ref(name));
        }
    }
    /// True if `self` is `other` or nested inside it.
    pub fn is_within(self, other: Op) -> bool {
        let mut cur = Some(self);
        while let Some(op) = cur {
            if op == other {
                return true;
            }
            cur = op.parent();
        }
        false
    }
    /// A detached deep copy, owned by the caller until inserted.
    pub fn clone_detached(self) -> Detached {
        // SAFETY: live op; the clone is a new op that nothing else refers to.
        Detached(Op(unsafe { mlirOperationClone(self.0) }))
    }
    pub fn print(self) -> String {
        // SAFETY: live op; `print_with` passes a callback and its matching user data.
        print_with(|cb, user| unsafe { mlirOperationPrint(self.0, cb, user) })
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
    /// Sets operand `i` (ignored past the end).
    pub fn set_operand(self, i: usize, v: Val) {
        if i < self.num_operands() {
            // SAFETY: live op and value, `i` below the operand count.
            unsafe { mlirOperationSetOperand(self.0, i as isize, v.0) }
        }
    }
}

/// A new op not yet in a block (built or cloned). Inserting it consumes it.
#[derive(Debug)]
pub struct Detached(Op);

impl Detached {
    /// A handle for reading the op and editing its operands before insertion.
    pub fn op(&self) -> Op {
        self.0
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
    /// Unlinks (if linked) and destroys the op and everything nested in it.
    pub fn erase(self) {
        // SAFETY: the op is live and `self` was its only erase right; the op is
        // unlinked before it is destroyed. Callers drop uses of its results first.
        unsafe {
            mlirOperationRemoveFromParent(self.0 .0);
            mlirOperationDestroy(self.0 .0);
        }
    }
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
    pub(super) fn raw(self) -> MlirValue {
        self.0
    }
    /// Where the value lives: an identity (and an order) for the analyses, never
    /// dereferenced.
    pub fn address(self) -> usize {
        self.0.ptr as usize
    }
    pub fn ty(self) -> Type {
        // SAFETY: live value.
        Type(unsafe { mlirValueGetType(self.0) })
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
        // SAFETY: live value; the owner is only asked of an op result.
        unsafe {
            mlirValueIsAOpResult(self.0)
                .then(|| Op::wrap(mlirOpResultGetOwner(self.0)))
                .flatten()
        }
    }
    /// For a block argument: its block and position.
    pub fn block_argument(self) -> Option<(Blk, usize)> {
        // SAFETY: live value; owner and number are only asked of a block argument.
        unsafe {
            mlirValueIsABlockArgument(self.0).then(|| {
                (
                    Blk(mlirBlockArgumentGetOwner(self.0)),
                    mlirBlockArgumentGetArgNumber(self.0) as usize,
                )
            })
        }
    }
    /// The op that owns the definition: defining op, or the op whose region holds
    /// the block of a block argument.
    pub fn owner_op(self) -> Option<Op> {
        match self.block_argument() {
            Some((b, _)) => b.parent_op(),
            None => self.defining_op(),
        }
    }
    /// The ops that use this value (one entry per use).
    pub fn users(self) -> Vec<Op> {
        let mut out = Vec::new();
        // SAFETY: live value; the walk follows its use list until MLIR returns null.
        unsafe {
            let mut u = mlirValueGetFirstUse(self.0);
            while !u.ptr.is_null() {
                out.push(Op(mlirOpOperandGetOwner(u)));
                u = mlirOpOperandGetNextUse(u);
            }
        }
        out
    }
    pub fn replace_all_uses_with(self, new: Val) {
        // SAFETY: live values.
        unsafe { mlirValueReplaceAllUsesOfWith(self.0, new.0) }
    }
}

impl Blk {
    pub(super) fn wrap(raw: MlirBlock) -> Blk {
        Blk(raw)
    }
    pub fn ops(self) -> Vec<Op> {
        let mut out = Vec::new();
        // SAFETY: live block.
        let mut cur = Op::wrap(unsafe { mlirBlockGetFirstOperation(self.0) });
        while let Some(op) = cur {
            out.push(op);
            cur = op.next();
        }
        out
    }
    pub fn parent_op(self) -> Option<Op> {
        // SAFETY: live block.
        Op::wrap(unsafe { mlirBlockGetParentOperation(self.0) })
    }
    pub fn num_args(self) -> usize {
        // SAFETY: live block.
        unsafe { mlirBlockGetNumArguments(self.0) as usize }
    }
    /// Argument `i`; None past the end.
    pub fn arg(self, i: usize) -> Option<Val> {
        // SAFETY: live block, `i` checked against its argument count.
        (i < self.num_args()).then(|| Val(unsafe { mlirBlockGetArgument(self.0, i as isize) }))
    }
    pub fn terminator(self) -> Option<Op> {
        // SAFETY: live block.
        Op::wrap(unsafe { mlirBlockGetTerminator(self.0) })
    }
    /// Inserts a detached op before `reference` (an op of this block).
    pub fn insert_before(self, reference: Op, op: Detached) -> Owned {
        // SAFETY: live block and ops; `op` is detached (a `Detached` is only made for a
        // new or cloned op, and inserting consumes it), so the block takes it over.
        unsafe { mlirBlockInsertOwnedOperationBefore(self.0, reference.0, op.0 .0) }
        Owned(op.0)
    }
    /// Appends a detached op.
    pub fn append(self, op: Detached) -> Owned {
        // SAFETY: as for `insert_before`.
        unsafe { mlirBlockAppendOwnedOperation(self.0, op.0 .0) }
        Owned(op.0)
    }
}

impl Detached {
    /// A new op from its generic form (for `OpBuilder`).
    pub(super) fn created(raw: MlirOperation) -> Detached {
        Detached(Op(raw))
    }
}
