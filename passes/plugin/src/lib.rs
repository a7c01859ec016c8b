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
//! The layers, in the front end's order (`tests/layers.rs` checks that a module
//! imports only from its own row or the rows above):
//!
//! | modules | step |
//! |---|---|
//! | `llvm::ffi` | LLVM IR through inkwell and the C++ analyses of `shim/llvm_abi.h` |
//! | `llvm::scev` | ScalarEvolution as C reads: `int` arithmetic taken wide, trip counts |
//! | `llvm::detect` | SCoP detection (Polly's ScopDetection), reject reasons as data |
//! | `llvm::bounds` | the least and greatest value of an expression over the nest |
//! | `llvm::shape` | the arrays of a nest: one shape each, the accesses' subscripts |
//! | `llvm::translate` | the nest as an `affine` function |
//! | `llvm::check` | the run-time check under which that function is the nest |
//! | `llvm::core` | the core and the lowering on that function, back into clang's context |
//! | `llvm::splice` | the check and the call before the nest, the original as the fallback |
//! | `llvm` | the pass on one function: the steps above, their remarks, the budget |
//! | `abi` | the C ABI of every host |
//!
//! With `TESSEL_LOG` set (EnvFilter syntax, e.g. `TESSEL_LOG=debug`), the `tracing`
//! events and spans of the passes are printed to stderr; without it, nothing is.

#![deny(unsafe_code)]

#[allow(unsafe_code)]
pub mod abi;
mod llvm;
