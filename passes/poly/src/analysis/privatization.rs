//! Privatization of scalars (issue 9, "parallelism that pays"): a loop may run in
//! parallel although iterations overwrite a shared scalar, when each iteration gets
//! its own copy of it.
//!
//! A scalar (0-d array) is a *candidate* when it is dead after the SCoP (killed:
//! the extractor's demoted scalars whose values are not reloaded) and no read of it
//! sees a value from before the SCoP. At a loop, a candidate is *private* when
//! every live range of it (flow dependence) with an end inside the loop has both
//! ends inside it, in the same iteration (Feautrier's array privatization condition
//! on value-based dependences; seed 001 §2.3 for the live ranges). Then a copy per
//! iteration computes what the shared scalar computed: every read inside sees the
//! write it saw in the sequential order of the schedule (which the verifier checks),
//! that write is in the same iteration, and no value leaves the loop. Accesses of a
//! private scalar in different iterations then do not conflict.
//!
//! Without live-range reordering the schedule respects a candidate's anti and output
//! dependences like any other, and a loop that privatizes it may carry them; with
//! it, the memory conflicts of the candidate ([`LiveRanges`]) take their place.
//!
//! [`LiveRanges`]: crate::analysis::live_ranges::LiveRanges

use isl_rs::{ScheduleNode, UnionMap, UnionSet};

use crate::analysis::dataflow::{split_by_array, Problem};
use crate::error::PolyError;
use crate::model::load::ScopIsl;
use crate::model::scop::ArrayId;
use crate::support::isl::{maps_of, to_i32, Ctx, IslResult};
use crate::support::schedule_tree::{
    carried_by_member, distances, equal_under, live_deps, member_map, n_members,
};

/// A candidate scalar (see the module).
pub(crate) struct PrivateScalar {
    pub array: ArrayId,
    /// Pairs of its accesses to one element, one of them a write, with no cut.
    pub conflicts: UnionMap,
    /// Its live ranges, write instance -> read instance.
    pub flow: UnionMap,
    /// The statement instances that access it.
    pub instances: UnionSet,
}

/// The pairs a parallel loop must not separate, split by array: those of the
/// candidate scalars apart, since a loop that privatizes them may separate theirs.
pub(crate) struct Conflicts {
    /// Every pair, candidates' included: the conservative relation, for uses that
    /// do not privatize (band merging, tiling decisions).
    pub all: UnionMap,
    /// The pairs of every array but the candidates.
    pub shared: UnionMap,
    pub private: Vec<PrivateScalar>,
}

impl Conflicts {
    /// No candidate: every pair is shared.
    pub(crate) fn shared_only(cx: &Ctx, all: UnionMap) -> Result<Conflicts, PolyError> {
        Ok(Conflicts {
            shared: all.copy().isl(cx)?,
            all,
            private: Vec::new(),
        })
    }

    /// Every relation passed through `f` (e.g. aligned to the scheduler's parameters).
    pub(crate) fn map(
        &self,
        cx: &Ctx,
        f: impl Fn(&UnionMap) -> Result<UnionMap, PolyError>,
    ) -> Result<Conflicts, PolyError> {
        let mut private = Vec::with_capacity(self.private.len());
        for p in &self.private {
            private.push(PrivateScalar {
                array: p.array,
                conflicts: f(&p.conflicts)?,
                flow: f(&p.flow)?,
                instances: p.instances.copy().isl(cx)?,
            });
        }
        Ok(Conflicts {
            all: f(&self.all)?,
            shared: f(&self.shared)?,
            private,
        })
    }

    /// Per member of the band at `node`, whether it may run in parallel: no shared
    /// pair live at the band is carried by it, and every candidate with a pair
    /// carried by it is private at it.
    pub(crate) fn coincidence(
        &self,
        cx: &Ctx,
        node: &ScheduleNode,
    ) -> Result<Vec<bool>, PolyError> {
        let n = n_members(cx, node)?;
        let partial = node.band_get_partial_schedule().isl(cx)?;
        let shared = distances(cx, &live_deps(cx, node, &self.shared)?, &partial)?;
        let mut flags = Vec::with_capacity(n);
        for i in 0..n {
            flags.push(!carried_by_member(cx, &shared, n, i)?);
        }
        for p in &self.private {
            let dist = distances(cx, &live_deps(cx, node, &p.conflicts)?, &partial)?;
            for (i, flag) in flags.iter_mut().enumerate() {
                if *flag && carried_by_member(cx, &dist, n, i)? && !p.private_at(cx, node, i)? {
                    *flag = false;
                }
            }
        }
        Ok(flags)
    }

    /// The pairs live at the band at `node` that its member `i` carries and no
    /// privatization allows: shared pairs, and those of candidates not private at
    /// `i`. Empty when the member may run in parallel.
    pub(crate) fn carried(
        &self,
        cx: &Ctx,
        node: &ScheduleNode,
        i: usize,
    ) -> Result<UnionMap, PolyError> {
        let mut out = carried(cx, node, &self.shared, i)?;
        for p in &self.private {
            let pairs = carried(cx, node, &p.conflicts, i)?;
            if !pairs.is_empty().isl(cx)? && !p.private_at(cx, node, i)? {
                out = out.union(pairs).isl(cx)?;
            }
        }
        Ok(out)
    }

    /// The candidates accessed under the band at `node` that are private at its
    /// member `i`: those a parallel loop of that member gives a copy per iteration.
    pub(crate) fn private_at(
        &self,
        cx: &Ctx,
        node: &ScheduleNode,
        i: usize,
    ) -> Result<Vec<ArrayId>, PolyError> {
        let domain = node.get_domain().isl(cx)?;
        let mut out = Vec::new();
        for p in &self.private {
            let touched = p
                .instances
                .copy()
                .isl(cx)?
                .intersect(domain.copy().isl(cx)?)
                .isl(cx)?;
            if !touched.is_empty().isl(cx)? && p.private_at(cx, node, i)? {
                out.push(p.array);
            }
        }
        Ok(out)
    }
}

impl PrivateScalar {
    /// Its live ranges with an end among `instances`.
    pub(crate) fn live_ranges_touching(
        &self,
        cx: &Ctx,
        instances: &UnionSet,
    ) -> Result<UnionMap, PolyError> {
        self.flow
            .copy()
            .isl(cx)?
            .intersect_domain(instances.copy().isl(cx)?)
            .isl(cx)?
            .union(
                self.flow
                    .copy()
                    .isl(cx)?
                    .intersect_range(instances.copy().isl(cx)?)
                    .isl(cx)?,
            )
            .isl(cx)
    }

    /// Whether every live range with an end under the band at `node` has both ends
    /// in one iteration of its member `i` (the outer schedule and members `0..=i`
    /// equal).
    fn private_at(&self, cx: &Ctx, node: &ScheduleNode, i: usize) -> Result<bool, PolyError> {
        let touching = self.live_ranges_touching(cx, &node.get_domain().isl(cx)?)?;
        if touching.is_empty().isl(cx)? {
            return Ok(true);
        }
        let partial = node.band_get_partial_schedule().isl(cx)?;
        let mut iteration = node.get_prefix_schedule_union_map().isl(cx)?;
        for k in 0..=i {
            iteration = iteration
                .flat_range_product(member_map(cx, &partial, k)?)
                .isl(cx)?;
        }
        let apart = touching.subtract(equal_under(cx, &iteration)?).isl(cx)?;
        apart.is_empty().isl(cx)
    }
}

/// The pairs of `pairs` live at the band at `node` that its member `i` carries:
/// equal in members `0..i`, apart in member `i`.
fn carried(
    cx: &Ctx,
    node: &ScheduleNode,
    pairs: &UnionMap,
    i: usize,
) -> Result<UnionMap, PolyError> {
    let partial = node.band_get_partial_schedule().isl(cx)?;
    let mut live = live_deps(cx, node, pairs)?;
    for k in 0..i {
        live = live
            .intersect(equal_under(cx, &member_map(cx, &partial, k)?)?)
            .isl(cx)?;
    }
    live.subtract(equal_under(cx, &member_map(cx, &partial, i)?)?)
        .isl(cx)
}

/// The privatization candidates of a SCoP, without live-range reordering (which
/// finds the reads of values from before the SCoP on its own, [`LiveRanges`]).
pub(crate) fn classical_candidates(cx: &Ctx, scop: &ScopIsl) -> Result<Vec<ArrayId>, PolyError> {
    let writes = scop.writes(cx)?;
    let killed_scalar = |a: ArrayId| killed_scalar(scop, a);
    let (scalar_writes, _) = split_by_array(cx, scop, &writes, killed_scalar)?;
    if scalar_writes.is_empty().isl(cx)? {
        return Ok(Vec::new());
    }
    let (scalar_reads, _) = split_by_array(cx, scop, &scop.reads, killed_scalar)?;
    let read_in = Problem::untagged(
        cx,
        scop,
        scalar_reads,
        scalar_writes.copy().isl(cx)?,
        scop.must_writes.copy().isl(cx)?,
    )?
    .solve(cx)?
    .get_may_no_source()
    .isl(cx)?;
    candidates(cx, scop, &scalar_writes, &read_in)
}

/// The statement instances of the accesses `reads` and `writes`.
pub(crate) fn accessing(
    cx: &Ctx,
    reads: &UnionMap,
    writes: &UnionMap,
) -> Result<UnionSet, PolyError> {
    reads
        .copy()
        .isl(cx)?
        .domain()
        .isl(cx)?
        .union(writes.copy().isl(cx)?.domain().isl(cx)?)
        .isl(cx)
}

/// A scalar (or one `expanded`, a scalar's slots) killed at the end of the SCoP.
fn killed_scalar(scop: &ScopIsl, a: ArrayId) -> bool {
    let array = scop.array(a);
    (array.dims == 0 || scop.expanded.contains(&a)) && array.killed
}

/// The privatization candidates among the arrays `writes` writes: the killed
/// scalars ([`killed_scalar`]) that no read of `read_in` (accesses with no source in
/// the SCoP) reads. In the order of their names.
pub(crate) fn candidates(
    cx: &Ctx,
    scop: &ScopIsl,
    writes: &UnionMap,
    read_in: &UnionMap,
) -> Result<Vec<ArrayId>, PolyError> {
    let mut read_before = Vec::new();
    for map in maps_of(cx, read_in)? {
        read_before.extend(scop.array_of(&map));
    }
    let mut out: Vec<ArrayId> = Vec::new();
    for map in maps_of(cx, writes)? {
        let Some(a) = scop.array_of(&map) else {
            continue;
        };
        if killed_scalar(scop, a) && !read_before.contains(&a) && !out.contains(&a) {
            out.push(a);
        }
    }
    out.sort_by(|x, y| scop.array(*x).name.cmp(&scop.array(*y).name));
    Ok(out)
}

/// Sets the coincidence flags of the band at `node` exactly: a member is coincident
/// when it carries no conflict live at the band that privatization does not allow
/// ([`Conflicts::coincidence`]).
pub(crate) fn set_coincidence(
    cx: &Ctx,
    node: ScheduleNode,
    conflicts: &Conflicts,
) -> Result<ScheduleNode, PolyError> {
    let flags = conflicts.coincidence(cx, &node)?;
    let mut node = node;
    for (i, coincident) in flags.into_iter().enumerate() {
        node = node
            .band_member_set_coincident(to_i32(i)?, i32::from(coincident))
            .isl(cx)?;
    }
    Ok(node)
}
