//! Schedule-tree transforms: tiling of permutable bands, wavefronts and parallel marks.

use isl_rs::{Id, MultiVal, Options, Schedule, ScheduleNode, ScheduleNodeType, UnionMap, Val};

use crate::schedule::set_coincidence;
use crate::tree::live_deps;

use crate::isl::{Ctx, IslResult};
use crate::load::to_i32;
use crate::tree::{n_children, n_members, node_type};
use crate::PolyError;

/// The id of the mark node placed above a parallel loop.
pub const PARALLEL_MARK: &str = "parallel";

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

/// Wavefront of a tile band (seed 004 §1.12, seed 000 §4.6): the outermost tile loop
/// `T0` becomes `T0 + T1` counted in tiles, i.e. `floor(φ0/s0) + floor(φ1/s1)`, and
/// `T1` then carries no dependence (the caller recomputes the flags).
///
/// Valid because the band is permutable: every dependence live at it has a
/// non-negative distance in each member, hence in each tile index; so the sum is
/// non-negative, and it is zero only when both tile distances are.
fn wavefront(cx: &Ctx, node: ScheduleNode, sizes: &[i64]) -> Result<ScheduleNode, PolyError> {
    let partial = node.band_get_partial_schedule().isl(cx)?;
    let size = |i: usize| sizes.get(i).or(sizes.last()).copied().unwrap_or(32);
    let t0 = partial
        .get_at(0)
        .isl(cx)?
        .scale_down_val(Val::int_from_si(cx.raw(), size(0)).isl(cx)?)
        .isl(cx)?;
    let t1 = partial
        .get_at(1)
        .isl(cx)?
        .scale_down_val(Val::int_from_si(cx.raw(), size(1)).isl(cx)?)
        .isl(cx)?;
    let skewed = partial.set_at(0, t0.add(t1).isl(cx)?).isl(cx)?;
    node.delete()
        .isl(cx)?
        .insert_partial_schedule(skewed)
        .isl(cx)?
        .band_set_permutable(1)
        .isl(cx)
}

/// Applies `f` to every child of `node` and returns `node` (at the same position).
pub(crate) fn walk_children<F>(
    cx: &Ctx,
    node: ScheduleNode,
    mut f: F,
) -> Result<ScheduleNode, PolyError>
where
    F: FnMut(&Ctx, ScheduleNode) -> Result<ScheduleNode, PolyError>,
{
    let mut node = node;
    for i in 0..n_children(cx, &node)? {
        node = node.child(i).isl(cx)?;
        node = f(cx, node)?;
        node = node.parent().isl(cx)?;
    }
    Ok(node)
}

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
    let id = cx.parse("mark id", PARALLEL_MARK, Id::read_from_str)?;
    node = node.insert_mark(id).isl(cx)?;
    *count += 1;
    // node is the mark, above the parallel band; nothing below it gets a mark.
    if i > 0 {
        node = node.parent().isl(cx)?;
    }
    Ok(node)
}
