//! Check 3: no parallel mark's loop carries a dependence.

use isl_rs::{ScheduleNode, ScheduleNodeType};

use crate::analysis::privatization::Conflicts;

use crate::error::{PolyError, Violation};
use crate::model::isl_text::union_map_text;
use crate::support::isl::{id_name, to_i32, Ctx, IslResult};
use crate::support::schedule_tree::{n_children, node_type};
use crate::transform::parallel::parallel_members;

pub(super) fn check_marks(
    cx: &Ctx,
    node: ScheduleNode,
    deps: &Conflicts,
) -> Result<ScheduleNode, PolyError> {
    let mut node = node;
    if node_type(cx, &node)? == ScheduleNodeType::Mark {
        let id = node.mark_get_id().isl(cx)?;
        if let Some(members) = parallel_members(cx, id_name(&id).as_deref(), &node)? {
            check_parallel(cx, &node, members, deps)?;
        }
    }
    for i in 0..n_children(cx, &node)? {
        node = node.child(i).isl(cx)?;
        node = check_marks(cx, node, deps)?;
        node = node.parent().isl(cx)?;
    }
    Ok(node)
}

/// The first `members` members of the band below `mark` run in parallel (several:
/// collapsed into one loop nest): none may carry a conflict (given the ones before
/// it, which carry none either).
fn check_parallel(
    cx: &Ctx,
    mark: &ScheduleNode,
    members: usize,
    deps: &Conflicts,
) -> Result<(), PolyError> {
    let band = mark.get_child(0).isl(cx)?;
    if node_type(cx, &band)? != ScheduleNodeType::Band {
        return Err(Violation::MarkNotAboveBand.into());
    }
    // Conflicts of scalars private at the loop may be carried (each iteration has
    // its own copy, see analysis::privatization); no other conflict may.
    for member in 0..members {
        let carried = deps.carried(cx, &band, member)?;
        if !carried.is_empty().isl(cx)? {
            let depth = mark.get_schedule_depth().isl(cx)? + to_i32(member)?;
            return Err(Violation::ParallelCarries {
                depth,
                pairs: union_map_text(cx, &carried)?,
            }
            .into());
        }
    }
    Ok(())
}
