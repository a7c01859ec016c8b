//! The last step: a tree verified against the dependences, isl's AST of it (in the
//! modes of [`AstMode`] until one passes the AST check), and the result record
//! [`Optimized`].

use std::time::Duration;

use super::budget::{stage, LOG_TARGET};
use crate::analysis::dependences::Dependences;
use crate::codegen::astgen::{self, AstMode};
use crate::error::{Invariant, PolyError};
use crate::gpu::HostNode;
use crate::model::ast::AstNode;
use crate::model::load::ScopIsl;
use crate::model::notes::{NoGain, Note, Tiling};
use crate::model::scop::ScalarExpansion;
use crate::support::isl::{Ctx, IslResult};
use crate::transform::jam;
use crate::verify;

/// The result of [`super::optimize`].
#[derive(Debug)]
pub struct Optimized {
    /// The loop AST to emit.
    pub ast: Vec<AstNode>,
    /// The final schedule tree in isl's block YAML text (isl can read it back; see
    /// [`super::codegen_schedule`]).
    pub schedule_tree: String,
    /// Number of bands tiled.
    pub tiled_bands: usize,
    /// Number of `For` nodes of `ast` marked parallel.
    pub parallel_loops: usize,
    /// Time spent computing the initial schedule (the scheduler alone: no
    /// dependence analysis, transforms, verification or AST generation).
    pub schedule_time: std::time::Duration,
    /// What the user should know: e.g. that the scheduler failed or ran out of
    /// budget and the original schedule was kept.
    pub notes: Vec<Note>,
    /// How each permutable band was tiled (its sizes and their source) or why it was
    /// left untiled, with how many bands it says that of.
    pub tiling: Vec<(Tiling, usize)>,
    /// Whether a jammed tree was kept (unroll-and-jam around chains, [`jam::jam`]).
    pub jammed: bool,
    /// The scalars that unroll-and-jam gave a slot per copy: codegen allocates and
    /// indexes them so.
    pub expanded: Vec<ScalarExpansion>,
    /// With `target=gpu`: `ast` mapped to host code and kernels.
    pub gpu: Option<Vec<HostNode>>,
    /// Set when the cost model finds that the new code would gain nothing over the
    /// original (`scheduler=auto` only): why. The caller keeps the original code.
    pub no_gain: Option<NoGain>,
}

/// [`super::jam::finish`] for one tree: the scalars its jam marks expand ([`jam::expansions`])
/// change the model, and the dependences are computed again for it.
pub(super) fn finish_tree(
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
        tracing::debug!(target: LOG_TARGET, error = %e, tree = schedule_tree, "schedule refused");
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
                if let Some(first) = refused.take() {
                    notes.push(Note::AstRegenerated {
                        first: Box::new(first),
                        changes: mode.what_changes(),
                    });
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
        return Err(refused.unwrap_or_else(|| Invariant::NoAstMode.into()));
    };
    let parallel_loops = crate::model::ast::count_parallel(&ast);
    tracing::debug!(target: LOG_TARGET, tiled_bands, parallel_loops, "AST generated");
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
pub(super) struct Storage<'cx> {
    pub(super) expanded: Vec<ScalarExpansion>,
    model: Option<(ScopIsl, Dependences<'cx>)>,
}

impl<'cx> Storage<'cx> {
    pub(super) fn of(
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

    pub(super) fn get<'a>(
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

/// isl's AST of `tree` for the SCoP `model`.
pub(super) fn generate_ast(
    cx: &Ctx,
    model: &ScopIsl,
    deps: &Dependences<'_>,
    tree: &isl_rs::Schedule,
    mode: AstMode,
) -> Result<astgen::Generated, PolyError> {
    astgen::generate(cx, tree.copy().isl(cx)?, model, deps.conflicts(), mode)
}
