//! Tessel's polyhedral core. No MLIR in here: inputs are written in isl notation
//! (see [`Scop`]) and the output is a plain loop AST (see [`ast`]).
//!
//! The folders follow the pipeline. Each row of this table is a layer; a module
//! imports only from its own row and the rows above it, and sibling files never
//! import each other in a circle. `tests/layers.rs` reads this table and checks both
//! on every build of the tests.
//!
//! | modules | step |
//! |---|---|
//! | `error`, `options`, `support`, `gpu::limits` | what every step uses: errors, the options, the isl context and its budget, the raw isl calls, schedule-tree helpers |
//! | `model` | the SCoP: exchanged in isl text, parsed and checked at the edge; the plain loop AST the core hands back |
//! | `analysis` | exact flow/anti/output dependences, live ranges (seed 001 §2), the conflicts a parallel loop must not separate |
//! | `scheduler` | the initial tree: original order, our scheduler (seeds 000, 001, 004), or isl's as a baseline |
//! | `transform`, `gpu::order`, `register_block::tree`, `register_block::product` | tiling of permutable bands, wavefronts, parallel marks; the GPU's band order; register blocks in the tree |
//! | `clay` | seed 003's schedule form and its primitives, a script a user reads, edits and replays |
//! | `verify` | exact legality check of the final tree, and of isl's AST of it |
//! | `codegen`, `gpu`, `register_block` | isl AST generation, converted to the plain [`AstNode`] tree; for a GPU, mapped to host code and kernels; register blocks unrolled, and kept in registers |
//! | `pipeline` | the public entry points, which run the steps above |
//!
//! Every public function creates its own isl context with the operations budget of
//! [`Options::max_operations`], and returns an error instead of panicking.

#![deny(unsafe_code)]

mod analysis;
pub mod clay;
mod codegen;
pub mod error;
pub mod gpu;
mod model;
pub mod options;
mod pipeline;
pub mod register_block;
mod scheduler;
mod support;
mod transform;
mod verify;

pub use analysis::dependences::{self as deps, Dependences};
pub use error::{ErrorKind, PolyError};
pub use gpu::{GridDim, HostNode, Kernel};
pub use model::ast::{self, AstNode, CmpOp, Cond, Expr, Registers};
pub use model::key::model_key;
pub use model::notes;
pub use model::scop::{Access, AccessKind, ScalarExpansion, Scop, Statement, StmtId};
pub use options::{FuseMode, Options, RegisterBlock, SchedulerKind, Target};
pub use pipeline::{
    clay_explain, clay_generate, clay_replay, codegen_schedule, describe_dependences,
    describe_fusion_space, describe_schedule, describe_scop, fusion_space, optimize, tuning_target,
    verify_schedule, Explained, Optimized,
};
pub use scheduler::fusion_space::{
    FusionSpace, PairFacts, Relations, SpaceSize, Structure, StructureError, SPACE_VERSION,
};
pub use support::isl;
pub use transform::parallel::PARALLEL_MARK;
