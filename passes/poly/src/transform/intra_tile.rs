//! Post-tile reordering (seed 000 §4.6; Pluto's intra-tile optimization, seed 004).
//!
//! The members of a permutable band may be permuted freely: every dependence live
//! at the band has a non-negative distance in each of them. So in each point band
//! (and each untiled permutable band) the member along which the most accesses stay
//! in one cache line goes innermost, where it walks memory with stride one and LLVM
//! can vectorize it. For gemm's point band `(i, j, k)` that is `j`: `C[i][j]` and
//! `B[k][j]` step within a line and `A[i][k]` stays put, while along `k` every
//! `B[k][j]` is a new line.

use isl_rs::{ScheduleNode, ScheduleNodeType};

use crate::analysis::privatization::Conflicts;
use crate::error::PolyError;
use crate::support::isl::{to_i32, Ctx, IslResult};
use crate::support::schedule_tree::{
    any_coincident, band_above, n_members, node_type, set_coincidence, walk_children,
};
use crate::transform::locality::{band_profile, scores, AccessProfile, Locality};

/// Post-tile reordering of every permutable band of two or more members below
/// `node` (used when nothing is tiled; the tiler reorders each point band itself).
pub(crate) fn reorder_bands(
    cx: &Ctx,
    node: ScheduleNode,
    loc: &Locality,
    deps: &Conflicts,
) -> Result<ScheduleNode, PolyError> {
    let mut node = node;
    if node_type(cx, &node)? == ScheduleNodeType::Band
        && n_members(cx, &node)? >= 2
        && node.band_get_permutable().isl(cx)?
    {
        let n = n_members(cx, &node)?;
        let profile = band_profile(cx, &node, loc, n)?;
        if let Some(member) = innermost(cx, &node, &profile, true)? {
            node = sink(cx, node, member, deps)?;
        }
    }
    walk_children(cx, node, |cx, child| reorder_bands(cx, child, loc, deps))
}

/// The member of the permutable band at `node` that should go innermost, if it
/// beats the one already there: fewest misses first, then a coincident member (it
/// vectorizes without reassociating anything), then most in-line steps, then most
/// reuse of one element. Ties keep the current order. With `pin_parallel` and no
/// parallel ancestor band, the band's first coincident member stays where it is,
/// since the parallel mark goes there (a band about to be tiled passes `false`: its
/// tile band takes the mark).
pub(crate) fn innermost(
    cx: &Ctx,
    node: &ScheduleNode,
    profile: &[AccessProfile],
    pin_parallel: bool,
) -> Result<Option<usize>, PolyError> {
    let n = n_members(cx, node)?;
    if n < 2 {
        return Ok(None);
    }
    let mut coincident = Vec::with_capacity(n);
    for d in 0..n {
        coincident.push(node.band_member_get_coincident(to_i32(d)?).isl(cx)?);
    }
    // A parallel band above takes the mark.
    let pinned = if !pin_parallel || band_above(cx, node, |b| any_coincident(cx, b))? {
        None
    } else {
        coincident.iter().position(|&c| c)
    };
    let scores = scores(profile, n);
    let key = |d: usize| {
        let s = scores[d];
        (
            s.misses,
            !coincident[d],
            std::cmp::Reverse(s.in_line),
            std::cmp::Reverse(s.same),
        )
    };
    // Reversed, so that among equal keys the innermost candidate wins.
    let best = (0..n)
        .rev()
        .filter(|&d| Some(d) != pinned)
        .min_by_key(|&d| key(d));
    Ok(best.filter(|&d| d != n - 1 && key(d) < key(n - 1)))
}

/// The members of a band of `n` in their order after [`sink`] moves `member`
/// innermost: `order[k]` is the old index of new member `k`.
pub(crate) fn sunk_order(n: usize, member: usize) -> Vec<usize> {
    (0..n).filter(|&d| d != member).chain([member]).collect()
}

/// The band at `node` with `member` moved innermost and the others in their order,
/// still permutable, with its coincidence recomputed from `deps`.
pub(crate) fn sink(
    cx: &Ctx,
    node: ScheduleNode,
    member: usize,
    deps: &Conflicts,
) -> Result<ScheduleNode, PolyError> {
    let n = n_members(cx, &node)?;
    tracing::debug!(member, members = n, "post-tile reordering");
    let order = sunk_order(n, member);
    let partial = node.band_get_partial_schedule().isl(cx)?;
    let mut permuted = partial.copy().isl(cx)?;
    for (k, &old) in order.iter().enumerate() {
        permuted = permuted
            .set_at(to_i32(k)?, partial.get_at(to_i32(old)?).isl(cx)?)
            .isl(cx)?;
    }
    let node = node
        .delete()
        .isl(cx)?
        .insert_partial_schedule(permuted)
        .isl(cx)?
        .band_set_permutable(1)
        .isl(cx)?;
    set_coincidence(cx, node, deps)
}
