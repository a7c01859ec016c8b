//! Exact value-based dependences (seed 001 §2.1–2.2), computed with isl's dataflow
//! engine against the original schedule.
//!
//! Every kind is one `compute_flow` call with a sink K, a may-source Y and a cut C:
//!
//! | kind   | K (sink)   | Y (source) | C (cut)     |
//! |--------|------------|------------|-------------|
//! | flow   | reads      | writes     | must-writes |
//! | anti   | writes     | reads      | must-writes |
//! | output | writes     | writes     | must-writes |
//!
//! anti ∪ output is seed 001's "false" dependence (K may-write, Y may-read ∪ may-write,
//! C must-write), split by the kind of the source. The cut only drops dependences
//! that an intervening must-write already implies transitively, so validity is exact.
//!
//! With live-range reordering (seed 001 §2.3) four more relations are computed on
//! tagged instances ([`LiveRanges`]): the order dependences, which a schedule must
//! respect only next to a live range it does not keep local, the forced
//! dependences, which it must always respect, and for checking schedules the
//! memory conflicts with no cut and the live-in and live-out accesses.

use std::marker::PhantomData;

use isl_rs::{UnionAccessInfo, UnionMap};

use crate::isl::{map_out_name, Ctx, IslResult};
use crate::load::ScopIsl;
use crate::text::union_map_text;
use crate::PolyError;

/// Flow (read-after-write), anti (write-after-read) and output (write-after-write)
/// dependences between statement instances, as isl union maps `S[i] -> T[j]`
/// (source instance to sink instance). Borrows the [`Ctx`] its maps live in.
pub struct Dependences<'cx> {
    flow: UnionMap,
    anti: UnionMap,
    output: UnionMap,
    /// flow ∪ anti ∪ output as isl's dataflow returns them, before coalescing: many
    /// simple pieces (e.g. one uniform dependence per stencil read) rather than one
    /// polytope with many faces. Farkas duals of simple pieces are cheap (the
    /// scheduler's input); of the coalesced polytope, costly.
    pieces: UnionMap,
    /// Only with live-range reordering.
    live_ranges: Option<LiveRanges>,
    _cx: PhantomData<&'cx Ctx>,
}

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
    /// Pairs a parallel loop must not separate: for reorderable arrays every pair
    /// of accesses to one element, at least one a write, with no cut (once live
    /// ranges move, an overwrite that cut a pair may be elsewhere); for the others
    /// the dependences (the schedule keeps them, so their cut pairs follow).
    pub conflicts: UnionMap,
    /// Reads of reorderable arrays' values from before the SCoP, `[S[i] ->
    /// S_ref<k>[]] -> A[..]`.
    pub live_in: UnionMap,
    /// Writes of reorderable arrays whose value is visible after the SCoP,
    /// `S[i] -> A[..]`.
    pub live_out: UnionMap,
}

impl<'cx> Dependences<'cx> {
    /// The dependences of a SCoP, as isl objects of `cx`.
    pub fn of_scop(cx: &'cx Ctx, scop: &crate::Scop) -> Result<Dependences<'cx>, PolyError> {
        let model = ScopIsl::load(cx, scop)?;
        Self::compute(cx, &model, false)
    }

    /// With `live_ranges`, also the relations of live-range reordering.
    pub(crate) fn compute(
        cx: &'cx Ctx,
        scop: &ScopIsl,
        live_ranges: bool,
    ) -> Result<Dependences<'cx>, PolyError> {
        let writes = scop.writes(cx)?;
        let flow = dataflow(cx, scop, scop.reads.copy().isl(cx)?, writes.copy().isl(cx)?)?;
        let anti = dataflow(cx, scop, writes.copy().isl(cx)?, scop.reads.copy().isl(cx)?)?;
        let output = dataflow(cx, scop, writes.copy().isl(cx)?, writes)?;
        let live_ranges = if live_ranges {
            Some(LiveRanges::compute(cx, scop)?)
        } else {
            None
        };
        let pieces = flow
            .copy()
            .isl(cx)?
            .union(anti.copy().isl(cx)?)
            .isl(cx)?
            .union(output.copy().isl(cx)?)
            .isl(cx)?;
        tracing::debug!("dependences computed");
        Ok(Dependences {
            flow: flow.coalesce().isl(cx)?,
            anti: anti.coalesce().isl(cx)?,
            output: output.coalesce().isl(cx)?,
            pieces,
            live_ranges,
            _cx: PhantomData,
        })
    }

    pub(crate) fn live_ranges(&self) -> Option<&LiveRanges> {
        self.live_ranges.as_ref()
    }

    /// The pairs a parallel loop must not separate: the dependences, or with
    /// live-range reordering the memory conflicts with no cut (see the field).
    pub(crate) fn conflicts(&self, cx: &Ctx) -> Result<UnionMap, PolyError> {
        match &self.live_ranges {
            None => self.all(cx),
            Some(lr) => lr.conflicts.copy().isl(cx),
        }
    }

    pub fn flow(&self) -> &UnionMap {
        &self.flow
    }

    pub fn anti(&self) -> &UnionMap {
        &self.anti
    }

    pub fn output(&self) -> &UnionMap {
        &self.output
    }

    /// flow ∪ anti ∪ output: everything a schedule must respect.
    pub fn all(&self, cx: &Ctx) -> Result<UnionMap, PolyError> {
        self.flow
            .copy()
            .isl(cx)?
            .union(self.anti.copy().isl(cx)?)
            .isl(cx)?
            .union(self.output.copy().isl(cx)?)
            .isl(cx)
    }

    /// flow ∪ anti ∪ output, not coalesced (see the field).
    pub(crate) fn pieces(&self) -> &UnionMap {
        &self.pieces
    }

    /// The kinds with their names, in print order.
    pub fn kinds(&self) -> [(&'static str, &UnionMap); 3] {
        [
            ("flow", &self.flow),
            ("anti", &self.anti),
            ("output", &self.output),
        ]
    }

    /// Stable text, one line per kind:
    ///
    /// ```text
    /// flow: [N] -> { S0[i] -> S1[i' = i] : 0 <= i < N; ... }
    /// anti: [N] -> {  }
    /// output: ...
    /// ```
    ///
    /// Each kind is coalesced and its pieces (one per pair of statements) are printed
    /// in sorted order, so that the text does not depend on isl's hash order.
    ///
    /// With live-range reordering, `forced:` and `order:` lines follow.
    pub fn to_text(&self, cx: &Ctx) -> Result<String, PolyError> {
        let mut out = String::new();
        let mut kinds: Vec<(&str, &UnionMap)> = self.kinds().to_vec();
        if let Some(lr) = &self.live_ranges {
            kinds.push(("forced", &lr.forced));
            kinds.push(("order", &lr.order));
        }
        for (name, map) in kinds {
            out.push_str(name);
            out.push_str(": ");
            out.push_str(&union_map_text(cx, map)?);
            out.push('\n');
        }
        Ok(out)
    }
}

impl LiveRanges {
    /// Seed 001 §2.3: the engine calls of live-range reordering, against the
    /// original schedule.
    fn compute(cx: &Ctx, scop: &ScopIsl) -> Result<LiveRanges, PolyError> {
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
            source: tagged_reads.union(unmatched).isl(cx)?,
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

        // Each part coalesced on its own, as `Dependences::all` (coalescing the
        // union of all kinds gives polytopes with many more constraints).
        let part = Problem::untagged(
            cx,
            scop,
            reads.copy().isl(cx)?,
            writes.copy().isl(cx)?,
            empty()?,
        )?;
        let mut conflicts = part.dependences(cx)?.coalesce().isl(cx)?;
        let part = Problem::untagged(
            cx,
            scop,
            writes.copy().isl(cx)?,
            reads.union(writes).isl(cx)?,
            empty()?,
        )?;
        conflicts = conflicts
            .union(part.dependences(cx)?.coalesce().isl(cx)?)
            .isl(cx)?;
        for kept in [&flow_kept, &anti_kept, &output_kept] {
            conflicts = conflicts
                .union(kept.copy().isl(cx)?.coalesce().isl(cx)?)
                .isl(cx)?;
        }
        let untag = |m: UnionMap| -> Result<UnionMap, PolyError> {
            m.domain_factor_domain()
                .isl(cx)?
                .range_factor_domain()
                .isl(cx)?
                .coalesce()
                .isl(cx)
        };
        Ok(LiveRanges {
            live_ranges: untag(tagged_live_flow.copy().isl(cx)?)?,
            tagged_flow: tagged_live_flow,
            flow_kept: flow_kept.coalesce().isl(cx)?,
            forced: forced.coalesce().isl(cx)?,
            order: untag(order)?,
            conflicts,
            live_in,
            live_out,
        })
    }
}

/// Dataflow of the reorderable arrays on tagged instances under `tagged` (a
/// schedule of tagged instances): the live ranges and the reads of live-in values.
pub(crate) fn live_flow(
    cx: &Ctx,
    scop: &ScopIsl,
    tagged: Order,
) -> Result<isl_rs::UnionFlow, PolyError> {
    Problem {
        sink: reorderable(cx, scop, &scop.tagged_reads)?,
        source: reorderable(cx, scop, &scop.tagged_writes(cx)?)?,
        kill: reorderable(cx, scop, &scop.tagged_must_writes)?,
        schedule: tagged,
    }
    .solve(cx)
}

/// The maps of `accesses` on reorderable arrays.
pub(crate) fn reorderable(
    cx: &Ctx,
    scop: &ScopIsl,
    accesses: &UnionMap,
) -> Result<UnionMap, PolyError> {
    split_reorderable(cx, scop, accesses).map(|(r, _)| r)
}

/// Is `array` reorderable (see [`LiveRanges`]): a scalar or killed?
fn is_reorderable(scop: &ScopIsl, array: &str, dims: usize) -> bool {
    dims == 0 || scop.killed.iter().any(|k| k == array)
}

/// The maps of `accesses` (ranges are arrays) on reorderable arrays, and the others.
fn split_reorderable(
    cx: &Ctx,
    scop: &ScopIsl,
    accesses: &UnionMap,
) -> Result<(UnionMap, UnionMap), PolyError> {
    split_by_array(cx, accesses, |name, dims| is_reorderable(scop, name, dims))
}

/// The maps of `accesses` whose array (range tuple name, number of dimensions)
/// satisfies `test`, and the others.
fn split_by_array(
    cx: &Ctx,
    accesses: &UnionMap,
    test: impl Fn(&str, usize) -> bool,
) -> Result<(UnionMap, UnionMap), PolyError> {
    let list = accesses.get_map_list().isl(cx)?;
    let mut yes = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
    let mut no = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
    for i in 0..list.size().isl(cx)? {
        let map = list.get_at(i).isl(cx)?;
        let dims = usize::try_from(map.dim(isl_rs::DimType::Out).isl(cx)?).unwrap_or(0);
        let name = map_out_name(&map).unwrap_or_default();
        let map = UnionMap::from_map(map).isl(cx)?;
        if test(&name, dims) {
            yes = yes.union(map).isl(cx)?;
        } else {
            no = no.union(map).isl(cx)?;
        }
    }
    Ok((yes, no))
}

/// The writes of reorderable arrays whose value survives the SCoP under `schedule`:
/// all but those a later must-write overwrites (seed 001 §2.2, may-live-out), and
/// none of a killed array. Access relation form. (The other arrays keep their
/// output dependences, hence their last writes.)
pub(crate) fn live_out(cx: &Ctx, scop: &ScopIsl, schedule: Order) -> Result<UnionMap, PolyError> {
    let (writes, _) = split_reorderable(cx, scop, &scop.writes(cx)?)?;
    let (must, _) = split_reorderable(cx, scop, &scop.must_writes)?;
    // The next must-write of the element suffices to know a write is overwritten.
    let overwritten = Problem {
        sink: must.copy().isl(cx)?,
        source: writes.copy().isl(cx)?,
        kill: must,
        schedule,
    }
    .solve(cx)?
    .get_full_may_dependence()
    .isl(cx)?
    // w -> [k -> a]: w's write of a is overwritten by k.
    .range_factor_range()
    .isl(cx)?;
    let survive = writes.subtract(overwritten).isl(cx)?;
    let (_, live) = split_by_array(cx, &survive, |name, _| {
        scop.killed.iter().any(|k| k == name)
    })?;
    Ok(live)
}

/// One call of isl's dataflow engine (seed 001 §2.1): sink K, may-source Y, cut C.
pub(crate) struct Problem {
    pub sink: UnionMap,
    pub source: UnionMap,
    pub kill: UnionMap,
    pub schedule: Order,
}

/// The execution order a [`Problem`] is solved under.
pub(crate) enum Order {
    /// A flat schedule map (the original 2d+1 schedule).
    Map(UnionMap),
    /// A schedule tree: isl works through it band by band, much faster than
    /// through its flattened map once it is tiled (floor divisions).
    Tree(isl_rs::Schedule),
}

impl Problem {
    /// On untagged instances, against the original schedule.
    fn untagged(
        cx: &Ctx,
        scop: &ScopIsl,
        sink: UnionMap,
        source: UnionMap,
        kill: UnionMap,
    ) -> Result<Problem, PolyError> {
        Ok(Problem {
            sink,
            source,
            kill,
            schedule: Order::Map(scop.schedule.copy().isl(cx)?),
        })
    }

    pub fn solve(self, cx: &Ctx) -> Result<isl_rs::UnionFlow, PolyError> {
        let info = UnionAccessInfo::from_sink(self.sink)
            .isl(cx)?
            .set_may_source(self.source)
            .isl(cx)?
            .set_kill(self.kill)
            .isl(cx)?;
        let info = match self.schedule {
            Order::Map(m) => info.set_schedule_map(m),
            Order::Tree(t) => info.set_schedule(t),
        };
        info.isl(cx)?.compute_flow().isl(cx)
    }

    /// Source instance -> sink instance.
    pub fn dependences(self, cx: &Ctx) -> Result<UnionMap, PolyError> {
        self.solve(cx)?.get_may_dependence().isl(cx)
    }
}

/// One isl dataflow problem: sink K, may-source Y, cut C = must-writes, with the
/// original schedule. Returns source instance → sink instance, not coalesced.
fn dataflow(
    cx: &Ctx,
    scop: &ScopIsl,
    sink: UnionMap,
    source: UnionMap,
) -> Result<UnionMap, PolyError> {
    let kill = scop.must_writes.copy().isl(cx)?;
    let deps = Problem::untagged(cx, scop, sink, source, kill)?.dependences(cx)?;
    deps.intersect_params(scop.context.copy().isl(cx)?).isl(cx)
}
