//! Small helpers on schedule-tree nodes and on dependence relations, shared by the
//! scheduler, the transforms and the verifier.

use isl_rs::{
    BasicSet, Constraint, DimType, LocalSpace, Map, MultiUnionPwAff, ScheduleNode,
    ScheduleNodeType, Set, Space, UnionMap, UnionSet, Val,
};

use crate::error::PolyError;
use crate::support::isl::{to_i32, to_u32, Ctx, IslResult};

pub(crate) fn node_type(cx: &Ctx, node: &ScheduleNode) -> Result<ScheduleNodeType, PolyError> {
    node.get_type().isl(cx)
}

pub(crate) fn n_children(cx: &Ctx, node: &ScheduleNode) -> Result<i32, PolyError> {
    node.n_children().isl(cx)
}

pub(crate) fn n_members(cx: &Ctx, node: &ScheduleNode) -> Result<usize, PolyError> {
    let n = node.band_n_member().isl(cx)?;
    Ok(usize::try_from(n).unwrap_or(0))
}

/// Whether a band node lies strictly below `node`.
pub(crate) fn has_band_below(cx: &Ctx, node: &ScheduleNode) -> Result<bool, PolyError> {
    for i in 0..n_children(cx, node)? {
        let child = node.get_child(i).isl(cx)?;
        if node_type(cx, &child)? == ScheduleNodeType::Band || has_band_below(cx, &child)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The prefix schedule of `node`, restricted to the instances that reach it (isl's
/// prefix of a tree read from text may leave the domain's constraints out).
pub(crate) fn prefix_of(cx: &Ctx, node: &ScheduleNode) -> Result<UnionMap, PolyError> {
    node.get_prefix_schedule_union_map()
        .isl(cx)?
        .intersect_domain(node.get_domain().isl(cx)?)
        .isl(cx)
}

/// `{ a -> b : f(a) = f(b) }` for a function `f` given as a union map.
pub(crate) fn equal_under(cx: &Ctx, f: &UnionMap) -> Result<UnionMap, PolyError> {
    let f = f.copy().isl(cx)?;
    let inverse = f.copy().isl(cx)?.reverse().isl(cx)?;
    f.apply_range(inverse).isl(cx)
}

/// The dependences still "live" at `node`: both ends reach the node (they are in its
/// filtered domain) and the outer band members schedule them at the same point, so
/// that neither an ancestor band nor an ancestor sequence has ordered them yet.
pub(crate) fn live_deps(
    cx: &Ctx,
    node: &ScheduleNode,
    deps: &UnionMap,
) -> Result<UnionMap, PolyError> {
    let domain: UnionSet = node.get_domain().isl(cx)?;
    let prefix = node.get_prefix_schedule_union_map().isl(cx)?;
    let same_prefix = equal_under(cx, &prefix)?;
    deps.copy()
        .isl(cx)?
        .intersect_domain(domain.copy().isl(cx)?)
        .isl(cx)?
        .intersect_range(domain)
        .isl(cx)?
        .intersect(same_prefix)
        .isl(cx)
}

/// `size·floor(x/size)`: the origin of the tile of `size` that holds `x` (a tile
/// loop's value, as isl's `band_tile` writes it with `tile_scale_tile_loops`).
pub(crate) fn tile_origin(
    cx: &Ctx,
    x: isl_rs::UnionPwAff,
    size: i64,
) -> Result<isl_rs::UnionPwAff, PolyError> {
    let s = || isl_rs::Val::int_from_si(cx.raw(), size).isl(cx);
    x.scale_down_val(s()?)
        .isl(cx)?
        .floor()
        .isl(cx)?
        .scale_val(s()?)
        .isl(cx)
}

/// Member `i` of a band's partial schedule, as a union map `S[..] -> [x]`.
pub(crate) fn member_map(
    cx: &Ctx,
    partial: &MultiUnionPwAff,
    i: usize,
) -> Result<UnionMap, PolyError> {
    let upa = partial.get_at(to_i32(i)?).isl(cx)?;
    UnionMap::from_union_pw_aff(upa).isl(cx)
}

/// Distance vectors of `deps` under a band's partial schedule: the set of
/// `f(b) - f(a)` over `a -> b` in deps, in the band's (anonymous) space.
pub(crate) fn distances(
    cx: &Ctx,
    deps: &UnionMap,
    partial: &MultiUnionPwAff,
) -> Result<UnionSet, PolyError> {
    let f = UnionMap::from_multi_union_pw_aff(partial.copy().isl(cx)?).isl(cx)?;
    deltas_under(cx, deps, &f)
}

/// `{ f(b) - f(a) : a -> b in pairs }`, for `f` mapping every end of `pairs` into
/// one space (a schedule, a flattened schedule, the times of an AST).
pub(crate) fn deltas_under(
    cx: &Ctx,
    pairs: &UnionMap,
    f: &UnionMap,
) -> Result<UnionSet, PolyError> {
    pairs
        .copy()
        .isl(cx)?
        .apply_domain(f.copy().isl(cx)?)
        .isl(cx)?
        .apply_range(f.copy().isl(cx)?)
        .isl(cx)?
        .deltas()
        .isl(cx)
}

/// `{ [x0, ..., x{n-1}] : x0 = ... = x{k-1} = 0 and x_k >= 1 }`, or `x_k <= -1`
/// when `!positive`: the vectors whose first non-zero member is `k`, of that sign
/// (members `0..zeros` are zero, `zeros <= k`).
pub(crate) fn vectors_signed_at(
    cx: &Ctx,
    n: usize,
    zeros: usize,
    k: usize,
    positive: bool,
) -> Result<Set, PolyError> {
    let space = Space::set_alloc(cx.raw(), 0, to_u32(n)?).isl(cx)?;
    let mut set = BasicSet::universe(space.copy().isl(cx)?).isl(cx)?;
    for j in 0..zeros {
        let x_j = vector_constraint(cx, &space, true, &[(j, 1)], 0)?;
        set = set.add_constraint(x_j).isl(cx)?;
    }
    let sign = if positive { 1 } else { -1 };
    let x_k = vector_constraint(cx, &space, false, &[(k, sign)], -1)?;
    Set::from_basic_set(set.add_constraint(x_k).isl(cx)?).isl(cx)
}

/// `Σ c·x_j + constant = 0` (`equality`) or `>= 0` over the vectors of `space`, from
/// the `(j, c)` terms.
pub(crate) fn vector_constraint(
    cx: &Ctx,
    space: &Space,
    equality: bool,
    terms: &[(usize, i64)],
    constant: i64,
) -> Result<Constraint, PolyError> {
    let ls = LocalSpace::from_space(space.copy().isl(cx)?).isl(cx)?;
    let mut c = if equality {
        Constraint::alloc_equality(ls)
    } else {
        Constraint::alloc_inequality(ls)
    }
    .isl(cx)?;
    let val = |v: i64| Val::int_from_si(cx.raw(), v).isl(cx);
    for &(j, coefficient) in terms {
        c = c
            .set_coefficient_val(DimType::Set, to_i32(j)?, val(coefficient)?)
            .isl(cx)?;
    }
    c.set_constant_val(val(constant)?).isl(cx)
}

/// Whether some distance has members `0..i` zero and member `i` non-zero, i.e. some
/// dependence is carried by member `i` (not by an earlier one): then `i` is not
/// coincident.
pub(crate) fn carried_by_member(
    cx: &Ctx,
    dist: &UnionSet,
    n: usize,
    i: usize,
) -> Result<bool, PolyError> {
    nonzero_at(cx, dist, n, i, i)
}

/// Whether some distance is nonzero in member `i`, whatever the outer members: the
/// member's loop carries a dependence even with the outer loops cut into tiles.
pub(crate) fn nonzero_in_member(
    cx: &Ctx,
    dist: &UnionSet,
    n: usize,
    i: usize,
) -> Result<bool, PolyError> {
    nonzero_at(cx, dist, n, 0, i)
}

/// Whether some distance with its first `zeros` members zero is nonzero in member `i`.
fn nonzero_at(
    cx: &Ctx,
    dist: &UnionSet,
    n: usize,
    zeros: usize,
    i: usize,
) -> Result<bool, PolyError> {
    let carried = vectors_signed_at(cx, n, zeros, i, false)?
        .union(vectors_signed_at(cx, n, zeros, i, true)?)
        .isl(cx)?;
    let carried = dist
        .copy()
        .isl(cx)?
        .intersect(UnionSet::from_set(carried).isl(cx)?)
        .isl(cx)?;
    Ok(!carried.is_empty().isl(cx)?)
}

/// Whether some distance is negative in member `i`.
pub(crate) fn negative_in_member(
    cx: &Ctx,
    dist: &UnionSet,
    n: usize,
    i: usize,
) -> Result<bool, PolyError> {
    let negative = UnionSet::from_set(vectors_signed_at(cx, n, 0, i, false)?).isl(cx)?;
    let negative = dist.copy().isl(cx)?.intersect(negative).isl(cx)?;
    Ok(!negative.is_empty().isl(cx)?)
}

/// Applies `f` to every child of `node` and returns `node` (at the same position).
pub(crate) fn walk_children<F>(
    cx: &Ctx,
    node: ScheduleNode,
    mut f: F,
) -> Result<ScheduleNode, PolyError>
where
    F: FnMut(&Ctx, ScheduleNode) -> Result<ScheduleNode, PolyError>,
{
    let mut node = node;
    for i in 0..n_children(cx, &node)? {
        node = node.child(i).isl(cx)?;
        node = f(cx, node)?;
        node = node.parent().isl(cx)?;
    }
    Ok(node)
}

/// Whether some member of the band at `node` is coincident.
pub(crate) fn any_coincident(cx: &Ctx, node: &ScheduleNode) -> Result<bool, PolyError> {
    for d in 0..n_members(cx, node)? {
        if node.band_member_get_coincident(to_i32(d)?).isl(cx)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Whether some band node above `node` satisfies `pred`.
pub(crate) fn band_above(
    cx: &Ctx,
    node: &ScheduleNode,
    mut pred: impl FnMut(&ScheduleNode) -> Result<bool, PolyError>,
) -> Result<bool, PolyError> {
    let mut up = node.copy().isl(cx)?;
    while up.has_parent().isl(cx)? {
        up = up.parent().isl(cx)?;
        if node_type(cx, &up)? == ScheduleNodeType::Band && pred(&up)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Appends output dimensions fixed to 0 until the map has `to` outputs, and drops the
/// output tuple name so that all padded maps share one space.
pub(crate) fn pad_map(cx: &Ctx, map: Map, from: usize, to: usize) -> Result<Map, PolyError> {
    let extra = to.saturating_sub(from);
    let mut map = map.reset_tuple_id(DimType::Out).isl(cx)?;
    if extra == 0 {
        return Ok(map);
    }
    map = map.add_dims(DimType::Out, to_u32(extra)?).isl(cx)?;
    for pos in from..to {
        map = map.fix_si(DimType::Out, to_u32(pos)?, 0).isl(cx)?;
    }
    Ok(map)
}
