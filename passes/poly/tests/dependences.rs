//! Dependences, compared with relations derived by hand (isl equality, not text).

mod common;

use common::{gemm_init, guarded, jacobi_1d, read, scalar_reduction, scop_over_n, stmt, write};
use isl_rs::UnionMap;
use tessel_poly::isl::{Ctx, IslResult};
use tessel_poly::{describe_dependences, Access, AccessKind, Dependences, Options, Scop};

fn assert_same(cx: &Ctx, kind: &str, got: &UnionMap, expected: &str) {
    let want = UnionMap::read_from_str(cx.raw(), expected)
        .isl(cx)
        .expect("expected relation parses");
    let equal = got.is_equal(&want).isl(cx).expect("comparison");
    assert!(
        equal,
        "{kind}: got {}\nexpected {expected}",
        cx.text(got).unwrap_or_default()
    );
}

#[test]
fn gemm_init_flows_from_init_to_first_update_and_along_k() {
    let cx = Ctx::new(0).unwrap();
    let d = Dependences::of_scop(&cx, &gemm_init().scop).unwrap();
    // C[i][j] is written by S0, then read and rewritten by S1 for k = 0, 1, ...
    let chain = "S1[i, j, k] -> S1[i, j, k + 1] : 0 <= i < N and 0 <= j < N and 0 <= k < N - 1";
    let init = "S0[i, j] -> S1[i, j, 0] : 0 <= i < N and 0 <= j < N";
    assert_same(
        &cx,
        "flow",
        d.flow(),
        &format!("[N] -> {{ {init}; {chain} }}"),
    );
    // The read of C at k precedes the write at k + 1 (the write at k is in the
    // same instance, after the read: no dependence).
    assert_same(&cx, "anti", d.anti(), &format!("[N] -> {{ {chain} }}"));
    assert_same(
        &cx,
        "output",
        d.output(),
        &format!("[N] -> {{ {init}; {chain} }}"),
    );
}

#[test]
fn jacobi_1d_dependences() {
    let cx = Ctx::new(0).unwrap();
    let d = Dependences::of_scop(&cx, &jacobi_1d().scop).unwrap();
    let same_t = "0 <= t < T and 1 <= i <= N - 2";
    let next_t = "0 <= t < T - 1 and 1 <= i <= N - 2";
    let near = "1 <= i2 <= N - 2 and i - 1 <= i2 <= i + 1";
    // B[i]: S0 -> S1 in the same t. A[i]: S1 at t -> the three S0 readers at t + 1.
    assert_same(
        &cx,
        "flow",
        d.flow(),
        &format!("[T, N] -> {{ S0[t, i] -> S1[t, i] : {same_t}; S1[t, i] -> S0[t + 1, i2] : {next_t} and {near} }}"),
    );
    // S0 reads A[i-1..i+1] before S1 of the same t overwrites them; S1 reads B[i]
    // before S0 of the next t overwrites it.
    assert_same(
        &cx,
        "anti",
        d.anti(),
        &format!("[T, N] -> {{ S0[t, i] -> S1[t, i2] : {same_t} and {near}; S1[t, i] -> S0[t + 1, i] : {next_t} }}"),
    );
    assert_same(
        &cx,
        "output",
        d.output(),
        &format!("[T, N] -> {{ S0[t, i] -> S0[t + 1, i] : {next_t}; S1[t, i] -> S1[t + 1, i] : {next_t} }}"),
    );
}

#[test]
fn scalar_reduction_is_a_chain_through_the_scalar() {
    let cx = Ctx::new(0).unwrap();
    let d = Dependences::of_scop(&cx, &scalar_reduction().scop).unwrap();
    let chain = "S1[i] -> S1[i + 1] : 0 <= i < N - 1";
    let init = "S0[] -> S1[0] : N >= 1";
    assert_same(
        &cx,
        "flow",
        d.flow(),
        &format!("[N] -> {{ {init}; {chain} }}"),
    );
    assert_same(&cx, "anti", d.anti(), &format!("[N] -> {{ {chain} }}"));
    assert_same(
        &cx,
        "output",
        d.output(),
        &format!("[N] -> {{ {init}; {chain} }}"),
    );
}

#[test]
fn guarded_statement_dependences_respect_the_guard() {
    let cx = Ctx::new(0).unwrap();
    let d = Dependences::of_scop(&cx, &guarded().scop).unwrap();
    // Dependences hold only where the context (here M >= 0) does.
    assert_same(
        &cx,
        "flow",
        d.flow(),
        "[N, M] -> { S0[i] -> S1[i] : M >= 0 and 0 <= i < N and i >= M; \
         S0[i] -> S0[i + 1] : M >= 0 and i >= M and 0 <= i < N - 1 }",
    );
    assert_same(&cx, "anti", d.anti(), "{ }");
    assert_same(&cx, "output", d.output(), "{ }");
}

/// A may-write does not kill: the read sees both the must-write before it and the
/// may-write.
#[test]
fn may_writes_are_sources_but_not_cuts() {
    let may = |r: &str| Access {
        kind: AccessKind::MayWrite,
        relation: r.into(),
    };
    let scop = Scop {
        killed: Vec::new(),
        element_bytes: Vec::new(),
        params: vec!["N".into()],
        context: "[N] -> { : N >= 0 }".into(),
        statements: vec![
            stmt(
                "S0",
                "[N] -> { S0[i] : 0 <= i < N }",
                "[N] -> { S0[i] -> [0, i, 0] }",
                vec![write("[N] -> { S0[i] -> A[i] }")],
            ),
            stmt(
                "S1",
                "[N] -> { S1[i] : 0 <= i < N }",
                "[N] -> { S1[i] -> [0, i, 1] }",
                vec![may("[N] -> { S1[i] -> A[i] }")],
            ),
            stmt(
                "S2",
                "[N] -> { S2[i] : 0 <= i < N }",
                "[N] -> { S2[i] -> [0, i, 2] }",
                vec![read("[N] -> { S2[i] -> A[i] }")],
            ),
        ],
    };
    let cx = Ctx::new(0).unwrap();
    let d = Dependences::of_scop(&cx, &scop).unwrap();
    assert_same(
        &cx,
        "flow",
        d.flow(),
        "[N] -> { S0[i] -> S2[i] : 0 <= i < N; S1[i] -> S2[i] : 0 <= i < N }",
    );
    assert_same(
        &cx,
        "output",
        d.output(),
        "[N] -> { S0[i] -> S1[i] : 0 <= i < N }",
    );
    assert_same(&cx, "anti", d.anti(), "{ }");
}

/// The text form: one line per kind, in order, and each line is isl notation that
/// reads back as the same relation.
#[test]
fn describe_dependences_prints_one_parsable_line_per_kind() {
    let scop = jacobi_1d().scop;
    let text = describe_dependences(&scop, &Options::default()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    let cx = Ctx::new(0).unwrap();
    let d = Dependences::of_scop(&cx, &scop).unwrap();
    for (line, (kind, map)) in lines.iter().zip(d.kinds()) {
        let rel = line
            .strip_prefix(&format!("{kind}: "))
            .unwrap_or_else(|| panic!("{line}"));
        assert_same(&cx, kind, map, rel);
    }
    // Stable: the same input prints the same text.
    assert_eq!(
        text,
        describe_dependences(&scop, &Options::default()).unwrap()
    );
}

/// Difftest seed 780104: a scalar written along an inner loop and read before it,
/// the middle loop in steps of 3. S1 at i2 reads what S2 wrote last, at i2 - 3
/// (the i3 loop runs at least once). isl 0.27's lexmax answered "S2 at i2 = 0"
/// for every i2 >= 3 until cmake/isl-lexopt-sorted-div-mod.patch: its search for
/// constraints that fix an output dimension ran on unsorted constraints.
#[test]
fn strided_reader_gets_the_previous_iteration_s_value() {
    let dom = "(i2) mod 3 = 0 and 0 < i0 <= n and 0 < i1 <= 5 and 0 <= i2 < n";
    let scop = scop_over_n(vec![
        stmt(
            "S0",
            "[n] -> { S0[] }",
            "[n] -> { S0[] -> [0] }",
            vec![write("[n] -> { S0[] -> L[] }")],
        ),
        stmt(
            "S1",
            &format!("[n] -> {{ S1[i0, i1, i2] : {dom} }}"),
            "[n] -> { S1[i0, i1, i2] -> [1, i0, 0, i1, 0, i2, 0] }",
            vec![read("[n] -> { S1[i0, i1, i2] -> L[] }")],
        ),
        stmt(
            "S2",
            &format!("[n] -> {{ S2[i0, i1, i2, i3] : {dom} and i2 <= i3 <= n + 1 }}"),
            "[n] -> { S2[i0, i1, i2, i3] -> [1, i0, 0, i1, 0, i2, 1, i3, 0] }",
            vec![write("[n] -> { S2[i0, i1, i2, i3] -> L[] }")],
        ),
    ]);
    let cx = Ctx::new(0).unwrap();
    let d = Dependences::of_scop(&cx, &scop).unwrap();
    // The last i2 of a row is the largest multiple of 3 below n.
    let last = "i3 = n + 1 and (i2) mod 3 = 0 and n - 3 <= i2 < n and i2 >= 0";
    assert_same(
        &cx,
        "flow",
        d.flow(),
        &format!(
            "[n] -> {{ S0[] -> S1[1, 1, 0] : n >= 1; \
             S2[i0, i1, i2, i3] -> S1[i0, i1, i2 + 3] : i3 = n + 1 and (i2) mod 3 = 0 \
               and 0 < i0 <= n and 0 < i1 <= 5 and 0 <= i2 and i2 + 3 < n; \
             S2[i0, i1, i2, i3] -> S1[i0, i1 + 1, 0] : {last} and 0 < i0 <= n and 0 < i1 <= 4; \
             S2[i0, i1, i2, i3] -> S1[i0 + 1, 1, 0] : {last} and i1 = 5 and 0 < i0 < n }}"
        ),
    );
}

/// Dataflow runs through the original schedule as a tree; 2d+1 schedules that do
/// not nest as one (S0 ends at the textual position where S1 goes on into a loop:
/// no sequence node can order them) keep the flat map, with the same answer.
#[test]
fn schedules_that_do_not_nest_fall_back_to_the_flat_map() {
    let scop = scop_over_n(vec![
        stmt(
            "S0",
            "[n] -> { S0[i] : 0 <= i < n }",
            "[n] -> { S0[i] -> [0, i, 0] }",
            vec![write("[n] -> { S0[i] -> A[i] }")],
        ),
        stmt(
            "S1",
            "[n] -> { S1[i, j] : 0 <= i < n and 1 <= j < n }",
            "[n] -> { S1[i, j] -> [0, i, 0, j, 0] }",
            vec![read("[n] -> { S1[i, j] -> A[i] }")],
        ),
    ]);
    let cx = Ctx::new(0).unwrap();
    let d = Dependences::of_scop(&cx, &scop).unwrap();
    assert_same(
        &cx,
        "flow",
        d.flow(),
        "[n] -> { S0[i] -> S1[i, j] : 0 <= i < n and 1 <= j < n }",
    );
}
