//! The worked examples of the seeds, scheduled by our schedulers (issue 3):
//! seed 004 §3 (Pluto's examples) and seed 001 §5 (E1–E25, PPCG/isl's).
//!
//! Every test prints the schedule per statement in Pluto's `T(S): (...)` form and
//! checks it like a FileCheck test: the expected hyperplanes where the paper (or a
//! short argument, given in the comment) determines them, else the properties that
//! must hold (band depth, coincident members, fusion structure, what is carried
//! where). Every schedule is also run through `optimize`, which verifies it exactly
//! against the dependences, and must not fall back to the original order.
//!
//! `T(S)` lines lay out band members and sequence positions as isl's flattened
//! schedule does (see `describe_schedule`).

mod common;

use common::{read, stmt, write};
use tessel_poly::{
    describe_schedule, optimize, FuseMode, Options, PolyError, SchedulerKind, Scop, Statement,
};

use SchedulerKind::{Feautrier, Isl, Pluto};

fn scop(params: &[&str], context: &str, statements: Vec<Statement>) -> Scop {
    Scop {
        killed: Vec::new(),
        params: params.iter().map(|p| p.to_string()).collect(),
        context: context.into(),
        statements,
    }
}

fn opts(kind: SchedulerKind, fuse: FuseMode) -> Options {
    Options {
        scheduler: kind,
        fuse,
        tile: false,
        parallel: false,
        ..Options::default()
    }
}

/// The verified schedule tree text of `scop` (untiled); panics if the scheduler
/// fell back to the original order. Prints the `T(S)` lines.
fn tree(name: &str, scop: &Scop, kind: SchedulerKind, fuse: FuseMode) -> String {
    let o = opts(kind, fuse);
    let out = optimize(scop, &o).unwrap_or_else(|e| panic!("{name} {kind:?}/{fuse:?}: {e}"));
    assert!(
        out.notes.is_empty(),
        "{name} {kind:?}/{fuse:?}: {:?}",
        out.notes
    );
    let text = describe_schedule(scop, &o).unwrap();
    println!("{name} {kind:?}/{fuse:?}:");
    for l in t_lines(&text) {
        println!("  {l}");
    }
    text
}

fn t_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with("T(")).collect()
}

/// The `T(S)` lines of the schedule.
fn sched(name: &str, scop: &Scop, kind: SchedulerKind, fuse: FuseMode) -> Vec<String> {
    t_lines(&tree(name, scop, kind, fuse))
        .into_iter()
        .map(String::from)
        .collect()
}

fn count(text: &str, needle: &str) -> usize {
    text.matches(needle).count()
}

const SMART: FuseMode = FuseMode::Smart;
const MAX: FuseMode = FuseMode::Max;

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

fn seed001_e5_jacobi_2d_scop() -> Scop {
    let mut rs = Vec::new();
    let mut rt = Vec::new();
    for (di, dj) in [(0, 0), (0, -1), (0, 1), (1, 0), (-1, 0)] {
        rs.push(read(&format!(
            "[T, N] -> {{ S[t, i, j] -> A[i + {di}, j + {dj}] }}"
        )));
        rt.push(read(&format!(
            "[T, N] -> {{ T[t, i, j] -> B[i + {di}, j + {dj}] }}"
        )));
    }
    rs.push(write("[T, N] -> { S[t, i, j] -> B[i, j] }"));
    rt.push(write("[T, N] -> { T[t, i, j] -> A[i, j] }"));
    scop(
        &["T", "N"],
        "[T, N] -> { : T >= 0 and N >= 0 }",
        vec![
            stmt(
                "S",
                "[T, N] -> { S[t, i, j] : 0 <= t < T and 1 <= i < N - 1 and 1 <= j < N - 1 }",
                "[T, N] -> { S[t, i, j] -> [0, t, 0, i, 0, j, 0] }",
                rs,
            ),
            stmt(
                "T",
                "[T, N] -> { T[t, i, j] : 0 <= t < T and 1 <= i < N - 1 and 1 <= j < N - 1 }",
                "[T, N] -> { T[t, i, j] -> [0, t, 1, i, 0, j, 0] }",
                rt,
            ),
        ],
    )
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

/// The entries of the `T(name)` line, split at the top-level commas.
fn entries(lines: &[String], name: &str) -> Vec<String> {
    let prefix = format!("T({name}): (");
    let line = lines
        .iter()
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no T({name}) in {lines:?}"));
    let body = line.strip_suffix(')').unwrap_or(line);
    let mut out = Vec::new();
    let (mut depth, mut cur) = (0, String::new());
    for ch in body.chars() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(ch);
    }
    out.push(cur.trim().to_string());
    out
}

/// A constant entry (a sequence position or a constant band member), else None.
fn constant(entry: &str) -> Option<i64> {
    entry.parse().ok()
}

/// The iterator coefficients of an affine entry such as `-i + 2j + 1` or `4t + 2i`
/// (the `T(S)` format), in the order of `iters`; terms in `params` are skipped,
/// anything else panics.
fn coefficients(entry: &str, iters: &[&str], params: &[&str]) -> Vec<i64> {
    let mut c = vec![0; iters.len()];
    for term in entry.replace(" - ", " + -").split(" + ") {
        let (neg, t) = match term.trim().strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, term.trim()),
        };
        let digits: String = t.chars().take_while(|ch| ch.is_ascii_digit()).collect();
        let var = &t[digits.len()..];
        if var.is_empty() || params.contains(&var) {
            continue; // the constant and parameter terms
        }
        let k = iters
            .iter()
            .position(|v| *v == var)
            .unwrap_or_else(|| panic!("term {term:?} of {entry:?}"));
        let mag: i64 = if digits.is_empty() {
            1
        } else {
            digits.parse().unwrap()
        };
        c[k] += if neg { -mag } else { mag };
    }
    c
}

/// Rank of integer rows (fraction-free Gaussian elimination).
fn rank(rows: &[Vec<i64>]) -> usize {
    let mut m: Vec<Vec<i128>> = rows
        .iter()
        .map(|r| r.iter().map(|&x| i128::from(x)).collect())
        .collect();
    let cols = m.first().map_or(0, Vec::len);
    let mut r = 0;
    for col in 0..cols {
        let Some(p) = (r..m.len()).find(|&k| m[k][col] != 0) else {
            continue;
        };
        m.swap(r, p);
        for k in 0..m.len() {
            if k != r && m[k][col] != 0 {
                let (a, b) = (m[r][col], m[k][col]);
                for c in 0..cols {
                    m[k][c] = m[k][c] * a - m[r][c] * b;
                }
            }
        }
        r += 1;
    }
    r
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
#[ignore = "too slow: on opal(8) the scheduler alone takes 3.5-6.5 s (isl preset), \
            2-5 s (Feautrier) and 30-70 s (Pluto; about 4 s when the lattice size \
            is a parameter instead of 128); each preset's schedule is correct"]
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
            Ok(out) if out.notes.is_empty() => {}
            Ok(out) => {
                fallbacks += 1;
                assert!(
                    out.notes[0].contains("kept the original schedule"),
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
