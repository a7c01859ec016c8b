//! The public entry points. Each one sets up an isl context, loads the SCoP and
//! computes its dependences once ([`analyzed`]), then runs the steps it needs. Every
//! step runs in [`stage`], which logs its duration for `TESSEL_LOG=debug`.
//!
//! Every call runs under [`Options::time_budget`]: at its end isl aborts whatever it
//! computes. Scheduling and code generation then degrade in steps ([`degrade`]: no
//! fusion, no tiling, the original schedule) before the call gives up, and a note
//! names the stage that ran out. A schedule or AST that fails verification, or an
//! isl failure, costs a rung the same way, with a note that prints the error.

use std::time::{Duration, Instant};

use isl_rs::ScheduleNode;

use crate::analysis::dependences::Dependences;
use crate::analysis::privatization::Conflicts;
use crate::clay::chlore::recover;
use crate::clay::schedule::beta_text;
use crate::clay::{ClaySchedule, Directive};
use crate::codegen::ast::AstNode;
use crate::codegen::astgen::{self, AstMode};
use crate::codegen::gpu::{self, HostNode};
use crate::error::PolyError;
use crate::model::describe;
use crate::model::load::ScopIsl;
use crate::model::scop::{ScalarExpansion, Scop};
use crate::options::AFTER_SCHEDULING;
use crate::scheduler::fusion_space::{self, FusionSpace};
use crate::scheduler::initial;
use crate::support::host::{host_caches, host_vector_bytes, Caches};
use crate::support::isl::{Ctx, IslResult};
use crate::transform::locality::{
    innermost_misses, is_streaming, matrix_sweeps, time_loop_bytes, Locality,
};
use crate::transform::tile::TileOptions;
use crate::transform::{intra_tile, jam, parallel, tile};
use crate::verify;
use crate::{FuseMode, Options, RegisterBlock, SchedulerKind, Target};

/// The result of [`optimize`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Optimized {
    /// The loop AST to emit.
    pub ast: Vec<AstNode>,
    /// The final schedule tree in isl's block YAML text (isl can read it back; see
    /// [`codegen_schedule`]).
    pub schedule_tree: String,
    /// Number of bands tiled.
    pub tiled_bands: usize,
    /// Number of `For` nodes of `ast` marked parallel.
    pub parallel_loops: usize,
    /// Time spent computing the initial schedule (the scheduler alone: no
    /// dependence analysis, transforms, verification or AST generation).
    pub schedule_time: std::time::Duration,
    /// What the user should know, one line each: e.g. that the scheduler failed or
    /// ran out of budget and the original schedule was kept.
    pub notes: Vec<String>,
    /// How each permutable band was tiled (its sizes and their source) or why it was
    /// left untiled, one line each, for the remarks.
    pub tiling: Vec<String>,
    /// Whether a jammed tree was kept (unroll-and-jam around chains, [`jam::jam`]).
    pub jammed: bool,
    /// The scalars that unroll-and-jam gave a slot per copy: codegen allocates and
    /// indexes them so.
    pub expanded: Vec<ScalarExpansion>,
    /// With `target=gpu`: `ast` mapped to host code and kernels.
    pub gpu: Option<Vec<HostNode>>,
    /// Set when the cost model finds that the new code would gain nothing over the
    /// original (`scheduler=auto` only): why. The caller keeps the original code.
    pub no_gain: Option<String>,
}

/// Schedules, transforms, verifies and generates the loop AST of a SCoP.
///
/// Errors: `Budget` when the isl operations budget runs out, `InvalidSchedule` when
/// the final schedule fails verification, `Unsupported` for a malformed SCoP or an
/// AST construct `ast.rs` cannot express, `Isl` for any other isl failure.
pub fn optimize(scop: &Scop, opts: &Options) -> Result<Optimized, PolyError> {
    let _span = scop_span("optimize", scop).entered();
    let opts = &opts.for_target();
    analyzed(scop, opts, |cx, model, deps, clock| {
        let (mut out, mut notes) = degrade(cx, clock, opts, |rung| {
            let fin = final_schedule(cx, model, deps, rung)?;
            generated(cx, model, deps, fin, rung)
        })?;
        notes.append(&mut out.notes);
        out.notes = notes;
        if opts.target == Target::Gpu {
            out.gpu = Some(gpu::map(&out.ast, opts.gpu_block, opts.gpu_promote));
        }
        Ok(out)
    })
}

/// Verifies a schedule tree given in isl text (e.g. an edited [`Optimized::schedule_tree`])
/// and generates its AST. `opts` gives the budget; the scheduler and transform
/// options are ignored, and `tiled_bands` is 0. The tree may carry `parallel` marks
/// ([`crate::PARALLEL_MARK`]); they are verified like the optimizer's own.
pub fn codegen_schedule(
    scop: &Scop,
    opts: &Options,
    schedule_tree: &str,
) -> Result<Optimized, PolyError> {
    let _span = scop_span("codegen_schedule", scop).entered();
    analyzed(scop, opts, |cx, model, deps, _| {
        let tree = parse_tree(cx, schedule_tree)?;
        finish(cx, model, deps, tree, 0, 0)
    })
}

/// The code of a final schedule: unroll-and-jam, verification and AST generation
/// ([`finish`]), then the parallel marks that pay and the register loops.
fn generated(
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
        crate::codegen::ast::mark_register_loops(&mut out.ast, true);
    }
    Ok(out)
}

/// On a CPU, clears the parallel marks that cost more than they gain
/// ([`crate::codegen::ast::keep_profitable_parallel`]); a GPU maps them all.
fn keep_profitable_parallel(out: &mut Optimized, opts: &Options) {
    if opts.target == Target::Cpu {
        out.parallel_loops = crate::codegen::ast::keep_profitable_parallel(&mut out.ast);
    }
}

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

fn replay(cx: &Ctx, scop: &Scop, script: &[Directive]) -> Result<ClaySchedule, PolyError> {
    let mut schedule = ClaySchedule::from_scop(cx, scop)?;
    for (k, d) in script.iter().enumerate() {
        let refused = |why: String| PolyError::Script(format!("directive {}: {why}", k + 1));
        schedule.apply(d).map_err(refused)?;
        schedule
            .check_global_validity(cx)
            .map_err(|why| refused(format!("{d}: {why}")))?;
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
        PolyError::InvalidSchedule(why) => {
            PolyError::Script(format!("the script breaks a dependence: {why}"))
        }
        e => e,
    };
    analyzed(scop, opts, |cx, model, deps, _| {
        let schedule = stage("clay", || replay(cx, scop, script))?;
        let tree = schedule.tree(cx, &model.domain)?;
        if opts.transforms_after_scheduling() {
            // tessel-optimize's transforms on the script's schedule, as on a
            // scheduler's: they choose the parallel loops among the tile loops.
            if let Some(p) = schedule.parallel_loops().first() {
                return Err(PolyError::Script(format!(
                    "parallelize {}: with tiling, unroll-and-jam or register blocks on, \
                     the parallel loops are chosen after them (option `parallel`); drop \
                     the directive, or turn those options off",
                    beta_text(p)
                )));
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
            out.notes.push(format!(
                "loop {} stays sequential: parallelize marked only part of it",
                beta_text(&p)
            ));
        }
        Ok(out)
    })
}

/// What [`clay_explain`] found for one SCoP.
#[derive(Clone, Debug)]
pub struct Explained {
    /// The Clay script from the original schedule to the scheduler's.
    pub script: Vec<Directive>,
    /// The options whose `tessel-optimize` code the script reproduces.
    pub options: Options,
    /// The options the script's `generate` needs for that code (the transforms that
    /// follow scheduling: [`crate::options::AFTER_SCHEDULING`]), as
    /// [`Options::apply_text`] reads them over the defaults without transforms;
    /// empty when none.
    pub generate_options: String,
    /// Time to read the optimizer's tree back and recover the script (not the
    /// scheduling), as seed 003 §6.4 measures it.
    pub recovery_time: Duration,
    /// Whether the script's code is the optimizer's (the same AST). When not, it
    /// orders every pair of instances alike, but the code differs in shape (e.g.
    /// isl interleaves the independent children of a set node, where Clay orders
    /// blocks; or the optimizer's bands are split where Clay's perfect nest is one).
    pub same_code: bool,
    /// Set when `tessel-optimize` keeps the SCoP's original code, as its cost model
    /// finds no gain in the schedule ([`Optimized::no_gain`]): why. The script gives
    /// that schedule's code all the same (and `same_code` is false).
    pub kept_original: Option<String>,
}

impl Explained {
    /// The options of `tessel-optimize` (beside the scheduler) whose code the script
    /// gives, as a pass pipeline writes them: empty for the defaults.
    pub fn optimize_options(&self) -> String {
        after_scheduling(&self.options).text_over(&Options::default(), AFTER_SCHEDULING)
    }
}

/// `opts` with a wavefront only where there is tiling (it means nothing without).
fn after_scheduling(opts: &Options) -> Options {
    Options {
        wavefront: opts.wavefront && opts.tile,
        ..opts.clone()
    }
}

/// The optimizer's schedule for `scop` explained as a Clay script (seed 003 §6,
/// Chlore). The schedule is computed as [`optimize`] would with `opts`; what is
/// explained is the scheduler's tree, before the transforms that follow it (tiling,
/// post-tile reordering, unroll-and-jam, register blocks, and then the parallel
/// marks), which the script's `generate` repeats with the same options
/// ([`Explained::generate_options`]). With those transforms off, the tree with its
/// parallel marks is explained (`parallelize`). It is read back as a Clay target,
/// and the recovered script is checked twice: its replay gives that target, and the
/// target orders every pair of instances as the optimizer's tree does. A schedule
/// with no Clay form yet is a [`PolyError::Unsupported`] that says why.
pub fn clay_explain(scop: &Scop, opts: &Options) -> Result<Explained, PolyError> {
    let _span = scop_span("clay_explain", scop).entered();
    let options = after_scheduling(opts);
    let transforms = options.transforms_after_scheduling();
    analyzed(scop, &options, |cx, model, deps, clock| {
        let fin = final_schedule(cx, model, deps, &options)?;
        let locality = Locality::new(cx, model, caches(&options).line)?;
        // The code of a tree as the optimizer's (or the script's `generate`) gives
        // it: with the transforms, from the scheduler's tree; without, from the tree
        // with its parallel marks.
        let code_of = |tree: isl_rs::Schedule, clay: bool| -> Result<Vec<AstNode>, PolyError> {
            if !transforms {
                return Ok(finish_tree(cx, model, deps, tree, 0)?.ast);
            }
            let tree = if clay {
                initial::permutable_bands(cx, tree, deps.conflicts())?
            } else {
                tree
            };
            let fin = transformed(cx, deps, &locality, &options, tree)?;
            Ok(generated(cx, model, deps, fin, &options)?.ast)
        };
        let explained_tree = if transforms {
            fin.scheduled.copy().isl(cx)?
        } else {
            fin.tree.copy().isl(cx)?
        };
        // The optimizer's code (verified on the way, as finish_tree verifies every
        // tree), for the order in which it runs the statements: the independent
        // parts of set nodes, which the AST generator orders.
        let optimized = generated(cx, model, deps, fin, &options)?;
        // Where the cost model finds no gain, tessel-optimize keeps the original
        // code; the script still says what the schedule it set aside is.
        let kept_original = optimized.no_gain.clone();
        let generated_ast = if transforms {
            optimized.ast
        } else {
            code_of(explained_tree.copy().isl(cx)?, false)?
        };
        // The statements' order in the code of the explained tree itself (before
        // tiling and unroll-and-jam, which interleave statements).
        let order_ast = if transforms {
            finish_tree(cx, model, deps, explained_tree.copy().isl(cx)?, 0)?.ast
        } else {
            generated_ast.clone()
        };
        let mut first_seen = vec![usize::MAX; scop.statements.len()];
        let mut seen = 0;
        crate::codegen::ast::visit_statements(&order_ast, &mut |s| {
            if let Some(r) = first_seen.get_mut(s.0) {
                if *r == usize::MAX {
                    *r = seen;
                    seen += 1;
                }
            }
        });
        let never_run = model
            .statements
            .iter()
            .map(|st| st.domain.is_empty().isl(cx))
            .collect::<Result<Vec<bool>, PolyError>>()?;
        let start = Instant::now();
        let source = ClaySchedule::from_scop(cx, scop)?;
        let theirs = explained_tree
            .get_map()
            .isl(cx)?
            .intersect_domain(model.domain.copy().isl(cx)?)
            .isl(cx)?;
        // A statement constant in a loop goes beside it, before or after, as orders
        // the instances like the tree (checked on the domain). Tried: all before,
        // all after, then one statement on the other side.
        let n = scop.statements.len();
        let mut choices: Vec<Vec<i64>> = vec![vec![-1; n], vec![1; n]];
        for base in [-1, 1] {
            for k in 0..n {
                let mut sides = vec![base; n];
                sides[k] = -base;
                choices.push(sides);
            }
        }
        // Last, the tree's own shape: the constant member is a one-iteration loop of
        // every statement that has a loop (Chlore adds it by STRIPMINE of size 1),
        // then of every statement (one with no loop gets it by EMBED).
        for base in [-1, 1] {
            choices.push(
                source
                    .statements
                    .iter()
                    .map(|(_, inputs)| if *inputs == 0 { base } else { 0 })
                    .collect(),
            );
        }
        choices.push(vec![0; n]);
        const TREE_SHAPED: usize = 3;
        // The first reading that orders the instances as the tree does and whose code
        // is the optimizer's (of the readings beside the loops, only the first that
        // orders them alike is compared); failing that, that first one (set nodes:
        // isl interleaves independent statements that Clay orders as blocks). The
        // code generated to compare readings is not recovery time.
        let mut reading: Option<(ClaySchedule, Vec<Directive>, bool)> = None;
        let mut why =
            "a statement constant in a loop sorts neither before nor after it".to_string();
        let mut comparing = Duration::ZERO;
        // The comparisons are a refinement: they may use half the time left, and
        // once that is spent the first reading found stands (the rest of the budget
        // is for the replay check below).
        let compare_until = clock.share(COMPARE_SHARE);
        let mut compare_spent = false;
        let tree_shaped = choices.len() - TREE_SHAPED;
        for (k, sides) in choices.iter().enumerate() {
            // One reading beside the loops is compared, then the tree-shaped ones.
            if (k < tree_shaped || compare_spent) && reading.is_some() {
                continue;
            }
            let target = stage("clay", || {
                ClaySchedule::from_tree(
                    cx,
                    &explained_tree,
                    &source,
                    sides,
                    &first_seen,
                    &never_run,
                )
            })?;
            let ours = target
                .union_map(cx)?
                .intersect_domain(model.domain.copy().isl(cx)?)
                .isl(cx)?;
            if !same_order(cx, &ours, &theirs)? {
                continue;
            }
            let script = match stage("chlore", || {
                recover(&source, &target).map_err(PolyError::Unsupported)
            }) {
                Ok(script) => script,
                Err(PolyError::Unsupported(e)) => {
                    why = e;
                    continue;
                }
                Err(e) => return Err(e),
            };
            let compare = Instant::now();
            let tree = target.tree(cx, &model.domain)?;
            cx.set_deadline(compare_until);
            let code = code_of(tree, true);
            cx.set_deadline(clock.end);
            compare_spent = matches!(code, Err(PolyError::TimeBudget { .. }))
                || compare_until.is_some_and(|end| Instant::now() >= end);
            let same_code = matches!(code, Ok(ast) if ast == generated_ast);
            comparing += compare.elapsed();
            if same_code {
                reading = Some((target, script, true));
                break;
            }
            reading.get_or_insert((target, script, false));
        }
        let (target, script, same_code) =
            reading.ok_or_else(|| PolyError::Unsupported(format!("not recovered: {why}")))?;
        let recovery_time = start.elapsed().saturating_sub(comparing);
        // The oracle: the script gives the target.
        let replayed = replay(cx, scop, &script)?;
        if !replayed.same_as(&target, cx)? {
            return Err(PolyError::Isl(
                "Chlore: the recovered script does not give the optimizer's schedule".into(),
            ));
        }
        let generate_options =
            options.text_over(&Options::default().without_transforms(), AFTER_SCHEDULING);
        Ok(Explained {
            script,
            options: options.clone(),
            generate_options,
            recovery_time,
            same_code: same_code && kept_original.is_none(),
            kept_original,
        })
    })
}

/// The part of the time left after scheduling that explain's code comparisons may
/// use (see [`clay_explain`]).
const COMPARE_SHARE: f64 = 0.5;

/// Whether two schedules of the same instances order every pair alike.
fn same_order(cx: &Ctx, a: &isl_rs::UnionMap, b: &isl_rs::UnionMap) -> Result<bool, PolyError> {
    let before_a = a
        .copy()
        .isl(cx)?
        .lex_lt_union_map(a.copy().isl(cx)?)
        .isl(cx)?;
    let before_b = b
        .copy()
        .isl(cx)?
        .lex_lt_union_map(b.copy().isl(cx)?)
        .isl(cx)?;
    before_a.is_equal(&before_b).isl(cx)
}

/// Checks a schedule tree given in isl text against the exact dependences of `scop`:
/// `Ok(())` or [`PolyError::InvalidSchedule`] saying what is violated.
pub fn verify_schedule(scop: &Scop, opts: &Options, schedule_tree: &str) -> Result<(), PolyError> {
    let _span = scop_span("verify_schedule", scop).entered();
    analyzed(scop, opts, |cx, model, deps, _| {
        let tree = parse_tree(cx, schedule_tree)?;
        stage("verify", || verify::verify(cx, &tree, model, deps))
    })
}

/// The SCoP as isl reads it back (each relation normalized by isl):
///
/// ```text
/// context: [N] -> {  : N > 0 }
/// S0:
///   domain: [N] -> { S0[i] : 0 <= i < N }
///   schedule: [N] -> { S0[i] -> [0, i, 0] }
///   read: [N] -> { S0[i] -> A[i] }
///   must-write: [N] -> { S0[i] -> B[i] }
///   may-write: ...
/// S1:
///   ...
/// ```
///
/// Statements and accesses keep the order of `scop`. Domains and accesses are shown
/// as given (not intersected with the context).
pub fn describe_scop(scop: &Scop) -> Result<String, PolyError> {
    let _span = scop_span("describe_scop", scop).entered();
    let defaults = Options::default();
    let cx = Ctx::new(defaults.max_operations)?;
    cx.set_deadline(Clock::start(&defaults).end);
    let model = stage("load", || ScopIsl::load(&cx, scop))?;
    describe::scop_text(&cx, scop, &model)
}

/// The exact dependences, one line per kind (see [`Dependences::to_text`]):
///
/// ```text
/// flow: [N] -> { S0[i] -> S1[i' = i] : 0 <= i < N }
/// anti: [N] -> {  }
/// output: [N] -> {  }
/// ```
///
/// An empty kind prints as isl prints an empty map (parameters, then `{  }`).
pub fn describe_dependences(scop: &Scop, opts: &Options) -> Result<String, PolyError> {
    let _span = scop_span("describe_dependences", scop).entered();
    analyzed(scop, opts, |cx, _, deps, _| deps.to_text(cx))
}

/// The final (verified) schedule tree after the transforms `opts` asks for, in isl's
/// block YAML text, followed by one line per statement with its flattened schedule
/// in Pluto's notation, in terms of the statement's own iterators:
///
/// ```text
/// domain: "[N] -> { S0[i] : 0 <= i < N }"
/// child:
///   schedule: "[N] -> [{ S0[i] -> [(i)] }]"
///   permutable: 1
///   coincident: [ 1 ]
/// T(S0): (i)
/// ```
///
/// The `T(..)` lines lay out dimensions as `isl_schedule_get_map` does: every band
/// member in order from the root, and the child position under each sequence (or
/// set) node as a constant; statements are padded with `0` to one length. Members
/// are printed with the band's own expressions, e.g. `i - (i) mod 32` for a tile
/// origin.
pub fn describe_schedule(scop: &Scop, opts: &Options) -> Result<String, PolyError> {
    let _span = scop_span("describe_schedule", scop).entered();
    let opts = &opts.for_target();
    analyzed(scop, opts, |cx, model, deps, clock| {
        let (text, _) = degrade(cx, clock, opts, |rung| {
            let fin = final_schedule(cx, model, deps, rung)?;
            stage("verify", || verify::verify(cx, &fin.tree, model, deps))?;
            // With its unroll-and-jam where that verifies, as `optimize` has it.
            let tree = match jam_verified(cx, model, deps, &fin.tree, rung.unroll_jam)? {
                Some(jammed) => jammed,
                None => fin.tree,
            };
            describe::schedule_text(cx, &tree, model)
        })?;
        Ok(text)
    })
}

/// The legal fusion structures of the SCoP at the outermost level (seed 002's F^1,
/// with `opts.fusion_slack` as Definition 7's `c`), with the sizes of O and F^1 and
/// what the pairwise and path tests found.
pub fn fusion_space(scop: &Scop, opts: &Options) -> Result<FusionSpace, PolyError> {
    let _span = scop_span("fusion_space", scop).entered();
    let start = Instant::now();
    let mut space = analyzed(scop, opts, |cx, model, deps, _| {
        stage("fusion space", || {
            fusion_space::compute(cx, model, deps, opts.fusion_slack)
        })
    })?;
    space.with_dependences = start.elapsed();
    space.model_key = crate::model::key::model_key(scop);
    space.target = tuning_target(opts);
    Ok(space)
}

/// The target a tuning database entry holds for (issue 40): the CPU model, the
/// caches and vector width that `opts` gives the optimizer's models, and the OpenMP
/// threads expected ([`crate::support::host::expected_threads`]).
pub fn tuning_target(opts: &Options) -> String {
    let c = caches(opts);
    let vector = match opts.vector_bytes {
        0 => host_vector_bytes(),
        bytes => bytes,
    };
    format!(
        "{}; L2 {}; line {}; vector {}; threads {}",
        crate::support::host::host_cpu_model(),
        c.l2,
        c.line,
        vector,
        crate::support::host::expected_threads()
    )
}

/// [`fusion_space`] as text ([`FusionSpace::to_text`]): each structure on a line
/// of its own as `fusion-structure=...`, the value `tessel-optimize` takes.
pub fn describe_fusion_space(scop: &Scop, opts: &Options) -> Result<String, PolyError> {
    fusion_space(scop, opts).map(|space| space.to_text())
}

/// The span every stage event of one SCoP is logged in.
fn scop_span(entry: &'static str, scop: &Scop) -> tracing::Span {
    tracing::debug_span!("scop", entry, statements = scop.statements.len())
}

/// Runs one pipeline step and logs its duration in milliseconds.
fn stage<T>(
    name: &'static str,
    step: impl FnOnce() -> Result<T, PolyError>,
) -> Result<T, PolyError> {
    let start = Instant::now();
    let out = step().map_err(|e| match e {
        PolyError::TimeBudget { stage: "" } => PolyError::TimeBudget { stage: name },
        e => e,
    });
    let ms = start.elapsed().as_secs_f64() * 1e3;
    tracing::debug!(stage = name, ms, ok = out.is_ok(), "stage");
    out
}

/// Sets up what every entry point but [`describe_scop`] starts from: an isl context
/// with the budget of `opts`, the SCoP loaded into it and its dependences; then runs
/// `then` on them. (A closure, because the dependences borrow the context.) The
/// whole call runs under the time budget of `opts`.
fn analyzed<T>(
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
struct Clock {
    /// `None`: no limit.
    end: Option<Instant>,
}

impl Clock {
    fn start(opts: &Options) -> Clock {
        let budget = opts.time_budget;
        Clock {
            end: (!budget.is_zero()).then(|| Instant::now() + budget),
        }
    }

    /// The instant `share` of the way from now to the end.
    fn share(self, share: f64) -> Option<Instant> {
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
fn degrade<T>(
    cx: &Ctx,
    clock: Clock,
    opts: &Options,
    mut attempt: impl FnMut(&Options) -> Result<T, PolyError>,
) -> Result<(T, Vec<String>), PolyError> {
    let ladder = rungs(opts);
    let mut notes = Vec::new();
    // The ladder always starts with `opts` itself; the last rung's error is final.
    let Some(((last, _), earlier)) = ladder.split_last() else {
        cx.set_deadline(clock.end);
        return attempt(opts).map(|out| (out, notes));
    };
    for (k, (rung, what)) in earlier.iter().enumerate() {
        cx.set_deadline(clock.share(RUNG_SHARE));
        match attempt(rung) {
            Ok(out) => return Ok((out, notes)),
            Err(PolyError::TimeBudget { stage }) => {
                let lower = ladder.get(k + 1).map_or("", |(_, lower)| *lower);
                tracing::debug!(stage, what, lower, "out of time; degrading");
                notes.push(format!(
                    "time budget: {stage} ran out of time {what}; retried {lower}"
                ));
            }
            // A bug (isl failed, or a schedule or its AST failed verification), or an
            // isl AST the conversion cannot express, also costs a rung, not the whole
            // optimization: every rung is verified again.
            Err(e) if e.refuses_the_schedule() => {
                let lower = ladder.get(k + 1).map_or("", |(_, lower)| *lower);
                tracing::debug!(error = %e, what, lower, "refused; degrading");
                notes.push(format!("refused {what} ({e}); retried {lower}"));
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
fn rungs(opts: &Options) -> Vec<(Options, &'static str)> {
    let mut ladder = vec![(opts.clone(), "as asked")];
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
        ladder.push((lower.clone(), "without fusion"));
    }
    if lower.tile {
        lower.tile = false;
        ladder.push((lower.clone(), "without tiling"));
    }
    if lower.scheduler != SchedulerKind::Identity {
        lower.scheduler = SchedulerKind::Identity;
        ladder.push((lower, "with the original schedule"));
    }
    ladder
}

fn parse_tree(cx: &Ctx, text: &str) -> Result<isl_rs::Schedule, PolyError> {
    cx.parse("schedule tree", text, isl_rs::Schedule::read_from_str)
}

/// A schedule tree with the transforms of `opts` applied (not yet verified).
struct FinalSchedule {
    tree: isl_rs::Schedule,
    /// The tree before the transforms: the scheduler's (what `tessel-explain`
    /// explains when the transforms are on).
    scheduled: isl_rs::Schedule,
    tiled_bands: usize,
    /// Bands tiled in time ([`tile::TileReport::time_tiles`]).
    time_tiles: usize,
    /// Number of parallel marks.
    parallel_marks: usize,
    schedule_time: Duration,
    notes: Vec<String>,
    /// See [`Optimized::tiling`].
    tiling: Vec<String>,
    /// `scheduler=auto`: set when the chosen schedule crosses no fewer cache lines,
    /// nor sweeps the matrices fewer times, than the original order (see
    /// [`no_locality_gain`]).
    no_locality_gain: Option<String>,
}

/// Runs `step` with the context's deadline moved to `share` of the time left (none
/// without a deadline), then puts the deadline back: a step that may crawl costs its
/// share, and what follows keeps the rest.
fn with_share<T>(cx: &Ctx, share: f64, step: impl FnOnce() -> T) -> T {
    let deadline = cx.deadline();
    cx.set_deadline(deadline.map(|end| {
        let now = Instant::now();
        now + end.saturating_duration_since(now).mul_f64(share)
    }));
    let out = step();
    cx.set_deadline(deadline);
    out
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

fn final_schedule(
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
                scored.push(format!(
                    "{} ran out of its share of the time budget",
                    kind.name()
                ));
                continue;
            }
            Err(e) => return Err(e),
        };
        schedule_time += fin.schedule_time;
        let misses = match misses {
            Ok(misses) => misses,
            Err(rejected) => {
                scored.push(format!("{} rejected ({rejected})", kind.name()));
                continue;
            }
        };
        scored.push(format!(
            "{} {misses}{}",
            kind.name(),
            if fin.parallel_marks == 0 {
                " (no parallel loop)"
            } else {
                ""
            }
        ));
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
    let mut time_note = String::new();
    let (misses, _) = verified[chosen].0;
    let tiled = verified
        .iter()
        .position(|((m, no_parallel), fin, _)| fin.time_tiles > 0 && !*no_parallel && *m <= misses);
    if let Some(i) = tiled.filter(|&i| i != chosen) {
        let bytes = stage("cost model", || {
            time_loop_bytes(cx, &verified[chosen].1.tree, &locality, model)
        })?;
        if let Some(bytes) = bytes.filter(|&b| b > caches(opts).l2 / 2) {
            time_note = format!(
                "; {}'s time loop walks about {} KiB per step at the nominal sizes, over \
                 half of the L2, so {}'s time tiles",
                verified[chosen].2.name(),
                bytes / 1024,
                verified[i].2.name()
            );
            chosen = i;
        }
    }
    let ((misses, _), mut fin, mut kind) = verified.swap_remove(chosen);
    // The original order, when it walks the matrices fewer times for no more cache
    // lines: bicg's one sweep of `A` against isl's and Pluto's two (measured in
    // docs/architecture-decisions.md, "The original order as a candidate").
    let preset = kind.name();
    let mut sweeps_note = String::new();
    // What the kept tree scores: cache lines, and matrix sweeps on a streaming SCoP.
    let mut scores = (misses, None);
    if stage("cost model", || is_streaming(cx, model))? {
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
        sweeps_note = format!(
            "; matrix sweeps: {preset} {sweeps}, the original order {original_sweeps} with \
             {original_misses} cache lines"
        );
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
    fin.notes.push(format!(
        "cost model: chose {} (cache lines crossed per innermost iteration: {}{sweeps_note}{time_note})",
        kind.name(),
        scored.join(", ")
    ));
    if fin.tiled_bands == 0 {
        fin.no_locality_gain = stage("cost model", || {
            no_locality_gain(cx, model, deps, &locality, scores)
        })?;
    }
    Ok(fin)
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
) -> Result<Option<String>, PolyError> {
    let original = initial::identity(cx, model, deps.conflicts())?;
    let original_misses = innermost_misses(cx, &original, locality)?;
    if misses < original_misses {
        return Ok(None);
    }
    let mut sweeps_text = String::new();
    if let Some(new) = sweeps {
        let old = matrix_sweeps(cx, &original, model)?;
        if new < old {
            return Ok(None);
        }
        sweeps_text = format!(", {new} matrix sweeps against {old}");
    }
    Ok(Some(format!(
        "the cost model finds no gain: no parallel loop, tile or unroll-and-jam, and \
         {misses} cache lines crossed per innermost iteration against the original \
         order's {original_misses}{sweeps_text}"
    )))
}

/// [`final_schedule`] for one preset, with the SCoP's `locality` (built once per
/// call, not once per preset).
fn preset_schedule(
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
fn transformed(
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
            tile::tile(cx, tree, &tiling, locality, deps.conflicts())
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
            intra_tile::order_for_gpu,
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
    tracing::debug!(tiled, "schedule tree built");
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
fn caches(opts: &Options) -> Caches {
    let mut caches = host_caches();
    if opts.line_size != 0 {
        caches.line = opts.line_size;
    }
    if opts.l2_size != 0 {
        caches.l2 = opts.l2_size;
    }
    caches
}

/// Verification, AST generation and the result record. With `unroll_jam` > 1 the
/// tree is first jammed ([`jam::jam`]), with [`JAM_SHARE`] of the time left; when
/// the jammed tree fails verification or runs out of its time, the tree as given
/// goes on, with a note saying why.
fn finish(
    cx: &Ctx,
    model: &ScopIsl,
    deps: &Dependences<'_>,
    tree: isl_rs::Schedule,
    tiled_bands: usize,
    unroll_jam: u64,
) -> Result<Optimized, PolyError> {
    let chains = i64::try_from(unroll_jam).unwrap_or(0);
    if chains <= 1 {
        return finish_tree(cx, model, deps, tree, tiled_bands);
    }
    let attempt = with_share(cx, JAM_SHARE, || {
        jammed(cx, model, deps, &tree, tiled_bands, chains)
    });
    let why = match attempt {
        Ok(Jammed::Kept(out)) => return Ok(out),
        Ok(Jammed::NotApplicable) => None,
        Ok(Jammed::Refused(why)) => Some(why),
        Err(PolyError::TimeBudget { .. } | PolyError::Budget) => {
            cx.reset_operations();
            Some("unroll-and-jam: not kept (it ran out of its share of the budget)".into())
        }
        Err(e) => return Err(e),
    };
    let mut out = finish_tree(cx, model, deps, tree, tiled_bands)?;
    out.notes.splice(0..0, why);
    Ok(out)
}

/// A tree's jam before the expanded model is built.
enum Candidate {
    /// Nothing to jam (or `unroll-jam` off, or live-range reordering on).
    Nothing,
    /// Jammed, but the cheap order test refuses it: the note says why.
    Refused(String),
    /// The jammed tree and what was jammed.
    Jammed(isl_rs::Schedule, String),
}

/// `tree` jammed so that `chains` chains run side by side ([`jam::jam`]). The pairs
/// of every array but the scalars a jam may expand must keep their order: a cheap
/// test first, before the dependences of the expanded model.
fn jam_candidate(
    cx: &Ctx,
    model: &ScopIsl,
    deps: &Dependences<'_>,
    tree: &isl_rs::Schedule,
    chains: i64,
) -> Result<Candidate, PolyError> {
    if chains <= 1 || deps.live_ranges().is_some() {
        return Ok(Candidate::Nothing);
    }
    let (jammed, what) = stage("unroll-and-jam", || {
        jam::jam(cx, tree.copy().isl(cx)?, model, deps.conflicts(), chains)
    })?;
    let Some(what) = what else {
        return Ok(Candidate::Nothing);
    };
    if !stage("unroll-and-jam", || {
        verify::in_order(cx, &jammed, &deps.conflicts().shared)
    })? {
        return Ok(Candidate::Refused(format!(
            "unroll-and-jam of {what}: not kept (interleaving the copies would reverse a \
             dependence)"
        )));
    }
    Ok(Candidate::Jammed(jammed, what))
}

/// The part of the time left that unroll-and-jam may spend; the rest stays for the
/// tree without it.
const JAM_SHARE: f64 = 0.5;

/// What became of the jam of a tree.
enum Jammed {
    /// Nothing to jam.
    NotApplicable,
    /// Jammed, verified and generated.
    Kept(Optimized),
    /// Jammed but refused: the note says why.
    Refused(String),
}

fn jammed(
    cx: &Ctx,
    model: &ScopIsl,
    deps: &Dependences<'_>,
    tree: &isl_rs::Schedule,
    tiled_bands: usize,
    chains: i64,
) -> Result<Jammed, PolyError> {
    let (jammed, what) = match jam_candidate(cx, model, deps, tree, chains)? {
        Candidate::Nothing => return Ok(Jammed::NotApplicable),
        Candidate::Refused(why) => return Ok(Jammed::Refused(why)),
        Candidate::Jammed(jammed, what) => (jammed, what),
    };
    match finish_tree(cx, model, deps, jammed, tiled_bands) {
        Ok(mut out) => {
            let copies = if out.expanded.is_empty() {
                "each copy on elements of its own"
            } else {
                "with a copy of the scalar per unrolled iteration"
            };
            out.notes
                .insert(0, format!("unroll-and-jam: {what} and jammed, {copies}"));
            out.jammed = true;
            Ok(Jammed::Kept(out))
        }
        Err(PolyError::InvalidSchedule(why)) => {
            let why: String = why.chars().take(200).collect();
            Ok(Jammed::Refused(format!(
                "unroll-and-jam of {what}: not kept ({why}...)"
            )))
        }
        Err(e) => Err(e),
    }
}

/// [`finish`] for one tree: the scalars its jam marks expand ([`jam::expansions`])
/// change the model, and the dependences are computed again for it.
fn finish_tree(
    cx: &Ctx,
    model: &ScopIsl,
    deps: &Dependences<'_>,
    tree: isl_rs::Schedule,
    tiled_bands: usize,
) -> Result<Optimized, PolyError> {
    let storage = Storage::of(cx, model, deps, &tree)?;
    let (model, deps) = storage.get(model, deps);
    let schedule_tree = cx.schedule_text(&tree)?;
    let verified = stage("verify", || verify::verify(cx, &tree, model, deps));
    if let Err(e @ PolyError::InvalidSchedule(_)) = &verified {
        tracing::debug!(error = %e, tree = schedule_tree, "schedule refused");
    }
    verified?;
    let generate = |mode| {
        let ast = stage("AST generation", || {
            generate_ast(cx, model, deps, &tree, mode)
        })?;
        stage("verify AST", || {
            verify::check_ast(cx, &ast.as_generated, &tree, model, deps)
        })?;
        Ok::<_, PolyError>(ast.emitted)
    };
    let mut notes = Vec::new();
    // Each mode gives up a little more (see `AstMode`) until isl's AST passes the
    // check. isl's own failures are retried the same way: isl 0.27 can fail with
    // "input involves unknown divs" while it builds a guard
    // (`insert_pending_guard_nodes` in isl_ast_graft.c; difftest seed 800941). When
    // every mode fails, the error goes to `degrade`, which drops a rung.
    let mut refused: Option<PolyError> = None;
    let mut ast = None;
    for mode in AstMode::ALL {
        match generate(mode) {
            Ok(generated) => {
                if let Some(first) = &refused {
                    notes.push(format!(
                        "AST generation: isl's first AST was refused ({first}); regenerated {}",
                        mode.what_changes()
                    ));
                }
                ast = Some(generated);
                break;
            }
            Err(e) if e.refuses_the_schedule() => {
                refused.get_or_insert(e);
            }
            Err(e) => return Err(e),
        }
    }
    let Some(ast) = ast else {
        return Err(refused.unwrap_or_else(|| PolyError::Isl("no AST mode".into())));
    };
    let parallel_loops = crate::codegen::ast::count_parallel(&ast);
    tracing::debug!(tiled_bands, parallel_loops, "AST generated");
    Ok(Optimized {
        ast,
        schedule_tree,
        tiled_bands,
        parallel_loops,
        schedule_time: Duration::ZERO,
        notes,
        tiling: Vec::new(),
        jammed: false,
        expanded: storage.expanded,
        gpu: None,
        no_gain: None,
    })
}

/// What a tree is verified and generated against: the SCoP, or the SCoP with the
/// scalars its jam marks expand ([`jam::expansions`]) and their dependences, computed
/// again.
struct Storage<'cx> {
    expanded: Vec<ScalarExpansion>,
    model: Option<(ScopIsl, Dependences<'cx>)>,
}

impl<'cx> Storage<'cx> {
    fn of(
        cx: &'cx Ctx,
        model: &ScopIsl,
        deps: &Dependences<'cx>,
        tree: &isl_rs::Schedule,
    ) -> Result<Storage<'cx>, PolyError> {
        let expanded = stage("unroll-and-jam", || {
            jam::expansions(cx, tree, model, deps.conflicts())
        })?;
        if expanded.is_empty() {
            return Ok(Storage {
                expanded,
                model: None,
            });
        }
        let expanded_model = model.with_expanded(cx, &expanded)?;
        let expanded_deps = stage("dependences", || {
            Dependences::compute(cx, &expanded_model, deps.live_ranges().is_some())
        })?;
        Ok(Storage {
            expanded,
            model: Some((expanded_model, expanded_deps)),
        })
    }

    fn get<'a>(
        &'a self,
        model: &'a ScopIsl,
        deps: &'a Dependences<'cx>,
    ) -> (&'a ScopIsl, &'a Dependences<'cx>) {
        match &self.model {
            Some((m, d)) => (m, d),
            None => (model, deps),
        }
    }
}

/// `tree` jammed by `unroll_jam`, when that applies and the jammed tree verifies
/// (no AST is generated: for [`describe_schedule`]).
fn jam_verified(
    cx: &Ctx,
    model: &ScopIsl,
    deps: &Dependences<'_>,
    tree: &isl_rs::Schedule,
    unroll_jam: u64,
) -> Result<Option<isl_rs::Schedule>, PolyError> {
    let chains = i64::try_from(unroll_jam).unwrap_or(0);
    let Candidate::Jammed(jammed, _) = jam_candidate(cx, model, deps, tree, chains)? else {
        return Ok(None);
    };
    let storage = Storage::of(cx, model, deps, &jammed)?;
    let (model, deps) = storage.get(model, deps);
    match verify::verify(cx, &jammed, model, deps) {
        Ok(()) => Ok(Some(jammed)),
        Err(PolyError::InvalidSchedule(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// isl's AST of `tree` for the SCoP `model`.
fn generate_ast(
    cx: &Ctx,
    model: &ScopIsl,
    deps: &Dependences<'_>,
    tree: &isl_rs::Schedule,
    mode: AstMode,
) -> Result<astgen::Generated, PolyError> {
    astgen::generate(cx, tree.copy().isl(cx)?, model, deps.conflicts(), mode)
}

/// For the tests of `verify::check_ast`: the AST isl generates for `tree` under
/// `opts`, which must pass the check, edited by `edit`, then checked again.
#[cfg(test)]
pub(crate) fn check_edited_ast(
    scop: &Scop,
    opts: &Options,
    tree: &str,
    edit: impl FnOnce(&mut Vec<AstNode>),
) -> Result<(), PolyError> {
    analyzed(scop, opts, |cx, model, deps, _| {
        let tree = parse_tree(cx, tree)?;
        let mut ast = generate_ast(cx, model, deps, &tree, AstMode::MayShift)?.as_generated;
        verify::check_ast(cx, &ast, &tree, model, deps)?;
        edit(&mut ast);
        verify::check_ast(cx, &ast, &tree, model, deps)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(opts: &Options) -> Vec<&'static str> {
        rungs(opts).into_iter().map(|(_, what)| what).collect()
    }

    #[test]
    fn each_rung_asks_for_less() {
        let opts = Options::default();
        assert_eq!(
            labels(&opts),
            [
                "as asked",
                "without fusion",
                "without tiling",
                "with the original schedule"
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
        assert_eq!(labels(&identity), ["as asked"]);
        let reference = Options {
            scheduler: SchedulerKind::IslReference,
            ..Options::default()
        };
        // isl's scheduler has no fusion option of ours.
        assert_eq!(
            labels(&reference),
            ["as asked", "without tiling", "with the original schedule"]
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
