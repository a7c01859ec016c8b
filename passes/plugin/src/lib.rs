//! The shared library that `mlir-opt --load-pass-plugin` loads: Tessel's passes
//! (`tessel_mlir`) and their C++ registration (`shim/registration.cpp`, with the pass
//! classes `build.rs` generates from the options table, `tessel_poly::options`).
//! `mlir-opt --load-dialect-plugin` loads it too: the `tessel` dialect and its
//! `transform.tessel.*` ops (`dialect/`, built by `build.rs` with mlir-tblgen), whose
//! `apply()` calls back into Rust (`tessel_mlir::clay`). `clang -fpass-plugin` loads
//! it as well: the clang front end ([`llvm`]), registered by `shim/llvm_passes.cpp`.
//!
//! The C ABI for mlir-opt lives in `tessel_mlir::ir::plugin_abi`, with the crate's
//! other FFI code; the re-export below makes the `cdylib` export it. The C ABI for
//! clang is below.
//!
//! With `TESSEL_LOG` set (EnvFilter syntax, e.g. `TESSEL_LOG=debug`), the `tracing`
//! events and spans of the passes are printed to stderr; without it, nothing is.

mod llvm;

use std::ffi::{c_char, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};

pub use tessel_mlir::ir::plugin_abi::{
    llvmGetPassPluginInfo, mlirGetDialectPluginInfo, mlirGetPassPluginInfo, tessel_check_options,
    tessel_run_pass, tessel_transform_generate, tessel_transform_scop, tessel_transform_step,
};

/// The `len` bytes at `text` as a string (lossy); empty for null.
///
/// # Safety
/// `text` is null or points to `len` readable bytes.
unsafe fn c_text(text: *const c_char, len: usize) -> String {
    if text.is_null() || len == 0 {
        return String::new();
    }
    // SAFETY: the caller's.
    let bytes = unsafe { std::slice::from_raw_parts(text as *const u8, len) };
    String::from_utf8_lossy(bytes).into_owned()
}

/// Called by the C++ pass (`shim/llvm_passes.cpp`) for each function: runs the clang
/// front end on it with `tessel-optimize`'s options from `-mllvm -tessel-*`. Returns
/// whether the IR changed. No panic crosses this boundary: one caught leaves the
/// function as the last completed splice left it.
///
/// # Safety
/// `state` is the C++ pass's live function state and `function` its
/// `llvm::Function`; `options` points to `len` readable bytes (or is null).
#[no_mangle]
pub unsafe extern "C" fn tessel_llvm_run_function(
    state: *mut llvm::TesselFunction,
    function: llvm_sys::prelude::LLVMValueRef,
    options: *const c_char,
    len: usize,
) -> bool {
    // SAFETY: the caller's.
    let options = unsafe { c_text(options, len) };
    // SAFETY: the caller's: live state and function for the call.
    catch_unwind(AssertUnwindSafe(|| unsafe {
        llvm::run_function(state, function, &options)
    }))
    .unwrap_or(true)
}

/// Called when clang builds its pipeline: false if `options` are valid
/// `tessel-optimize` options, else true with the parser's message written through
/// `text` to `sink`.
///
/// # Safety
/// `options` points to `len` readable bytes (or is null); `text` accepts `sink`.
#[no_mangle]
pub unsafe extern "C" fn tessel_llvm_check_options(
    options: *const c_char,
    len: usize,
    text: extern "C" fn(*mut c_void, *const c_char, usize),
    sink: *mut c_void,
) -> bool {
    // SAFETY: the caller's.
    let options = unsafe { c_text(options, len) };
    let error = catch_unwind(|| llvm::options_error(&options))
        .unwrap_or_else(|_| Some("internal error (panic caught) while checking options".into()));
    match error {
        Some(message) => {
            text(sink, message.as_ptr() as *const c_char, message.len());
            true
        }
        None => false,
    }
}
