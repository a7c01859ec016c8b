//! Unroll-and-jam's acceptance: the tree jammed ([`jam::jam`]) is kept when it
//! verifies within its share of the time left; otherwise the tree as given goes on,
//! with a note saying why.

use super::ast::{finish_tree, Optimized, Storage};
use super::budget::{stage, with_share};
use crate::analysis::dependences::Dependences;
use crate::error::PolyError;
use crate::model::load::ScopIsl;
use crate::model::notes::{Jam, JamNote, Note};
use crate::support::isl::{Ctx, IslResult};
use crate::transform::jam;
use crate::verify;

/// Verification, AST generation and the result record. With `unroll_jam` > 1 the
/// tree is first jammed ([`jam::jam`]), with [`JAM_SHARE`] of the time left; when
/// the jammed tree fails verification or runs out of its time, the tree as given
/// goes on, with a note saying why.
pub(super) fn finish(
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
        Ok(Jammed::Refused(why)) => Some(Note::Jam(why)),
        Err(PolyError::TimeBudget { .. } | PolyError::Budget) => {
            cx.reset_operations();
            Some(Note::Jam(JamNote::OutOfShare))
        }
        Err(e) => return Err(e),
    };
    let mut out = finish_tree(cx, model, deps, tree, tiled_bands)?;
    out.notes.splice(0..0, why);
    Ok(out)
}

/// The part of the time left that unroll-and-jam may spend; the rest stays for the
/// tree without it.
const JAM_SHARE: f64 = 0.5;

/// A tree's jam before the expanded model is built.
enum Candidate {
    /// Nothing to jam (or `unroll-jam` off, or live-range reordering on).
    Nothing,
    /// Jammed, but the cheap order test refuses it: the note says why.
    Refused(JamNote),
    /// The jammed tree and what was jammed.
    Jammed(isl_rs::Schedule, Jam),
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
    let shared = &deps.conflicts().shared;
    let jam_with = |late: Option<&isl_rs::UnionSet>| {
        stage("unroll-and-jam", || {
            jam::jam(
                cx,
                tree.copy().isl(cx)?,
                model,
                deps.conflicts(),
                chains,
                late,
            )
        })
    };
    let (jammed, what) = jam_with(None)?;
    let Some(what) = what else {
        return Ok(Candidate::Nothing);
    };
    if stage("unroll-and-jam", || verify::in_order(cx, &jammed, shared))? {
        return Ok(Candidate::Jammed(jammed, what));
    }
    // The copies meet somewhere in a block: jam each block only up to there.
    let late = stage("unroll-and-jam", || {
        let reversed = verify::out_of_order(cx, &jammed, shared)?;
        jam::late_instances(cx, &jammed, &reversed)
    })?;
    let Some(late) = late else {
        return Ok(Candidate::Refused(JamNote::Reverses(what)));
    };
    let (split, split_what) = jam_with(Some(&late))?;
    match split_what {
        Some(split_what) if stage("unroll-and-jam", || verify::in_order(cx, &split, shared))? => {
            Ok(Candidate::Jammed(split, split_what))
        }
        _ => Ok(Candidate::Refused(JamNote::Reverses(what))),
    }
}

/// What became of the jam of a tree.
enum Jammed {
    /// Nothing to jam.
    NotApplicable,
    /// Jammed, verified and generated.
    Kept(Optimized),
    /// Jammed but refused: the note says why.
    Refused(JamNote),
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
            let scalar_copies = !out.expanded.is_empty();
            out.notes.insert(
                0,
                Note::Jam(JamNote::Kept {
                    jam: what,
                    scalar_copies,
                }),
            );
            out.jammed = true;
            Ok(Jammed::Kept(out))
        }
        Err(PolyError::InvalidSchedule(why)) => Ok(Jammed::Refused(JamNote::Refused {
            jam: what,
            why: Box::new(why),
        })),
        Err(e) => Err(e),
    }
}

/// `tree` jammed by `unroll_jam`, when that applies and the jammed tree verifies
/// (no AST is generated: for [`super::describe_schedule`]).
pub(super) fn jam_verified(
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
