//! `libtessel.so`, the library every host loads: clang and opt (`-fpass-plugin`,
//! `--load-pass-plugin`) and `mlir-opt` (`--load-pass-plugin`,
//! `--load-dialect-plugin`).
//!
//! It holds the clang front end's pass without MLIR (`shim/llvm_passes.cpp`, which
//! registers it, and the `tessel-llvm` crate) and loads the core,
//! `libtessel_core.so` (`core/`: MLIR, the core, the lowering, the `tessel`
//! dialect), only when it is needed: for a function with a nest worth optimizing,
//! and when `mlir-opt` asks for the passes or the dialect. Loading libMLIR costs a
//! clang process about 18 ms, a third of a typical file's compile time, which most
//! files never need (docs/architecture-decisions.md).
//!
//! | modules | step |
//! |---|---|
//! | `core_library` | finds and loads `libtessel_core.so`, once, and its entry points |
//! | `abi` | the C ABI of every host; what it hands to the core |

#![deny(unsafe_code)]

#[allow(unsafe_code)]
pub mod abi;
#[allow(unsafe_code)]
mod core_library;
