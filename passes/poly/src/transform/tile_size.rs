//! Tile sizes from a footprint model, per band (used unless `tile-sizes=` is given).
//!
//! A tile of sizes `T` touches, per access, a box of array elements: along subscript
//! `k`, `1 + Σ_d |δ_dk| (T_d − 1)` elements, where `δ_d` is how the access moves
//! when member `d` advances ([`super::locality`]); the last subscript is rounded up
//! to whole cache lines. The model picks the largest tile volume whose summed
//! footprint fits in half the L2 cache (the other half for the streams around it),
//! with an innermost member long enough to vectorize (at least four lines) and the
//! other members equal and at most 64, so that a parallel outer tile loop still has
//! several tiles per thread at the suite's sizes. A band is not tiled at all when no
//! access reuses data along a member other than the innermost, or when the data
//! between two such uses fits in the same half of L2 without tiles
//! ([`reuse_needs_tiles`]): tiling it buys nothing.

use crate::model::scop::ArrayId;
use crate::support::host::Caches;
use crate::transform::locality::{AccessProfile, Move, Step, NOMINAL_EXTENT};

/// Sizes of the members that are not innermost.
const OUTER_SIZES: [i64; 4] = [8, 16, 32, 64];
/// Innermost sizes, in cache lines.
const INNER_LINES: [i64; 4] = [4, 8, 16, 32];

/// Tile sizes for a band of `n` members whose innermost (after post-tile
/// reordering) is member `inner`; `None` when tiling buys no reuse.
pub(crate) fn model_sizes(
    profile: &[AccessProfile],
    n: usize,
    inner: usize,
    caches: Caches,
) -> Option<Vec<i64>> {
    let budget = caches.l2 / 2;
    if !(0..n).any(|d| d != inner && reuse_needs_tiles(profile, n, inner, d, budget)) {
        return None;
    }
    let per_line = profile.iter().map(|a| a.per_line).max().unwrap_or(8);
    let mut best: Option<(i64, Vec<i64>)> = None;
    for lines in INNER_LINES {
        for outer in OUTER_SIZES {
            let sizes: Vec<i64> = (0..n)
                .map(|d| if d == inner { lines * per_line } else { outer })
                .collect();
            if footprint(profile, &sizes) > budget {
                continue;
            }
            let volume = sizes.iter().product::<i64>();
            if best.as_ref().is_none_or(|(v, _)| volume >= *v) {
                best = Some((volume, sizes));
            }
        }
    }
    Some(best.map_or_else(|| vec![OUTER_SIZES[0]; n], |(_, sizes)| sizes))
}

/// Sizes for a band that gets a wavefront (a time-tiled stencil, seed 004 §1.12):
/// the two members the wavefront sums ([`super::wavefront`]) and every other member
/// but the innermost get one size `s`, the innermost a long one (whole cache lines,
/// at least `s`), the largest volume whose footprint fits in half of L2. `None` when
/// the innermost is one of the two summed members (a band of two: jacobi-1d), which
/// keeps square tiles: isl's AST generator took 6.8 s on jacobi-1d's (16, 128)
/// wavefront, against 0.3 s for (32, 64) and less for squares.
///
/// Measured at LARGE against 32x32x32 (median of 3, one run each): jacobi-2d 3.01x ->
/// 4.14x with (16, 32, 128), fdtd-2d 2.90x -> 3.92x, heat-3d 1.88x -> 2.62x with
/// (8, 8, 32, 128): a short time tile keeps its skewed rows in cache, a long
/// innermost row vectorizes.
pub(crate) fn wavefront_sizes(
    profile: &[AccessProfile],
    n: usize,
    inner: usize,
    caches: Caches,
) -> Option<Vec<i64>> {
    if n < 3 || inner < 2 {
        return None;
    }
    let budget = caches.l2 / 2;
    let per_line = profile.iter().map(|a| a.per_line).max().unwrap_or(8);
    let mut best: Option<(i64, Vec<i64>)> = None;
    for lines in INNER_LINES {
        for outer in WAVEFRONT_SIZES {
            let long = lines * per_line;
            if long < outer {
                continue;
            }
            let sizes: Vec<i64> = (0..n)
                .map(|d| if d == inner { long } else { outer })
                .collect();
            if distinct_footprint(profile, &sizes) > budget {
                continue;
            }
            // Ties go to the longer innermost.
            let volume = sizes.iter().product::<i64>();
            if best.as_ref().is_none_or(|(v, _)| volume >= *v) {
                best = Some((volume, sizes));
            }
        }
    }
    best.map(|(_, sizes)| sizes)
}

/// Sizes of the members of a wavefront's band that are not innermost. Not 8: a time
/// tile of 8 steps amortizes too little (heat-3d's 8x8x8x32, the largest that fits:
/// 0.89x of the original at MEDIUM against 1.07x for the isl preset's untiled time
/// loop, and 2.07x against 2.26x at LARGE).
const WAVEFRONT_SIZES: [i64; 2] = [16, 32];

/// Whether some access reuses data along member `d` (not the innermost) that the
/// untiled loops would have evicted: between two iterations of `d`, the members
/// inside it (at [`NOMINAL_EXTENT`]) touch more than `budget` bytes. When they touch
/// less, as floyd-warshall's `(i, j)` does (a row of `path` and row `k` between two
/// `i`), the reuse is in cache already and tiles only break the rows into shorter
/// streams (measured at LARGE: 0.59x tiled, 0.97x untiled).
fn reuse_needs_tiles(
    profile: &[AccessProfile],
    n: usize,
    inner: usize,
    d: usize,
    budget: u64,
) -> bool {
    if !profile
        .iter()
        .any(|a| matches!(a.step(d), Step::Same | Step::InLine))
    {
        return false;
    }
    // The loop order once `inner` is sunk: the others in band order, then `inner`.
    let order: Vec<usize> = (0..n).filter(|&m| m != inner).chain([inner]).collect();
    let position = order.iter().position(|&m| m == d).unwrap_or(0);
    let mut sizes = vec![1; n];
    for &m in &order[position + 1..] {
        sizes[m] = NOMINAL_EXTENT;
    }
    footprint(profile, &sizes) > budget
}

/// Bytes the accesses of `profile` touch in one tile of `sizes`.
pub(crate) fn footprint(profile: &[AccessProfile], sizes: &[i64]) -> u64 {
    profile
        .iter()
        .map(|a| access_footprint(a, sizes))
        .fold(0u64, u64::saturating_add)
}

/// [`footprint`] counting once the accesses to one array that move alike: a
/// stencil's neighbours (`A[i][j - 1]`, `A[i][j + 1]`, ...) differ by a constant,
/// so they touch one box, wider by the offsets only (left out).
pub(crate) fn distinct_footprint(profile: &[AccessProfile], sizes: &[i64]) -> u64 {
    let mut seen: Vec<(ArrayId, &[Move])> = Vec::new();
    let mut total = 0u64;
    for access in profile {
        let key = (access.array, access.moves.as_slice());
        if !seen.contains(&key) {
            seen.push(key);
            total = total.saturating_add(access_footprint(access, sizes));
        }
    }
    total
}

fn access_footprint(access: &AccessProfile, sizes: &[i64]) -> u64 {
    let rank = access
        .moves
        .iter()
        .find_map(|m| match m {
            Move::By(delta) => Some(delta.len()),
            _ => None,
        })
        .unwrap_or(0);
    let mut extents = vec![1i64; rank];
    // An access that moves by no constant vector along a member may touch a new
    // line every iteration of it.
    let mut unknown = 1i64;
    for (d, m) in access.moves.iter().enumerate() {
        let t = sizes.get(d).copied().unwrap_or(1);
        match m {
            Move::Still => {}
            Move::Unknown => unknown = unknown.saturating_mul(t),
            Move::By(delta) => {
                for (e, v) in extents.iter_mut().zip(delta) {
                    *e = e.saturating_add(v.abs().saturating_mul(t - 1));
                }
            }
        }
    }
    if let Some(last) = extents.last_mut() {
        let line = access.per_line;
        *last = (*last + line - 1) / line * line;
    }
    let elements = extents
        .iter()
        .fold(unknown, |acc, &e| acc.saturating_mul(e));
    u64::try_from(elements)
        .unwrap_or(u64::MAX)
        .saturating_mul(u64::from(access.bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn access(moves: Vec<Move>) -> AccessProfile {
        AccessProfile {
            stmt: "S0".into(),
            array: crate::model::scop::ArrayId::of_letter("A"),
            write: false,
            bytes: 8,
            per_line: 8,
            moves,
        }
    }

    fn by(v: &[i64]) -> Move {
        Move::By(v.to_vec())
    }

    /// gemm's band `(i, j, k)`: `C[i][j]` (read and write), `A[i][k]`, `B[k][j]`.
    fn gemm() -> Vec<AccessProfile> {
        let c = || access(vec![by(&[1, 0]), by(&[0, 1]), by(&[0, 0])]);
        vec![
            c(),
            c(),
            access(vec![by(&[1, 0]), by(&[0, 0]), by(&[0, 1])]),
            access(vec![by(&[0, 0]), by(&[0, 1]), by(&[1, 0])]),
        ]
    }

    const CACHES: Caches = Caches {
        line: 64,
        l1d: 32 << 10,
        l2: 1 << 20,
    };

    #[test]
    fn footprint_of_a_gemm_tile() {
        // Ti = Tj = Tk = 8: C 8x8 twice, A 8x8, B 8x8; 8 doubles per line.
        assert_eq!(footprint(&gemm(), &[8, 8, 8]), 4 * 64 * 8);
        // Tj = 12 rounds up to 16 elements (two lines) for C and B, not for A.
        assert_eq!(footprint(&gemm(), &[8, 12, 8]), (3 * 8 * 16 + 64) * 8);
    }

    #[test]
    fn gemm_gets_a_long_innermost_and_fits_half_of_l2() {
        let sizes = model_sizes(&gemm(), 3, 1, CACHES).expect("gemm has reuse");
        // Largest volume under 512 KiB: j = 32 lines = 256 doubles, i = k = 64
        // (8 * (64*64 + 3*64*256) = 425984 bytes; with i = k = 128 it would not fit).
        assert_eq!(sizes, [64, 256, 64]);
        assert!(footprint(&gemm(), &sizes) <= CACHES.l2 / 2);
    }

    #[test]
    fn a_smaller_l2_gives_smaller_tiles() {
        // Half of 256 KiB is 16384 doubles. i = k = 64 with j = 64 needs exactly
        // that (C 2 * 64*64, A 64*64, B 64*64), a volume of 262144; every larger
        // candidate (e.g. j = 128 with i = k = 64: C alone is 16384) does not fit.
        let small = Caches {
            l2: 256 << 10,
            ..CACHES
        };
        assert_eq!(model_sizes(&gemm(), 3, 1, small), Some(vec![64, 64, 64]));
    }

    #[test]
    fn elementwise_band_is_not_tiled() {
        // C[i][j] = A[i][j] + B[i][j]: every access moves along both members, and
        // the innermost is where its lines are reused: no reuse for tiling to bring.
        let a = || access(vec![by(&[1, 0]), by(&[0, 1])]);
        assert_eq!(model_sizes(&[a(), a(), a()], 2, 1, CACHES), None);
    }

    #[test]
    fn transpose_is_tiled_when_its_column_of_lines_leaves_the_cache() {
        // B[j][i] = A[i][j], j innermost: B's lines are reused along i. Between two
        // i, the j loop (2048 iterations, NOMINAL_EXTENT) touches a row of A (16 KiB)
        // and one line of B per j (2048 x 64 B = 128 KiB): 144 KiB. That stays in
        // half of a 1 MiB L2, so the reuse needs no tiles; with a 256 KiB L2 (half:
        // 128 KiB) it does.
        let a = || access(vec![by(&[1, 0]), by(&[0, 1])]);
        let b = || access(vec![by(&[0, 1]), by(&[1, 0])]);
        assert_eq!(model_sizes(&[a(), b()], 2, 1, CACHES), None);
        let small = Caches {
            l2: 256 << 10,
            ..CACHES
        };
        assert!(model_sizes(&[a(), b()], 2, 1, small).is_some());
    }

    /// jacobi-2d's point band `(t, 2t + i, 2t + j)`: both statements read five
    /// neighbours of one array and write the other; along `t` every access moves by
    /// `(-2, -2)`, along the others by a unit vector.
    fn jacobi_2d_skewed() -> Vec<AccessProfile> {
        let stencil = |array: &str, write: bool| AccessProfile {
            array: crate::model::scop::ArrayId::of_letter(array),
            write,
            ..access(vec![by(&[-2, -2]), by(&[1, 0]), by(&[0, 1])])
        };
        let mut profile = Vec::new();
        for (read, written) in [("A", "B"), ("B", "A")] {
            profile.extend((0..5).map(|_| stencil(read, false)));
            profile.push(stencil(written, true));
        }
        profile
    }

    #[test]
    fn a_stencil_gets_short_time_tiles_and_a_long_innermost() {
        // Per array, a tile (s, s, l) touches (1 + 2(s-1) + (s-1)) rows of
        // (1 + 2(s-1) + (l-1)) elements, rounded up to lines; the five reads and the
        // write of one array move alike and count once. Half of 1 MiB: (32, 32, 256)
        // needs 2 x 94 x 320 x 8 = 481280 bytes, the largest volume of all.
        let sizes = wavefront_sizes(&jacobi_2d_skewed(), 3, 2, CACHES);
        assert_eq!(sizes, Some(vec![32, 32, 256]));
        // Half of 256 KiB (131072): (16, 16, 128) needs 2 x 46 x 160 x 8 = 117760;
        // (32, 32, 64) 192512 and (16, 16, 256) 211968 do not fit.
        let small = Caches {
            l2: 256 << 10,
            ..CACHES
        };
        assert_eq!(
            wavefront_sizes(&jacobi_2d_skewed(), 3, 2, small),
            Some(vec![16, 16, 128])
        );
        // Counted per access, as `model_sizes` counts, six times as much.
        assert_eq!(footprint(&jacobi_2d_skewed(), &[32, 32, 256]), 6 * 481280);
    }

    #[test]
    fn time_tiles_need_three_members_and_the_innermost_outside_the_wavefront() {
        // A band of two: both members are the wavefront's, which keeps squares.
        let two: Vec<AccessProfile> = jacobi_2d_skewed()
            .into_iter()
            .map(|a| AccessProfile {
                moves: a.moves[1..].to_vec(),
                ..a
            })
            .collect();
        assert_eq!(wavefront_sizes(&two, 2, 1, CACHES), None);
        // The innermost moved to a wavefront member (post-tile reordering).
        assert_eq!(wavefront_sizes(&jacobi_2d_skewed(), 3, 1, CACHES), None);
        // No time tile of 16 steps fits: none (heat-3d's would be 8 steps).
        let tiny = Caches {
            l2: 32 << 10,
            ..CACHES
        };
        assert_eq!(wavefront_sizes(&jacobi_2d_skewed(), 3, 2, tiny), None);
    }

    #[test]
    fn floyd_warshall_band_is_not_tiled() {
        // path[i][j] = min(path[i][j], path[i][k] + path[k][j]) in the band (i, j)
        // under k, 4-byte elements: row k is reused along i, but between two i the j
        // loop touches only a row of path (read and written: 2 x 8 KiB), row k (8 KiB)
        // and one line of path[i][k]: 24 KiB, in cache without tiles.
        let four = |moves| AccessProfile {
            stmt: "S0".into(),
            array: crate::model::scop::ArrayId::of_letter("A"),
            write: false,
            bytes: 4,
            per_line: 16,
            moves,
        };
        let ij = || four(vec![by(&[1, 0]), by(&[0, 1])]);
        let ik = four(vec![by(&[1, 0]), by(&[0, 0])]);
        let kj = four(vec![by(&[0, 0]), by(&[0, 1])]);
        assert_eq!(model_sizes(&[ij(), ik, kj, ij()], 2, 1, CACHES), None);
    }
}
