//! Exact legality check of a final schedule tree against the dependences
//! (ARCHITECTURE.md, "verify"). Nothing reaches codegen without passing it.
//!
//! 1. The tree schedules exactly the statement instances of the SCoP.
//! 2. Order: for every dependence `a -> b`, `schedule(a) ≺ schedule(b)`
//!    lexicographically, on isl's flattened schedule (`isl_schedule_get_map`, padded
//!    to one length with zeros): the distance `schedule(b) - schedule(a)` is
//!    lexicographically positive. Pairs scheduled at the same point fail too.
//! 3. Parallel marks: below a `parallel` mark, the first member `m` of the band
//!    under it must carry nothing. The iterations of that loop may run concurrently
//!    within one iteration of the enclosing loops, so the check is: for every
//!    dependence `a -> b` with both ends in the mark's subtree and the same values of
//!    all outer band members (the mark's prefix schedule), `m(a) = m(b)`.
//!
//! All three are set inclusions between isl relations: exact, no approximation.
//!
//! With live-range reordering, 2 becomes "the same dataflow": the flattened schedule
//! orders all instances (injective); on reorderable arrays every read gets its value
//! from the same write (tagged flow recomputed under the new schedule equals the
//! original), reads the same live-in values, and the same writes are live-out; the
//! other arrays keep all their dependences (in order, as in 2), and the forced
//! dependences are in order. That is exactly what makes the reordered program
//! compute the same values. 3 uses the memory conflicts ([`LiveRanges`]).

use isl_rs::{Schedule, ScheduleNode, ScheduleNodeType, UnionMap, UnionSet};

use crate::deps::{live_flow, live_out, Dependences, LiveRanges, Order};
use crate::isl::{id_name, Ctx, IslResult};
use crate::load::{pad_map, ScopIsl};
use crate::text::union_map_text;
use crate::transform::PARALLEL_MARK;
use crate::tree::{equal_under, live_deps, member_map, n_children, node_type};
use crate::PolyError;

pub(crate) fn verify(
    cx: &Ctx,
    schedule: &Schedule,
    scop: &ScopIsl,
    deps: &Dependences<'_>,
) -> Result<(), PolyError> {
    check_domain(cx, schedule, scop)?;
    match deps.live_ranges() {
        None => check_order(cx, schedule, deps.kinds())?,
        Some(lr) => check_dataflow(cx, schedule, scop, lr)?,
    }
    let conflicts = deps.conflicts(cx)?;
    let root = schedule.get_root().isl(cx)?;
    check_marks(cx, root, &conflicts)?;
    tracing::debug!("schedule verified");
    Ok(())
}

/// Every dependence distance, on the flattened schedule, is lexicographically
/// positive. (All statements share one padded schedule space, and the domain check
/// guarantees that every dependence end is scheduled.)
fn check_order<'a>(
    cx: &Ctx,
    schedule: &Schedule,
    kinds: impl IntoIterator<Item = (&'static str, &'a UnionMap)>,
) -> Result<(), PolyError> {
    let (flat, len) = flat_schedule(cx, schedule)?;
    let positive = lex_positive(cx, len)?;
    for (kind, dep) in kinds {
        let distances = dep
            .copy()
            .isl(cx)?
            .apply_domain(flat.copy().isl(cx)?)
            .isl(cx)?
            .apply_range(flat.copy().isl(cx)?)
            .isl(cx)?
            .deltas()
            .isl(cx)?;
        if !distances.is_subset(&positive).isl(cx)? {
            // Failure path only: name the offending instance pairs.
            let before = flat.copy().isl(cx)?.lex_lt_union_map(flat).isl(cx)?;
            let violated = dep.copy().isl(cx)?.subtract(before).isl(cx)?;
            return Err(PolyError::InvalidSchedule(format!(
                "{kind} dependences not executed in order: {}",
                union_map_text(cx, &violated)?
            )));
        }
    }
    Ok(())
}

/// The new schedule has the dataflow of the original (see the module docs).
fn check_dataflow(
    cx: &Ctx,
    schedule: &Schedule,
    scop: &ScopIsl,
    lr: &LiveRanges,
) -> Result<(), PolyError> {
    check_order(
        cx,
        schedule,
        [("flow", &lr.flow_kept), ("forced", &lr.forced)],
    )?;
    let (flat, _) = flat_schedule(cx, schedule)?;
    if !flat.is_injective().isl(cx)? {
        return Err(PolyError::InvalidSchedule(
            "two statement instances are scheduled at the same time".into(),
        ));
    }
    let flow = live_flow(cx, scop, Order::Tree(scop.tag_tree(cx, schedule)?))?;
    let new_flow = flow.get_may_dependence().isl(cx)?;
    let new_live_in = flow.get_may_no_source().isl(cx)?;
    drop(flow);
    if !new_flow.is_equal(&lr.tagged_flow).isl(cx)? {
        let changed = new_flow
            .copy()
            .isl(cx)?
            .subtract(lr.tagged_flow.copy().isl(cx)?)
            .isl(cx)?
            .union(lr.tagged_flow.copy().isl(cx)?.subtract(new_flow).isl(cx)?)
            .isl(cx)?;
        return Err(PolyError::InvalidSchedule(format!(
            "reads get their values from other writes: {}",
            union_map_text(cx, &changed)?
        )));
    }
    if !new_live_in.is_equal(&lr.live_in).isl(cx)? {
        return Err(PolyError::InvalidSchedule(
            "a read of a value from before the SCoP comes after a write".into(),
        ));
    }
    let live_out = live_out(cx, scop, Order::Tree(schedule.copy().isl(cx)?))?;
    if !live_out.is_equal(&lr.live_out).isl(cx)? {
        return Err(PolyError::InvalidSchedule(
            "another write is the last one to some element".into(),
        ));
    }
    Ok(())
}

/// `{ [x0, ..., x{n-1}] : x ≻ 0 }`, the lexicographically positive vectors.
fn lex_positive(cx: &Ctx, n: usize) -> Result<UnionSet, PolyError> {
    let vars: Vec<String> = (0..n).map(|k| format!("x{k}")).collect();
    let cases: Vec<String> = (0..n)
        .map(|k| {
            let mut c: Vec<String> = (0..k).map(|j| format!("x{j} = 0")).collect();
            c.push(format!("x{k} > 0"));
            format!("({})", c.join(" and "))
        })
        .collect();
    let cond = if cases.is_empty() {
        "1 = 0".to_string()
    } else {
        cases.join(" or ")
    };
    let text = format!("{{ [{}] : {cond} }}", vars.join(", "));
    cx.parse("lexicographic order", &text, UnionSet::read_from_str)
}

fn check_domain(cx: &Ctx, schedule: &Schedule, scop: &ScopIsl) -> Result<(), PolyError> {
    let domain = schedule.get_domain().isl(cx)?;
    if !domain.is_equal(&scop.domain).isl(cx)? {
        return Err(PolyError::InvalidSchedule(
            "the schedule does not cover exactly the statement instances of the SCoP".into(),
        ));
    }
    Ok(())
}

/// isl's flattened schedule, every statement padded with zeros to the longest
/// length so that all of them compare in one space; with that length.
fn flat_schedule(cx: &Ctx, schedule: &Schedule) -> Result<(UnionMap, usize), PolyError> {
    let map = schedule.get_map().isl(cx)?;
    let list = map.get_map_list().isl(cx)?;
    let n = list.size().isl(cx)?;
    let mut maps = Vec::new();
    let mut longest = 0;
    for i in 0..n {
        let m = list.get_at(i).isl(cx)?;
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

fn check_marks(cx: &Ctx, node: ScheduleNode, deps: &UnionMap) -> Result<ScheduleNode, PolyError> {
    let mut node = node;
    if node_type(cx, &node)? == ScheduleNodeType::Mark {
        let id = node.mark_get_id().isl(cx)?;
        if id_name(&id).as_deref() == Some(PARALLEL_MARK) {
            check_parallel(cx, &node, deps)?;
        }
    }
    for i in 0..n_children(cx, &node)? {
        node = node.child(i).isl(cx)?;
        node = check_marks(cx, node, deps)?;
        node = node.parent().isl(cx)?;
    }
    Ok(node)
}

fn check_parallel(cx: &Ctx, mark: &ScheduleNode, deps: &UnionMap) -> Result<(), PolyError> {
    let band = mark.get_child(0).isl(cx)?;
    if node_type(cx, &band)? != ScheduleNodeType::Band {
        return Err(PolyError::InvalidSchedule(
            "a parallel mark is not above a band".into(),
        ));
    }
    let live = live_deps(cx, mark, deps)?;
    let member = member_map(cx, &band.band_get_partial_schedule().isl(cx)?, 0)?;
    let same_iteration = equal_under(cx, &member)?;
    let carried = live.subtract(same_iteration).isl(cx)?;
    if !carried.is_empty().isl(cx)? {
        let depth = mark.get_schedule_depth().isl(cx)?;
        return Err(PolyError::InvalidSchedule(format!(
            "parallel loop at depth {depth} carries dependences: {}",
            union_map_text(cx, &carried)?
        )));
    }
    Ok(())
}
