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
//!   pass's final commit ([`erase_all`], taking the run by value) holds.
//! - **Threads.** Under multi-threaded `mlir-opt` each pass instance runs on its own
//!   function; handles never leave the thread that received them (they are not
//!   `Send`, as raw pointers).
//!
//! The calls the C API lacks (remarks, side-effect queries, quiet verification) come
//! from the C++ shim `passes/mlir/shim/ir_helpers.cpp`, see [`shim`].

mod attrs;
mod build;
mod handles;
pub mod plugin_abi;
mod shim;

pub use attrs::{AffineExpr, AffineExprKind, AffineMap, Attr, Context, IntegerSet, Location, Type};
pub use build::OpBuilder;
pub use handles::{erase_all, Blk, Detached, Op, Owned, Val};
pub use shim::{emit_error, emit_remark, is_pure, verifies, workgroup_memref};

use mlir_sys::{MlirStringCallback, MlirStringRef};
use std::ffi::c_void;

/// Borrowed MLIR string view of a Rust string (valid while `s` is).
fn string_ref(s: &str) -> MlirStringRef {
    MlirStringRef {
        data: s.as_ptr() as *const _,
        length: s.len(),
    }
}

/// Appends one piece of an `mlir*Print` output to the `String` behind `user`.
unsafe extern "C" fn append_to_string(piece: MlirStringRef, user: *mut c_void) {
    // SAFETY: `user` is the `&mut String` that `print_with` passed for this call, and
    // MLIR hands us a valid (data, length) view for the duration of the callback.
    unsafe {
        let out = &mut *(user as *mut String);
        let bytes = std::slice::from_raw_parts(piece.data as *const u8, piece.length);
        out.push_str(&String::from_utf8_lossy(bytes));
    }
}

/// Collects what an `mlir*Print` function writes.
fn print_with(f: impl FnOnce(MlirStringCallback, *mut c_void)) -> String {
    let mut out = String::new();
    f(
        Some(append_to_string),
        &mut out as *mut String as *mut c_void,
    );
    out
}

/// Copies an MLIR string view (owned by MLIR) into a Rust string.
fn to_string(s: MlirStringRef) -> String {
    if s.data.is_null() {
        return String::new();
    }
    // SAFETY: a non-null string ref from MLIR points to `length` valid bytes that
    // live at least as long as the object it came from, which outlives this call.
    let bytes = unsafe { std::slice::from_raw_parts(s.data as *const u8, s.length) };
    String::from_utf8_lossy(bytes).into_owned()
}
