//! [`clay_explain`]: the optimizer's schedule explained as a Clay script (seed 003
//! §6, Chlore), checked by replaying it.

use std::time::{Duration, Instant};

use super::ast::finish_tree;
use super::auto::final_schedule;
use super::budget::{analyzed, scop_span, stage};
use super::clay::replay;
use super::finish::generated;
use super::transforms::{caches, transformed};
use crate::clay::chlore::recover;
use crate::clay::{ClaySchedule, Directive};
use crate::error::{Invariant, NotRecovered, PolyError, Unsupported};
use crate::model::ast::AstNode;
use crate::model::notes::NoGain;
use crate::model::scop::Scop;
use crate::options::AFTER_SCHEDULING;
use crate::scheduler::initial;
use crate::support::isl::{Ctx, IslResult};
use crate::transform::locality::Locality;
use crate::Options;

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
    /// finds no gain in the schedule ([`super::Optimized::no_gain`]): why. The script gives
    /// that schedule's code all the same (and `same_code` is false).
    pub kept_original: Option<NoGain>,
}

impl Explained {
    /// The options of `tessel-optimize` (beside the scheduler) whose code the script
    /// gives, as a pass pipeline writes them: empty for the defaults.
    pub fn optimize_options(&self) -> String {
        after_scheduling(&self.options).text_over(&Options::default(), AFTER_SCHEDULING)
    }
}

/// `opts` with a wavefront only where there is tiling, and diamonds only with a
/// wavefront (each means nothing without).
fn after_scheduling(opts: &Options) -> Options {
    Options {
        wavefront: opts.wavefront && opts.tile,
        diamond: opts.diamond && opts.wavefront && opts.tile,
        ..opts.clone()
    }
}

/// The optimizer's schedule for `scop` explained as a Clay script (seed 003 §6,
/// Chlore). The schedule is computed as [`super::optimize`] would with `opts`; what is
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
        crate::model::ast::visit_statements(&order_ast, &mut |s| {
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
        let mut why = NotRecovered::ConstantInLoop;
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
            let script = match stage("chlore", || Ok(recover(&source, &target)))? {
                Ok(script) => script,
                Err(refused) => {
                    why = refused;
                    continue;
                }
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
        let (target, script, same_code) = reading.ok_or(Unsupported::NotRecovered(why))?;
        let recovery_time = start.elapsed().saturating_sub(comparing);
        // The oracle: the script gives the target.
        let replayed = replay(cx, scop, &script)?;
        if !replayed.same_as(&target, cx)? {
            return Err(Invariant::ScriptMismatch.into());
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
