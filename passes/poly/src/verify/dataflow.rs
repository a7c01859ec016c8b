//! Check 2 with live-range reordering: the new schedule has the dataflow of the
//! original.

use isl_rs::Schedule;

use crate::analysis::dataflow::{live_flow, live_out, Order};
use crate::analysis::live_ranges::LiveRanges;
use crate::error::{PolyError, Violation};
use crate::model::isl_text::union_map_text;
use crate::model::load::ScopIsl;
use crate::support::isl::{Ctx, IslResult};
use crate::verify::order::{check_order, flat_schedule};

/// The new schedule has the dataflow of the original (see the module docs).
pub(super) fn check_dataflow(
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
        // Failure path only: name the instance pairs that share a time point.
        let same_time = flat
            .copy()
            .isl(cx)?
            .apply_range(flat.copy().isl(cx)?.reverse().isl(cx)?)
            .isl(cx)?;
        let identity = flat.domain().isl(cx)?.identity().isl(cx)?;
        let pairs = same_time.subtract(identity).isl(cx)?;
        return Err(Violation::SameTime(union_map_text(cx, &pairs)?).into());
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
        return Err(Violation::OtherWrites(union_map_text(cx, &changed)?).into());
    }
    if !new_live_in.is_equal(&lr.live_in).isl(cx)? {
        return Err(Violation::LiveIn.into());
    }
    let live_out = live_out(cx, scop, Order::Tree(schedule.copy().isl(cx)?))?;
    if !live_out.is_equal(&lr.live_out).isl(cx)? {
        return Err(Violation::LiveOut.into());
    }
    Ok(())
}
