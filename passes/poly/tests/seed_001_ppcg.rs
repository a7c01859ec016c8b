//! Seed 001 §5 (E1–E25, PPCG/isl's examples), scheduled by our schedulers (issue 3),
//! plus the fallback when the scheduler runs out of budget.
//!
//! Every test prints the schedule per statement in Pluto's `T(S): (...)` form and
//! checks it like a FileCheck test: the expected hyperplanes where the paper (or a
//! short argument, given in the comment) determines them, else the properties that
//! must hold (band depth, coincident members, fusion structure, what is carried
//! where). Every schedule is also run through `optimize`, which verifies it exactly
//! against the dependences, and must not fall back to the original order.
//! Helpers: `common::seeds`.

mod common;

use common::seeds::{
    coefficients, constant, count, entries, opts, rank, sched, scop, seed001_e5_jacobi_2d_scop,
    t_lines, tree, MAX, SMART,
};
use common::{read, stmt, write};
use tessel_poly::notes::{Note, Rung};
use tessel_poly::{
    describe_dependences, describe_schedule, optimize, Options, PolyError, SchedulerKind, Scop,
};

use SchedulerKind::{Feautrier, Isl, Pluto};

// ------------------------------------------------------------------ seed 001 §5

#[test]
fn seed001_e1_without_reordering_or_without_the_kill_the_order_is_fixed() {
    // a = f1(); f2(a); a = f3(); f4(a): flow A→B, C→D, false A→C, B→C.
    let s = scop(
        &[],
        "{ : }",
        vec![
            stmt(
                "A",
                "{ A[] }",
                "{ A[] -> [0] }",
                vec![write("{ A[] -> a[] }")],
            ),
            stmt(
                "B",
                "{ B[] }",
                "{ B[] -> [1] }",
                vec![read("{ B[] -> a[] }"), write("{ B[] -> o1[] }")],
            ),
            stmt(
                "C",
                "{ C[] }",
                "{ C[] -> [2] }",
                vec![write("{ C[] -> a[] }")],
            ),
            stmt(
                "D",
                "{ D[] }",
                "{ D[] -> [3] }",
                vec![read("{ D[] -> a[] }"), write("{ D[] -> o2[] }")],
            ),
        ],
    );
    for kind in [Pluto, Isl, Feautrier] {
        assert_eq!(
            sched("e1", &s, kind, SMART),
            ["T(A): (0)", "T(B): (1)", "T(C): (2)", "T(D): (3)"]
        );
    }
    // With live-range reordering but `a` not killed, C's write is live-out, so A
    // (the other writer) is forced before it and the order stays. Swapping the
    // live ranges with the kill: tests/live_ranges.rs.
    for kind in [Pluto, Isl, Feautrier] {
        let o = Options {
            live_range_reordering: true,
            ..opts(kind, SMART)
        };
        let out = optimize(&s, &o).unwrap();
        assert!(out.notes.is_empty(), "{:?}", out.notes);
        let text = describe_schedule(&s, &o).unwrap();
        assert_eq!(
            t_lines(&text),
            ["T(A): (0)", "T(B): (1)", "T(C): (2)", "T(D): (3)"]
        );
    }
}

#[test]
fn seed001_e2_without_kills_the_scalar_keeps_its_loop_sequential() {
    // t = A[i]; B[i] = t. Without the kill of t after the loop (pet adds it) the
    // last write to t is live-out, so the loop carries output/anti dependences on
    // t and no scheduler may make it parallel. (With the kill and live-range
    // reordering the iterations may be reordered: tests/live_ranges.rs; running
    // them in parallel would still need a private t per iteration.)
    let s = common::scalar_temporary(false);
    for kind in [Pluto, Isl] {
        let text = tree("e2", &s, kind, SMART);
        assert_eq!(t_lines(&text), ["T(S): (i, 0)", "T(T): (i, 1)"]);
        assert_eq!(count(&text, "coincident:"), 0, "{text}");
    }
}

#[test]
fn seed001_e3_e4_matmul_with_init_tiles_with_the_init_inside() {
    // E3/E4: C[i][j] = 0; for k: C[i][j] += A[i][k] * B[k][j]. One band (i, j, k)
    // with S1 embedded at k = 0 (E4's tiled code has `if (c2 == 0) C[..] = 0`), i
    // and j coincident; tiled into one 3-d tile band, the outer tile loop parallel.
    let k = common::gemm_init();
    for kind in [Pluto, Isl] {
        let text = tree("e3", &k.scop, kind, SMART);
        assert_eq!(
            t_lines(&text),
            ["T(S0): (i, j, 0, 0)", "T(S1): (i, j, k, 1)"]
        );
        assert!(text.contains("coincident: [ 1, 1, 0 ]"), "{text}");
        let out = optimize(
            &k.scop,
            &Options {
                scheduler: kind,
                tile_sizes: vec![4, 3],
                ..Options::default()
            },
        )
        .unwrap();
        assert_eq!(out.tiled_bands, 1);
        assert_eq!(
            common::parallel_loops(&out.ast),
            [("c0".to_string(), 0)],
            "{}",
            common::render(&out.ast)
        );
        common::check_execution(&k, &out.ast, "e4");
    }
}

#[test]
fn seed001_e5_jacobi_2d_isl_preset_is_figure_13() {
    // Expected isl/PPCG result (Figure 13): no outer coincidence, so Feautrier
    // gives 2t / 2t + 1, unscaled to t / t; below it a sequence S before T, each
    // with a fully coincident (i, j) band; the two are not fused (fusion would
    // lose the coincidence). Our Feautrier step carries the self dependences first
    // (§7.6) and finds t / t directly.
    let text = tree("e5", &seed001_e5_jacobi_2d_scop(), Isl, SMART);
    assert_eq!(t_lines(&text), ["T(S): (t, 0, i, j)", "T(T): (t, 1, i, j)"]);
    assert_eq!(count(&text, "coincident: [ 1, 1 ]"), 2, "{text}");
    // Plain Pluto (6): one 3-deep band, t then skewed rows, T shifted by one. The
    // seed prints S → 2t + i + j as the third row; 2t + j has the same distance
    // bound and a smaller coefficient sum, which comes first in the lexmin.
    let text = tree("e5", &seed001_e5_jacobi_2d_scop(), Pluto, SMART);
    assert_eq!(
        t_lines(&text),
        [
            "T(S): (t, 2t + i, 2t + j, 0)",
            "T(T): (t, 1 + 2t + i, 1 + 2t + j, 1)"
        ]
    );
}

fn cholesky() -> Scop {
    scop(
        &["N"],
        "[N] -> { : N >= 0 }",
        vec![
            stmt(
                "A",
                "[N] -> { A[i, j, k] : 0 <= i < N and 0 <= j < i and 0 <= k < j }",
                "[N] -> { A[i, j, k] -> [0, i, 0, j, 0, k, 0] }",
                vec![
                    read("[N] -> { A[i, j, k] -> M[i, j] }"),
                    read("[N] -> { A[i, j, k] -> M[i, k] }"),
                    read("[N] -> { A[i, j, k] -> M[j, k] }"),
                    write("[N] -> { A[i, j, k] -> M[i, j] }"),
                ],
            ),
            stmt(
                "B",
                "[N] -> { B[i, j] : 0 <= i < N and 0 <= j < i }",
                "[N] -> { B[i, j] -> [0, i, 0, j, 1] }",
                vec![
                    read("[N] -> { B[i, j] -> M[i, j] }"),
                    read("[N] -> { B[i, j] -> M[j, j] }"),
                    write("[N] -> { B[i, j] -> M[i, j] }"),
                ],
            ),
            stmt(
                "C",
                "[N] -> { C[i, k] : 0 <= i < N and 0 <= k < i }",
                "[N] -> { C[i, k] -> [0, i, 1, k, 0] }",
                vec![
                    read("[N] -> { C[i, k] -> M[i, i] }"),
                    read("[N] -> { C[i, k] -> M[i, k] }"),
                    write("[N] -> { C[i, k] -> M[i, i] }"),
                ],
            ),
            stmt(
                "D",
                "[N] -> { D[i] : 0 <= i < N }",
                "[N] -> { D[i] -> [0, i, 2] }",
                vec![
                    read("[N] -> { D[i] -> M[i, i] }"),
                    write("[N] -> { D[i] -> M[i, i] }"),
                ],
            ),
        ],
    )
}

#[test]
fn seed001_e6_cholesky_carries_self_dependences_first() {
    // Default isl with --schedule-carry-self-first (129): the outer Feautrier row
    // is A → k, B → j, C → k, D → i; inner members are then coincident.
    let text = tree("e6", &cholesky(), Isl, SMART);
    let lines = t_lines(&text);
    let first: Vec<&str> = lines
        .iter()
        .map(|l| l.split(['(', ',']).nth(2).unwrap_or("").trim())
        .collect();
    assert_eq!(first, ["k", "j", "k", "i"], "{lines:?}");
    assert!(text.contains("coincident: [ 1 ]"), "{text}");
    // No 3i / i + j + k / 5991j rows (26, 27): the integral, self-first solution.
    for l in &lines {
        assert!(!l.contains("2i") && !l.contains("3i"), "{lines:?}");
    }
    // Pluto: one band k / j / k / i outermost too (= isl's own scheduler without
    // forced coincidence), then i and j.
    assert_eq!(
        sched("e6", &cholesky(), Pluto, SMART),
        [
            "T(A): (k, i, j, 0)",
            "T(B): (j, i, j, 1)",
            "T(C): (k, i, i, 2)",
            "T(D): (i, i, i, 3)"
        ]
    );
}

#[test]
fn seed001_e7_seidel_feautrier_then_two_coincident_members() {
    // Outer Feautrier band 4t + 2i + j (46); then Pluto, coincident: t (53), i (57)
    // (the independence rows of (51) and (56) are unit-tested in scheduler::linalg).
    let k = common::seidel_2d();
    let text = tree("e7", &k.scop, Isl, SMART);
    assert_eq!(t_lines(&text), ["T(S0): (4t + 2i + j, t, i)"]);
    assert!(text.contains("coincident: [ 1, 1 ]"), "{text}");
    // Pluto: the classic skewed band.
    assert_eq!(
        sched("e7", &k.scop, Pluto, SMART),
        ["T(S0): (t, t + i, 2t + i + j)"]
    );
}

/// `s += f(i, j)` over `dom` (an isl set body such as `0 <= i < n and ...`).
fn consecutive(params: &[&str], context: &str, dom: &str) -> Scop {
    let p = format!("[{}] -> ", params.join(", "));
    scop(
        params,
        context,
        vec![stmt(
            "S",
            &format!("{p}{{ S[i, j] : {dom} }}"),
            &format!("{p}{{ S[i, j] -> [0, i, 0, j, 0] }}"),
            vec![
                read(&format!("{p}{{ S[i, j] -> s[] }}")),
                write(&format!("{p}{{ S[i, j] -> s[] }}")),
            ],
        )],
    )
}

#[test]
fn seed001_e8_consecutive_instances_and_coalescing() {
    // s += f(i, j): flow (0, 1) and (1, 1 - n). Only the second group can be
    // carried with the first one kept: c_j = 0, c_i > 0, i.e. S → i; then j.
    let s = consecutive(&["n"], "[n] -> { : n >= 0 }", "0 <= i < n and 0 <= j < n");
    for kind in [Pluto, Isl, Feautrier] {
        assert_eq!(sched("e8", &s, kind, SMART), ["T(S): (i, j)"]);
    }
    // With n fixed at 10000 (68, 69) a row 10000i + j would carry both groups; the
    // coalescing avoidance (§7.5: coefficient bounds for Pluto rows, detection and
    // recovery for Feautrier) keeps S → i (107).
    let s = consecutive(
        &["n"],
        "[n] -> { : n = 10000 }",
        "0 <= i < n and 0 <= j < n",
    );
    for kind in [Pluto, Isl, Feautrier] {
        assert_eq!(sched("e8 n=10000", &s, kind, SMART), ["T(S): (i, j)"]);
    }
    let s = consecutive(&[], "[] -> { : }", "0 <= i < 100 and 0 <= j < 100");
    for kind in [Pluto, Isl, Feautrier] {
        assert_eq!(sched("e8 100", &s, kind, SMART), ["T(S): (i, j)"]);
    }
}

#[test]
fn seed001_e9_non_trivial_search_finds_the_zero_distance_row() {
    // Dependence (1, 0) on { S(i, j) : 0 <= i <= 10 }: the first non-trivial case
    // c_i >= 1 costs m = 1; the search goes on with m = 0, where c_i = 0, c_j >= 1
    // is optimal: S → j (67). (Only the verified tree: j is unbounded, so no AST.)
    let s = scop(
        &[],
        "{ : }",
        vec![stmt(
            "S",
            "{ S[i, j] : 0 <= i <= 10 }",
            "{ S[i, j] -> [0, i, 0, j, 0] }",
            vec![
                read("{ S[i, j] -> A[i - 1, j] }"),
                write("{ S[i, j] -> A[i, j] }"),
            ],
        )],
    );
    for kind in [Pluto, Isl] {
        let text = describe_schedule(&s, &opts(kind, SMART)).unwrap();
        println!("e9 {kind:?}: {:?}", t_lines(&text));
        assert_eq!(t_lines(&text), ["T(S): (j, i)"]);
    }
}

#[test]
fn seed001_e10_separate_components_avoid_the_proximity_trap() {
    // a = f1(); for i < n: A[i] = a; b = f1(); for i < m: B[i] = b. One bound
    // u(m, n) for both pairs admits no non-trivial row (71). Scheduling the two
    // weakly connected components apart (a set node) avoids it.
    let s = scop(
        &["n", "m"],
        "[n, m] -> { : }",
        vec![
            stmt(
                "A",
                "[n, m] -> { A[] }",
                "[n, m] -> { A[] -> [0] }",
                vec![write("[n, m] -> { A[] -> a[] }")],
            ),
            stmt(
                "B",
                "[n, m] -> { B[i] : 0 <= i < n }",
                "[n, m] -> { B[i] -> [1, i, 0] }",
                vec![
                    read("[n, m] -> { B[i] -> a[] }"),
                    write("[n, m] -> { B[i] -> X[i] }"),
                ],
            ),
            stmt(
                "C",
                "[n, m] -> { C[] }",
                "[n, m] -> { C[] -> [2] }",
                vec![write("[n, m] -> { C[] -> b[] }")],
            ),
            stmt(
                "D",
                "[n, m] -> { D[i] : 0 <= i < m }",
                "[n, m] -> { D[i] -> [3, i, 0] }",
                vec![
                    read("[n, m] -> { D[i] -> b[] }"),
                    write("[n, m] -> { D[i] -> Y[i] }"),
                ],
            ),
        ],
    );
    let text = tree("e10", &s, Isl, SMART);
    assert!(text.contains("set:"), "{text}");
    assert_eq!(
        count(&text, "coincident: [ 1 ]"),
        2,
        "both loops parallel: {text}"
    );
    // Maximal fusion schedules all four together: no common row, so a cut.
    assert_eq!(
        sched("e10", &s, Pluto, MAX),
        [
            "T(A): (0, 0)",
            "T(B): (1, i)",
            "T(C): (2, 0)",
            "T(D): (3, i)"
        ]
    );
}

#[test]
fn seed001_e11_a_fixed_iterator_gets_no_schedule_member() {
    // reg_detect after dead code elimination: only the last t remains. The
    // domain's affine hull fixes t, so t needs no row (domain compression, §7.2),
    // and no bogus single-iteration "coincident" t loop appears.
    let s = scop(
        &["T", "N"],
        "[T, N] -> { : T >= 1 and N >= 1 }",
        vec![stmt(
            "S",
            "[T, N] -> { S[t, i] : t = T - 1 and 0 <= i < N }",
            "[T, N] -> { S[t, i] -> [0, t, 0, i, 0] }",
            vec![
                read("[T, N] -> { S[t, i] -> A[i] }"),
                read("[T, N] -> { S[t, i] -> B[i - 1] }"),
                write("[T, N] -> { S[t, i] -> B[i] }"),
            ],
        )],
    );
    for kind in [Pluto, Isl] {
        let text = tree("e11", &s, kind, SMART);
        assert_eq!(t_lines(&text), ["T(S): (i)"]);
    }
}

#[test]
fn seed001_e12_trmm_incremental_scheduling_keeps_coincidence() {
    // Default (incremental, maximize coincidence): the merge of A and B is
    // rejected (1 coincident member against B's 2): sequence A then B, A with the
    // band (j, k, i), B with (i, j) fully coincident. isl marks A's i member not
    // coincident; our flags are exact: with j and k fixed, i carries nothing.
    let s = scop(
        &["n", "m"],
        "[n, m] -> { : n >= 0 and m >= 0 }",
        vec![
            stmt(
                "A",
                "[n, m] -> { A[i, j, k] : 0 <= i < m and 0 <= j < n and i < k < m }",
                "[n, m] -> { A[i, j, k] -> [0, i, 0, j, 0, k, 0] }",
                vec![
                    read("[n, m] -> { A[i, j, k] -> B[i, j] }"),
                    read("[n, m] -> { A[i, j, k] -> AA[k, i] }"),
                    read("[n, m] -> { A[i, j, k] -> B[k, j] }"),
                    write("[n, m] -> { A[i, j, k] -> B[i, j] }"),
                ],
            ),
            stmt(
                "B",
                "[n, m] -> { B[i, j] : 0 <= i < m and 0 <= j < n }",
                "[n, m] -> { B[i, j] -> [0, i, 0, j, 1] }",
                vec![
                    read("[n, m] -> { B[i, j] -> B[i, j] }"),
                    write("[n, m] -> { B[i, j] -> B[i, j] }"),
                ],
            ),
        ],
    );
    for kind in [Isl, Pluto] {
        let text = tree("e12", &s, kind, SMART);
        assert_eq!(t_lines(&text), ["T(A): (0, j, k, i)", "T(B): (1, i, j, 0)"]);
        assert!(text.contains("coincident: [ 1, 0, 1 ]"), "{text}");
        assert!(text.contains("coincident: [ 1, 1 ]"), "{text}");
    }
}

/// Listing 23 as pet sees it: seven statements on scalars, `k = f(alpha)` read by
/// the next four; then (from the rest of deriche) a nest Y reading a1, a2, b1, b2
/// with a recurrence along j (deriche's xm1, ym1, ym2 written as reads of imgIn
/// and y1).
fn deriche_prologue() -> Scop {
    let scalar = |name: &str, pos: i32, reads: &[&str], writes: &[&str]| {
        let mut acc: Vec<_> = reads
            .iter()
            .map(|a| read(&format!("[w, h] -> {{ {name}[] -> {a}[] }}")))
            .collect();
        acc.extend(
            writes
                .iter()
                .map(|a| write(&format!("[w, h] -> {{ {name}[] -> {a}[] }}"))),
        );
        stmt(
            name,
            &format!("[w, h] -> {{ {name}[] }}"),
            &format!("[w, h] -> {{ {name}[] -> [{pos}] }}"),
            acc,
        )
    };
    scop(
        &["w", "h"],
        "[w, h] -> { : w >= 1 and h >= 1 }",
        vec![
            scalar("S1", 0, &["alpha"], &["k"]),
            scalar("S2", 1, &["k"], &["a1", "a5"]),
            scalar("S3", 2, &["k", "alpha"], &["a2", "a6"]),
            scalar("S4", 3, &["k", "alpha"], &["a3", "a7"]),
            scalar("S5", 4, &["k", "alpha"], &["a4", "a8"]),
            scalar("S6", 5, &["alpha"], &["b1"]),
            scalar("S7", 6, &["alpha"], &["b2"]),
            stmt(
                "Y",
                "[w, h] -> { Y[i, j] : 0 <= i < w and 0 <= j < h }",
                "[w, h] -> { Y[i, j] -> [7, i, 0, j, 0] }",
                vec![
                    read("[w, h] -> { Y[i, j] -> a1[] }"),
                    read("[w, h] -> { Y[i, j] -> a2[] }"),
                    read("[w, h] -> { Y[i, j] -> b1[] }"),
                    read("[w, h] -> { Y[i, j] -> b2[] }"),
                    read("[w, h] -> { Y[i, j] -> imgIn[i, j] }"),
                    read("[w, h] -> { Y[i, j] -> imgIn[i, j - 1] }"),
                    read("[w, h] -> { Y[i, j] -> y1[i, j - 1] }"),
                    read("[w, h] -> { Y[i, j] -> y1[i, j - 2] }"),
                    write("[w, h] -> { Y[i, j] -> y1[i, j] }"),
                ],
            ),
        ],
    )
}

/// E13's checks for one preset; `y_rows`: Y's loop rows.
fn check_deriche_prologue(kind: SchedulerKind, y_rows: [&str; 2]) {
    let text = tree("e13", &deriche_prologue(), kind, SMART);
    let lines: Vec<String> = t_lines(&text).into_iter().map(String::from).collect();
    let y = entries(&lines, "Y");
    assert_eq!(y.len(), 3, "Y: a position and two loops: {lines:?}");
    assert_eq!(y[1..], y_rows, "{lines:?}");
    let y_pos = constant(&y[0]).expect("Y under a sequence position");
    let pos = |n: &str| {
        let e = entries(&lines, n);
        assert!(
            e.iter().all(|x| constant(x).is_some()),
            "{n} inside a loop: {lines:?}"
        );
        constant(&e[0]).unwrap()
    };
    for n in ["S2", "S3", "S4", "S5"] {
        assert!(pos("S1") < pos(n), "k = f() after a reader: {lines:?}");
    }
    for n in ["S2", "S3", "S6", "S7"] {
        assert!(pos(n) < y_pos, "{n} not before the nest: {lines:?}");
    }
    if kind != Feautrier {
        assert!(text.contains("coincident: [ 1, 0 ]"), "{text}");
    }
}

#[test]
fn seed001_e13_deriche_scalar_chain_stays_in_order_before_the_nest() {
    // PPCG groups statements 1–5 (§7.4) to make the scheduling problem smaller;
    // Tessel has no grouping pass (in MLIR, k is an SSA value and the chain is
    // mostly one statement already). What grouping guarantees must hold anyway:
    // k's producer before its four readers, the producers of a1, a2, b1, b2
    // before the nest, no 0-d statement inside the nest's loops (fused into Y's
    // band it would sit at one iteration, and the dependences to every Y(i, j)
    // would take away the coincidence of i: isl's clustering rejects such a merge
    // with maximize-coincidence), and the nest keeps its quality: i coincident, j
    // carrying the recurrence. The relative order of the independent statements
    // (S2–S5, S6, S7) is not fixed: grouping keeps the original one, any order is
    // as good.
    // isl: Y's band is (i, j), i coincident (zero distance on (0, 1) and (0, 2)),
    // j not. Feautrier: the row carrying both recurrences is j, then i is free.
    check_deriche_prologue(Isl, ["i", "j"]);
    check_deriche_prologue(Feautrier, ["j", "i"]);
}

#[test]
#[ignore = "Pluto preset: smart fusion merges the 0-d producers S2, S3, S6, S7 into \
            Y's (i, j) band (isl's deferred producer-consumer merge), so i is no \
            longer coincident; Pluto's smartfuse cuts SCCs of different \
            dimensionality first (seed 004 §7, cut_scc_dim_based)"]
fn seed001_e13_pluto_preset_keeps_the_scalar_chain_out_of_the_nest() {
    // The same expectations as for isl: Pluto's band for Y is (i, j) (zero
    // distance row first), and 0-d statements are cut from the 2-d nest.
    check_deriche_prologue(Pluto, ["i", "j"]);
}

/// covariance (Listing 24), optionally without `cov[j][i] = cov[i][j]` (C3).
fn covariance(with_c3: bool) -> Scop {
    let p = "[n, m] -> ";
    let st = |name: &str, dom: &str, sched: &str, acc: Vec<(bool, &str)>| {
        stmt(
            name,
            &format!("{p}{{ {name}{dom} }}"),
            &format!("{p}{{ {sched} }}"),
            acc.into_iter()
                .map(|(w, r)| {
                    let r = format!("{p}{{ {r} }}");
                    if w {
                        write(&r)
                    } else {
                        read(&r)
                    }
                })
                .collect(),
        )
    };
    let mut v = vec![
        st(
            "M0",
            "[j] : 0 <= j < m",
            "M0[j] -> [0, j, 0, 0, 0]",
            vec![(true, "M0[j] -> mean[j]")],
        ),
        st(
            "M1",
            "[j, i] : 0 <= j < m and 0 <= i < n",
            "M1[j, i] -> [0, j, 1, i, 0]",
            vec![
                (false, "M1[j, i] -> mean[j]"),
                (false, "M1[j, i] -> data[i, j]"),
                (true, "M1[j, i] -> mean[j]"),
            ],
        ),
        st(
            "M2",
            "[j] : 0 <= j < m",
            "M2[j] -> [0, j, 2, 0, 0]",
            vec![(false, "M2[j] -> mean[j]"), (true, "M2[j] -> mean[j]")],
        ),
        st(
            "D",
            "[i, j] : 0 <= i < n and 0 <= j < m",
            "D[i, j] -> [1, i, 0, j, 0]",
            vec![
                (false, "D[i, j] -> data[i, j]"),
                (false, "D[i, j] -> mean[j]"),
                (true, "D[i, j] -> data[i, j]"),
            ],
        ),
        st(
            "C0",
            "[i, j] : 0 <= i < m and i <= j < m",
            "C0[i, j] -> [2, i, 0, j, 0, 0, 0]",
            vec![(true, "C0[i, j] -> cov[i, j]")],
        ),
        st(
            "C1",
            "[i, j, k] : 0 <= i < m and i <= j < m and 0 <= k < n",
            "C1[i, j, k] -> [2, i, 0, j, 1, k, 0]",
            vec![
                (false, "C1[i, j, k] -> cov[i, j]"),
                (false, "C1[i, j, k] -> data[k, i]"),
                (false, "C1[i, j, k] -> data[k, j]"),
                (true, "C1[i, j, k] -> cov[i, j]"),
            ],
        ),
        st(
            "C2",
            "[i, j] : 0 <= i < m and i <= j < m",
            "C2[i, j] -> [2, i, 0, j, 2, 0, 0]",
            vec![
                (false, "C2[i, j] -> cov[i, j]"),
                (true, "C2[i, j] -> cov[i, j]"),
            ],
        ),
    ];
    if with_c3 {
        v.push(st(
            "C3",
            "[i, j] : 0 <= i < m and i <= j < m",
            "C3[i, j] -> [2, i, 0, j, 3, 0, 0]",
            vec![
                (false, "C3[i, j] -> cov[i, j]"),
                (true, "C3[i, j] -> cov[j, i]"),
            ],
        ));
    }
    scop(&["n", "m"], "[n, m] -> { : n >= 1 and m >= 1 }", v)
}

#[test]
fn seed001_e14_covariance_copy_stays_with_its_producer() {
    // Example 23: PPCG groups `C3: cov[j][i] = cov[i][j]` with the preceding
    // `C2: cov[i][j] /= ...` (C2 → C3 is a bijective flow between instances of the
    // same iteration), and the schedule is "virtually identical" to the one without
    // grouping. Without a grouping pass, our clustering must find this itself: the
    // flow C2 → C3 has distance 0 in every direction when C3 takes C2's rows, and
    // fusing loses no coincidence (C3 only writes the lower triangle, which no
    // other statement touches, and the diagonal after C2). So C3 is in the same
    // loops as C2 (equal entries up to a sequence position, with both of C2's
    // loop rows among them) and after it, and adding C3 changes nothing else:
    // every other statement's T line is the same as for the SCoP without C3.
    // (Feautrier preset: it distributes every SCC by design, so not checked.)
    for kind in [Pluto, Isl] {
        let without = sched("e14 without C3", &covariance(false), kind, SMART);
        let with = sched("e14", &covariance(true), kind, SMART);
        let c2 = entries(&with, "C2");
        let c3 = entries(&with, "C3");
        assert_eq!(c2.len(), c3.len(), "{with:?}");
        let d = (0..c2.len())
            .find(|&k| c2[k] != c3[k])
            .expect("C2 and C3 apart");
        assert!(
            constant(&c2[d]).unwrap() < constant(&c3[d]).unwrap(),
            "C3 must follow C2 in a sequence: {with:?}"
        );
        let rows: Vec<Vec<i64>> = c2[..d]
            .iter()
            .map(|e| coefficients(e, &["i", "j"], &["n", "m"]))
            .collect();
        assert_eq!(rank(&rows), 2, "C3 not in both of C2's loops: {with:?}");
        let others: Vec<&String> = with.iter().filter(|l| !l.starts_with("T(C3)")).collect();
        assert_eq!(others, without.iter().collect::<Vec<_>>());
    }
}

/// nussinov (Listing 25) with pet's instance names: i runs downwards.
fn nussinov() -> Scop {
    let p = "[n] -> ";
    let st = |name: &str, dom: &str, sched: &str, reads: &[&str]| {
        let mut acc: Vec<_> = reads
            .iter()
            .map(|r| read(&format!("{p}{{ {r} }}")))
            .collect();
        let it = dom.split(']').next().unwrap_or("");
        acc.push(write(&format!("{p}{{ {name}{it}] -> table[i, j] }}")));
        stmt(
            name,
            &format!("{p}{{ {name}{dom} }}"),
            &format!("{p}{{ {name}{it}] -> {sched} }}"),
            acc,
        )
    };
    scop(
        &["n"],
        "[n] -> { : n >= 1 }",
        vec![
            st(
                "A",
                "[i, j] : 0 <= i < n and i < j < n",
                "[0, -i, 0, j, 0]",
                &["A[i, j] -> table[i, j]", "A[i, j] -> table[i, j - 1]"],
            ),
            st(
                "B",
                "[i, j] : 0 <= i < n - 1 and i < j < n",
                "[0, -i, 0, j, 1]",
                &["B[i, j] -> table[i, j]", "B[i, j] -> table[i + 1, j]"],
            ),
            st(
                "C",
                "[i, j] : 0 <= i and i + 2 <= j < n",
                "[0, -i, 0, j, 2]",
                &[
                    "C[i, j] -> table[i, j]",
                    "C[i, j] -> table[i + 1, j - 1]",
                    "C[i, j] -> seq[i]",
                    "C[i, j] -> seq[j]",
                ],
            ),
            st(
                "D",
                "[i, j] : 0 <= i < n - 1 and j = i + 1",
                "[0, -i, 0, j, 3]",
                &["D[i, j] -> table[i, j]", "D[i, j] -> table[i + 1, j - 1]"],
            ),
            st(
                "E",
                "[i, j, k] : 0 <= i and j < n and i < k < j",
                "[0, -i, 0, j, 4, k, 0]",
                &[
                    "E[i, j, k] -> table[i, j]",
                    "E[i, j, k] -> table[i, k]",
                    "E[i, j, k] -> table[k + 1, j]",
                ],
            ),
        ],
    )
}

#[test]
fn seed001_e15_nussinov_diagonal_then_a_parallel_band() {
    // Listing 26 (PPCG groups A and B into G_0; without grouping the schedule has
    // "a slightly different form", so we check what any schedule of the same
    // quality must have, derived from the dependences):
    // - every flow between cells goes from (i, j - 1), (i + 1, j), (i + 1, j - 1),
    //   (i, k) or (k + 1, j) to (i, j): the interval length j − i grows by >= 1.
    //   No row is zero on both (0, 1) and (-1, 0), so there is no outer coincident
    //   member and isl takes a Feautrier step: the row -a·i + b·j with a, b >= 1
    //   carries every inter-cell dependence; the smallest is -i + j, with k
    //   coefficient 0 (E's k chain within a cell cannot be carried by the same row
    //   as the others without coalescing into (j − i)·n + k). D lives on j = i + 1
    //   only: its value must lie between A's and B's of its cell (1) and its
    //   readers' (2) for every i, so its iterator part is 0 when Σ|c| is minimal:
    //   D → 1, as printed in Listing 26.
    // - below it only dependences within a cell remain: a 2-member permutable
    //   band whose first member is coincident (the cells of one diagonal are
    //   independent): j in Listing 26 (i would do as well; D's entry equals it on
    //   D's cell), and whose second member is E → k in Listing 26 (carrying E's
    //   accumulation), constant for the 2-d statements; coincident [ 1, 0 ]. A
    //   row k + a·i + b·j is as good for E within a cell (a shift of k by the
    //   cell's indices), and isl's own non-trivial search (§6.5.7) only ranks u and
    //   w, which tie: we check a unit k coefficient.
    // - at equal band values A before B before C and D (same cell, same table
    //   element), in that order.
    let s = nussinov();
    let text = tree("e15", &s, Isl, SMART);
    let lines: Vec<String> = t_lines(&text).into_iter().map(String::from).collect();
    for n in ["A", "B", "C", "E"] {
        assert_eq!(entries(&lines, n)[0], "-i + j", "{lines:?}");
    }
    assert_eq!(entries(&lines, "D")[0], "1", "{lines:?}");
    let second = entries(&lines, "A")[1].clone();
    assert!(second == "j" || second == "i", "{lines:?}");
    for n in ["B", "C", "E"] {
        assert_eq!(entries(&lines, n)[1], second, "{lines:?}");
    }
    let d_second = entries(&lines, "D")[1].clone();
    let on_d = if second == "j" {
        ["j", "1 + i"]
    } else {
        ["i", "-1 + j"]
    };
    assert!(on_d.contains(&d_second.as_str()), "{lines:?}");
    let e_k = coefficients(&entries(&lines, "E")[2], &["i", "j", "k"], &["n"]);
    assert_eq!(
        e_k[2], 1,
        "E's accumulation not carried by a unit step: {lines:?}"
    );
    for n in ["A", "B", "C", "D"] {
        assert!(constant(&entries(&lines, n)[2]).is_some(), "{lines:?}");
    }
    assert!(text.contains("coincident: [ 1, 0 ]"), "{text}");
    assert!(text.contains("permutable: 1"), "{text}");
    // Order at equal band values: the sequence positions after the band.
    let seq = |n: &str| -> Vec<i64> {
        entries(&lines, n)[3..]
            .iter()
            .map(|e| constant(e).unwrap())
            .collect()
    };
    assert!(seq("A") < seq("B"), "{lines:?}");
    assert!(seq("B") < seq("C") && seq("B") < seq("D"), "{lines:?}");
    // The Feautrier preset takes the same first row (it carries all self groups
    // first, §7.6, with the smallest coefficients); what follows is distributed.
    let lines = sched("e15", &s, Feautrier, SMART);
    for n in ["A", "B", "C", "E"] {
        assert_eq!(entries(&lines, n)[0], "-i + j", "{lines:?}");
    }
    assert_eq!(entries(&lines, "D")[0], "1", "{lines:?}");
    // Pluto's rows have non-negative coefficients (seed 004), so -i + j is out of
    // reach: only a valid schedule is required.
    tree("e15", &s, Pluto, SMART);
}

/// A reduced OPAL (Listing 28): a time loop over a 128³ lattice, double buffered
/// through `Lattices[step % 2]` (`s mod 2`). Per point: the flag g is reset (G)
/// and updated by six boundary statements on the faces (lower-dimensional:
/// x = 127, x = 0, ...); F0 loads the point's own distribution; IF is the
/// `if (g & G_BND)` statement (dynamic control in one statement) that pulls the
/// six neighbours' distributions; a chain of `tail` statements computes the
/// collision, and seven stores write the next buffer. Per-point temporaries are
/// arrays over (z, y, x), as after scalar expansion (Tessel has no kills, E2).
fn opal(tail: usize) -> Scop {
    let p = "[T] -> ";
    let box4 = "0 <= s < T and 0 <= z < 128 and 0 <= y < 128 and 0 <= x < 128";
    let mut v = Vec::new();
    let mut pos = 0;
    let mut add = |name: &str, extra: &str, acc: Vec<(bool, String)>| {
        v.push(stmt(
            name,
            &format!("{p}{{ {name}[s, z, y, x] : {box4}{extra} }}"),
            &format!("{p}{{ {name}[s, z, y, x] -> [0, s, 0, z, 0, y, 0, x, {pos}] }}"),
            acc.into_iter()
                .map(|(w, r)| {
                    let r = format!("{p}{{ {name}[s, z, y, x] -> {r} }}");
                    if w {
                        write(&r)
                    } else {
                        read(&r)
                    }
                })
                .collect(),
        ));
        pos += 1;
    };
    let g = "g[z, y, x]".to_string();
    add("G", "", vec![(true, g.clone())]);
    for (k, face) in ["x = 127", "x = 0", "y = 127", "y = 0", "z = 127", "z = 0"]
        .iter()
        .enumerate()
    {
        add(
            &format!("W{}", k + 1),
            &format!(" and {face}"),
            vec![(false, g.clone()), (true, g.clone())],
        );
    }
    add(
        "F0",
        "",
        vec![
            (false, "Lat[s mod 2, z, y, x, 0]".into()),
            (true, "f[z, y, x]".into()),
        ],
    );
    let mut acc = vec![(false, g.clone()), (false, "f[z, y, x]".to_string())];
    for (q, (dz, dy, dx)) in [
        (0, 0, -1),
        (0, 0, 1),
        (0, -1, 0),
        (0, 1, 0),
        (-1, 0, 0),
        (1, 0, 0),
    ]
    .iter()
    .enumerate()
    {
        acc.push((
            false,
            format!("Lat[s mod 2, z + {dz}, y + {dy}, x + {dx}, {}]", q + 1),
        ));
    }
    acc.push((true, "u[z, y, x, 0]".into()));
    add("IF", "", acc);
    for t in 1..=tail {
        add(
            &format!("T{t}"),
            "",
            vec![
                (false, format!("u[z, y, x, {}]", t - 1)),
                (false, "f[z, y, x]".into()),
                (true, format!("u[z, y, x, {t}]")),
            ],
        );
    }
    for q in 0..7 {
        add(
            &format!("L{q}"),
            "",
            vec![
                (false, format!("u[z, y, x, {tail}]")),
                (true, format!("Lat[(s + 1) mod 2, z, y, x, {q}]")),
            ],
        );
    }
    scop(&["T"], "[T] -> { : T >= 1 }", v)
}

/// E16's checks for one preset; returns the scheduler's time.
fn check_opal(kind: SchedulerKind) -> std::time::Duration {
    let s = opal(8);
    let out = optimize(&s, &opts(kind, SMART)).unwrap_or_else(|e| panic!("e16 {kind:?}: {e}"));
    println!("e16 {kind:?}: scheduled in {:?}", out.schedule_time);
    assert!(out.notes.is_empty(), "{kind:?}: {:?}", out.notes);
    // `tree` would run `optimize` a second time.
    let text = describe_schedule(&s, &opts(kind, SMART)).unwrap();
    let lines: Vec<String> = t_lines(&text).into_iter().map(String::from).collect();
    println!("e16 {kind:?}/{SMART:?}:");
    for l in &lines {
        println!("  {l}");
    }
    for st in &s.statements {
        assert_eq!(entries(&lines, &st.name)[0], "s", "{lines:?}");
    }
    let full = ["G", "F0", "IF", "T1", "T8", "L0", "L6"];
    let inner = |n: &str| {
        let mut e: Vec<String> = entries(&lines, n)[1..4].to_vec();
        e.sort();
        e
    };
    match kind {
        Isl => {
            assert!(text.contains("coincident: [ 1, 1, 1 ]"), "{text}");
            for n in full {
                assert_eq!(inner(n), ["x", "y", "z"], "{lines:?}");
            }
        }
        // Pluto (seed 004): one permutable band; after s, every row must be >= 0
        // on the (1, ±1) distances, so s + z, s + y, s + x (time skewing,
        // distances <= 2), in some order.
        Pluto => {
            assert!(text.contains("permutable: 1"), "{text}");
            for n in full {
                assert_eq!(inner(n), ["s + x", "s + y", "s + z"], "{lines:?}");
            }
        }
        _ => {}
    }
    out.schedule_time
}

#[test]
fn seed001_e16_opal_is_scheduled_within_the_budget() {
    // Example 25: without grouping, isl's Pluto step is slow and finds no outer
    // coincidence, and its Feautrier fallback runs out of memory; with grouping
    // (all but the six boundary statements in one group) it succeeds. Tessel has
    // no grouping: the 24 statements of `opal(8)` are scheduled as they are and
    // must be within the default operations budget, without a fallback note.
    // Expected (isl preset): every pull from a neighbour is a dependence of
    // distance (1, ±1) in one spatial direction (flow from the previous step's
    // stores, anti to the next step's), so no row is zero on all of them: a
    // Feautrier step, whose cheapest row carrying every self dependence is s.
    // Within a step only point-local dependences remain (distance 0 in z, y, x):
    // one band of z, y, x, all three coincident, and a sequence inside. As in the
    // original code: a sequential step loop around three parallel loops.
    // Time: about 3.5 s for the scheduler alone on an idle machine (6.5 s on a
    // loaded one; isl with grouping took 13–19 s on the real OPAL, Table 37);
    // the bound below only catches a blow-up. Under a second is the goal: see
    // the ignored test below.
    let t = check_opal(Isl);
    assert!(t < std::time::Duration::from_secs(60), "{t:?}");
}

#[test]
fn seed001_e16_opal_under_a_short_time_budget_degrades_in_steps() {
    // Issue 8: a budget in seconds. Pluto's preset needs about a second on opal(8)
    // (30-70 s before the lattice's 128 was read as a size parameter,
    // scheduler/symbolic_sizes.rs), over what is left of the budget below once
    // the dependences are known: the first rung must run out in the scheduler and a
    // lower rung must still give a verified schedule within the budget, with a note
    // that names the stage and the retry. The budget is set from the dependences'
    // own time on this machine, so that a loaded machine does not fail them.
    //
    // A timing test on a shared machine: when even the lowest rung runs out (a
    // burst of load while the budget's last part runs), it is tried once more with
    // the budget measured again; two failures in a row fail it.
    let s = opal(8);
    let unlimited = opts(Pluto, SMART);
    let attempt = || {
        let start = std::time::Instant::now();
        describe_dependences(&s, &unlimited).unwrap();
        let budget = start.elapsed() * 2 + std::time::Duration::from_millis(900);
        let o = Options {
            time_budget: budget,
            ..opts(Pluto, SMART)
        };
        let start = std::time::Instant::now();
        (optimize(&s, &o), start.elapsed(), budget)
    };
    let (out, took, budget) = match attempt() {
        (Err(e), ..) => {
            eprintln!("first attempt: no rung succeeded ({e}); measuring again");
            attempt()
        }
        first => first,
    };
    let out = out.unwrap_or_else(|e| panic!("no rung succeeded, twice: {e}"));
    assert!(
        matches!(
            out.notes[0],
            Note::OutOfTime {
                stage: "schedule",
                rung: Rung::AsAsked,
                ..
            }
        ),
        "{:?}",
        out.notes
    );
    // The budget bounds the isl work; what runs outside isl adds a little.
    assert!(took < budget * 2, "{took:?}");
}

#[test]
#[ignore = "too slow: on opal(8) the scheduler alone takes about 1 s with the isl \
            and Pluto presets since constants are read as sizes (3.5-6.5 s and \
            30-70 s before), Feautrier 2-5 s (measured before); each preset's \
            schedule is correct"]
fn seed001_e16_opal_every_preset_within_a_second() {
    // The structure checks of the test above for all three presets (Pluto: one
    // time-skewed band; Feautrier: s, then each statement distributed), and each
    // scheduler run under a second.
    for kind in [Isl, Feautrier, Pluto] {
        let t = check_opal(kind);
        assert!(t < std::time::Duration::from_secs(1), "{kind:?}: {t:?}");
    }
}

#[test]
fn seed001_e17_latte_small_bounds_give_no_coalescing_rows() {
    // Listing 29: a 7-deep nest with constant bounds; only A carries dependences
    // (a reduction over m, and over n, p with j + n and k + p fixed).
    // Sizes (eq. 98, the largest difference of one iterator): S_l = 49, S_m = 63,
    // S_n = 7, S_p = 7, S_i = 15, S_j = 4, S_k = 4, so ⌈S/2⌉ = 25, 32, 4, 4, 8, 2,
    // 2. Eq. (104) bounds every Pluto coefficient by the minimum of ⌈S_j/2⌉ over
    // the other iterators: 2 for every c_i (j and k always among the others).
    // Feautrier rows must pass the detection test (105): |c_i| <= ⌈S_j/2⌉·|c_j|
    // for every c_j != 0. Each statement gets 7 independent rows.
    // The rows with zero distance on every dependence span l, i, n + j, p + k
    // (c_m = 0, c_n = c_j, c_p = c_k); the cheapest basis is these four, and both
    // Pluto (lexmin: zero distances first) and isl (coincidence) put them first,
    // all coincident.
    let iters = ["l", "m", "n", "p", "i", "j", "k"];
    let half = [25, 32, 4, 4, 8, 2, 2];
    let s = scop(
        &[],
        "{ : }",
        vec![stmt(
            "S",
            "{ S[l, m, n, p, i, j, k] : 0 <= l < 50 and 0 <= m < 64 and 0 <= n < 8 and \
             0 <= p < 8 and 0 <= i < 16 and 0 <= j < 5 and 0 <= k < 5 }",
            "{ S[l, m, n, p, i, j, k] -> [0, l, 0, m, 0, n, 0, p, 0, i, 0, j, 0, k, 0] }",
            vec![
                read("{ S[l, m, n, p, i, j, k] -> A[l, i, j + n, k + p] }"),
                read("{ S[l, m, n, p, i, j, k] -> B[l, m, n, p] }"),
                read("{ S[l, m, n, p, i, j, k] -> C[m, i, j, k] }"),
                write("{ S[l, m, n, p, i, j, k] -> A[l, i, j + n, k + p] }"),
            ],
        )],
    );
    for kind in [Pluto, Isl, Feautrier] {
        let text = tree("e17", &s, kind, SMART);
        let lines: Vec<String> = t_lines(&text).into_iter().map(String::from).collect();
        let rows: Vec<Vec<i64>> = entries(&lines, "S")
            .iter()
            .map(|e| coefficients(e, &iters, &[]))
            .filter(|c| c.iter().any(|&x| x != 0))
            .collect();
        assert_eq!(rank(&rows), 7, "{lines:?}");
        for row in &rows {
            for (a, &ca) in row.iter().enumerate() {
                for (b, &cb) in row.iter().enumerate() {
                    if a != b && cb != 0 {
                        assert!(
                            ca.abs() <= half[b] * cb.abs(),
                            "{kind:?}: {row:?} coalesces {} into {}: {lines:?}",
                            iters[b],
                            iters[a]
                        );
                    }
                }
                if kind == Pluto {
                    assert!(ca.abs() <= 2, "{kind:?}: eq. 104: {lines:?}");
                }
            }
        }
        if kind != Feautrier {
            let mut first: Vec<String> = entries(&lines, "S")[..4].to_vec();
            first.sort();
            assert_eq!(first, ["i", "l", "n + j", "p + k"], "{lines:?}");
            assert!(text.contains("coincident: [ 1, 1, 1, 1"), "{text}");
        }
    }
}

#[test]
fn seed001_e19_a_bounded_difference_set_is_not_carried_by_coalescing() {
    // Example 31: the difference set { [1, b] : 0 <= b <= 6 } (110), with j of
    // size 6. Here: S[i, j] reads A[i - 1, j2] for all j2 <= j (a non-functional
    // read), so the flow is S[i - 1, j2] → S[i, j] with exactly that difference
    // set; and j runs downwards with S[i, j] reading A[i, j + 1] (flow [0, -1]).
    // By Farkas (111), a row c_i·i + c_j·j carries [1, b] iff c_i >= 1 and
    // c_i + 6c_j >= 1, and [0, -1] iff c_j <= -1: a row carrying both has
    // c_i >= 1 + 6|c_j| (e.g. 7i − j, which enumerates (i, −j) in one loop:
    // coalescing, |c_i| > ⌈6/2⌉·|c_j|). isl drops b <= 6 (112, 113) so that such
    // rows do not exist; we take duals of the relations themselves, so the
    // Feautrier step sees 7i − j, detects it (105) and solves again with c_j = 0
    // (§7.5.4). Either way the only acceptable schedule is i, then −j.
    // Not covered: that the coalescing candidate is never generated (a second
    // Feautrier solve is the cost we pay instead), and difference sets of
    // inter-statement constraints.
    let s = scop(
        &["n"],
        "[n] -> { : n >= 1 }",
        vec![stmt(
            "S",
            "[n] -> { S[i, j] : 0 <= i < n and 0 <= j <= 6 }",
            "[n] -> { S[i, j] -> [0, i, 0, -j, 0] }",
            vec![
                read("[n] -> { S[i, j] -> A[i - 1, j2] : 0 <= j2 <= j }"),
                read("[n] -> { S[i, j] -> A[i, j + 1] }"),
                write("[n] -> { S[i, j] -> A[i, j] }"),
            ],
        )],
    );
    println!(
        "{}",
        tessel_poly::describe_dependences(&s, &opts(Isl, SMART)).unwrap()
    );
    // isl: no row is zero on both [1, b] and [0, -1], so a Feautrier step. Pluto:
    // its non-negative rows can only be i here; the Feautrier step below it takes
    // −j.
    for kind in [Feautrier, Isl, Pluto] {
        assert_eq!(sched("e19", &s, kind, SMART), ["T(S): (i, -j)"]);
    }
}

#[test]
fn seed001_e20_a_lexicographically_positive_difference_set_is_still_carried() {
    // Example 32: after dropping coalescing bounds, the difference set
    // { [a, b, c] : a > 0 or (a = 0 and b > 0) or (a = 0 and b = 0 and c > 0) }
    // (116) has lineality space a = 0 (120); isl applies it per disjunct and keeps
    // a > 0 apart from a = 0 (122), since the hull a >= 0 could not be carried.
    // Here: S[i, j, k] with j, k of size 6 reads every element of A written by an
    // earlier instance (a non-functional read), so the flow relates every pair of
    // instances in lexicographic order: (116) clipped to |b|, |c| <= 6. A row
    // 49i + 7j + k carries all three disjuncts (49 − 42 − 6 >= 1, 7 − 6 >= 1,
    // c >= 1) and coalesces the whole nest. Our Feautrier step carries the
    // disjuncts of the relation as its groups (no lineality computation), and
    // rejects coalescing rows by (105): it must still carry the a > 0 part with
    // the row i (not give up: "no row carries" would be an error), then j, then
    // k. isl: no row is zero on every pair, so Feautrier steps too. Pluto: rows
    // >= 0 on every pair with |c| <= 3 (eq. 104) leave only i in the first band.
    // Not covered: the lineality space itself (nothing in our Farkas input is a
    // line), nor non-axis-aligned lineality (equalities among coefficients).
    let s = scop(
        &["n"],
        "[n] -> { : n >= 1 }",
        vec![stmt(
            "S",
            "[n] -> { S[i, j, k] : 0 <= i < n and 0 <= j <= 6 and 0 <= k <= 6 }",
            "[n] -> { S[i, j, k] -> [0, i, 0, j, 0, k, 0] }",
            vec![
                read(
                    "[n] -> { S[i, j, k] -> A[i2, j2, k2] : i2 < i or (i2 = i and j2 < j) \
                     or (i2 = i and j2 = j and k2 < k) }",
                ),
                write("[n] -> { S[i, j, k] -> A[i, j, k] }"),
            ],
        )],
    );
    for kind in [Feautrier, Isl, Pluto] {
        assert_eq!(sched("e20", &s, kind, SMART), ["T(S): (i, j, k)"]);
    }
}

#[test]
fn seed001_e21_constraints_are_not_gisted_away() {
    // A[i] = B[i]; B[i + 1] = A[0]: gisting the flow against the domains (125)
    // would leave no schedule. We keep the exact relations and find one.
    let s = scop(
        &[],
        "{ : }",
        vec![
            stmt(
                "A",
                "{ A[i] : 0 <= i <= 9 }",
                "{ A[i] -> [0, i, 0] }",
                vec![read("{ A[i] -> B[i] }"), write("{ A[i] -> A[i] }")],
            ),
            stmt(
                "B",
                "{ B[i] : 0 <= i <= 9 }",
                "{ B[i] -> [0, i, 1] }",
                vec![read("{ B[i] -> A[0] }"), write("{ B[i] -> B[i + 1] }")],
            ),
        ],
    );
    // Pluto gives the original order, as the seed expects.
    assert_eq!(
        sched("e21", &s, Pluto, SMART),
        ["T(A): (i, 0)", "T(B): (i, 1)"]
    );
    // The isl preset finds another legal order (A(0), all of B, then the other A):
    // no outer coincidence, so the Feautrier step puts B's loop inside A(0).
    tree("e21", &s, Isl, SMART);
}

#[test]
fn seed001_e22_context_bounds_do_not_cause_coalescing() {
    // {[i, j] -> [i + 1, j]} with n = 1024 from the context: sizes become fixed,
    // which could let a row enumerate i and j together. It does not.
    let s = scop(
        &["n"],
        "[n] -> { : n = 1024 }",
        vec![stmt(
            "S",
            "[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n }",
            "[n] -> { S[i, j] -> [0, i, 0, j, 0] }",
            vec![
                read("[n] -> { S[i, j] -> A[i - 1, j] }"),
                write("[n] -> { S[i, j] -> A[i, j] }"),
            ],
        )],
    );
    assert_eq!(sched("e22", &s, Pluto, SMART), ["T(S): (j, i)"]);
    assert_eq!(sched("e22", &s, Isl, SMART), ["T(S): (j, i)"]);
}

fn durbin() -> Scop {
    scop(
        &["n"],
        "[n] -> { : n >= 2 }",
        vec![
            stmt(
                "A",
                "[n] -> { A[] }",
                "[n] -> { A[] -> [0] }",
                vec![
                    read("[n] -> { A[] -> r[0] }"),
                    write("[n] -> { A[] -> y[0] }"),
                ],
            ),
            stmt(
                "B",
                "[n] -> { B[] }",
                "[n] -> { B[] -> [1] }",
                vec![write("[n] -> { B[] -> beta[] }")],
            ),
            stmt(
                "C",
                "[n] -> { C[] }",
                "[n] -> { C[] -> [2] }",
                vec![
                    read("[n] -> { C[] -> r[0] }"),
                    write("[n] -> { C[] -> alpha[] }"),
                ],
            ),
            stmt(
                "D",
                "[n] -> { D[k] : 0 < k < n }",
                "[n] -> { D[k] -> [3, k, 0] }",
                vec![
                    read("[n] -> { D[k] -> alpha[] }"),
                    read("[n] -> { D[k] -> beta[] }"),
                    write("[n] -> { D[k] -> beta[] }"),
                ],
            ),
            stmt(
                "E",
                "[n] -> { E[k] : 0 < k < n }",
                "[n] -> { E[k] -> [3, k, 1] }",
                vec![write("[n] -> { E[k] -> sum[] }")],
            ),
            stmt(
                "F",
                "[n] -> { F[k, i] : k < n and 0 <= i < k }",
                "[n] -> { F[k, i] -> [3, k, 2, i, 0] }",
                vec![
                    read("[n] -> { F[k, i] -> r[k - i - 1] }"),
                    read("[n] -> { F[k, i] -> y[i] }"),
                    read("[n] -> { F[k, i] -> sum[] }"),
                    write("[n] -> { F[k, i] -> sum[] }"),
                ],
            ),
            stmt(
                "G",
                "[n] -> { G[k] : 0 < k < n }",
                "[n] -> { G[k] -> [3, k, 3] }",
                vec![
                    read("[n] -> { G[k] -> r[k] }"),
                    read("[n] -> { G[k] -> sum[] }"),
                    read("[n] -> { G[k] -> beta[] }"),
                    write("[n] -> { G[k] -> alpha[] }"),
                ],
            ),
            stmt(
                "H",
                "[n] -> { H[k, i] : k < n and 0 <= i < k }",
                "[n] -> { H[k, i] -> [3, k, 4, i, 0] }",
                vec![
                    read("[n] -> { H[k, i] -> y[i] }"),
                    read("[n] -> { H[k, i] -> alpha[] }"),
                    read("[n] -> { H[k, i] -> y[k - i - 1] }"),
                    write("[n] -> { H[k, i] -> z[i] }"),
                ],
            ),
            stmt(
                "I",
                "[n] -> { I[k, i] : k < n and 0 <= i < k }",
                "[n] -> { I[k, i] -> [3, k, 5, i, 0] }",
                vec![
                    read("[n] -> { I[k, i] -> z[i] }"),
                    write("[n] -> { I[k, i] -> y[i] }"),
                ],
            ),
            stmt(
                "J",
                "[n] -> { J[k] : 0 < k < n }",
                "[n] -> { J[k] -> [3, k, 6] }",
                vec![
                    read("[n] -> { J[k] -> alpha[] }"),
                    write("[n] -> { J[k] -> y[k] }"),
                ],
            ),
        ],
    )
}

#[test]
fn seed001_e23_durbin_self_dependences_first() {
    // Listing 36: A, B, C in a sequence, then one band k over the seven k-level
    // statements (I is not shifted to k + 1), inside it a sequence with F, H, I
    // as inner loops, H and I coincident.
    let text = tree("e23", &durbin(), Isl, SMART);
    assert_eq!(
        t_lines(&text),
        [
            "T(A): (0, 0, 0, 0)",
            "T(B): (1, 0, 0, 0)",
            "T(C): (2, 0, 0, 0)",
            "T(D): (3, k, 0, 0)",
            "T(E): (3, k, 1, 0)",
            "T(F): (3, k, 2, i)",
            "T(G): (3, k, 3, 0)",
            "T(H): (3, k, 4, i)",
            "T(I): (3, k, 5, i)",
            "T(J): (3, k, 6, 0)"
        ]
    );
    assert_eq!(count(&text, "coincident: [ 1 ]"), 2, "H and I: {text}");
    assert!(!text.contains("1 + k"), "no shift of I: {text}");
}

// ------------------------------------------------------------------ fallback

#[test]
fn running_out_of_budget_while_scheduling_keeps_the_original_order_with_a_note() {
    // Every budget either succeeds (after a fallback to the original order, with a
    // note, when the scheduler itself ran out) or fails with Budget elsewhere in
    // the pipeline; some budgets do run out inside the scheduler.
    let s = cholesky();
    let identity = optimize(
        &s,
        &Options {
            scheduler: SchedulerKind::Identity,
            ..Options::default()
        },
    )
    .unwrap();
    let mut fallbacks = 0;
    for budget in (1..80).map(|x| x * 5_000) {
        let o = Options {
            scheduler: Isl,
            max_operations: budget,
            ..Options::default()
        };
        match optimize(&s, &o) {
            // The scheduler finished (a later stage, such as unroll-and-jam, may
            // still have run out of its share and say so).
            Ok(out)
                if !out
                    .notes
                    .iter()
                    .any(|n| matches!(n, Note::SchedulerFailed { .. })) => {}
            Ok(out) => {
                fallbacks += 1;
                assert!(
                    matches!(out.notes[0], Note::SchedulerFailed { .. }),
                    "{:?}",
                    out.notes
                );
                assert_eq!(out.ast, identity.ast, "budget {budget}");
            }
            Err(PolyError::Budget) => {}
            Err(e) => panic!("budget {budget}: {e}"),
        }
    }
    assert!(fallbacks > 0, "no budget ran out inside the scheduler");
}
