//! Parallel marks.

use isl_rs::{Schedule, ScheduleNode, ScheduleNodeType, UnionMap};

use crate::error::PolyError;
use crate::support::isl::{numbered_id, to_i32, Ctx, IslResult};
use crate::support::schedule_tree::{member_map, n_members, node_type, walk_children};

/// The id of the mark node placed above a band whose first member is parallel.
pub const PARALLEL_MARK: &str = "parallel";
/// The id of the mark node placed above a band whose members all run in parallel
/// together, as one collapsed loop nest.
pub const COLLAPSED_PARALLEL_MARK: &str = "parallel-collapsed";
/// The id of the mark node placed above a band whose members all run in parallel
/// together on a GPU (`target=gpu`): as [`COLLAPSED_PARALLEL_MARK`], but every loop of
/// the band joins the group, whatever its step and bounds (`codegen::gpu` maps the
/// group's loops to blocks and threads, over their bounding box).
pub const GPU_PARALLEL_MARK: &str = "parallel-gpu";

/// How many members of the band below a mark named `name` run in parallel: the
/// first under [`PARALLEL_MARK`], all of them under [`COLLAPSED_PARALLEL_MARK`];
/// `None` for other marks (or no band below).
pub(crate) fn parallel_members(
    cx: &Ctx,
    name: Option<&str>,
    mark: &ScheduleNode,
) -> Result<Option<usize>, PolyError> {
    let band = mark.get_child(0).isl(cx)?;
    let is_band = node_type(cx, &band)? == ScheduleNodeType::Band;
    Ok(match name {
        Some(PARALLEL_MARK) => Some(1),
        Some(COLLAPSED_PARALLEL_MARK | GPU_PARALLEL_MARK) if is_band => Some(n_members(cx, &band)?),
        Some(COLLAPSED_PARALLEL_MARK | GPU_PARALLEL_MARK) => Some(1),
        _ => None,
    })
}

/// Marks the outermost coincident band member of every path parallel: the band is
/// split so that this member comes first in its own band, and a mark node with id
/// [`PARALLEL_MARK`] is inserted above that band. With `collapse`, the coincident
/// members right after it run in parallel with it, as one collapsed loop nest: the
/// band is then split after them and marked [`COLLAPSED_PARALLEL_MARK`], so that the
/// tree's text says which loops are parallel. Nothing below a mark is marked
/// again (no nested parallelism). A member that takes one value per iteration of the
/// loops around it is skipped: AST generation emits no loop for it, so a mark there
/// would parallelize nothing (a tile loop of size 8 over a dimension of 4, as in a
/// static `linalg.conv_2d_nchw_fchw` with a batch of 4). Returns the schedule and the
/// number of marks.
pub(crate) fn mark_parallel(
    cx: &Ctx,
    schedule: Schedule,
    collapse: bool,
    gpu: bool,
) -> Result<(Schedule, usize), PolyError> {
    let mut count = 0;
    let root = schedule.get_root().isl(cx)?;
    let how = Marking { collapse, gpu };
    let root = mark_walk(cx, root, how, &mut count)?;
    Ok((root.get_schedule().isl(cx)?, count))
}

/// What [`mark_parallel`] marks.
#[derive(Clone, Copy)]
struct Marking {
    collapse: bool,
    gpu: bool,
}

fn mark_walk(
    cx: &Ctx,
    node: ScheduleNode,
    how: Marking,
    count: &mut usize,
) -> Result<ScheduleNode, PolyError> {
    if node_type(cx, &node)? != ScheduleNodeType::Band {
        return walk_children(cx, node, |cx, child| mark_walk(cx, child, how, count));
    }
    let n = n_members(cx, &node)?;
    let mut first = None;
    for i in 0..n {
        if node.band_member_get_coincident(to_i32(i)?).isl(cx)? && !is_degenerate(cx, &node, i)? {
            first = Some(i);
            break;
        }
    }
    let Some(i) = first else {
        return walk_children(cx, node, |cx, child| mark_walk(cx, child, how, count));
    };
    // The coincident members right after it run in parallel with it, as one
    // collapsed loop: a short outer loop (a batch of 4 in 8-wide tiles) then still
    // gives every thread work. All of them have distance zero in every dependence
    // live at the band, since the first carries none.
    let mut members = 1;
    while (how.collapse || how.gpu)
        && i + members < n
        && node
            .band_member_get_coincident(to_i32(i + members)?)
            .isl(cx)?
    {
        members += 1;
    }
    let mut node = node;
    if i > 0 {
        // Outer members 0..i stay sequential in their own band.
        node = node.band_split(to_i32(i)?).isl(cx)?.child(0).isl(cx)?;
    }
    let name = if members > 1 || how.gpu {
        if i + members < n {
            node = node.band_split(to_i32(members)?).isl(cx)?;
        }
        if how.gpu {
            GPU_PARALLEL_MARK
        } else {
            COLLAPSED_PARALLEL_MARK
        }
    } else {
        PARALLEL_MARK
    };
    let id = numbered_id(cx, name, 0)?;
    node = node.insert_mark(id).isl(cx)?;
    *count += 1;
    // node is the mark, above the parallel band; nothing below it gets a mark.
    if i > 0 {
        node = node.parent().isl(cx)?;
    }
    Ok(node)
}

/// Whether band member `i` of `node` is fixed by the schedule around it: on the
/// instances reaching the node, its value is a function of the prefix schedule and of
/// members `0..i`. isl's AST generator then emits no loop for it (it is "degenerate").
fn is_degenerate(cx: &Ctx, node: &ScheduleNode, i: usize) -> Result<bool, PolyError> {
    let domain = node.get_domain().isl(cx)?;
    let partial = node.band_get_partial_schedule().isl(cx)?;
    let mut outer: UnionMap = node
        .get_prefix_schedule_union_map()
        .isl(cx)?
        .intersect_domain(domain)
        .isl(cx)?;
    for j in 0..i {
        outer = outer
            .flat_range_product(member_map(cx, &partial, j)?)
            .isl(cx)?;
    }
    let member = member_map(cx, &partial, i)?;
    outer
        .reverse()
        .isl(cx)?
        .apply_range(member)
        .isl(cx)?
        .is_single_valued()
        .isl(cx)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::support::isl::Ctx;

    /// The outermost coincident member of `tree` that `mark_parallel` marks, as the
    /// text of the marked band's first member.
    fn marked_member(text: &str) -> String {
        let cx = Ctx::new(0).unwrap();
        let tree = cx.parse("schedule", text, Schedule::read_from_str).unwrap();
        let (tree, marks) = mark_parallel(&cx, tree, false, false).unwrap();
        assert_eq!(marks, 1);
        let printed = cx.schedule_text(&tree).unwrap();
        let after = printed
            .split("mark: \"parallel\"")
            .nth(1)
            .unwrap()
            .to_string();
        let schedule = after.split("schedule: ").nth(1).unwrap();
        schedule.split('}').next().unwrap().to_string()
    }

    /// A tile loop of size 8 over i in [0, 4) runs once: the mark goes to the next
    /// coincident member, j's tile loop, which runs 32 / 8 = 4 times.
    #[test]
    fn skips_a_tile_loop_that_runs_once() {
        let tree = r#"{ domain: "{ S[i, j] : 0 <= i < 4 and 0 <= j < 32 }",
            child: { schedule: "[{ S[i, j] -> [(i - (i) mod 8)] }, { S[i, j] -> [(j - (j) mod 8)] }]",
                     permutable: 1, coincident: [ 1, 1 ] } }"#;
        assert!(
            marked_member(tree).contains("j - (j) mod 8"),
            "{}",
            marked_member(tree)
        );
    }

    /// With a parametric extent the same tile loop may run many times: it is marked.
    #[test]
    fn keeps_a_parametric_tile_loop() {
        let tree = r#"{ domain: "[n] -> { S[i, j] : 0 <= i < n and 0 <= j < 32 }",
            child: { schedule: "[n] -> [{ S[i, j] -> [(i - (i) mod 8)] }, { S[i, j] -> [(j - (j) mod 8)] }]",
                     permutable: 1, coincident: [ 1, 1 ] } }"#;
        assert!(
            marked_member(tree).contains("i - (i) mod 8"),
            "{}",
            marked_member(tree)
        );
    }

    /// A member fixed by the one before it (j = i on a diagonal) is degenerate too.
    #[test]
    fn a_member_fixed_by_an_outer_member_is_degenerate() {
        let cx = Ctx::new(0).unwrap();
        let tree = cx
            .parse(
                "schedule",
                r#"{ domain: "{ S[i, j] : 0 <= i < 10 and j = i }",
                     child: { schedule: "[{ S[i, j] -> [(i)] }, { S[i, j] -> [(j)] }]" } }"#,
                Schedule::read_from_str,
            )
            .unwrap();
        let band = tree.get_root().unwrap().child(0).unwrap();
        assert!(!is_degenerate(&cx, &band, 0).unwrap());
        assert!(is_degenerate(&cx, &band, 1).unwrap());
    }
}
