//! The one door to MLIR: every `unsafe` of this crate is in this module.
//!
//! A pass receives one `func.func` that `mlir-opt` owns and edits it in place. The
//! rest of the crate sees MLIR through the small `Copy` handles here ([`Op`], [`Val`],
//! [`Blk`], [`Type`], [`Attr`], [`AffineMap`], ...), which it keeps in maps and sets
//! while it walks and rebuilds the IR. What each `unsafe` block relies on:
//!
//! - **Liveness.** A handle points into IR that the host keeps alive for the whole
//!   pass. Handles are only made from non-null pointers that MLIR itself returned.
//! - **Erasure.** The only thing that frees IR is erasure, and no handle type offers
//!   it: ops are erased through [`Owned`] (a non-`Copy` token that erasing consumes),
//!   which only code that built the op ([`OpBuilder`], [`Op::clone_detached`]) or the
//!   pass's final commit ([`erase_all`], taking the run by value) holds. Erasing only
//!   unlinks the op (and drops its operands' uses); it is freed when the run ends
//!   ([`erasing_at_end`], around every pass run and Transform op), so a `Copy` handle
//!   kept past the erasure reads a detached op, never freed memory.
//! - **Threads.** Under multi-threaded `mlir-opt` each pass instance runs on its own
//!   function; handles never leave the thread that received them (they are not
//!   `Send`, as raw pointers).
//!
//! Underneath, the handles are melior's (`OperationRef`, `Value`, `BlockRef`,
//! `OperationBuilder`, its types and attributes), with the C API where melior has
//! no call (use lists, integer sets, affine expressions' kinds, ...). One rule for
//! every melior call: it must not fail. melior builds its errors by printing the op,
//! and MLIR prints an op by numbering (and verifying) the whole module, which races
//! with the passes other threads run on it (ADR "melior"). So indices are checked
//! against their counts and kinds are asked before conversions.
//!
//! The calls MLIR's C API lacks too (remarks, side-effect queries, quiet
//! verification) come from the C++ shim `passes/mlir/shim/ir_helpers.cpp`, see
//! [`shim`].

mod attrs;
mod build;
mod handles;
mod shim;
pub mod standalone;

pub use attrs::{AffineExpr, AffineExprKind, AffineMap, Attr, Context, IntegerSet, Location, Type};
pub use build::OpBuilder;
pub use handles::{erase_all, erasing_at_end, Blk, Detached, Op, Owned, Val};
pub use shim::{emit_error, emit_remark, is_memory_free_call, is_pure, verifies, workgroup_memref};

use mlir_sys::MlirStringRef;

/// Borrowed MLIR string view of a Rust string (valid while `s` is).
fn string_ref(s: &str) -> MlirStringRef {
    MlirStringRef {
        data: s.as_ptr() as *const _,
        length: s.len(),
    }
}
