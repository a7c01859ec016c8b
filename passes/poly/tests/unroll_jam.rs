//! Unroll-and-jam around scalar reduction chains (`transform::jam`): which loops it
//! jams, that the jammed code computes what the original did once the scalar has a
//! slot per copy, and that it is dropped when a dependence forbids it.

mod common;

use common::{read, run, simulate, stmt, write, Kernel, Loc, Params, Touches};
use tessel_poly::notes::{JamNote, Note};
use tessel_poly::{optimize, Options, ScalarExpansion, Scop, StmtId};

/// A matrix-vector product through a scalar, as front ends write it with
/// `iter_args`: `for i { S0: T = 0; for j { S1: T = T + A[i][j] * x[j] } S2: y[i] = T }`,
/// with `T` dead after the SCoP (a demoted scalar).
fn matvec_scop() -> Scop {
    Scop {
        killed: vec!["T".into()],
        element_bytes: Vec::new(),
        params: vec!["N".into()],
        context: "[N] -> { : N >= 0 }".into(),
        statements: vec![
            stmt(
                "S0",
                "[N] -> { S0[i] : 0 <= i < N }",
                "[N] -> { S0[i] -> [0, i, 0, 0, 0] }",
                vec![write("[N] -> { S0[i] -> T[] }")],
            ),
            stmt(
                "S1",
                "[N] -> { S1[i, j] : 0 <= i < N and 0 <= j < N }",
                "[N] -> { S1[i, j] -> [0, i, 1, j, 0] }",
                vec![
                    read("[N] -> { S1[i, j] -> T[] }"),
                    read("[N] -> { S1[i, j] -> A[i, j] }"),
                    read("[N] -> { S1[i, j] -> x[j] }"),
                    write("[N] -> { S1[i, j] -> T[] }"),
                ],
            ),
            stmt(
                "S2",
                "[N] -> { S2[i] : 0 <= i < N }",
                "[N] -> { S2[i] -> [0, i, 2, 0, 0] }",
                vec![
                    read("[N] -> { S2[i] -> T[] }"),
                    write("[N] -> { S2[i] -> y[i] }"),
                ],
            ),
        ],
    }
}

fn matvec_order(ps: &Params) -> Vec<(String, Vec<i64>)> {
    let n = ps["N"];
    let mut v = Vec::new();
    for i in 0..n {
        v.push(("S0".to_string(), vec![i]));
        for j in 0..n {
            v.push(("S1".to_string(), vec![i, j]));
        }
        v.push(("S2".to_string(), vec![i]));
    }
    v
}

/// The accesses with `T` at `slot(i)`.
fn matvec_touches(s: &str, it: &[i64], slot: fn(i64) -> i64) -> Touches {
    let t = ("T", vec![slot(it[0])]);
    match s {
        "S0" => (vec![], vec![t]),
        "S1" => (
            vec![t.clone(), ("A", vec![it[0], it[1]]), ("x", vec![it[1]])],
            vec![t],
        ),
        _ => (vec![t], vec![("y", vec![it[0]])]),
    }
}

/// `N` = 6: one full block of 4 rows and a partial one of 2.
fn matvec(accesses: fn(&str, &[i64]) -> Touches) -> Kernel {
    Kernel {
        name: "matvec",
        scop: matvec_scop(),
        params: vec![("N", 6)],
        original: matvec_order,
        accesses,
    }
}

/// What is left of the memory once the dead scalar is dropped.
fn live(mut mem: std::collections::HashMap<Loc, u64>) -> std::collections::HashMap<Loc, u64> {
    mem.retain(|(array, _), _| *array != "T");
    mem
}

#[test]
fn matvec_rows_are_jammed_by_four_with_a_scalar_per_row() {
    let scalar = matvec(|s, it| matvec_touches(s, it, |_| 0));
    let slots = matvec(|s, it| matvec_touches(s, it, |i| i.rem_euclid(4)));
    let out = optimize(&scalar.scop, &Options::default()).unwrap();
    assert!(
        out.notes
            .iter()
            .any(|n| matches!(n, Note::Jam(JamNote::Kept { jam, .. })
            if jam.loops == 1 && jam.arrays == ["T"] && jam.blocks == [4])),
        "notes: {:?}",
        out.notes
    );
    // T gets 4 slots, slot i mod 4 in every statement (the row iterator is dim 0).
    assert_eq!(
        out.expanded,
        vec![ScalarExpansion {
            array: "T".into(),
            block: 4,
            slots: vec![
                (StmtId(0), Some(0)),
                (StmtId(1), Some(0)),
                (StmtId(2), Some(0))
            ],
        }]
    );
    let params = scalar.param_map();
    let original = matvec_order(&params);
    let executed = run(&out.ast, &params, false);
    let mut a = original.clone();
    let mut b = executed.clone();
    a.sort();
    b.sort();
    assert_eq!(a, b, "instances");
    // The rows' chains interleave: with one shared T the result would differ...
    assert_ne!(
        live(simulate(&scalar, &executed)),
        live(simulate(&scalar, &original)),
        "the jammed order should interleave rows"
    );
    // ...with a slot per row it is the original's.
    assert_eq!(
        live(simulate(&slots, &executed)),
        live(simulate(&scalar, &original))
    );
    assert_eq!(
        live(simulate(&slots, &run(&out.ast, &params, true))),
        live(simulate(&scalar, &original)),
        "parallel loops reversed"
    );
}

/// gesummv's shape: two chains per row,
/// `for i { S0: T = 0; S1: U = 0; for j { S2: T += A[i][j] * x[j]; S3: U += B[i][j] * x[j] }
/// S4: y[i] = T + U }`.
fn two_chains_scop() -> Scop {
    let row = |name: &str, scalar: &str| {
        stmt(
            name,
            &format!("[N] -> {{ {name}[i] : 0 <= i < N }}"),
            &format!(
                "[N] -> {{ {name}[i] -> [0, i, {}, 0, 0] }}",
                if name == "S0" { 0 } else { 1 }
            ),
            vec![write(&format!("[N] -> {{ {name}[i] -> {scalar}[] }}"))],
        )
    };
    let chain = |name: &str, scalar: &str, matrix: &str, position: i64| {
        stmt(
            name,
            &format!("[N] -> {{ {name}[i, j] : 0 <= i < N and 0 <= j < N }}"),
            &format!("[N] -> {{ {name}[i, j] -> [0, i, 2, j, {position}] }}"),
            vec![
                read(&format!("[N] -> {{ {name}[i, j] -> {scalar}[] }}")),
                read(&format!("[N] -> {{ {name}[i, j] -> {matrix}[i, j] }}")),
                read(&format!("[N] -> {{ {name}[i, j] -> x[j] }}")),
                write(&format!("[N] -> {{ {name}[i, j] -> {scalar}[] }}")),
            ],
        )
    };
    Scop {
        killed: vec!["T".into(), "U".into()],
        element_bytes: Vec::new(),
        params: vec!["N".into()],
        context: "[N] -> { : N >= 0 }".into(),
        statements: vec![
            row("S0", "T"),
            row("S1", "U"),
            chain("S2", "T", "A", 0),
            chain("S3", "U", "B", 1),
            stmt(
                "S4",
                "[N] -> { S4[i] : 0 <= i < N }",
                "[N] -> { S4[i] -> [0, i, 3, 0, 0] }",
                vec![
                    read("[N] -> { S4[i] -> T[] }"),
                    read("[N] -> { S4[i] -> U[] }"),
                    write("[N] -> { S4[i] -> y[i] }"),
                ],
            ),
        ],
    }
}

/// `unroll-jam` counts chains side by side: two per row and 4 in all is a jam by
/// 2 (by 4, LLVM's SLP vectorizer gathered gesummv's rows); 3 in all is no jam.
#[test]
fn two_chains_per_row_are_jammed_by_half_the_chains() {
    let scop = two_chains_scop();
    let jams = |unroll_jam| {
        let opts = Options {
            unroll_jam,
            ..Options::default()
        };
        let out = optimize(&scop, &opts).unwrap();
        let blocks: Vec<i64> = out.expanded.iter().map(|e| e.block).collect();
        (blocks, out.notes)
    };
    let (blocks, notes) = jams(4);
    assert_eq!(blocks, vec![2, 2], "notes: {notes:?}");
    assert!(
        notes
            .iter()
            .any(|n| matches!(n, Note::Jam(JamNote::Kept { jam, .. })
            if jam.loops == 1 && jam.arrays == ["T", "U"] && jam.blocks == [2])),
        "notes: {notes:?}"
    );
    assert_eq!(jams(8).0, vec![4, 4]);
    let (blocks, notes) = jams(3);
    assert!(blocks.is_empty(), "blocks: {blocks:?}");
    assert!(
        !notes.iter().any(|n| matches!(n, Note::Jam(_))),
        "notes: {notes:?}"
    );
}

#[test]
fn unroll_jam_zero_leaves_the_scalar_alone() {
    let k = matvec(|s, it| matvec_touches(s, it, |_| 0));
    let opts = Options {
        unroll_jam: 0,
        ..Options::default()
    };
    let out = optimize(&k.scop, &opts).unwrap();
    assert!(out.expanded.is_empty());
    assert!(!out.notes.iter().any(|n| matches!(n, Note::Jam(_))));
}

/// A forward substitution through a scalar (trisolv's shape):
/// `for i { S0: T = b[i]; for j < i { S1: T = T - L[i][j] * x[j] } S2: x[i] = T }`.
/// Row i reads the x[j] of the rows before it, so rows can't be interleaved.
#[test]
fn a_jam_that_breaks_a_dependence_is_not_kept() {
    let scop = Scop {
        killed: vec!["T".into()],
        element_bytes: Vec::new(),
        params: vec!["N".into()],
        context: "[N] -> { : N >= 0 }".into(),
        statements: vec![
            stmt(
                "S0",
                "[N] -> { S0[i] : 0 <= i < N }",
                "[N] -> { S0[i] -> [0, i, 0, 0, 0] }",
                vec![
                    read("[N] -> { S0[i] -> b[i] }"),
                    write("[N] -> { S0[i] -> T[] }"),
                ],
            ),
            stmt(
                "S1",
                "[N] -> { S1[i, j] : 0 <= j < i < N }",
                "[N] -> { S1[i, j] -> [0, i, 1, j, 0] }",
                vec![
                    read("[N] -> { S1[i, j] -> T[] }"),
                    read("[N] -> { S1[i, j] -> L[i, j] }"),
                    read("[N] -> { S1[i, j] -> x[j] }"),
                    write("[N] -> { S1[i, j] -> T[] }"),
                ],
            ),
            stmt(
                "S2",
                "[N] -> { S2[i] : 0 <= i < N }",
                "[N] -> { S2[i] -> [0, i, 2, 0, 0] }",
                vec![
                    read("[N] -> { S2[i] -> T[] }"),
                    write("[N] -> { S2[i] -> x[i] }"),
                ],
            ),
        ],
    };
    let opts = Options {
        scheduler: tessel_poly::SchedulerKind::Identity,
        ..Options::default()
    };
    let out = optimize(&scop, &opts).unwrap();
    assert!(out.expanded.is_empty(), "expanded: {:?}", out.expanded);
    assert!(
        out.notes.iter().any(|n| matches!(n,
            Note::Jam(JamNote::Reverses(jam) | JamNote::Refused { jam, .. })
                if jam.loops == 1 && jam.arrays == ["T"] && jam.blocks == [4])),
        "notes: {:?}",
        out.notes
    );
}
