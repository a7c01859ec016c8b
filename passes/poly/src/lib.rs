//! Tessel's polyhedral core. No MLIR in here: inputs are written in isl notation
//! (see [`model`]) and the output is a plain loop AST (see [`ast`]).
//!
//! Pipeline: model → dependences → schedule → tree transforms → verify → AST.

pub mod ast;
pub mod model;

pub use ast::{AstNode, CmpOp, Cond, Expr};
pub use model::{Access, AccessKind, Scop, Statement};

/// Which schedule the optimizer starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SchedulerKind {
    /// The original execution order.
    Identity,
    /// isl's own scheduler (`isl_schedule_constraints_compute_schedule`), kept only as
    /// a baseline to measure against.
    IslReference,
}

#[derive(Clone, Debug)]
pub struct Options {
    pub scheduler: SchedulerKind,
    /// Tile permutable bands of depth >= 2.
    pub tile: bool,
    /// Tile size per band member; the last entry repeats for deeper members.
    pub tile_sizes: Vec<i64>,
    /// Mark the outermost coincident loop of each band path parallel.
    pub parallel: bool,
    /// isl operations budget per isl context (`isl_ctx_set_max_operations`).
    pub max_operations: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            scheduler: SchedulerKind::Identity,
            tile: true,
            tile_sizes: vec![32],
            parallel: true,
            max_operations: 20_000_000,
        }
    }
}

/// What the core can fail with. Every error leaves the input unchanged upstream.
#[derive(Debug, thiserror::Error)]
pub enum PolyError {
    #[error("isl error: {0}")]
    Isl(String),
    #[error("isl operations budget exhausted")]
    Budget,
    #[error("schedule violates dependences: {0}")]
    InvalidSchedule(String),
    #[error("unsupported: {0}")]
    Unsupported(String),
}
