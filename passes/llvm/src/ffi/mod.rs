//! The one door to LLVM: every `unsafe` of the clang front end is in this module.
//!
//! LLVM IR is read and written through LLVM's C API, with inkwell's types where it
//! has them ([`InstructionValue`], [`BasicBlock`], [`FunctionValue`], its builder);
//! the analyses the C API lacks (ScalarEvolution, LoopInfo, the dominator trees, alias
//! analysis, delinearization, the SCEV expander, remarks) come from the C++ shim
//! behind `shim/llvm_abi.h`. What each `unsafe` block relies on:
//!
//! - **Liveness.** Handles point into IR and analyses that clang keeps alive while
//!   the pass runs on one function. [`Scev`] and [`Loop`] borrow the [`Analyses`]
//!   they came from, which borrows the [`Run`] mutably: the borrow checker ends them
//!   before [`Run::invalidate`] lets LLVM free the analyses.
//! - **Non-null.** Handles are made only from non-null pointers LLVM returned; calls
//!   that may return null return an `Option`.
//! - **No unwinding.** The C++ side neither throws nor aborts on the handles Rust
//!   passes; Rust catches its panics at the ABI (`abi.rs`).

mod abi;
mod analyses;
mod handles;
mod ir;
mod module;

pub use abi::TesselFunction;
pub use handles::*;
pub use ir::*;
pub use module::*;
