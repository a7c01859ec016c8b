//! Register blocks (issue 9 item 4): a point band's statement that writes an
//! element fixed along one member (gemm's `C[i][j]` along `k`) keeps a block of such
//! elements in registers across that member. One file per pipeline step, each in
//! its layer of the table in `lib.rs`:
//!
//! - [`tree`]: the block's shape (the load model, or `register-tile`) and its bands
//!   in the schedule tree (a transform, run by tiling); [`product`]: the tiles of a
//!   triangular band where a block fits;
//! - [`unroll`]: a full block unrolled in the generated AST (codegen);
//! - [`scalars`]: the loops whose updated elements stay in registers (scalar
//!   replacement, after codegen).
//!
//! The option is `register-tile` ([`crate::RegisterBlock`], in the options table);
//! the MLIR side's `codegen::emit::registers` emits the loads and stores around the
//! loops.

pub(crate) mod product;
pub(crate) mod scalars;
pub(crate) mod tree;
pub(crate) mod unroll;

pub use scalars::{is_run_guard, mark_register_loops};
