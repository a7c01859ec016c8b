//! The shared library that `mlir-opt --load-pass-plugin` loads: Tessel's passes
//! (`tessel_mlir`) and their C++ registration (`shim/registration.cpp`, with the pass
//! classes `build.rs` generates from the options table, `tessel_poly::options`).
//! `mlir-opt --load-dialect-plugin` loads it too: the `tessel` dialect and its
//! `transform.tessel.*` ops (`dialect/`, built by `build.rs` with mlir-tblgen), whose
//! `apply()` calls back into Rust (`tessel_mlir::clay`).
//!
//! The C ABI lives in `tessel_mlir::ir::plugin_abi`, with the crate's other FFI
//! code; the re-export below makes the `cdylib` export it.
//!
//! With `TESSEL_LOG` set (EnvFilter syntax, e.g. `TESSEL_LOG=debug`), the `tracing`
//! events and spans of the passes are printed to stderr; without it, nothing is.

pub use tessel_mlir::ir::plugin_abi::{
    llvmGetPassPluginInfo, mlirGetDialectPluginInfo, mlirGetPassPluginInfo, tessel_check_options,
    tessel_run_pass, tessel_transform_generate, tessel_transform_scop, tessel_transform_step,
};
