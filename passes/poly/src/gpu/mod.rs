//! The GPU target (`target=gpu`): what the core does differently for it, one file
//! per pipeline step (each in its layer of the table in `lib.rs`):
//!
//! - [`limits`]: the hardware's limits, which every step respects;
//! - [`map`]: the verified loop AST as host code that launches kernels.

pub(crate) mod limits;
mod map;

pub use map::{block_first_name, block_sizes, map, GridDim, HostNode, Kernel, Stage};
