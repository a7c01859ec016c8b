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

use crate::support::host::Caches;
use crate::transform::locality::{AccessProfile, Move, Step};

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

/// The extent assumed for a member when sizing the data between two uses: the sizes
/// are parameters, and the suite's LARGE sizes are 1000 to 3000.
pub(crate) const NOMINAL_EXTENT: i64 = 2048;

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
