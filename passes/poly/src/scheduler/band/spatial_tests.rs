//! The spatial preset's bands (seed 000 §4.6) on §4's small examples, with a
//! line of 4 elements. Expected rows are derived from objectives (3) and (4):
//! each row minimizes, in group priority order, the temporal then the spatial
//! distance of every group; the last row carries as many spatial groups as it
//! can with the smallest coefficients.

use super::tests::{edges, scheduler};
use super::*;
use crate::isl::Ctx;
use crate::scheduler::spatial::{Reference, SpatialModel, SpatialParams};
use crate::scheduler::Config;

fn spatial_config(hlim: u64) -> Config {
    Config {
        coincidence: true,
        forced_outer: false,
        param_coefficients: true,
        negative_coefficients: true,
        maximize_coincidence: false,
        feautrier_only: false,
        one_coincident: true,
        spatial: Some(SpatialParams {
            line_bytes: 32,
            hlim,
            gpu: false,
        }),
        fuse: crate::FuseMode::Smart,
        rar: false,
        structure: None,
    }
}

/// The GPU instance (§4.7), as `initial::scheduler_config` sets it.
fn gpu_config() -> Config {
    Config {
        forced_outer: true,
        maximize_coincidence: true,
        one_coincident: false,
        spatial: Some(SpatialParams {
            line_bytes: 32,
            hlim: 32,
            gpu: true,
        }),
        ..spatial_config(32)
    }
}

/// The band of one statement `domain` with `accesses` (8-byte elements) and
/// dependences `deps`, under the spatial preset.
fn spatial_band(domain: &str, accesses: &[&str], deps: &str, hlim: u64) -> (Band, Vec<Vec<i64>>) {
    band_with(domain, accesses, deps, spatial_config(hlim))
}

fn band_with(domain: &str, accesses: &[&str], deps: &str, cfg: Config) -> (Band, Vec<Vec<i64>>) {
    let cx = Ctx::new(0).unwrap();
    let params = cfg.spatial.unwrap();
    let mut sch = scheduler(&cx, &["N"], &[domain], cfg);
    let refs = accesses
        .iter()
        .map(|text| {
            let relation = cx
                .parse("access", text, isl_rs::Map::read_from_str)
                .unwrap();
            Reference {
                node: 0,
                array: crate::model::scop::ArrayId::of_letter(
                    &crate::support::isl::map_out_name(&relation).unwrap(),
                ),
                bytes: 8,
                relation,
            }
        })
        .collect();
    sch.spatial = Some(SpatialModel::build(&cx, &sch.nodes, refs, params).unwrap());
    let mut e = edges(&sch, deps);
    let prefix = vec![Vec::new()];
    let b = sch.pluto_band(&[0], &mut e, &prefix, 0).unwrap();
    let rows = b.rows.iter().map(|m| m[0].c.clone()).collect();
    (b, rows)
}

const CUBE: &str = "[N] -> { S[i, j, k] : 0 <= i, j, k < N }";

#[test]
fn seed000_gpu_matmul_gets_j_first_then_i() {
    // §4.7 on C[i][j] += A[i][k] * B[k][j]: the first member is (4) with zero
    // distance on the coincidence relations (C's, along k: c_k = 0). Of i and
    // j, j carries the spatial proximity of B and C, i none (A's is along k):
    // (4) takes j, the dimension that goes to thread x for coalescing.
    // Spatial proximity is then dropped; (1) with coincidence gives i (zero
    // distance), and the last member, k, carries C's dependence.
    let (b, rows) = band_with(
        CUBE,
        &crate::scheduler::spatial::tests::MATMUL_ACCESSES,
        "[N] -> { S[i, j, k] -> S[i, j, k + 1] }",
        gpu_config(),
    );
    assert_eq!(rows, [vec![0, 1, 0], vec![1, 0, 0], vec![0, 0, 1]]);
    assert_eq!(b.coincident, [true, true, false]);
}

#[test]
fn seed000_matmul_gets_j_innermost() {
    // C[i][j] += A[i][k] * B[k][j]; the dependences are C's, along k.
    // Row 1, coincidence on (c_k = 0), groups C, A, B (rank 2 each, C has
    // multiplicity 2): i has zero distance on every group but B's temporal
    // (1, 0, 0), j carries C's spatial (0, 1, 0), which comes earlier in the
    // lexmin: i. Row 2, coincidence off (i is coincident): B[k][j] still has
    // rank 2, C and A rank 1, so B leads; j carries B's spatial relation, k
    // only C's temporal one, which comes later: k. Row 3 is the last, objective
    // (4): j, carrying the spatial relations of B and C (§4.4: "inverting k
    // and j loops will exploit spatial locality for B and C").
    let (b, rows) = spatial_band(
        CUBE,
        &crate::scheduler::spatial::tests::MATMUL_ACCESSES,
        "[N] -> { S[i, j, k] -> S[i, j, k + 1] }",
        32,
    );
    assert_eq!(rows, [vec![1, 0, 0], vec![0, 0, 1], vec![0, 1, 0]]);
    // i was computed coincident; j, computed without coincidence, still has
    // zero distance on C's dependence (along k), and is flagged so.
    assert_eq!(b.coincident, [true, false, true]);
}

#[test]
fn seed000_s2_keeps_the_reduction_inside_and_d_ik_innermost() {
    // C[i][j] += D[i][k] * D[i][j]. Row 1: i has zero distance on every
    // group. Row 2: all three groups have rank 1; C (multiplicity 2) leads: j
    // carries its spatial relation, k its temporal one (the reduction), which
    // comes first in (3): j. Row 3, (4): k, carrying D[i][k]'s spatial
    // relation.
    let (_, rows) = spatial_band(
        CUBE,
        &[
            "[N] -> { S[i, j, k] -> C[i, j] }",
            "[N] -> { S[i, j, k] -> D[i, k] }",
            "[N] -> { S[i, j, k] -> D[i, j] }",
            "[N] -> { S[i, j, k] -> C[i, j] }",
        ],
        "[N] -> { S[i, j, k] -> S[i, j, k + 1] }",
        32,
    );
    assert_eq!(rows, [vec![1, 0, 0], vec![0, 1, 0], vec![0, 0, 1]]);
}

#[test]
fn seed000_s1_keeps_b_reuse_across_i_outside() {
    // A[i][j] += B[i][j] + B[i-1][j], no dependences between instances. Two
    // dimensions: coincidence is off from the start (§4.6). Groups A and B
    // (rank 2, multiplicity 2; A first): j would carry A's spatial relation,
    // i only B's temporal one (B[i-1][j] reads what B[i][j] read one i
    // earlier), which comes later: i, then j by (4), carrying A and B.
    let (_, rows) = spatial_band(
        "[N] -> { S[i, j] : 1 <= i < N and 0 <= j < N }",
        &[
            "[N] -> { S[i, j] -> A[i, j] }",
            "[N] -> { S[i, j] -> B[i, j] }",
            "[N] -> { S[i, j] -> B[i - 1, j] }",
            "[N] -> { S[i, j] -> A[i, j] }",
        ],
        "[N] -> { }",
        32,
    );
    assert_eq!(rows, [vec![1, 0], vec![0, 1]]);
}

#[test]
fn transposed_copy_is_interchanged() {
    // A[j][i] = B[j][i] in loops (i, j): both spatial relations are along i,
    // so (3) puts j first and (4) makes i the last row.
    let (_, rows) = spatial_band(
        "[N] -> { S[i, j] : 0 <= i, j < N }",
        &[
            "[N] -> { S[i, j] -> B[j, i] }",
            "[N] -> { S[i, j] -> A[j, i] }",
        ],
        "[N] -> { }",
        32,
    );
    assert_eq!(rows, [vec![0, 1], vec![1, 0]]);
}

#[test]
fn seed000_hlim_chooses_feautrier_or_a_band_without_coincidence() {
    // A 2-d stencil in time (distances (1, 0, 0), (1, ±1, 0), (1, 0, ±1)): no
    // first row has zero distances. With h = 3 x 2 (two accesses of a 3-d
    // statement) above h_lim = 5, the band ends empty and a Feautrier step
    // follows (§4.6); with h_lim = 32 it goes on without coincidence.
    let deps = "[N] -> { S[t, i, j] -> S[t + 1, i, j]; S[t, i, j] -> S[t + 1, i + 1, j]; \
                S[t, i, j] -> S[t + 1, i - 1, j]; S[t, i, j] -> S[t + 1, i, j + 1]; \
                S[t, i, j] -> S[t + 1, i, j - 1] }";
    let accesses = [
        "[N] -> { S[t, i, j] -> A[i, j] }",
        "[N] -> { S[t, i, j] -> A[i + 1, j] }",
    ];
    let domain = "[N] -> { S[t, i, j] : 0 <= t < N and 1 <= i, j < N - 1 }";
    let (b, _) = spatial_band(domain, &accesses, deps, 5);
    assert!(b.is_empty(), "{b:?}");
    let (b, _) = spatial_band(domain, &accesses, deps, 32);
    assert_eq!(b.depth(), 3, "{b:?}");
    assert_eq!(b.n_coincident(), 0);
}
