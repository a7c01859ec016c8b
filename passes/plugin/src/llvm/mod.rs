//! Tessel from clang: the front end on LLVM IR, in the manner of Polly.
//!
//! For each outermost loop of a function the pass either finds the static control
//! part it holds ([`detect`], Polly's ScopDetection) and optimizes it, or names the
//! first construct that keeps the nest out of the polyhedral model, with its source
//! line, and tries the nests inside it. Optimizing a nest ([`optimize_nest`]):
//!
//! 1. [`translate`]: the nest as an `affine` function (Polly's ScopBuilder, into the
//!    MLIR form the core already optimizes), its arrays shaped by [`shape`];
//! 2. [`check`]: the run-time check under which that function is the nest;
//! 3. [`core`]: `tessel-optimize` and the lowering, in-process, into clang's context;
//! 4. [`splice`]: the check and the call before the nest, the original loops kept as
//!    the fallback.
//!
//! LLVM IR is read and written through [`ffi`] (inkwell, and the C++ shim for the
//! analyses the C API lacks: `shim/llvm_abi.h`); the pass registration itself is C++
//! (`shim/llvm_passes.cpp`).

mod bounds;
mod check;
mod core;
mod detect;
#[allow(unsafe_code)]
mod ffi;
mod scev;
mod shape;
mod splice;
mod translate;

use std::collections::HashSet;
use std::time::{Duration, Instant};

use inkwell::values::FunctionValue;
use tessel_mlir::ir::standalone::StandaloneModule;
use tessel_poly::Options;

use detect::{Detector, Failure, Found};
use ffi::{Analyses, Loop, RemarkKind};
use translate::NestTranslator;

pub use self::core::options_error;
pub use ffi::{Run, TesselFunction};

/// How the pass was asked to run (from clang's command line).
pub struct Settings {
    /// `tessel-optimize`'s options, from `-mllvm -tessel-*`.
    pub options: String,
    /// `-mllvm -tessel-count-runs`: count each nest's runs and optimized runs.
    pub count_runs: bool,
    /// `-mllvm -tessel-single-loops`: optimize SCoPs of a single loop too.
    pub single_loops: bool,
}

/// Runs the front end on one function; whether the IR changed.
pub fn run_function(mut run: Run<'_>, settings: &Settings) -> bool {
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
                        if optimize_nest(se, function, outer, settings, &budget, optimized) {
                            optimized += 1;
                            changed = true;
                            break;
                        }
                    }
                    Err(failure) => {
                        report_failure(se, outer, &failure);
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

fn report_found(se: Analyses<'_>, outer: Loop<'_>, found: &Found<'_>) {
    if !se.remarks_enabled() {
        return;
    }
    let text = format!(
        "SCoP: a nest of {} loops, depth {}, {} reads and {} writes of {} arrays ({} accesses \
         with multi-dimensional subscripts), {} parameters",
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

fn report_failure(se: Analyses<'_>, outer: Loop<'_>, failure: &Failure<'_>) {
    if !se.remarks_enabled() {
        return;
    }
    let mut text = format!("loop nest left alone: {}", failure.reason.describe());
    if let Some(expr) = failure.expr {
        text += &format!(" ({expr})");
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
struct Budget {
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
    fn options_for_core(&self, options: &str) -> String {
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
fn missed(se: Analyses<'_>, outer: Loop<'_>, why: &str, at: Option<ffi::Value<'_>>) -> bool {
    if se.remarks_enabled() {
        let text = format!("loop nest left alone: {why}");
        se.remark(RemarkKind::Missed, c"ScopNotOptimized", outer, at, &text);
    }
    false
}

/// The core's summary remark ("optimized SCoP ..."), if it optimized the nest.
fn summary(remarks: &[String]) -> Option<&str> {
    remarks.iter().find_map(|r| {
        r.strip_prefix("tessel: ")
            .filter(|r| r.starts_with("optimized SCoP"))
    })
}

/// Replaces the nest rooted at `outer` (which detection accepted) by a call of its
/// optimized version behind a run-time check. Returns true if the IR changed; emits
/// a remark either way.
fn optimize_nest<'a>(
    se: Analyses<'a>,
    function: FunctionValue<'a>,
    outer: Loop<'a>,
    settings: &Settings,
    budget: &Budget,
    index: u32,
) -> bool {
    if !check::has_entry_and_exit(outer) {
        return missed(se, outer, "the nest has no single entry and exit", None);
    }
    if let Some(v) = splice::used_after(outer) {
        return missed(
            se,
            outer,
            "a value computed in the nest is used after it",
            Some(v),
        );
    }
    let module = StandaloneModule::new();
    let mut t = NestTranslator::new(se, function, outer, module.context());
    let function_name = function.get_name().to_string_lossy().into_owned();
    let name = format!("__tessel_{function_name}_{index}");
    if let Err(e) = t.translate(&name, module.body()) {
        return missed(se, outer, &e.why, e.at);
    }
    let check = match check::build_check(se, outer, &t) {
        Ok(check) => check,
        Err(e) => return missed(se, outer, &e.describe(), None),
    };
    let openmp = ffi::module_has_flag(function, "openmp");
    let mut options = budget.options_for_core(&settings.options);
    if !openmp {
        // Without -fopenmp nothing links the OpenMP runtime: sequential code.
        if !options.is_empty() {
            options.push(' ');
        }
        options.push_str("parallel=false");
    }
    let core = core::run_core(module, &options, function);
    for remark in &core.remarks {
        se.remark(RemarkKind::Analysis, c"Core", outer, None, remark);
    }
    if core.module.is_none() {
        return missed(se, outer, &format!("the core failed: {}", core.error), None);
    }
    let Some(optimized) = summary(&core.remarks).map(str::to_string) else {
        return missed(se, outer, "the core kept the original schedule", None);
    };
    let overlapping = splice::overlapping_pairs(se, &t);
    let spliced = splice::splice(se, function, outer, &t, &check, &overlapping, core, &name);
    let (preheader_branch, optimized_block) = match spliced {
        Ok(blocks) => blocks,
        Err(e) => return missed(se, outer, e.describe(), None),
    };
    if settings.count_runs {
        splice::count_runs(function, &name, preheader_branch, optimized_block);
    }
    if !check.bounds.is_empty() && se.remarks_enabled() {
        // The subscript bounds as ScalarEvolution prints them, for inspection.
        let text: Vec<String> = check
            .bounds
            .iter()
            .map(|(p, l, r)| check::printed(*p, *l, *r))
            .collect();
        se.remark(
            RemarkKind::Analysis,
            c"RuntimeCheck",
            outer,
            None,
            &format!("run-time check of the subscripts: {}", text.join("; ")),
        );
    }
    if se.remarks_enabled() {
        let mut text = optimized;
        let (alias_checks, subscript_checks) = (overlapping.len(), check.bounds.len());
        if alias_checks + subscript_checks == 0 {
            text += "; no run-time check needed";
        } else {
            text += &format!(
                "; behind a run-time check ({alias_checks} array pairs that may overlap, \
                 {subscript_checks} subscript bounds), the original loops as the fallback"
            );
        }
        if !openmp {
            text += "; sequential: compile with -fopenmp for parallel loops";
        }
        se.remark(RemarkKind::Passed, c"ScopOptimized", outer, None, &text);
    }
    true
}
