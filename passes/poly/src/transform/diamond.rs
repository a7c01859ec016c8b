//! Diamond tiles for a time band: concurrent start (seed 004 §1.12's line of work,
//! Pluto's diamond tiling since 0.11).
//!
//! Time tiles cut a band `(φ0, φ1, ...)`, `φ0` the time and `φ1` a space member
//! skewed by it, along its own members; the wavefront over the tiles, `T0 + T1`,
//! then starts with one tile and widens by one tile a step (a pipeline fill: with
//! `p` threads the first `p - 1` wavefronts leave threads idle, and again at the
//! end). Here the tile loops cut along `ψ = c·φ0 − φ1` instead of `φ0`: the mirror
//! of `φ1` across the time axis, `c` the least factor for which every dependence live
//! at the band has `ψ(b) ≥ ψ(a)`. The tiles of `(ψ, φ1)` are diamonds, and all the
//! diamonds that hold the first time step lie on the first two wavefronts: every
//! thread has a tile from the start. The point loops stay the band's own members, so
//! each tile runs its points in the order the band had.

use isl_rs::{ScheduleNode, UnionMap, UnionSet, Val};

use crate::analysis::privatization::Conflicts;
use crate::error::PolyError;
use crate::support::isl::{
    map_in_name, map_out_name, maps_of, set_tuple_name, to_i32, union_set_names, Ctx, IslResult,
};
use crate::support::schedule_tree::{deltas_under, live_deps, tile_origin};

/// The largest mirror factor tried: `c·φ0 − φ1` with `c` up to this (a stencil's
/// time member advances its skewed space member by at most one or two a step).
const MAX_MIRROR: i64 = 4;

/// The mirror of a band's time member: `ψ = c·φ0 − φ1 + δ_S` on statement `S`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Mirror {
    pub c: i64,
    /// `δ_S` per statement name (the shifts that put a statement after those it
    /// depends on within one time step: jacobi-2d's second statement reads the first's
    /// neighbours, which advance `φ1` with `φ0` fixed).
    pub shifts: Vec<(String, i64)>,
}

/// The least `c` in `1..=MAX_MIRROR`, with shifts, for which `ψ` (the band at `node`'s
/// first two members) never decreases along a dependence live at the band; None when
/// there is none. Per pair of statements `S -> T` the least `ψ` distance without
/// shifts is `m`; the shifts need `δ_T − δ_S ≥ −m` for every pair, a system of
/// difference constraints: its longest paths (Bellman-Ford) give the least shifts, a
/// positive cycle that it has none.
pub(crate) fn mirror_factor(
    cx: &Ctx,
    node: &ScheduleNode,
    deps: &Conflicts,
) -> Result<Option<Mirror>, PolyError> {
    let live = live_deps(cx, node, &deps.all)?;
    let partial = node.band_get_partial_schedule().isl(cx)?;
    let pairs = maps_of(cx, &live)?;
    let domain = node.get_domain().isl(cx)?;
    let names = union_set_names(cx, &domain)?;
    'factor: for c in 1..=MAX_MIRROR {
        let psi = mirror(cx, &partial, c)?;
        let f = UnionMap::from_union_pw_aff(psi).isl(cx)?;
        // (from, to, least shift difference)
        let mut edges: Vec<(usize, usize, i64)> = vec![];
        for pair in &pairs {
            let (Some(s), Some(t)) = (
                map_in_name(pair).and_then(|from| names.iter().position(|n| *n == from)),
                map_out_name(pair).and_then(|to| names.iter().position(|n| *n == to)),
            ) else {
                continue 'factor;
            };
            let one = UnionMap::from_map(pair.copy().isl(cx)?).isl(cx)?;
            let distances = deltas_under(cx, &one, &f)?.get_set_list().isl(cx)?;
            for k in 0..distances.size().isl(cx)? {
                let least = distances.get_at(k).isl(cx)?.dim_min_val(0).isl(cx)?;
                if !least.is_int().isl(cx)? {
                    continue 'factor;
                }
                edges.push((s, t, -least.get_num_si().isl(cx)?));
            }
        }
        if let Some(shifts) = longest_paths(names.len(), &edges) {
            return Ok(Some(Mirror {
                c,
                shifts: names.iter().cloned().zip(shifts).collect(),
            }));
        }
    }
    Ok(None)
}

/// The least non-negative `δ` with `δ[t] − δ[s] ≥ w` for every edge `(s, t, w)`;
/// None when a cycle of positive weight makes it infeasible.
fn longest_paths(n: usize, edges: &[(usize, usize, i64)]) -> Option<Vec<i64>> {
    let mut delta = vec![0i64; n];
    for _ in 0..=n {
        let mut changed = false;
        for &(s, t, w) in edges {
            if delta[s] + w > delta[t] {
                delta[t] = delta[s] + w;
                changed = true;
            }
        }
        if !changed {
            return Some(delta);
        }
    }
    None
}

/// `c·φ0 − φ1` of `partial`.
fn mirror(
    cx: &Ctx,
    partial: &isl_rs::MultiUnionPwAff,
    c: i64,
) -> Result<isl_rs::UnionPwAff, PolyError> {
    let phi0 = partial.get_at(0).isl(cx)?;
    let phi1 = partial.get_at(1).isl(cx)?;
    phi0.scale_val(Val::int_from_si(cx.raw(), c).isl(cx)?)
        .isl(cx)?
        .sub(phi1)
        .isl(cx)
}

/// `ψ = c·φ0 − φ1 + δ_S` of `partial`, on `domain`.
fn mirrored(
    cx: &Ctx,
    partial: &isl_rs::MultiUnionPwAff,
    domain: &UnionSet,
    m: &Mirror,
) -> Result<isl_rs::UnionPwAff, PolyError> {
    let list = domain.get_set_list().isl(cx)?;
    let mut shifts: Option<isl_rs::UnionPwAff> = None;
    for k in 0..list.size().isl(cx)? {
        let set = list.get_at(k).isl(cx)?;
        let name = set_tuple_name(&set);
        let delta = m
            .shifts
            .iter()
            .find(|(n, _)| Some(n) == name.as_ref())
            .map_or(0, |(_, d)| *d);
        let piece = isl_rs::UnionPwAff::val_on_domain(
            UnionSet::from_set(set).isl(cx)?,
            Val::int_from_si(cx.raw(), delta).isl(cx)?,
        )
        .isl(cx)?;
        shifts = Some(match shifts {
            None => piece,
            Some(all) => all.union_add(piece).isl(cx)?,
        });
    }
    let psi = mirror(cx, partial, m.c)?;
    match shifts {
        Some(shifts) => psi.add(shifts).isl(cx),
        None => Ok(psi),
    }
}

/// Tiles the band at `node` in diamonds: a tile band inserted above it whose members
/// are the tile origins `s·floor(x/s)` of `ψ = c·φ0 − φ1 + δ_S`, `φ1`, `φ2`, ... (`sizes`,
/// one per member), permutable because each of those never decreases along a live
/// dependence ([`mirror_factor`] for `ψ`, the band's permutability for the others).
/// The band itself stays below as the point band, `(ψ, φ1)` determining `φ0`. Returns
/// the tile band, as isl's `band_tile` does, its coincidence flags to be computed.
pub(crate) fn diamond_tile(
    cx: &Ctx,
    node: ScheduleNode,
    sizes: &[i64],
    m: &Mirror,
) -> Result<ScheduleNode, PolyError> {
    let partial = node.band_get_partial_schedule().isl(cx)?;
    let domain = node.get_domain().isl(cx)?;
    let mut tiles = partial
        .copy()
        .isl(cx)?
        .set_at(0, mirrored(cx, &partial, &domain, m)?)
        .isl(cx)?;
    for (i, &size) in sizes.iter().enumerate() {
        let origin = tile_origin(cx, tiles.get_at(to_i32(i)?).isl(cx)?, size)?;
        tiles = tiles.set_at(to_i32(i)?, origin).isl(cx)?;
    }
    node.insert_partial_schedule(tiles)
        .isl(cx)?
        .band_set_permutable(1)
        .isl(cx)
}

#[cfg(test)]
mod tests {
    use super::longest_paths;

    #[test]
    fn shifts_are_the_least_that_meet_every_difference() {
        // δ1 − δ0 ≥ 2 (jacobi-2d within a step), δ0 − δ1 ≥ −2 (across): δ = (0, 2).
        assert_eq!(longest_paths(2, &[(0, 1, 2), (1, 0, -2)]), Some(vec![0, 2]));
        // A self pair with a non-positive need changes nothing.
        assert_eq!(longest_paths(1, &[(0, 0, 0), (0, 0, -1)]), Some(vec![0]));
    }

    #[test]
    fn a_positive_cycle_has_no_shifts() {
        // δ1 − δ0 ≥ 2 and δ0 − δ1 ≥ −1: no δ (c = 3 for jacobi-2d).
        assert_eq!(longest_paths(2, &[(0, 1, 2), (1, 0, -1)]), None);
        // A dependence of a statement on itself that decreases ψ.
        assert_eq!(longest_paths(1, &[(0, 0, 1)]), None);
    }
}
