//! What MLIR's C API lacks, from the C++ shim (`passes/mlir/shim/ir_helpers.cpp`).

use super::{Location, Op, Type};
use mlir_sys::{MlirAttribute, MlirContext, MlirLocation, MlirOperation, MlirType};

extern "C" {
    fn tessel_emit_remark(loc: MlirLocation, msg: *const u8, len: usize);
    fn tessel_emit_error(loc: MlirLocation, msg: *const u8, len: usize);
    fn tessel_is_memory_effect_free(op: MlirOperation) -> bool;
    fn tessel_verify_quietly(op: MlirOperation) -> bool;
    fn tessel_unlink(op: MlirOperation);
    fn tessel_destroy_unlinked(ops: *const MlirOperation, n: usize);
    fn tessel_workgroup_memref(element: MlirType, rank: isize, shape: *const i64) -> MlirType;
    fn tessel_float_attr_from_bits(ty: MlirType, bits: u64) -> MlirAttribute;
    fn tessel_arith_fastmath_attr(ctx: MlirContext, llvm_flags: u32) -> MlirAttribute;
    fn tessel_llvm_memory_none(ctx: MlirContext) -> MlirAttribute;
    fn tessel_is_memory_free_call(op: MlirOperation) -> bool;
}

/// The f32 or f64 constant of `ty` with exactly these bits.
pub(super) fn float_attr_from_bits(ty: MlirType, bits: u64) -> MlirAttribute {
    // SAFETY: a live float type (callers pass f32 or f64); the shim only builds.
    unsafe { tessel_float_attr_from_bits(ty, bits) }
}

/// `#arith.fastmath<...>` of LLVM's fast-math flag bits.
pub(super) fn arith_fastmath_attr(ctx: MlirContext, llvm_flags: u32) -> MlirAttribute {
    // SAFETY: a live context; the shim only builds.
    unsafe { tessel_arith_fastmath_attr(ctx, llvm_flags) }
}

/// `#llvm.memory_effects<...>` with every kind of access `none`.
pub(super) fn llvm_memory_none(ctx: MlirContext) -> MlirAttribute {
    // SAFETY: a live context; the shim only builds.
    unsafe { tessel_llvm_memory_none(ctx) }
}

/// A direct `llvm.call` to a function that touches no memory (its `memory_effects`
/// are all `none`): a value computed from its operands, which [`is_pure`] does not
/// see (MLIR's effect query ignores the attribute).
pub fn is_memory_free_call(op: Op) -> bool {
    // SAFETY: a live op; the shim only queries it.
    unsafe { tessel_is_memory_free_call(op.raw()) }
}

/// A remark at `loc` (the C API emits errors only).
pub fn emit_remark(loc: Location, msg: &str) {
    // SAFETY: a live location; the shim copies `len` bytes of `msg` before returning.
    unsafe { tessel_emit_remark(loc.0, msg.as_ptr(), msg.len()) }
}

/// An error at `loc`.
pub fn emit_error(loc: Location, msg: &str) {
    // SAFETY: as for `emit_remark`.
    unsafe { tessel_emit_error(loc.0, msg.as_ptr(), msg.len()) }
}

/// No memory effects and no regions: safe to recompute anywhere its operands exist.
pub fn is_pure(op: Op) -> bool {
    // SAFETY: a live op; the shim only queries its interfaces.
    op.num_regions() == 0 && unsafe { tessel_is_memory_effect_free(op.raw()) }
}

/// Removes `op` from its block and drops the uses its operands (and those of the
/// ops nested in it) hold, leaving it alive, for [`destroy_unlinked`] later.
pub(super) fn unlink(op: Op) {
    // SAFETY: a live op, erased through its one `Owned` token (handles.rs).
    unsafe { tessel_unlink(op.raw()) }
}

/// Frees ops that [`unlink`] detached, at the end of the run that erased them. One
/// whose results are still used (a caller's mistake) is leaked rather than freed
/// under its users.
pub(super) fn destroy_unlinked(ops: &[MlirOperation]) {
    if ops.is_empty() {
        return;
    }
    // SAFETY: each op was unlinked once by `unlink` during the run now ending, and
    // no handle of that run is used after this (`erasing_at_end`).
    unsafe { tessel_destroy_unlinked(ops.as_ptr(), ops.len()) }
}

/// Runs the MLIR verifier on `op` without reporting diagnostics to the user.
pub fn verifies(op: Op) -> bool {
    // SAFETY: a live op; verification reads it only.
    unsafe { tessel_verify_quietly(op.raw()) }
}

/// `memref<shape x element, #gpu.address_space<workgroup>>` (shared memory); `None`
/// for an element type a memref cannot hold.
pub fn workgroup_memref(element: Type, shape: &[i64]) -> Option<Type> {
    let rank = isize::try_from(shape.len()).ok()?;
    // SAFETY: a live element type; `shape` holds `rank` extents, which the shim copies
    // before returning.
    let t = unsafe { tessel_workgroup_memref(element.0, rank, shape.as_ptr()) };
    (!t.ptr.is_null()).then_some(Type(t))
}
