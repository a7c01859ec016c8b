//! Failure paths: exhausted budgets and malformed SCoPs give errors, never panics.

mod common;

use common::{all_kernels, gemm_init, options, read, scop_over_n, stmt, write};
use tessel_poly::error::{IslError, Malformed, Unsupported};
use tessel_poly::{
    describe_dependences, describe_schedule, describe_scop, optimize, Options, PolyError,
    SchedulerKind, Scop,
};

#[test]
fn budget_of_one_operation_is_a_budget_error() {
    let scop = gemm_init().scop;
    let opts = Options {
        scheduler: SchedulerKind::Identity,
        max_operations: 1,
        ..Options::default()
    };
    assert!(matches!(optimize(&scop, &opts), Err(PolyError::Budget)));
    assert!(matches!(
        describe_dependences(&scop, &opts),
        Err(PolyError::Budget)
    ));
    assert!(matches!(
        describe_schedule(&scop, &opts),
        Err(PolyError::Budget)
    ));
}

/// Budgets running out anywhere along the pipeline (parsing, dataflow, scheduling,
/// verification, AST generation) all end in `Budget`, or in success.
#[test]
fn every_budget_ends_in_success_or_budget_error() {
    let budgets = [
        1u64, 2, 3, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000,
        100_000, 200_000, 1_000_000,
    ];
    for kernel in all_kernels() {
        for scheduler in [SchedulerKind::Identity, SchedulerKind::IslReference] {
            let mut succeeded = false;
            for &b in &budgets {
                let opts = Options {
                    max_operations: b,
                    ..options(scheduler, true, true)
                };
                match optimize(&kernel.scop, &opts) {
                    Ok(_) => succeeded = true,
                    Err(PolyError::Budget) => assert!(
                        !succeeded,
                        "{}: budget {b} fails after a smaller one worked",
                        kernel.name
                    ),
                    Err(e) => panic!("{} {scheduler:?} budget {b}: {e:?}", kernel.name),
                }
            }
            assert!(
                succeeded,
                "{} {scheduler:?}: no budget was enough",
                kernel.name
            );
        }
    }
}

/// Our schedulers under every budget: success (possibly after falling back to the
/// original order, with a note, when the budget ran out inside the scheduler) or
/// `Budget`, never another error or a panic. Unlike the other schedulers, a larger
/// budget may fail where a smaller one succeeded: the fallback restarts the count.
#[test]
fn our_schedulers_end_in_success_fallback_or_budget_error() {
    let budgets = [
        1u64, 10, 100, 1_000, 10_000, 30_000, 60_000, 100_000, 200_000, 400_000, 2_000_000,
    ];
    for kernel in all_kernels() {
        for scheduler in [
            SchedulerKind::Pluto,
            SchedulerKind::Isl,
            SchedulerKind::Feautrier,
        ] {
            let mut succeeded = false;
            for &b in &budgets {
                let opts = Options {
                    max_operations: b,
                    ..options(scheduler, true, true)
                };
                match optimize(&kernel.scop, &opts) {
                    Ok(_) => succeeded = true,
                    Err(PolyError::Budget) => {}
                    Err(e) => panic!("{} {scheduler:?} budget {b}: {e:?}", kernel.name),
                }
            }
            assert!(
                succeeded,
                "{} {scheduler:?}: no budget was enough",
                kernel.name
            );
        }
    }
}

fn one_statement(domain: &str, schedule: &str, access: &str) -> Scop {
    Scop {
        killed: Vec::new(),
        element_bytes: Vec::new(),
        params: vec!["N".into()],
        context: "[N] -> { : N >= 0 }".into(),
        statements: vec![stmt("S0", domain, schedule, vec![write(access)])],
    }
}

fn assert_unsupported(scop: &Scop, expected: impl Fn(&Unsupported) -> bool) {
    let identity = Options {
        scheduler: SchedulerKind::Identity,
        ..Options::default()
    };
    match optimize(scop, &identity) {
        Err(PolyError::Unsupported(why)) if expected(&why) => {}
        other => panic!("expected another reason, got {other:?}"),
    }
}

fn malformed(expected: impl Fn(&Malformed) -> bool) -> impl Fn(&Unsupported) -> bool {
    move |why| matches!(why, Unsupported::Malformed(m) if expected(m))
}

#[test]
fn malformed_scops_are_rejected_with_a_reason() {
    let ok_dom = "[N] -> { S0[i] : 0 <= i < N }";
    let ok_sched = "[N] -> { S0[i] -> [0, i, 0] }";
    let ok_acc = "[N] -> { S0[i] -> A[i] }";
    assert_unsupported(
        &one_statement("[N] -> { S1[i] : 0 <= i < N }", ok_sched, ok_acc),
        malformed(|m| matches!(m, Malformed::Domain { statement, .. } if statement == "S0")),
    );
    assert_unsupported(
        &one_statement(ok_dom, "[N] -> { S0[i] -> [0, i] }", ok_acc),
        malformed(|m| matches!(m, Malformed::Schedule { .. })),
    );
    assert_unsupported(
        &one_statement(ok_dom, "[N] -> { T[i] -> [0, i, 0] }", ok_acc),
        malformed(
            |m| matches!(m, Malformed::AccessStart { what, statement } if what == "schedule" && statement == "S0"),
        ),
    );
    assert_unsupported(
        &one_statement(ok_dom, ok_sched, "[N] -> { T[i] -> A[i] }"),
        malformed(
            |m| matches!(m, Malformed::AccessStart { what, statement } if what == "access" && statement == "S0"),
        ),
    );
    assert_unsupported(
        &one_statement(ok_dom, "[N] -> { S0[i] -> [i, i, 0] }", ok_acc),
        |why| matches!(why, Unsupported::NotConstant { .. }),
    );
    assert_unsupported(
        &one_statement("[N] -> { S0[i] : 0 <= i < N }\0", ok_sched, ok_acc),
        |why| matches!(why, Unsupported::NulByte(_)),
    );

    let mut twice = one_statement(ok_dom, ok_sched, ok_acc);
    twice.statements.push(twice.statements[0].clone());
    assert_unsupported(&twice, malformed(|m| matches!(m, Malformed::NameTwice(_))));

    let mut same_place = one_statement(ok_dom, ok_sched, ok_acc);
    same_place.statements.push(stmt(
        "S1",
        "[N] -> { S1[i] : 0 <= i < N }",
        "[N] -> { S1[i] -> [0, i, 0] }",
        vec![read("[N] -> { S1[i] -> A[i] }")],
    ));
    assert_unsupported(&same_place, malformed(|m| matches!(m, Malformed::SameTime)));

    // j does not appear in the schedule: S0[i, 0] and S0[i, 1] would run at once.
    let flat = one_statement(
        "[N] -> { S0[i, j] : 0 <= i, j < N }",
        "[N] -> { S0[i, j] -> [0, i, 0, i, 0] }",
        "[N] -> { S0[i, j] -> A[i, j] }",
    );
    assert_unsupported(&flat, malformed(|m| matches!(m, Malformed::SameTime)));

    let mut bad_context = one_statement(ok_dom, ok_sched, ok_acc);
    bad_context.context = "[N] -> { [i] : i < N }".into();
    assert_unsupported(
        &bad_context,
        malformed(|m| matches!(m, Malformed::Context(_))),
    );
}

#[test]
fn syntax_errors_are_isl_errors() {
    let scop = one_statement(
        "[N] -> { S0[i] : 0 <= i < }",
        "[N] -> { S0[i] -> [0, i, 0] }",
        "[N] -> { S0[i] -> A[i] }",
    );
    match describe_scop(&scop) {
        Err(PolyError::Isl(IslError::Parse { what, .. })) => assert_eq!(what, "domain"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn nonpositive_tile_sizes_are_rejected() {
    let opts = Options {
        scheduler: SchedulerKind::Identity,
        tile_sizes: vec![32, 0],
        ..Options::default()
    };
    assert!(matches!(
        optimize(&gemm_init().scop, &opts),
        Err(PolyError::Unsupported(Unsupported::TileSize(0)))
    ));
}

#[test]
fn empty_scop_gives_an_empty_ast() {
    let identity = Options {
        scheduler: SchedulerKind::Identity,
        ..Options::default()
    };
    let out = optimize(&Scop::default(), &identity).unwrap();
    assert!(out.ast.is_empty());
    for scheduler in [
        SchedulerKind::Pluto,
        SchedulerKind::Isl,
        SchedulerKind::Feautrier,
    ] {
        let opts = Options {
            scheduler,
            ..Options::default()
        };
        let out = optimize(&Scop::default(), &opts).unwrap();
        assert!(out.ast.is_empty());
        assert!(out.notes.is_empty(), "{scheduler:?}: {:?}", out.notes);
    }
}

/// An array is one isl space: the same name with two numbers of subscripts would be
/// two arrays to isl and one to the user, so the SCoP is refused as malformed.
#[test]
fn an_array_with_two_ranks_is_malformed() {
    let scop = scop_over_n(vec![
        stmt(
            "S0",
            "[n] -> { S0[i] : 0 <= i < n }",
            "[n] -> { S0[i] -> [0, i, 0] }",
            vec![write("[n] -> { S0[i] -> A[i] }")],
        ),
        stmt(
            "S1",
            "[n] -> { S1[i] : 0 <= i < n }",
            "[n] -> { S1[i] -> [1, i, 0] }",
            vec![
                read("[n] -> { S1[i] -> A[i, 0] }"),
                write("[n] -> { S1[i] -> B[i] }"),
            ],
        ),
    ]);
    match describe_dependences(&scop, &Options::default()) {
        Err(PolyError::Unsupported(Unsupported::Malformed(Malformed::Subscripts {
            array,
            first,
            second,
        }))) => assert_eq!((array.as_str(), first, second), ("A", 1, 2)),
        other => panic!("expected a malformed SCoP, got {other:?}"),
    }
}
