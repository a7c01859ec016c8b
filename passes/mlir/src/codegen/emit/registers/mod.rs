//! Scalar replacement in the loop of a register block (issue 9 item 4).
//!
//! In gemm's block, `C[i + a][j + b] += A[i + a][k] * B[k][j + b]` for the 32
//! `(a, b)`, the elements of `C` do not move along `k`. LLVM cannot keep them in
//! registers across `k` itself: it cannot tell `C` from `A` and `B` (plain memref
//! arguments), so every store to `C` may change what the next load of `B` reads.
//! Tessel's model already takes distinct arrays as disjoint (restrict arrays, see
//! `analysis::aliasing`), so codegen does it: each such element is loaded once
//! before the loop, carried as an `iter_args` value, and stored once after it.
//! Each element still gets its updates in the same order: nothing is reassociated.
//!
//! An array qualifies when the loop's body touches it only through top-level
//! `affine.load`/`affine.store`s whose address does not move with the loop, it is
//! written there, and it is a function argument or an allocation (so that no other
//! memref in the body is a view of it). Its elements must be told apart: two
//! addresses are the same element, or differ by a nonzero constant. In the loop of
//! a full register block (`Registers::Block`) the body may also load it at
//! addresses that move with the loop (trmm's `B[k][j]` beside its block of
//! `B[i][j]`): the schedule side proved that those loads never touch a kept element
//! in one run of the loop, so they read memory that the loop does not change.
//!
//! This folder is the MLIR side of register blocks: which elements (here), and the
//! loops that keep them (`loops.rs`); `tessel_poly::register_block` shapes the blocks.

mod loops;

use crate::analysis::aff::{Aff, Atom};
use crate::analysis::affine_map::map_results;
use crate::analysis::{ExtractedScop, Step};
use crate::ir::{AffineMap, Op, Type, Val};
use tessel_poly::{AstNode, Expr, Registers};

/// An `affine.load` or `affine.store` of the original code.
pub(super) struct Access {
    pub memref: Val,
    pub map: AffineMap,
    /// The map's operands.
    pub indices: Vec<Val>,
    /// The stored value (stores only).
    pub stored: Option<Val>,
    pub ty: Type,
}

/// `op` as an access, if it is an `affine.load` or `affine.store`.
pub(super) fn access(op: Op) -> Option<Access> {
    let operands = op.operands();
    let map = op.attr("map")?.as_affine_map()?;
    match op.name().as_str() {
        "affine.load" => Some(Access {
            memref: *operands.first()?,
            map,
            indices: operands.get(1..)?.to_vec(),
            stored: None,
            ty: op.result(0)?.ty(),
        }),
        "affine.store" => Some(Access {
            memref: *operands.get(1)?,
            map,
            indices: operands.get(2..)?.to_vec(),
            stored: Some(*operands.first()?),
            ty: operands.first()?.ty(),
        }),
        _ => None,
    }
}

/// The element `access` touches in a statement instance (`ivs` are the statement's
/// IVs, `args` their values in the AST), as affine expressions over the AST's
/// iterators and parameters (and other values as roots). `None` when not affine.
///
/// An operand computed inside the statement's loops (an `affine.apply` of its IVs,
/// as upstream MLIR writes subscripts) gives `None`: it is no root fixed around the
/// loops, and the address before the loop could not use it.
pub(super) fn element(access: &Access, ivs: &[Val], args: &[Expr]) -> Option<Vec<Aff>> {
    let mut operands = Vec::with_capacity(access.indices.len());
    for v in &access.indices {
        operands.push(match ivs.iter().position(|iv| iv == v) {
            Some(k) => expr_aff(args.get(k)?)?,
            None if inside_loops(*v, ivs) => return None,
            None => Aff::atom(Atom::Root(*v)),
        });
    }
    let index = map_results(access.map, &operands).ok()?;
    (!index.iter().any(Aff::overflowed)).then(|| index.iter().map(Aff::sorted).collect())
}

/// Whether `v` is defined inside the loops of the statement whose IVs are `ivs`
/// (inside the loop of its outermost IV).
fn inside_loops(v: Val, ivs: &[Val]) -> bool {
    let outer = ivs
        .first()
        .and_then(|iv| iv.block_argument())
        .and_then(|(block, _)| block.parent_op());
    match (outer, v.owner_op()) {
        (Some(outer), Some(owner)) => owner.is_within(outer),
        _ => false,
    }
}

/// One element kept in registers.
pub(super) struct Element {
    pub memref: Val,
    pub index: Vec<Aff>,
    /// The first access of it in the body, and the statement IVs and AST arguments
    /// of that instance: they give the address before and after the loop.
    pub first: Access,
    pub ivs: Vec<Val>,
    pub args: Vec<Expr>,
    /// Whether the body stores to it (then it is stored back after the loop).
    pub stored: bool,
}

/// The elements to keep in registers across the loop of `iterator`, whose body is
/// `body` (statements only; anything else gives none); `kind`: the loop's
/// [`Registers`].
pub(super) fn plan(
    scop: &ExtractedScop,
    body: &[AstNode],
    iterator: &str,
    kind: Registers,
) -> Vec<Element> {
    let mut elements: Vec<Element> = Vec::new();
    // Arrays that cannot be kept: touched otherwise, or at a moving address.
    let mut excluded: Vec<Val> = Vec::new();
    for node in body {
        let AstNode::Stmt { stmt, args, .. } = node else {
            return Vec::new();
        };
        let Some(code) = scop.statements.get(stmt.0) else {
            return Vec::new();
        };
        for step in &code.steps {
            let Step::Clone(op) = step else { continue };
            let Some(acc) = access(*op) else {
                // Any other use of a memref (a call, a nested region) pins it.
                for inner in std::iter::once(*op).chain(op.nested_ops()) {
                    excluded.extend(inner.operands().into_iter().filter(|v| v.ty().is_memref()));
                }
                continue;
            };
            let Some(index) = element(&acc, &code.ivs, args) else {
                excluded.push(acc.memref);
                continue;
            };
            if index.iter().any(|a| mentions(a, iterator)) {
                let proven = kind == Registers::Block && acc.stored.is_none();
                if !proven {
                    excluded.push(acc.memref);
                }
                continue;
            }
            let is_store = acc.stored.is_some();
            match elements
                .iter_mut()
                .find(|e| e.memref == acc.memref && e.index == index)
            {
                Some(e) => e.stored |= is_store,
                None => elements.push(Element {
                    memref: acc.memref,
                    index,
                    first: acc,
                    ivs: code.ivs.clone(),
                    args: args.clone(),
                    stored: is_store,
                }),
            }
        }
    }
    let keep = |m: Val, elements: &[Element]| {
        let mine: Vec<&Element> = elements.iter().filter(|e| e.memref == m).collect();
        !excluded.contains(&m)
            && is_buffer(m)
            && mine.iter().any(|e| e.stored)
            && mine
                .iter()
                .enumerate()
                .all(|(i, a)| mine[i + 1..].iter().all(|b| distinct(&a.index, &b.index)))
    };
    let kept: Vec<Val> = elements
        .iter()
        .map(|e| e.memref)
        .filter(|&m| keep(m, &elements))
        .collect();
    elements.retain(|e| kept.contains(&e.memref));
    elements
}

/// Whether two addresses are surely different elements: they differ by a constant
/// that is not zero.
fn distinct(a: &[Aff], b: &[Aff]) -> bool {
    let diffs: Option<Vec<i64>> = a
        .iter()
        .zip(b)
        .map(|(x, y)| x.sub(y).as_constant())
        .collect();
    a.len() == b.len() && diffs.is_some_and(|d| d.iter().any(|&x| x != 0))
}

/// Whether `name` (an AST iterator) occurs in `a`, divisions included.
pub(super) fn mentions(a: &Aff, name: &str) -> bool {
    a.terms().iter().any(|(atom, _)| match atom {
        Atom::Param(p) => p == name,
        Atom::FloorDiv(inner, _) | Atom::CeilDiv(inner, _) | Atom::Mod(inner, _) => {
            mentions(inner, name)
        }
        Atom::Iv(_) | Atom::Root(_) => false,
    })
}

/// An AST expression as an [`Aff`] over its variables (as parameters).
fn expr_aff(e: &Expr) -> Option<Aff> {
    Some(match e {
        Expr::Int(k) => Aff::constant(*k),
        Expr::Var(name) => Aff::atom(Atom::Param(name.clone())),
        Expr::Add(a, b) => expr_aff(a)?.add(&expr_aff(b)?),
        Expr::Sub(a, b) => expr_aff(a)?.sub(&expr_aff(b)?),
        Expr::Mul(a, b) => expr_aff(a)?.mul(&expr_aff(b)?)?,
        Expr::Neg(a) => expr_aff(a)?.scale(-1),
        Expr::FloorDiv(a, d) => expr_aff(a)?.floor_div(*d),
        Expr::CeilDiv(a, d) => expr_aff(a)?.ceil_div(*d),
        Expr::Mod(a, d) => expr_aff(a)?.modulo(*d),
        Expr::Min(_) | Expr::Max(_) => return None,
    })
}

/// A function argument or an allocation: a buffer no other memref value can name
/// in a SCoP (views and casts are other values).
pub(super) fn is_buffer(m: Val) -> bool {
    match m.defining_op() {
        Some(op) => matches!(op.name().as_str(), "memref.alloc" | "memref.alloca"),
        None => m
            .block_argument()
            .and_then(|(blk, _)| blk.parent_op())
            .is_some_and(|f| f.name() == "func.func"),
    }
}
