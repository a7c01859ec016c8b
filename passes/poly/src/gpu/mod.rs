//! The GPU target (`target=gpu`): what the core does differently for it, one file
//! per pipeline step (each in its layer of the table in `lib.rs`):
//!
//! - [`limits`]: the hardware's limits, which every step respects;
//! - [`order`]: the order of each band's members for the mapping (a tree transform);
//! - [`map`]: the verified loop AST as host code that launches kernels.
//!
//! The options (`target`, `gpu-block`, `gpu-promote`) are in the options table with
//! every other; the MLIR side's `gpu` folder builds the launches.

pub(crate) mod limits;
mod map;
pub(crate) mod order;

pub use map::{block_first_name, block_sizes, map, GridDim, HostNode, Kernel, Stage};
