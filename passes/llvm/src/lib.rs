//! Tessel's clang front end without MLIR: everything the pass does on LLVM IR before
//! a nest needs the core. For each outermost loop of a function it finds the static
//! control part it holds ([`detect`], Polly's ScopDetection), or names the construct
//! that keeps it out of the polyhedral model; it shapes the arrays ([`shape`]) and
//! builds the run-time check ([`check`]) of a nest the core is asked to optimize.
//! [`function`] is the pass's walk over one function, with its remarks and budget; the
//! optimization of a nest itself is the caller's ([`function::NestOptimizer`]).
//!
//! Two shared libraries link this crate: `libtessel.so`, the plugin clang loads,
//! which runs the walk alone on functions with no nest worth optimizing, and
//! `libtessel_core.so`, with MLIR and the core, which it loads only for a function
//! that has one (docs/architecture-decisions.md).
//!
//! `unsafe` is allowed in [`ffi`] only, the door to LLVM. The layers, in the front
//! end's order (`tests/layers.rs` checks that a module imports only from its own row
//! or the rows above):
//!
//! | modules | step |
//! |---|---|
//! | `ffi` | LLVM IR through inkwell and the C++ analyses of `shim/llvm_abi.h` |
//! | `scev` | ScalarEvolution as C reads: `int` arithmetic taken wide, trip counts |
//! | `detect` | SCoP detection (Polly's ScopDetection), reject reasons as data |
//! | `bounds` | the least and greatest value of an expression over the nest |
//! | `shape` | the arrays of a nest: one shape each, the accesses' subscripts |
//! | `check` | the run-time check under which the nest's model is the nest |
//! | `function` | the pass on one function: detection, profitability, remarks, budget |

#![deny(unsafe_code)]

pub mod bounds;
pub mod check;
pub mod detect;
#[allow(unsafe_code)]
pub mod ffi;
pub mod function;
pub mod scev;
pub mod shape;
