//! The public entry points. Each one sets up an isl context, loads the SCoP and
//! computes its dependences once ([`analyzed`]), then runs the steps it needs. Every
//! step runs in [`stage`], which logs its duration for `TESSEL_LOG=debug`.

use std::time::{Duration, Instant};

use crate::analysis::dependences::Dependences;
use crate::codegen::ast::AstNode;
use crate::codegen::astgen;
use crate::error::PolyError;
use crate::model::describe;
use crate::model::load::ScopIsl;
use crate::model::scop::Scop;
use crate::scheduler::initial;
use crate::support::isl::{Ctx, IslResult};
use crate::transform::{parallel, tile};
use crate::verify;
use crate::Options;

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
}

/// Schedules, transforms, verifies and generates the loop AST of a SCoP.
///
/// Errors: `Budget` when the isl operations budget runs out, `InvalidSchedule` when
/// the final schedule fails verification, `Unsupported` for a malformed SCoP or an
/// AST construct `ast.rs` cannot express, `Isl` for any other isl failure.
pub fn optimize(scop: &Scop, opts: &Options) -> Result<Optimized, PolyError> {
    let _span = scop_span("optimize", scop).entered();
    analyzed(scop, opts, |cx, model, deps| {
        let fin = final_schedule(cx, model, deps, opts)?;
        let mut out = finish(cx, model, deps, fin.tree, fin.tiled_bands)?;
        out.schedule_time = fin.schedule_time;
        out.notes = fin.notes;
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
    analyzed(scop, opts, |cx, model, deps| {
        let tree = parse_tree(cx, schedule_tree)?;
        finish(cx, model, deps, tree, 0)
    })
}

/// Checks a schedule tree given in isl text against the exact dependences of `scop`:
/// `Ok(())` or [`PolyError::InvalidSchedule`] saying what is violated.
pub fn verify_schedule(scop: &Scop, opts: &Options, schedule_tree: &str) -> Result<(), PolyError> {
    let _span = scop_span("verify_schedule", scop).entered();
    analyzed(scop, opts, |cx, model, deps| {
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
    let cx = Ctx::new(Options::default().max_operations)?;
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
    analyzed(scop, opts, |cx, _, deps| deps.to_text(cx))
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
    analyzed(scop, opts, |cx, model, deps| {
        let fin = final_schedule(cx, model, deps, opts)?;
        stage("verify", || verify::verify(cx, &fin.tree, model, deps))?;
        describe::schedule_text(cx, &fin.tree, model)
    })
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
    let out = step();
    let ms = start.elapsed().as_secs_f64() * 1e3;
    tracing::debug!(stage = name, ms, ok = out.is_ok(), "stage");
    out
}

/// Sets up what every entry point but [`describe_scop`] starts from: an isl context
/// with the budget of `opts`, the SCoP loaded into it and its dependences; then runs
/// `then` on them. (A closure, because the dependences borrow the context.)
fn analyzed<T>(
    scop: &Scop,
    opts: &Options,
    then: impl FnOnce(&Ctx, &ScopIsl, &Dependences<'_>) -> Result<T, PolyError>,
) -> Result<T, PolyError> {
    let cx = Ctx::new(opts.max_operations)?;
    let model = stage("load", || ScopIsl::load(&cx, scop))?;
    let deps = stage("dependences", || {
        Dependences::compute(&cx, &model, opts.live_range_reordering)
    })?;
    then(&cx, &model, &deps)
}

fn parse_tree(cx: &Ctx, text: &str) -> Result<isl_rs::Schedule, PolyError> {
    cx.parse("schedule tree", text, isl_rs::Schedule::read_from_str)
}

/// A schedule tree with the transforms of `opts` applied (not yet verified).
struct FinalSchedule {
    tree: isl_rs::Schedule,
    tiled_bands: usize,
    schedule_time: Duration,
    notes: Vec<String>,
}

/// The initial schedule with the transforms of `opts` applied (not yet verified).
fn final_schedule(
    cx: &Ctx,
    model: &ScopIsl,
    deps: &Dependences<'_>,
    opts: &Options,
) -> Result<FinalSchedule, PolyError> {
    let initial = stage("schedule", || {
        initial::initial_schedule(cx, model, deps, opts)
    })?;
    let mut tree = initial.tree;
    let mut tiled = 0;
    if opts.tile {
        let wavefront = opts.wavefront && opts.parallel;
        (tree, tiled) = stage("tile", || {
            let conflicts = deps.conflicts(cx)?;
            tile::tile(cx, tree, &opts.tile_sizes, wavefront, &conflicts)
        })?;
    }
    if opts.parallel {
        (tree, _) = stage("parallel marks", || parallel::mark_parallel(cx, tree))?;
    }
    tracing::debug!(tiled, "schedule tree built");
    Ok(FinalSchedule {
        tree,
        tiled_bands: tiled,
        schedule_time: initial.time,
        notes: initial.notes,
    })
}

/// Verification, AST generation and the result record.
fn finish(
    cx: &Ctx,
    model: &ScopIsl,
    deps: &Dependences<'_>,
    tree: isl_rs::Schedule,
    tiled_bands: usize,
) -> Result<Optimized, PolyError> {
    stage("verify", || verify::verify(cx, &tree, model, deps))?;
    let schedule_tree = cx.schedule_text(&tree)?;
    let ast = stage("AST generation", || {
        astgen::generate(cx, tree, model.context.copy().isl(cx)?, &model.stmt_ids)
    })?;
    let parallel_loops = astgen::count_parallel(&ast);
    tracing::debug!(tiled_bands, parallel_loops, "AST generated");
    Ok(Optimized {
        ast,
        schedule_tree,
        tiled_bands,
        parallel_loops,
        schedule_time: Duration::ZERO,
        notes: Vec::new(),
    })
}
