//! Check 2: every dependence runs forward on the flattened schedule.

use isl_rs::{Schedule, Set, Space, UnionMap, UnionSet};

use crate::error::{PolyError, Violation};
use crate::model::isl_text::union_map_text;
use crate::support::isl::{maps_of, to_u32, Ctx, IslResult};
use crate::support::schedule_tree::{deltas_under, pad_map, vectors_signed_at};

/// Every dependence distance, on the flattened schedule, is lexicographically
/// positive. (All statements share one padded schedule space, and the domain check
/// guarantees that every dependence end is scheduled.)
pub(super) fn check_order<'a>(
    cx: &Ctx,
    schedule: &Schedule,
    kinds: impl IntoIterator<Item = (&'static str, &'a UnionMap)>,
) -> Result<(), PolyError> {
    let (flat, len) = flat_schedule(cx, schedule)?;
    check_flat_order(cx, &flat, len, kinds)
}

/// [`check_order`] on a map from statement instances to times of `len` entries
/// (a flattened schedule, or the times of a generated AST).
pub(super) fn check_flat_order<'a>(
    cx: &Ctx,
    flat: &UnionMap,
    len: usize,
    kinds: impl IntoIterator<Item = (&'static str, &'a UnionMap)>,
) -> Result<(), PolyError> {
    let positive = lex_positive(cx, len)?;
    for (kind, dep) in kinds {
        let distances = deltas_under(cx, dep, flat)?;
        if !distances.is_subset(&positive).isl(cx)? {
            // Failure path only: name the offending instance pairs.
            let violated = not_in_order(cx, dep, flat)?;
            return Err(Violation::Order {
                kind,
                pairs: union_map_text(cx, &violated)?,
            }
            .into());
        }
    }
    Ok(())
}

/// The pairs of `pairs` that the flat schedule `flat` does not run in order: the
/// second instance not strictly after the first.
pub(super) fn not_in_order(
    cx: &Ctx,
    pairs: &UnionMap,
    flat: &UnionMap,
) -> Result<UnionMap, PolyError> {
    let before = flat
        .copy()
        .isl(cx)?
        .lex_lt_union_map(flat.copy().isl(cx)?)
        .isl(cx)?;
    pairs.copy().isl(cx)?.subtract(before).isl(cx)
}

/// `{ [x0, ..., x{n-1}] : x ≻ 0 }`, the lexicographically positive vectors.
pub(super) fn lex_positive(cx: &Ctx, n: usize) -> Result<UnionSet, PolyError> {
    let space = Space::set_alloc(cx.raw(), 0, to_u32(n)?).isl(cx)?;
    let mut positive = Set::empty(space).isl(cx)?;
    for k in 0..n {
        positive = positive
            .union(vectors_signed_at(cx, n, k, k, true)?)
            .isl(cx)?;
    }
    UnionSet::from_set(positive).isl(cx)
}

/// isl's flattened schedule, every statement padded with zeros to the longest
/// length so that all of them compare in one space; with that length. Restricted to
/// the schedule's domain: `isl_schedule_get_map` returns the band functions on the
/// whole space, and a schedule may rightly drop a dimension the domain fixes (a loop
/// with one iteration), which is injective on the domain but not off it.
pub(super) fn flat_schedule(cx: &Ctx, schedule: &Schedule) -> Result<(UnionMap, usize), PolyError> {
    let map = (schedule.get_map().isl(cx)?)
        .intersect_domain(schedule.get_domain().isl(cx)?)
        .isl(cx)?;
    let mut maps = Vec::new();
    let mut longest = 0;
    for m in maps_of(cx, &map)? {
        let len = usize::try_from(m.dim(isl_rs::DimType::Out).isl(cx)?).unwrap_or(0);
        longest = longest.max(len);
        maps.push((m, len));
    }
    let mut flat = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
    for (m, len) in maps {
        let padded = pad_map(cx, m, len, longest)?;
        flat = flat.union(UnionMap::from_map(padded).isl(cx)?).isl(cx)?;
    }
    Ok((flat, longest))
}
