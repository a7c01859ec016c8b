//! Parallel marks.

use isl_rs::{Schedule, ScheduleNode, ScheduleNodeType};

use crate::error::PolyError;
use crate::support::isl::{numbered_id, to_i32, Ctx, IslResult};
use crate::support::schedule_tree::{n_members, node_type, walk_children};

/// The id of the mark node placed above a parallel loop.
pub const PARALLEL_MARK: &str = "parallel";

/// Marks the outermost coincident band member of every path parallel: the band is
/// split so that this member comes first in its own band, and a mark node with id
/// [`PARALLEL_MARK`] is inserted above that band. Nothing below a mark is marked
/// again (no nested parallelism). Returns the schedule and the number of marks.
pub(crate) fn mark_parallel(cx: &Ctx, schedule: Schedule) -> Result<(Schedule, usize), PolyError> {
    let mut count = 0;
    let root = schedule.get_root().isl(cx)?;
    let root = mark_walk(cx, root, &mut count)?;
    Ok((root.get_schedule().isl(cx)?, count))
}

fn mark_walk(cx: &Ctx, node: ScheduleNode, count: &mut usize) -> Result<ScheduleNode, PolyError> {
    if node_type(cx, &node)? != ScheduleNodeType::Band {
        return walk_children(cx, node, |cx, child| mark_walk(cx, child, count));
    }
    let n = n_members(cx, &node)?;
    let mut first = None;
    for i in 0..n {
        if node.band_member_get_coincident(to_i32(i)?).isl(cx)? {
            first = Some(i);
            break;
        }
    }
    let Some(i) = first else {
        return walk_children(cx, node, |cx, child| mark_walk(cx, child, count));
    };
    let mut node = node;
    if i > 0 {
        // Outer members 0..i stay sequential in their own band.
        node = node.band_split(to_i32(i)?).isl(cx)?.child(0).isl(cx)?;
    }
    let id = numbered_id(cx, PARALLEL_MARK, 0)?;
    node = node.insert_mark(id).isl(cx)?;
    *count += 1;
    // node is the mark, above the parallel band; nothing below it gets a mark.
    if i > 0 {
        node = node.parent().isl(cx)?;
    }
    Ok(node)
}
