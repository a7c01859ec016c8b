//! What MLIR's C API lacks, from the C++ shim (`passes/mlir/shim/ir_helpers.cpp`).

use super::{Location, Op, Type};
use mlir_sys::{MlirLocation, MlirOperation, MlirType};

extern "C" {
    fn tessel_emit_remark(loc: MlirLocation, msg: *const u8, len: usize);
    fn tessel_emit_error(loc: MlirLocation, msg: *const u8, len: usize);
    fn tessel_is_memory_effect_free(op: MlirOperation) -> bool;
    fn tessel_verify_quietly(op: MlirOperation) -> bool;
    fn tessel_workgroup_memref(element: MlirType, rank: isize, shape: *const i64) -> MlirType;
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
