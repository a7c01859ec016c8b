//! The shared library `mlir-opt --load-pass-plugin` loads.
//!
//! `mlirGetPassPluginInfo` must be defined in Rust: a cdylib exports only Rust
//! `#[no_mangle]` symbols (TOOLCHAIN.md). Registration itself happens in the C++ shim,
//! which calls back into [`tessel_run_pass`]. No panic crosses this boundary.

use std::ffi::{c_char, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};

use mlir_sys::MlirOperation;
use tessel_mlir::ir::{emit_error, emit_remark, Op};
use tessel_mlir::{fuse_from_name, run_pass, scheduler_from_name, PassKind, SCHEDULER_NAMES};
use tessel_poly::Options;

#[repr(C)]
pub struct PassPluginLibraryInfo {
    api_version: u32,
    name: *const c_char,
    version: *const c_char,
    register: extern "C" fn(),
}

extern "C" {
    fn tessel_register_passes();
}

extern "C" fn register() {
    // SAFETY: the shim's registration only touches MLIR's pass registry.
    unsafe { tessel_register_passes() }
}

/// Entry point `mlir-opt` looks up (MLIR_PLUGIN_API_VERSION 1).
#[no_mangle]
pub extern "C" fn mlirGetPassPluginInfo() -> PassPluginLibraryInfo {
    PassPluginLibraryInfo {
        api_version: 1,
        name: c"tessel".as_ptr(),
        version: c"0.1.0".as_ptr(),
        register,
    }
}

/// Mirrors `TesselPassOptions` in the shim.
#[repr(C)]
pub struct PassOptions {
    scheduler: *const c_char,
    tile_sizes: *const i64,
    num_tile_sizes: usize,
    tile: bool,
    parallel: bool,
    max_operations: u64,
    fuse: *const c_char,
    wavefront: bool,
    live_range_reordering: bool,
}

fn error(op: Op, msg: &str) {
    emit_error(op.location(), msg)
}

/// Called by the shim's passes. Returns false to make the pass fail.
///
/// # Safety
/// `op` must be a live `func.func` and `options` a valid pointer for the call.
#[no_mangle]
pub unsafe extern "C" fn tessel_run_pass(kind: u32, op: MlirOperation, options: *const PassOptions) -> bool {
    // SAFETY: the shim hands over the live `func.func` its pass runs on (see above).
    let Some(op) = (unsafe { Op::from_raw(op) }) else { return false };
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let Some(kind) = PassKind::from_raw(kind) else {
            error(op, "tessel: unknown pass kind");
            return false;
        };
        let Some(raw) = options.as_ref() else {
            error(op, "tessel: missing options");
            return false;
        };
        let text = |p: *const c_char| if p.is_null() { String::new() } else { CStr::from_ptr(p).to_string_lossy().into_owned() };
        let scheduler_name = text(raw.scheduler);
        let Some(scheduler) = scheduler_from_name(&scheduler_name) else {
            error(op, &format!("tessel: unknown scheduler '{scheduler_name}' (expected {})", SCHEDULER_NAMES.join(", ")));
            return false;
        };
        let fuse_name = text(raw.fuse);
        let Some(fuse) = fuse_from_name(&fuse_name) else {
            error(op, &format!("tessel: unknown fuse mode '{fuse_name}' (expected none, smart or max)"));
            return false;
        };
        let tile_sizes = if raw.tile_sizes.is_null() || raw.num_tile_sizes == 0 {
            vec![32]
        } else {
            std::slice::from_raw_parts(raw.tile_sizes, raw.num_tile_sizes).to_vec()
        };
        if tile_sizes.iter().any(|&s| s < 1) {
            error(op, "tessel: tile sizes must be positive");
            return false;
        }
        let options = Options {
            scheduler,
            tile: raw.tile,
            tile_sizes,
            parallel: raw.parallel,
            max_operations: raw.max_operations,
            fuse,
            wavefront: raw.wavefront,
            live_range_reordering: raw.live_range_reordering,
        };
        run_pass(kind, op, &options)
    }));
    match outcome {
        Ok(ok) => ok,
        Err(_) => {
            // A bug in Tessel: report it and leave mlir-opt running. The IR may be
            // partially rewritten only if codegen itself panicked mid-way.
            emit_remark(op.location(), "tessel: internal error (panic caught); this function was left as is");
            true
        }
    }
}
