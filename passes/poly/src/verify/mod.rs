//! Exact legality check of a final schedule tree against the dependences
//! (ARCHITECTURE.md, "verify"). Nothing reaches codegen without passing it.
//!
//! 1. The tree schedules exactly the statement instances of the SCoP.
//! 2. Order: for every dependence `a -> b`, `schedule(a) ≺ schedule(b)`
//!    lexicographically, on isl's flattened schedule (`isl_schedule_get_map`, padded
//!    to one length with zeros): the distance `schedule(b) - schedule(a)` is
//!    lexicographically positive. Pairs scheduled at the same point fail too.
//! 3. Parallel marks: below a `parallel` mark, the first member `m` of the band
//!    under it must carry nothing. The iterations of that loop may run concurrently
//!    within one iteration of the enclosing loops, so the check is: for every
//!    dependence `a -> b` with both ends in the mark's subtree and the same values of
//!    all outer band members (the mark's prefix schedule), `m(a) = m(b)`.
//!
//! All three are set inclusions between isl relations: exact, no approximation.
//!
//! 4. The generated AST ([`check_ast`]): it runs the same instances as the tree, in
//!    the tree's order for every conflicting pair, and its parallel loops carry no
//!    conflict. isl's AST generator is checked like our own transforms.
//!
//! With live-range reordering, 2 becomes "the same dataflow": the flattened schedule
//! orders all instances (injective); on reorderable arrays every read gets its value
//! from the same write (tagged flow recomputed under the new schedule equals the
//! original), reads the same live-in values, and the same writes are live-out; the
//! other arrays keep all their dependences (in order, as in 2), and the forced
//! dependences are in order. That is exactly what makes the reordered program
//! compute the same values. 3 uses the memory conflicts ([`LiveRanges`](crate::analysis::live_ranges::LiveRanges)).

mod ast;
mod dataflow;
mod order;
mod parallel_marks;

use isl_rs::Schedule;

pub(crate) use ast::check_ast;

use crate::analysis::dependences::Dependences;
use crate::error::{PolyError, Violation};
use crate::model::load::ScopIsl;
use crate::support::isl::{Ctx, IslResult};

pub(crate) fn verify(
    cx: &Ctx,
    schedule: &Schedule,
    scop: &ScopIsl,
    deps: &Dependences<'_>,
) -> Result<(), PolyError> {
    check_domain(cx, schedule, scop)?;
    match deps.live_ranges() {
        None => order::check_order(cx, schedule, deps.kinds())?,
        Some(lr) => dataflow::check_dataflow(cx, schedule, scop, lr)?,
    }
    let root = schedule.get_root().isl(cx)?;
    parallel_marks::check_marks(cx, root, deps.conflicts())?;
    Ok(())
}

/// Whether every pair of `pairs` runs forward on the flattened schedule (check 2
/// as a yes or no, without naming what fails: a cheap test before a full check).
pub(crate) fn in_order(
    cx: &Ctx,
    schedule: &Schedule,
    pairs: &isl_rs::UnionMap,
) -> Result<bool, PolyError> {
    let (flat, len) = order::flat_schedule(cx, schedule)?;
    let positive = order::lex_positive(cx, len)?;
    crate::support::schedule_tree::deltas_under(cx, pairs, &flat)?
        .is_subset(&positive)
        .isl(cx)
}

/// The pairs of `pairs` that `schedule` does not run in order: the second instance
/// not strictly after the first.
pub(crate) fn out_of_order(
    cx: &Ctx,
    schedule: &Schedule,
    pairs: &isl_rs::UnionMap,
) -> Result<isl_rs::UnionMap, PolyError> {
    let (flat, _) = order::flat_schedule(cx, schedule)?;
    order::not_in_order(cx, pairs, &flat)
}

fn check_domain(cx: &Ctx, schedule: &Schedule, scop: &ScopIsl) -> Result<(), PolyError> {
    let domain = schedule.get_domain().isl(cx)?;
    if !domain.is_equal(&scop.domain).isl(cx)? {
        return Err(Violation::Domain.into());
    }
    Ok(())
}
