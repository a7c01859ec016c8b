//! The relations of live-range reordering (seed 001 §2.3).

use isl_rs::UnionMap;

use crate::analysis::dataflow::{
    dataflow, live_flow, live_out, reorderable, split_by_array, split_reorderable, Order, Problem,
};
use crate::analysis::privatization::{accessing, candidates, Conflicts, PrivateScalar};
use crate::error::PolyError;
use crate::model::load::ScopIsl;
use crate::model::scop::ArrayId;
use crate::support::isl::{Ctx, IslResult};

/// The relations of live-range reordering (seed 001 §2.3, §2.6). A live range runs
/// from a write to the reads of its value (a flow dependence). A schedule may
/// reorder live ranges of the same memory as long as none of them overlaps another:
/// validity is flow ∪ forced, and an order dependence (the reads of one live range
/// before the writes of a later one) is imposed only where an adjacent live range is
/// not local, i.e. its ends are not scheduled together (conditional validity).
///
/// Only *reorderable* arrays get this: scalars (0-d) and arrays killed at the end of
/// the SCoP (temporaries). Other arrays keep their anti and output dependences as
/// validity. Their final contents pin most of their live ranges anyway, and the
/// relations without a cut (order, conflicts) explode on in-place stencils: seidel-2d
/// tiled and parallel ran out of the isl budget after 235 s with every array
/// reorderable, against 0.3 s for its schedule alone.
pub(crate) struct LiveRanges {
    /// Flow of the reorderable arrays on tagged instances, `[S[i] -> S_ref<k>[]]
    /// -> [T[j] -> T_ref<l>[]]`, for checking a schedule.
    pub tagged_flow: UnionMap,
    /// Flow of the other arrays (validity, like their anti and output
    /// dependences in `forced`).
    pub flow_kept: UnionMap,
    /// The conditions: flow of reorderable arrays.
    pub live_ranges: UnionMap,
    /// Must hold whatever the order of live ranges: later writers of a live-out
    /// element stay before its last writer, reads of live-in values stay before
    /// any write of the element, and several possible sources of one read keep
    /// their order (parts 1–3 of §2.3); plus the anti and output dependences of
    /// the arrays that are not reorderable.
    pub forced: UnionMap,
    /// Reorderable arrays: reads of a live range (and writes no one reads) to the
    /// writes of later live ranges of the same element, no cut.
    pub order: UnionMap,
    /// Reads of reorderable arrays' values from before the SCoP, `[S[i] ->
    /// S_ref<k>[]] -> A[..]`.
    pub live_in: UnionMap,
    /// Writes of reorderable arrays whose value is visible after the SCoP,
    /// `S[i] -> A[..]`.
    pub live_out: UnionMap,
}

impl LiveRanges {
    /// Seed 001 §2.3: the engine calls of live-range reordering, against the
    /// original schedule. Also the pairs a parallel loop must not separate: for
    /// reorderable arrays every pair of accesses to one element, at least one a
    /// write, with no cut (once live ranges move, an overwrite that cut a pair may be
    /// elsewhere); for the others the dependences (the schedule keeps them, so their
    /// cut pairs follow); the pairs of scalars a loop may privatize apart.
    pub(crate) fn compute(cx: &Ctx, scop: &ScopIsl) -> Result<(LiveRanges, Conflicts), PolyError> {
        let empty = || UnionMap::empty_ctx(cx.raw()).isl(cx);
        let writes_all = scop.writes(cx)?;
        let (reads, reads_kept) = split_reorderable(cx, scop, &scop.reads)?;
        let (writes, writes_kept) = split_reorderable(cx, scop, &writes_all)?;
        // The classical dependences of the arrays that are not reorderable.
        let flow_kept = dataflow(
            cx,
            scop,
            reads_kept.copy().isl(cx)?,
            writes_kept.copy().isl(cx)?,
        )?;
        let anti_kept = dataflow(cx, scop, writes_kept.copy().isl(cx)?, reads_kept)?;
        let output_kept = dataflow(cx, scop, writes_kept.copy().isl(cx)?, writes_kept)?;
        let tagged_reads = reorderable(cx, scop, &scop.tagged_reads)?;
        let tagged_writes = reorderable(cx, scop, &scop.tagged_writes(cx)?)?;
        let tagged_schedule = scop.tag_schedule(cx, &scop.schedule)?;

        // The live ranges: tagged flow of the reorderable arrays, and their reads
        // of live-in values (sinks with no source).
        let live_flow = live_flow(cx, scop, Order::Map(tagged_schedule.copy().isl(cx)?))?;
        let live_in = live_flow.get_may_no_source().isl(cx)?;
        let tagged_live_flow = live_flow.get_may_dependence().isl(cx)?;
        let sources = live_flow
            .get_full_may_dependence()
            .isl(cx)?
            .domain_factor_domain()
            .isl(cx)?;
        drop(live_flow);

        // Order: reads, and writes that start no live range, to all later writes.
        let unmatched = tagged_writes
            .copy()
            .isl(cx)?
            .subtract_domain(tagged_live_flow.copy().isl(cx)?.domain().isl(cx)?)
            .isl(cx)?;
        let order = Problem {
            sink: tagged_writes.copy().isl(cx)?,
            source: tagged_reads.copy().isl(cx)?.union(unmatched).isl(cx)?,
            kill: empty()?,
            schedule: Order::Map(tagged_schedule),
        }
        .dependences(cx)?;

        let live_out = live_out(cx, scop, Order::Map(scop.schedule.copy().isl(cx)?))?;
        let live_in_untagged = live_in.copy().isl(cx)?.domain_factor_domain().isl(cx)?;
        // The arrays that are not reorderable keep every dependence.
        let mut forced = anti_kept
            .copy()
            .isl(cx)?
            .union(output_kept.copy().isl(cx)?)
            .isl(cx)?;
        // Part 1: every writer of a live-out element stays before its last writer.
        let part = Problem::untagged(
            cx,
            scop,
            live_out.copy().isl(cx)?,
            writes.copy().isl(cx)?,
            empty()?,
        )?;
        forced = forced.union(part.dependences(cx)?).isl(cx)?;
        // Part 2: live-in values are read before any write of the element.
        let part = Problem::untagged(cx, scop, writes.copy().isl(cx)?, live_in_untagged, empty()?)?;
        forced = forced.union(part.dependences(cx)?).isl(cx)?;
        // Part 3: possible sources of one read of one element keep their order
        // (only may-writes give a read several sources).
        if !scop.may_writes.is_empty().isl(cx)? {
            let part = Problem::untagged(cx, scop, sources.copy().isl(cx)?, sources, empty()?)?;
            forced = forced.union(part.dependences(cx)?).isl(cx)?;
        }

        let untag = |m: UnionMap| -> Result<UnionMap, PolyError> {
            m.domain_factor_domain()
                .isl(cx)?
                .range_factor_domain()
                .isl(cx)?
                .coalesce()
                .isl(cx)
        };
        // The conflicts, those of the privatization candidates apart.
        let candidates = candidates(cx, scop, &writes, &live_in)?;
        let is_candidate = |a: ArrayId| candidates.contains(&a);
        let (candidate_reads, other_reads) = split_by_array(cx, scop, &reads, is_candidate)?;
        let (candidate_writes, other_writes) = split_by_array(cx, scop, &writes, is_candidate)?;
        let (candidate_tagged_reads, _) = split_by_array(cx, scop, &tagged_reads, is_candidate)?;
        let mut shared = conflict_pairs(cx, scop, other_reads, other_writes)?;
        for kept in [&flow_kept, &anti_kept, &output_kept] {
            shared = shared
                .union(kept.copy().isl(cx)?.coalesce().isl(cx)?)
                .isl(cx)?;
        }
        let mut all = shared.copy().isl(cx)?;
        let mut private = Vec::with_capacity(candidates.len());
        for array in candidates.iter() {
            let this = |a: ArrayId| a == *array;
            let (reads, _) = split_by_array(cx, scop, &candidate_reads, this)?;
            let (writes, _) = split_by_array(cx, scop, &candidate_writes, this)?;
            let (tagged_reads, _) = split_by_array(cx, scop, &candidate_tagged_reads, this)?;
            let instances = accessing(cx, &reads, &writes)?;
            let conflicts = conflict_pairs(cx, scop, reads, writes)?;
            all = all.union(conflicts.copy().isl(cx)?).isl(cx)?;
            let flow = tagged_live_flow
                .copy()
                .isl(cx)?
                .intersect_range(tagged_reads.domain().isl(cx)?)
                .isl(cx)?;
            private.push(PrivateScalar {
                array: *array,
                conflicts,
                flow: untag(flow)?,
                instances,
            });
        }
        let conflicts = Conflicts {
            all,
            shared,
            private,
        };
        let live_ranges = LiveRanges {
            live_ranges: untag(tagged_live_flow.copy().isl(cx)?)?,
            tagged_flow: tagged_live_flow,
            flow_kept: flow_kept.coalesce().isl(cx)?,
            forced: forced.coalesce().isl(cx)?,
            order: untag(order)?,
            live_in,
            live_out,
        };
        Ok((live_ranges, conflicts))
    }
}

/// Pairs of accesses to one element, at least one a write, with no cut: reads to
/// later writes and writes to later accesses. Each part coalesced on its own, as
/// `Dependences::all` (coalescing the union gives polytopes with many more
/// constraints).
fn conflict_pairs(
    cx: &Ctx,
    scop: &ScopIsl,
    reads: UnionMap,
    writes: UnionMap,
) -> Result<UnionMap, PolyError> {
    let empty = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
    let part = Problem::untagged(
        cx,
        scop,
        reads.copy().isl(cx)?,
        writes.copy().isl(cx)?,
        empty.copy().isl(cx)?,
    )?;
    let pairs = part.dependences(cx)?.coalesce().isl(cx)?;
    let part = Problem::untagged(
        cx,
        scop,
        writes.copy().isl(cx)?,
        reads.union(writes).isl(cx)?,
        empty,
    )?;
    pairs
        .union(part.dependences(cx)?.coalesce().isl(cx)?)
        .isl(cx)
}
