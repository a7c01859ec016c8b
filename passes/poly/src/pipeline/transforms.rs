//! One preset's schedule ([`preset_schedule`]), and the transforms that follow
//! scheduling ([`transformed`]): tiling with its wavefronts and post-tile
//! reordering, the GPU order, parallel marks.

use std::time::Duration;

use isl_rs::ScheduleNode;

use super::budget::{stage, LOG_TARGET};
use super::finish::FinalSchedule;
use crate::analysis::dependences::Dependences;
use crate::analysis::privatization::Conflicts;
use crate::error::PolyError;
use crate::model::load::ScopIsl;
use crate::scheduler::initial;
use crate::support::host::{host_caches, host_vector_bytes, Caches};
use crate::support::isl::{Ctx, IslResult};
use crate::transform::locality::Locality;
use crate::transform::tile::TileOptions;
use crate::transform::{intra_tile, parallel, tile, tile_fusion};
use crate::{Options, Target};

/// [`super::auto::final_schedule`] for one preset, with the SCoP's `locality` (built once per
/// call, not once per preset).
pub(super) fn preset_schedule(
    cx: &Ctx,
    model: &ScopIsl,
    deps: &Dependences<'_>,
    locality: &Locality,
    opts: &Options,
) -> Result<FinalSchedule, PolyError> {
    let initial = stage("schedule", || {
        initial::initial_schedule(cx, model, deps, opts)
    })?;
    let mut fin = transformed(cx, deps, locality, opts, initial.tree)?;
    fin.schedule_time = initial.time;
    fin.notes = initial.notes;
    Ok(fin)
}

/// The transforms of `opts` that follow scheduling, on `tree` (a scheduler's, or a
/// Clay script's with [`initial::permutable_bands`]): tiling with its wavefronts and
/// post-tile reordering, the GPU order, parallel marks.
pub(super) fn transformed(
    cx: &Ctx,
    deps: &Dependences<'_>,
    locality: &Locality,
    opts: &Options,
    tree: isl_rs::Schedule,
) -> Result<FinalSchedule, PolyError> {
    let scheduled = tree.copy().isl(cx)?;
    let mut tree = tree;
    let mut tiled = 0;
    let mut time_tiles = 0;
    let mut tiling_notes = Vec::new();
    if opts.tile {
        let tiling = TileOptions {
            sizes: &opts.tile_sizes,
            wavefront: opts.wavefront && opts.parallel,
            diamond: opts.diamond,
            parallel: opts.parallel,
            min_work: opts.parallel_min_work,
            reorder: opts.intra_tile,
            register_tile: opts.register_tile,
            vector_bytes: match opts.vector_bytes {
                0 => host_vector_bytes(),
                bytes => bytes,
            },
            caches: caches(opts),
        };
        let report;
        (tree, report) = stage("tile", || {
            let (tree, fused) =
                tile_fusion::fuse_sibling_tiles(cx, tree, &tiling, locality, deps.conflicts())?;
            tile::tile(cx, tree, &tiling, locality, deps.conflicts(), fused)
        })?;
        tiled = report.tiled;
        time_tiles = report.time_tiles;
        tiling_notes = report.notes;
    } else if opts.intra_tile {
        tree = reorder(
            cx,
            &tree,
            "post-tile reordering",
            locality,
            deps,
            intra_tile::reorder_bands,
        )?;
    }
    if opts.target == Target::Gpu {
        tree = reorder(
            cx,
            &tree,
            "GPU order",
            locality,
            deps,
            crate::gpu::order::order_for_gpu,
        )?;
    }
    if opts.intra_tile {
        tree = reorder(
            cx,
            &tree,
            "post-tile reordering",
            locality,
            deps,
            intra_tile::sink_across_bands,
        )?;
    }
    let mut parallel_marks = 0;
    if opts.parallel {
        (tree, parallel_marks) = stage("parallel marks", || {
            parallel::mark_parallel(cx, tree, opts.parallel_collapse, opts.target == Target::Gpu)
        })?;
    }
    tracing::debug!(target: LOG_TARGET, tiled, "schedule tree built");
    Ok(FinalSchedule {
        tree,
        scheduled,
        tiled_bands: tiled,
        time_tiles,
        parallel_marks,
        schedule_time: Duration::ZERO,
        notes: Vec::new(),
        tiling: tiling_notes,
        no_locality_gain: None,
    })
}

/// A reordering of `intra_tile` applied to the whole tree, as a stage named `label`.
fn reorder(
    cx: &Ctx,
    tree: &isl_rs::Schedule,
    label: &'static str,
    locality: &Locality,
    deps: &Dependences<'_>,
    edit: fn(&Ctx, ScheduleNode, &Locality, &Conflicts) -> Result<ScheduleNode, PolyError>,
) -> Result<isl_rs::Schedule, PolyError> {
    stage(label, || {
        let root = tree.get_root().isl(cx)?;
        edit(cx, root, locality, deps.conflicts())?
            .get_schedule()
            .isl(cx)
    })
}

/// The host's caches, with the line and L2 sizes of `opts` where it gives them.
pub(super) fn caches(opts: &Options) -> Caches {
    let mut caches = host_caches();
    if opts.line_size != 0 {
        caches.line = opts.line_size;
    }
    if opts.l2_size != 0 {
        caches.l2 = opts.l2_size;
    }
    caches
}
