//! The core's own `unsafe` below the C ABI: the MLIR passes' C++ registration, and
//! the hand-over of the module MLIR's translation makes to the clang front end.

use inkwell::values::FunctionValue;
use tessel_llvm::ffi::{llvm_context, GeneratedModule};
use tessel_mlir::ir::standalone::StandaloneModule;

extern "C" {
    /// In `shim/registration.cpp`: registers Tessel's passes with MLIR (the C++ pass
    /// classes generated from the options table).
    fn tessel_register_passes();
}

/// Registers Tessel's MLIR passes.
pub fn register_tessel_passes() {
    // SAFETY: the shim only adds to MLIR's pass registry, which needs nothing set up.
    unsafe { tessel_register_passes() }
}

/// `module` translated to LLVM IR in the context of `host`.
pub fn translate(module: &StandaloneModule, host: FunctionValue<'_>) -> Option<GeneratedModule> {
    let raw = module.translate_to_llvm(llvm_context(host))?;
    // SAFETY: the translation hands over a new module it made in `host`'s context.
    unsafe { GeneratedModule::from_raw(raw) }
}
