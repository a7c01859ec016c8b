//! Initial schedule trees: the original order (`Identity`) and isl's scheduler as a
//! reference baseline (`IslReference`).

use isl_rs::{Schedule, ScheduleConstraints, ScheduleNode, ScheduleNodeType, UnionMap};

use crate::analysis::dependences::Dependences;
use crate::analysis::privatization::{set_coincidence, Conflicts};
use crate::error::{PolyError, Unsupported};
use crate::model::load::ScopIsl;
use crate::model::notes::Note;
use crate::scheduler;
use crate::scheduler::fusion_space::Structure;
use crate::support::isl::{to_i32, Ctx, IslResult};
use crate::support::schedule_tree::{
    distances, live_deps, n_members, negative_in_member, node_type, walk_children,
};
use crate::{Options, SchedulerKind};
use std::time::{Duration, Instant};

/// The schedule tree the transforms start from, with how long it took and notes for
/// the user.
pub(crate) struct Initial {
    pub tree: Schedule,
    pub time: Duration,
    pub notes: Vec<Note>,
}

/// The schedule tree the transforms start from. Our schedulers never fail here: if
/// one fails or runs out of budget, the original schedule is used and a note says
/// why (its operations count is reset first, so the rest gets a full budget).
pub(crate) fn initial_schedule(
    cx: &Ctx,
    scop: &ScopIsl,
    deps: &Dependences<'_>,
    opts: &Options,
) -> Result<Initial, PolyError> {
    let start = Instant::now();
    let mut notes = Vec::new();
    let tree = match opts.scheduler {
        SchedulerKind::Identity => identity(cx, scop, deps.conflicts())?,
        SchedulerKind::IslReference => {
            if opts.live_range_reordering {
                notes.push(Note::IslReferenceKeepsDependences);
            }
            isl_reference(cx, scop, deps.all(cx)?)?
        }
        SchedulerKind::Auto => return Err(Unsupported::AutoNeedsPreset.into()),
        kind @ (SchedulerKind::Pluto
        | SchedulerKind::Isl
        | SchedulerKind::Feautrier
        | SchedulerKind::Spatial) => {
            match with_structure(cx, scop, deps, kind, opts, &mut notes) {
                Ok(tree) => tree,
                // Out of time: the caller retries with less (pipeline::degrade).
                Err(e @ PolyError::TimeBudget { .. }) => return Err(e),
                Err(e) => {
                    cx.reset_operations();
                    tracing::debug!(%e, "scheduler failed; identity fallback");
                    notes.push(Note::SchedulerFailed {
                        scheduler: kind,
                        why: Box::new(e),
                    });
                    identity(cx, scop, deps.conflicts())?
                }
            }
        }
    };
    Ok(Initial {
        tree,
        time: start.elapsed(),
        notes,
    })
}

/// Our scheduler with `kind`'s preset and, where `opts` gives one, the fusion
/// structure at the outermost level (seed 002). A structure that does not fit is
/// noted and the SCoP scheduled without it; the presets that take none say so.
fn with_structure(
    cx: &Ctx,
    scop: &ScopIsl,
    deps: &Dependences<'_>,
    kind: SchedulerKind,
    opts: &Options,
    notes: &mut Vec<Note>,
) -> Result<Schedule, PolyError> {
    let cfg = scheduler_config(kind, opts);
    let Some(positions) = cfg.structure.clone() else {
        if !opts.fusion_structure.is_empty() {
            notes.push(Note::StructureUnused { scheduler: kind });
        }
        return scheduler::compute(cx, scop, deps, cfg);
    };
    match scheduler::compute(cx, scop, deps, cfg) {
        Ok(tree) => {
            let names: Vec<String> = scop.statements.iter().map(|s| s.name.clone()).collect();
            if let Ok(s) = Structure::from_positions(&positions, names.len()) {
                let groups = s
                    .groups()
                    .iter()
                    .map(|g| g.iter().map(|&k| names[k].clone()).collect())
                    .collect();
                notes.push(Note::FusionStructure {
                    groups,
                    scheduler: kind,
                });
            }
            Ok(tree)
        }
        Err(PolyError::Structure(e)) => {
            cx.reset_operations();
            notes.push(Note::StructureRefused(e));
            let without = Options {
                fusion_structure: Vec::new(),
                ..opts.clone()
            };
            scheduler::compute(cx, scop, deps, scheduler_config(kind, &without))
        }
        Err(e) => Err(e),
    }
}

/// The presets (see [`SchedulerKind`]).
/// The bytes one memory transaction of a warp moves when its threads read
/// consecutive addresses (NVIDIA, all compute capabilities since 2.0): the unit of
/// coalescing, which plays the cache line's part in the GPU instance.
const GPU_TRANSACTION_BYTES: u64 = 128;

pub(crate) fn scheduler_config(kind: SchedulerKind, opts: &Options) -> scheduler::Config {
    let isl = kind == SchedulerKind::Isl;
    let spatial = kind == SchedulerKind::Spatial;
    let gpu = opts.target == crate::Target::Gpu;
    let takes_structure = matches!(kind, SchedulerKind::Isl | SchedulerKind::Pluto);
    let structure = (takes_structure && !opts.fusion_structure.is_empty())
        .then(|| opts.fusion_structure.clone());
    scheduler::Config {
        // Spatial (seed 000 §4.6): isl's space of rows (parameters, negative
        // coefficients), coincidence while no member is coincident yet; the h
        // heuristic instead of forced outer coincidence. Its GPU instance (§4.7)
        // wants an outer coincident member (else a Feautrier step) and keeps the
        // coincident members cluster merges would lose, as PPCG's isl does.
        coincidence: isl || spatial,
        forced_outer: isl || (spatial && gpu),
        param_coefficients: isl || spatial,
        negative_coefficients: kind != SchedulerKind::Pluto,
        maximize_coincidence: isl || (spatial && gpu),
        feautrier_only: kind == SchedulerKind::Feautrier,
        one_coincident: spatial && !gpu,
        spatial: spatial.then(|| scheduler::spatial::SpatialParams {
            // A GPU's "line" is a warp's memory transaction: 128 bytes (§4.7).
            line_bytes: match opts.line_size {
                0 if gpu => GPU_TRANSACTION_BYTES,
                0 => crate::support::host::host_caches().line,
                line => line,
            },
            hlim: opts.spatial_hlim,
            gpu,
        }),
        // Below a given structure, maximal fusion (seed 002 §4.4: completeSchedule).
        fuse: if structure.is_some() {
            crate::FuseMode::Max
        } else {
            opts.fuse
        },
        // Not on a GPU: a kernel's reuse is what one block stages, and fusing
        // statements for their common reads shrinks the band mapped to threads
        // (fdtd-2d's `ey` and `ex` fused into one row per thread: 2.2x slower at
        // MEDIUM, 3.0x at LARGE on an H100, docs/gpu-device-2026-11-27.md). PPCG's
        // scheduler uses none either.
        rar: opts.rar && !gpu,
        structure,
    }
}

/// isl's own scheduler with validity = coincidence = proximity = all dependences.
/// The only call of `isl_schedule_constraints_compute_schedule` in Tessel: it is a
/// baseline to compare against, never the default (ARCHITECTURE.md, "schedule").
fn isl_reference(cx: &Ctx, scop: &ScopIsl, all: UnionMap) -> Result<Schedule, PolyError> {
    ScheduleConstraints::on_domain(scop.domain.copy().isl(cx)?)
        .isl(cx)?
        .set_context(scop.context.copy().isl(cx)?)
        .isl(cx)?
        .set_validity(all.copy().isl(cx)?)
        .isl(cx)?
        .set_coincidence(all.copy().isl(cx)?)
        .isl(cx)?
        .set_proximity(all)
        .isl(cx)?
        .compute_schedule()
        .isl(cx)
}

/// The original execution order as a schedule tree, with nested loops merged into
/// permutable bands where that is legal and coincidence flags set.
pub(crate) fn identity(cx: &Ctx, scop: &ScopIsl, deps: &Conflicts) -> Result<Schedule, PolyError> {
    let root = scop.original_tree(cx)?.get_root().isl(cx)?;
    let root = merge_and_flag(cx, root, deps)?;
    root.get_schedule().isl(cx)
}

/// A schedule tree given from outside the schedulers (a Clay script's, whose bands
/// are its perfect nests) in the form the transforms expect of theirs: each band
/// split before its first member in which a live dependence has a negative distance,
/// so that every band is permutable, and the coincidence flags set exactly. The
/// inverse walk of [`merge_and_flag`], with the same tests.
pub(crate) fn permutable_bands(
    cx: &Ctx,
    tree: Schedule,
    deps: &Conflicts,
) -> Result<Schedule, PolyError> {
    let root = tree.get_root().isl(cx)?;
    split_and_flag(cx, root, deps)?.get_schedule().isl(cx)
}

fn split_and_flag(
    cx: &Ctx,
    node: ScheduleNode,
    deps: &Conflicts,
) -> Result<ScheduleNode, PolyError> {
    let mut node = node;
    if node_type(cx, &node)? == ScheduleNodeType::Band {
        let n = n_members(cx, &node)?;
        let live = live_deps(cx, &node, &deps.all)?;
        let partial = node.band_get_partial_schedule().isl(cx)?;
        let dist = distances(cx, &live, &partial)?;
        // Member 0 has no negative distance in a valid schedule (the verifier says
        // what is wrong when it has); the rest goes to a band of its own below,
        // where the dependences the first members carry are no longer live.
        for i in 1..n {
            if negative_in_member(cx, &dist, n, i)? {
                node = node.band_split(to_i32(i)?).isl(cx)?;
                break;
            }
        }
        node = node.band_set_permutable(1).isl(cx)?;
        node = set_coincidence(cx, node, deps)?;
    }
    walk_children(cx, node, |cx, child| split_and_flag(cx, child, deps))
}

/// Walks the tree top-down. At each band: merge the band below into it while the
/// result stays permutable, then mark it permutable and set coincidence flags.
///
/// Permutability (seed 004, Pluto §"tiling hyperplanes"): every dependence live at
/// the band (not ordered by outer levels) has a non-negative distance in every
/// member. The original order satisfies this for its outermost loop, so it is only
/// checked for the member being added.
///
/// Coincidence: member `i` is coincident when no live dependence has zero distance
/// in members `0..i` and a non-zero distance in member `i`.
fn merge_and_flag(
    cx: &Ctx,
    node: ScheduleNode,
    deps: &Conflicts,
) -> Result<ScheduleNode, PolyError> {
    let mut node = node;
    if node_type(cx, &node)? == ScheduleNodeType::Band {
        let live = live_deps(cx, &node, &deps.all)?;
        loop {
            let child = node.get_child(0).isl(cx)?;
            if node_type(cx, &child)? != ScheduleNodeType::Band {
                break;
            }
            let merged = node
                .band_get_partial_schedule()
                .isl(cx)?
                .flat_range_product(child.band_get_partial_schedule().isl(cx)?)
                .isl(cx)?;
            let n = merged.size().isl(cx)?;
            let n = usize::try_from(n).unwrap_or(0);
            let dist = distances(cx, &live, &merged)?;
            if n == 0 || negative_in_member(cx, &dist, n, n - 1)? {
                break;
            }
            // Replace both bands by the merged one, at the same place in the tree.
            node = node
                .delete()
                .isl(cx)?
                .delete()
                .isl(cx)?
                .insert_partial_schedule(merged)
                .isl(cx)?;
        }
        node = node.band_set_permutable(1).isl(cx)?;
        node = set_coincidence(cx, node, deps)?;
    }
    walk_children(cx, node, |cx, child| merge_and_flag(cx, child, deps))
}
