//! Tile-level fusion of sibling bands: Pluto's tiling across a distribution (seed 004
//! §1.8, its tile loops are the outer loops of a band fused before the distribution
//! below it).
//!
//! Consecutive children of a sequence whose bands need no tiles of their own (the
//! footprint model leaves each untiled: it sweeps its data once) but that touch the
//! same data at the same value of their parallel first member get one parallel tile
//! loop of that member, under which each keeps its own band, in their order:
//!
//! ```text
//! for j:  for i: R[k][j] += Q[i][k] * A[i][j]     for jt (parallel):
//! for j:  for i: A[i][j] -= Q[i][k] * R[k][j]  ->    for j in jt: for i: R[k][j] += ...
//!                                                    for j in jt: for i: A[i][j] -= ...
//! ```
//!
//! (gramschmidt's projection step). Each tile's data then comes from the cache for
//! every sibling after the first, where before each sibling swept all of it from
//! memory, and the parallel loop forks once where it forked once per sibling.

use std::ops::Range;

use isl_rs::{
    DimType, MultiUnionPwAff, MultiVal, Schedule, ScheduleNode, ScheduleNodeType, UnionMap,
    UnionSet, Val,
};

use crate::analysis::privatization::{set_coincidence, Conflicts};
use crate::error::PolyError;
use crate::model::notes::Tiling;
use crate::support::host::Caches;
use crate::support::isl::{map_in_name, maps_of, to_i32, union_into, Ctx, IslResult};
use crate::support::schedule_tree::{
    carried_by_member, distances, live_deps, member_map, n_children, n_members, node_type,
};
use crate::transform::intra_tile::innermost;
use crate::transform::locality::{band_profile, AccessProfile, Locality, NOMINAL_EXTENT};
use crate::transform::tile::{set_tile_options, TileOptions, TileReport, UNIFORM_SIZE};
use crate::transform::tile_size::{distinct_footprint, model_sizes};

/// Fuses every run of sibling bands described in the module under one tile loop of
/// [`UNIFORM_SIZE`], from the root of the tree down, before [`super::tile::tile`]
/// tiles the rest; the report notes each run and counts its tile band.
/// Only where the tile sizes are the model's and parallel loops will be marked, and not
/// in a streaming SCoP (whose short tile rows break the prefetcher's streams, as in
/// [`super::tile`]'s tiles for an outer parallel loop).
pub(crate) fn fuse_sibling_tiles(
    cx: &Ctx,
    schedule: Schedule,
    opts: &TileOptions<'_>,
    locality: &Locality,
    deps: &Conflicts,
) -> Result<(Schedule, TileReport), PolyError> {
    let mut report = TileReport::default();
    if !opts.sizes.is_empty() || !opts.parallel || locality.streaming {
        return Ok((schedule, report));
    }
    set_tile_options(cx)?;
    let fusion = Fusion {
        opts,
        locality,
        deps,
    };
    let root = fusion.walk(cx, schedule.get_root().isl(cx)?, &mut report)?;
    Ok((root.get_schedule().isl(cx)?, report))
}

struct Fusion<'a> {
    opts: &'a TileOptions<'a>,
    locality: &'a Locality,
    deps: &'a Conflicts,
}

impl Fusion<'_> {
    fn walk(
        &self,
        cx: &Ctx,
        node: ScheduleNode,
        report: &mut TileReport,
    ) -> Result<ScheduleNode, PolyError> {
        let mut node = node;
        // The fused children: their bands must not be fused again inside the tile.
        let mut fused = Vec::new();
        if node_type(cx, &node)? == ScheduleNodeType::Sequence {
            // From the last run backwards, so that the positions of earlier runs hold.
            let runs = self.runs(cx, &node)?;
            for run in runs.into_iter().rev() {
                if let Some(edited) = fuse_run(cx, node.copy().isl(cx)?, run.clone(), self.deps)? {
                    node = edited;
                    report.note(Tiling::FusedSiblings {
                        bands: run.len(),
                        size: UNIFORM_SIZE,
                    });
                    report.tiled += 1;
                    if node_type(cx, &node)? == ScheduleNodeType::Band {
                        // The whole sequence is now one tile loop's.
                        return Ok(node);
                    }
                    fused = fused.into_iter().map(|p| p - (run.len() - 1)).collect();
                    fused.push(run.start);
                }
            }
        }
        for i in 0..n_children(cx, &node)? {
            if fused.contains(&usize::try_from(i).unwrap_or(usize::MAX)) {
                continue;
            }
            node = node.child(i).isl(cx)?;
            node = self.walk(cx, node, report)?;
            node = node.parent().isl(cx)?;
        }
        Ok(node)
    }

    /// The runs of at least two consecutive children of the sequence at `seq` whose
    /// bands are candidates ([`Self::candidate`]) and touch one element at one value
    /// of their outer loops and first member, each with the next, and whose tiles'
    /// data fits in L2 ([`fits_in_l2`]).
    fn runs(&self, cx: &Ctx, seq: &ScheduleNode) -> Result<Vec<Range<usize>>, PolyError> {
        let n = usize::try_from(n_children(cx, seq)?).unwrap_or(0);
        let mut bands: Vec<Option<(UnionMap, Vec<AccessProfile>)>> = Vec::with_capacity(n);
        for i in 0..n {
            let band = seq.copy().isl(cx)?.grandchild(to_i32(i)?, 0).isl(cx)?;
            bands.push(match self.candidate(cx, &band)? {
                Some(profile) => Some((touched_along_first(cx, &band, self.locality)?, profile)),
                None => None,
            });
        }
        let mut runs = Vec::new();
        let mut start = 0;
        for i in 1..=n {
            let joins = match (bands.get(i - 1), bands.get(i)) {
                (Some(Some((a, _))), Some(Some((b, _)))) => !a
                    .copy()
                    .isl(cx)?
                    .intersect(b.copy().isl(cx)?)
                    .isl(cx)?
                    .is_empty()
                    .isl(cx)?,
                _ => false,
            };
            if !joins {
                let profile: Vec<AccessProfile> = bands[start..i]
                    .iter()
                    .flatten()
                    .flat_map(|(_, p)| p.iter().cloned())
                    .collect();
                if i - start >= 2 && fits_in_l2(&profile, self.opts.caches) {
                    runs.push(start..i);
                }
                start = i;
            }
        }
        Ok(runs)
    }

    /// The access profile of the band below a child filter of a sequence, when it is a
    /// band of two or more permutable members with nothing below it, whose first
    /// member is parallel where it stands and which the footprint model leaves untiled
    /// (as [`super::tile`] asks it, with the same member to go innermost).
    fn candidate(
        &self,
        cx: &Ctx,
        band: &ScheduleNode,
    ) -> Result<Option<Vec<AccessProfile>>, PolyError> {
        if node_type(cx, band)? != ScheduleNodeType::Band {
            return Ok(None);
        }
        let n = n_members(cx, band)?;
        if n < 2
            || !band.band_get_permutable().isl(cx)?
            || node_type(cx, &band.copy().isl(cx)?.child(0).isl(cx)?)? != ScheduleNodeType::Leaf
            || !self
                .deps
                .coincidence(cx, band)?
                .first()
                .copied()
                .unwrap_or(false)
        {
            return Ok(None);
        }
        let profile = band_profile(cx, band, self.locality, n)?;
        let sunk = match self.opts.reorder {
            true => innermost(cx, band, &profile, false)?,
            false => None,
        };
        Ok(
            match model_sizes(&profile, n, sunk.unwrap_or(n - 1), self.opts.caches) {
                None => Some(profile),
                Some(_) => None,
            },
        )
    }
}

/// Whether one tile of the run's bands, [`UNIFORM_SIZE`] along the first member and
/// [`NOMINAL_EXTENT`] along every other, touches no more data than L2 holds (each
/// array counted once per way it moves): then the second band finds the tile's data
/// in L2. Over a band of three members (a tile of 32 x 2048 x 2048) it never does.
fn fits_in_l2(profile: &[AccessProfile], caches: Caches) -> bool {
    let members = profile.first().map_or(0, |a| a.moves.len());
    let sizes: Vec<i64> = (0..members)
        .map(|d| if d == 0 { UNIFORM_SIZE } else { NOMINAL_EXTENT })
        .collect();
    distinct_footprint(profile, &sizes) <= caches.l2
}

/// The elements the statements under the band at `band` access, as a map from their
/// outer loops and the band's first member to the elements: `[outer.., x] -> A[..]`.
fn touched_along_first(
    cx: &Ctx,
    band: &ScheduleNode,
    locality: &Locality,
) -> Result<UnionMap, PolyError> {
    let first = member_map(cx, &band.band_get_partial_schedule().isl(cx)?, 0)?;
    let time = band
        .get_prefix_schedule_union_map()
        .isl(cx)?
        .flat_range_product(first)
        .isl(cx)?;
    let mut touched: Option<UnionMap> = None;
    for map in maps_of(cx, &time)? {
        let Some(stmt) = map_in_name(&map) else {
            continue;
        };
        // A scalar's one element is no data to share.
        for access in locality
            .accesses(&stmt)
            .filter(|a| a.dim(DimType::Out).unwrap_or(0) > 0)
        {
            let elements = UnionMap::from_map(
                map.copy()
                    .isl(cx)?
                    .reverse()
                    .isl(cx)?
                    .apply_range(access.copy().isl(cx)?)
                    .isl(cx)?,
            )
            .isl(cx)?;
            union_into(cx, &mut touched, elements)?;
        }
    }
    match touched {
        Some(t) => Ok(t),
        None => UnionMap::empty(time.get_space().isl(cx)?).isl(cx),
    }
}

/// The sequence at `seq` with its children `run` under one filter, a tile band of
/// their first members (tiles of [`UNIFORM_SIZE`]) and a sequence of the children as
/// they were; `None` when some dependence runs between two tiles (then the tile loop
/// would not be parallel, and the fusion need not be legal). Returns the node at the
/// sequence's position: the sequence, or the tile band when the run is all of it.
fn fuse_run(
    cx: &Ctx,
    seq: ScheduleNode,
    run: Range<usize>,
    deps: &Conflicts,
) -> Result<Option<ScheduleNode>, PolyError> {
    let n = usize::try_from(n_children(cx, &seq)?).unwrap_or(0);
    let mut before: Option<UnionSet> = None;
    let mut group: Option<UnionSet> = None;
    let mut after: Option<UnionSet> = None;
    let mut first: Option<MultiUnionPwAff> = None;
    for i in 0..n {
        let filter = seq.copy().isl(cx)?.child(to_i32(i)?).isl(cx)?;
        let set = filter.filter_get_filter().isl(cx)?;
        let part = match i {
            i if i < run.start => &mut before,
            i if run.contains(&i) => &mut group,
            _ => &mut after,
        };
        union_into(cx, part, set)?;
        if run.contains(&i) {
            let band = filter.child(0).isl(cx)?;
            let partial = band.band_get_partial_schedule().isl(cx)?;
            let member = MultiUnionPwAff::from_union_pw_aff(partial.get_at(0).isl(cx)?).isl(cx)?;
            first = Some(match first {
                Some(f) => f.union_add(member).isl(cx)?,
                None => member,
            });
        }
    }
    let (Some(group), Some(first)) = (group, first) else {
        return Ok(None);
    };
    let whole = before.is_none() && after.is_none();
    let mut node = seq;
    if !whole {
        let has_before = before.is_some();
        let has_after = after.is_some();
        let mut list = isl_rs::UnionSetList::alloc(cx.raw(), 3).isl(cx)?;
        for set in [before, Some(group), after].into_iter().flatten() {
            list = list.add(set).isl(cx)?;
        }
        // A copy of the sequence under each part, then the parts of more than one
        // child spliced back, the last first (isl drops a copy's sequence when one
        // child is left, so that part is already a child as it was).
        node = node.insert_sequence(list).isl(cx)?;
        if has_after && n - run.end >= 2 {
            let pos = usize::from(has_before) + 1;
            node = node.sequence_splice_child(to_i32(pos)?).isl(cx)?;
        }
        if has_before && run.start >= 2 {
            node = node.sequence_splice_child(0).isl(cx)?;
        }
        // The sequence of the run, under its filter.
        node = node.grandchild(to_i32(run.start)?, 0).isl(cx)?;
    }
    // The tile band above the run's sequence.
    node = node
        .insert_partial_schedule(first)
        .isl(cx)?
        .band_set_permutable(1)
        .isl(cx)?;
    let sizes = MultiVal::zero(node.band_get_space().isl(cx)?)
        .isl(cx)?
        .set_at(0, Val::int_from_si(cx.raw(), UNIFORM_SIZE).isl(cx)?)
        .isl(cx)?;
    node = node
        .band_tile(sizes)
        .isl(cx)?
        // The point band repeats the children's own first members.
        .child(0)
        .isl(cx)?
        .delete()
        .isl(cx)?
        .parent()
        .isl(cx)?;
    let live = live_deps(cx, &node, &deps.all)?;
    let dist = distances(cx, &live, &node.band_get_partial_schedule().isl(cx)?)?;
    if carried_by_member(cx, &dist, 1, 0)? {
        return Ok(None);
    }
    // Every pair, private scalars' included, stays in one tile: coincident.
    node = set_coincidence(cx, node, deps)?;
    match whole {
        true => Ok(Some(node)),
        false => Ok(Some(node.parent().isl(cx)?.parent().isl(cx)?)),
    }
}
