//! Check 3: no parallel mark's loop carries a dependence.

use isl_rs::{ScheduleNode, ScheduleNodeType};

use crate::analysis::privatization::Conflicts;

use crate::error::PolyError;
use crate::model::isl_text::union_map_text;
use crate::support::isl::{id_name, Ctx, IslResult};
use crate::support::schedule_tree::{n_children, node_type};
use crate::transform::parallel::PARALLEL_MARK;

pub(super) fn check_marks(
    cx: &Ctx,
    node: ScheduleNode,
    deps: &Conflicts,
) -> Result<ScheduleNode, PolyError> {
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

fn check_parallel(cx: &Ctx, mark: &ScheduleNode, deps: &Conflicts) -> Result<(), PolyError> {
    let band = mark.get_child(0).isl(cx)?;
    if node_type(cx, &band)? != ScheduleNodeType::Band {
        return Err(PolyError::InvalidSchedule(
            "a parallel mark is not above a band".into(),
        ));
    }
    // Conflicts of scalars private at the loop may be carried (each iteration has
    // its own copy, see analysis::privatization); no other conflict may.
    let carried = deps.carried(cx, &band, 0)?;
    if !carried.is_empty().isl(cx)? {
        let depth = mark.get_schedule_depth().isl(cx)?;
        return Err(PolyError::InvalidSchedule(format!(
            "parallel loop at depth {depth} carries dependences: {}",
            union_map_text(cx, &carried)?
        )));
    }
    Ok(())
}
