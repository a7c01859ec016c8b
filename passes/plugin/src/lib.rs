//! The shared library every host loads: `mlir-opt --load-pass-plugin` (Tessel's
//! passes, `tessel_mlir`, with their C++ registration, `shim/registration.cpp`, whose
//! pass classes `build.rs` generates from the options table), `mlir-opt
//! --load-dialect-plugin` (the `tessel` dialect and its `transform.tessel.*` ops,
//! `dialect/`, built by `build.rs` with mlir-tblgen, whose `apply()` calls back into
//! Rust) and `clang -fpass-plugin` (the clang front end, [`llvm`], registered by
//! `shim/llvm_passes.cpp`).
//!
//! Its C ABI for all three is [`abi`]. `unsafe` is allowed there and in the LLVM
//! front end's door to LLVM (`llvm::ffi`) only.
//!
//! With `TESSEL_LOG` set (EnvFilter syntax, e.g. `TESSEL_LOG=debug`), the `tracing`
//! events and spans of the passes are printed to stderr; without it, nothing is.

#![deny(unsafe_code)]

#[allow(unsafe_code)]
pub mod abi;
mod llvm;
