//! Seed 003 (Clay, CGO'16): the worked examples of the paper as tests. The kernel is
//! the conventional beamforming kernel of Fig. 1; the scripts are Fig. 4 (Fig. 1 ->
//! Pluto's Fig. 2) and Fig. 9 (-> the refined Fig. 3), with the digest's readings of
//! the OCR damage (shared/design/seed-003-clay-chlore.md §4.3, §5.4-5.5). The
//! expected β-vectors are the digest's tables, computed by hand from Fig. 8.

mod common;

use common::{check_execution, parallel_loops, read, render, stmt, write, Kernel, Params};
use tessel_poly::clay::chlore::recover;
use tessel_poly::clay::{ClaySchedule, Directive};
use tessel_poly::error::{NotRecovered, ScriptError};
use tessel_poly::isl::Ctx;
use tessel_poly::{
    clay_generate, clay_replay, Access, AccessKind, Options, PolyError, SchedulerKind, Scop,
};

/// Fig. 1, statements named as in the paper (there is no S1, erratum E7):
/// ```text
/// t = 0;                      // L0
/// t_val = DBL_MIN;            // S0
/// for (i = 0; i < N; i++) {
///   a_i[i] = 0;               // S2
///   a_r[i] = 0;               // S3
///   for (j = 0; j < M; j++) {
///     a_r[i] += s_r[j]*m_r[i][j] - s_i[j]*m_i[i][j];   // S4
///     a_i[i] += s_i[j]*m_r[i][j] + s_r[j]*m_i[i][j]; } // S5
///   val = a_r[i]*a_r[i] + a_i[i]*a_i[i];               // S6
///   t = (val >= t_val)? (t_val = val, i) : t; }        // S7
/// ```
fn beamforming() -> Kernel {
    let p = "[N, M] -> ";
    let row = |s: &str| format!("{p}{{ {s}[i] : 0 <= i < N }}");
    let nest = |s: &str| format!("{p}{{ {s}[i, j] : 0 <= i < N and 0 <= j < M }}");
    let rel = |r: &str| format!("{p}{{ {r} }}");
    let may = |r: &str| Access {
        kind: AccessKind::MayWrite,
        relation: format!("{p}{{ {r} }}"),
    };
    let products = |s: &str| {
        vec![
            read(&rel(&format!("{s}[i, j] -> sr[j]"))),
            read(&rel(&format!("{s}[i, j] -> si[j]"))),
            read(&rel(&format!("{s}[i, j] -> mr[i, j]"))),
            read(&rel(&format!("{s}[i, j] -> mi[i, j]"))),
        ]
    };
    let statements = vec![
        stmt(
            "L0",
            &rel("L0[]"),
            &rel("L0[] -> [0]"),
            vec![write(&rel("L0[] -> t[]"))],
        ),
        stmt(
            "S0",
            &rel("S0[]"),
            &rel("S0[] -> [1]"),
            vec![write(&rel("S0[] -> tval[]"))],
        ),
        stmt(
            "S2",
            &row("S2"),
            &rel("S2[i] -> [2, i, 0]"),
            vec![write(&rel("S2[i] -> ai[i]"))],
        ),
        stmt(
            "S3",
            &row("S3"),
            &rel("S3[i] -> [2, i, 1]"),
            vec![write(&rel("S3[i] -> ar[i]"))],
        ),
        stmt("S4", &nest("S4"), &rel("S4[i, j] -> [2, i, 2, j, 0]"), {
            let mut a = products("S4");
            a.push(read(&rel("S4[i, j] -> ar[i]")));
            a.push(write(&rel("S4[i, j] -> ar[i]")));
            a
        }),
        stmt("S5", &nest("S5"), &rel("S5[i, j] -> [2, i, 2, j, 1]"), {
            let mut a = products("S5");
            a.push(read(&rel("S5[i, j] -> ai[i]")));
            a.push(write(&rel("S5[i, j] -> ai[i]")));
            a
        }),
        stmt(
            "S6",
            &row("S6"),
            &rel("S6[i] -> [2, i, 3]"),
            vec![
                read(&rel("S6[i] -> ar[i]")),
                read(&rel("S6[i] -> ai[i]")),
                write(&rel("S6[i] -> val[]")),
            ],
        ),
        stmt(
            "S7",
            &row("S7"),
            &rel("S7[i] -> [2, i, 4]"),
            vec![
                read(&rel("S7[i] -> val[]")),
                read(&rel("S7[i] -> tval[]")),
                read(&rel("S7[i] -> t[]")),
                write(&rel("S7[i] -> t[]")),
                may("S7[i] -> tval[]"),
            ],
        ),
    ];
    Kernel {
        name: "beamforming",
        scop: Scop {
            params: vec!["N".into(), "M".into()],
            context: "[N, M] -> { : N >= 1 and M >= 1 }".into(),
            statements,
            ..Scop::default()
        },
        params: vec![("N", 5), ("M", 4)],
        original: |params: &Params| {
            let (n, m) = (params["N"], params["M"]);
            let mut out = vec![("L0".to_string(), vec![]), ("S0".to_string(), vec![])];
            for i in 0..n {
                out.push(("S2".into(), vec![i]));
                out.push(("S3".into(), vec![i]));
                for j in 0..m {
                    out.push(("S4".into(), vec![i, j]));
                    out.push(("S5".into(), vec![i, j]));
                }
                out.push(("S6".into(), vec![i]));
                out.push(("S7".into(), vec![i]));
            }
            out
        },
        accesses: |name: &str, it: &[i64]| {
            let products = |i: i64, j: i64| {
                vec![
                    ("sr", vec![j]),
                    ("si", vec![j]),
                    ("mr", vec![i, j]),
                    ("mi", vec![i, j]),
                ]
            };
            match name {
                "L0" => (vec![], vec![("t", vec![])]),
                "S0" => (vec![], vec![("tval", vec![])]),
                "S2" => (vec![], vec![("ai", vec![it[0]])]),
                "S3" => (vec![], vec![("ar", vec![it[0]])]),
                "S4" => {
                    let mut r = products(it[0], it[1]);
                    r.push(("ar", vec![it[0]]));
                    (r, vec![("ar", vec![it[0]])])
                }
                "S5" => {
                    let mut r = products(it[0], it[1]);
                    r.push(("ai", vec![it[0]]));
                    (r, vec![("ai", vec![it[0]])])
                }
                "S6" => (
                    vec![("ar", vec![it[0]]), ("ai", vec![it[0]])],
                    vec![("val", vec![])],
                ),
                "S7" => (
                    vec![("val", vec![]), ("tval", vec![]), ("t", vec![])],
                    vec![("t", vec![]), ("tval", vec![])],
                ),
                other => panic!("no statement {other}"),
            }
        },
    }
}

fn script(lines: &[&str]) -> Vec<Directive> {
    lines.iter().map(|l| Directive::parse(l).unwrap()).collect()
}

/// Fig. 4, its two columns concatenated.
const FIG_4: &[&str] = &[
    "distribute((2), 3)",
    "distribute((2), 2)",
    "distribute((2), 1)",
    "distribute((4, 0), 1)",
    "distribute((4), 1)",
    "reorder((), (4,5,2,0,1,3,6))",
    "parallelize((0))",
    "parallelize((1))",
    "parallelize((2))",
    "parallelize((3))",
];
/// Fig. 9, left: applied after Fig. 4.
const FIG_9_LEFT: &[&str] = &[
    "reorder((), (0,2,1,3,4,5,6))",
    "fuse_next((0))",
    "fuse_next((0))",
    "fuse_next((0))",
    "fuse_next((0, 2))",
];
/// Fig. 9, right: applied to the original.
const FIG_9_RIGHT: &[&str] = &[
    "distribute((2), 3)",
    "reorder((), (1,2,0,3))",
    "reorder((0), (1,0,2))",
    "parallelize((0))",
];

/// The β-vector of each statement, in the order L0, S0, S2, S3, S4, S5, S6, S7.
fn betas(s: &ClaySchedule) -> Vec<Vec<i64>> {
    ["L0", "S0", "S2", "S3", "S4", "S5", "S6", "S7"]
        .iter()
        .map(|name| {
            let k = s.statements.iter().position(|(n, _)| n == name).unwrap();
            let members: Vec<&Vec<i64>> = s
                .relations
                .iter()
                .filter(|r| r.stmt.0 == k)
                .map(|r| &r.beta)
                .collect();
            assert_eq!(members.len(), 1, "{name}: one member");
            members[0].clone()
        })
        .collect()
}

/// What `transform.tessel.generate` starts from: the defaults without the
/// transforms that follow scheduling.
fn opts() -> Options {
    Options::default().without_transforms()
}

#[test]
fn original_schedule_is_read_from_the_scop() {
    let s = clay_replay(&beamforming().scop, &opts(), &[]).unwrap();
    assert_eq!(
        betas(&s),
        [
            vec![0],
            vec![1],
            vec![2, 0],
            vec![2, 1],
            vec![2, 2, 0],
            vec![2, 2, 1],
            vec![2, 3],
            vec![2, 4]
        ]
    );
}

#[test]
fn clay_1_fig_4_gives_plutos_structure() {
    // The digest's §5.4 table, step by step.
    let expected: &[&[&[i64]]] = &[
        &[
            &[0],
            &[1],
            &[2, 0],
            &[2, 1],
            &[2, 2, 0],
            &[2, 2, 1],
            &[3, 0],
            &[3, 1],
        ],
        &[
            &[0],
            &[1],
            &[2, 0],
            &[2, 1],
            &[3, 0, 0],
            &[3, 0, 1],
            &[4, 0],
            &[4, 1],
        ],
        &[
            &[0],
            &[1],
            &[2, 0],
            &[3, 0],
            &[4, 0, 0],
            &[4, 0, 1],
            &[5, 0],
            &[5, 1],
        ],
        &[
            &[0],
            &[1],
            &[2, 0],
            &[3, 0],
            &[4, 0, 0],
            &[4, 1, 0],
            &[5, 0],
            &[5, 1],
        ],
        &[
            &[0],
            &[1],
            &[2, 0],
            &[3, 0],
            &[4, 0, 0],
            &[5, 0, 0],
            &[6, 0],
            &[6, 1],
        ],
        &[
            &[4],
            &[5],
            &[2, 0],
            &[0, 0],
            &[1, 0, 0],
            &[3, 0, 0],
            &[6, 0],
            &[6, 1],
        ],
    ];
    let kernel = beamforming();
    for (k, want) in expected.iter().enumerate() {
        let s = clay_replay(&kernel.scop, &opts(), &script(&FIG_4[..=k])).unwrap();
        let want: Vec<Vec<i64>> = want.iter().map(|b| b.to_vec()).collect();
        assert_eq!(betas(&s), want, "after {}", FIG_4[k]);
    }
    // The four parallel loops are the outer loops of S3, S4, S2 and S5.
    let s = clay_replay(&kernel.scop, &opts(), &script(FIG_4)).unwrap();
    for r in &s.relations {
        let name = &s.statements[r.stmt.0].0;
        let want = ["S2", "S3", "S4", "S5"].contains(&name.as_str());
        assert_eq!(r.parallel.first().copied().unwrap_or(false), want, "{name}");
    }
}

#[test]
fn clay_2_and_clay_3_reach_fig_3() {
    let kernel = beamforming();
    let fig_3: Vec<Vec<i64>> = [
        &[1][..],
        &[2],
        &[0, 1],
        &[0, 0],
        &[0, 2, 0],
        &[0, 2, 1],
        &[3, 0],
        &[3, 1],
    ]
    .iter()
    .map(|b| b.to_vec())
    .collect();
    let both: Vec<&str> = FIG_4.iter().chain(FIG_9_LEFT).copied().collect();
    let refined = clay_replay(&kernel.scop, &opts(), &script(&both)).unwrap();
    assert_eq!(betas(&refined), fig_3);
    let from_scratch = clay_replay(&kernel.scop, &opts(), &script(FIG_9_RIGHT)).unwrap();
    assert_eq!(betas(&from_scratch), fig_3);
}

#[test]
fn the_three_scripts_generate_verified_code_that_runs_the_same() {
    let kernel = beamforming();
    let both: Vec<&str> = FIG_4.iter().chain(FIG_9_LEFT).copied().collect();
    for (what, lines) in [
        ("fig 4", FIG_4),
        ("fig 9 left", &both[..]),
        ("fig 9 right", FIG_9_RIGHT),
    ] {
        let out = clay_generate(&kernel.scop, &opts(), &script(lines)).unwrap();
        check_execution(&kernel, &out.ast, what);
        let parallel = parallel_loops(&out.ast);
        let outer_parallel = parallel.iter().filter(|(_, depth)| *depth == 0).count();
        // Fig. 2 has four parallel loops; Fig. 3 one.
        let want = if what == "fig 4" { 4 } else { 1 };
        assert_eq!(outer_parallel, want, "{what}:\n{}", render(&out.ast));
    }
}

#[test]
fn a_script_that_breaks_a_dependence_is_refused_with_the_dependence() {
    // S6/S7 (the loop at (3) after distribute) before the a_r/a_i loop reads a_r[i]
    // before S4 has summed into it.
    let kernel = beamforming();
    let err = clay_generate(
        &kernel.scop,
        &opts(),
        &script(&["distribute((2), 3)", "reorder((), (0, 1, 3, 2))"]),
    )
    .unwrap_err();
    assert!(
        matches!(err, PolyError::Script(ScriptError::BreaksDependence(_))),
        "{err}"
    );
    let msg = err.to_string();
    assert!(
        msg.contains("S6") || msg.contains("S4") || msg.contains("S5"),
        "{msg}"
    );
    // Parallelizing the S6/S7 loop breaks the max-reduction's dependences.
    let err = clay_generate(
        &kernel.scop,
        &opts(),
        &script(&["distribute((2), 3)", "parallelize((3))"]),
    )
    .unwrap_err();
    assert!(err.to_string().contains("breaks a dependence"), "{err}");
}

#[test]
fn shift_skew_and_reshape_follow_the_substitution_sign() {
    // Digest §1.1, the Clay library's tests: shift by -1 gives α1 = i + 1;
    // skew((0,0), 1, 2) on an (i, j) nest gives α2 = j - 2α1 (here: j - 2i).
    let kernel = beamforming();
    let s = clay_replay(&kernel.scop, &opts(), &script(&["shift((2), 1, -1)"])).unwrap();
    let s2 = s.statements.iter().position(|(n, _)| n == "S2").unwrap();
    let rel = s.relations.iter().find(|r| r.stmt.0 == s2).unwrap();
    assert_eq!(
        s.relation_text(rel, 3),
        "[N, M] -> { S2[i1] -> [2, a1, 0] : 1*a1 - 1*i1 - 1 = 0 }"
    );
    let s = clay_replay(&kernel.scop, &opts(), &script(&["skew((2, 2), 1, 2)"])).unwrap();
    let s4 = s.statements.iter().position(|(n, _)| n == "S4").unwrap();
    let rel = s.relations.iter().find(|r| r.stmt.0 == s4).unwrap();
    // α2 - i2 = 0 with α2 ↦ α2 + 2α1: α2 + 2α1 - i2 = 0.
    assert_eq!(rel.constraints[1].alpha, [2, 1]);
    assert_eq!(rel.constraints[1].input, [0, -1]);
}

#[test]
fn clay_inv_each_pair_undoes_the_other() {
    let kernel = beamforming();
    let original = clay_replay(&kernel.scop, &opts(), &[]).unwrap();
    for pair in [
        &["stripmine((2), 4)", "linearize((2))"][..],
        &["indexsetsplit((2), i1 - 2 >= 0)", "collapse((2))"],
        &["grain((2, 2), 2, 3)", "densify((2, 2), 2)"],
        &["distribute((2), 2)", "fuse_next((2))"],
        &["skew((2, 2), 1, 3)", "skew((2, 2), 1, -3)"],
        &["reshape((2, 2), 1, 2)", "reshape((2, 2), 1, -2)"],
        &["shift((2), 1, N - 1)", "shift((2), 1, 1 - N)"],
        &["reverse((2, 2))", "reverse((2, 2))"],
        &["interchange((2, 2), 1)", "interchange((2, 2), 1)"],
        &["reorder((), (2, 0, 1))", "reorder((), (1, 2, 0))"],
        // The Clay library's pair (digest §4.4, its embed_unembed_invariant).
        &["embed((1))", "unembed((1, 0))"],
    ] {
        let s = clay_replay(&kernel.scop, &opts(), &script(pair)).unwrap();
        assert_eq!(s, original, "{pair:?}");
    }
}

#[test]
fn tile_is_stripmine_and_interchange() {
    // Digest §1.4: STRIPMINE((2,2)) ... on the j loop and the i loop, then the chunk
    // loops outside: α = (ti, tj, i, j) for S4 and S5 after isolating them.
    let kernel = beamforming();
    let isolate = ["distribute((2), 3)", "distribute((2), 2)"];
    let tiled: Vec<&str> = isolate
        .iter()
        .copied()
        .chain(["tile((3), (4, 2))"])
        .collect();
    let by_hand: Vec<&str> = isolate
        .iter()
        .copied()
        .chain([
            "stripmine((3), 4)",
            "stripmine((3, 0, 0), 2)",
            "interchange((3, 0, 0), 2)",
        ])
        .collect();
    let a = clay_replay(&kernel.scop, &opts(), &script(&tiled)).unwrap();
    let b = clay_replay(&kernel.scop, &opts(), &script(&by_hand)).unwrap();
    assert_eq!(a, b);
    let out = clay_generate(&kernel.scop, &opts(), &script(&tiled)).unwrap();
    check_execution(&kernel, &out.ast, "tiled");
}

#[test]
fn clay_pre_preconditions_are_checked() {
    let kernel = beamforming();
    for (line, why) in [
        ("distribute((2), 0)", "n must be in 1..4"),
        ("distribute((2), 5)", "n must be in 1..4"),
        ("fuse_next((2))", "no next sibling"),
        ("fuse_next((2, 2))", "a statement, not a loop"),
        ("reverse((2, 0))", "not a loop"),
        ("stripmine((1), 4)", "not a loop"),
        ("skew((2, 2), 2, 1)", "skewed by itself"),
        ("skew((2, 2), 1, 0)", "must not be 0"),
        ("interchange((2, 2), 2)", "outer loop"),
        ("grain((2), 1, 0)", "at least 1"),
        ("densify((2), 1)", "no grain"),
        ("reorder((), (0, 1, 1))", "permutation"),
        ("reorder((), (0, 1))", "permutation"),
        ("linearize((2))", "not a chunk"),
        ("shift((2), 1, i1)", "parameters only"),
        (
            "indexsetsplit((2), k - 1 >= 0)",
            "neither a parameter nor a dimension",
        ),
        ("collapse((2))", "no two members"),
        ("stripmine((2), 0)", "at least 1"),
        ("tile((2), (4, 4))", "not a perfect nest"),
        ("distribute((7), 1)", "no statement has the β-prefix (7)"),
        // Global validity (§4.3): α2 = j - j is constant, so two instances share a date.
        ("reshape((2, 2), 2, 1)", "same date"),
    ] {
        let err = clay_replay(&kernel.scop, &opts(), &script(&[line])).unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains(why), "{line}: {msg}");
        assert!(msg.starts_with("directive 1: "), "{line}: {msg}");
    }
}

#[test]
fn a_split_loop_generates_both_halves() {
    // INDEXSETSPLIT then DISTRIBUTE: two loops over i < 2 and i >= 2, the same
    // instances in the same order for each statement.
    let kernel = beamforming();
    let lines = ["indexsetsplit((2), 1 - i1 >= 0)", "distribute((2), 5)"];
    let s = clay_replay(&kernel.scop, &opts(), &script(&lines)).unwrap();
    assert_eq!(s.relations.len(), 14);
    let out = clay_generate(&kernel.scop, &opts(), &script(&lines)).unwrap();
    check_execution(&kernel, &out.ast, "split");
}

// ------------------------------------------------------------------- Chlore (§6)

/// Chlore's script from the original schedule to `target`, checked by its oracle:
/// replayed on the original, it gives `target` (digest §8.4).
fn recover_checked(kernel: &Kernel, source: &ClaySchedule, target: &ClaySchedule) -> Vec<String> {
    let found = recover(source, target).unwrap_or_else(|e| panic!("not recovered: {e}"));
    let mut replayed = source.clone();
    for d in &found {
        replayed.apply(d).unwrap();
    }
    let cx = Ctx::new(0).unwrap();
    replayed.check_global_validity(&cx).unwrap();
    assert!(
        replayed.same_as(target, &cx).unwrap(),
        "{}: the recovered script does not give the target: {found:?}",
        kernel.name
    );
    found.iter().map(|d| d.to_string()).collect()
}

fn original(kernel: &Kernel) -> ClaySchedule {
    clay_replay(&kernel.scop, &opts(), &[]).unwrap()
}

#[test]
fn chlore_1_fig_1_to_fig_2_gives_fig_4() {
    let kernel = beamforming();
    let target = clay_replay(&kernel.scop, &opts(), &script(FIG_4)).unwrap();
    let found = recover_checked(&kernel, &original(&kernel), &target);
    let fig_4: Vec<String> = script(FIG_4).iter().map(|d| d.to_string()).collect();
    assert_eq!(found, fig_4);
}

#[test]
fn chlore_3_fig_1_to_fig_3_gives_fig_9_right() {
    let kernel = beamforming();
    let target = clay_replay(&kernel.scop, &opts(), &script(FIG_9_RIGHT)).unwrap();
    let found = recover_checked(&kernel, &original(&kernel), &target);
    let fig_9: Vec<String> = script(FIG_9_RIGHT).iter().map(|d| d.to_string()).collect();
    assert_eq!(found, fig_9);
}

#[test]
fn chlore_fig_2_to_fig_3_fuses_and_reorders() {
    // The digest's §5.5: a different sequence than Fig. 9-left, with the same result.
    let kernel = beamforming();
    let fig_2 = clay_replay(&kernel.scop, &opts(), &script(FIG_4)).unwrap();
    let both: Vec<&str> = FIG_4.iter().chain(FIG_9_LEFT).copied().collect();
    let fig_3 = clay_replay(&kernel.scop, &opts(), &script(&both)).unwrap();
    let found = recover_checked(&kernel, &fig_2, &fig_3);
    assert_eq!(
        found,
        [
            "fuse_next((0))",
            "fuse_next((0))",
            "fuse_next((0))",
            "reorder((0), (0, 2, 1, 3))",
            "fuse_next((0, 2))"
        ]
    );
}

#[test]
fn chlore_recovers_loop_changes_with_skew_interchange_reverse_and_shift() {
    let kernel = beamforming();
    let target_script = [
        "distribute((2), 2)",
        "interchange((3, 0), 1)",
        "skew((3, 0), 1, -1)",
        "reverse((2))",
        "shift((2), 1, N - 1)",
        "reshape((3, 0), 2, -1)",
        "parallelize((2))",
    ];
    let target = clay_replay(&kernel.scop, &opts(), &script(&target_script)).unwrap();
    let found = recover_checked(&kernel, &original(&kernel), &target);
    assert!(
        found.iter().any(|d| d.starts_with("interchange")),
        "{found:?}"
    );
    assert!(found.iter().any(|d| d.starts_with("shift")), "{found:?}");
}

#[test]
fn chlore_rt_random_scripts_round_trip() {
    // Digest §5.7 CHLORE-RT: random valid scripts of β and loop primitives (STRIPMINE
    // of size 1, GRAIN and EMBED among them); Chlore must find a script that gives the same schedule
    // (not the same script).
    let kernel = beamforming();
    let source = original(&kernel);
    let cx = Ctx::new(0).unwrap();
    let mut seed: u64 = 0x5eed_0003;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) % n as u64) as usize
    };
    let mut applied_total = 0;
    let mut embedded = 0;
    let mut lengths = Vec::new();
    for _ in 0..150 {
        let mut target = source.clone();
        let mut applied = 0;
        for _ in 0..10 {
            // A loop of the current forest, then a primitive on it.
            let loops: Vec<Vec<i64>> = {
                let mut v: Vec<Vec<i64>> = Vec::new();
                for r in &target.relations {
                    for level in 0..r.depth() {
                        let p = r.beta[..=level].to_vec();
                        if !v.contains(&p) {
                            v.push(p);
                        }
                    }
                }
                v
            };
            let rho = loops[next(loops.len())].clone();
            let p = format!(
                "({})",
                rho.iter()
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            let d = rho.len();
            let line = match next(12) {
                0 => format!("distribute({p}, {})", 1 + next(3)),
                1 => format!("fuse_next({p})"),
                2 => {
                    let n = target
                        .relations
                        .iter()
                        .filter(|r| r.beta.len() > d && r.beta[..d] == rho[..])
                        .map(|r| r.beta[d])
                        .max()
                        .unwrap_or(0) as usize
                        + 1;
                    let mut v: Vec<usize> = (0..n).collect();
                    for k in (1..n).rev() {
                        v.swap(k, next(k + 1));
                    }
                    let v: Vec<String> = v.iter().map(usize::to_string).collect();
                    format!("reorder({p}, ({}))", v.join(", "))
                }
                3 => format!("interchange({p}, {})", 1 + next(d.max(1))),
                4 => format!("reverse({p})"),
                5 => format!("skew({p}, {}, {})", 1 + next(3), [-2, -1, 1, 2][next(4)]),
                6 => format!(
                    "shift({p}, {}, {})",
                    1 + next(d),
                    ["N", "1 - M", "2"][next(3)]
                ),
                7 => format!("parallelize({p})"),
                // A copy of the loop (more loops than iterators), which the later
                // directives may skew or shift.
                8 => format!("stripmine({p}, 1)"),
                // A sparser loop (GRAIN).
                9 => format!("grain({p}, {}, {})", 1 + next(d), 2 + next(2)),
                // A statement with no loop (L0, S0) in a loop of one iteration,
                // which later directives may fuse with a loop or shift.
                10 => {
                    let loopless: Vec<&Vec<i64>> = target
                        .relations
                        .iter()
                        .filter(|r| r.depth() == 0)
                        .map(|r| &r.beta)
                        .collect();
                    match loopless[..] {
                        [] => continue,
                        _ => format!("embed(({}))", loopless[next(loopless.len())][0]),
                    }
                }
                _ => "reorder((), (1, 0, 2))".to_string(),
            };
            let Ok(directive) = Directive::parse(&line) else {
                continue;
            };
            let mut trial = target.clone();
            if trial.apply(&directive).is_ok() && trial.check_global_validity(&cx).is_ok() {
                target = trial;
                applied += 1;
                embedded += usize::from(matches!(directive, Directive::Embed { .. }));
            }
        }
        applied_total += applied;
        lengths.push(recover_checked(&kernel, &source, &target).len());
    }
    assert!(
        applied_total > 400,
        "the generator applied only {applied_total} directives"
    );
    assert!(
        embedded > 20,
        "the generator applied only {embedded} embeds"
    );
    let mean = lengths.iter().sum::<usize>() as f64 / lengths.len() as f64;
    eprintln!("CHLORE-RT: 150 scripts, {applied_total} directives applied ({embedded} embeds), recovered scripts of mean length {mean:.1}");
}

// ------------------------------------------------------------- tessel-explain

fn suite_scop(name: &str) -> Scop {
    common::polybench()
        .into_iter()
        .find(|(n, _)| n == name)
        .map(|(_, scops)| scops[0].clone())
        .unwrap_or_else(|| panic!("no kernel {name}"))
}

#[test]
fn explain_recovers_the_schedulers_choices() {
    // clay_explain returns a script only after its two oracles: the replay gives
    // the target, and the target orders every pair of instances as the
    // scheduler's tree does.
    // cholesky without rar: with it, isl fuses S2 (A[i][i] -= A[i][k]^2) into the
    // S0 loop, which reads A[i][k] too, at a position Chlore does not recover yet
    // (explain_says_what_it_cannot_recover).
    for (name, preset, rar) in [
        ("gemm", SchedulerKind::Isl, true),
        ("gemm", SchedulerKind::Pluto, true),
        ("atax", SchedulerKind::Isl, true),
        ("2mm", SchedulerKind::Feautrier, true),
        ("cholesky", SchedulerKind::Isl, false),
        ("seidel-2d", SchedulerKind::Isl, true),
    ] {
        let scop = suite_scop(name);
        let opts = Options {
            scheduler: preset,
            rar,
            ..Options::default()
        };
        // By default the scheduler's tree is explained, and generate repeats the
        // transforms that follow it; untiled, the tree with its parallel marks.
        for options in [opts.clone(), untiled(&opts)] {
            let explained = tessel_poly::clay_explain(&scop, &options)
                .unwrap_or_else(|e| panic!("{name} {preset:?}: {e}"));
            assert_eq!(explained.options.tile, options.tile);
            assert_eq!(explained.generate_options.is_empty(), !options.tile);
            // The script replays on the original (and is verified) with clay_generate.
            clay_generate(&scop, &generate_options(&explained), &explained.script)
                .unwrap_or_else(|e| panic!("{name} {preset:?}: the script does not generate: {e}"));
        }
    }
}

/// `opts` with the transforms that follow scheduling off, as `tessel-explain{tile=0
/// intra-tile=0 wavefront=0 unroll-jam=0 register-tile=1,1}` has them.
fn untiled(opts: &Options) -> Options {
    opts.without_transforms()
}

/// The options of the explained script's `generate`, as the op reads them.
fn generate_options(explained: &tessel_poly::Explained) -> Options {
    let mut options = Options::default().without_transforms();
    options.apply_text(&explained.generate_options).unwrap();
    options
}

#[test]
fn explain_says_when_the_optimizer_keeps_the_original_code() {
    // Under scheduler=auto, floyd-warshall's schedule crosses no fewer cache lines
    // and sweeps no fewer matrices than the original order, and has no parallel
    // loop, tile or jam: tessel-optimize keeps the original code
    // (Optimized::no_gain). The script still explains the schedule set aside, and
    // says its code is not tessel-optimize's.
    let scop = suite_scop("floyd-warshall");
    let opts = Options {
        scheduler: SchedulerKind::Auto,
        ..Options::default()
    };
    let optimized = tessel_poly::optimize(&scop, &opts).unwrap();
    let why = optimized
        .no_gain
        .expect("floyd-warshall keeps its original code");
    let explained = tessel_poly::clay_explain(&scop, &opts).unwrap();
    assert_eq!(explained.kept_original, Some(why));
    assert!(!explained.same_code);
    // A preset has no such rule: gemm under isl is tessel-optimize's code.
    let gemm = tessel_poly::clay_explain(
        &suite_scop("gemm"),
        &Options {
            scheduler: SchedulerKind::Isl,
            ..Options::default()
        },
    )
    .unwrap();
    assert!(gemm.kept_original.is_none() && gemm.same_code);
}

#[test]
fn explain_recovers_set_nodes_with_any_order() {
    // adi under isl: under the time loop, the column and row sweeps each run their
    // boundary statements in a set node, whose parts isl's AST generator orders (and
    // unroll-and-jam interleaves) its own way; with Clay's ordered blocks the code
    // differed. The script marks those loops any_order, and replays to the
    // optimizer's code.
    let scop = suite_scop("adi");
    let opts = Options {
        scheduler: SchedulerKind::Isl,
        ..Options::default()
    };
    let explained = tessel_poly::clay_explain(&scop, &opts).unwrap();
    let text: Vec<String> = explained.script.iter().map(|d| d.to_string()).collect();
    assert!(text.iter().any(|d| d.starts_with("any_order(")), "{text:?}");
    assert!(explained.same_code, "{text:?}");
    let replayed = clay_generate(&scop, &generate_options(&explained), &explained.script).unwrap();
    let optimized = tessel_poly::optimize(&scop, &opts).unwrap();
    assert_eq!(replayed.ast, optimized.ast);
}

#[test]
fn explain_with_tiling_replays_to_the_optimizers_code() {
    // tessel-optimize's code, tiles, wavefronts, unroll-and-jam and all, from the
    // explained script and generate's options. seidel-2d under isl has the band
    // (4t + 2i + j) and the band (t, i) under it, and floyd-warshall the bands (k),
    // (i + j), (i): Clay's perfect nest would be one band, which tiling would cut
    // otherwise, so the script starts the scheduler's bands with split_band.
    for (name, preset, splits) in [
        ("gemm", SchedulerKind::Isl, false),
        ("jacobi-2d", SchedulerKind::Pluto, false),
        ("seidel-2d", SchedulerKind::Isl, true),
        ("floyd-warshall", SchedulerKind::Isl, true),
    ] {
        let scop = suite_scop(name);
        let opts = Options {
            scheduler: preset,
            ..Options::default()
        };
        let explained = tessel_poly::clay_explain(&scop, &opts)
            .unwrap_or_else(|e| panic!("{name} {preset:?}: {e}"));
        let text: Vec<String> = explained.script.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            text.iter().any(|d| d.starts_with("split_band(")),
            splits,
            "{name} {preset:?}: {text:?}"
        );
        assert!(explained.same_code, "{name} {preset:?}: {text:?}");
        let replayed = clay_generate(&scop, &generate_options(&explained), &explained.script)
            .unwrap_or_else(|e| panic!("{name} {preset:?}: {e}"));
        let optimized = tessel_poly::optimize(&scop, &opts).unwrap();
        if !splits {
            assert!(optimized.tiled_bands > 0, "{name}: tiled");
        }
        assert_eq!(replayed.ast, optimized.ast, "{name} {preset:?}: {text:?}");
    }
}

#[test]
fn explain_recovers_a_statement_run_once_per_iteration() {
    // fdtd-2d under the isl preset fuses ey[0][j] = fict[t] into the first row of
    // the ey update, and cholesky (with rar, the default) S2 into S0's reversed loop
    // at a constant position: statements constant in a loop that sort neither
    // before nor after it. Each is a loop of one iteration for that statement
    // (more loops than iterators), which Chlore adds by STRIPMINE of size 1.
    // trisolv under pluto has S2 (x[i] /= L[i][i]) at (i, i): two loops over one
    // iterator.
    for (name, preset) in [
        ("fdtd-2d", SchedulerKind::Isl),
        ("cholesky", SchedulerKind::Isl),
        ("trisolv", SchedulerKind::Pluto),
    ] {
        let scop = suite_scop(name);
        let opts = Options {
            scheduler: preset,
            ..Options::default()
        };
        let explained = tessel_poly::clay_explain(&scop, &opts)
            .unwrap_or_else(|e| panic!("{name} {preset:?}: {e}"));
        let text: Vec<String> = explained.script.iter().map(|d| d.to_string()).collect();
        assert!(
            text.iter()
                .any(|d| d.starts_with("stripmine(") && d.ends_with(", 1)")),
            "{name} {preset:?}: {text:?}"
        );
        clay_generate(&scop, &generate_options(&explained), &explained.script)
            .unwrap_or_else(|e| panic!("{name} {preset:?}: the script does not generate: {e}"));
    }
}

#[test]
fn explain_gives_a_statement_with_no_loop_a_loop_by_embed() {
    // durbin and correlation under pluto run statements with no loop at one
    // iteration of a loop (durbin's S0..S2 at i0 = 0 in the band over i0, before
    // its iterations from 1). EMBED gives each a loop of one iteration, which
    // Chlore fuses; beside the loop instead, the code differs in shape.
    for name in ["durbin", "correlation"] {
        let scop = suite_scop(name);
        let opts = Options {
            scheduler: SchedulerKind::Pluto,
            ..Options::default()
        };
        let explained =
            tessel_poly::clay_explain(&scop, &opts).unwrap_or_else(|e| panic!("{name}: {e}"));
        let text: Vec<String> = explained.script.iter().map(|d| d.to_string()).collect();
        assert!(
            text.iter().any(|d| d.starts_with("embed(")),
            "{name}: {text:?}"
        );
        assert!(explained.same_code, "{name}: {text:?}");
        let replayed = clay_generate(&scop, &generate_options(&explained), &explained.script)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let optimized = tessel_poly::optimize(&scop, &opts).unwrap();
        assert_eq!(replayed.ast, optimized.ast, "{name}: {text:?}");
    }
}

#[test]
fn chlore_says_what_it_cannot_recover() {
    let kernel = beamforming();
    let source = original(&kernel);
    // A split into two members of one statement.
    let lines = ["indexsetsplit((2), 1 - i1 >= 0)"];
    let target = clay_replay(&kernel.scop, &opts(), &script(&lines)).unwrap();
    let err = recover(&source, &target).unwrap_err();
    assert!(matches!(err, NotRecovered::MemberCount { .. }), "{err}");
    // Fewer loops than the source: undoing a strip-mine is LINEARIZE.
    let mined = clay_replay(&kernel.scop, &opts(), &script(&["stripmine((2), 4)"])).unwrap();
    let err = recover(&mined, &source).unwrap_err();
    assert!(matches!(err, NotRecovered::LoopCount { .. }), "{err}");
    // From every other point back to every point: DENSIFY.
    let sparse = clay_replay(&kernel.scop, &opts(), &script(&["grain((2), 1, 2)"])).unwrap();
    let err = recover(&sparse, &source).unwrap_err();
    assert!(matches!(err, NotRecovered::Lattice(_)), "{err}");
}

#[test]
fn chlore_recovers_sparser_loops_by_grain() {
    // Seed 003 §6.3 (Algorithm 2): loops that run over a sublattice of the
    // iterators' points. GRAIN by 2, and (i + j, i - j) in a 2-d nest (determinant
    // -2): the rows' Hermite form has a pivot of 2, which GRAIN makes.
    let kernel = beamforming();
    let source = original(&kernel);
    for lines in [
        &["grain((2), 1, 2)"][..],
        &["grain((2, 2), 2, 3)", "shift((2, 2), 2, 1)"],
        &[
            "skew((2, 2), 1, 1)",
            "grain((2, 2), 1, 2)",
            "skew((2, 2), 1, -1)",
        ],
    ] {
        let target = clay_replay(&kernel.scop, &opts(), &script(lines)).unwrap();
        let found = recover_checked(&kernel, &source, &target);
        assert!(
            found.iter().any(|d| d.starts_with("grain(")),
            "{lines:?}: {found:?}"
        );
    }
}

#[test]
fn index_set_split_at_the_root_splits_the_whole_scop() {
    // ρ = (): every member gets a copy for N < 5 after all of them; N = 5 runs the
    // first copies only, and an always-false split leaves members that run nothing.
    let kernel = beamforming();
    for lines in [
        &["indexsetsplit((), N - 5 >= 0)"][..],
        &["indexsetsplit((), -1 >= 0)"],
        &["indexsetsplit((2), -1 >= 0)", "distribute((2), 5)"],
    ] {
        let s = clay_replay(&kernel.scop, &opts(), &script(lines)).unwrap();
        assert_eq!(
            s.relations.len(),
            16 - 2 * usize::from(lines.len() == 2),
            "{lines:?}"
        );
        let out = clay_generate(&kernel.scop, &opts(), &script(lines)).unwrap();
        check_execution(&kernel, &out.ast, lines[0]);
    }
    let back = clay_replay(
        &kernel.scop,
        &opts(),
        &script(&["indexsetsplit((), N - 5 >= 0)", "collapse(())"]),
    )
    .unwrap();
    assert_eq!(back, original(&kernel));
}

#[test]
fn explain_places_a_statement_that_never_runs() {
    // S1's domain is empty: the scheduler's tree has no leaf for it. It goes last,
    // where it changes no order, and the script still replays to the schedule.
    let scop = common::scop_over_n(vec![
        stmt(
            "S0",
            "[n] -> { S0[i] : 0 <= i < n }",
            "[n] -> { S0[i] -> [0, i, 0] }",
            vec![write("[n] -> { S0[i] -> A[i] }")],
        ),
        stmt(
            "S1",
            "[n] -> { S1[i] : 0 <= i < n and i > n }",
            "[n] -> { S1[i] -> [1, i, 0] }",
            vec![
                read("[n] -> { S1[i] -> A[i] }"),
                write("[n] -> { S1[i] -> B[i] }"),
            ],
        ),
        stmt(
            "S2",
            "[n] -> { S2[i] : 0 <= i < n }",
            "[n] -> { S2[i] -> [2, i, 0] }",
            vec![
                read("[n] -> { S2[i] -> A[i] }"),
                write("[n] -> { S2[i] -> C[i] }"),
            ],
        ),
    ]);
    let explained = tessel_poly::clay_explain(&scop, &opts()).unwrap();
    clay_generate(&scop, &generate_options(&explained), &explained.script).unwrap();
}

#[test]
fn explain_completes_loops_that_a_domain_equality_fixes() {
    // S0[i, j] runs on the diagonal j = i only: the scheduler's tree needs one loop
    // for it, and Clay's schedules date every point of any domain (§4.3). The
    // missing iterator gets an innermost loop of its own, which runs one iteration
    // on the domain, and the script still replays and generates.
    let scop = common::scop_over_n(vec![
        stmt(
            "S0",
            "[n] -> { S0[i, j] : 0 <= i < n and j = i }",
            "[n] -> { S0[i, j] -> [0, i, 0, j, 0] }",
            vec![
                read("[n] -> { S0[i, j] -> B[i, j] }"),
                write("[n] -> { S0[i, j] -> A[i] }"),
            ],
        ),
        stmt(
            "S1",
            "[n] -> { S1[i] : 0 <= i < n }",
            "[n] -> { S1[i] -> [1, i, 0] }",
            vec![
                read("[n] -> { S1[i] -> A[i] }"),
                write("[n] -> { S1[i] -> C[i] }"),
            ],
        ),
    ]);
    let explained = tessel_poly::clay_explain(&scop, &opts()).unwrap();
    assert!(explained.same_code, "{:?}", explained.script);
    clay_generate(&scop, &generate_options(&explained), &explained.script).unwrap();
}
