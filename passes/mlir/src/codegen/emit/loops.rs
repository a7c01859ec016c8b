//! Loops: `affine.for` and `affine.parallel` nests, the run-time guard on a parallel
//! loop's work, and the private copies its iterations get.

use super::super::maps::MapBuilder;
use super::super::{CodegenError, Result};
use super::{scalar_alloca, Codegen, Cursor, Shadowed};
use crate::ir::{Attr, Blk, OpBuilder, Type, Val};
use tessel_poly::{AstNode, Expr};

impl Codegen<'_> {
    /// A parallel loop and the loops collapsed with it (`tessel_poly::ast::collapsed_body`), whose
    /// iterations each get a copy of the scalars `private`: with `min_work` set, both
    /// in parallel and sequentially, under an `scf.if` on its estimated work
    /// ([`Codegen::work`]): an OpenMP region costs microseconds even when its
    /// threads spin, and tens of them when they must be woken, so a region with
    /// little work runs faster sequentially (issue 9, "a runtime guard").
    pub(super) fn parallel_loop(
        &mut self,
        head: LoopHead<'_>,
        private: &[String],
        body: &[AstNode],
        cursor: Cursor,
    ) -> Result<()> {
        let mut heads = vec![head];
        let mut inner = body;
        while let [next @ AstNode::For {
            parallel: true,
            body,
            ..
        }] = inner
        {
            heads.extend(LoopHead::of(next));
            inner = body;
        }
        if self.min_work == 0 {
            return self.emit_loops(&heads, Some(private), inner, cursor);
        }
        // Saturating at 2^31 keeps every product of two counts below 2^62.
        let cap = i64::try_from(self.min_work)
            .unwrap_or(i64::MAX)
            .min(1 << 31);
        let min_work = self.constant(cap, cursor)?;
        let work = self.loop_work(head, body, min_work, cursor)?;
        let enough = self.cmpi(5, work, min_work, cursor)?; // sge
        let builder = OpBuilder::new("scf.if", self.loc).operands(&[enough]);
        let (builder, then_block) = builder.region_with_block(&[]);
        let (builder, else_block) = builder.region_with_block(&[]);
        self.insert(cursor, builder.build());
        for (block, parallel) in [(then_block, Some(private)), (else_block, None)] {
            let c = Cursor {
                block,
                before: None,
                top: false,
            };
            self.emit_loops(&heads, parallel, inner, c)?;
            self.insert(c, OpBuilder::new("scf.yield", self.loc).build());
        }
        Ok(())
    }

    /// An estimate of the statement instances `nodes` run, saturated at `cap`, as an
    /// index value computed at `cursor`: a loop counts its trip count times its body's
    /// work, with its iterator at the middle of its range (exact for rectangular and
    /// triangular nests), a conditional counts both branches, a statement 1.
    pub(super) fn work(&mut self, nodes: &[AstNode], cap: Val, cursor: Cursor) -> Result<Val> {
        let mut total: Option<Val> = None;
        for node in nodes {
            let w = match node {
                AstNode::Stmt { .. } => self.constant(1, cursor)?,
                AstNode::If {
                    then_branch,
                    else_branch,
                    ..
                } => {
                    let t = self.work(then_branch, cap, cursor)?;
                    let e = self.work(else_branch, cap, cursor)?;
                    self.saturating("arith.addi", t, e, cap, cursor)?
                }
                AstNode::For { body, .. } => {
                    let head = LoopHead::of(node).ok_or(CodegenError::Ast("loop"))?;
                    self.loop_work(head, body, cap, cursor)?
                }
            };
            total = Some(match total {
                None => w,
                Some(t) => self.saturating("arith.addi", t, w, cap, cursor)?,
            });
        }
        match total {
            Some(t) => Ok(t),
            None => self.constant(0, cursor),
        }
    }

    /// [`Codegen::work`] of one loop: its trip count times its body's work, with its
    /// iterator at the middle of its range.
    pub(super) fn loop_work(
        &mut self,
        head: LoopHead<'_>,
        body: &[AstNode],
        cap: Val,
        cursor: Cursor,
    ) -> Result<Val> {
        let (trip, middle) =
            self.trip_and_middle(head.lower, head.upper, head.step, cap, cursor)?;
        let inner = self.with_iterator(head.iterator, middle, |cg| cg.work(body, cap, cursor))?;
        self.saturating("arith.muli", trip, inner, cap, cursor)
    }

    /// Runs `f` with `iterator` bound to `value`, then restores what it shadowed.
    pub(super) fn with_iterator<T>(
        &mut self,
        iterator: &str,
        value: Val,
        f: impl FnOnce(&mut Self) -> Result<T>,
    ) -> Result<T> {
        self.with_values(&[(iterator, value)], f)
    }

    /// Runs `f` with each name of `values` bound to its value (iterators, or
    /// temporary names an expression refers to), then restores what they shadowed.
    pub(super) fn with_values<T>(
        &mut self,
        values: &[(&str, Val)],
        f: impl FnOnce(&mut Self) -> Result<T>,
    ) -> Result<T> {
        let shadowed: Vec<Option<Val>> = values
            .iter()
            .map(|(name, v)| self.iterators.insert((*name).to_string(), *v))
            .collect();
        let result = f(self);
        for ((name, _), old) in values.iter().zip(shadowed).rev() {
            match old {
                Some(v) => self.iterators.insert((*name).to_string(), v),
                None => self.iterators.remove(*name),
            };
        }
        result
    }

    /// A loop's trip count (at most `cap`) and the middle of its range.
    pub(super) fn trip_and_middle(
        &mut self,
        lower: &Expr,
        upper: &Expr,
        step: i64,
        cap: Val,
        cursor: Cursor,
    ) -> Result<(Val, Val)> {
        let first = self.affine_op("affine.max", &lower.max_terms(), cursor)?;
        let last = self.affine_op("affine.min", &upper.min_terms(), cursor)?;
        // Both bounds are inclusive.
        let (first_name, last_name) = ("work.first", "work.last");
        let var = |n: &str| Box::new(Expr::Var(n.into()));
        let span = Expr::Add(
            Box::new(Expr::Sub(var(last_name), var(first_name))),
            Box::new(Expr::Int(1)),
        );
        let (trip, middle) = self.with_values(&[(first_name, first), (last_name, last)], |cg| {
            let trip = cg.affine_op(
                "affine.max",
                &[Expr::CeilDiv(Box::new(span), step), Expr::Int(0)],
                cursor,
            )?;
            let middle = cg.affine_op(
                "affine.apply",
                &[Expr::FloorDiv(
                    Box::new(Expr::Add(var(first_name), var(last_name))),
                    2,
                )],
                cursor,
            )?;
            Ok((trip, middle))
        })?;
        let trip = self.binary("arith.minsi", trip, cap, cursor)?;
        Ok((trip, middle))
    }

    /// The loops themselves: with `parallel` (the scalars private to an iteration),
    /// one `affine.parallel` over all of `heads`; without, one `affine.for` per head,
    /// nested in order.
    pub(super) fn emit_loops(
        &mut self,
        heads: &[LoopHead<'_>],
        parallel: Option<&[String]>,
        body: &[AstNode],
        cursor: Cursor,
    ) -> Result<()> {
        let Some((&first, rest)) = heads.split_first() else {
            return self.nodes(body, cursor);
        };
        if let Some(bad) = heads.iter().find(|h| h.step < 1) {
            return Err(CodegenError::LoopStep(bad.step));
        }
        let single = [first];
        let bounds = self.loop_bounds(if parallel.is_some() { heads } else { &single })?;
        let (builder, body_block) = if parallel.is_some() {
            let mut all = bounds.lb_operands;
            all.extend(bounds.ub_operands);
            let i64_type = Type::integer(self.ctx, 64);
            let steps: Vec<Attr> = heads
                .iter()
                .map(|h| Attr::integer(i64_type, h.step))
                .collect();
            OpBuilder::new("affine.parallel", self.loc)
                .operands(&all)
                .attr("lowerBoundsMap", bounds.lb_map)
                .attr(
                    "lowerBoundsGroups",
                    Attr::dense_i32_tensor(self.ctx, &bounds.lb_groups),
                )
                .attr("upperBoundsMap", bounds.ub_map)
                .attr(
                    "upperBoundsGroups",
                    Attr::dense_i32_tensor(self.ctx, &bounds.ub_groups),
                )
                .attr("steps", Attr::array(self.ctx, &steps))
                .attr("reductions", Attr::array(self.ctx, &[]))
                .region_with_block(&vec![self.index_type; heads.len()])
        } else {
            self.affine_for(bounds, first.step, &[])?
        };
        self.insert(cursor, builder.build());
        let inner = Cursor {
            block: body_block,
            before: None,
            top: false,
        };
        let Some(private) = parallel else {
            let iv = body_block.arg(0).ok_or(CodegenError::NoResult("loop IV"))?;
            self.with_iterator(first.iterator, iv, |cg| {
                cg.emit_loops(rest, None, body, inner)
            })?;
            self.insert(inner, OpBuilder::new("affine.yield", self.loc).build());
            return Ok(());
        };
        let shared = self.privatize(private, inner)?;
        let mut ivs = Vec::with_capacity(heads.len());
        for (k, h) in heads.iter().enumerate() {
            let iv = body_block.arg(k).ok_or(CodegenError::NoResult("loop IV"))?;
            ivs.push((h.iterator, iv));
        }
        let emitted = self.with_values(&ivs, |cg| cg.nodes(body, inner));
        self.unshadow(shared);
        emitted?;
        self.insert(inner, OpBuilder::new("affine.yield", self.loc).build());
        Ok(())
    }

    /// Puts back what [`Codegen::privatize`] replaced.
    pub(super) fn unshadow(&mut self, shared: Vec<Shadowed>) {
        for shadowed in shared {
            match shadowed {
                Shadowed::Scalar(k, value) => self.allocas[k] = value,
                Shadowed::Buffer(memref, None) => {
                    self.renamed.remove(&memref);
                }
                Shadowed::Buffer(memref, Some(copy)) => {
                    self.renamed.insert(memref, copy);
                }
            }
        }
    }

    /// The memref that code here reaches `memref` through: a private copy inside a
    /// parallel loop that privatizes the local buffer, `memref` itself elsewhere.
    pub(super) fn memref(&self, memref: Val) -> Val {
        self.renamed.get(&memref).copied().unwrap_or(memref)
    }

    /// Gives the scalars `private` (demoted scalars, or 0-d local buffers) a copy of
    /// their own at `cursor`, the top of a parallel loop's body, so that each
    /// iteration has one (`convert-scf-to-openmp` scopes allocas to an iteration);
    /// returns what to restore after the body.
    pub(super) fn privatize(
        &mut self,
        private: &[String],
        cursor: Cursor,
    ) -> Result<Vec<Shadowed>> {
        let mut shared = Vec::with_capacity(private.len());
        for name in private {
            if let Some(&(_, memref)) = self.scop.local_buffers.iter().find(|(n, _)| n == name) {
                let ty = self
                    .buffer_memref_type(memref)
                    .ok_or(CodegenError::BadScalarType)?;
                let alloca = scalar_alloca(self.ctx, self.loc, ty);
                let copy = self.insert_value(cursor, alloca, "memref.alloca")?;
                shared.push(Shadowed::Buffer(memref, self.renamed.insert(memref, copy)));
                continue;
            }
            let k = (0..self.scop.scalars.len())
                .find(|&k| crate::analysis::scalar_name(k) == *name)
                .ok_or_else(|| CodegenError::UnknownName(name.clone()))?;
            let (value, ty) = self.scalar(k)?;
            let memref = self
                .scalar_memref_type(k, ty)
                .ok_or(CodegenError::BadScalarType)?;
            let alloca = scalar_alloca(self.ctx, self.loc, memref);
            let copy = self.insert_value(cursor, alloca, "memref.alloca")?;
            shared.push(Shadowed::Scalar(k, value));
            self.allocas[k] = copy;
        }
        Ok(shared)
    }

    /// An `affine.for` with `bounds` and `step`, carrying `inits` as `iter_args` (its
    /// results have their types), and its body block (the IV, then the carried values).
    pub(super) fn affine_for(
        &self,
        bounds: LoopBounds,
        step: i64,
        inits: &[Val],
    ) -> Result<(OpBuilder, Blk)> {
        let segments = [
            segment_size(bounds.lb_operands.len())?,
            segment_size(bounds.ub_operands.len())?,
            segment_size(inits.len())?,
        ];
        let mut operands = bounds.lb_operands;
        operands.extend(bounds.ub_operands);
        operands.extend(inits.iter().copied());
        let types: Vec<Type> = inits.iter().map(|v| v.ty()).collect();
        let mut arg_types = vec![self.index_type];
        arg_types.extend(types.iter().copied());
        Ok(OpBuilder::new("affine.for", self.loc)
            .operands(&operands)
            .results(&types)
            .attr("lowerBoundMap", bounds.lb_map)
            .attr("upperBoundMap", bounds.ub_map)
            .attr("step", Attr::integer(self.index_type, step))
            .attr(
                "operandSegmentSizes",
                Attr::dense_i32_array(self.ctx, &segments),
            )
            .region_with_block(&arg_types))
    }

    /// The bound maps of the loops `heads` (each over `lower..=upper`: a `Max` of
    /// lower bounds, a `Min` of upper bounds), one map for all of them, with their
    /// operands and the number of results of each loop.
    pub(super) fn loop_bounds(&mut self, heads: &[LoopHead<'_>]) -> Result<LoopBounds> {
        let (mut lb_maps, mut ub_maps) = (MapBuilder::new(self.ctx), MapBuilder::new(self.ctx));
        let (mut lb, mut ub) = (Vec::new(), Vec::new());
        let (mut lb_groups, mut ub_groups) = (Vec::new(), Vec::new());
        for h in heads {
            let uppers: Vec<Expr> = h
                .upper
                .min_terms()
                .into_iter()
                .map(|e| Expr::Add(Box::new(e), Box::new(Expr::Int(1))))
                .collect();
            let l = lb_maps.results(&h.lower.max_terms())?;
            let u = ub_maps.results(&uppers)?;
            lb_groups.push(group_size(l.len())?);
            ub_groups.push(group_size(u.len())?);
            lb.extend(l);
            ub.extend(u);
        }
        Ok(LoopBounds {
            lb_operands: self.operands(&lb_maps.vars)?,
            ub_operands: self.operands(&ub_maps.vars)?,
            lb_map: Attr::affine_map(lb_maps.map(&lb)),
            ub_map: Attr::affine_map(ub_maps.map(&ub)),
            lb_groups,
            ub_groups,
        })
    }
}

/// A loop's bound maps and their operands.
pub(super) struct LoopBounds {
    pub(super) lb_map: Attr,
    pub(super) ub_map: Attr,
    pub(super) lb_operands: Vec<Val>,
    pub(super) ub_operands: Vec<Val>,
    /// Per loop, the number of lower (upper) bounds whose max (min) it takes.
    pub(super) lb_groups: Vec<i32>,
    pub(super) ub_groups: Vec<i32>,
}

/// A loop's head: its iterator, inclusive bounds and step.
#[derive(Clone, Copy)]
pub(super) struct LoopHead<'a> {
    pub(super) iterator: &'a str,
    pub(super) lower: &'a Expr,
    pub(super) upper: &'a Expr,
    pub(super) step: i64,
}

impl<'a> LoopHead<'a> {
    /// The head of a `For` node.
    pub(super) fn of(node: &'a AstNode) -> Option<LoopHead<'a>> {
        match node {
            AstNode::For {
                iterator,
                lower,
                upper,
                step,
                ..
            } => Some(LoopHead {
                iterator,
                lower,
                upper,
                step: *step,
            }),
            _ => None,
        }
    }
}

/// A count as an i32 attribute element.
fn segment_size(n: usize) -> Result<i32> {
    i32::try_from(n).map_err(|_| CodegenError::Ast("too many bound operands"))
}

fn group_size(n: usize) -> Result<i32> {
    segment_size(n)
}
