//! Emitting the new ops: loops, conditionals, and each statement's cloned ops.

use super::maps::MapBuilder;
use super::registers::{self, Element};
use super::shared;
use super::{CodegenError, Generated, Result};
use crate::analysis::{ExtractedScop, Step};
use crate::ir::{Attr, Blk, Context, Detached, Location, Op, OpBuilder, Owned, Type, Val};
use std::collections::HashMap;
use tessel_poly::{AstNode, Cond, Expr, HostNode, ScalarExpansion, StmtId};

mod launch;

/// Where new ops go: before `before` in `block`, or at its end. `top` marks the
/// SCoP's own block, whose new ops [`Generated`] keeps (nested ones go with them).
#[derive(Clone, Copy)]
struct Cursor {
    block: Blk,
    before: Option<Op>,
    top: bool,
}

struct Codegen<'s> {
    ctx: Context,
    loc: Location,
    scop: &'s ExtractedScop,
    allocas: Vec<Val>,
    /// Per demoted scalar, its slots when unroll-and-jam expanded it.
    expanded: Vec<Option<ScalarExpansion>>,
    /// The local buffers unroll-and-jam expanded, by their memref: their accesses go
    /// to a buffer of slots (through `renamed`) at the slot of the instance.
    expanded_buffers: HashMap<Val, ScalarExpansion>,
    iterators: HashMap<String, Val>,
    index_type: Type,
    /// `parallel-min-work`: a parallel loop runs in parallel only when its estimated
    /// work reaches this (0: always).
    min_work: u64,
    /// The new ops of the SCoP's block, in order.
    top: Vec<Owned>,
    /// Inside a register block's loop: the elements kept in registers and their
    /// current values ([`registers`]).
    registers: Option<(Vec<Element>, Vec<Val>)>,
    /// Inside a parallel loop: the local buffers it gives each iteration a copy of,
    /// by the memref value the statements use, and the copy.
    renamed: HashMap<Val, Val>,
    /// Inside the point loop of a staged kernel loop: the groups read from shared
    /// memory ([`shared`]).
    staged: Option<Staged>,
    /// What the remark tells about each kernel's promotions (`target=gpu`).
    notes: Vec<String>,
    /// Kernels emitted so far (`target=gpu`), to number them as the remark does;
    /// promotions are noted only then.
    kernels: usize,
}

/// The shared-memory tiles of a staged loop, each with its workgroup buffer, over the
/// block's tile variables.
struct Staged {
    groups: Vec<(shared::Group, Val)>,
    vars: Vec<shared::TileVar>,
}

/// What [`Codegen::privatize`] replaced, to put back after the loop's body.
enum Shadowed {
    /// A demoted scalar's memref.
    Scalar(usize, Val),
    /// A local buffer's copy (none before).
    Buffer(Val, Option<Val>),
}

/// Emits `ast` right after the scop's last op, or with `gpu`, its mapping to host
/// code and kernels (`launch`). On error everything added is removed. A parallel
/// loop is guarded by a run-time estimate of its work when `min_work` > 0 (see
/// [`Codegen::for_loop`]).
pub fn generate(
    scop: &ExtractedScop,
    ast: &[AstNode],
    gpu: Option<&[HostNode]>,
    expanded: &[ScalarExpansion],
    func: Op,
    min_work: u64,
    distinct_arguments: bool,
) -> Result<Generated> {
    let first = *scop.ops.first().ok_or(CodegenError::EmptyScop)?;
    let last = *scop.ops.last().ok_or(CodegenError::EmptyScop)?;
    let block = last.block().ok_or(CodegenError::OutsideBlock)?;
    let Some(after) = last.next() else {
        return Err(CodegenError::EndsBlock);
    };
    let ctx = first.context();
    let mut cg = Codegen {
        ctx,
        loc: first.location(),
        scop,
        allocas: vec![],
        expanded: (0..scop.scalars.len())
            .map(|k| {
                let name = crate::analysis::scalar_name(k);
                expanded.iter().find(|e| e.array == name).cloned()
            })
            .collect(),
        expanded_buffers: scop
            .local_buffers
            .iter()
            .filter_map(|(name, memref)| {
                let e = expanded.iter().find(|e| e.array == *name)?;
                Some((*memref, e.clone()))
            })
            .collect(),
        iterators: HashMap::new(),
        index_type: Type::index(ctx),
        min_work,
        top: vec![],
        renamed: HashMap::new(),
        registers: None,
        staged: None,
        notes: vec![],
        kernels: 0,
    };

    // Codegen must give every expanded array its slots: one it does not know would
    // silently share one element between the copies of a jammed block.
    for e in expanded {
        let known = cg.expanded.iter().flatten().any(|x| x.array == e.array)
            || cg.expanded_buffers.values().any(|x| x.array == e.array);
        if !known {
            return Err(CodegenError::UnknownName(e.array.clone()));
        }
    }

    // The entry block dominates every other block of the function.
    let entry = *func.region_blocks(0).first().ok_or(CodegenError::NoBody)?;
    let Some(entry_first) = entry.ops().first().copied() else {
        return Err(CodegenError::EmptyFunction);
    };
    let mut allocas = vec![];
    for (k, ty) in scop.scalars.iter().enumerate() {
        let Some(memref) = cg.scalar_memref_type(k, *ty) else {
            roll_back(allocas, vec![]);
            return Err(CodegenError::BadScalarType);
        };
        let alloca = entry.insert_before(entry_first, scalar_alloca(ctx, cg.loc, memref));
        let Some(value) = alloca.op().result(0) else {
            allocas.push(alloca);
            roll_back(allocas, vec![]);
            return Err(CodegenError::NoResult("memref.alloca"));
        };
        cg.allocas.push(value);
        allocas.push(alloca);
    }
    let buffers: Vec<(Val, Type)> = scop
        .local_buffers
        .iter()
        .filter_map(|(_, m)| Some((*m, cg.buffer_memref_type(*m)?)))
        .filter(|(m, _)| cg.expanded_buffers.contains_key(m))
        .collect();
    for (memref, ty) in buffers {
        let alloca = entry.insert_before(entry_first, scalar_alloca(ctx, cg.loc, ty));
        let Some(value) = alloca.op().result(0) else {
            allocas.push(alloca);
            roll_back(allocas, vec![]);
            return Err(CodegenError::NoResult("memref.alloca"));
        };
        cg.renamed.insert(memref, value);
        allocas.push(alloca);
    }

    let cursor = Cursor {
        block,
        before: Some(after),
        top: true,
    };
    let mut reloads = vec![];
    let result = cg
        .distinct_objects(distinct_arguments && gpu.is_none(), cursor)
        .and_then(|_| match gpu {
            Some(host) => cg.gpu_program(host, cursor),
            None => cg.nodes(ast, cursor),
        })
        .and_then(|_| {
            for (value, scalar) in &scop.live_outs {
                let reload = cg.scalar_load(*scalar, None, cursor)?;
                reloads.push((*value, reload));
            }
            Ok(())
        });
    let generated = Generated {
        ops: cg.top,
        allocas,
        reloads,
        notes: cg.notes,
    };
    match result {
        Ok(()) => Ok(generated),
        Err(e) => {
            generated.roll_back();
            Err(e)
        }
    }
}

/// `memref.alloca() : memref` (a 0-d memref: a scalar's memory).
fn scalar_alloca(ctx: Context, loc: Location, memref: Type) -> Detached {
    OpBuilder::new("memref.alloca", loc)
        .results(&[memref])
        .attr("operandSegmentSizes", Attr::dense_i32_array(ctx, &[0, 0]))
        .build()
}

fn roll_back(allocas: Vec<Owned>, ops: Vec<Owned>) {
    Generated {
        ops,
        allocas,
        reloads: vec![],
        notes: vec![],
    }
    .roll_back();
}

impl Codegen<'_> {
    /// Inserts `op` at `cursor`; keeps the right to erase it if it is top-level.
    fn insert(&mut self, cursor: Cursor, op: Detached) -> Op {
        let owned = match cursor.before {
            Some(b) => cursor.block.insert_before(b, op),
            None => cursor.block.append(op),
        };
        let handle = owned.op();
        if cursor.top {
            self.top.push(owned);
        }
        handle
    }

    /// With `on`, puts the SCoP's distinct arguments
    /// ([`ExtractedScop::distinct_arguments`]) through one `memref.distinct_objects`
    /// before the new code, which then accesses them through its results. It lowers
    /// to an `llvm.intr.assume` with a `separate_storage` bundle per pair, which
    /// LLVM's alias analysis reads: the vectorizer then needs no run-time alias check
    /// between them (jacobi-2d at MEDIUM: 0.93x of the original without it, which
    /// LLVM inlines into its caller, where it sees two distinct `malloc`s).
    fn distinct_objects(&mut self, on: bool, cursor: Cursor) -> Result<()> {
        // Empty unless there are two or more (extraction decides).
        let args = &self.scop.distinct_arguments;
        if !on || args.is_empty() {
            return Ok(());
        }
        let types: Vec<Type> = args.iter().map(|a| a.ty()).collect();
        let op = OpBuilder::new("memref.distinct_objects", self.loc)
            .operands(args)
            .results(&types)
            .build();
        let op = self.insert(cursor, op);
        for (k, &arg) in args.iter().enumerate() {
            let result = op
                .result(k)
                .ok_or(CodegenError::NoResult("memref.distinct_objects"))?;
            self.renamed.insert(arg, result);
        }
        Ok(())
    }

    /// Inserts `op` and returns its first result.
    fn insert_value(&mut self, cursor: Cursor, op: Detached, what: &'static str) -> Result<Val> {
        self.insert(cursor, op)
            .result(0)
            .ok_or(CodegenError::NoResult(what))
    }

    fn nodes(&mut self, nodes: &[AstNode], cursor: Cursor) -> Result<()> {
        for n in nodes {
            self.node(n, cursor)?;
        }
        Ok(())
    }

    fn node(&mut self, node: &AstNode, cursor: Cursor) -> Result<()> {
        match node {
            AstNode::For {
                parallel,
                registers,
                private,
                body,
                ..
            } => {
                let head = LoopHead::of(node).ok_or(CodegenError::Ast("loop"))?;
                match (registers, parallel) {
                    (true, _) => self.register_loop(head, body, cursor),
                    (false, true) => self.parallel_loop(head, private, body, cursor),
                    (false, false) => self.emit_loops(&[head], None, body, cursor),
                }
            }
            AstNode::If {
                cond,
                then_branch,
                else_branch,
            } => self.if_node(cond, then_branch, else_branch, cursor),
            AstNode::Stmt { stmt, name, args } => self.statement(*stmt, name, args, cursor),
        }
    }

    /// A parallel loop and the loops collapsed with it (`tessel_poly::ast::collapsed_body`), whose
    /// iterations each get a copy of the scalars `private`: with `min_work` set, both
    /// in parallel and sequentially, under an `scf.if` on its estimated work
    /// ([`Codegen::work`]): an OpenMP region costs microseconds even when its
    /// threads spin, and tens of them when they must be woken, so a region with
    /// little work runs faster sequentially (issue 9, "a runtime guard").
    fn parallel_loop(
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

    /// The elements a register loop over `body` keeps ([`registers::plan`]), but for
    /// local buffers unroll-and-jam expanded: their slots are addressed per statement
    /// instance (`expanded_buffer_access`), not by the original access's map.
    fn register_elements(&self, body: &[AstNode], iterator: &str) -> Vec<registers::Element> {
        let mut elements = registers::plan(self.scop, body, iterator);
        elements.retain(|e| !self.expanded_buffers.contains_key(&e.memref));
        elements
    }

    /// The loop of a full register block: the elements [`registers::plan`] picks
    /// are loaded before it, carried as `iter_args` through it, and the ones it
    /// writes are stored after it.
    fn register_loop(
        &mut self,
        head: LoopHead<'_>,
        body: &[AstNode],
        cursor: Cursor,
    ) -> Result<()> {
        let LoopHead { iterator, step, .. } = head;
        let elements = self.register_elements(body, iterator);
        if elements.is_empty() || self.registers.is_some() {
            return self.emit_loops(&[head], None, body, cursor);
        }
        // The address of each element, computed before the loop (the iterator does
        // not move it, so any value of it will do).
        let mut addresses = Vec::with_capacity(elements.len());
        let mut inits = Vec::with_capacity(elements.len());
        for e in &elements {
            let mut indices = Vec::with_capacity(e.first.indices.len());
            for v in &e.first.indices {
                indices.push(match e.ivs.iter().position(|iv| iv == v) {
                    Some(k) => {
                        let arg = e.args.get(k).ok_or(CodegenError::Ast("register block"))?;
                        self.index_value(&arg.substitute(iterator, &Expr::Int(0)), cursor)?
                    }
                    None => *v,
                });
            }
            let mut operands = vec![self.memref(e.memref)];
            operands.extend(indices.iter().copied());
            let load = OpBuilder::new("affine.load", self.loc)
                .operands(&operands)
                .results(&[e.first.ty])
                .attr("map", Attr::affine_map(e.first.map))
                .build();
            inits.push(self.insert_value(cursor, load, "affine.load")?);
            addresses.push(indices);
        }
        let bounds = self.loop_bounds(&[head])?;
        let (builder, body_block) = self.affine_for(bounds, step, &inits)?;
        let for_op = self.insert(cursor, builder.build());
        let iv = body_block.arg(0).ok_or(CodegenError::NoResult("loop IV"))?;
        let carried: Vec<Val> = (1..=elements.len())
            .map(|i| body_block.arg(i).ok_or(CodegenError::NoResult("iter_args")))
            .collect::<Result<_>>()?;
        let inner = Cursor {
            block: body_block,
            before: None,
            top: false,
        };
        if self.kernels > 0 {
            for e in &elements {
                let subs: Vec<String> = e.index.iter().map(|a| format!("[{a}]")).collect();
                self.notes.push(format!(
                    "keeps {}{} in a register across {iterator}",
                    super::shared::array_name(e.memref),
                    subs.concat()
                ));
            }
        }
        self.registers = Some((elements, carried));
        let emitted = self.with_iterator(iterator, iv, |cg| cg.nodes(body, inner));
        let (elements, current) = self
            .registers
            .take()
            .ok_or(CodegenError::Ast("register block"))?;
        emitted?;
        self.insert(
            inner,
            OpBuilder::new("affine.yield", self.loc)
                .operands(&current)
                .build(),
        );
        for (k, (e, indices)) in elements.iter().zip(&addresses).enumerate() {
            if !e.stored {
                continue;
            }
            let value = for_op
                .result(k)
                .ok_or(CodegenError::NoResult("affine.for"))?;
            let mut operands = vec![value, self.memref(e.memref)];
            operands.extend(indices.iter().copied());
            let store = OpBuilder::new("affine.store", self.loc)
                .operands(&operands)
                .attr("map", Attr::affine_map(e.first.map))
                .build();
            self.insert(cursor, store);
        }
        Ok(())
    }

    /// An estimate of the statement instances `nodes` run, saturated at `cap`, as an
    /// index value computed at `cursor`: a loop counts its trip count times its body's
    /// work, with its iterator at the middle of its range (exact for rectangular and
    /// triangular nests), a conditional counts both branches, a statement 1.
    fn work(&mut self, nodes: &[AstNode], cap: Val, cursor: Cursor) -> Result<Val> {
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
    fn loop_work(
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
    fn with_iterator<T>(
        &mut self,
        iterator: &str,
        value: Val,
        f: impl FnOnce(&mut Self) -> Result<T>,
    ) -> Result<T> {
        self.with_values(&[(iterator, value)], f)
    }

    /// Runs `f` with each name of `values` bound to its value (iterators, or
    /// temporary names an expression refers to), then restores what they shadowed.
    fn with_values<T>(
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
    fn trip_and_middle(
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

    /// `op` over `exprs` (one result each): `affine.apply` of one, or the
    /// `affine.min`/`affine.max` of several.
    fn affine_op(&mut self, op: &'static str, exprs: &[Expr], cursor: Cursor) -> Result<Val> {
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
    fn saturating(
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
    fn binary(&mut self, op: &'static str, a: Val, b: Val, cursor: Cursor) -> Result<Val> {
        let built = OpBuilder::new(op, self.loc)
            .operands(&[a, b])
            .results(&[self.index_type])
            .build();
        self.insert_value(cursor, built, op)
    }

    fn constant(&mut self, v: i64, cursor: Cursor) -> Result<Val> {
        let built = OpBuilder::new("arith.constant", self.loc)
            .results(&[self.index_type])
            .attr("value", Attr::integer(self.index_type, v))
            .build();
        self.insert_value(cursor, built, "arith.constant")
    }

    /// `arith.cmpi` with `predicate` (eq 0, slt 2, sle 3, sgt 4, sge 5).
    fn cmpi(&mut self, predicate: i64, a: Val, b: Val, cursor: Cursor) -> Result<Val> {
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

    /// The loops themselves: with `parallel` (the scalars private to an iteration),
    /// one `affine.parallel` over all of `heads`; without, one `affine.for` per head,
    /// nested in order.
    fn emit_loops(
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
    fn unshadow(&mut self, shared: Vec<Shadowed>) {
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
    fn memref(&self, memref: Val) -> Val {
        self.renamed.get(&memref).copied().unwrap_or(memref)
    }

    /// Gives the scalars `private` (demoted scalars, or 0-d local buffers) a copy of
    /// their own at `cursor`, the top of a parallel loop's body, so that each
    /// iteration has one (`convert-scf-to-openmp` scopes allocas to an iteration);
    /// returns what to restore after the body.
    fn privatize(&mut self, private: &[String], cursor: Cursor) -> Result<Vec<Shadowed>> {
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
    fn affine_for(&self, bounds: LoopBounds, step: i64, inits: &[Val]) -> Result<(OpBuilder, Blk)> {
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
    fn loop_bounds(&mut self, heads: &[LoopHead<'_>]) -> Result<LoopBounds> {
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

    fn if_node(
        &mut self,
        cond: &Cond,
        then_branch: &[AstNode],
        else_branch: &[AstNode],
        cursor: Cursor,
    ) -> Result<()> {
        // The guard of a register loop that keeps nothing in registers: the loop alone.
        if let [looped @ AstNode::For {
            registers: true,
            iterator,
            lower,
            upper,
            body,
            ..
        }] = then_branch
        {
            if else_branch.is_empty()
                && tessel_poly::register_block::is_run_guard(cond, lower, upper)
                && (self.registers.is_some() || self.register_elements(body, iterator).is_empty())
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
    fn conditional(
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

    fn branch(&mut self, nodes: &[AstNode], block: Blk, terminator: &str) -> Result<()> {
        let c = Cursor {
            block,
            before: None,
            top: false,
        };
        self.nodes(nodes, c)?;
        self.insert(c, OpBuilder::new(terminator, self.loc).build());
        Ok(())
    }

    fn cond_value(&mut self, cond: &Cond, cursor: Cursor) -> Result<Val> {
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
    fn index_value(&mut self, e: &Expr, cursor: Cursor) -> Result<Val> {
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

    fn operands(&self, vars: &[String]) -> Result<Vec<Val>> {
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

    fn scalar(&self, scalar: usize) -> Result<(Val, Type)> {
        match (self.allocas.get(scalar), self.scop.scalars.get(scalar)) {
            (Some(v), Some(t)) => Ok((*v, *t)),
            _ => Err(CodegenError::UnknownName(crate::analysis::scalar_name(
                scalar,
            ))),
        }
    }

    /// The memory of demoted scalar `k` of type `ty`: `memref<T>`, or
    /// `memref<BxT>` when unroll-and-jam gave it `B` slots.
    fn scalar_memref_type(&self, k: usize, ty: Type) -> Option<Type> {
        match self.expanded.get(k).and_then(Option::as_ref) {
            Some(e) => Type::vector_memref(ty, e.block),
            None => Type::scalar_memref(ty),
        }
    }

    /// The memory a local buffer's code uses: its own type, or `memref<BxT>` when
    /// unroll-and-jam gave it `B` slots.
    fn buffer_memref_type(&self, memref: Val) -> Option<Type> {
        match self.expanded_buffers.get(&memref) {
            Some(e) => Type::vector_memref(memref.ty().element_type()?, e.block),
            None => Some(memref.ty()),
        }
    }

    /// The slot of `e` that statement `stmt` uses at the instance `args`, as a map
    /// `(iterators, parameters) -> (slot)` and its operands.
    fn slot_map(
        &self,
        e: &ScalarExpansion,
        at: Option<(StmtId, &[Expr])>,
    ) -> Result<(Attr, Vec<Val>)> {
        let slot = match at.and_then(|(stmt, args)| Some((e.slot_dim(Some(stmt))?, args))) {
            Some((d, args)) => args
                .get(d)
                .ok_or(CodegenError::Ast("slot of an expanded scalar"))?
                .modulo(e.block),
            None => Expr::Int(0),
        };
        let mut maps = MapBuilder::new(self.ctx);
        let r = maps.expr(&slot)?;
        let operands = self.operands(&maps.vars)?;
        Ok((Attr::affine_map(maps.map(&[r])), operands))
    }

    /// An access of an expanded local buffer (`op`, an `affine.load` or
    /// `affine.store` of its one element, or a `memref.load` or `memref.store` of it,
    /// which a 0-d buffer may also have), rebuilt at the instance's slot; false for
    /// any other op.
    fn expanded_buffer_access(
        &mut self,
        op: Op,
        stmt: StmtId,
        args: &[Expr],
        mapping: &mut HashMap<Val, Val>,
        cursor: Cursor,
    ) -> Result<bool> {
        let Some((buffer, stored, ty)) = one_element_access(op) else {
            return Ok(false);
        };
        let Some(e) = self.expanded_buffers.get(&buffer).cloned() else {
            return Ok(false);
        };
        let (map, indices) = self.slot_map(&e, Some((stmt, args)))?;
        let memref = self.memref(buffer);
        match stored {
            Some(value) => {
                let v = mapping.get(&value).copied().unwrap_or(value);
                self.affine_store(v, memref, map, &indices, cursor);
            }
            None => {
                let v = self.affine_load(memref, ty, map, &indices, cursor)?;
                let old = op.result(0).ok_or(CodegenError::NoResult("affine.load"))?;
                mapping.insert(old, v);
            }
        }
        Ok(true)
    }

    /// `affine.load memref[map(indices)]` of a `ty`.
    fn affine_load(
        &mut self,
        memref: Val,
        ty: Type,
        map: Attr,
        indices: &[Val],
        cursor: Cursor,
    ) -> Result<Val> {
        let mut operands = vec![memref];
        operands.extend_from_slice(indices);
        let load = OpBuilder::new("affine.load", self.loc)
            .operands(&operands)
            .results(&[ty])
            .attr("map", map)
            .build();
        self.insert_value(cursor, load, "affine.load")
    }

    /// `affine.store value, memref[map(indices)]`.
    fn affine_store(
        &mut self,
        value: Val,
        memref: Val,
        map: Attr,
        indices: &[Val],
        cursor: Cursor,
    ) {
        let mut operands = vec![value, memref];
        operands.extend_from_slice(indices);
        let store = OpBuilder::new("affine.store", self.loc)
            .operands(&operands)
            .attr("map", map)
            .build();
        self.insert(cursor, store);
    }

    /// Where statement `stmt` at the instance `args` accesses scalar `k`: its memref,
    /// then the subscript map and its operands (none for a plain scalar; the slot
    /// `x_d mod B` of an expanded one, a constant in an unrolled copy).
    fn scalar_ref(
        &self,
        k: usize,
        at: Option<(StmtId, &[Expr])>,
    ) -> Result<(Val, Type, Attr, Vec<Val>)> {
        let (memref, ty) = self.scalar(k)?;
        let Some(e) = self.expanded.get(k).and_then(Option::as_ref) else {
            let none = MapBuilder::new(self.ctx).map(&[]);
            return Ok((memref, ty, Attr::affine_map(none), vec![]));
        };
        let (map, operands) = self.slot_map(e, at)?;
        Ok((memref, ty, map, operands))
    }

    fn scalar_load(
        &mut self,
        scalar: usize,
        at: Option<(StmtId, &[Expr])>,
        cursor: Cursor,
    ) -> Result<Val> {
        let (memref, ty, map, indices) = self.scalar_ref(scalar, at)?;
        self.affine_load(memref, ty, map, &indices, cursor)
    }

    /// Inside a register block's loop: when `op` reads or writes an element kept in
    /// a register, uses or updates the register instead (and returns true).
    fn kept_in_register(
        &mut self,
        op: Op,
        ivs: &[Val],
        args: &[Expr],
        mapping: &mut HashMap<Val, Val>,
    ) -> Result<bool> {
        let Some((elements, current)) = self.registers.as_mut() else {
            return Ok(false);
        };
        let Some(acc) = registers::access(op) else {
            return Ok(false);
        };
        if !elements.iter().any(|e| e.memref == acc.memref) {
            return Ok(false);
        }
        let index = registers::element(&acc, ivs, args);
        let k = elements
            .iter()
            .position(|e| e.memref == acc.memref && Some(&e.index) == index.as_ref())
            .ok_or(CodegenError::Ast(
                "register block: an access the plan missed",
            ))?;
        match acc.stored {
            Some(value) => current[k] = mapping.get(&value).copied().unwrap_or(value),
            None => {
                let result = op.result(0).ok_or(CodegenError::NoResult("affine.load"))?;
                mapping.insert(result, current[k]);
            }
        }
        Ok(true)
    }

    /// Inside a staged loop's point loop: when `op` reads an element of a group staged
    /// in shared memory, reads the shared copy instead (and returns true).
    fn staged_load(
        &mut self,
        op: Op,
        ivs: &[Val],
        args: &[Expr],
        mapping: &mut HashMap<Val, Val>,
        cursor: Cursor,
    ) -> Result<bool> {
        let Some(staged) = self.staged.as_ref() else {
            return Ok(false);
        };
        let Some(acc) = registers::access(op).filter(|a| a.stored.is_none()) else {
            return Ok(false);
        };
        let Some(index) = registers::element(&acc, ivs, args) else {
            return Ok(false);
        };
        let Some((group, buffer)) = staged
            .groups
            .iter()
            .find(|(g, _)| g.memref == acc.memref && g.refs.contains(&index))
        else {
            return Ok(false);
        };
        let local: Vec<Expr> = (0..index.len())
            .map(|d| group.local(&index, d, &staged.vars))
            .collect::<Option<_>>()
            .ok_or(CodegenError::Ast(
                "shared memory: a subscript the plan missed",
            ))?;
        let mut operands = vec![*buffer];
        for e in &local {
            operands.push(self.index_value(e, cursor)?);
        }
        let load = OpBuilder::new("memref.load", self.loc)
            .operands(&operands)
            .results(&[acc.ty])
            .build();
        let value = self.insert_value(cursor, load, "memref.load")?;
        let result = op.result(0).ok_or(CodegenError::NoResult("affine.load"))?;
        mapping.insert(result, value);
        Ok(true)
    }

    fn statement(&mut self, stmt: StmtId, name: &str, args: &[Expr], cursor: Cursor) -> Result<()> {
        let code = self
            .scop
            .statements
            .get(stmt.0)
            .ok_or_else(|| CodegenError::UnknownStatement(name.to_string()))?;
        if code.ivs.len() != args.len() {
            return Err(CodegenError::Arity {
                name: name.to_string(),
                ivs: code.ivs.len(),
                args: args.len(),
            });
        }
        // Local buffers private to an enclosing parallel loop are read and written
        // through their copies.
        let mut mapping: HashMap<Val, Val> = self.renamed.clone();
        for (iv, arg) in code.ivs.iter().zip(args) {
            let v = self.index_value(arg, cursor)?;
            mapping.insert(*iv, v);
        }
        for step in &code.steps {
            match step {
                Step::Load { scalar, value } => {
                    let v = self.scalar_load(*scalar, Some((stmt, args)), cursor)?;
                    mapping.insert(*value, v);
                }
                Step::Clone(op) => {
                    if self.kept_in_register(*op, &code.ivs, args, &mut mapping)? {
                        continue;
                    }
                    if self.staged_load(*op, &code.ivs, args, &mut mapping, cursor)? {
                        continue;
                    }
                    if self.expanded_buffer_access(*op, stmt, args, &mut mapping, cursor)? {
                        continue;
                    }
                    let c = op.clone_detached();
                    // Ops inside the clone's regions (a conditional's branches) may use
                    // remapped values too.
                    for user in std::iter::once(c.op()).chain(c.op().nested_ops()) {
                        for (i, operand) in user.operands().into_iter().enumerate() {
                            if let Some(new) = mapping.get(&operand) {
                                user.set_operand(i, *new);
                            }
                        }
                    }
                    let c = self.insert(cursor, c);
                    for (old, new) in op.results().into_iter().zip(c.results()) {
                        mapping.insert(old, new);
                    }
                }
                Step::Store { scalar, value } => {
                    let (memref, _, map, indices) = self.scalar_ref(*scalar, Some((stmt, args)))?;
                    let v = mapping.get(value).copied().unwrap_or(*value);
                    self.affine_store(v, memref, map, &indices, cursor);
                }
            }
        }
        Ok(())
    }
}

/// A loop's bound maps and their operands.
struct LoopBounds {
    lb_map: Attr,
    ub_map: Attr,
    lb_operands: Vec<Val>,
    ub_operands: Vec<Val>,
    /// Per loop, the number of lower (upper) bounds whose max (min) it takes.
    lb_groups: Vec<i32>,
    ub_groups: Vec<i32>,
}

/// A loop's head: its iterator, inclusive bounds and step.
#[derive(Clone, Copy)]
struct LoopHead<'a> {
    iterator: &'a str,
    lower: &'a Expr,
    upper: &'a Expr,
    step: i64,
}

impl<'a> LoopHead<'a> {
    /// The head of a `For` node.
    fn of(node: &'a AstNode) -> Option<LoopHead<'a>> {
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

/// A count as an i32 attribute element.
fn segment_size(n: usize) -> Result<i32> {
    i32::try_from(n).map_err(|_| CodegenError::Ast("too many bound operands"))
}

fn group_size(n: usize) -> Result<i32> {
    segment_size(n)
}

/// A load or store of a memref that names no element but its one (`affine.load` or
/// `affine.store` with any map, `memref.load` or `memref.store` with no index): the
/// memref, the stored value (None for a load) and the element type.
fn one_element_access(op: Op) -> Option<(Val, Option<Val>, Type)> {
    if let Some(acc) = registers::access(op) {
        return Some((acc.memref, acc.stored, acc.ty));
    }
    let operands = op.operands();
    match (op.name().as_str(), &operands[..]) {
        ("memref.load", [memref]) => Some((*memref, None, op.result(0)?.ty())),
        ("memref.store", [value, memref]) => Some((*memref, Some(*value), value.ty())),
        _ => None,
    }
}
