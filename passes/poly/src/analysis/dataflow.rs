//! Calls of isl's dataflow engine (seed 001 §2.1), and the dataflow of reorderable
//! arrays that live-range reordering and its verification share.

use std::collections::HashSet;

use isl_rs::{UnionAccessInfo, UnionMap};

use crate::error::{Invariant, PolyError, Unsupported};
use crate::model::load::ScopIsl;
use crate::model::scop::ArrayId;
use crate::support::isl::{map_in_name, map_out_name, maps_of, Ctx, IslResult};

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
fn is_reorderable(scop: &ScopIsl, array: ArrayId) -> bool {
    let a = scop.array(array);
    a.dims == 0 || a.killed
}

/// The maps of `accesses` (ranges are arrays) on reorderable arrays, and the others.
pub(crate) fn split_reorderable(
    cx: &Ctx,
    scop: &ScopIsl,
    accesses: &UnionMap,
) -> Result<(UnionMap, UnionMap), PolyError> {
    split_by_array(cx, scop, accesses, |a| is_reorderable(scop, a))
}

/// The maps of `accesses` (relations of `scop`, plain or tagged) whose array
/// satisfies `test`, and the others.
pub(crate) fn split_by_array(
    cx: &Ctx,
    scop: &ScopIsl,
    accesses: &UnionMap,
    test: impl Fn(ArrayId) -> bool,
) -> Result<(UnionMap, UnionMap), PolyError> {
    let mut yes = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
    let mut no = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
    for map in maps_of(cx, accesses)? {
        let array = scop.array_of(&map).ok_or_else(|| {
            PolyError::from(Invariant::UnknownArrayAccess(
                cx.text(&map).unwrap_or_default(),
            ))
        })?;
        let map = UnionMap::from_map(map).isl(cx)?;
        if test(array) {
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
    let (_, live) = split_by_array(cx, scop, &survive, |a| scop.array(a).killed)?;
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
    /// On untagged instances, against the original schedule (as a tree when it
    /// nests, which is faster: see [`ScopIsl::original_tree`]).
    pub(crate) fn untagged(
        cx: &Ctx,
        scop: &ScopIsl,
        sink: UnionMap,
        source: UnionMap,
        kill: UnionMap,
    ) -> Result<Problem, PolyError> {
        let schedule = match scop.original_tree(cx) {
            Ok(tree) => Order::Tree(tree),
            // No tree for an original schedule that orders nothing or is not
            // constant where a tree needs it: the flat map serves.
            Err(PolyError::Unsupported(
                Unsupported::Unordered { .. } | Unsupported::NotConstant { .. },
            )) => Order::Map(scop.schedule.copy().isl(cx)?),
            Err(e) => return Err(e),
        };
        Ok(Problem {
            sink,
            source,
            kill,
            schedule,
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
pub(crate) fn dataflow(
    cx: &Ctx,
    scop: &ScopIsl,
    sink: UnionMap,
    source: UnionMap,
) -> Result<UnionMap, PolyError> {
    let kill = scop.must_writes.copy().isl(cx)?;
    let deps = Problem::untagged(cx, scop, sink, source, kill)?.dependences(cx)?;
    deps.intersect_params(scop.context.copy().isl(cx)?).isl(cx)
}

/// Input (read-after-read) dependences between statements that no dependence in
/// `deps` relates: each read from the last earlier read of the same element, with no
/// write between (reads and must-writes cut). Not a constraint on the order, only on
/// its cost: two independent statements that read the same data are worth running
/// close together (fdtd-2d's `ey` and `ex` updates both read `hz`). Seed 001 §2.6:
/// PPCG leaves input dependences out, "they could be added to proximity"; Pluto's
/// `--rar`; seed 002 §4: never used for legality. Statements a dependence already
/// relates have proximity edges of their own, and leaving them out keeps the
/// dataflow problem small (it is the costly part).
pub(crate) fn input_dependences(
    cx: &Ctx,
    scop: &ScopIsl,
    deps: &UnionMap,
) -> Result<UnionMap, PolyError> {
    let mut related: HashSet<(String, String)> = HashSet::new();
    for map in maps_of(cx, deps)? {
        if let (Some(a), Some(b)) = (map_in_name(&map), map_out_name(&map)) {
            related.insert((a.clone(), b.clone()));
            related.insert((b, a));
        }
    }
    // (array, statements reading it)
    let mut readers: Vec<(ArrayId, Vec<String>)> = Vec::new();
    for map in maps_of(cx, &scop.reads)? {
        let (Some(stmt), Some(array)) = (map_in_name(&map), scop.array_of(&map)) else {
            continue;
        };
        match readers.iter_mut().find(|(a, _)| *a == array) {
            Some((_, stmts)) if !stmts.contains(&stmt) => stmts.push(stmt),
            Some(_) => {}
            None => readers.push((array, vec![stmt])),
        }
    }
    // The reads of an array by a statement that some unrelated statement reads too.
    let mut wanted: Vec<(String, ArrayId)> = Vec::new();
    for (array, stmts) in &readers {
        for s in stmts {
            let unrelated = stmts
                .iter()
                .any(|t| t != s && !related.contains(&(s.clone(), t.clone())));
            if unrelated {
                wanted.push((s.clone(), *array));
            }
        }
    }
    let mut out = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
    if wanted.is_empty() {
        return Ok(out);
    }
    let mut reads = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
    for map in maps_of(cx, &scop.reads)? {
        if let (Some(stmt), Some(array)) = (map_in_name(&map), scop.array_of(&map)) {
            if wanted.contains(&(stmt, array)) {
                reads = reads.add_map(map).isl(cx)?;
            }
        }
    }
    // The selected reads and every write of their arrays cut, so that a source is
    // the last such read.
    let (writes, _) = split_by_array(cx, scop, &scop.must_writes, |array| {
        wanted.iter().any(|(_, a)| *a == array)
    })?;
    let kill = reads.copy().isl(cx)?.union(writes).isl(cx)?;
    let pairs = Problem::untagged(cx, scop, reads.copy().isl(cx)?, reads, kill)?.dependences(cx)?;
    for map in maps_of(cx, &pairs)? {
        let (Some(a), Some(b)) = (map_in_name(&map), map_out_name(&map)) else {
            continue;
        };
        if a != b && !related.contains(&(a, b)) {
            out = out.add_map(map).isl(cx)?;
        }
    }
    out.intersect_params(scop.context.copy().isl(cx)?).isl(cx)
}
