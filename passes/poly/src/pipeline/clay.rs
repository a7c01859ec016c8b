//! The Clay entry points (seed 003): a script replayed on the original schedule
//! ([`clay_replay`]), and its code ([`clay_generate`]).

use super::ast::{finish_tree, Optimized};
use super::budget::{analyzed, scop_span, stage, Clock};
use super::finish::generated;
use super::transforms::{caches, transformed};
use crate::clay::{ClaySchedule, Directive};
use crate::error::{ClayError, PolyError, ScriptError};
use crate::model::notes::Note;
use crate::model::scop::Scop;
use crate::scheduler::initial;
use crate::support::isl::Ctx;
use crate::transform::locality::Locality;
use crate::Options;

/// Replays a Clay script (seed 003) on the original schedule of `scop`. After each
/// directive: its structural preconditions (Fig. 8), then global validity (§4.3).
/// Dependences are not checked here; [`clay_generate`] checks them on the result.
pub fn clay_replay(
    scop: &Scop,
    opts: &Options,
    script: &[Directive],
) -> Result<ClaySchedule, PolyError> {
    let _span = scop_span("clay_replay", scop).entered();
    let cx = Ctx::new(opts.max_operations)?;
    cx.set_deadline(Clock::start(opts).end);
    stage("clay", || replay(&cx, scop, script))
}

pub(super) fn replay(
    cx: &Ctx,
    scop: &Scop,
    script: &[Directive],
) -> Result<ClaySchedule, PolyError> {
    let mut schedule = ClaySchedule::from_scop(cx, scop)?;
    for (k, d) in script.iter().enumerate() {
        let refused = |why: ClayError| {
            PolyError::Script(ScriptError::Refused {
                index: k + 1,
                why: Box::new(why),
            })
        };
        schedule.apply(d).map_err(refused)?;
        schedule.check_global_validity(cx).map_err(|why| {
            refused(ClayError::Invalid {
                directive: d.to_string(),
                why,
            })
        })?;
    }
    Ok(schedule)
}

/// The code of `scop` under a Clay script: replayed ([`clay_replay`]), then
/// verified against the exact dependences (and its parallel marks against the
/// conflicts) like every schedule, then generated. A dependence the script breaks
/// is a [`PolyError::Script`] that names it.
pub fn clay_generate(
    scop: &Scop,
    opts: &Options,
    script: &[Directive],
) -> Result<Optimized, PolyError> {
    let _span = scop_span("clay_generate", scop).entered();
    let broken = |e| match e {
        PolyError::InvalidSchedule(why) => PolyError::Script(ScriptError::BreaksDependence(why)),
        e => e,
    };
    analyzed(scop, opts, |cx, model, deps, _| {
        let schedule = stage("clay", || replay(cx, scop, script))?;
        let tree = schedule.tree(cx, &model.domain)?;
        if opts.transforms_after_scheduling() {
            // tessel-optimize's transforms on the script's schedule, as on a
            // scheduler's: they choose the parallel loops among the tile loops.
            if let Some(p) = schedule.parallel_loops().first() {
                return Err(PolyError::Script(ScriptError::ParallelizeWithTransforms {
                    beta: p.clone(),
                }));
            }
            let locality = Locality::new(cx, model, caches(opts).line)?;
            let tree = stage("bands", || {
                initial::permutable_bands(cx, tree, deps.conflicts())
            })?;
            let fin = transformed(cx, deps, &locality, opts, tree)?;
            return generated(cx, model, deps, fin, opts).map_err(broken);
        }
        let mut out = finish_tree(cx, model, deps, tree, 0).map_err(broken)?;
        for p in schedule.mixed_parallel_loops() {
            out.notes.push(Note::PartlyParallel { beta: p });
        }
        Ok(out)
    })
}
