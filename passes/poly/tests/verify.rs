//! The verifier must accept every legal schedule it is shown and reject illegal
//! ones: wrong order, parallel marks on loops that carry dependences, schedules
//! that lose instances. Trees are written by hand in isl's YAML notation.

mod common;

use common::{check_execution, read, stmt, write, Kernel};
use tessel_poly::error::Violation;
use tessel_poly::notes::Note;
use tessel_poly::{codegen_schedule, verify_schedule, Options, PolyError, Scop};

/// `for i: A[i] = A[i - 1]`: every iteration depends on the previous one.
fn recurrence() -> Scop {
    Scop {
        killed: Vec::new(),
        element_bytes: Vec::new(),
        params: vec!["N".into()],
        context: "[N] -> { : N >= 0 }".into(),
        statements: vec![stmt(
            "S0",
            "[N] -> { S0[i] : 0 <= i < N }",
            "[N] -> { S0[i] -> [0, i, 0] }",
            vec![
                read("[N] -> { S0[i] -> A[i - 1] }"),
                write("[N] -> { S0[i] -> A[i] }"),
            ],
        )],
    }
}

/// `for i, j: A[i][j] = A[i - 1][j + 1]`: distance (1, -1).
fn anti_diagonal() -> Kernel {
    Kernel {
        name: "anti_diagonal",
        scop: Scop {
            killed: Vec::new(),
            element_bytes: Vec::new(),
            params: vec!["N".into()],
            context: "[N] -> { : N >= 0 }".into(),
            statements: vec![stmt(
                "S0",
                "[N] -> { S0[i, j] : 0 <= i < N and 0 <= j < N }",
                "[N] -> { S0[i, j] -> [0, i, 0, j, 0] }",
                vec![
                    read("[N] -> { S0[i, j] -> A[i - 1, j + 1] }"),
                    write("[N] -> { S0[i, j] -> A[i, j] }"),
                ],
            )],
        },
        params: vec![("N", 6)],
        original: |ps| {
            let n = ps["N"];
            (0..n)
                .flat_map(|i| (0..n).map(move |j| ("S0".to_string(), vec![i, j])))
                .collect()
        },
        accesses: |_, it| {
            (
                vec![("A", vec![it[0] - 1, it[1] + 1])],
                vec![("A", vec![it[0], it[1]])],
            )
        },
    }
}

/// `for i { S0: B[i] = A[i]; S1: C[i] = B[i] }`.
fn producer_consumer() -> Scop {
    Scop {
        killed: Vec::new(),
        element_bytes: Vec::new(),
        params: vec!["N".into()],
        context: "[N] -> { : N >= 0 }".into(),
        statements: vec![
            stmt(
                "S0",
                "[N] -> { S0[i] : 0 <= i < N }",
                "[N] -> { S0[i] -> [0, i, 0] }",
                vec![
                    read("[N] -> { S0[i] -> A[i] }"),
                    write("[N] -> { S0[i] -> B[i] }"),
                ],
            ),
            stmt(
                "S1",
                "[N] -> { S1[i] : 0 <= i < N }",
                "[N] -> { S1[i] -> [0, i, 1] }",
                vec![
                    read("[N] -> { S1[i] -> B[i] }"),
                    write("[N] -> { S1[i] -> C[i] }"),
                ],
            ),
        ],
    }
}

fn check(scop: &Scop, tree: &str) -> Result<(), PolyError> {
    verify_schedule(scop, &Options::default(), tree)
}

fn assert_invalid(scop: &Scop, tree: &str, expected: impl Fn(&Violation) -> bool) {
    match check(scop, tree) {
        Err(PolyError::InvalidSchedule(why)) if expected(&why) => {}
        other => panic!("expected another violation, got {other:?} for\n{tree}"),
    }
    // The same tree never reaches code generation.
    assert!(matches!(
        codegen_schedule(scop, &Options::default(), tree),
        Err(PolyError::InvalidSchedule(_))
    ));
}

const FORWARD: &str = r#"
domain: "[N] -> { S0[i] : 0 <= i < N }"
child:
  schedule: "[N] -> [{ S0[i] -> [(i)] }]"
"#;

#[test]
fn original_order_passes() {
    check(&recurrence(), FORWARD).unwrap();
}

#[test]
fn reversed_loop_on_a_carried_dependence_fails() {
    let tree = r#"
domain: "[N] -> { S0[i] : 0 <= i < N }"
child:
  schedule: "[N] -> [{ S0[i] -> [(-i)] }]"
"#;
    assert_invalid(&recurrence(), tree, |v| {
        matches!(v, Violation::Order { kind: "flow", .. })
    });
}

#[test]
fn reversing_an_independent_loop_passes() {
    // The check is exact, not "original order only".
    let tree = r#"
domain: "[N] -> { S0[i] : 0 <= i < N; S1[i] : 0 <= i < N }"
child:
  schedule: "[N] -> [{ S0[i] -> [(-i)]; S1[i] -> [(-i)] }]"
  child:
    sequence:
    - filter: "[N] -> { S0[i] }"
    - filter: "[N] -> { S1[i] }"
"#;
    check(&producer_consumer(), tree).unwrap();
}

#[test]
fn parallel_mark_on_a_carried_loop_fails() {
    let tree = r#"
domain: "[N] -> { S0[i] : 0 <= i < N }"
child:
  mark: "parallel"
  child:
    schedule: "[N] -> [{ S0[i] -> [(i)] }]"
"#;
    assert_invalid(&recurrence(), tree, |v| {
        matches!(v, Violation::ParallelCarries { depth: 0, .. })
    });
}

#[test]
fn parallel_mark_is_judged_inside_the_enclosing_loops() {
    let k = anti_diagonal();
    // The dependence (1, -1) is carried by i: j is parallel inside it...
    let inner = r#"
domain: "[N] -> { S0[i, j] : 0 <= i < N and 0 <= j < N }"
child:
  schedule: "[N] -> [{ S0[i, j] -> [(i)] }]"
  child:
    mark: "parallel"
    child:
      schedule: "[N] -> [{ S0[i, j] -> [(j)] }]"
"#;
    check(&k.scop, inner).unwrap();
    let out = codegen_schedule(&k.scop, &Options::default(), inner).unwrap();
    assert_eq!(out.parallel_loops, 1);
    check_execution(&k, &out.ast, "inner parallel");
    // ...but i is not parallel.
    let outer = r#"
domain: "[N] -> { S0[i, j] : 0 <= i < N and 0 <= j < N }"
child:
  mark: "parallel"
  child:
    schedule: "[N] -> [{ S0[i, j] -> [(i)] }]"
    child:
      schedule: "[N] -> [{ S0[i, j] -> [(j)] }]"
"#;
    assert_invalid(&k.scop, outer, |v| {
        matches!(v, Violation::ParallelCarries { depth: 0, .. })
    });
}

#[test]
fn illegal_interchange_fails_and_a_legal_skew_passes() {
    let k = anti_diagonal();
    let interchanged = r#"
domain: "[N] -> { S0[i, j] : 0 <= i < N and 0 <= j < N }"
child:
  schedule: "[N] -> [{ S0[i, j] -> [(j)] }, { S0[i, j] -> [(i)] }]"
"#;
    assert_invalid(&k.scop, interchanged, |v| {
        matches!(v, Violation::Order { kind: "flow", .. })
    });
    // Skewing j by i turns (1, -1) into (1, 0): legal, and the inner loop is
    // parallel. This is what a wavefront transform produces.
    let skewed = r#"
domain: "[N] -> { S0[i, j] : 0 <= i < N and 0 <= j < N }"
child:
  schedule: "[N] -> [{ S0[i, j] -> [(i)] }]"
  child:
    mark: "parallel"
    child:
      schedule: "[N] -> [{ S0[i, j] -> [(i + j)] }]"
"#;
    check(&k.scop, skewed).unwrap();
    let out = codegen_schedule(&k.scop, &Options::default(), skewed).unwrap();
    check_execution(&k, &out.ast, "skewed");
}

#[test]
fn statements_swapped_in_a_sequence_fail_and_fission_passes() {
    let swapped = r#"
domain: "[N] -> { S0[i] : 0 <= i < N; S1[i] : 0 <= i < N }"
child:
  schedule: "[N] -> [{ S0[i] -> [(i)]; S1[i] -> [(i)] }]"
  child:
    sequence:
    - filter: "[N] -> { S1[i] }"
    - filter: "[N] -> { S0[i] }"
"#;
    assert_invalid(&producer_consumer(), swapped, |v| {
        matches!(v, Violation::Order { kind: "flow", .. })
    });
    let fission = r#"
domain: "[N] -> { S0[i] : 0 <= i < N; S1[i] : 0 <= i < N }"
child:
  sequence:
  - filter: "[N] -> { S0[i] }"
    child:
      mark: "parallel"
      child:
        schedule: "[N] -> [{ S0[i] -> [(i)] }]"
  - filter: "[N] -> { S1[i] }"
    child:
      mark: "parallel"
      child:
        schedule: "[N] -> [{ S1[i] -> [(i)] }]"
"#;
    check(&producer_consumer(), fission).unwrap();
    let out = codegen_schedule(&producer_consumer(), &Options::default(), fission).unwrap();
    assert_eq!(out.parallel_loops, 2);
}

#[test]
fn statements_at_the_same_time_fail() {
    // Fused without an order between S0 and S1: the flow S0[i] -> S1[i] would join
    // two instances scheduled at the same point.
    let tree = r#"
domain: "[N] -> { S0[i] : 0 <= i < N; S1[i] : 0 <= i < N }"
child:
  schedule: "[N] -> [{ S0[i] -> [(i)]; S1[i] -> [(i)] }]"
"#;
    assert_invalid(&producer_consumer(), tree, |v| {
        matches!(v, Violation::Order { kind: "flow", .. })
    });
}

#[test]
fn lost_instances_fail() {
    let tree = r#"
domain: "[N] -> { S0[i] : 0 <= i < N - 1 }"
child:
  schedule: "[N] -> [{ S0[i] -> [(i)] }]"
"#;
    assert_invalid(&recurrence(), tree, |v| matches!(v, Violation::Domain));
}

#[test]
fn parallel_mark_without_a_band_fails() {
    // isl requires a child under a mark; here it is a sequence, not a loop.
    let tree = r#"
domain: "[N] -> { S0[i] : 0 <= i < N; S1[i] : 0 <= i < N }"
child:
  mark: "parallel"
  child:
    sequence:
    - filter: "[N] -> { S0[i] }"
      child:
        schedule: "[N] -> [{ S0[i] -> [(i)] }]"
    - filter: "[N] -> { S1[i] }"
      child:
        schedule: "[N] -> [{ S1[i] -> [(i)] }]"
"#;
    assert_invalid(&producer_consumer(), tree, |v| {
        matches!(v, Violation::MarkNotAboveBand)
    });
}

#[test]
fn unparsable_tree_is_an_isl_error() {
    assert!(matches!(
        check(&recurrence(), "domain: [oops"),
        Err(PolyError::Isl(_))
    ));
}

/// Row sums through a scalar: `for i { S0: T = 0; for j { S1: T = T + A[i][j] }
/// S2: s[i] = T }`, with `T` killed at the end (a demoted scalar) or not, and with
/// the row's start written once before the loop (`running`: a running sum).
fn row_sums(killed: bool, running: bool) -> Scop {
    let init = if running {
        stmt(
            "S0",
            "[N] -> { S0[] : N >= 0 }",
            "[N] -> { S0[] -> [0, 0, 0, 0, 0] }",
            vec![write("[N] -> { S0[] -> T[] }")],
        )
    } else {
        stmt(
            "S0",
            "[N] -> { S0[i] : 0 <= i < N }",
            "[N] -> { S0[i] -> [1, i, 0, 0, 0] }",
            vec![write("[N] -> { S0[i] -> T[] }")],
        )
    };
    Scop {
        killed: if killed { vec!["T".into()] } else { Vec::new() },
        element_bytes: Vec::new(),
        params: vec!["N".into()],
        context: "[N] -> { : N >= 0 }".into(),
        statements: vec![
            init,
            stmt(
                "S1",
                "[N] -> { S1[i, j] : 0 <= i < N and 0 <= j < N }",
                "[N] -> { S1[i, j] -> [1, i, 1, j, 0] }",
                vec![
                    read("[N] -> { S1[i, j] -> T[] }"),
                    read("[N] -> { S1[i, j] -> A[i, j] }"),
                    write("[N] -> { S1[i, j] -> T[] }"),
                ],
            ),
            stmt(
                "S2",
                "[N] -> { S2[i] : 0 <= i < N }",
                "[N] -> { S2[i] -> [1, i, 2, 0, 0] }",
                vec![
                    read("[N] -> { S2[i] -> T[] }"),
                    write("[N] -> { S2[i] -> s[i] }"),
                ],
            ),
        ],
    }
}

#[test]
fn parallel_mark_on_a_loop_that_privatizes_a_scalar() {
    let tree = r#"
domain: "[N] -> { S0[i] : 0 <= i < N; S1[i, j] : 0 <= i < N and 0 <= j < N; S2[i] : 0 <= i < N }"
child:
  mark: "parallel"
  child:
    schedule: "[N] -> [{ S0[i] -> [(i)]; S1[i, j] -> [(i)]; S2[i] -> [(i)] }]"
    child:
      sequence:
      - filter: "[N] -> { S0[i] }"
      - filter: "[N] -> { S1[i, j] }"
        child:
          schedule: "[N] -> [{ S1[i, j] -> [(j)] }]"
      - filter: "[N] -> { S2[i] }"
"#;
    // Each row's value of T lives inside the row: a copy per iteration of i.
    let scop = row_sums(true, false);
    check(&scop, tree).unwrap();
    let out = codegen_schedule(&scop, &Options::default(), tree).unwrap();
    assert_eq!(out.parallel_loops, 1);
    let [tessel_poly::AstNode::For {
        parallel: true,
        private,
        ..
    }] = out.ast.as_slice()
    else {
        panic!("expected one parallel loop: {:?}", out.ast);
    };
    assert_eq!(private, &["T".to_string()]);
    // The same with live-range reordering (T's memory conflicts instead of its
    // dependences).
    let lrr = Options {
        live_range_reordering: true,
        ..Options::default()
    };
    verify_schedule(&scop, &lrr, tree).unwrap();
    // T's last value is visible after the SCoP: every row writes it, so the rows
    // may not run in parallel.
    assert_invalid(&row_sums(false, false), tree, |v| {
        matches!(v, Violation::ParallelCarries { depth: 0, .. })
    });
}

#[test]
fn parallel_mark_on_a_running_sum_fails() {
    // Row i starts from row i - 1's T: the live range crosses iterations.
    let tree = r#"
domain: "[N] -> { S0[] : N >= 0; S1[i, j] : 0 <= i < N and 0 <= j < N; S2[i] : 0 <= i < N }"
child:
  sequence:
  - filter: "[N] -> { S0[] }"
  - filter: "[N] -> { S1[i, j]; S2[i] }"
    child:
      mark: "parallel"
      child:
        schedule: "[N] -> [{ S1[i, j] -> [(i)]; S2[i] -> [(i)] }]"
        child:
          sequence:
          - filter: "[N] -> { S1[i, j] }"
            child:
              schedule: "[N] -> [{ S1[i, j] -> [(j)] }]"
          - filter: "[N] -> { S2[i] }"
"#;
    let scop = row_sums(true, true);
    assert_invalid(&scop, tree, |v| {
        matches!(v, Violation::ParallelCarries { depth: 0, .. })
    });
    let lrr = Options {
        live_range_reordering: true,
        ..Options::default()
    };
    assert!(matches!(
        verify_schedule(&scop, &lrr, tree),
        Err(PolyError::InvalidSchedule(_))
    ));
}

/// Three statements of difftest seed 740546 (reduced), where isl 0.27's AST
/// generator gets the order wrong: for i0, for i1 in 0..=n-2 step 2 {
///   S10: A3[i0][7 - i1] = f(A1[9], A2[i1 + 8][i1 + 7]);
///   S11: A2[i1 + i0 + 6][i0 + 9] = f(A2[..same..], A3[i1 + 2][i1 + 8]);
///   if (i0 == 3) for i2 in 1..n { S12: A3[i1 + 2][i2 + 9] = f(A3[..same..], A0[2 i1 + 8][8], A2[i0 + 5][i2 + 11]) } }
fn shifted_strides() -> Kernel {
    const EVEN: &str = "(i1) mod 2 = 0 and 0 <= i1 <= n - 2";
    Kernel {
        name: "shifted_strides",
        scop: Scop {
            killed: Vec::new(),
            element_bytes: Vec::new(),
            params: vec!["n".into()],
            context: "[n] -> { : n >= 4 }".into(),
            statements: vec![
                stmt(
                    "S10",
                    &format!("[n] -> {{ S10[i0, i1] : 0 <= i0 < n and {EVEN} }}"),
                    "[n] -> { S10[i0, i1] -> [0, i0, 0, i1, 0] }",
                    vec![
                        read("[n] -> { S10[i0, i1] -> A1[9] }"),
                        read("[n] -> { S10[i0, i1] -> A2[i1 + 8, i1 + 7] }"),
                        write("[n] -> { S10[i0, i1] -> A3[i0, 7 - i1] }"),
                    ],
                ),
                stmt(
                    "S11",
                    &format!("[n] -> {{ S11[i0, i1] : 0 <= i0 < n and {EVEN} }}"),
                    "[n] -> { S11[i0, i1] -> [0, i0, 0, i1, 1] }",
                    vec![
                        read("[n] -> { S11[i0, i1] -> A2[i1 + i0 + 6, i0 + 9] }"),
                        read("[n] -> { S11[i0, i1] -> A3[i1 + 2, i1 + 8] }"),
                        write("[n] -> { S11[i0, i1] -> A2[i1 + i0 + 6, i0 + 9] }"),
                    ],
                ),
                stmt(
                    "S12",
                    &format!("[n] -> {{ S12[i0, i1, i2] : i0 = 3 and {EVEN} and 0 < i2 < n }}"),
                    "[n] -> { S12[i0, i1, i2] -> [0, i0, 0, i1, 2, i2, 0] }",
                    vec![
                        read("[n] -> { S12[i0, i1, i2] -> A3[i1 + 2, i2 + 9] }"),
                        read("[n] -> { S12[i0, i1, i2] -> A0[2i1 + 8, 8] }"),
                        read("[n] -> { S12[i0, i1, i2] -> A2[i0 + 5, i2 + 11] }"),
                        write("[n] -> { S12[i0, i1, i2] -> A3[i1 + 2, i2 + 9] }"),
                    ],
                ),
            ],
        },
        params: vec![("n", 8)],
        original: |ps| {
            let n = ps["n"];
            let mut order = Vec::new();
            for i0 in 0..n {
                for i1 in (0..=n - 2).step_by(2) {
                    order.push(("S10".to_string(), vec![i0, i1]));
                    order.push(("S11".to_string(), vec![i0, i1]));
                    if i0 == 3 {
                        for i2 in 1..n {
                            order.push(("S12".to_string(), vec![i0, i1, i2]));
                        }
                    }
                }
            }
            order
        },
        accesses: |name, it| match name {
            "S10" => (
                vec![("A1", vec![9]), ("A2", vec![it[1] + 8, it[1] + 7])],
                vec![("A3", vec![it[0], 7 - it[1]])],
            ),
            "S11" => {
                let a2 = ("A2", vec![it[1] + it[0] + 6, it[0] + 9]);
                (
                    vec![a2.clone(), ("A3", vec![it[1] + 2, it[1] + 8])],
                    vec![a2],
                )
            }
            _ => {
                let a3 = ("A3", vec![it[1] + 2, it[2] + 9]);
                (
                    vec![
                        a3.clone(),
                        ("A0", vec![2 * it[1] + 8, 8]),
                        ("A2", vec![it[0] + 5, it[2] + 11]),
                    ],
                    vec![a3],
                )
            }
        },
    }
}

/// The verified tree the isl scheduler built for those statements (S11 skewed by
/// `i0` in the second loop, fused with S10 and S12). isl 0.27 generates S11 at `c1 = i0 + i1 - 1`
/// for it: S10[0, 2] then runs after S11[0, 4], which overwrites what it reads. The
/// AST check (verify check 4) catches it, and the AST is generated again without
/// isl's stride shifting.
#[test]
fn ast_that_isl_generates_out_of_order_is_caught_and_regenerated() {
    let k = shifted_strides();
    let tree = r#"
domain: "[n] -> { S10[i0, i1] : (i1) mod 2 = 0 and 0 <= i0 < n and 0 <= i1 <= n - 2 and n >= 4; S11[i0, i1] : (i1) mod 2 = 0 and 0 <= i0 < n and 0 <= i1 <= n - 2 and n >= 4; S12[i0 = 3, i1, i2] : (i1) mod 2 = 0 and 0 <= i1 <= n - 2 and 0 < i2 < n and n >= 4 }"
child:
  schedule: "[n] -> [{ S10[i0, i1] -> [(i0)]; S11[i0, i1] -> [(i0)]; S12[i0, i1, i2] -> [(3)] }]"
  child:
    schedule: "[n] -> [{ S10[i0, i1] -> [(2 + i1)]; S11[i0, i1] -> [(i0 + i1)]; S12[i0, i1, i2] -> [(3 + i1)] }, { S10[i0, i1] -> [(1)]; S11[i0, i1] -> [(1)]; S12[i0, i1, i2] -> [(i1 - i2)] }]"
    child:
      schedule: "[n] -> [{ S10[i0, i1] -> [(0)]; S11[i0, i1] -> [(3 - i0)]; S12[i0, i1, i2] -> [(1)] }]"
      child:
        sequence:
        - filter: "[n] -> { S10[i0, i1] }"
        - filter: "[n] -> { S11[i0, i1] }"
        - filter: "[n] -> { S12[i0, i1, i2] }"
"#;
    check(&k.scop, tree).unwrap();
    let out = codegen_schedule(&k.scop, &Options::default(), tree).unwrap();
    assert!(
        out.notes
            .iter()
            .any(|n| matches!(n, Note::AstRegenerated { first, changes }
            if changes.contains("without isl's stride shifting")
                && first.to_string().contains("S10[i0 = 0, i1 = 2] -> S11[i0' = 0, i1' = 4]"))),
        "notes: {:?}",
        out.notes
    );
    check_execution(&k, &out.ast, "regenerated");
}
