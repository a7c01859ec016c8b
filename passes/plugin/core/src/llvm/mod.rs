//! The core's side of the clang front end: a nest that the walk over the function
//! (`tessel_llvm::function`, Polly's ScopDetection and profitability rules) found
//! worth optimizing is, by [`Core`]:
//!
//! 1. [`translate`]d: the nest as an `affine` function (Polly's ScopBuilder, into the
//!    MLIR form the core already optimizes), its arrays shaped by `tessel_llvm::shape`;
//! 2. checked: `tessel_llvm::check` builds the run-time check under which that
//!    function is the nest;
//! 3. optimized by the [`core`]: `tessel-optimize` and the lowering, in-process, into
//!    clang's context;
//! 4. [`splice`]d in: the check and the call before the nest, the original loops kept
//!    as the fallback.

mod core;
mod splice;
mod translate;

use inkwell::values::FunctionValue;
use tessel_llvm::check::{self, Model};
use tessel_llvm::ffi::{self, Analyses, Loop, RemarkKind};
use tessel_llvm::function::{missed, Budget, NestOptimizer, NestOutcome, Settings};
use tessel_mlir::ir::standalone::StandaloneModule;

use translate::NestTranslator;

/// Optimizes each nest with the core.
pub struct Core;

impl NestOptimizer for Core {
    fn optimize_nest<'a>(
        &mut self,
        se: Analyses<'a>,
        function: FunctionValue<'a>,
        outer: Loop<'a>,
        settings: &Settings,
        budget: &Budget,
        index: u32,
    ) -> NestOutcome {
        optimize_nest(se, function, outer, settings, budget, index)
    }
}

/// The core's summary remark ("optimized SCoP ..."), if it optimized the nest.
fn summary(remarks: &[String]) -> Option<&str> {
    remarks.iter().find_map(|r| {
        r.strip_prefix("tessel: ")
            .filter(|r| r.starts_with("optimized SCoP"))
    })
}

/// Replaces the nest rooted at `outer` (which detection accepted) by a call of its
/// optimized version behind a run-time check; emits a remark either way.
fn optimize_nest<'a>(
    se: Analyses<'a>,
    function: FunctionValue<'a>,
    outer: Loop<'a>,
    settings: &Settings,
    budget: &Budget,
    index: u32,
) -> NestOutcome {
    let not_modelled = |why: &str, at| {
        missed(se, outer, why, at);
        NestOutcome::NotModelled
    };
    let left_alone = |why: &str| {
        missed(se, outer, why, None);
        NestOutcome::LeftAlone
    };
    if !check::has_entry_and_exit(outer) {
        return not_modelled("the nest has no single entry and exit", None);
    }
    let live_outs = splice::live_outs(outer);
    let module = StandaloneModule::new();
    let mut t = NestTranslator::new(se, function, outer, module.context());
    (t.exit_values, t.live_outs) = splice::exit_values(se, outer, live_outs);
    let function_name = function.get_name().to_string_lossy().into_owned();
    let name = format!("__tessel_{function_name}_{index}");
    if let Err(e) = t.translate(&name, module.body()) {
        return not_modelled(&e.why, e.at);
    }
    let model = Model {
        arrays: &t.arrays,
        accesses: &t.accesses,
        narrow_values: &t.narrow_values,
        assumed_non_negative: &t.assumed_non_negative,
    };
    let check = match check::build_check(se, outer, &model) {
        Ok(check) => check,
        Err(e) => return not_modelled(&e.describe(), None),
    };
    let overlapping = match splice::overlapping_pairs(se, &t, &check) {
        Ok(pairs) => pairs,
        Err(a) => {
            let at = Some(t.arrays[a].base);
            return not_modelled(
                "an access with no affine subscripts, to an array that may overlap another \
                 the nest writes (alias analysis can't tell them apart)",
                at,
            );
        }
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
        return left_alone(&format!("the core failed: {}", core.error));
    }
    let Some(optimized) = summary(&core.remarks).map(str::to_string) else {
        return left_alone("the core kept the original schedule");
    };
    let spliced = splice::splice(se, function, outer, &t, &check, &overlapping, core, &name);
    let (preheader_branch, optimized_block) = match spliced {
        Ok(blocks) => blocks,
        Err(e) => return left_alone(e.describe()),
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
    NestOutcome::Optimized
}
