//! Scalar replacement in the loops of register blocks: the innermost sequential
//! loops of the generated AST keep the elements they update in registers across
//! them (the MLIR side's `codegen::emit::registers` decides which elements
//! qualify).

use crate::model::ast::{AstNode, CmpOp, Cond, Expr, Registers};

/// Marks the innermost sequential loops of `nodes` (bodies of statements only): codegen
/// keeps the array elements they update at an address that does not move with the
/// loop in registers across it, loaded before and stored after (scalar replacement;
/// `registers::plan` in the MLIR codegen decides which elements qualify). The same
/// operations run in the same order. LLVM would do it itself only where it can prove
/// the other accesses of the loop never touch the element, which it cannot in an
/// OpenMP region's outlined body, nor before its own promotion runs (the clang path).
///
/// With `guard`, a loop that may run no iteration goes under a condition that it runs
/// one: the element is read and written back around the loop, so its address must be
/// one the program uses. A loop is known to run when its bounds' gap is a constant,
/// or follows from an enclosing loop's bounds (a point loop from its tile loop's
/// iterator). Loops whose bounds hold a nested min or max are left alone then.
pub fn mark_register_loops(nodes: &mut [AstNode], guard: bool) {
    mark_register_loops_in(nodes, guard, &mut Vec::new());
}

/// An enclosing loop's iterator with its lower and upper bound terms.
type Enclosing = (Expr, Vec<Expr>, Vec<Expr>);

fn mark_register_loops_in(nodes: &mut [AstNode], guard: bool, outer: &mut Vec<Enclosing>) {
    for n in nodes.iter_mut() {
        match n {
            AstNode::For {
                parallel: false,
                registers,
                lower,
                upper,
                body,
                ..
            } if *registers == Registers::None
                && body.iter().all(|b| matches!(b, AstNode::Stmt { .. })) =>
            {
                let (lows, ups) = (lower.max_terms(), upper.min_terms());
                let mut may_be_empty = Vec::new();
                if guard {
                    if lows.iter().chain(&ups).any(Expr::has_min_max) {
                        continue;
                    }
                    for l in &lows {
                        for u in ups.iter().filter(|u| !runs(l, u, outer)) {
                            may_be_empty.push(Cond::Cmp(CmpOp::Le, l.clone(), u.clone()));
                        }
                    }
                }
                *registers = Registers::Fixed;
                if !may_be_empty.is_empty() {
                    let looped = std::mem::replace(
                        n,
                        AstNode::If {
                            cond: Cond::And(Vec::new()),
                            then_branch: Vec::new(),
                            else_branch: Vec::new(),
                        },
                    );
                    *n = AstNode::If {
                        cond: Cond::And(may_be_empty),
                        then_branch: vec![looped],
                        else_branch: Vec::new(),
                    };
                }
            }
            AstNode::For {
                iterator,
                lower,
                upper,
                body,
                ..
            } => {
                outer.push((
                    Expr::Var(iterator.clone()),
                    lower.max_terms(),
                    upper.min_terms(),
                ));
                mark_register_loops_in(body, guard, outer);
                outer.pop();
            }
            AstNode::If {
                then_branch,
                else_branch,
                ..
            } => {
                mark_register_loops_in(then_branch, guard, outer);
                mark_register_loops_in(else_branch, guard, outer);
            }
            AstNode::Stmt { .. } => {}
        }
    }
}

/// Whether `cond` is the guard [`mark_register_loops`] puts on a loop with these
/// bounds: that the loop runs at least once. Such a guard can always be dropped when
/// nothing is kept around the loop (the loop then runs no iteration anyway).
pub fn is_run_guard(cond: &Cond, lower: &Expr, upper: &Expr) -> bool {
    let (lows, ups) = (lower.max_terms(), upper.min_terms());
    let Cond::And(conds) = cond else {
        return false;
    };
    !conds.is_empty()
        && conds
            .iter()
            .all(|c| matches!(c, Cond::Cmp(CmpOp::Le, l, u) if lows.contains(l) && ups.contains(u)))
}

/// Whether `l <= u` holds inside the `outer` loops: `u - l` is a non-negative
/// constant, or exceeds by one `t - c` (`c` an enclosing iterator, `t` a term of its
/// upper bound) or `c - s` (`s` a term of its lower bound), which are non-negative.
fn runs(l: &Expr, u: &Expr, outer: &[Enclosing]) -> bool {
    let diff = |a: &Expr, b: &Expr| Expr::Sub(Box::new(a.clone()), Box::new(b.clone()));
    let nonnegative_constant = |e: Expr| {
        e.linear()
            .is_some_and(|(terms, c)| terms.values().all(|&a| a == 0) && c >= 0)
    };
    let gap = diff(u, l);
    nonnegative_constant(gap.clone())
        || outer.iter().any(|(c, lows, ups)| {
            ups.iter()
                .any(|t| nonnegative_constant(diff(&gap, &diff(t, c))))
                || lows
                    .iter()
                    .any(|s| nonnegative_constant(diff(&gap, &diff(c, s))))
        })
}
