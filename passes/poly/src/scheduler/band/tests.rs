//! Pluto bands on the seeds' small examples. The fixture (`scheduler`,
//! `edges`) is shared with the `cluster` and `feautrier` tests: statements and
//! dependences are written in isl notation, every dependence being validity,
//! proximity and coincidence at once (as without live-range reordering).

use super::*;
use crate::isl::{set_dim_names, set_tuple_name, Ctx, IslResult};
use crate::scheduler::graph::{Kinds, Node};
use crate::scheduler::ilp::SolveStats;
use crate::scheduler::symbolic_sizes::SymbolicSizes;
use crate::scheduler::{hull_rows, sizes, Config};
use crate::FuseMode;

/// The presets' configurations (as `schedule::scheduler_config` sets them),
/// with smart fusion.
pub(crate) fn pluto() -> Config {
    Config {
        coincidence: false,
        forced_outer: false,
        param_coefficients: false,
        negative_coefficients: false,
        maximize_coincidence: false,
        feautrier_only: false,
        one_coincident: false,
        spatial: None,
        fuse: FuseMode::Smart,
        rar: false,
        structure: None,
    }
}

pub(crate) fn isl() -> Config {
    Config {
        coincidence: true,
        forced_outer: true,
        param_coefficients: true,
        negative_coefficients: true,
        maximize_coincidence: true,
        feautrier_only: false,
        one_coincident: false,
        spatial: None,
        fuse: FuseMode::Smart,
        rar: false,
        structure: None,
    }
}

/// A scheduler over the statements `domains` (isl sets, one per statement,
/// named tuples and iterators), with the parameters `params` in this order.
pub(crate) fn scheduler<'cx>(
    cx: &'cx Ctx,
    params: &[&str],
    domains: &[&str],
    cfg: Config,
) -> Scheduler<'cx> {
    let params: Vec<String> = params.iter().map(|p| p.to_string()).collect();
    let nodes = domains
        .iter()
        .map(|text| {
            let domain = cx
                .parse("domain", text, isl_rs::Set::read_from_str)
                .unwrap();
            let name = set_tuple_name(&domain).unwrap();
            let dim = usize::try_from(domain.dim(isl_rs::DimType::Set).unwrap()).unwrap();
            Node {
                iters: set_dim_names(cx, &domain).unwrap(),
                sizes: sizes(cx, &domain, dim).unwrap(),
                hull_rows: hull_rows(cx, &domain, dim).unwrap(),
                name,
                dim,
                domain,
            }
        })
        .collect::<Vec<Node>>();
    let context = cx
        .parse(
            "context",
            &format!("[{}] -> {{ : }}", params.join(", ")),
            isl_rs::Set::read_from_str,
        )
        .unwrap()
        .get_space()
        .unwrap();
    let output_domains = nodes.iter().map(|n| n.domain.copy().unwrap()).collect();
    Scheduler {
        cx,
        nodes,
        np: params.len(),
        params,
        cfg,
        stats: SolveStats::default(),
        spatial: None,
        symbolic: SymbolicSizes::of_domains(cx, &context, &[]).unwrap(),
        output_domains,
        max_depth: 64,
    }
}

/// The edges of the dependences `deps` (an isl union map), restricted to the
/// statement domains, in the scheduler's order.
pub(crate) fn edges(sch: &Scheduler<'_>, deps: &str) -> Vec<Edge> {
    let cx = sch.cx;
    let mut dom = isl_rs::UnionSet::empty_ctx(cx.raw()).unwrap();
    for n in &sch.nodes {
        let d = isl_rs::UnionSet::from_set(n.domain.copy().isl(cx).unwrap()).unwrap();
        dom = dom.union(d).unwrap();
    }
    let map = cx
        .parse("dependences", deps, isl_rs::UnionMap::read_from_str)
        .unwrap()
        .intersect_domain(dom.copy().unwrap())
        .unwrap()
        .intersect_range(dom)
        .unwrap();
    let all = Kinds {
        validity: true,
        proximity: true,
        coincidence: true,
        ..Kinds::default()
    };
    let mut edges = sch.edges_from(&map, all).unwrap();
    edges.sort_by_key(|e| (e.src, e.dst));
    edges
}

/// The band of all statements with no ancestor rows.
fn band(sch: &mut Scheduler<'_>, deps: &str, min_coincident: usize) -> Band {
    let mut edges = edges(sch, deps);
    let set: Vec<usize> = (0..sch.nodes.len()).collect();
    let prefix = vec![Vec::new(); set.len()];
    sch.pluto_band(&set, &mut edges, &prefix, min_coincident)
        .unwrap()
}

/// `(c, e)` of each member of node `n`.
fn rows(band: &Band, n: usize) -> Vec<(Vec<i64>, i64)> {
    band.rows_of(n)
        .unwrap()
        .into_iter()
        .map(|r| (r.c, r.e))
        .collect()
}

const JACOBI_1D_DOMAIN: &str = "[T, N] -> { S[t, i] : 1 <= t <= T and 2 <= i <= N - 1 }";
/// Seed 004 Fig. 1(a): distances (1, 0), (1, 1), (1, -1).
const JACOBI_1D_DEPS: &str = "[T, N] -> { S[t, i] -> S[t + 1, i]; \
     S[t, i] -> S[t + 1, i + 1]; S[t, i] -> S[t + 1, i - 1] }";

#[test]
fn seed004_fig1a_jacobi_1d_band_is_t_then_t_plus_i() {
    // Seed 004 §1.6/Fig. 1(a): validity gives c_t >= 0, c_t + c_i >= 0,
    // c_t - c_i >= 0. (1, 0) bounds every distance by w = 1; (1, 1) and (1, -1)
    // need w = 2 and the second member must be independent of (1, 0):
    // non-negative Pluto coefficients leave (1, 1). One permutable band of two;
    // neither member has zero distances (u = w = 0), so neither is flagged
    // coincident here (`build` computes the exact flags later).
    let cx = Ctx::new(0).unwrap();
    let mut sch = scheduler(&cx, &["T", "N"], &[JACOBI_1D_DOMAIN], pluto());
    let b = band(&mut sch, JACOBI_1D_DEPS, 0);
    assert_eq!(rows(&b, 0), [(vec![1, 0], 0), (vec![1, 1], 0)]);
    assert_eq!(b.coincident, [false, false]);
    assert_eq!(b.n_coincident(), 0);
}

#[test]
fn seed001_forced_outer_coincidence_leaves_jacobi_1d_without_a_band() {
    // Seed 001 §6.2 (isl's --schedule-outer-coincidence, as PPCG sets it): no
    // row has zero distance on (1, 0), (1, 1) and (1, -1) together, so with one
    // coincident member required the band comes back empty and the driver
    // takes a Feautrier step (seed 001 E5, Fig. 13's outer t).
    let cx = Ctx::new(0).unwrap();
    let mut sch = scheduler(&cx, &["T", "N"], &[JACOBI_1D_DOMAIN], isl());
    let b = band(&mut sch, JACOBI_1D_DEPS, 1);
    assert!(b.is_empty(), "{b:?}");
    // Without the requirement, coincidence is dropped and a full band found.
    let b = band(&mut sch, JACOBI_1D_DEPS, 0);
    assert_eq!(b.depth(), 2, "{b:?}");
    assert_eq!(b.n_coincident(), 0, "{b:?}");
}

#[test]
fn seed001_e9_zero_distance_row_comes_first_and_is_coincident() {
    // Seed 001 E9 (67): the only dependence is (1, 0); the zero-distance row is
    // S -> j, coincident, then i carries the dependence (not coincident).
    let cx = Ctx::new(0).unwrap();
    let domain = "[N] -> { S[i, j] : 0 <= i <= 10 and 0 <= j < N }";
    let deps = "[N] -> { S[i, j] -> S[i + 1, j] }";
    let mut sch = scheduler(&cx, &["N"], &[domain], isl());
    let b = band(&mut sch, deps, 1);
    assert_eq!(rows(&b, 0), [(vec![0, 1], 0), (vec![1, 0], 0)]);
    assert_eq!(b.coincident, [true, false]);
    assert_eq!(b.n_coincident(), 1);
}

#[test]
fn seed004_example1_non_constant_dependence_gives_i_plus_j_then_i() {
    // Seed 004 §4.1, Example 1: a[i][j] = a[j][i] + a[i][j-1]. The swap
    // S(a, b) -> S(b, a), a < b, has distance (c_i - c_j)(b - a), the
    // recurrence (0, 1) has c_j. (1, 1) keeps both constant (u = 0, w = 1);
    // a second, independent row needs c_i - c_j >= 1, so u = 1: (1, 0).
    let cx = Ctx::new(0).unwrap();
    let domain = "[N] -> { S[i, j] : 1 <= i <= N and 2 <= j <= N }";
    let deps = "[N] -> { S[i, j] -> S[i, j + 1]; S[i, j] -> S[j, i] : i < j }";
    let mut sch = scheduler(&cx, &["N"], &[domain], pluto());
    let b = band(&mut sch, deps, 0);
    assert_eq!(rows(&b, 0), [(vec![1, 1], 0), (vec![1, 0], 0)]);
}

#[test]
fn seed004_example2_imperfect_jacobi_1d_is_shifted_and_skewed() {
    // Seed 004 §3.1, Example 2: S1: b[i] = f(a[i-1..=i+1]); S2: a[i] = b[i].
    // θ_S1 = (t, 2t + i), θ_S2 = (t, 2t + i + 1): the first row t bounds every
    // distance by 1; the second must satisfy S1(t, i) -> S2(t, i - 1) (anti on
    // a: -c_i + e2 - e1 >= 0) and S2(t, i) -> S1(t + 1, i - 1) (flow on a:
    // c_t - c_i + e1 - e2 >= 0), so c_t >= 2c_i: (2, 1) with S2 shifted by 1.
    let cx = Ctx::new(0).unwrap();
    let d1 = "[T, N] -> { S1[t, i] : 0 <= t < T and 2 <= i <= N - 2 }";
    let d2 = "[T, N] -> { S2[t, i] : 0 <= t < T and 2 <= i <= N - 2 }";
    let deps = "[T, N] -> { \
        S1[t, i] -> S2[t, i]; \
        S1[t, i] -> S2[t, i'] : i - 1 <= i' <= i + 1; \
        S2[t, i] -> S1[t + 1, i'] : i - 1 <= i' <= i + 1; \
        S2[t, i] -> S1[t + 1, i]; \
        S1[t, i] -> S1[t + 1, i]; \
        S2[t, i] -> S2[t + 1, i] }";
    let mut sch = scheduler(&cx, &["T", "N"], &[d1, d2], pluto());
    let b = band(&mut sch, deps, 0);
    assert_eq!(b.nodes, [0, 1]);
    assert_eq!(rows(&b, 0), [(vec![1, 0], 0), (vec![2, 1], 0)]);
    assert_eq!(rows(&b, 1), [(vec![1, 0], 0), (vec![2, 1], 1)]);
}
