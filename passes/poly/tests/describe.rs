//! Formats of the `describe_*` texts used by stage passes and lit tests, and the
//! round trip of a schedule tree through its text.

mod common;

use common::*;
use isl_rs::{Map, Set};
use tessel_poly::isl::{Ctx, IslResult};
use tessel_poly::{codegen_schedule, describe_schedule, describe_scop, optimize, SchedulerKind};

#[test]
fn describe_scop_lists_every_relation_in_isl_notation() {
    let kernel = jacobi_1d();
    let text = describe_scop(&kernel.scop).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // context, then per statement: name, domain, schedule, one line per access.
    assert_eq!(lines.len(), 1 + (3 + 4) + (3 + 2), "{text}");
    assert!(lines[0].starts_with("context: [T, N] -> "), "{text}");
    assert_eq!(lines[1], "S0:");
    assert_eq!(lines[8], "S1:");
    let keys: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("  "))
        .map(|l| l.split(':').next().unwrap_or(""))
        .collect();
    assert_eq!(
        keys,
        [
            "domain",
            "schedule",
            "read",
            "read",
            "read",
            "must-write",
            "domain",
            "schedule",
            "read",
            "must-write"
        ]
    );

    // Every printed relation is the one given, as isl sees it.
    let cx = Ctx::new(0).unwrap();
    let st = &kernel.scop.statements[0];
    let printed_domain = lines[2].strip_prefix("  domain: ").unwrap();
    let a = Set::read_from_str(cx.raw(), printed_domain)
        .isl(&cx)
        .unwrap();
    let b = Set::read_from_str(cx.raw(), &st.domain).isl(&cx).unwrap();
    assert!(a.is_equal(&b).isl(&cx).unwrap());
    let printed_read = lines[4].strip_prefix("  read: ").unwrap();
    let a = Map::read_from_str(cx.raw(), printed_read).isl(&cx).unwrap();
    let b = Map::read_from_str(cx.raw(), &st.accesses[0].relation)
        .isl(&cx)
        .unwrap();
    assert!(a.is_equal(&b).isl(&cx).unwrap());
}

#[test]
fn describe_schedule_is_the_tree_then_one_line_per_statement() {
    let kernel = gemm_init();
    let text =
        describe_schedule(&kernel.scop, &options(SchedulerKind::Identity, true, true)).unwrap();
    assert!(text.starts_with("domain: "), "{text}");
    let t: Vec<&str> = text.lines().filter(|l| l.starts_with("T(")).collect();
    // Tile origins of i and j, then i, j, then the sequence position, then k.
    assert_eq!(
        t,
        [
            "T(S0): (i - (i) mod 4, j - (j) mod 3, i, j, 0, 0)",
            "T(S1): (i - (i) mod 4, j - (j) mod 3, i, j, 1, k)"
        ]
    );
    assert!(text.lines().last().unwrap_or("").starts_with("T(S1)"));
    // The i and j tile loops carry nothing: they run in parallel together.
    assert!(text.contains("mark: \"parallel-collapsed\""), "{text}");
    // Stable.
    assert_eq!(
        text,
        describe_schedule(&kernel.scop, &options(SchedulerKind::Identity, true, true)).unwrap()
    );
}

/// `Optimized::schedule_tree` reads back into the same program.
#[test]
fn schedule_tree_text_round_trips_through_codegen() {
    for kernel in all_kernels() {
        for scheduler in [SchedulerKind::Identity, SchedulerKind::IslReference] {
            let opts = options(scheduler, true, true);
            let out = optimize(&kernel.scop, &opts).unwrap();
            let mut again = codegen_schedule(&kernel.scop, &opts, &out.schedule_tree)
                .unwrap_or_else(|e| {
                    panic!("{} {scheduler:?}: {e}\n{}", kernel.name, out.schedule_tree)
                });
            // The tree keeps every verified mark; optimize's AST only the profitable,
            // and its innermost loops keep elements in registers.
            again.parallel_loops = tessel_poly::ast::keep_profitable_parallel(&mut again.ast);
            tessel_poly::register_block::mark_register_loops(&mut again.ast, true);
            assert_eq!(again.ast, out.ast, "{} {scheduler:?}", kernel.name);
            assert_eq!(again.parallel_loops, out.parallel_loops);
        }
    }
}
