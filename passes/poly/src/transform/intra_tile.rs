//! Post-tile reordering (seed 000 §4.6; Pluto's intra-tile optimization, seed 004).
//!
//! The members of a permutable band may be permuted freely: every dependence live
//! at the band has a non-negative distance in each of them. So in each point band
//! (and each untiled permutable band) the member along which the most accesses stay
//! in one cache line goes innermost, where it walks memory with stride one and LLVM
//! can vectorize it. For gemm's point band `(i, j, k)` that is `j`: `C[i][j]` and
//! `B[k][j]` step within a line and `A[i][k]` stays put, while along `k` every
//! `B[k][j]` is a new line.

use isl_rs::{DimType, MultiUnionPwAff, ScheduleNode, ScheduleNodeType, UnionSet, UnionSetList};

use crate::analysis::privatization::{set_coincidence, Conflicts};
use crate::error::PolyError;
use crate::support::isl::{to_i32, to_u32, Ctx, IslResult};
use crate::support::schedule_tree::{
    any_coincident, band_above, carried_by_member, distances, equal_under, live_deps, n_children,
    n_members, node_type, walk_children,
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
    if let Some(n) = permutable_members(cx, &node)? {
        let profile = band_profile(cx, &node, loc, n)?;
        if let Some(member) = innermost(cx, &node, &profile, true)? {
            node = sink(cx, node, member, deps)?;
        }
    }
    walk_children(cx, node, |cx, child| reorder_bands(cx, child, loc, deps))
}

/// The number of members of the band at `node` when it is a permutable band of two or
/// more, the bands whose members the reorderings here may permute.
pub(crate) fn permutable_members(
    cx: &Ctx,
    node: &ScheduleNode,
) -> Result<Option<usize>, PolyError> {
    if node_type(cx, node)? != ScheduleNodeType::Band || !node.band_get_permutable().isl(cx)? {
        return Ok(None);
    }
    let n = n_members(cx, node)?;
    Ok((n >= 2).then_some(n))
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
    permute(cx, node, &sunk_order(n, member), deps)
}

/// The band at `node` with its members in `order` (`order[k]`: the old index of new
/// member `k`), still permutable, with its coincidence recomputed from `deps`.
pub(crate) fn permute(
    cx: &Ctx,
    node: ScheduleNode,
    order: &[usize],
    deps: &Conflicts,
) -> Result<ScheduleNode, PolyError> {
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

/// Sinks a parallel stride-one loop below the sequential loops under it (seed 000
/// §4.6's goal, across bands): when the bands below a band form a chain down to the
/// statements and the innermost of them carries a dependence (a reduction, as the
/// filter loops `c, kh, kw` of a convolution), while the band's last member `w`
/// carries none and walks memory at least as well, `w` moves to a band of its own
/// at the bottom. The innermost loop is then one LLVM vectorizes without
/// reassociating anything (`O[n][f][h][w] += I[n][c][h+kh][w+kw] * K[f][c][kh][kw]`
/// along `w`, instead of a 3-long reduction along `kw`).
///
/// Legal because `w` has distance zero in every dependence live at its band that
/// the members before it leave unordered: those stay ordered by the chain, the
/// others by the band. Privatization is not counted here (a private copy lives for
/// one iteration of `w`, which the move would interleave), and the member the
/// parallel mark would take stays (no coincident member before it on its path).
/// Returns the node at the same position.
pub(crate) fn sink_across_bands(
    cx: &Ctx,
    node: ScheduleNode,
    loc: &Locality,
    deps: &Conflicts,
) -> Result<ScheduleNode, PolyError> {
    let mut node = node;
    if node_type(cx, &node)? == ScheduleNodeType::Band {
        if let Some(depth) = sinkable(cx, &node, loc, deps)? {
            node = move_last_member_down(cx, node, depth, deps)?;
        }
    }
    walk_children(cx, node, |cx, child| {
        sink_across_bands(cx, child, loc, deps)
    })
}

/// The number of bands below `node` when its last member should go below them all
/// (see [`sink_across_bands`]).
fn sinkable(
    cx: &Ctx,
    node: &ScheduleNode,
    loc: &Locality,
    deps: &Conflicts,
) -> Result<Option<usize>, PolyError> {
    let n = n_members(cx, node)?;
    if n == 0 || !node.band_member_get_coincident(to_i32(n - 1)?).isl(cx)? {
        return Ok(None);
    }
    // The chain: one band after another, then the leaf.
    let mut depth = 0;
    let mut bottom = node.copy().isl(cx)?;
    loop {
        if n_children(cx, &bottom)? != 1 {
            return Ok(None);
        }
        let child = bottom.copy().isl(cx)?.child(0).isl(cx)?;
        match node_type(cx, &child)? {
            ScheduleNodeType::Leaf => break,
            ScheduleNodeType::Band => {
                bottom = child;
                depth += 1;
            }
            _ => return Ok(None),
        }
    }
    let bottom_n = n_members(cx, &bottom)?;
    if depth == 0
        || bottom_n == 0
        || bottom
            .band_member_get_coincident(to_i32(bottom_n - 1)?)
            .isl(cx)?
    {
        return Ok(None);
    }
    // Keep the member that the parallel mark would take.
    let coincident_before = (0..n - 1)
        .map(|d| node.band_member_get_coincident(to_i32(d)?).isl(cx))
        .collect::<Result<Vec<bool>, _>>()?;
    if !coincident_before.contains(&true) && !band_above(cx, node, |b| any_coincident(cx, b))? {
        return Ok(None);
    }
    // No conflict at all carried by w, private scalars included.
    let dist = distances(
        cx,
        &live_deps(cx, node, &deps.all)?,
        &node.band_get_partial_schedule().isl(cx)?,
    )?;
    if carried_by_member(cx, &dist, n, n - 1)? {
        return Ok(None);
    }
    let w = scores(&band_profile(cx, node, loc, n)?, n)[n - 1];
    let r = scores(&band_profile(cx, &bottom, loc, bottom_n)?, bottom_n)[bottom_n - 1];
    Ok((w.misses <= r.misses).then_some(depth))
}

/// Moves the last member of the band at `node` to a new band of its own below the
/// `depth` bands under it.
fn move_last_member_down(
    cx: &Ctx,
    node: ScheduleNode,
    depth: usize,
    deps: &Conflicts,
) -> Result<ScheduleNode, PolyError> {
    let n = n_members(cx, &node)?;
    tracing::debug!(
        members = n,
        depth,
        "parallel member sunk below the bands under it"
    );
    let permutable = node.band_get_permutable().isl(cx)?;
    let (rest, last) = split_last_member(cx, &node, n)?;
    let mut node = if n == 1 {
        node.delete().isl(cx)?
    } else {
        let node = node
            .delete()
            .isl(cx)?
            .insert_partial_schedule(rest)
            .isl(cx)?;
        let node = node.band_set_permutable(i32::from(permutable)).isl(cx)?;
        set_coincidence(cx, node, deps)?.child(0).isl(cx)?
    };
    // `node` is now the first band of the chain; the flags are recomputed on the way
    // down to the leaf, as the bands' prefix lost `w`.
    let mut up = 0;
    while node_type(cx, &node)? == ScheduleNodeType::Band {
        node = set_coincidence(cx, node, deps)?.child(0).isl(cx)?;
        up += 1;
    }
    node = node.insert_partial_schedule(last).isl(cx)?;
    node = set_coincidence(cx, node, deps)?;
    // Back to where the band was: the chain's `up` bands, plus the rest of the band.
    let levels = up + usize::from(n > 1);
    for _ in 0..levels {
        node = node.parent().isl(cx)?;
    }
    Ok(node)
}

/// Distributes the innermost member of the band at `node` over the statements
/// below it: `(t, i', j') -> sequence(S0, S1)` becomes `(t, i') -> sequence(S0: j',
/// S1: j')`, one innermost loop per statement.
///
/// For the point band of a time tile (seed 004 §1.12: jacobi-2d's `(t, 2t+i, 2t+j)`
/// with its two statements fused, the second shifted by one). Fused, the innermost
/// loop reads and writes both arrays at rows LLVM cannot tell apart, and it is not
/// vectorized (Pluto's own output leans on `#pragma ivdep` for it); distributed,
/// each loop reads one array and writes the other, as in the original nests.
///
/// Below the band, sequence and set nodes down to leaves give the groups, in tree
/// order (fdtd-2d: a set of row 0's statement and a sequence of the three updates);
/// the result is one sequence of them, so a set's children get the order of its
/// children. Legal when no dependence that the outer members leave unordered (equal
/// prefix, equal members but the last) runs from a later group to an earlier one:
/// each group's instances at a point of the outer members then all run before the
/// next group's, and each group keeps its own order. Returns the node at the same
/// position and whether it distributed.
pub(crate) fn distribute_innermost(
    cx: &Ctx,
    node: ScheduleNode,
    deps: &Conflicts,
) -> Result<(ScheduleNode, bool), PolyError> {
    let n = n_members(cx, &node)?;
    if n < 2 || n_children(cx, &node)? != 1 {
        return Ok((node, false));
    }
    let below = node.copy().isl(cx)?.child(0).isl(cx)?;
    let mut groups = Vec::new();
    if !leaf_groups(cx, &below, None, &mut groups)? || groups.len() < 2 {
        return Ok((node, false));
    }
    let (rest, last) = split_last_member(cx, &node, n)?;
    // The pairs left unordered by the members but the last.
    let rest_map = isl_rs::UnionMap::from_multi_union_pw_aff(rest.copy().isl(cx)?).isl(cx)?;
    let unordered = live_deps(cx, &node, &deps.all)?
        .intersect(equal_under(cx, &rest_map)?)
        .isl(cx)?;
    for (later, from) in groups.iter().enumerate() {
        for to in &groups[..later] {
            let backward = unordered
                .copy()
                .isl(cx)?
                .intersect_domain(from.copy().isl(cx)?)
                .isl(cx)?
                .intersect_range(to.copy().isl(cx)?)
                .isl(cx)?;
            if !backward.is_empty().isl(cx)? {
                return Ok((node, false));
            }
        }
    }
    let permutable = node.band_get_permutable().isl(cx)?;
    let mut list = UnionSetList::alloc(cx.raw(), to_i32(groups.len())?).isl(cx)?;
    for group in &groups {
        list = list.add(group.copy().isl(cx)?).isl(cx)?;
    }
    // The band and everything below it become `rest`, then the groups in sequence.
    let mut node = node
        .child(0)
        .isl(cx)?
        .cut()
        .isl(cx)?
        .parent()
        .isl(cx)?
        .delete()
        .isl(cx)?
        .insert_partial_schedule(rest)
        .isl(cx)?
        .band_set_permutable(i32::from(permutable))
        .isl(cx)?;
    node = set_coincidence(cx, node, deps)?;
    node = node.child(0).isl(cx)?.insert_sequence(list).isl(cx)?;
    for (i, group) in groups.into_iter().enumerate() {
        node = node.child(to_i32(i)?).isl(cx)?.child(0).isl(cx)?;
        let own = last.copy().isl(cx)?.intersect_domain(group).isl(cx)?;
        node = node.insert_partial_schedule(own).isl(cx)?;
        node = set_coincidence(cx, node, deps)?;
        node = node.parent().isl(cx)?.parent().isl(cx)?;
    }
    Ok((node.parent().isl(cx)?, true))
}

/// The filters of the leaves below `node` in tree order, through sequence and set
/// nodes only (each narrowed by the filters above it, `within`); `false` when some
/// other node (a band, a mark) lies on the way.
fn leaf_groups(
    cx: &Ctx,
    node: &ScheduleNode,
    within: Option<&UnionSet>,
    groups: &mut Vec<UnionSet>,
) -> Result<bool, PolyError> {
    if !matches!(
        node_type(cx, node)?,
        ScheduleNodeType::Sequence | ScheduleNodeType::Set
    ) {
        return Ok(false);
    }
    for i in 0..n_children(cx, node)? {
        let filter_node = node.copy().isl(cx)?.child(i).isl(cx)?;
        let mut filter = filter_node.filter_get_filter().isl(cx)?;
        if let Some(outer) = within {
            filter = filter.intersect(outer.copy().isl(cx)?).isl(cx)?;
        }
        let child = filter_node.child(0).isl(cx)?;
        match node_type(cx, &child)? {
            ScheduleNodeType::Leaf => groups.push(filter),
            _ => {
                if !leaf_groups(cx, &child, Some(&filter), groups)? {
                    return Ok(false);
                }
            }
        }
    }
    Ok(true)
}

/// The partial schedule of the band at `node` (of `n` >= 1 members) split into its
/// members but the last, and its last.
fn split_last_member(
    cx: &Ctx,
    node: &ScheduleNode,
    n: usize,
) -> Result<(MultiUnionPwAff, MultiUnionPwAff), PolyError> {
    let partial = node.band_get_partial_schedule().isl(cx)?;
    let last = partial
        .copy()
        .isl(cx)?
        .drop_dims(DimType::Set, 0, to_u32(n - 1)?)
        .isl(cx)?;
    let rest = partial.drop_dims(DimType::Set, to_u32(n - 1)?, 1).isl(cx)?;
    Ok((rest, last))
}
