//! The public entry points, and the steps they run, one file each. Calls go down
//! this table, never up: the model moves forward through it.
//!
//! | file | step |
//! |---|---|
//! | `mod.rs` | the entry points: [`optimize`], [`codegen_schedule`], [`verify_schedule`], the `describe_*`, [`fusion_space`] (seed 002) |
//! | `explain.rs` | [`clay_explain`]: the optimizer's schedule as a Clay script (Chlore) |
//! | `clay.rs` | [`clay_replay`], [`clay_generate`]: a Clay script's schedule and its code |
//! | `auto.rs` | the schedule: a preset's, or `scheduler=auto`'s choice between presets |
//! | `transforms.rs` | one preset's schedule, and the transforms that follow scheduling |
//! | `finish.rs` | the code of a final schedule: the parallel marks that pay, register loops |
//! | `jam.rs` | unroll-and-jam, kept when the jammed tree verifies |
//! | `ast.rs` | verification, AST generation and its retries, the result record |
//! | `budget.rs` | what every step runs in: the isl context of a call, its stages, the time budget and its degradation ladder |
//!
//! Each entry point sets up an isl context, loads the SCoP and computes its
//! dependences once ([`budget::analyzed`]), then runs the steps it needs. Every step
//! runs in [`budget::stage`], which logs its duration for `TESSEL_LOG=debug`.
//!
//! Every call runs under [`Options::time_budget`]: at its end isl aborts whatever it
//! computes. Scheduling and code generation then degrade in steps
//! ([`budget::degrade`]: no fusion, no tiling, the original schedule) before the call
//! gives up, and a note names the stage that ran out. A schedule or AST that fails
//! verification, or an isl failure, costs a rung the same way, with a note that
//! prints the error.

mod ast;
mod auto;
mod budget;
mod clay;
mod explain;
mod finish;
mod jam;
mod transforms;

pub use ast::Optimized;
pub use clay::{clay_generate, clay_replay};
pub use explain::{clay_explain, Explained};

use std::time::Instant;

use auto::final_schedule;
use budget::{analyzed, degrade, scop_span, stage, Clock};
use finish::generated;
use jam::{finish, jam_verified};
use transforms::caches;

use crate::error::PolyError;
use crate::gpu;
use crate::model::describe;
use crate::model::load::ScopIsl;
use crate::model::scop::Scop;
use crate::scheduler::fusion_space::{self, FusionSpace};
use crate::scheduler::initial;
use crate::support::host;
use crate::support::isl::Ctx;
use crate::verify;
use crate::{Options, SchedulerKind, Target};

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

/// The exact dependences, one line per kind (see [`crate::Dependences::to_text`]):
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
            let pluto = initial::scheduler_config(SchedulerKind::Pluto, &Options::default());
            fusion_space::compute(cx, model, deps, pluto, opts.fusion_slack)
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
        0 => host::host_vector_bytes(),
        bytes => bytes,
    };
    format!(
        "{}; L2 {}; line {}; vector {}; threads {}",
        host::host_cpu_model(),
        c.l2,
        c.line,
        vector,
        host::expected_threads()
    )
}

/// [`fusion_space`] as text ([`FusionSpace::to_text`]): each structure on a line
/// of its own as `fusion-structure=...`, the value `tessel-optimize` takes.
pub fn describe_fusion_space(scop: &Scop, opts: &Options) -> Result<String, PolyError> {
    fusion_space(scop, opts).map(|space| space.to_text())
}

pub(super) fn parse_tree(cx: &Ctx, text: &str) -> Result<isl_rs::Schedule, PolyError> {
    cx.parse("schedule tree", text, isl_rs::Schedule::read_from_str)
}

/// For the tests of `verify::check_ast`: the AST isl generates for `tree` under
/// `opts`, which must pass the check, edited by `edit`, then checked again.
#[cfg(test)]
pub(crate) fn check_edited_ast(
    scop: &Scop,
    opts: &Options,
    tree: &str,
    edit: impl FnOnce(&mut Vec<crate::AstNode>),
) -> Result<(), PolyError> {
    use crate::codegen::astgen::AstMode;
    analyzed(scop, opts, |cx, model, deps, _| {
        let tree = parse_tree(cx, tree)?;
        let mut ast = ast::generate_ast(cx, model, deps, &tree, AstMode::MayShift)?.as_generated;
        verify::check_ast(cx, &ast, &tree, model, deps)?;
        edit(&mut ast);
        verify::check_ast(cx, &ast, &tree, model, deps)
    })
}
