//! The pass on one function. For each outermost loop it either finds the SCoP the
//! nest holds ([`Detector`]) or names the first construct that keeps it out of the
//! model, with its source line, and tries the nests inside it; a SCoP that can gain
//! ([`no_gain`]) goes to the caller's [`NestOptimizer`]. Every step leaves a remark
//! (-Rpass-analysis=tessel, -Rpass-missed=tessel, -Rpass=tessel).

use std::collections::HashSet;
use std::time::{Duration, Instant};

use inkwell::values::FunctionValue;
use tessel_poly::Options;

use super::detect::{Detector, Failure, Found, Reject};
use super::ffi::{Analyses, Loop, RemarkKind, Run, Value};

/// How the pass was asked to run (from clang's command line).
pub struct Settings {
    /// `tessel-optimize`'s options, from `-mllvm -tessel-*`.
    pub options: String,
    /// `-mllvm -tessel-count-runs`: count each nest's runs and optimized runs.
    pub count_runs: bool,
    /// `-mllvm -tessel-single-loops`: optimize SCoPs of a single loop too.
    pub single_loops: bool,
    pub stage: Stage,
}

/// Which nests a run takes, by where it is in clang's pipeline.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
    /// Every nest: the pass runs at one position.
    Every,
    /// Every nest, before the inliner: a nest that a call keeps out of the model is
    /// marked ([`RETRY_MARK`]) for a second try after it, where a helper the call
    /// calls may have been inlined (Polly runs there, and models such nests).
    BeforeInlining,
    /// Only the nests marked before the inliner.
    AfterInlining,
}

impl Stage {
    /// From the C++ pass's code (`llvm_abi.h`); an unknown code is [`Stage::Every`].
    pub fn from_code(code: u32) -> Stage {
        match code {
            1 => Stage::BeforeInlining,
            2 => Stage::AfterInlining,
            _ => Stage::Every,
        }
    }
}

/// The loop metadata that marks a nest for [`Stage::AfterInlining`].
pub const RETRY_MARK: &std::ffi::CStr = c"tessel.retry_after_inlining";

/// Whether the walk takes `outer` at this stage; before the inliner, marks it when a
/// call keeps it out of the model.
fn taken(settings: &Settings, outer: Loop<'_>) -> bool {
    settings.stage != Stage::AfterInlining || outer.has_mark(RETRY_MARK)
}
fn mark_for_retry(settings: &Settings, outer: Loop<'_>, failure: &Failure<'_>) -> bool {
    let retry = settings.stage == Stage::BeforeInlining && failure.reason == Reject::UnknownCall;
    if retry {
        outer.mark(RETRY_MARK);
    }
    retry
}

/// What became of a nest handed to the optimizer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NestOutcome {
    /// Replaced by its optimized version: the IR changed.
    Optimized,
    /// Modelled, and left as it was (the core kept its schedule, or failed).
    LeftAlone,
    /// The nest as a whole has no model (a value used after it, a form translation
    /// lacks, no run-time check): the nests inside it may still have one.
    NotModelled,
}

/// Optimizes one nest that detection accepted and [`no_gain`] kept.
pub trait NestOptimizer {
    /// Replaces the nest rooted at `outer` by its optimized version, or says why not.
    /// Emits a remark either way; the IR changed only if `Optimized`. `index` numbers
    /// the function's optimized nests so far.
    fn optimize_nest<'a>(
        &mut self,
        se: Analyses<'a>,
        function: FunctionValue<'a>,
        outer: Loop<'a>,
        settings: &Settings,
        budget: &Budget,
        index: u32,
    ) -> NestOutcome;
}

/// Runs the pass on one function, `optimizer` on each nest worth it; whether the IR
/// changed.
pub fn run_function(
    mut run: Run<'_>,
    settings: &Settings,
    optimizer: &mut dyn NestOptimizer,
) -> bool {
    let function = run.function();
    let budget = Budget::of(settings);
    // Nests already visited, by header (blocks outlive the analyses): a replaced
    // nest stays as the fallback.
    let mut visited: HashSet<usize> = HashSet::new();
    let mut optimized = 0u32;
    loop {
        let changed = {
            let se = run.analyses();
            let detector = Detector::new(se);
            let mut work = se.top_level_loops();
            let mut changed = false;
            while let Some(outer) = work.pop() {
                if !visited.insert(outer.header().as_mut_ptr() as usize) {
                    continue;
                }
                if !taken(settings, outer) {
                    work.extend(outer.sub_loops());
                    continue;
                }
                if budget.spent() {
                    missed(se, outer, &budget.describe(), None);
                    continue;
                }
                match detector.detect(outer) {
                    Ok(found) => {
                        report_found(se, outer, &found);
                        if let Some(why) = no_gain(&found, settings) {
                            missed(se, outer, &why, None);
                            continue;
                        }
                        match optimizer
                            .optimize_nest(se, function, outer, settings, &budget, optimized)
                        {
                            NestOutcome::Optimized => {
                                optimized += 1;
                                changed = true;
                                break;
                            }
                            NestOutcome::LeftAlone => {}
                            // As for a nest detection rejects.
                            NestOutcome::NotModelled => work.extend(outer.sub_loops()),
                        }
                    }
                    Err(failure) => {
                        let retry = mark_for_retry(settings, outer, &failure);
                        report_failure(se, outer, &failure, retry);
                        // Polly's region expansion in reverse: the inner nests may
                        // still be SCoPs.
                        work.extend(outer.sub_loops());
                    }
                }
            }
            changed
        };
        if !changed {
            break;
        }
        // The CFG changed: every analysis is recomputed for the next nest.
        run.invalidate();
    }
    optimized > 0
}

/// Whether the function has a nest that [`run_function`] would hand to its
/// optimizer: the same walk, without remarks, changing nothing but the marks for
/// the try after the inliner (which the walk of a function not worth optimizing
/// must leave too).
pub fn worth_optimizing(run: &mut Run<'_>, settings: &Settings) -> bool {
    let se = run.analyses();
    let detector = Detector::new(se);
    let mut work = se.top_level_loops();
    while let Some(outer) = work.pop() {
        if !taken(settings, outer) {
            work.extend(outer.sub_loops());
            continue;
        }
        match detector.detect(outer) {
            Ok(found) if no_gain(&found, settings).is_none() => return true,
            Ok(_) => {}
            Err(failure) => {
                mark_for_retry(settings, outer, &failure);
                work.extend(outer.sub_loops());
            }
        }
    }
    false
}

fn report_found(se: Analyses<'_>, outer: Loop<'_>, found: &Found<'_>) {
    if !se.remarks_enabled() {
        return;
    }
    let whole = if found.whole_array > 0 {
        format!(
            ", {} of any element (no affine subscripts)",
            found.whole_array
        )
    } else {
        String::new()
    };
    let text = format!(
        "SCoP: a nest of {} loops, depth {}, {} reads and {} writes of {} arrays ({} accesses \
         with multi-dimensional subscripts{whole}), {} parameters",
        found.loops,
        found.depth,
        found.reads,
        found.writes,
        found.arrays.len(),
        found.delinearized,
        found.params.len()
    );
    se.remark(RemarkKind::Analysis, c"ScopDetected", outer, None, &text);
}

fn report_failure(se: Analyses<'_>, outer: Loop<'_>, failure: &Failure<'_>, retry: bool) {
    if !se.remarks_enabled() {
        return;
    }
    let mut text = format!("loop nest left alone: {}", failure.reason.describe());
    if let Some(expr) = failure.expr {
        text += &format!(" ({expr})");
    }
    if retry {
        text += "; tried again after the inliner";
    }
    se.remark(
        RemarkKind::Missed,
        c"ScopRejected",
        outer,
        failure.at,
        &text,
    );
}

/// The function's wall-clock budget (`time-budget`, tessel-optimize's option, from
/// -mllvm -tessel-time-budget; 0: none), over every stage: detection, translation,
/// the core (which gets what is left, and degrades as on the MLIR path), the lowering
/// and the splice. A nest met once it is spent is left alone with a remark.
pub struct Budget {
    start: Instant,
    limit: Option<Duration>,
}

impl Budget {
    fn of(settings: &Settings) -> Budget {
        let mut options = Options::default();
        // Checked when clang built its pipeline; a bad value keeps the default.
        let _ = options.apply_text(&settings.options);
        Budget {
            start: Instant::now(),
            limit: (!options.time_budget.is_zero()).then_some(options.time_budget),
        }
    }
    fn left(&self) -> Option<Duration> {
        self.limit
            .map(|limit| limit.saturating_sub(self.start.elapsed()))
    }
    fn spent(&self) -> bool {
        self.left().is_some_and(|left| left.is_zero())
    }
    fn describe(&self) -> String {
        format!(
            "the function's time budget ({} s, -mllvm -tessel-time-budget) is spent",
            self.limit.map_or(0, |l| l.as_secs())
        )
    }
    /// The core's options: the user's, with `time-budget` what is left (whole
    /// seconds, at least 1).
    pub fn options_for_core(&self, options: &str) -> String {
        let Some(left) = self.left() else {
            return options.to_string();
        };
        let mut kept: Vec<&str> = options
            .split_whitespace()
            .filter(|o| !o.starts_with("time-budget="))
            .collect();
        let budget = format!("time-budget={}", left.as_secs().max(1));
        kept.push(&budget);
        kept.join(" ")
    }
}

/// Below this many iterations (a constant bound on them), no transformation pays for
/// the run-time check, the call and, for a parallel loop, the threads' start.
const FEW_ITERATIONS: u64 = 4096;

/// Why a SCoP is not worth optimizing, found cheaply before the core runs (Polly's
/// ScopDetection::isProfitableRegion has the same rules by default): it only writes or
/// only reads memory; it is a single loop (no nest to reorder or tile, and -O3
/// vectorizes the loop); or its constant bounds give it too few iterations. Measured
/// on opus's celt_encoder.c: 25 of its 27 optimized SCoPs were single loops, each
/// made parallel behind a work guard, and one an initialization whose AST check took
/// most of the rest: 4.5 s of compile time against 0.7 s plain.
fn no_gain(found: &Found<'_>, settings: &Settings) -> Option<String> {
    // Polly's rule too: writes only (an initialization, which -O3 often makes a
    // memset) or reads only leave nothing to reorder for reuse.
    if found.reads == 0 || found.writes == 0 {
        return Some(format!(
            "it only {} memory: no reuse to gain from reordering",
            if found.reads == 0 { "writes" } else { "reads" }
        ));
    }
    if found.depth < 2 && !settings.single_loops {
        return Some(
            "a single loop, which -O3 vectorizes as it is (-mllvm -tessel-single-loops \
             optimizes such loops too)"
                .to_string(),
        );
    }
    match found.constant_iterations {
        Some(n) if n < FEW_ITERATIONS => Some(format!(
            "too few iterations to gain from a transformation (at most {n}, from constant bounds)"
        )),
        _ => None,
    }
}

/// "loop nest left alone: why", at `at` or the nest's start.
pub fn missed(se: Analyses<'_>, outer: Loop<'_>, why: &str, at: Option<Value<'_>>) {
    if se.remarks_enabled() {
        let text = format!("loop nest left alone: {why}");
        se.remark(RemarkKind::Missed, c"ScopNotOptimized", outer, at, &text);
    }
}
