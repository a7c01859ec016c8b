//! Schedule trees: band structure, permutability, coincidence, tiling and parallel
//! marks, checked on the text of `describe_schedule` and on the generated AST.
//! Expectations come from the dependence distances of each kernel. isl prints a
//! band's `coincident` list only when some member is coincident.

mod common;

use common::*;
use tessel_poly::{
    codegen_schedule, describe_schedule, optimize, Options, RegisterBlock, SchedulerKind, Scop,
    Target,
};

/// The original order as the identity scheduler builds it (no post-tile reordering).
fn identity_tree(kernel: &Kernel) -> String {
    describe_schedule(
        &kernel.scop,
        &scheduler_only(SchedulerKind::Identity, false, false),
    )
    .unwrap()
}

fn t_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with("T(")).collect()
}

fn count(text: &str, needle: &str) -> usize {
    text.matches(needle).count()
}

#[test]
fn gemm_identity_is_one_permutable_band_with_i_and_j_coincident() {
    // Every dependence of gemm is on C[i][j] along k: distance (0, 0, 1).
    let text = identity_tree(&gemm());
    assert_eq!(count(&text, "permutable: 1"), 1, "{text}");
    assert!(text.contains("coincident: [ 1, 1, 0 ]"), "{text}");
    assert_eq!(t_lines(&text), ["T(S0): (i, j, k)"]);
}

#[test]
fn post_tile_reordering_sinks_j_in_gemm() {
    // Along j, C[i][j] and B[k][j] stay in their line and A[i][k] is reused; along k,
    // B moves a row. So j goes innermost: (i, k, j), in the tiled point band and in
    // the untiled band alike, and i stays outermost (the parallel one).
    for tile in [false, true] {
        // No register block, which would split the point band further.
        let opts = Options {
            register_tile: RegisterBlock::NONE,
            ..options(SchedulerKind::Identity, tile, true)
        };
        let text = describe_schedule(&gemm().scop, &opts).unwrap();
        let want = if tile {
            "T(S0): (i - (i) mod 4, j - (j) mod 3, k - (k) mod 3, i, k, j)"
        } else {
            "T(S0): (i, k, j)"
        };
        assert_eq!(t_lines(&text), [want], "{text}");
    }
}

#[test]
fn gemm_init_band_i_j_then_sequence_then_k() {
    // S0 and S1 share loops i, j; then S0 comes before the k loop of S1.
    let text = identity_tree(&gemm_init());
    assert!(text.contains("coincident: [ 1, 1 ]"), "{text}");
    assert!(text.contains("sequence:"), "{text}");
    assert_eq!(
        count(&text, "coincident:"),
        1,
        "the k band carries the reduction: {text}"
    );
    assert_eq!(
        t_lines(&text),
        ["T(S0): (i, j, 0, 0)", "T(S1): (i, j, 1, k)"]
    );
}

#[test]
fn jacobi_1d_time_loop_is_not_coincident_inner_loops_are() {
    let text = identity_tree(&jacobi_1d());
    // t carries S1(t) -> S0(t+1); each i loop carries nothing.
    assert_eq!(count(&text, "permutable: 1"), 3, "{text}");
    assert_eq!(count(&text, "coincident: [ 1 ]"), 2, "{text}");
    assert_eq!(count(&text, "coincident:"), 2, "{text}");
    assert_eq!(t_lines(&text), ["T(S0): (t, 0, i)", "T(S1): (t, 1, i)"]);
}

#[test]
fn seidel_loops_stay_separate_and_sequential() {
    // Distances (0,0,1), (0,1,-1), (1,-1,-1), ...: i and j cannot join t's band
    // (negative components), j cannot join i's; every loop carries something.
    let kernel = seidel_2d();
    let text = identity_tree(&kernel);
    assert_eq!(count(&text, "permutable: 1"), 3, "{text}");
    assert_eq!(count(&text, "coincident:"), 0, "{text}");
    assert_eq!(t_lines(&text), ["T(S0): (t, i, j)"]);
    let out = optimize(&kernel.scop, &options(SchedulerKind::Identity, true, true)).unwrap();
    assert_eq!((out.tiled_bands, out.parallel_loops), (0, 0));
}

#[test]
fn coincidence_of_other_kernels() {
    let cases = [
        (triangular(), "coincident: [ 1, 0 ]"),
        (stepped(), "coincident: [ 1, 0 ]"),
        (time_loop(), "coincident: [ 0, 1 ]"),
    ];
    for (kernel, flags) in cases {
        let text = identity_tree(&kernel);
        assert!(text.contains(flags), "{}: {text}", kernel.name);
        assert!(text.contains("permutable: 1"), "{}: {text}", kernel.name);
    }
    let text = identity_tree(&scalar_reduction());
    assert_eq!(t_lines(&text), ["T(S0): (0, 0)", "T(S1): (1, i)"]);
    assert_eq!(count(&text, "coincident:"), 0, "{text}");
}

#[test]
fn tiling_gemm_gives_a_three_dimensional_tile_band() {
    let opts = Options {
        register_tile: RegisterBlock::NONE,
        ..scheduler_only(SchedulerKind::Identity, true, false)
    };
    let out = optimize(&gemm().scop, &opts).unwrap();
    assert_eq!(out.tiled_bands, 1);
    // Tile sizes 4, 3 and the last repeats: tile loops step 4, 3, 3 over origins,
    // point loops run from the origin to min(origin + size - 1, bound).
    assert_eq!(
        render(&out.ast),
        "for c0 in 0..=N - 1 step 4 { for c1 in 0..=M - 1 step 3 { for c2 in 0..=K - 1 step 3 { \
         for c3 in c0..=min(N - 1, c0 + 3) { for c4 in c1..=min(M - 1, c1 + 2) { \
         for c5 in c2..=min(K - 1, c2 + 2) { S0(c3, c4, c5) } } } } } }"
    );
    let text = describe_schedule(&gemm().scop, &opts).unwrap();
    // Tile and point bands keep the flags.
    assert_eq!(count(&text, "coincident: [ 1, 1, 0 ]"), 2, "{text}");
}

#[test]
fn only_multi_member_permutable_bands_are_tiled() {
    let tiled = |k: &Kernel| {
        optimize(&k.scop, &options(SchedulerKind::Identity, true, false))
            .unwrap()
            .tiled_bands
    };
    assert_eq!(tiled(&gemm_init()), 1); // (i, j); the k band has one member
    assert_eq!(tiled(&jacobi_1d()), 0);
    assert_eq!(tiled(&triangular()), 1);
    assert_eq!(tiled(&stepped()), 1);
    assert_eq!(tiled(&scalar_reduction()), 0);
    assert_eq!(tiled(&time_loop()), 1);
}

#[test]
fn parallel_marks_land_on_the_outermost_coincident_loop() {
    let par = |k: &Kernel, tile: bool| {
        let out = optimize(&k.scop, &options(SchedulerKind::Identity, tile, true)).unwrap();
        assert_eq!(out.parallel_loops, parallel_loops(&out.ast).len());
        parallel_loops(&out.ast)
    };
    // The parallel marks of the verified schedule tree, before profitability.
    let marks = |k: &Kernel| {
        let out = optimize(&k.scop, &options(SchedulerKind::Identity, false, true)).unwrap();
        out.schedule_tree.matches("mark: \"parallel\"").count()
    };
    let at = |v: &[(&str, usize)]| {
        v.iter()
            .map(|(s, d)| (s.to_string(), *d))
            .collect::<Vec<_>>()
    };
    assert_eq!(par(&gemm(), false), at(&[("c0", 0)]));
    assert_eq!(par(&gemm(), true), at(&[("c0", 0)]));
    assert_eq!(par(&gemm_init(), false), at(&[("c0", 0)]));
    // Both i loops under the sequential t loop are coincident and marked, but each
    // has no loop inside: one fork per t for a single loop's work costs more than it
    // gains (ast::keep_profitable_parallel), so on a CPU neither stays parallel.
    assert_eq!(marks(&jacobi_1d()), 2);
    assert_eq!(par(&jacobi_1d(), false), at(&[]));
    assert_eq!(par(&triangular(), true), at(&[("c0", 0)]));
    assert_eq!(par(&stepped(), false), at(&[("c0", 0)]));
    assert_eq!(par(&scalar_reduction(), false), at(&[]));
    assert_eq!(par(&guarded(), false), at(&[]));
    // t is not coincident, i is: the band is split to expose i, which is marked (and
    // then, with no loop inside it, kept sequential as jacobi-1d's).
    assert_eq!(marks(&time_loop()), 1);
    assert_eq!(par(&time_loop(), false), at(&[]));
}

#[test]
fn coincident_tile_loops_are_collapsed_into_one_parallel_loop() {
    // gemm's i and j carry nothing: tiled, their tile loops (steps 4 and 3) run in
    // parallel together; untiled, the point loop i alone is parallel (collapsing
    // point loops would cost the inner loop's vectorization).
    let ast = |tile: bool, collapse: bool| {
        let opts = Options {
            parallel_collapse: collapse,
            ..options(SchedulerKind::Identity, tile, true)
        };
        render(&optimize(&gemm().scop, &opts).unwrap().ast)
    };
    let tiled = ast(true, true);
    assert!(
        tiled.starts_with(
            "for c0 in 0..=N - 1 step 4 par { for c1 in 0..=M - 1 step 3 par { for c2"
        ),
        "{tiled}"
    );
    let one = ast(true, false);
    assert!(
        one.starts_with("for c0 in 0..=N - 1 step 4 par { for c1 in 0..=M - 1 step 3 {"),
        "{one}"
    );
    let untiled = ast(false, true);
    assert!(
        untiled.starts_with("for c0 in 0..=N - 1 par { for c1 in"),
        "{untiled}"
    );
}

#[test]
fn identity_ast_has_the_loop_structure_of_the_input() {
    // No scalar replacement either (a 1x1 register block): it puts guards on loops;
    // nor unroll-and-jam (triangular's row sums would be jammed).
    let ast = |k: &Kernel| {
        let opts = Options {
            register_tile: RegisterBlock::NONE,
            unroll_jam: 0,
            ..options(SchedulerKind::Identity, false, false)
        };
        render(&optimize(&k.scop, &opts).unwrap().ast)
    };
    assert_eq!(
        ast(&gemm_init()),
        "for c0 in 0..=N - 1 { for c1 in 0..=N - 1 { S0(c0, c1) for c2 in 0..=N - 1 { S1(c0, c1, c2) } } }"
    );
    assert_eq!(
        ast(&jacobi_1d()),
        "for c0 in 0..=T - 1 { for c1 in 1..=N - 2 { S0(c0, c1) } for c1 in 1..=N - 2 { S1(c0, c1) } }"
    );
    assert_eq!(
        ast(&triangular()),
        "for c0 in 0..=N - 1 { for c1 in 0..=c0 { S0(c0, c1) } }"
    );
    assert_eq!(
        ast(&stepped()),
        "for c0 in 0..=N - 1 step 2 { for c1 in 0..=M - 1 { S0(c0, c1) } }"
    );
    assert_eq!(
        ast(&scalar_reduction()),
        "S0() for c0 in 0..=N - 1 { S1(c0) }"
    );
}

#[test]
fn isl_reference_keeps_isl_coincidence_and_is_verified() {
    for kernel in all_kernels() {
        let text = describe_schedule(
            &kernel.scop,
            &options(SchedulerKind::IslReference, false, false),
        )
        .unwrap_or_else(|e| panic!("{}: {e}", kernel.name));
        assert!(text.contains("T(S0)"), "{}: {text}", kernel.name);
    }
    // gemm: isl finds the same parallelism as the original order.
    let text = describe_schedule(
        &gemm().scop,
        &scheduler_only(SchedulerKind::IslReference, false, false),
    )
    .unwrap();
    assert!(text.contains("coincident: [ 1, 1, 0 ]"), "{text}");
}

#[test]
fn a_strided_iterator_still_gets_a_schedule_member() {
    // `for i = 0 to N step 2`: the domain's affine hull has the stride `i = 2e`,
    // an equality with a div, which fixes nothing. Our schedulers used to count it
    // as a known row and stop at (j), scheduling all i at once (AST generation
    // happened to add the missing loop). Each instance needs its own point.
    for kind in [
        SchedulerKind::Pluto,
        SchedulerKind::Isl,
        SchedulerKind::Feautrier,
    ] {
        let text = describe_schedule(&stepped().scop, &options(kind, false, false)).unwrap();
        let lines = t_lines(&text);
        assert_eq!(lines.len(), 1, "{text}");
        let members = lines[0].matches(',').count() + 1;
        assert_eq!(members, 2, "{kind:?}: {text}");
        assert!(
            lines[0].contains('i') && lines[0].contains('j'),
            "{kind:?}: {text}"
        );
    }
}

#[test]
fn a_parallel_mark_on_a_member_without_a_loop_marks_no_other_loop() {
    // The marked member is constant, so isl generates no loop for it, and the
    // first loop under the mark is the next member's, `i`, which carries
    // S[i] -> S[i + 1]. Marking that loop parallel would be a race (the wavefront
    // of a tile band gives such members: the tile loop is fixed by the wavefront).
    let scop = Scop {
        params: vec![],
        context: "{ : }".into(),
        statements: vec![stmt(
            "S",
            "{ S[i] : 0 <= i < 10 }",
            "{ S[i] -> [0, i, 0] }",
            vec![read("{ S[i] -> A[i] }"), write("{ S[i] -> A[i + 1] }")],
        )],
        killed: vec![],
        element_bytes: Vec::new(),
    };
    let tree = r#"domain: "{ S[i] : 0 <= i < 10 }"
child:
  mark: "parallel"
  child:
    schedule: "[{ S[i] -> [(0)] }]"
    child:
      schedule: "[{ S[i] -> [(i)] }]"
"#;
    let out =
        codegen_schedule(&scop, &options(SchedulerKind::Identity, false, true), tree).unwrap();
    let text = render(&out.ast);
    assert!(text.contains("for c1 in 0..=9 {"), "{text}");
    assert_eq!(out.parallel_loops, 0, "{text}");
}

/// `O[h][w] += I[h + a][w + b] * K[a][b]` over `(h, w, a, b)`, with `extra` reads of
/// its statement.
fn conv_2d(extra: Vec<tessel_poly::Access>) -> Scop {
    let mut accesses = vec![
        read("[H, W, R] -> { S0[h, w, a, b] -> I[h + a, w + b] }"),
        read("[H, W, R] -> { S0[h, w, a, b] -> K[a, b] }"),
        read("[H, W, R] -> { S0[h, w, a, b] -> O[h, w] }"),
        write("[H, W, R] -> { S0[h, w, a, b] -> O[h, w] }"),
    ];
    accesses.extend(extra);
    Scop {
        killed: Vec::new(),
        element_bytes: Vec::new(),
        params: vec!["H".into(), "W".into(), "R".into()],
        context: "[H, W, R] -> { : H >= 0 and W >= 0 and R >= 0 }".into(),
        statements: vec![stmt(
            "S0",
            "[H, W, R] -> { S0[h, w, a, b] : 0 <= h < H and 0 <= w < W and 0 <= a < R and 0 <= b < R }",
            "[H, W, R] -> { S0[h, w, a, b] -> [0, h, 0, w, 0, a, 0, b, 0] }",
            accesses,
        )],
    }
}

#[test]
fn a_parallel_stride_one_loop_sinks_below_the_reduction_loops() {
    // Only O[h][w] is written, at one element per (h, w): w carries nothing, while
    // (a, b) carry the sum, which cannot be permuted freely (distance (1, -2) in
    // (a, b) is possible). Along w, I and O step within a line and K stays; along b,
    // I and K step within a line and O stays: no fewer misses, but b carries the sum.
    // So post-tile reordering moves w below a and b, where LLVM vectorizes it.
    let sunk = Options {
        intra_tile: true,
        ..options(SchedulerKind::Isl, false, true)
    };
    let text = describe_schedule(&conv_2d(Vec::new()), &sunk).unwrap();
    assert_eq!(t_lines(&text), ["T(S0): (h, a, b, w)"], "{text}");
    let kept = scheduler_only(SchedulerKind::Isl, false, true);
    let text = describe_schedule(&conv_2d(Vec::new()), &kept).unwrap();
    assert_eq!(t_lines(&text), ["T(S0): (h, w, a, b)"], "{text}");
}

#[test]
fn a_loop_that_carries_a_dependence_is_not_sunk() {
    // Reading O[h][w - 1] makes w carry a flow dependence: w must stay outside a, b.
    let opts = Options {
        intra_tile: true,
        ..options(SchedulerKind::Isl, false, true)
    };
    let scop = conv_2d(vec![read("[H, W, R] -> { S0[h, w, a, b] -> O[h, w - 1] }")]);
    let text = describe_schedule(&scop, &opts).unwrap();
    let t = t_lines(&text);
    assert_eq!(t.len(), 1, "{text}");
    assert!(!t[0].ends_with(", w)"), "{text}");
}

/// fdtd-2d's three updates per time step: `ey` (S0) and `ex` (S1) each read `hz`
/// and nothing the other writes; `hz` (S2) reads both.
fn fdtd_2d_updates() -> Scop {
    let p = "[T, N]";
    // Statement `name`, the `nest`-th of a time step, over `bounds` on (i, j): reads
    // `reads`, then writes `written[i, j]`.
    let update = |name: &str, nest: usize, bounds: &str, reads: &[&str], written: &str| {
        let mut accesses: Vec<_> = reads
            .iter()
            .map(|r| read(&format!("{p} -> {{ {name}[t, i, j] -> {r} }}")))
            .collect();
        accesses.push(write(&format!(
            "{p} -> {{ {name}[t, i, j] -> {written}[i, j] }}"
        )));
        stmt(
            name,
            &format!("{p} -> {{ {name}[t, i, j] : 0 <= t < T and {bounds} }}"),
            &format!("{p} -> {{ {name}[t, i, j] -> [0, t, {nest}, i, 0, j, 0] }}"),
            accesses,
        )
    };
    Scop {
        killed: Vec::new(),
        element_bytes: Vec::new(),
        params: vec!["T".into(), "N".into()],
        context: format!("{p} -> {{ : T >= 1 and N >= 2 }}"),
        statements: vec![
            update(
                "S0",
                0,
                "1 <= i < N and 0 <= j < N",
                &["ey[i, j]", "hz[i, j]", "hz[i - 1, j]"],
                "ey",
            ),
            update(
                "S1",
                1,
                "0 <= i < N and 1 <= j < N",
                &["ex[i, j]", "hz[i, j]", "hz[i, j - 1]"],
                "ex",
            ),
            update(
                "S2",
                2,
                "0 <= i < N - 1 and 0 <= j < N - 1",
                &[
                    "hz[i, j]",
                    "ex[i, j]",
                    "ex[i, j + 1]",
                    "ey[i, j]",
                    "ey[i + 1, j]",
                ],
                "hz",
            ),
        ],
    }
}

#[test]
fn independent_statements_that_read_the_same_array_are_fused_with_rar() {
    // No dependence relates S0 and S1, so smart fusion has no proximity edge
    // between them unless the read-after-read pairs on hz count (hz[i][j] is read
    // by both at the same (t, i, j): distance 0 once aligned). Fused, they share the
    // (i, j) loops and keep both parallel; S2 needs ex[i][j + 1] and ey[i + 1][j]
    // from the same t, so it stays after them.
    let scop = fdtd_2d_updates();
    let position = |text: &str, s: &str| -> String {
        let line = t_lines(text)
            .into_iter()
            .find(|l| l.starts_with(&format!("T({s})")))
            .unwrap_or_default()
            .to_string();
        // "T(S0): (t, 0, i, j, 0)": the component after t says which nest.
        line.split(", ").nth(1).unwrap_or_default().to_string()
    };
    let with = Options {
        rar: true,
        ..scheduler_only(SchedulerKind::Isl, false, true)
    };
    let text = describe_schedule(&scop, &with).unwrap();
    assert_eq!(position(&text, "S0"), "0", "{text}");
    assert_eq!(position(&text, "S0"), position(&text, "S1"), "{text}");
    assert_ne!(position(&text, "S0"), position(&text, "S2"), "{text}");
    let without = Options {
        rar: false,
        ..with.clone()
    };
    let text = describe_schedule(&scop, &without).unwrap();
    assert_ne!(position(&text, "S0"), position(&text, "S1"), "{text}");
    // The GPU target ignores `rar`: fused, S0 and S1 leave one row per thread.
    let gpu = Options {
        target: Target::Gpu,
        ..with
    };
    let text = describe_schedule(&scop, &gpu).unwrap();
    assert_ne!(position(&text, "S0"), position(&text, "S1"), "{text}");
}
