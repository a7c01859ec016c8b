//! GPU mapping (issue 10): the verified loop AST as host code that launches kernels,
//! as PPCG maps isl schedules to CUDA (seed 001 §8; seed 000 §4.7).
//!
//! - The outermost parallel loops of a nest (a collapsed group, `ast::collapsed_body`;
//!   up to three) become one kernel: each is strip-mined by its block size, the tile
//!   loop goes to a block dimension and the point loop to a thread dimension, the
//!   innermost to x (it carries the spatial locality the schedule put innermost, so
//!   that consecutive threads touch consecutive addresses: coalescing, seed 000 §4.7).
//! - Loops around them that are not parallel (time loops, `k` in `lu`) stay on the
//!   host: one launch per iteration.
//! - Code with no parallel loop runs in a kernel of one thread, so that every
//!   statement runs on the device and the data stays there between kernels.
//! - A loop whose bounds depend on an outer mapped loop (a triangle) is mapped over its
//!   bounding box, and a guard keeps the threads outside the loop's own bounds idle.
//!
//! A parallel mark here was verified against the exact dependences before (the
//! `verify` module): every iteration of a mapped loop is independent of the others, so
//! the blocks and threads of a kernel may run in any order.

use std::collections::BTreeMap;

use crate::gpu::limits::{MAX_GRID_DIMS, MAX_THREADS_PER_BLOCK};
use crate::model::ast::{
    has_parallel_loop, scaled, sum, AstNode, CmpOp, Cond, Expr, Linear, Registers,
};

/// Host code: loops and conditions around kernel launches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostNode {
    /// A sequential loop on the host, inclusive bounds as in [`AstNode::For`].
    For {
        iterator: String,
        lower: Expr,
        upper: Expr,
        step: i64,
        body: Vec<HostNode>,
    },
    If {
        cond: Cond,
        then_branch: Vec<HostNode>,
        else_branch: Vec<HostNode>,
    },
    Kernel(Kernel),
}

/// One kernel launch: a grid of blocks of threads, each running `body` once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kernel {
    /// The mapped loops, outermost first; the last one is x, the one before y, then z.
    /// Empty: a kernel of one thread.
    pub dims: Vec<GridDim>,
    /// What keeps the threads outside the mapped loops' own bounds idle: each mapped
    /// iterator is bound to `first + block id * threads + thread id`, over a
    /// bounding box. `None`: every thread of the box runs `body`.
    pub guard: Option<Cond>,
    /// What each thread runs (under `guard`).
    pub body: Vec<AstNode>,
    /// The scalars each iteration of the mapped loops gets its own copy of: one per
    /// thread.
    pub private: Vec<String>,
    /// A loop of `body` that the whole block may run tile by tile, staging what the
    /// tile reads in shared memory (`gpu-promote`; seed 001 §1.8).
    pub stage: Option<Stage>,
}

/// A sequential loop of a kernel's body whose bounds are the same for every thread
/// of a block (they use no mapped iterator) and whose body is statements only. The
/// block can then run it in tiles of `tile` iterations with a barrier between them
/// (all threads reach it) and stage the data of each tile. Codegen decides which
/// references are worth it; with none, the loop is emitted as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    /// Its position in [`Kernel::body`].
    pub index: usize,
    pub tile: u64,
    /// A condition, the same for all threads of a block, that holds when some
    /// thread of the block may pass the guard: each affine constraint of the guard
    /// at the corner of the block that favours it (over the names
    /// [`block_first_name`] of the mapped iterators). A block outside it (the
    /// upper half of a triangle) skips the staged loop and its copies.
    pub block_guard: Option<Cond>,
}

/// The name codegen binds to the first value of mapped iterator `it` in a block.
pub fn block_first_name(it: &str) -> String {
    format!("gpu.lo.{it}")
}

/// A mapped loop: its range's bounding box over the host's values (`first..=last`,
/// expressions of parameters and host iterators only) and its threads per block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridDim {
    pub iterator: String,
    pub first: Expr,
    pub last: Expr,
    pub threads: u64,
}

impl Kernel {
    /// Threads per block along x, y, z (1 for an unused dimension).
    pub fn block(&self) -> [u64; 3] {
        let mut b = [1; 3];
        for (k, d) in self.dims.iter().rev().enumerate() {
            b[k] = d.threads;
        }
        b
    }
}

/// Maps `ast` to host code and kernels, `block` threads per mapped loop (the tile
/// size of the mapping), fewer where the block would exceed
/// [`MAX_THREADS_PER_BLOCK`].
///
/// With `promote`, each kernel's innermost sequential loops may keep elements in
/// registers (`AstNode::For::registers`) and one loop may be staged ([`Stage`]).
pub fn map(ast: &[AstNode], block: u64, promote: bool) -> Vec<HostNode> {
    let mut out = vec![];
    // Consecutive nodes with no parallel loop: one kernel of one thread.
    let mut sequential: Vec<AstNode> = vec![];
    for node in ast {
        if !has_parallel_loop(std::slice::from_ref(node)) {
            sequential.push(node.clone());
            continue;
        }
        flush(&mut sequential, &mut out, promote);
        match node {
            AstNode::For { parallel: true, .. } => {
                out.push(HostNode::Kernel(kernel(node, block, promote)))
            }
            AstNode::For {
                iterator,
                lower,
                upper,
                step,
                body,
                ..
            } => out.push(HostNode::For {
                iterator: iterator.clone(),
                lower: lower.clone(),
                upper: upper.clone(),
                step: *step,
                body: map(body, block, promote),
            }),
            AstNode::If {
                cond,
                then_branch,
                else_branch,
            } => out.push(HostNode::If {
                cond: cond.clone(),
                then_branch: map(then_branch, block, promote),
                else_branch: map(else_branch, block, promote),
            }),
            AstNode::Stmt { .. } => sequential.push(node.clone()),
        }
    }
    flush(&mut sequential, &mut out, promote);
    out
}

fn flush(sequential: &mut Vec<AstNode>, out: &mut Vec<HostNode>, promote: bool) {
    if !sequential.is_empty() {
        let mut body = std::mem::take(sequential);
        if promote {
            crate::register_block::scalars::mark_register_loops(&mut body, false);
        }
        out.push(HostNode::Kernel(Kernel {
            dims: vec![],
            guard: None,
            body,
            private: vec![],
            stage: None,
        }));
    }
}

/// The loop heads of a collapsed parallel group: (iterator, lower, upper, step).
struct Head<'a> {
    iterator: &'a str,
    lower: &'a Expr,
    upper: &'a Expr,
    step: i64,
}

/// The kernel of the parallel loop `node` and the loops collapsed with it.
fn kernel(node: &AstNode, block: u64, promote: bool) -> Kernel {
    // The group's heads, down to its body (`ast::collapsed_body`).
    let mut heads = vec![];
    let mut inner = std::slice::from_ref(node);
    let mut private = vec![];
    while let [AstNode::For {
        parallel: true,
        iterator,
        lower,
        upper,
        step,
        private: p,
        body,
        ..
    }] = inner
    {
        if heads.is_empty() {
            private = p.clone();
        }
        heads.push(Head {
            iterator,
            lower,
            upper,
            step: *step,
        });
        inner = body;
    }

    // Map the outermost heads whose bounding box is known on the host.
    let mut boxes: BTreeMap<String, (Linear, Linear)> = BTreeMap::new();
    let mut dims = vec![];
    for h in heads.iter().take(MAX_GRID_DIMS) {
        let Some(dim) = bounding_box(h, &boxes) else {
            break;
        };
        // The grid is computed on the host: a box that still names an outer mapped
        // iterator (whose own box is not affine, so it could not be replaced)
        // cannot be, and the loop stays inside the kernel.
        let names_mapped = |e: &Expr| dims.iter().any(|d: &GridDim| e.mentions(&d.iterator));
        if names_mapped(&dim.first) || names_mapped(&dim.last) {
            break;
        }
        if let (Some(f), Some(l)) = (dim.first.linear(), dim.last.linear()) {
            boxes.insert(h.iterator.to_string(), (f, l));
        }
        dims.push(dim);
    }
    let sizes = block_sizes(dims.len(), block);
    for (d, s) in dims.iter_mut().zip(sizes) {
        d.threads = s;
    }

    // The guard: each mapped iterator within its own loop's bounds.
    let mut conds = vec![];
    for (h, d) in heads.iter().zip(&dims) {
        let it = || Expr::Var(h.iterator.to_string());
        for l in h.lower.max_terms() {
            if l != d.first {
                conds.push(Cond::Cmp(CmpOp::Ge, it(), l));
            }
        }
        for u in h.upper.min_terms() {
            conds.push(Cond::Cmp(CmpOp::Le, it(), u));
        }
    }
    // The heads not mapped stay loops inside the kernel, run by each thread in turn.
    let mut body = inner.to_vec();
    for h in heads[dims.len()..].iter().rev() {
        body = vec![AstNode::For {
            iterator: h.iterator.to_string(),
            lower: h.lower.clone(),
            upper: h.upper.clone(),
            step: h.step,
            parallel: false,
            registers: Registers::None,
            private: vec![],
            body,
        }];
    }
    let guard = match conds.len() {
        0 => None,
        _ => Some(Cond::And(conds)),
    };
    let mut stage = None;
    if promote {
        crate::register_block::scalars::mark_register_loops(&mut body, false);
        let mapped: Vec<&str> = dims.iter().map(|d| d.iterator.as_str()).collect();
        stage = body
            .iter()
            .position(|n| stageable(n, &mapped))
            .filter(|_| !dims.is_empty())
            .map(|index| Stage {
                index,
                tile: block,
                block_guard: guard.as_ref().and_then(|g| block_guard(g, &dims)),
            });
    }
    Kernel {
        dims,
        guard,
        body,
        private,
        stage,
    }
}

/// [`Stage::block_guard`] of `guard` over the blocks of `dims`: each constraint
/// `e >= 0` becomes `max over the block of e >= 0` (necessary for some thread to
/// pass it); constraints that are not affine are left out (the block then runs
/// the loop, and its threads the guard).
fn block_guard(guard: &Cond, dims: &[GridDim]) -> Option<Cond> {
    let Cond::And(conds) = guard else {
        return None;
    };
    let mut out = vec![];
    for c in conds {
        // As `e >= 0`.
        let e = match c {
            Cond::Cmp(CmpOp::Ge, a, b) => Expr::Sub(Box::new(a.clone()), Box::new(b.clone())),
            Cond::Cmp(CmpOp::Le, a, b) => Expr::Sub(Box::new(b.clone()), Box::new(a.clone())),
            _ => continue,
        };
        let Some((terms, k)) = e.linear() else {
            continue;
        };
        let mut best: Linear = (BTreeMap::new(), k);
        for (v, a) in terms {
            let part = match dims.iter().find(|d| d.iterator == v) {
                Some(d) => {
                    let last = i64::try_from(d.threads).ok()? - 1;
                    let first = (BTreeMap::from([(block_first_name(&v), a)]), 0);
                    if a > 0 {
                        sum(first, (BTreeMap::new(), a.checked_mul(last)?))?
                    } else {
                        first
                    }
                }
                None => (BTreeMap::from([(v, a)]), 0),
            };
            best = sum(best, part)?;
        }
        out.push(Cond::Cmp(CmpOp::Ge, from_linear(&best), Expr::Int(0)));
    }
    (!out.is_empty()).then_some(Cond::And(out))
}

/// Whether `node` is a loop a block can run in tiles ([`Stage`]): sequential, step
/// 1, bounds free of the `mapped` iterators, statements only inside.
fn stageable(node: &AstNode, mapped: &[&str]) -> bool {
    match node {
        AstNode::For {
            parallel: false,
            step: 1,
            lower,
            upper,
            body,
            ..
        } => {
            body.iter().all(|b| matches!(b, AstNode::Stmt { .. }))
                && mapped
                    .iter()
                    .all(|m| !lower.mentions(m) && !upper.mentions(m))
        }
        _ => false,
    }
}

/// The range of `h` over the host's values: its bounds with each outer mapped iterator
/// replaced by the end of its own box that makes the bound smallest (lower) or largest
/// (upper), over the terms that allow it. `None` when no lower or no upper term is
/// affine in the host's values and the single-expression boxes of the outer mapped
/// iterators, or the step is not 1.
fn bounding_box(h: &Head<'_>, boxes: &BTreeMap<String, (Linear, Linear)>) -> Option<GridDim> {
    if h.step != 1 {
        return None;
    }
    // A lower bound that is a maximum is at least the maximum of the terms' minima,
    // and at least that of any of them: a term that is not affine (a floor
    // division, as in a skewed stencil) is left out, and the guard checks it. Upper
    // bounds alike, with minima of maxima.
    let mut firsts: Vec<Expr> = h
        .lower
        .max_terms()
        .iter()
        .filter_map(|t| extreme(t, boxes, false))
        .collect();
    let mut lasts: Vec<Expr> = h
        .upper
        .min_terms()
        .iter()
        .filter_map(|t| extreme(t, boxes, true))
        .collect();
    if firsts.is_empty() || lasts.is_empty() {
        return None;
    }
    firsts.dedup();
    lasts.dedup();
    let first = if firsts.len() == 1 {
        firsts.pop()?
    } else {
        Expr::Max(firsts)
    };
    let last = if lasts.len() == 1 {
        lasts.pop()?
    } else {
        Expr::Min(lasts)
    };
    Some(GridDim {
        iterator: h.iterator.to_string(),
        first,
        last,
        threads: 1,
    })
}

/// The least (`largest` false) or greatest value of the affine `term` as the mapped
/// iterators in `boxes` range over their boxes.
fn extreme(term: &Expr, boxes: &BTreeMap<String, (Linear, Linear)>, largest: bool) -> Option<Expr> {
    let (terms, c) = term.linear()?;
    let mut out: Linear = (BTreeMap::new(), c);
    for (v, a) in terms {
        let part = match boxes.get(&v) {
            Some((first, last)) => {
                let end = if (a > 0) == largest { last } else { first };
                scaled(end.clone(), a)?
            }
            None => (BTreeMap::from([(v, a)]), 0),
        };
        out = sum(out, part)?;
    }
    Some(from_linear(&out))
}

/// An affine combination as an expression.
fn from_linear((terms, c): &Linear) -> Expr {
    let mut e: Option<Expr> = None;
    for (v, a) in terms {
        let t = if *a == 1 {
            Expr::Var(v.clone())
        } else {
            Expr::Mul(Box::new(Expr::Int(*a)), Box::new(Expr::Var(v.clone())))
        };
        e = Some(match e {
            None => t,
            Some(x) => Expr::Add(Box::new(x), Box::new(t)),
        });
    }
    match e {
        None => Expr::Int(*c),
        Some(x) if *c == 0 => x,
        Some(x) => Expr::Add(Box::new(x), Box::new(Expr::Int(*c))),
    }
}

/// Threads per block of `n` mapped loops, outermost first: `block` each, the
/// outermost halved first while the block would exceed [`MAX_THREADS_PER_BLOCK`].
pub fn block_sizes(n: usize, block: u64) -> Vec<u64> {
    let mut sizes = vec![block.clamp(1, MAX_THREADS_PER_BLOCK); n];
    while sizes.iter().product::<u64>() > MAX_THREADS_PER_BLOCK {
        match sizes.iter_mut().find(|s| **s > 1) {
            Some(s) => *s = (*s / 2).max(1),
            None => break,
        }
    }
    sizes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::scop::StmtId;

    fn var(v: &str) -> Expr {
        Expr::Var(v.into())
    }
    fn sub1(e: Expr) -> Expr {
        Expr::Sub(Box::new(e), Box::new(Expr::Int(1)))
    }
    fn stmt() -> AstNode {
        AstNode::Stmt {
            stmt: StmtId(0),
            name: "S0".into(),
            args: vec![var("c0"), var("c1")],
        }
    }
    fn for_(it: &str, lower: Expr, upper: Expr, parallel: bool, body: Vec<AstNode>) -> AstNode {
        AstNode::For {
            iterator: it.into(),
            lower,
            upper,
            step: 1,
            parallel,
            registers: Registers::None,
            private: vec![],
            body,
        }
    }

    #[test]
    fn block_never_exceeds_1024_threads() {
        assert_eq!(block_sizes(1, 16), vec![16]);
        assert_eq!(block_sizes(2, 16), vec![16, 16]);
        // 16^3 = 4096: the outermost is halved twice, then 16*16*4 = 1024.
        assert_eq!(block_sizes(3, 16), vec![4, 16, 16]);
        assert_eq!(block_sizes(1, 4096), vec![1024]);
        assert_eq!(block_sizes(2, 64), vec![16, 64]);
    }

    #[test]
    fn a_time_loop_stays_on_the_host_and_its_parallel_loops_become_a_kernel() {
        // for t: parallel for c0 in 0..n-1, parallel for c1 in 0..m-1: S0
        let ast = vec![for_(
            "t",
            Expr::Int(0),
            sub1(var("T")),
            false,
            vec![for_(
                "c0",
                Expr::Int(0),
                sub1(var("n")),
                true,
                vec![for_("c1", Expr::Int(0), sub1(var("m")), true, vec![stmt()])],
            )],
        )];
        let host = map(&ast, 16, false);
        let [HostNode::For { iterator, body, .. }] = host.as_slice() else {
            panic!("{host:?}")
        };
        assert_eq!(iterator, "t");
        let [HostNode::Kernel(k)] = body.as_slice() else {
            panic!("{body:?}")
        };
        assert_eq!(k.dims.len(), 2);
        assert_eq!(k.block(), [16, 16, 1]);
        // c1, the innermost, is x.
        assert_eq!(k.dims[1].iterator, "c1");
        assert_eq!(k.dims[0].first, Expr::Int(0));
        assert_eq!(k.dims[0].last.linear(), sub1(var("n")).linear());
    }

    #[test]
    fn a_triangle_is_mapped_over_its_bounding_box_with_a_guard() {
        // parallel for c0 in 0..n-1, parallel for c1 in 0..c0: the box of c1 is 0..n-1.
        let ast = vec![for_(
            "c0",
            Expr::Int(0),
            sub1(var("n")),
            true,
            vec![for_("c1", Expr::Int(0), var("c0"), true, vec![stmt()])],
        )];
        let host = map(&ast, 16, false);
        let [HostNode::Kernel(k)] = host.as_slice() else {
            panic!("{host:?}")
        };
        assert_eq!(k.dims[1].last.linear(), sub1(var("n")).linear());
        let Some(Cond::And(conds)) = &k.guard else {
            panic!("{:?}", k.guard)
        };
        assert!(conds.contains(&Cond::Cmp(CmpOp::Le, var("c1"), var("c0"))));
    }

    #[test]
    fn sequential_code_runs_in_a_kernel_of_one_thread() {
        let ast = vec![for_(
            "c0",
            Expr::Int(0),
            sub1(var("n")),
            false,
            vec![stmt()],
        )];
        let host = map(&ast, 16, false);
        let [HostNode::Kernel(k)] = host.as_slice() else {
            panic!("{host:?}")
        };
        assert!(k.dims.is_empty());
        assert_eq!(k.block(), [1, 1, 1]);
        assert_eq!(k.body, ast);
    }

    #[test]
    fn a_loop_with_a_step_stays_a_loop_inside_the_kernel() {
        let mut inner = for_("c1", Expr::Int(0), sub1(var("m")), true, vec![stmt()]);
        if let AstNode::For { step, .. } = &mut inner {
            *step = 2;
        }
        let ast = vec![for_("c0", Expr::Int(0), sub1(var("n")), true, vec![inner])];
        let host = map(&ast, 16, false);
        let [HostNode::Kernel(k)] = host.as_slice() else {
            panic!("{host:?}")
        };
        assert_eq!(k.dims.len(), 1);
        assert!(k.guard.is_some());
        assert!(matches!(
            k.body.as_slice(),
            [AstNode::For {
                parallel: false,
                step: 2,
                ..
            }]
        ));
    }

    /// `parallel for it in 0..=upper: body` (`parallel` false: a sequential loop).
    fn loop_(it: &str, upper: Expr, parallel: bool, body: Vec<AstNode>) -> AstNode {
        for_(it, Expr::Int(0), upper, parallel, body)
    }

    /// The one kernel `ast` maps to.
    fn only_kernel(ast: &[AstNode], promote: bool) -> Kernel {
        match map(ast, 16, promote).as_slice() {
            [HostNode::Kernel(k)] => k.clone(),
            host => panic!("{host:?}"),
        }
    }

    #[test]
    fn a_uniform_inner_loop_is_staged_and_keeps_registers() {
        // gemm: parallel c0, parallel c1 { S0; for c2 in 0..k-1: S0 }.
        let k_loop = loop_("c2", sub1(var("k")), false, vec![stmt()]);
        let c1 = loop_("c1", sub1(var("m")), true, vec![stmt(), k_loop]);
        let ast = vec![loop_("c0", sub1(var("n")), true, vec![c1])];
        let k = only_kernel(&ast, true);
        let Some(stage) = &k.stage else {
            panic!("{k:?}")
        };
        assert_eq!((stage.index, stage.tile), (1, 16));
        assert!(matches!(
            k.body[1],
            AstNode::For {
                registers: Registers::Fixed,
                ..
            }
        ));
        // Without promotion: neither.
        let k = only_kernel(&ast, false);
        assert!(k.stage.is_none());
        assert!(matches!(
            k.body[1],
            AstNode::For {
                registers: Registers::None,
                ..
            }
        ));
    }

    #[test]
    fn a_loop_whose_bounds_use_a_thread_is_not_staged() {
        // for c2 in 0..c1: the threads of a block would run different tile counts,
        // and a barrier inside would not be reached by all.
        let c2 = loop_("c2", var("c1"), false, vec![stmt()]);
        let c1 = loop_("c1", sub1(var("n")), true, vec![c2]);
        let ast = vec![loop_("c0", sub1(var("n")), true, vec![c1])];
        assert!(only_kernel(&ast, true).stage.is_none());
    }

    #[test]
    fn the_block_guard_of_a_triangle_holds_where_some_thread_is_inside() {
        // parallel c0 in 0..n-1, parallel c1 in 0..c0 (guard c1 <= c0), staged c2.
        let c2 = loop_("c2", sub1(var("k")), false, vec![stmt()]);
        let c1 = loop_("c1", var("c0"), true, vec![c2]);
        let ast = vec![loop_("c0", sub1(var("n")), true, vec![c1])];
        let k = only_kernel(&ast, true);
        let Some(Cond::And(conds)) = k.stage.as_ref().and_then(|s| s.block_guard.clone()) else {
            panic!("{k:?}")
        };
        // c0 - c1 >= 0 at its best corner: (lo0 + 15) - lo1 >= 0.
        let want = (
            BTreeMap::from([(block_first_name("c0"), 1), (block_first_name("c1"), -1)]),
            15,
        );
        assert!(conds.iter().any(|c| matches!(c,
            Cond::Cmp(CmpOp::Ge, e, Expr::Int(0)) if e.linear() == Some(want.clone()))));
    }

    #[test]
    fn a_box_that_names_an_outer_thread_is_not_mapped() {
        // parallel c0 in max(0, n-5)..n-1 (its box is not affine), parallel c1 in
        // 0..c0: c1's box would name c0, which the host does not know; c1 stays a
        // loop inside the kernel.
        let lower = Expr::Max(vec![
            Expr::Int(0),
            Expr::Sub(Box::new(var("n")), Box::new(Expr::Int(5))),
        ]);
        let c1 = loop_("c1", var("c0"), true, vec![stmt()]);
        let ast = vec![for_("c0", lower, sub1(var("n")), true, vec![c1])];
        let k = only_kernel(&ast, false);
        assert_eq!(k.dims.len(), 1);
        assert!(k
            .dims
            .iter()
            .all(|d| !d.first.mentions("c0") && !d.last.mentions("c0")));
        assert!(matches!(
            k.body.as_slice(),
            [AstNode::For {
                parallel: false,
                ..
            }]
        ));
    }
}
