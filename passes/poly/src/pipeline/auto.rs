//! The schedule of a SCoP: a preset's ([`super::transforms::preset_schedule`]), or
//! under `scheduler=auto` the choice between the isl and pluto presets by the
//! locality cost model, with the time tiles and the original order as further
//! candidates.

use std::time::Duration;

use super::budget::{stage, with_share};
use super::finish::FinalSchedule;
use super::transforms::{caches, preset_schedule};
use crate::analysis::dependences::Dependences;
use crate::error::PolyError;
use crate::model::load::ScopIsl;
use crate::model::notes::{CostModel, NoGain, Note, Score, Sweeps, TimeTiles};
use crate::scheduler::initial;
use crate::support::isl::Ctx;
use crate::transform::locality::{innermost_misses, matrix_sweeps, time_loop_bytes, Locality};
use crate::verify;
use crate::{Options, SchedulerKind};

pub(super) fn final_schedule(
    cx: &Ctx,
    model: &ScopIsl,
    deps: &Dependences<'_>,
    opts: &Options,
) -> Result<FinalSchedule, PolyError> {
    let locality = Locality::new(cx, model, caches(opts).line)?;
    if opts.scheduler != SchedulerKind::Auto {
        return preset_schedule(cx, model, deps, &locality, opts);
    }
    // Fewest misses, then one with a parallel loop.
    let mut verified: Vec<((usize, bool), FinalSchedule, SchedulerKind)> = Vec::new();
    let mut scored = Vec::new();
    let mut schedule_time = Duration::ZERO;
    for kind in [SchedulerKind::Isl, SchedulerKind::Pluto] {
        let preset = Options {
            scheduler: kind,
            ..opts.clone()
        };
        // Once a candidate is in hand, the next one gets a share of the time left, so
        // that an ILP that crawls (Pluto's over dependences bounded by constants in the
        // hundreds, as in C with fixed-size arrays: doitgen 4.8 s) costs that share,
        // not the candidate in hand.
        let second = !verified.is_empty();
        let attempt = if second {
            with_share(cx, CANDIDATE_SHARE, || {
                candidate(cx, model, deps, &locality, &preset)
            })
        } else {
            candidate(cx, model, deps, &locality, &preset)
        };
        let (fin, misses) = match attempt {
            Ok(scored_fin) => scored_fin,
            Err(PolyError::TimeBudget { .. }) if second => {
                scored.push(Score::OutOfShare(kind));
                continue;
            }
            Err(e) => return Err(e),
        };
        schedule_time += fin.schedule_time;
        let misses = match misses {
            Ok(misses) => misses,
            Err(rejected) => {
                scored.push(Score::Rejected {
                    preset: kind,
                    why: Box::new(rejected),
                });
                continue;
            }
        };
        scored.push(Score::Lines {
            preset: kind,
            misses,
            parallel: fin.parallel_marks != 0,
        });
        verified.push(((misses, fin.parallel_marks == 0), fin, kind));
    }
    let Some(mut chosen) = (0..verified.len()).min_by_key(|&i| verified[i].0) else {
        // Neither verified: the isl preset's schedule goes on to `finish`, whose
        // verifier reports what is wrong.
        let isl = Options {
            scheduler: SchedulerKind::Isl,
            ..opts.clone()
        };
        return preset_schedule(cx, model, deps, &locality, &isl);
    };
    // Time tiles (issue 9 item 6, seed 004 §1.12): when the kept tree starts with a
    // time loop whose every step walks more data than half of L2 holds (jacobi-2d,
    // fdtd-2d, heat-3d under the isl preset), a candidate that tiles that loop with
    // a wavefront, crossing no more cache lines and with a parallel loop, keeps the
    // data of several time steps in cache instead (measured in
    // docs/architecture-decisions.md, "Time tiles").
    let mut time_tiles = None;
    let (misses, _) = verified[chosen].0;
    let tiled = verified
        .iter()
        .position(|((m, no_parallel), fin, _)| fin.time_tiles > 0 && !*no_parallel && *m <= misses);
    if let Some(i) = tiled.filter(|&i| i != chosen) {
        let bytes = stage("cost model", || {
            time_loop_bytes(cx, &verified[chosen].1.tree, &locality, model)
        })?;
        if let Some(bytes) = bytes.filter(|&b| b > caches(opts).l2 / 2) {
            time_tiles = Some(TimeTiles {
                kept: verified[chosen].2,
                kib: bytes / 1024,
                tiled: verified[i].2,
            });
            chosen = i;
        }
    }
    let ((misses, _), mut fin, mut kind) = verified.swap_remove(chosen);
    // The original order, when it walks the matrices fewer times for no more cache
    // lines: bicg's one sweep of `A` against isl's and Pluto's two (measured in
    // docs/architecture-decisions.md, "The original order as a candidate").
    let preset = kind;
    let mut sweeps_note = None;
    // What the kept tree scores: cache lines, and matrix sweeps on a streaming SCoP.
    let mut scores = (misses, None);
    if locality.streaming {
        let sweeps = stage("cost model", || matrix_sweeps(cx, &fin.tree, model))?;
        scores.1 = Some(sweeps);
        let identity = Options {
            scheduler: SchedulerKind::Identity,
            ..opts.clone()
        };
        let original = preset_schedule(cx, model, deps, &locality, &identity)?;
        schedule_time += original.schedule_time;
        let original_sweeps = stage("cost model", || matrix_sweeps(cx, &original.tree, model))?;
        let original_misses = stage("cost model", || {
            innermost_misses(cx, &original.tree, &locality)
        })?;
        sweeps_note = Some(Sweeps {
            preset,
            sweeps,
            original_sweeps,
            original_misses,
        });
        if original_sweeps < sweeps && original_misses <= misses {
            match stage("verify", || verify::verify(cx, &original.tree, model, deps)) {
                Ok(()) => {
                    fin = original;
                    kind = SchedulerKind::Identity;
                    scores = (original_misses, Some(original_sweeps));
                }
                Err(e @ PolyError::TimeBudget { .. }) => return Err(e),
                Err(_) => {}
            }
        }
    }
    fin.schedule_time = schedule_time;
    fin.notes.push(Note::CostModel(Box::new(CostModel {
        chose: kind,
        scores: scored,
        sweeps: sweeps_note,
        time_tiles,
    })));
    if fin.tiled_bands == 0 {
        fin.no_locality_gain = stage("cost model", || {
            no_locality_gain(cx, model, deps, &locality, scores)
        })?;
    }
    Ok(fin)
}

/// The part of the time left that `scheduler=auto`'s second candidate may spend.
const CANDIDATE_SHARE: f64 = 0.25;

/// One candidate of `scheduler=auto`: its schedule and the cache lines it crosses per
/// innermost iteration, or (`Err`) why the verifier rejected it.
fn candidate(
    cx: &Ctx,
    model: &ScopIsl,
    deps: &Dependences<'_>,
    locality: &Locality,
    preset: &Options,
) -> Result<(FinalSchedule, Result<usize, PolyError>), PolyError> {
    let fin = preset_schedule(cx, model, deps, locality, preset)?;
    match stage("verify", || verify::verify(cx, &fin.tree, model, deps)) {
        Ok(()) => {}
        Err(e @ PolyError::TimeBudget { .. }) => return Err(e),
        Err(e) => return Ok((fin, Err(e))),
    }
    let misses = stage("cost model", || innermost_misses(cx, &fin.tree, locality))?;
    Ok((fin, Ok(misses)))
}

/// Whether the kept tree, of `scores` (cache lines crossed per innermost iteration,
/// [`innermost_misses`], and on a streaming SCoP matrix sweeps, [`matrix_sweeps`]),
/// walks memory no better than the original order: no fewer lines, no fewer sweeps.
/// Then a schedule with no parallel loop, tile or jam buys nothing, and regenerated
/// code only risks overheads the original has not (split loops, guards, another
/// layout of the code for LLVM): the original code stays (durbin, trisolv,
/// jacobi-1d).
fn no_locality_gain(
    cx: &Ctx,
    model: &ScopIsl,
    deps: &Dependences<'_>,
    locality: &Locality,
    (misses, sweeps): (usize, Option<usize>),
) -> Result<Option<NoGain>, PolyError> {
    let original = initial::identity(cx, model, deps.conflicts())?;
    let original_misses = innermost_misses(cx, &original, locality)?;
    if misses < original_misses {
        return Ok(None);
    }
    let mut both_sweeps = None;
    if let Some(new) = sweeps {
        let old = matrix_sweeps(cx, &original, model)?;
        if new < old {
            return Ok(None);
        }
        both_sweeps = Some((new, old));
    }
    Ok(Some(NoGain {
        misses,
        original_misses,
        sweeps: both_sweeps,
    }))
}
