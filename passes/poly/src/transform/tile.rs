//! Tiling of permutable bands.

use isl_rs::{MultiVal, Options, Schedule, ScheduleNode, ScheduleNodeType, UnionMap, Val};

use crate::error::PolyError;
use crate::support::isl::{to_i32, Ctx, IslResult};
use crate::support::schedule_tree::{
    live_deps, n_members, node_type, set_coincidence, walk_children,
};
use crate::transform::wavefront::wavefront;

/// Tiles every permutable band with at least two members into a tile band (outer)
/// and a point band (inner), with `sizes` per member (the last size repeats).
/// Returns the new schedule and the number of bands tiled.
///
/// isl options (seed 001 §1.7 uses the same tile/point split):
/// - `tile_scale_tile_loops = 1`: tile loops iterate over tile *origins*
///   (`c0 = 0, 32, 64, ...`), so the point loop runs over the original values
///   (`c2 = c0 .. min(c0 + 31, N - 1)`) and statement arguments stay unchanged;
/// - `tile_shift_point_loops = 0`: point loops are not shifted to start at 0, for
///   the same reason.
///
/// The coincidence flags of both bands are recomputed exactly afterwards (`deps`
/// are all dependences): a member that is coincident given the outer members of its
/// band need not be coincident given only their tile origins (e.g. a band `(i, j)`
/// with distance `(1, 1)`: `j` is parallel inside one `i` iteration, but not inside
/// one `i` tile).
///
/// With `wavefront`, a tile band whose first two members are both not coincident is
/// skewed (see [`wavefront`]).
pub(crate) fn tile(
    cx: &Ctx,
    schedule: Schedule,
    sizes: &[i64],
    wavefront: bool,
    deps: &UnionMap,
) -> Result<(Schedule, usize), PolyError> {
    if let Some(bad) = sizes.iter().find(|&&s| s <= 0) {
        return Err(PolyError::Unsupported(format!(
            "tile size {bad} is not positive"
        )));
    }
    Options::set_tile_scale_tile_loops(cx.raw(), 1).isl(cx)?;
    Options::set_tile_shift_point_loops(cx.raw(), 0).isl(cx)?;
    let sizes = if sizes.is_empty() { &[32][..] } else { sizes };
    let mut count = 0;
    let root = schedule.get_root().isl(cx)?;
    let root = tile_walk(cx, root, sizes, wavefront, deps, &mut count)?;
    Ok((root.get_schedule().isl(cx)?, count))
}

fn tile_walk(
    cx: &Ctx,
    node: ScheduleNode,
    sizes: &[i64],
    wave: bool,
    deps: &UnionMap,
    count: &mut usize,
) -> Result<ScheduleNode, PolyError> {
    let mut node = node;
    if node_type(cx, &node)? == ScheduleNodeType::Band {
        let n = n_members(cx, &node)?;
        if n >= 2 && node.band_get_permutable().isl(cx)? {
            let mut mv = MultiVal::zero(node.band_get_space().isl(cx)?).isl(cx)?;
            for i in 0..n {
                let size = sizes.get(i).or(sizes.last()).copied().unwrap_or(32);
                mv = mv
                    .set_at(to_i32(i)?, Val::int_from_si(cx.raw(), size).isl(cx)?)
                    .isl(cx)?;
            }
            node = node.band_tile(mv).isl(cx)?;
            *count += 1;
            node = exact_coincidence(cx, node, deps)?;
            if wave
                && !node.band_member_get_coincident(0).isl(cx)?
                && !node.band_member_get_coincident(1).isl(cx)?
            {
                node = wavefront(cx, node, sizes)?;
                node = exact_coincidence(cx, node, deps)?;
            }
            // The point band, then below it (it must not be tiled again).
            node = node.child(0).isl(cx)?;
            node = exact_coincidence(cx, node, deps)?;
            node = walk_children(cx, node, |cx, child| {
                tile_walk(cx, child, sizes, wave, deps, count)
            })?;
            return node.parent().isl(cx);
        }
    }
    walk_children(cx, node, |cx, child| {
        tile_walk(cx, child, sizes, wave, deps, count)
    })
}

/// Sets the coincidence flags of the band at `node` from the dependences live there.
fn exact_coincidence(
    cx: &Ctx,
    node: ScheduleNode,
    deps: &UnionMap,
) -> Result<ScheduleNode, PolyError> {
    let live = live_deps(cx, &node, deps)?;
    set_coincidence(cx, node, &live)
}
