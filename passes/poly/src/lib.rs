//! Tessel's polyhedral core. No MLIR in here: inputs are written in isl notation
//! (see [`Scop`]) and the output is a plain loop AST (see [`ast`]).
//!
//! The folders follow the pipeline; a module imports only from folders above it in
//! this table (and from `support`, `error`, the options):
//!
//! | module | step |
//! |---|---|
//! | `support` | the isl context, its errors and budget, the raw isl calls; schedule-tree helpers |
//! | `model` | the SCoP: exchanged in isl text, parsed and checked at the edge |
//! | `analysis` | exact flow/anti/output dependences, live ranges (seed 001 §2) |
//! | `scheduler` | the initial tree: original order, our scheduler (seeds 000, 001, 004), or isl's as a baseline |
//! | `transform` | tiling of permutable bands, wavefronts, parallel marks |
//! | `verify` | exact legality check of the final tree |
//! | `codegen` | isl AST generation, converted to a plain [`AstNode`] tree |
//! | `pipeline` | the public entry points, which run the steps above |
//!
//! Every public function creates its own isl context with the operations budget of
//! [`Options::max_operations`], and returns an error instead of panicking.

mod analysis;
mod codegen;
mod error;
mod model;
mod pipeline;
mod scheduler;
mod support;
mod transform;
mod verify;

pub use analysis::dependences::{self as deps, Dependences};
pub use codegen::ast::{self, AstNode, CmpOp, Cond, Expr};
pub use error::{ErrorKind, PolyError};
pub use model::scop::{Access, AccessKind, Scop, Statement, StmtId};
pub use pipeline::{
    codegen_schedule, describe_dependences, describe_schedule, describe_scop, optimize,
    verify_schedule, Optimized,
};
pub use support::isl;
pub use transform::parallel::PARALLEL_MARK;

/// Which schedule the optimizer starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SchedulerKind {
    /// The original execution order.
    Identity,
    /// isl's own scheduler (`isl_schedule_constraints_compute_schedule`), kept only as
    /// a baseline to measure against.
    IslReference,
    /// Our scheduler, Pluto preset (seed 004): maximal permutable (tilable) bands,
    /// rows without parameter terms, no coincidence constraints (zero-distance rows
    /// come first through the lexmin anyway), [`Options::fuse`] for fusion.
    Pluto,
    /// Our scheduler, isl preset (seed 001 §6.2, as PPCG runs isl): coincidence
    /// enforced while possible, every band must start with a coincident member or a
    /// Feautrier step is taken instead, cluster merges must not lose coincidence.
    Isl,
    /// Our scheduler, Feautrier only (seed 000 eq. (2)): each row carries as many
    /// dependences as possible; once none are left, the remaining rows are free.
    Feautrier,
}

/// Loop fusion policy of our schedulers (Pluto's option names).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FuseMode {
    /// Never fuse loops of different SCCs: they are distributed in topological order.
    None,
    /// Fuse SCCs when that gives a small constant reuse distance along a
    /// dependence without losing band depth (nor, for [`SchedulerKind::Isl`],
    /// parallelism): isl's clustering (seed 000 §3.5, seed 001 §7.3).
    #[default]
    Smart,
    /// Fuse whenever a common row exists, even across unrelated statements; cut
    /// between SCCs only when no common row is left (seed 004 §1.9).
    Max,
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
    /// isl operations budget per isl context (`isl_ctx_set_max_operations`); each
    /// public function uses one context. 0 means no limit.
    pub max_operations: u64,
    /// Fusion policy of the Pluto/Isl/Feautrier schedulers.
    pub fuse: FuseMode,
    /// Live-range reordering (seed 001 §2.3): our schedulers may reorder the live
    /// ranges of one memory element (e.g. interchange loops around a scalar
    /// temporary) as long as none overlaps another (conditional validity), and
    /// schedules are verified by comparing their dataflow with the original's.
    pub live_range_reordering: bool,
    /// With `tile` and `parallel`: when a tile band has no coincident member among
    /// its first two, skew its outermost tile loop by the next one, which then
    /// becomes parallel (seed 000 §4.6, seed 004 §1.12).
    pub wavefront: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            scheduler: SchedulerKind::Identity,
            tile: true,
            tile_sizes: vec![32],
            parallel: true,
            max_operations: 20_000_000,
            fuse: FuseMode::Smart,
            live_range_reordering: false,
            wavefront: true,
        }
    }
}
