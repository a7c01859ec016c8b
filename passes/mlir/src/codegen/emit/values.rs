//! Conditionals, index values and the arithmetic on them.

use super::super::maps::MapBuilder;
use super::super::{CodegenError, Result};
use super::{Codegen, Cursor};
use crate::ir::{Attr, Blk, OpBuilder, Type, Val};
use tessel_poly::{AstNode, Cond, Expr, Registers};

impl Codegen<'_> {
    /// `op` over `exprs` (one result each): `affine.apply` of one, or the
    /// `affine.min`/`affine.max` of several.
    pub(super) fn affine_op(
        &mut self,
        op: &'static str,
        exprs: &[Expr],
        cursor: Cursor,
    ) -> Result<Val> {
        let mut maps = MapBuilder::new(self.ctx);
        let results = maps.results(exprs)?;
        let operands = self.operands(&maps.vars)?;
        let op = if results.len() == 1 {
            "affine.apply"
        } else {
            op
        };
        let built = OpBuilder::new(op, self.loc)
            .operands(&operands)
            .results(&[self.index_type])
            .attr("map", Attr::affine_map(maps.map(&results)))
            .build();
        self.insert_value(cursor, built, op)
    }

    /// `a op b` (`arith.addi`/`arith.muli`), then at most `cap`. Operands are at most
    /// `cap` <= 2^31, so the product stays below 2^62.
    pub(super) fn saturating(
        &mut self,
        op: &'static str,
        a: Val,
        b: Val,
        cap: Val,
        cursor: Cursor,
    ) -> Result<Val> {
        let v = self.binary(op, a, b, cursor)?;
        self.binary("arith.minsi", v, cap, cursor)
    }

    /// A binary op on two `index` values (the work estimates), of `index` type.
    pub(super) fn binary(
        &mut self,
        op: &'static str,
        a: Val,
        b: Val,
        cursor: Cursor,
    ) -> Result<Val> {
        let built = OpBuilder::new(op, self.loc)
            .operands(&[a, b])
            .results(&[self.index_type])
            .build();
        self.insert_value(cursor, built, op)
    }

    pub(super) fn constant(&mut self, v: i64, cursor: Cursor) -> Result<Val> {
        let built = OpBuilder::new("arith.constant", self.loc)
            .results(&[self.index_type])
            .attr("value", Attr::integer(self.index_type, v))
            .build();
        self.insert_value(cursor, built, "arith.constant")
    }

    /// `arith.cmpi` with `predicate` (eq 0, slt 2, sle 3, sgt 4, sge 5).
    pub(super) fn cmpi(&mut self, predicate: i64, a: Val, b: Val, cursor: Cursor) -> Result<Val> {
        let built = OpBuilder::new("arith.cmpi", self.loc)
            .operands(&[a, b])
            .results(&[Type::integer(self.ctx, 1)])
            .attr(
                "predicate",
                Attr::integer(Type::integer(self.ctx, 64), predicate),
            )
            .build();
        self.insert_value(cursor, built, "arith.cmpi")
    }

    pub(super) fn if_node(
        &mut self,
        cond: &Cond,
        then_branch: &[AstNode],
        else_branch: &[AstNode],
        cursor: Cursor,
    ) -> Result<()> {
        // The guard of a register loop that keeps nothing in registers: the loop alone.
        if let [looped @ AstNode::For {
            registers: kind @ (Registers::Fixed | Registers::Block),
            iterator,
            lower,
            upper,
            body,
            ..
        }] = then_branch
        {
            if else_branch.is_empty()
                && tessel_poly::register_block::is_run_guard(cond, lower, upper)
                && (self.registers.is_some()
                    || self.register_elements(body, iterator, *kind).is_empty())
            {
                return self.node(looped, cursor);
            }
        }
        let mut conjuncts = vec![];
        if flatten_and(cond, &mut conjuncts) {
            let mut maps = MapBuilder::new(self.ctx);
            let mut constraints = vec![];
            for c in &conjuncts {
                let Cond::Cmp(op, a, b) = c else {
                    return Err(CodegenError::Ast("non-comparison conjunct"));
                };
                constraints.push(maps.constraint(*op, a, b)?);
            }
            let operands = self.operands(&maps.vars)?;
            let builder = OpBuilder::new("affine.if", self.loc)
                .operands(&operands)
                .attr("condition", Attr::integer_set(maps.set(&constraints)?));
            return self.conditional(builder, then_branch, else_branch, "affine.yield", cursor);
        }
        // A disjunction has no affine.if form: compute the condition and use scf.if.
        let flag = self.cond_value(cond, cursor)?;
        let builder = OpBuilder::new("scf.if", self.loc).operands(&[flag]);
        self.conditional(builder, then_branch, else_branch, "scf.yield", cursor)
    }

    /// Adds the then and (possibly empty) else regions to an `affine.if`/`scf.if`
    /// builder, inserts the op and fills its branches.
    pub(super) fn conditional(
        &mut self,
        builder: OpBuilder,
        then_branch: &[AstNode],
        else_branch: &[AstNode],
        terminator: &str,
        cursor: Cursor,
    ) -> Result<()> {
        let (builder, then_block) = builder.region_with_block(&[]);
        let (builder, else_block) = if else_branch.is_empty() {
            (builder.empty_region(), None)
        } else {
            let (b, blk) = builder.region_with_block(&[]);
            (b, Some(blk))
        };
        self.insert(cursor, builder.build());
        self.branch(then_branch, then_block, terminator)?;
        if let Some(blk) = else_block {
            self.branch(else_branch, blk, terminator)?;
        }
        Ok(())
    }

    pub(super) fn branch(&mut self, nodes: &[AstNode], block: Blk, terminator: &str) -> Result<()> {
        let c = Cursor {
            block,
            before: None,
            top: false,
        };
        self.nodes(nodes, c)?;
        self.insert(c, OpBuilder::new(terminator, self.loc).build());
        Ok(())
    }

    pub(super) fn cond_value(&mut self, cond: &Cond, cursor: Cursor) -> Result<Val> {
        let i1 = Type::integer(self.ctx, 1);
        match cond {
            Cond::Cmp(op, a, b) => {
                let a = self.index_value(a, cursor)?;
                let b = self.index_value(b, cursor)?;
                // arith.cmpi predicates: eq 0, slt 2, sle 3, sgt 4, sge 5.
                let predicate = match op {
                    tessel_poly::CmpOp::Eq => 0,
                    tessel_poly::CmpOp::Lt => 2,
                    tessel_poly::CmpOp::Le => 3,
                    tessel_poly::CmpOp::Gt => 4,
                    tessel_poly::CmpOp::Ge => 5,
                };
                self.cmpi(predicate, a, b, cursor)
            }
            Cond::And(v) | Cond::Or(v) => {
                let name = if matches!(cond, Cond::And(_)) {
                    "arith.andi"
                } else {
                    "arith.ori"
                };
                let mut acc: Option<Val> = None;
                for c in v {
                    let x = self.cond_value(c, cursor)?;
                    acc = Some(match acc {
                        None => x,
                        Some(a) => {
                            let op = OpBuilder::new(name, self.loc)
                                .operands(&[a, x])
                                .results(&[i1])
                                .build();
                            self.insert_value(cursor, op, name)?
                        }
                    });
                }
                acc.ok_or(CodegenError::Ast("empty condition"))
            }
        }
    }

    /// An index value computing `e`, via `affine.apply` unless it is an iterator.
    pub(super) fn index_value(&mut self, e: &Expr, cursor: Cursor) -> Result<Val> {
        if let Expr::Var(name) = e {
            if let Some(v) = self.iterators.get(name) {
                return Ok(*v);
            }
        }
        let mut maps = MapBuilder::new(self.ctx);
        let r = maps.expr(e)?;
        let operands = self.operands(&maps.vars)?;
        let apply = OpBuilder::new("affine.apply", self.loc)
            .operands(&operands)
            .results(&[self.index_type])
            .attr("map", Attr::affine_map(maps.map(&[r])))
            .build();
        self.insert_value(cursor, apply, "affine.apply")
    }

    pub(super) fn operands(&self, vars: &[String]) -> Result<Vec<Val>> {
        vars.iter()
            .map(|v| {
                if let Some(val) = self.iterators.get(v) {
                    return Ok(*val);
                }
                match self.scop.model.params.iter().position(|p| p == v) {
                    Some(k) => self
                        .scop
                        .params
                        .get(k)
                        .copied()
                        .ok_or_else(|| CodegenError::UnknownName(v.clone())),
                    None => Err(CodegenError::UnknownName(v.clone())),
                }
            })
            .collect()
    }
}

/// Is `cond` a conjunction of comparisons? Collects them.
fn flatten_and<'c>(cond: &'c Cond, out: &mut Vec<&'c Cond>) -> bool {
    match cond {
        Cond::Cmp(..) => {
            out.push(cond);
            true
        }
        Cond::And(v) => v.iter().all(|c| flatten_and(c, out)),
        Cond::Or(_) => false,
    }
}
