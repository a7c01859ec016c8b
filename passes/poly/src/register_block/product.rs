//! The tiles where a register block fits a triangular band: a statement's instances
//! under a point band need to be the product of their `(u, v)` pairs and their
//! range along `r` for every element of a block to be updated along one `r` loop
//! ([`super::tree`]). In a triangular nest they are not (trmm's `k > i`, lu's
//! `k < j`), but in most of its tiles they are: the tiles off the diagonal, where
//! `k`'s tile lies wholly past `i`'s (Pluto unrolls and jams in the same full
//! tiles, seed 004 §1.8). Those tiles get a copy of the band of their own.

use isl_rs::{DimType, ScheduleNode, Set, UnionMap, UnionSet};

use crate::error::PolyError;
use crate::support::isl::{set_tuple_name, to_u32, union_into, Ctx, IslResult};
use crate::support::schedule_tree::{n_members, prefix_of};

/// The instances of `stmt` under the band at `node` that lie in the band's product
/// tiles for `stmt`: the values of the band's prefix (the tile loops and those
/// outside them) where `stmt`'s points of the band are a product of their pairs
/// along members `u` and `v` and their range along member `r` (see the module) and no other statement under the band has an instance. `None` when
/// there are none.
///
/// Each value of the prefix then holds instances of one filter only, so that a
/// sequence of this filter and the rest keeps every instance in its order.
pub(crate) fn product_filter(
    cx: &Ctx,
    node: &ScheduleNode,
    stmt: &str,
    [r, u, v]: [usize; 3],
) -> Result<Option<UnionSet>, PolyError> {
    let n = n_members(cx, node)?;
    let prefix = prefix_of(cx, node)?;
    let partial =
        UnionMap::from_multi_union_pw_aff(node.band_get_partial_schedule().isl(cx)?).isl(cx)?;
    let both = prefix.copy().isl(cx)?.flat_range_product(partial).isl(cx)?;
    let (mine, others) = by_statement(cx, node.get_domain().isl(cx)?, stmt)?;
    let Some(mine) = mine else {
        return Ok(None);
    };
    let points = Set::from_union_set(
        both.copy()
            .isl(cx)?
            .intersect_domain(mine.copy().isl(cx)?)
            .isl(cx)?
            .range()
            .isl(cx)?,
    )
    .isl(cx)?;
    let total = usize::try_from(points.dim(DimType::Set).isl(cx)?).unwrap_or(0);
    let Some(outer) = total.checked_sub(n) else {
        return Ok(None);
    };
    let dim = |d: usize| to_u32(outer + d);
    // The pairs with every value of `r` any of them has, at one prefix value: more
    // than the points when the range along `r` moves with the pair.
    let pairs = points
        .copy()
        .isl(cx)?
        .eliminate(DimType::Set, dim(r)?, 1)
        .isl(cx)?;
    let along_r = points
        .copy()
        .isl(cx)?
        .eliminate(DimType::Set, dim(u)?, 1)
        .isl(cx)?
        .eliminate(DimType::Set, dim(v)?, 1)
        .isl(cx)?;
    let missing = pairs
        .intersect(along_r)
        .isl(cx)?
        .subtract(points.copy().isl(cx)?)
        .isl(cx)?
        .project_out(DimType::Set, dim(0)?, to_u32(n)?)
        .isl(cx)?;
    let mut good = points
        .project_out(DimType::Set, dim(0)?, to_u32(n)?)
        .isl(cx)?
        .subtract(missing)
        .isl(cx)?;
    if let Some(others) = others {
        // (One space: the prefix and the band give every statement the same
        // dimensions.)
        let shared = Set::from_union_set(both.intersect_domain(others).isl(cx)?.range().isl(cx)?)
            .isl(cx)?
            .project_out(DimType::Set, dim(0)?, to_u32(n)?)
            .isl(cx)?;
        good = good.subtract(shared).isl(cx)?;
    }
    let Some(good) = bulk(cx, good)? else {
        return Ok(None);
    };
    tracing::debug!(stmt, good = cx.text(&good)?, "product tiles");
    let filter = prefix
        .intersect_domain(mine)
        .isl(cx)?
        .intersect_range(UnionSet::from_set(good).isl(cx)?)
        .isl(cx)?
        .domain()
        .isl(cx)?;
    Ok(Some(filter))
}

/// The pieces of `good` that span every dimension: those whose affine hull (their
/// divisions left out) is the whole space. The others are the edge cases of the parameters (a last tile of one
/// row when `n mod 64 = 2`, `n = 2`): kept in, each doubled the filter's pieces and
/// made the schedule's verification 15x slower (trmm), for a handful of instances.
/// Any subset of the product tiles is sound (each tile stays in one filter). `None`
/// when nothing is left.
fn bulk(cx: &Ctx, good: Set) -> Result<Option<Set>, PolyError> {
    let good = good.coalesce().isl(cx)?;
    let list = good.get_basic_set_list().isl(cx)?;
    let mut kept: Option<Set> = None;
    for i in 0..list.size().isl(cx)? {
        let piece = list.get_at(i).isl(cx)?;
        // (Without its divisions: a tile origin's `i mod 64 = 0` is no hyperplane.)
        let hull = piece
            .copy()
            .isl(cx)?
            .remove_divs()
            .isl(cx)?
            .affine_hull()
            .isl(cx)?;
        if !hull.is_universe().isl(cx)? {
            continue;
        }
        let piece = Set::from_basic_set(piece).isl(cx)?;
        union_into(cx, &mut kept, piece)?;
    }
    match kept {
        Some(s) if !s.is_empty().isl(cx)? => Ok(Some(s)),
        _ => Ok(None),
    }
}

/// `domain` split into the instances of `stmt` and the others (each `None` when
/// empty).
fn by_statement(
    cx: &Ctx,
    domain: UnionSet,
    stmt: &str,
) -> Result<(Option<UnionSet>, Option<UnionSet>), PolyError> {
    let list = domain.get_set_list().isl(cx)?;
    let (mut mine, mut others): (Option<UnionSet>, Option<UnionSet>) = (None, None);
    for i in 0..list.size().isl(cx)? {
        let set = list.get_at(i).isl(cx)?;
        let slot = match set_tuple_name(&set).as_deref() == Some(stmt) {
            true => &mut mine,
            false => &mut others,
        };
        let set = UnionSet::from_set(set).isl(cx)?;
        union_into(cx, slot, set)?;
    }
    Ok((mine, others))
}
