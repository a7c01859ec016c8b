//! The C ABI of every host. For clang and opt: the entry point they look up in a pass
//! plugin (`llvmGetPassPluginInfo`, whose pass lives in `shim/llvm_passes.cpp`) and
//! the calls that pass makes into Rust ([`tessel_llvm_run_function`],
//! [`tessel_llvm_check_options`]). For mlir-opt: the pass and dialect plugins' entry
//! points (`mlirGetPassPluginInfo`, `mlirGetDialectPluginInfo`), whose registration
//! is the core's.
//!
//! They must be defined in Rust: a cdylib exports only Rust `#[no_mangle]` symbols
//! (TOOLCHAIN.md). No panic crosses this boundary.

use std::ffi::{c_char, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};

use inkwell::values::FunctionValue;
use llvm_sys::prelude::LLVMValueRef;
use tessel_llvm::ffi::{Analyses, Loop, Run, TesselFunction};
use tessel_llvm::function::{
    missed, run_function, worth_optimizing, Budget, NestOptimizer, NestOutcome, Settings, Stage,
};
use tessel_poly::Options;

use crate::core_library::core;

// ---- mlir-opt: the passes and the dialect, from the core ----

/// `mlir::PassPluginLibraryInfo` (mlir/Tools/Plugins/PassPlugin.h, MLIR 22:
/// `MLIR_PLUGIN_API_VERSION` 1).
#[repr(C)]
pub struct PassPluginLibraryInfo {
    api_version: u32,
    name: *const c_char,
    version: *const c_char,
    register: extern "C" fn(),
}

/// mlir-opt reads a plugin that cannot work as a plugin of another API version, and
/// reports it.
const NO_API: u32 = 0;

extern "C" fn register_passes() {
    match core() {
        // SAFETY: the core only adds to MLIR's pass registry, which mlir-opt has set
        // up before it calls a plugin's `register`.
        Ok(core) => unsafe { (core.register_passes)() },
        Err(why) => eprintln!("tessel: {why}; Tessel's passes are not registered"),
    }
}

/// Entry point `mlir-opt --load-pass-plugin` looks up (MLIR_PLUGIN_API_VERSION 1).
/// The core is loaded here, so that a missing one is an error of the load.
#[no_mangle]
pub extern "C" fn mlirGetPassPluginInfo() -> PassPluginLibraryInfo {
    let api_version = match core() {
        Ok(_) => 1,
        Err(why) => {
            eprintln!("tessel: {why}");
            NO_API
        }
    };
    PassPluginLibraryInfo {
        api_version,
        name: c"tessel".as_ptr(),
        version: c"0.1.0".as_ptr(),
        register: register_passes,
    }
}

/// `mlir::DialectPluginLibraryInfo` (mlir/Tools/Plugins/DialectPlugin.h, MLIR 22:
/// `MLIR_PLUGIN_API_VERSION` 1).
#[repr(C)]
pub struct DialectPluginLibraryInfo {
    api_version: u32,
    name: *const c_char,
    version: *const c_char,
    /// Takes an `mlir::DialectRegistry *`.
    register: extern "C" fn(*mut c_void),
}

extern "C" fn register_dialect(registry: *mut c_void) {
    match core() {
        // SAFETY: mlir-opt hands over its live `DialectRegistry` for the call; the
        // core checks for null and only inserts into it.
        Ok(core) => unsafe { (core.register_dialect)(registry) },
        Err(why) => eprintln!("tessel: {why}; the tessel dialect is not registered"),
    }
}

/// Entry point `mlir-opt --load-dialect-plugin` looks up (MLIR_PLUGIN_API_VERSION 1).
#[no_mangle]
pub extern "C" fn mlirGetDialectPluginInfo() -> DialectPluginLibraryInfo {
    let api_version = match core() {
        Ok(_) => 1,
        Err(why) => {
            eprintln!("tessel: {why}");
            NO_API
        }
    };
    DialectPluginLibraryInfo {
        api_version,
        name: c"tessel".as_ptr(),
        version: c"0.1.0".as_ptr(),
        register: register_dialect,
    }
}

// ---- clang and opt: the front end ----

/// `llvm::PassPluginLibraryInfo` (llvm/Plugins/PassPlugin.h, LLVM 22: API version 2,
/// five fields).
#[repr(C)]
pub struct LlvmPassPluginLibraryInfo {
    api_version: u32,
    name: *const c_char,
    version: *const c_char,
    /// Takes an `llvm::PassBuilder &`.
    register: unsafe extern "C" fn(*mut c_void),
    /// `PreCodeGenCallback`: none.
    pre_codegen: Option<unsafe extern "C" fn()>,
}

extern "C" {
    /// In `shim/llvm_passes.cpp`: registers the pass at the pipeline's start (or the
    /// vectorizer's, with `-mllvm -tessel-position=vectorizer-start`).
    fn tessel_llvm_register_callbacks(pass_builder: *mut c_void);
}

/// Entry point clang (`-fpass-plugin=`) and opt (`--load-pass-plugin=`) look up
/// (`LLVM_PLUGIN_API_VERSION` 2).
#[no_mangle]
pub extern "C" fn llvmGetPassPluginInfo() -> LlvmPassPluginLibraryInfo {
    LlvmPassPluginLibraryInfo {
        api_version: 2,
        name: c"tessel".as_ptr(),
        version: c"0.1.0".as_ptr(),
        register: tessel_llvm_register_callbacks,
        pre_codegen: None,
    }
}

/// The `len` bytes at `text` as a string (lossy); empty for null.
///
/// # Safety
/// `text` is null or points to `len` readable bytes.
unsafe fn c_text(text: *const c_char, len: usize) -> String {
    if text.is_null() || len == 0 {
        return String::new();
    }
    // SAFETY: non-null, with `len` readable bytes (the caller's).
    let bytes = unsafe { std::slice::from_raw_parts(text.cast::<u8>(), len) };
    String::from_utf8_lossy(bytes).into_owned()
}

/// The optimizer of a function whose nests cannot reach the core: each is left alone
/// with the reason. (A function with no nest worth optimizing never calls it.)
struct WithoutCore(&'static str);

impl NestOptimizer for WithoutCore {
    fn optimize_nest<'a>(
        &mut self,
        se: Analyses<'a>,
        _: FunctionValue<'a>,
        outer: Loop<'a>,
        _: &Settings,
        _: &Budget,
        _: u32,
    ) -> NestOutcome {
        missed(se, outer, self.0, None);
        NestOutcome::LeftAlone
    }
}

/// Called by the C++ pass (`shim/llvm_passes.cpp`) for each function with a loop:
/// runs the front end with `tessel-optimize`'s options from `-mllvm -tessel-*`.
/// A function with a nest worth optimizing goes to the core, loaded then; another
/// one is walked here, for its remarks, and never changes. Returns whether the IR
/// changed. No panic crosses this boundary: after one (a bug in Tessel), the
/// function is reported changed, so that clang recomputes its analyses.
///
/// # Safety
/// `state` is the C++ pass's live function state and `function` its
/// `llvm::Function`, both alive for the call; `options` points to `len` readable
/// bytes (or is null).
#[no_mangle]
pub unsafe extern "C" fn tessel_llvm_run_function(
    state: *mut TesselFunction,
    function: LLVMValueRef,
    options: *const c_char,
    len: usize,
    count_runs: bool,
    single_loops: bool,
    stage: u32,
) -> bool {
    // SAFETY: the caller's.
    let text = unsafe { c_text(options, len) };
    // SAFETY: the caller's: the live state of `function` for the call.
    let Some(mut run) = (unsafe { Run::new(state, function) }) else {
        return false;
    };
    let settings = Settings {
        options: text,
        count_runs,
        single_loops,
        stage: Stage::from_code(stage),
    };
    catch_unwind(AssertUnwindSafe(|| {
        if !worth_optimizing(&mut run, &settings) {
            // Nothing to change: the walk only reports.
            let remarks = run.analyses().remarks_enabled();
            return remarks
                && run_function(run, &settings, &mut WithoutCore("the core was not asked"));
        }
        match core() {
            // SAFETY: the caller's guarantees, handed on; the core's function has
            // this signature (core_library.rs).
            Ok(core) => unsafe {
                (core.run_function)(
                    state,
                    function,
                    options,
                    len,
                    count_runs,
                    single_loops,
                    stage,
                )
            },
            Err(why) => run_function(run, &settings, &mut WithoutCore(why)),
        }
    }))
    .unwrap_or(true)
}

/// Called when clang builds its pipeline: false if `options` are valid
/// `tessel-optimize` options, else true with the reason written through `text` to
/// `sink`.
///
/// # Safety
/// `options` points to `len` readable bytes (or is null); `text` accepts `sink` and a
/// message valid for the call.
#[no_mangle]
pub unsafe extern "C" fn tessel_llvm_check_options(
    options: *const c_char,
    len: usize,
    text: extern "C" fn(*mut c_void, *const c_char, usize),
    sink: *mut c_void,
) -> bool {
    // SAFETY: the caller's.
    let options = unsafe { c_text(options, len) };
    let error = catch_unwind(|| Options::from_text(&options).err().map(|e| e.to_string()))
        .unwrap_or_else(|_| Some("internal error (panic caught) while checking options".into()));
    match error {
        Some(message) => {
            text(sink, message.as_ptr() as *const c_char, message.len());
            true
        }
        None => false,
    }
}
