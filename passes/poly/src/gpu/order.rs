//! The GPU order of a tree's permutable bands (seed 000 §4.7), a transform of the
//! schedule tree that `target=gpu` runs after tiling's place in the pipeline.

use isl_rs::ScheduleNode;

use super::limits::MAX_GRID_DIMS;
use crate::analysis::privatization::Conflicts;
use crate::error::PolyError;
use crate::support::isl::{to_i32, Ctx, IslResult};
use crate::support::schedule_tree::walk_children;
use crate::transform::intra_tile::{permutable_members, permute};
use crate::transform::locality::{band_profile, scores, Locality};

/// The GPU order of every permutable band below `node` (seed 000 §4.7): the
/// coincident members first, so that the mapping (`super::map`) finds them together
/// outermost, and among them the one along which the most accesses stay in one cache
/// line last of the (at most three) that become thread dimensions: it goes to thread
/// x, where consecutive threads then touch consecutive addresses (coalescing). The
/// members that carry dependences follow, in their order: they stay loops inside
/// each thread.
pub(crate) fn order_for_gpu(
    cx: &Ctx,
    node: ScheduleNode,
    loc: &Locality,
    deps: &Conflicts,
) -> Result<ScheduleNode, PolyError> {
    let mut node = node;
    if let Some(n) = permutable_members(cx, &node)? {
        let mut coincident = vec![];
        let mut carrying = vec![];
        for d in 0..n {
            if node.band_member_get_coincident(to_i32(d)?).isl(cx)? {
                coincident.push(d);
            } else {
                carrying.push(d);
            }
        }
        if !coincident.is_empty() {
            let scores = scores(&band_profile(cx, &node, loc, n)?, n);
            let key = |d: usize| {
                let s = scores[d];
                (
                    s.misses,
                    std::cmp::Reverse(s.in_line),
                    std::cmp::Reverse(s.same),
                )
            };
            // The innermost among equals keeps its place.
            let best = coincident.iter().rev().copied().min_by_key(|&d| key(d));
            if let Some(best) = best {
                let slot = coincident.len().min(MAX_GRID_DIMS) - 1;
                coincident.retain(|&d| d != best);
                coincident.insert(slot, best);
            }
            let order: Vec<usize> = coincident.into_iter().chain(carrying).collect();
            if order.iter().enumerate().any(|(k, &d)| k != d) {
                tracing::debug!(?order, "GPU order");
                node = permute(cx, node, &order, deps)?;
            }
        }
    }
    walk_children(cx, node, |cx, child| order_for_gpu(cx, child, loc, deps))
}
