//! Seed 004 (Pluto) §3: its worked examples, scheduled by our schedulers (issue 3),
//! plus the fusion modes on one of them.
//!
//! Every test prints the schedule per statement in Pluto's `T(S): (...)` form and
//! checks it like a FileCheck test: the expected hyperplanes where the paper (or a
//! short argument, given in the comment) determines them, else the properties that
//! must hold (band depth, coincident members, fusion structure, what is carried
//! where). Every schedule is also run through `optimize`, which verifies it exactly
//! against the dependences, and must not fall back to the original order.
//! Helpers: `common::seeds`.

mod common;

use common::seeds::{count, sched, scop, seed001_e5_jacobi_2d_scop, t_lines, tree, MAX, SMART};
use common::{read, stmt, write};
use tessel_poly::notes::{Note, TileSizes, Tiling};
use tessel_poly::{describe_schedule, optimize, FuseMode, Options, SchedulerKind, Scop};

use SchedulerKind::{Isl, Pluto};

// ------------------------------------------------------------------ seed 004 §3

/// Fig. 1(a): `a[t][i] = f(a[t-1][i-1..=i+1])`, dependences (1,0), (1,1), (1,-1).
fn jacobi_1d_perfect() -> Scop {
    scop(
        &["T", "N"],
        "[T, N] -> { : T >= 1 and N >= 3 }",
        vec![stmt(
            "S",
            "[T, N] -> { S[t, i] : 1 <= t <= T and 2 <= i <= N - 1 }",
            "[T, N] -> { S[t, i] -> [0, t, 0, i, 0] }",
            vec![
                read("[T, N] -> { S[t, i] -> a[t - 1, i] }"),
                read("[T, N] -> { S[t, i] -> a[t - 1, i - 1] }"),
                read("[T, N] -> { S[t, i] -> a[t - 1, i + 1] }"),
                write("[T, N] -> { S[t, i] -> a[t, i] }"),
            ],
        )],
    )
}

#[test]
fn seed004_fig1a_jacobi_1d_hyperplanes_1_0_and_1_1() {
    // Pluto: the valid cone is spanned by (1,1) and (1,-1). (1,0) has distances
    // 1, 1, 1 (w = 1), (1,1) and (1,-1) have w = 2: the first row is (1,0) = t.
    // The second must be independent: (1,1) and (1,-1) tie on w = 2, and the
    // lexmin prefers the positive coefficient: (1,1) = t + i. One permutable band.
    // Every dependence has distance 1 in t, so t + i carries nothing within one t:
    // it is coincident (parallel inside the t loop, the seed's "space" loop once
    // tiled and wavefronted).
    let text = tree("fig1a", &jacobi_1d_perfect(), Pluto, SMART);
    assert_eq!(t_lines(&text), ["T(S): (t, t + i)"]);
    assert_eq!(count(&text, "permutable: 1"), 1, "{text}");
    assert!(text.contains("coincident: [ 0, 1 ]"), "{text}");
    // isl preset: no row has zero distances (every row carries (1,0) or one of the
    // diagonals), so the band cannot start coincident; a Feautrier step carries
    // all with t, then i is parallel.
    let text = tree("fig1a", &jacobi_1d_perfect(), Isl, SMART);
    assert_eq!(t_lines(&text), ["T(S): (t, i)"]);
    assert!(text.contains("coincident: [ 1 ]"), "{text}");
}

#[test]
fn seed004_example2_imperfect_jacobi_1d_shift_and_skew() {
    // θ_S1 = [1 0; 2 1]·(t, i), θ_S2 = [1 0; 2 1]·(t, i) + (0, 1): S2 shifted by
    // one, fused with S1, skewed by 2 (seed 004 §3.1, brute-forced there too).
    let k = common::jacobi_1d();
    let text = tree("example2", &k.scop, Pluto, SMART);
    assert_eq!(
        t_lines(&text),
        ["T(S0): (t, 2t + i, 0)", "T(S1): (t, 1 + 2t + i, 1)"]
    );
    assert_eq!(count(&text, "permutable: 1"), 1, "one band of two: {text}");
}

#[test]
fn seed004_fig7_imperfect_jacobi_2d() {
    // The transformation of Fig. 7: rows (1,0,0), (2,1,0), (2,0,1) for both
    // statements, S2 shifted by 1 in the last two.
    let s = seed001_e5_jacobi_2d_scop();
    assert_eq!(
        sched("fig7", &s, Pluto, SMART),
        [
            "T(S): (t, 2t + i, 2t + j, 0)",
            "T(T): (t, 1 + 2t + i, 1 + 2t + j, 1)"
        ]
    );
    assert_eq!(
        sched("fig7", &s, Pluto, MAX),
        sched("fig7", &s, Pluto, SMART)
    );
}

/// Fig. 3: `S1: x[i] += a[i][j] * y[j]` then `S2: y[i] += a[i][j] * x[j]`.
fn matvec_pair() -> Scop {
    scop(
        &["N"],
        "[N] -> { : N >= 1 }",
        vec![
            stmt(
                "S1",
                "[N] -> { S1[i, j] : 1 <= i <= N and 1 <= j <= N }",
                "[N] -> { S1[i, j] -> [0, i, 0, j, 0] }",
                vec![
                    read("[N] -> { S1[i, j] -> x[i] }"),
                    read("[N] -> { S1[i, j] -> a[i, j] }"),
                    read("[N] -> { S1[i, j] -> y[j] }"),
                    write("[N] -> { S1[i, j] -> x[i] }"),
                ],
            ),
            stmt(
                "S2",
                "[N] -> { S2[i, j] : 1 <= i <= N and 1 <= j <= N }",
                "[N] -> { S2[i, j] -> [1, i, 0, j, 0] }",
                vec![
                    read("[N] -> { S2[i, j] -> y[i] }"),
                    read("[N] -> { S2[i, j] -> a[i, j] }"),
                    read("[N] -> { S2[i, j] -> x[j] }"),
                    write("[N] -> { S2[i, j] -> y[i] }"),
                ],
            ),
        ],
    )
}

/// §3.3: three mat-vecs `y = Ax; z = By; w = Cz`.
fn matvec_chain() -> Scop {
    let mv = |name: &str, pos: i32, out: &str, mat: &str, inp: &str| {
        stmt(
            name,
            &format!("[N] -> {{ {name}[i, j] : 1 <= i <= N and 1 <= j <= N }}"),
            &format!("[N] -> {{ {name}[i, j] -> [{pos}, i, 0, j, 0] }}"),
            vec![
                read(&format!("[N] -> {{ {name}[i, j] -> {out}[i] }}")),
                read(&format!("[N] -> {{ {name}[i, j] -> {mat}[i, j] }}")),
                read(&format!("[N] -> {{ {name}[i, j] -> {inp}[j] }}")),
                write(&format!("[N] -> {{ {name}[i, j] -> {out}[i] }}")),
            ],
        )
    };
    scop(
        &["N"],
        "[N] -> { : N >= 1 }",
        vec![
            mv("S1", 0, "y", "A", "x"),
            mv("S2", 1, "z", "B", "y"),
            mv("S3", 2, "w", "C", "z"),
        ],
    )
}

#[test]
fn seed004_fig3_matvec_pair_cannot_fuse_because_of_the_anti_dependence() {
    // Fig. 3 fuses S1's i with S2's j, (c_i, c_j, c'_i, c'_j) = (1, 0, 0, 1). That
    // row respects the flow dependence on x, but S1(i, j) also reads y[j], which
    // S2(j, 1) overwrites afterwards: the anti-dependence S1(i, j) -> S2(j, 1) has
    // distance 1 - i < 0 under it. With every dependence kept (Tessel, and the
    // seed's own §1.1), no non-negative row is common to both statements, so even
    // maximal fusion distributes them.
    let s = matvec_pair();
    let expected = ["T(S1): (0, i, j)", "T(S2): (1, i, j)"];
    assert_eq!(sched("fig3", &s, Pluto, MAX), expected);
    assert_eq!(sched("fig3", &s, Pluto, SMART), expected);
}

#[test]
fn seed004_section3_3_matvec_chain_fuses_a_two_path() {
    // All three have no common row (S1-S2 needs S2's row to be j, S2-S3 needs it to
    // be i), but the 2-path S1-S2 has one: S1's i fused with S2's j (the shape of
    // Fig. 3), then no second common row, so the inner loops are distributed. S3
    // stays apart. Maximal fusion finds this by splitting off the last SCC.
    let s = matvec_chain();
    assert_eq!(
        sched("matvec3", &s, Pluto, MAX),
        [
            "T(S1): (0, i, 0, j)",
            "T(S2): (0, j, 1, i)",
            "T(S3): (1, i, j, 0)"
        ]
    );
    // Smart fusion keeps each nest's two-deep band instead: no fusion.
    assert_eq!(
        sched("matvec3", &s, Pluto, SMART),
        ["T(S1): (0, i, j)", "T(S2): (1, i, j)", "T(S3): (2, i, j)"]
    );
}

#[test]
fn seed004_section3_4_sum_reduction_two_bands() {
    // s = s + a[i][j]: (1,0) is the only valid row (the dependence from (i, N) to
    // (i+1, 1) forbids any j component); it carries that dependence, which is
    // dropped; then (0,1). Two one-member bands, both sequential.
    let s = scop(
        &["N"],
        "[N] -> { : N >= 1 }",
        vec![stmt(
            "S",
            "[N] -> { S[i, j] : 1 <= i <= N and 1 <= j <= N }",
            "[N] -> { S[i, j] -> [0, i, 0, j, 0] }",
            vec![
                read("[N] -> { S[i, j] -> s[] }"),
                read("[N] -> { S[i, j] -> a[i, j] }"),
                write("[N] -> { S[i, j] -> s[] }"),
            ],
        )],
    );
    for kind in [Pluto, Isl] {
        let text = tree("sum", &s, kind, SMART);
        assert_eq!(t_lines(&text), ["T(S): (i, j)"]);
        assert_eq!(count(&text, "schedule:"), 2, "two bands: {text}");
        assert_eq!(count(&text, "coincident:"), 0, "{text}");
    }
}

/// Fig. 4: `a[i][j] = a[i-1][j] + a[i][j-1]`.
fn fig4() -> Scop {
    scop(
        &["N"],
        "[N] -> { : N >= 1 }",
        vec![stmt(
            "S",
            "[N] -> { S[i, j] : 1 <= i <= N and 1 <= j <= N }",
            "[N] -> { S[i, j] -> [0, i, 0, j, 0] }",
            vec![
                read("[N] -> { S[i, j] -> a[i - 1, j] }"),
                read("[N] -> { S[i, j] -> a[i, j - 1] }"),
                write("[N] -> { S[i, j] -> a[i, j] }"),
            ],
        )],
    )
}

#[test]
fn seed004_fig4_tiles_then_wavefront() {
    // Hyperplanes (1,0), (0,1): one permutable band, no member coincident.
    let text = tree("fig4", &fig4(), Pluto, SMART);
    assert_eq!(t_lines(&text), ["T(S): (i, j)"]);
    assert_eq!(count(&text, "coincident:"), 0, "{text}");
    // Tiled and parallel (seed 004 §1.12): the outer tile loop becomes the
    // wavefront T0 + T1, and T1 is then the parallel (DOALL) loop under it.
    let o = Options {
        scheduler: Pluto,
        tile_sizes: vec![4, 3],
        ..Options::default()
    };
    let tiled = describe_schedule(&fig4(), &o).unwrap();
    assert!(
        tiled.contains("[(floor((i)/4) + floor((j)/3))]"),
        "wavefront member: {tiled}"
    );
    let out = optimize(&fig4(), &o).unwrap();
    assert!(out.notes.is_empty());
    assert_eq!(out.tiled_bands, 1);
    let par = common::parallel_loops(&out.ast);
    assert_eq!(par, [("c1".to_string(), 1)], "{}", common::render(&out.ast));
    // Without the wavefront there is no parallel loop at all.
    let out = optimize(
        &fig4(),
        &Options {
            wavefront: false,
            ..o
        },
    )
    .unwrap();
    assert_eq!(out.parallel_loops, 0);
}

#[test]
fn seed004_example1_non_constant_dependences() {
    // a[i][j] = a[j][i] + a[i][j-1] (§4.1): the first row is (1,1) (constant
    // communication, u = 0), then (1,0) once c_i - c_j >= 1 is required.
    let s = scop(
        &["N"],
        "[N] -> { : N >= 2 }",
        vec![stmt(
            "S",
            "[N] -> { S[i, j] : 1 <= i <= N and 2 <= j <= N }",
            "[N] -> { S[i, j] -> [0, i, 0, j, 0] }",
            vec![
                read("[N] -> { S[i, j] -> a[j, i] }"),
                read("[N] -> { S[i, j] -> a[i, j - 1] }"),
                write("[N] -> { S[i, j] -> a[i, j] }"),
            ],
        )],
    );
    assert_eq!(sched("example1", &s, Pluto, SMART), ["T(S): (i + j, i)"]);
    // isl preset: nothing is parallel, so a Feautrier step: θ = 2i + j, the greedy
    // schedule the seed quotes (2i + j − 3, up to the constant).
    assert_eq!(sched("example1", &s, Isl, SMART), ["T(S): (2i + j, i)"]);
}

/// Fig. 8: LU.
fn lu() -> Scop {
    scop(
        &["n"],
        "[n] -> { : n >= 1 }",
        vec![
            stmt(
                "S1",
                "[n] -> { S1[k, j] : 1 <= k <= n and k + 1 <= j <= n }",
                "[n] -> { S1[k, j] -> [0, k, 0, j, 0] }",
                vec![
                    read("[n] -> { S1[k, j] -> a[k, j] }"),
                    read("[n] -> { S1[k, j] -> a[k, k] }"),
                    write("[n] -> { S1[k, j] -> a[k, j] }"),
                ],
            ),
            stmt(
                "S2",
                "[n] -> { S2[k, i, j] : 1 <= k <= n and k + 1 <= i <= n and k + 1 <= j <= n }",
                "[n] -> { S2[k, i, j] -> [0, k, 1, i, 0, j, 0] }",
                vec![
                    read("[n] -> { S2[k, i, j] -> a[i, j] }"),
                    read("[n] -> { S2[k, i, j] -> a[i, k] }"),
                    read("[n] -> { S2[k, i, j] -> a[k, j] }"),
                    write("[n] -> { S2[k, i, j] -> a[i, j] }"),
                ],
            ),
        ],
    )
}

#[test]
fn seed004_fig8_lu_one_band_with_s1_embedded() {
    // Fig. 8: S1 (k, j, k), S2 (k, j, i): one 3-deep permutable band, S1 embedded
    // where i = k. Our second row is S1: k, S2: i instead of j | j: both rows cost
    // the same (u = 1: S2's read of a[i][k] has distance j − k, resp. S1 → S2 has
    // i − k), and the tie goes to the earlier iterator of S1 (reverse-order
    // lexmin, seed 001 §6.5.5). Same structure: S1 at i = k, one band, k carries
    // everything outermost, j (the last member) is parallel inside.
    let text = tree("lu", &lu(), Pluto, SMART);
    assert_eq!(
        t_lines(&text),
        ["T(S1): (k, k, j, 0)", "T(S2): (k, i, j, 1)"]
    );
    assert_eq!(count(&text, "permutable: 1"), 1, "{text}");
    assert!(text.contains("coincident: [ 0, 0, 1 ]"), "{text}");
    assert_eq!(sched("lu", &lu(), Pluto, MAX), t_lines(&text));
}

/// Fig. 9: `C = A·B; D = E·C`.
fn matmul_sequence() -> Scop {
    scop(
        &["n"],
        "[n] -> { : n >= 1 }",
        vec![
            stmt(
                "S1",
                "[n] -> { S1[i, j, k] : 1 <= i <= n and 1 <= j <= n and 1 <= k <= n }",
                "[n] -> { S1[i, j, k] -> [0, i, 0, j, 0, k, 0] }",
                vec![
                    read("[n] -> { S1[i, j, k] -> C[i, j] }"),
                    read("[n] -> { S1[i, j, k] -> A[i, k] }"),
                    read("[n] -> { S1[i, j, k] -> B[k, j] }"),
                    write("[n] -> { S1[i, j, k] -> C[i, j] }"),
                ],
            ),
            stmt(
                "S2",
                "[n] -> { S2[i, j, k] : 1 <= i <= n and 1 <= j <= n and 1 <= k <= n }",
                "[n] -> { S2[i, j, k] -> [1, i, 0, j, 0, k, 0] }",
                vec![
                    read("[n] -> { S2[i, j, k] -> D[i, j] }"),
                    read("[n] -> { S2[i, j, k] -> E[i, k] }"),
                    read("[n] -> { S2[i, j, k] -> C[k, j] }"),
                    write("[n] -> { S2[i, j, k] -> D[i, j] }"),
                ],
            ),
        ],
    )
}

#[test]
fn seed004_fig9_matmul_sequence_fuses_two_loops() {
    // Fig. 9: S1 (i, j, [0], k), S2 (k, j, [1], i): S1's i fused with S2's k (each
    // C[k][j] is consumed right after it is produced) and j with j; the innermost
    // loops distributed by a scalar row. We fuse the same loops, j outermost (the
    // two orders tie; the reverse-order lexmin prefers the later iterator j of S1
    // to stay... outermost is the one with the smaller cost, both zero here).
    let text = tree("fig9", &matmul_sequence(), Pluto, MAX);
    assert_eq!(
        t_lines(&text),
        ["T(S1): (j, i, 0, k)", "T(S2): (j, k, 1, i)"]
    );
    // The fused band: both members coincident (no dependence between different
    // (j, i) pairs of S1 and (j, k) pairs of S2 except through C[i][j]).
    assert!(text.contains("permutable: 1"), "{text}");
    // Smart fusion keeps each product's 3-deep band (fusing would cut it to 2).
    assert_eq!(
        sched("fig9", &matmul_sequence(), Pluto, SMART),
        ["T(S1): (0, i, j, k)", "T(S2): (1, i, j, k)"]
    );
}

/// Fig. 10: five statements, `a_k[i] = a_{k-1}[i-1] + a_{k-1}[i] + a_{k-1}[i+1]`.
fn multi_stencil() -> Scop {
    let mut st = Vec::new();
    for k in 1..=5 {
        let p = k - 1;
        st.push(stmt(
            &format!("S{k}"),
            &format!("[n] -> {{ S{k}[i] : 2 <= i <= n - 1 }}"),
            &format!("[n] -> {{ S{k}[i] -> [{p}, i, 0] }}"),
            vec![
                read(&format!("[n] -> {{ S{k}[i] -> a{p}[i - 1] }}")),
                read(&format!("[n] -> {{ S{k}[i] -> a{p}[i] }}")),
                read(&format!("[n] -> {{ S{k}[i] -> a{p}[i + 1] }}")),
                write(&format!("[n] -> {{ S{k}[i] -> a{k}[i] }}")),
            ],
        ));
    }
    scop(&["n"], "[n] -> { : n >= 3 }", st)
}

#[test]
fn seed004_fig10_multi_statement_stencil_fused_with_shifts() {
    // Fig. 10: (i, const) = (1,0), (1,1), (1,2), (1,3), (1,4): fusion with shifts
    // 0..4; each value is consumed right after it is produced (distance <= 2).
    let expected = [
        "T(S1): (i, 0)",
        "T(S2): (1 + i, 1)",
        "T(S3): (2 + i, 2)",
        "T(S4): (3 + i, 3)",
        "T(S5): (4 + i, 4)",
    ];
    assert_eq!(sched("fig10", &multi_stencil(), Pluto, SMART), expected);
    assert_eq!(sched("fig10", &multi_stencil(), Pluto, MAX), expected);
    // The isl preset does not fuse: the shifted loop carries dependences, each
    // loop alone is parallel (no coincidence may be lost).
    let text = tree("fig10", &multi_stencil(), Isl, SMART);
    assert_eq!(count(&text, "coincident: [ 1 ]"), 5, "{text}");
}

#[test]
fn seed004_fig11_four_index_transform() {
    // T1 = A·C4, T2 = T1·C3, T3 = T2·C2, B = T3·C1, each a 5-deep nest.
    let dom = |v: &str| {
        v.split(", ")
            .map(|x| format!("1 <= {x} <= N"))
            .collect::<Vec<_>>()
            .join(" and ")
    };
    let st = |name: &str, pos: i32, it: &str, out: &str, a: &str, c: &str| {
        let sched: Vec<String> = it.split(", ").map(|v| format!("{v}, 0")).collect();
        stmt(
            name,
            &format!("[N] -> {{ {name}[{it}] : {} }}", dom(it)),
            &format!("[N] -> {{ {name}[{it}] -> [{pos}, {}] }}", sched.join(", ")),
            vec![
                read(&format!("[N] -> {{ {name}[{it}] -> {out} }}")),
                read(&format!("[N] -> {{ {name}[{it}] -> {a} }}")),
                read(&format!("[N] -> {{ {name}[{it}] -> {c} }}")),
                write(&format!("[N] -> {{ {name}[{it}] -> {out} }}")),
            ],
        )
    };
    let s = scop(
        &["N"],
        "[N] -> { : N >= 1 }",
        vec![
            st(
                "S1",
                0,
                "a, q, r, s, p",
                "T1[a, q, r, s]",
                "A[p, q, r, s]",
                "C4[p, a]",
            ),
            st(
                "S2",
                1,
                "a, b, r, s, q",
                "T2[a, b, r, s]",
                "T1[a, q, r, s]",
                "C3[q, b]",
            ),
            st(
                "S3",
                2,
                "a, b, c, s, r",
                "T3[a, b, c, s]",
                "T2[a, b, r, s]",
                "C2[r, c]",
            ),
            st(
                "S4",
                3,
                "a, b, c, d, s",
                "B[a, b, c, d]",
                "T3[a, b, c, s]",
                "C1[s, d]",
            ),
        ],
    );
    // The seed's code: two common outer loops (a, s) for all four; under them S1
    // and S2 fused on two more loops (r, q), S3 and S4 on (c, b); innermost loops
    // distributed. We get the two common loops and the S1/S2 fusion; the cut
    // below (a, s) splits off the last SCC, so S3 shares r with S1/S2 and S4 is
    // alone (the seed's enumeration of fusion structures has no criterion either).
    let lines = sched("tce", &s, Pluto, MAX);
    assert_eq!(
        lines,
        [
            "T(S1): (a, s, 0, r, 0, q, 0, p)",
            "T(S2): (a, s, 0, r, 0, q, 1, b)",
            "T(S3): (a, s, 0, r, 1, b, c, 0)",
            "T(S4): (a, s, 1, b, c, d, 0, 0)"
        ]
    );
    // Smart fusion keeps the four 5-deep bands apart.
    let lines = sched("tce", &s, Pluto, SMART);
    assert!(
        lines.iter().all(|l| l.matches(',').count() == 5),
        "{lines:?}"
    );
}

// ------------------------------------------------------------------ fusion modes

#[test]
fn fuse_none_distributes_every_scc() {
    // The multi-statement stencil, each SCC in its own loop, in order.
    let lines = sched("none", &multi_stencil(), Pluto, FuseMode::None);
    assert_eq!(
        lines,
        [
            "T(S1): (0, i)",
            "T(S2): (1, i)",
            "T(S3): (2, i)",
            "T(S4): (3, i)",
            "T(S5): (4, i)"
        ]
    );
}

// ------------------------------------------------------------------ time tiles

/// The point schedule of `T(S)`'s line: the entries after the tile members.
fn point_entries(line: &str, tile_members: usize) -> Vec<String> {
    let inner = line.split_once(": (").map_or("", |(_, r)| r);
    let inner = inner.strip_suffix(')').unwrap_or(inner);
    // Tile members hold floor(...) and mod, whose commas are inside parentheses.
    let mut entries = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (k, c) in inner.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                entries.push(inner[start..k].trim().to_string());
                start = k + 1;
            }
            _ => {}
        }
    }
    entries.push(inner[start..].trim().to_string());
    entries.split_off(tile_members.min(entries.len()))
}

#[test]
fn seed004_section1_12_time_tiles_run_one_innermost_loop_per_statement() {
    // Fig. 7's jacobi-2d at the defaults (scheduler=auto): the isl preset keeps the
    // time loop outermost, and each step walks both arrays, more than half of any
    // L2 at the nominal sizes; Pluto's band (t, 2t + i, 2t + j) is tiled in time
    // with a wavefront instead. In the point band, the innermost member is
    // distributed: for each (t, 2t + i), all of S's row, then all of T's. Legal: at
    // equal (t, 2t + i), T reads B[i][j + 1] ... from S at (t, 2t + i) (S first)
    // and nothing runs from T to S (T's writes of A are read at t + 1).
    // With a 1 MiB L2, the sizes are the ones `wavefront_sizes`'s own test derives.
    // The tiles are the band's own (the default; diamonds: the next test).
    let s = seed001_e5_jacobi_2d_scop();
    let o = Options {
        time_budget: std::time::Duration::ZERO,
        l2_size: 1 << 20,
        diamond: false,
        ..Options::default()
    };
    let out = optimize(&s, &o).unwrap();
    let text = describe_schedule(&s, &o).unwrap();
    assert!(
        out.notes.iter().any(|n| matches!(n, Note::CostModel(c)
            if c.chose == SchedulerKind::Pluto && c.time_tiles.is_some())),
        "{:?}",
        out.notes
    );
    let sizes = out
        .tiling
        .iter()
        .find_map(|(t, _)| match t {
            Tiling::Tiled {
                sizes,
                source: TileSizes::TimeTiles { .. },
                ..
            } => Some(sizes),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{:?}", out.tiling));
    assert_eq!(sizes, &[32, 32, 256], "{:?}", out.tiling);
    assert!(out.tiling.iter().any(|(t, _)| *t == Tiling::Distributed));
    // Three tile members, then t, 2t + i, the statement's position, 2t + j.
    let lines = t_lines(&text);
    assert_eq!(
        point_entries(lines[0], 3),
        ["t", "2t + i", "0", "2t + j"],
        "{text}"
    );
    assert_eq!(
        point_entries(lines[1], 3),
        ["t", "1 + 2t + i", "1", "1 + 2t + j"],
        "{text}"
    );
    assert!(out.parallel_loops >= 1);
    // With an L2 of 32 KiB no time tile of 16 steps fits: the isl preset's schedule,
    // with its time loop outermost, stays.
    let small = Options {
        l2_size: 32 << 10,
        ..o
    };
    let out = optimize(&s, &small).unwrap();
    assert!(
        out.notes
            .iter()
            .any(|n| matches!(n, Note::CostModel(c) if c.chose == SchedulerKind::Isl)),
        "{:?}",
        out.notes
    );
}

#[test]
fn seed004_section1_12_diamond_time_tiles_for_jacobi_2d() {
    // The same band tiled as diamonds (diamond=1): the tile loops along
    // psi = c*t - phi1 + shift. Within a step T (phi1 = 1 + 2t + i) writes A[i] after
    // S (phi1 = 2t + i) read A[i - 1..i + 1], and reads the B[i] S wrote: phi1
    // advances by 0..2 with t fixed, so T is shifted by 2. Across a step S reads
    // what T wrote: t advances by 1 and phi1 by 0..2, so c - 2 - 2 >= 0: c = 4, the
    // least (3 fails). A diamond spans (s0 + s1)/c steps: with c = 4 the sizes double.
    let s = seed001_e5_jacobi_2d_scop();
    let o = Options {
        time_budget: std::time::Duration::ZERO,
        l2_size: 1 << 20,
        diamond: true,
        ..Options::default()
    };
    let out = optimize(&s, &o).unwrap();
    assert!(
        out.tiling.iter().any(|(t, _)| *t
            == Tiling::Diamond {
                factor: 4,
                shifted: 1
            }),
        "{:?}",
        out.tiling
    );
    assert!(
        out.tiling.iter().any(|(t, _)| matches!(t,
            Tiling::Tiled { sizes, source: TileSizes::TimeTiles { .. }, .. }
                if sizes == &[64, 64, 256])),
        "{:?}",
        out.tiling
    );
    // The point band is the band itself: t, 2t + i, the position, 2t + j.
    let text = describe_schedule(&s, &o).unwrap();
    let lines = t_lines(&text);
    assert_eq!(
        point_entries(lines[0], 3),
        ["t", "2t + i", "0", "2t + j"],
        "{text}"
    );
    assert!(out.parallel_loops >= 1);
    // Off, the time tiles are the band's own.
    let off = optimize(
        &s,
        &Options {
            diamond: false,
            ..o
        },
    )
    .unwrap();
    assert!(!off
        .tiling
        .iter()
        .any(|(t, _)| matches!(t, Tiling::Diamond { .. })));
}

/// The pluto preset with 4-wide tiles and a wavefront however little the work.
fn small_time_tiles() -> Options {
    Options {
        scheduler: Pluto,
        tile_sizes: vec![4],
        parallel_min_work: 1,
        time_budget: std::time::Duration::ZERO,
        ..Options::default()
    }
}

#[test]
fn time_tiles_stay_fused_where_distribution_would_reverse_a_dependence() {
    // S0: A[i] += X[i - 1], then S1: X[i] = A[i], in one i loop under t. At one t,
    // S1 at i - 1 writes what S0 at i reads: a dependence from the later statement
    // to the earlier one, carried by the innermost loop. Distributing it (every S0
    // of the row, then every S1) would read X before it is written: refused.
    let dom = |s: &str| format!("[T, N] -> {{ {s}[t, i] : 0 <= t < T and 1 <= i < N }}");
    let s = scop(
        &["T", "N"],
        "[T, N] -> { : T >= 1 and N >= 2 }",
        vec![
            stmt(
                "S0",
                &dom("S0"),
                "[T, N] -> { S0[t, i] -> [0, t, 0, i, 0] }",
                vec![
                    read("[T, N] -> { S0[t, i] -> A[i] }"),
                    read("[T, N] -> { S0[t, i] -> X[i - 1] }"),
                    write("[T, N] -> { S0[t, i] -> A[i] }"),
                ],
            ),
            stmt(
                "S1",
                &dom("S1"),
                "[T, N] -> { S1[t, i] -> [0, t, 0, i, 1] }",
                vec![
                    read("[T, N] -> { S1[t, i] -> A[i] }"),
                    write("[T, N] -> { S1[t, i] -> X[i] }"),
                ],
            ),
        ],
    );
    let o = small_time_tiles();
    let out = optimize(&s, &o).unwrap();
    assert_eq!(out.tiled_bands, 1, "{:?}", out.tiling);
    assert!(
        !out.tiling.iter().any(|(t, _)| *t == Tiling::Distributed),
        "{:?}",
        out.tiling
    );
    // Fused: both statements share the innermost point member, then their order.
    let text = describe_schedule(&s, &o).unwrap();
    let lines = t_lines(&text);
    let (p0, p1) = (point_entries(lines[0], 2), point_entries(lines[1], 2));
    assert_eq!(p0.len(), 3, "{text}");
    assert_eq!((p0[2].as_str(), p1[2].as_str()), ("0", "1"), "{text}");
}

#[test]
fn distributed_time_tiles_compute_what_jacobi_1d_computes() {
    // Pluto's (t, 2t + i) band for the two-statement jacobi-1d, tiled 4x4 with a
    // wavefront and its innermost point loop distributed; the AST is run (and run
    // again with its parallel loops reversed) against the original order.
    let kernel = common::jacobi_1d();
    let o = small_time_tiles();
    let out = optimize(&kernel.scop, &o).unwrap();
    assert!(
        out.tiling.iter().any(|(t, _)| *t == Tiling::Distributed),
        "{:?}",
        out.tiling
    );
    assert_eq!(out.parallel_loops, 1, "{}", common::render(&out.ast));
    common::check_execution(&kernel, &out.ast, "distributed time tiles");
}

/// gramschmidt's projection step: under a sequential k, S0 `R[k][j] += A[i][k] *
/// A[i][j]` then S1 `A[i][j] -= A[i][k] * R[k][j]`, each over `k < j < N, 0 <= i < M`.
fn projection() -> common::Kernel {
    let dom =
        |s: &str| format!("[N, M] -> {{ {s}[k, j, i] : 0 <= k < N and k < j < N and 0 <= i < M }}");
    common::Kernel {
        name: "projection",
        scop: scop(
            &["N", "M"],
            "[N, M] -> { : N >= 1 and M >= 1 }",
            vec![
                stmt(
                    "S0",
                    &dom("S0"),
                    "[N, M] -> { S0[k, j, i] -> [0, k, 0, j, 0, i, 0] }",
                    vec![
                        read("[N, M] -> { S0[k, j, i] -> R[k, j] }"),
                        read("[N, M] -> { S0[k, j, i] -> A[i, k] }"),
                        read("[N, M] -> { S0[k, j, i] -> A[i, j] }"),
                        write("[N, M] -> { S0[k, j, i] -> R[k, j] }"),
                    ],
                ),
                stmt(
                    "S1",
                    &dom("S1"),
                    "[N, M] -> { S1[k, j, i] -> [0, k, 1, j, 0, i, 0] }",
                    vec![
                        read("[N, M] -> { S1[k, j, i] -> A[i, j] }"),
                        read("[N, M] -> { S1[k, j, i] -> A[i, k] }"),
                        read("[N, M] -> { S1[k, j, i] -> R[k, j] }"),
                        write("[N, M] -> { S1[k, j, i] -> A[i, j] }"),
                    ],
                ),
            ],
        ),
        // Two tiles of 32 along j, the second partial.
        params: vec![("N", 45), ("M", 5)],
        original: |ps| {
            let mut v = Vec::new();
            for k in 0..ps["N"] {
                for s in ["S0", "S1"] {
                    for j in k + 1..ps["N"] {
                        for i in 0..ps["M"] {
                            v.push((s.to_string(), vec![k, j, i]));
                        }
                    }
                }
            }
            v
        },
        accesses: |s, it| {
            let (k, j, i) = (it[0], it[1], it[2]);
            match s {
                "S0" => (
                    vec![("R", vec![k, j]), ("A", vec![i, k]), ("A", vec![i, j])],
                    vec![("R", vec![k, j])],
                ),
                _ => (
                    vec![("A", vec![i, j]), ("A", vec![i, k]), ("R", vec![k, j])],
                    vec![("A", vec![i, j])],
                ),
            }
        },
    }
}

#[test]
fn seed004_sibling_bands_share_one_parallel_tile_loop() {
    // Neither band needs tiles of its own (each streams its columns of A once), both
    // touch A[*][j] at the same j, and every dependence between them stays in one j:
    // one parallel loop over tiles of 32 j runs S0 then S1 on each tile, as Pluto's
    // gramschmidt does (§1.8: the tile loops are the outer, parallel ones). Run, and
    // run with the parallel loops reversed, against the original order.
    let kernel = projection();
    let o = Options {
        time_budget: std::time::Duration::ZERO,
        ..Options::default()
    };
    let out = optimize(&kernel.scop, &o).unwrap();
    assert!(
        out.tiling
            .iter()
            .any(|(t, _)| *t == Tiling::FusedSiblings { bands: 2, size: 32 }),
        "{:?}",
        out.tiling
    );
    let text = common::render(&out.ast);
    // One parallel loop per k, stepping by tiles, with both statements inside it.
    assert_eq!(out.parallel_loops, 1, "{text}");
    let par = text.find(" par {").unwrap_or_else(|| panic!("{text}"));
    assert!(text[..par].contains("step 32"), "{text}");
    assert!(
        text[par..].contains("S0(") && text[par..].contains("S1("),
        "{text}"
    );
    common::check_execution(&kernel, &out.ast, "sibling bands under one tile loop");
    // Without parallel loops the siblings stay apart.
    let sequential = Options {
        parallel: false,
        ..o
    };
    let out = optimize(&kernel.scop, &sequential).unwrap();
    assert!(
        !out.tiling
            .iter()
            .any(|(t, _)| matches!(t, Tiling::FusedSiblings { .. })),
        "{:?}",
        out.tiling
    );
}
