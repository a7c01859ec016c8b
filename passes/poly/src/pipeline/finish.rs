//! The code of a final schedule ([`generated`]): unroll-and-jam, verification and
//! AST generation ([`super::jam::finish`]), then the parallel marks that pay and the
//! register loops.

use std::time::Duration;

use super::ast::Optimized;
use super::jam::finish;
use crate::analysis::dependences::Dependences;
use crate::error::PolyError;
use crate::model::load::ScopIsl;
use crate::model::notes::{NoGain, Note, Tiling};
use crate::support::isl::Ctx;
use crate::{Options, RegisterBlock, Target};

/// A schedule tree with the transforms of `opts` applied (not yet verified).
pub(super) struct FinalSchedule {
    pub(super) tree: isl_rs::Schedule,
    /// The tree before the transforms: the scheduler's (what `tessel-explain`
    /// explains when the transforms are on).
    pub(super) scheduled: isl_rs::Schedule,
    pub(super) tiled_bands: usize,
    /// Bands tiled in time ([`crate::transform::tile::TileReport::time_tiles`]).
    pub(super) time_tiles: usize,
    /// Number of parallel marks.
    pub(super) parallel_marks: usize,
    pub(super) schedule_time: Duration,
    pub(super) notes: Vec<Note>,
    /// See [`Optimized::tiling`].
    pub(super) tiling: Vec<(Tiling, usize)>,
    /// `scheduler=auto`: set when the chosen schedule crosses no fewer cache lines,
    /// nor sweeps the matrices fewer times, than the original order (see
    /// `auto::no_locality_gain`).
    pub(super) no_locality_gain: Option<NoGain>,
}

/// The code of a final schedule: unroll-and-jam, verification and AST generation
/// ([`finish`]), then the parallel marks that pay and the register loops.
pub(super) fn generated(
    cx: &Ctx,
    model: &ScopIsl,
    deps: &Dependences<'_>,
    fin: FinalSchedule,
    opts: &Options,
) -> Result<Optimized, PolyError> {
    let mut out = finish(cx, model, deps, fin.tree, fin.tiled_bands, opts.unroll_jam)?;
    out.schedule_time = fin.schedule_time;
    out.notes.splice(0..0, fin.notes);
    out.tiling = fin.tiling;
    keep_profitable_parallel(&mut out, opts);
    if out.parallel_loops == 0 && out.tiled_bands == 0 && !out.jammed {
        out.no_gain = fin.no_locality_gain;
    }
    // Scalar replacement: a 1x1 register block of every innermost loop.
    if opts.target == Target::Cpu && opts.register_tile != RegisterBlock::NONE {
        crate::register_block::scalars::mark_register_loops(&mut out.ast, true);
    }
    Ok(out)
}

/// On a CPU, clears the parallel marks that cost more than they gain
/// ([`crate::model::ast::keep_profitable_parallel`]); a GPU maps them all.
fn keep_profitable_parallel(out: &mut Optimized, opts: &Options) {
    if opts.target == Target::Cpu {
        out.parallel_loops = crate::model::ast::keep_profitable_parallel(&mut out.ast);
    }
}
