//! `libtessel_core.so`: everything of Tessel that needs MLIR, loaded by
//! `libtessel.so` (`passes/plugin/src/`) when it is needed.
//!
//! - For `mlir-opt --load-pass-plugin`: Tessel's passes (`tessel_mlir`), with their
//!   C++ registration (`shim/registration.cpp`, whose pass classes `build.rs`
//!   generates from the options table).
//! - For `mlir-opt --load-dialect-plugin`: the `tessel` dialect and its
//!   `transform.tessel.*` ops (`dialect/`, built by `build.rs` with mlir-tblgen),
//!   whose `apply()` calls back into Rust.
//! - For clang: the core's side of the front end ([`llvm`]), on a function that the
//!   walk of `tessel_llvm::function` found a nest worth optimizing in.
//!
//! Its C ABI for all three is [`abi`]. `unsafe` is allowed there and in [`ffi`] only.
//!
//! The layers (`tests/layers.rs` checks that a module imports only from its own row
//! or the rows above):
//!
//! | modules | step |
//! |---|---|
//! | `ffi` | the MLIR passes' C++ registration; MLIR's LLVM module handed to LLVM |
//! | `llvm::translate` | the nest as an `affine` function |
//! | `llvm::core` | the core and the lowering on that function, back into clang's context |
//! | `llvm::splice` | the check and the call before the nest, the original as the fallback |
//! | `llvm` | one nest: the steps above and their remarks |
//! | `abi` | the C ABI |
//!
//! With `TESSEL_LOG` set (EnvFilter syntax, e.g. `TESSEL_LOG=debug`), the `tracing`
//! events and spans of the passes are printed to stderr; without it, nothing is.

#![deny(unsafe_code)]

#[allow(unsafe_code)]
pub mod abi;
#[allow(unsafe_code)]
mod ffi;
mod llvm;
