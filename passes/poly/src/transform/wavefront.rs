//! Wavefront parallelism in a tile band.

use isl_rs::{ScheduleNode, Val};

use crate::error::PolyError;
use crate::support::isl::{Ctx, IslResult};

/// Wavefront of a tile band (seed 004 §1.12, seed 000 §4.6): the outermost tile loop
/// `T0` becomes `T0 + T1` counted in tiles, i.e. `floor(φ0/s0) + floor(φ1/s1)`, and
/// `T1` then carries no dependence (the caller recomputes the flags).
///
/// Valid because the band is permutable: every dependence live at it has a
/// non-negative distance in each member, hence in each tile index; so the sum is
/// non-negative, and it is zero only when both tile distances are.
pub(crate) fn wavefront(
    cx: &Ctx,
    node: ScheduleNode,
    sizes: &[i64],
) -> Result<ScheduleNode, PolyError> {
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
