//! Full register blocks, unrolled (issue 9 item 4; the schedule side is
//! [`super::tree`]).
//!
//! Under a register-block mark isl generates
//!
//! ```text
//! for r in lr..=hr { for u in u0..=min(u0 + R - 1, ..) { for v in v0..=min(v0 + C - 1, ..) { S } } }
//! ```
//!
//! This becomes a run-time choice: when the block is full (`u` and `v` run exactly
//! `R` and `C` times) and `r` runs at least once, the `R x C` instances of `S` are
//! written out inside `r` (the loop gets `registers`, so that codegen keeps the
//! block's elements in registers across it); otherwise the loops stay as they were.
//! Both versions run the same instances in the same order, so this needs no
//! dependence reasoning: the order was set, and verified, in the schedule tree.

use crate::model::ast::{AstNode, CmpOp, Cond, Expr, Linear, Registers};
use crate::register_block::tree::MAX_BLOCK;

/// The nodes under a register-block mark, with a full block unrolled when they have
/// the shape above; anything else is returned as it was.
pub(crate) fn unroll(nodes: Vec<AstNode>) -> Vec<AstNode> {
    match nodes.as_slice() {
        [r_loop] => match unrolled(r_loop) {
            Some(node) => vec![node],
            None => nodes,
        },
        _ => nodes,
    }
}

fn unrolled(r_loop: &AstNode) -> Option<AstNode> {
    let r = unit_loop(r_loop).filter(|r| !r.parallel)?;
    let u = unit_loop(single(r.body)?)?;
    let v = unit_loop(single(u.body)?)?;
    let AstNode::Stmt { stmt, name, args } = single(v.body)? else {
        return None;
    };
    // The block's shape may not depend on the loop inside the block's condition.
    // Its columns may start or end where `u` says (a triangle: syrk's `j <= i`,
    // covariance's `j >= i`): the condition then asks it of every row.
    let bounds = [u.lower, u.upper, v.lower, v.upper];
    if bounds.iter().any(|b| b.mentions(r.iterator)) {
        return None;
    }
    let (u_first, rows, mut full) = block_extent(u.lower, u.upper)?;
    let (v_first, columns, v_full) = block_extent(v.lower, v.upper)?;
    if rows.checked_mul(columns)? > MAX_BLOCK || v_first.mentions(u.iterator) {
        return None;
    }
    // A column bound affine in `u` holds for every row when it holds for the first
    // and the last: an affine function is monotone.
    for cond in v_full {
        if !cond_mentions(&cond, u.iterator) {
            full.push(cond);
            continue;
        }
        let Cond::Cmp(op, a, b) = &cond else {
            return None;
        };
        a.linear()?;
        b.linear()?;
        for row in [0, rows - 1] {
            let at = plus(&u_first, row);
            full.push(Cond::Cmp(
                *op,
                a.substitute(u.iterator, &at),
                b.substitute(u.iterator, &at),
            ));
        }
    }
    // `r` runs at least once, so every element of the block is touched inside it.
    for l in r.lower.max_terms() {
        for h in r.upper.min_terms() {
            // A tile's own bounds (`c <= c + 63`) hold by themselves.
            let holds = l
                .linear()
                .zip(h.linear())
                .and_then(|(l, h)| constant_difference(&h, &l))
                .is_some_and(|d| d >= 0);
            if !holds {
                full.push(Cond::Cmp(CmpOp::Le, l.clone(), h));
            }
        }
    }
    let mut copies = Vec::new();
    for a in 0..rows {
        let u_value = plus(&u_first, a);
        for b in 0..columns {
            let v_value = plus(&v_first, b);
            copies.push(AstNode::Stmt {
                stmt: *stmt,
                name: name.clone(),
                args: args
                    .iter()
                    .map(|e| {
                        e.substitute(u.iterator, &u_value)
                            .substitute(v.iterator, &v_value)
                    })
                    .collect(),
            });
        }
    }
    let block = AstNode::For {
        iterator: r.iterator.to_string(),
        lower: r.lower.clone(),
        upper: r.upper.clone(),
        step: 1,
        parallel: false,
        registers: Registers::Block,
        private: Vec::new(),
        body: copies,
    };
    // With constant sizes that the blocks divide, isl leaves no bound to check.
    if full.is_empty() {
        return Some(block);
    }
    Some(AstNode::If {
        cond: Cond::And(full),
        then_branch: vec![block],
        else_branch: vec![r_loop.clone()],
    })
}

/// A loop of step 1, as the fields the unroller reads.
struct UnitLoop<'a> {
    iterator: &'a str,
    lower: &'a Expr,
    upper: &'a Expr,
    parallel: bool,
    body: &'a [AstNode],
}

fn unit_loop(node: &AstNode) -> Option<UnitLoop<'_>> {
    match node {
        AstNode::For {
            iterator,
            lower,
            upper,
            step: 1,
            parallel,
            body,
            ..
        } => Some(UnitLoop {
            iterator,
            lower,
            upper,
            parallel: *parallel,
            body,
        }),
        _ => None,
    }
}

/// The one node of `nodes`, if there is exactly one.
fn single(nodes: &[AstNode]) -> Option<&AstNode> {
    match nodes {
        [node] => Some(node),
        _ => None,
    }
}

/// `e + k`, folded when `k` is 0.
fn plus(e: &Expr, k: i64) -> Expr {
    match k {
        0 => e.clone(),
        _ => Expr::Add(Box::new(e.clone()), Box::new(Expr::Int(k))),
    }
}

/// For a point loop `max(first, s1, ..)..=min(first + K - 1, t1, ..)` of a tiled
/// band (`first` its tile's or block's origin): `first`, `K`, and the conditions
/// under which the loop runs exactly `K` times from `first` (`s <= first` for every
/// other lower bound, `first + K - 1 <= t` for every other upper bound). `None`
/// when no pair of bounds is an origin and that origin plus a constant.
fn block_extent(lower: &Expr, upper: &Expr) -> Option<(Expr, i64, Vec<Cond>)> {
    let lowers = lower.max_terms();
    let uppers = upper.min_terms();
    let (low, high, extent) = lowers.iter().enumerate().find_map(|(l, from)| {
        let from = from.linear()?;
        uppers.iter().enumerate().find_map(|(h, t)| {
            let offset = constant_difference(&t.linear()?, &from)?;
            (0..MAX_BLOCK)
                .contains(&offset)
                .then_some((l, h, offset + 1))
        })
    })?;
    let first = lowers[low].clone();
    let last = plus(&first, extent - 1);
    let mut conds: Vec<Cond> = lowers
        .iter()
        .enumerate()
        .filter(|&(k, _)| k != low)
        .map(|(_, s)| Cond::Cmp(CmpOp::Le, s.clone(), first.clone()))
        .collect();
    conds.extend(
        uppers
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != high)
            .map(|(_, t)| Cond::Cmp(CmpOp::Le, last.clone(), t.clone())),
    );
    Some((first, extent, conds))
}

/// Whether the variable `name` occurs in `cond`.
fn cond_mentions(cond: &Cond, name: &str) -> bool {
    match cond {
        Cond::Cmp(_, a, b) => a.mentions(name) || b.mentions(name),
        Cond::And(v) | Cond::Or(v) => v.iter().any(|c| cond_mentions(c, name)),
    }
}

/// `a - b` when it is a constant.
fn constant_difference(a: &Linear, b: &Linear) -> Option<i64> {
    (a.0 == b.0).then(|| a.1.checked_sub(b.1)).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::scop::StmtId;

    fn var(v: &str) -> Expr {
        Expr::Var(v.into())
    }
    fn add(a: Expr, k: i64) -> Expr {
        Expr::Add(Box::new(a), Box::new(Expr::Int(k)))
    }
    /// `S0(i, j, k)`, the statement of every block below.
    fn s0_ijk() -> AstNode {
        AstNode::Stmt {
            stmt: StmtId(0),
            name: "S0".into(),
            args: vec![var("i"), var("j"), var("k")],
        }
    }

    fn for_loop(it: &str, lower: Expr, upper: Expr, body: Vec<AstNode>) -> AstNode {
        AstNode::For {
            iterator: it.into(),
            lower,
            upper,
            step: 1,
            parallel: false,
            registers: Registers::None,
            private: Vec::new(),
            body,
        }
    }

    /// gemm's block: `for k { for i in c0..=min(c0+1, N-1) { for j in c1..=c1+2 { S(i, j, k) } } }`.
    fn gemm_block() -> AstNode {
        let stmt = s0_ijk();
        let j = for_loop("j", var("c1"), add(var("c1"), 2), vec![stmt]);
        let i = for_loop(
            "i",
            var("c0"),
            Expr::Min(vec![add(var("c0"), 1), add(var("N"), -1)]),
            vec![j],
        );
        for_loop("k", Expr::Int(0), add(var("K"), -1), vec![i])
    }

    #[test]
    fn a_full_block_is_unrolled_in_row_major_order_and_guarded() {
        let block = gemm_block();
        let out = unroll(vec![block.clone()]);
        let [AstNode::If {
            cond: Cond::And(conds),
            then_branch,
            else_branch,
        }] = out.as_slice()
        else {
            panic!("expected a guarded block, got {out:?}");
        };
        // Two rows fit when c0 + 1 <= N - 1; k runs when 0 <= K - 1. The column
        // loop has no other bound.
        assert_eq!(
            conds,
            &vec![
                Cond::Cmp(CmpOp::Le, add(var("c0"), 1), add(var("N"), -1)),
                Cond::Cmp(CmpOp::Le, Expr::Int(0), add(var("K"), -1)),
            ]
        );
        assert_eq!(else_branch, &vec![block]);
        let [AstNode::For {
            registers: Registers::Block,
            body,
            ..
        }] = then_branch.as_slice()
        else {
            panic!("expected the register loop");
        };
        let args: Vec<Vec<Expr>> = body
            .iter()
            .map(|n| match n {
                AstNode::Stmt { args, .. } => args.clone(),
                _ => panic!("expected statements"),
            })
            .collect();
        assert_eq!(args.len(), 6);
        assert_eq!(args[0], vec![var("c0"), var("c1"), var("k")]);
        assert_eq!(args[1], vec![var("c0"), add(var("c1"), 1), var("k")]);
        assert_eq!(
            args[5],
            vec![add(var("c0"), 1), add(var("c1"), 2), var("k")]
        );
    }

    #[test]
    fn a_block_that_is_always_full_needs_no_condition() {
        // 256 x 256 x 256 in 4 x 8 blocks: isl's bounds are the blocks' own.
        let stmt = s0_ijk();
        let j = for_loop("j", var("c1"), add(var("c1"), 7), vec![stmt]);
        let i = for_loop("i", var("c0"), add(var("c0"), 3), vec![j]);
        let block = for_loop("k", var("c2"), add(var("c2"), 63), vec![i]);
        let out = unroll(vec![block]);
        let [AstNode::For {
            registers: Registers::Block,
            body,
            ..
        }] = out.as_slice()
        else {
            panic!("expected the register loop alone, got {out:?}");
        };
        assert_eq!(body.len(), 32);
    }

    #[test]
    fn a_block_whose_shape_depends_on_the_reduction_loop_stays() {
        // A triangular block: j runs up to k.
        let stmt = s0_ijk();
        let j = for_loop(
            "j",
            var("c1"),
            Expr::Min(vec![add(var("c1"), 2), var("k")]),
            vec![stmt],
        );
        let i = for_loop("i", var("c0"), add(var("c0"), 1), vec![j]);
        let block = for_loop("k", Expr::Int(0), add(var("K"), -1), vec![i]);
        assert_eq!(unroll(vec![block.clone()]), vec![block]);
    }

    #[test]
    fn a_block_cut_by_a_diagonal_is_full_only_below_it() {
        // syrk's block: rows i in c0..=c0+1, columns j in c1..=min(c1+2, i). Full when
        // the last column fits under the first row's diagonal (c1 + 2 <= c0) and the
        // last row's (c1 + 2 <= c0 + 1): checking both ends covers every row, as the
        // bound is affine in i.
        let stmt = s0_ijk();
        let j = for_loop(
            "j",
            var("c1"),
            Expr::Min(vec![add(var("c1"), 2), var("i")]),
            vec![stmt],
        );
        let i = for_loop("i", var("c0"), add(var("c0"), 1), vec![j]);
        let block = for_loop("k", var("c2"), add(var("c2"), 3), vec![i]);
        let out = unroll(vec![block.clone()]);
        let [AstNode::If {
            cond: Cond::And(conds),
            then_branch,
            else_branch,
        }] = out.as_slice()
        else {
            panic!("expected a guarded block, got {out:?}");
        };
        assert_eq!(
            conds,
            &vec![
                Cond::Cmp(CmpOp::Le, add(var("c1"), 2), var("c0")),
                Cond::Cmp(CmpOp::Le, add(var("c1"), 2), add(var("c0"), 1)),
            ]
        );
        assert_eq!(else_branch, &vec![block]);
        let [AstNode::For { body, .. }] = then_branch.as_slice() else {
            panic!("expected the register loop");
        };
        assert_eq!(body.len(), 6);
    }

    #[test]
    fn a_block_whose_columns_start_at_the_diagonal_is_full_only_above_it() {
        // covariance's block: columns j in max(c1, i)..=c1+2. Full when the diagonal
        // is left of the block for the first and the last row: i <= c1 at i = c0 and
        // at i = c0 + 1.
        let stmt = s0_ijk();
        let j = for_loop(
            "j",
            Expr::Max(vec![var("c1"), var("i")]),
            add(var("c1"), 2),
            vec![stmt],
        );
        let i = for_loop("i", var("c0"), add(var("c0"), 1), vec![j]);
        let block = for_loop("k", var("c2"), add(var("c2"), 3), vec![i]);
        let out = unroll(vec![block.clone()]);
        let [AstNode::If {
            cond: Cond::And(conds),
            then_branch,
            ..
        }] = out.as_slice()
        else {
            panic!("expected a guarded block, got {out:?}");
        };
        assert_eq!(
            conds,
            &vec![
                Cond::Cmp(CmpOp::Le, var("c0"), var("c1")),
                Cond::Cmp(CmpOp::Le, add(var("c0"), 1), var("c1")),
            ]
        );
        let [AstNode::For { body, .. }] = then_branch.as_slice() else {
            panic!("expected the register loop");
        };
        let AstNode::Stmt { args, .. } = &body[1] else {
            panic!("expected a statement");
        };
        // Row c0, second column: the block starts at the origin c1, not at i.
        assert_eq!(args, &vec![var("c0"), add(var("c1"), 1), var("k")]);
    }

    #[test]
    fn a_loop_not_starting_at_its_tile_bound_stays() {
        // No upper bound is the lower bound plus a constant: not a tile's point loop.
        let stmt = s0_ijk();
        let j = for_loop("j", var("c1"), add(var("c1"), 2), vec![stmt]);
        let i = for_loop("i", var("c0"), add(var("N"), -1), vec![j]);
        let block = for_loop("k", Expr::Int(0), add(var("K"), -1), vec![i]);
        assert_eq!(unroll(vec![block.clone()]), vec![block]);
    }
}
