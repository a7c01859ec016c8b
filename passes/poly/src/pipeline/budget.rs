//! What every step runs in: the isl context of a call with its SCoP and
//! dependences ([`analyzed`]), the stages that log their time ([`stage`]), and the
//! time budget: its shares and the degradation ladder ([`degrade`]).

use std::time::Instant;

use crate::analysis::dependences::Dependences;
use crate::error::PolyError;
use crate::model::load::ScopIsl;
use crate::model::notes::{Note, Rung};
use crate::model::scop::Scop;
use crate::support::isl::Ctx;
use crate::{FuseMode, Options, SchedulerKind};

/// The target of the pipeline's log events, one for all its files: `TESSEL_LOG`
/// filters name it.
pub(super) const LOG_TARGET: &str = "tessel_poly::pipeline";

/// The span every stage event of one SCoP is logged in.
pub(super) fn scop_span(entry: &'static str, scop: &Scop) -> tracing::Span {
    tracing::debug_span!(target: LOG_TARGET, "scop", entry, statements = scop.statements.len())
}

/// Runs one pipeline step and logs its duration in milliseconds.
pub(super) fn stage<T>(
    name: &'static str,
    step: impl FnOnce() -> Result<T, PolyError>,
) -> Result<T, PolyError> {
    let start = Instant::now();
    let out = step().map_err(|e| match e {
        PolyError::TimeBudget { stage: "" } => PolyError::TimeBudget { stage: name },
        e => e,
    });
    let ms = start.elapsed().as_secs_f64() * 1e3;
    tracing::debug!(target: LOG_TARGET, stage = name, ms, ok = out.is_ok(), "stage");
    out
}

/// Sets up what every entry point but [`super::describe_scop`] starts from: an isl context
/// with the budget of `opts`, the SCoP loaded into it and its dependences; then runs
/// `then` on them. (A closure, because the dependences borrow the context.) The
/// whole call runs under the time budget of `opts`.
pub(super) fn analyzed<T>(
    scop: &Scop,
    opts: &Options,
    then: impl FnOnce(&Ctx, &ScopIsl, &Dependences<'_>, Clock) -> Result<T, PolyError>,
) -> Result<T, PolyError> {
    let clock = Clock::start(opts);
    let cx = Ctx::new(opts.max_operations)?;
    cx.set_deadline(clock.end);
    let model = stage("load", || ScopIsl::load(&cx, scop))?;
    let deps = stage("dependences", || {
        Dependences::compute(&cx, &model, opts.live_range_reordering)
    })?;
    then(&cx, &model, &deps, clock)
}

/// The end of a call's time budget.
#[derive(Clone, Copy, Debug)]
pub(super) struct Clock {
    /// `None`: no limit.
    pub(super) end: Option<Instant>,
}

impl Clock {
    pub(super) fn start(opts: &Options) -> Clock {
        let budget = opts.time_budget;
        Clock {
            end: (!budget.is_zero()).then(|| Instant::now() + budget),
        }
    }

    /// The instant `share` of the way from now to the end.
    pub(super) fn share(self, share: f64) -> Option<Instant> {
        self.end.map(|end| {
            let now = Instant::now();
            now + end.saturating_duration_since(now).mul_f64(share)
        })
    }
}

/// The part of the time left that each rung of [`degrade`] but the last may use;
/// the rest stays for the cheaper rungs below it.
const RUNG_SHARE: f64 = 0.6;

/// Runs `attempt` on `opts` and, each time it runs out of time, again a rung lower
/// on the ladder of [`rungs`], so that a hard SCoP loses fusion or tiling rather than
/// all of its optimization. Returns the result and one note per retry.
pub(super) fn degrade<T>(
    cx: &Ctx,
    clock: Clock,
    opts: &Options,
    mut attempt: impl FnMut(&Options) -> Result<T, PolyError>,
) -> Result<(T, Vec<Note>), PolyError> {
    let ladder = rungs(opts);
    let mut notes = Vec::new();
    // The ladder always starts with `opts` itself; the last rung's error is final.
    let Some(((last, _), earlier)) = ladder.split_last() else {
        cx.set_deadline(clock.end);
        return attempt(opts).map(|out| (out, notes));
    };
    // Every rung but the last has one below it.
    let lower = |k: usize| {
        ladder
            .get(k + 1)
            .map_or(Rung::OriginalSchedule, |(_, r)| *r)
    };
    for (k, (rung, what)) in earlier.iter().enumerate() {
        cx.set_deadline(clock.share(RUNG_SHARE));
        match attempt(rung) {
            Ok(out) => return Ok((out, notes)),
            Err(PolyError::TimeBudget { stage }) => {
                let next = lower(k);
                tracing::debug!(target: LOG_TARGET, stage, ?what, ?next, "out of time; degrading");
                notes.push(Note::OutOfTime {
                    stage,
                    rung: *what,
                    next,
                });
            }
            // A bug (isl failed, or a schedule or its AST failed verification), or an
            // isl AST the conversion cannot express, also costs a rung, not the whole
            // optimization: every rung is verified again.
            Err(e) if e.refuses_the_schedule() => {
                let next = lower(k);
                tracing::debug!(target: LOG_TARGET, error = %e, ?what, ?next, "refused; degrading");
                notes.push(Note::Refused {
                    rung: *what,
                    why: Box::new(e),
                    next,
                });
                cx.reset_operations();
            }
            Err(e) => return Err(e),
        }
    }
    cx.set_deadline(clock.end);
    attempt(last).map(|out| (out, notes))
}

/// The degradation ladder: `opts` first, then without fusion, without tiling, and
/// with the original schedule (each rung only where it asks for less).
fn rungs(opts: &Options) -> Vec<(Options, Rung)> {
    let mut ladder = vec![(opts.clone(), Rung::AsAsked)];
    let mut lower = opts.clone();
    let ours = matches!(
        opts.scheduler,
        SchedulerKind::Isl
            | SchedulerKind::Pluto
            | SchedulerKind::Feautrier
            | SchedulerKind::Auto
            | SchedulerKind::Spatial
    );
    if ours && (lower.fuse != FuseMode::None || !lower.fusion_structure.is_empty()) {
        lower.fuse = FuseMode::None;
        lower.fusion_structure.clear();
        ladder.push((lower.clone(), Rung::WithoutFusion));
    }
    if lower.tile {
        lower.tile = false;
        ladder.push((lower.clone(), Rung::WithoutTiling));
    }
    if lower.scheduler != SchedulerKind::Identity {
        lower.scheduler = SchedulerKind::Identity;
        ladder.push((lower, Rung::OriginalSchedule));
    }
    ladder
}

/// Runs `step` with the context's deadline moved to `share` of the time left (none
/// without a deadline), then puts the deadline back: a step that may crawl costs its
/// share, and what follows keeps the rest.
pub(super) fn with_share<T>(cx: &Ctx, share: f64, step: impl FnOnce() -> T) -> T {
    let deadline = cx.deadline();
    cx.set_deadline(deadline.map(|end| {
        let now = Instant::now();
        now + end.saturating_duration_since(now).mul_f64(share)
    }));
    let out = step();
    cx.set_deadline(deadline);
    out
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn labels(opts: &Options) -> Vec<Rung> {
        rungs(opts).into_iter().map(|(_, what)| what).collect()
    }

    #[test]
    fn each_rung_asks_for_less() {
        let opts = Options::default();
        assert_eq!(
            labels(&opts),
            [
                Rung::AsAsked,
                Rung::WithoutFusion,
                Rung::WithoutTiling,
                Rung::OriginalSchedule
            ]
        );
        let ladder = rungs(&opts);
        let last = &ladder[3].0;
        assert_eq!(
            (last.scheduler, last.fuse, last.tile, last.parallel),
            (SchedulerKind::Identity, FuseMode::None, false, true)
        );
    }

    #[test]
    fn no_rung_for_what_was_not_asked() {
        let identity = Options {
            scheduler: SchedulerKind::Identity,
            tile: false,
            ..Options::default()
        };
        assert_eq!(labels(&identity), [Rung::AsAsked]);
        let reference = Options {
            scheduler: SchedulerKind::IslReference,
            ..Options::default()
        };
        // isl's scheduler has no fusion option of ours.
        assert_eq!(
            labels(&reference),
            [Rung::AsAsked, Rung::WithoutTiling, Rung::OriginalSchedule]
        );
    }

    #[test]
    fn a_budget_of_zero_has_no_end() {
        let opts = Options {
            time_budget: Duration::ZERO,
            ..Options::default()
        };
        assert!(Clock::start(&opts).end.is_none());
        assert!(Clock::start(&Options::default())
            .share(RUNG_SHARE)
            .is_some());
    }
}
