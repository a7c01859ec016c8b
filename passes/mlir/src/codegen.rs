//! codegen: the loop AST from `tessel_poly` → `affine.for` / `affine.parallel` /
//! `affine.if`, with every statement's ops cloned and its IVs remapped.
//!
//! All bound and subscript maps take every iterator and parameter as a *dim* operand:
//! that keeps the maps valid wherever the values came from, and `lower-affine` does
//! not care.

use crate::extract::{ExtractedScop, Step};
use crate::ir::{parse_attr, parse_type, Blk, Op, OpBuilder, Val};
use mlir_sys::*;
use std::collections::HashMap;
use tessel_poly::{AstNode, CmpOp, Cond, Expr, StmtId};

#[derive(Debug, thiserror::Error)]
#[error("codegen: {0}")]
pub struct CodegenError(pub String);

type Result<T> = std::result::Result<T, CodegenError>;

fn err<T>(msg: impl Into<String>) -> Result<T> {
    Err(CodegenError(msg.into()))
}

/// Where new ops go: before `before` in `block`, or at its end.
#[derive(Clone, Copy)]
struct Cursor {
    block: Blk,
    before: Option<Op>,
}

impl Cursor {
    fn insert(self, op: Op) -> Op {
        match self.before {
            Some(b) => self.block.insert_before(b, op),
            None => self.block.append(op),
        }
        op
    }
}

pub struct Generated {
    /// New top-level ops, in order (the loop nests and scalar reloads).
    pub ops: Vec<Op>,
    /// The scalar allocas added at the function entry.
    pub allocas: Vec<Op>,
    /// (original value used after the SCoP, its reload after the new code).
    pub reloads: Vec<(Val, Val)>,
}

impl Generated {
    /// Removes everything codegen added.
    pub fn erase(self) {
        for op in self.ops.into_iter().rev().chain(self.allocas.into_iter().rev()) {
            op.erase();
        }
    }
}

struct Codegen<'s> {
    ctx: MlirContext,
    loc: MlirLocation,
    scop: &'s ExtractedScop,
    allocas: Vec<Val>,
    iterators: HashMap<String, Val>,
    index_type: MlirType,
}

/// Emits `ast` right after the scop's last op. On error everything added is removed.
pub fn generate(scop: &ExtractedScop, ast: &[AstNode], func: Op) -> Result<Generated> {
    let first = scop.ops[0];
    let last = *scop.ops.last().ok_or(CodegenError("empty SCoP".into()))?;
    let block = last.block().ok_or(CodegenError("SCoP outside a block".into()))?;
    let Some(after) = last.next() else { return err("SCoP ends its block") };
    let ctx = first.context();
    let index_type = unsafe { mlirIndexTypeGet(ctx) };
    let mut generated = Generated { ops: vec![], allocas: vec![], reloads: vec![] };
    let mut cg = Codegen { ctx, loc: first.location(), scop, allocas: vec![], iterators: HashMap::new(), index_type };

    // The entry block dominates every other block of the function.
    let entry = *func.region_blocks(0).first().ok_or(CodegenError("function without a body".into()))?;
    let Some(entry_first) = entry.ops().first().copied() else { return err("empty function") };
    for ty in &scop.scalars {
        let memref = parse_type(ctx, &format!("memref<{}>", crate::ir::type_string(*ty)))
            .ok_or(CodegenError("bad scalar type".into()))?;
        let alloca = OpBuilder::new("memref.alloca", cg.loc)
            .results(&[memref])
            .attr("operandSegmentSizes", cg.attr("array<i32: 0, 0>")?)
            .build();
        entry.insert_before(entry_first, alloca);
        generated.allocas.push(alloca);
        cg.allocas.push(alloca.result(0));
    }

    let cursor = Cursor { block, before: Some(after) };
    let result = cg.nodes(ast, cursor).and_then(|_| {
        for (value, scalar) in &scop.live_outs {
            let reload = cg.scalar_load(*scalar, cursor)?;
            generated.reloads.push((*value, reload));
        }
        Ok(())
    });
    // Collect the new top-level ops: those between `last` and `after`.
    let mut cur = last.next();
    while let Some(op) = cur {
        if op == after {
            break;
        }
        generated.ops.push(op);
        cur = op.next();
    }
    match result {
        Ok(()) => Ok(generated),
        Err(e) => {
            generated.erase();
            Err(e)
        }
    }
}

impl Codegen<'_> {
    fn attr(&self, text: &str) -> Result<MlirAttribute> {
        parse_attr(self.ctx, text).ok_or_else(|| CodegenError(format!("cannot parse attribute `{text}`")))
    }

    fn nodes(&mut self, nodes: &[AstNode], cursor: Cursor) -> Result<()> {
        for n in nodes {
            self.node(n, cursor)?;
        }
        Ok(())
    }

    fn node(&mut self, node: &AstNode, cursor: Cursor) -> Result<()> {
        match node {
            AstNode::For { iterator, lower, upper, step, parallel, body } => {
                self.for_loop(iterator, lower, upper, *step, *parallel, body, cursor)
            }
            AstNode::If { cond, then_branch, else_branch } => self.if_node(cond, then_branch, else_branch, cursor),
            AstNode::Stmt { stmt, name, args } => self.statement(*stmt, name, args, cursor),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn for_loop(
        &mut self,
        iterator: &str,
        lower: &Expr,
        upper: &Expr,
        step: i64,
        parallel: bool,
        body: &[AstNode],
        cursor: Cursor,
    ) -> Result<()> {
        if step < 1 {
            return err(format!("loop step {step}"));
        }
        let lowers = match lower {
            Expr::Max(v) => v.clone(),
            e => vec![e.clone()],
        };
        let uppers: Vec<Expr> = match upper {
            Expr::Min(v) => v.clone(),
            e => vec![e.clone()],
        }
        .into_iter()
        .map(|e| Expr::Add(Box::new(e), Box::new(Expr::Int(1))))
        .collect();
        let (mut lb_maps, mut ub_maps) = (MapBuilder::default(), MapBuilder::default());
        let lb = lb_maps.results(&lowers)?;
        let ub = ub_maps.results(&uppers)?;
        let lb_operands = self.operands(&lb_maps.vars)?;
        let ub_operands = self.operands(&ub_maps.vars)?;
        let lb_map = self.attr(&lb_maps.map(&lb))?;
        let ub_map = self.attr(&ub_maps.map(&ub))?;
        let mut all = lb_operands.clone();
        all.extend(ub_operands.iter().copied());
        let (builder, body_block) = if parallel {
            OpBuilder::new("affine.parallel", self.loc)
                .operands(&all)
                .attr("lowerBoundsMap", lb_map)
                .attr("lowerBoundsGroups", self.attr(&format!("dense<{}> : tensor<1xi32>", lb.len()))?)
                .attr("upperBoundsMap", ub_map)
                .attr("upperBoundsGroups", self.attr(&format!("dense<{}> : tensor<1xi32>", ub.len()))?)
                .attr("steps", self.attr(&format!("[{step}]"))?)
                .attr("reductions", self.attr("[]")?)
                .region_with_block(&[self.index_type])
        } else {
            let segments = format!("array<i32: {}, {}, 0>", lb_operands.len(), ub_operands.len());
            OpBuilder::new("affine.for", self.loc)
                .operands(&all)
                .attr("lowerBoundMap", lb_map)
                .attr("upperBoundMap", ub_map)
                .attr("step", self.attr(&format!("{step} : index"))?)
                .attr("operandSegmentSizes", self.attr(&segments)?)
                .region_with_block(&[self.index_type])
        };
        cursor.insert(builder.build());
        let iv = body_block.arg(0);
        let shadowed = self.iterators.insert(iterator.to_string(), iv);
        let inner = Cursor { block: body_block, before: None };
        let result = self.nodes(body, inner);
        match shadowed {
            Some(v) => self.iterators.insert(iterator.to_string(), v),
            None => self.iterators.remove(iterator),
        };
        result?;
        inner.insert(OpBuilder::new("affine.yield", self.loc).build());
        Ok(())
    }

    fn if_node(&mut self, cond: &Cond, then_branch: &[AstNode], else_branch: &[AstNode], cursor: Cursor) -> Result<()> {
        let mut conjuncts = vec![];
        if flatten_and(cond, &mut conjuncts) {
            let mut maps = MapBuilder::default();
            let mut constraints = vec![];
            for c in &conjuncts {
                let Cond::Cmp(op, a, b) = c else { return err("non-comparison conjunct") };
                let a = maps.expr(a)?;
                let b = maps.expr(b)?;
                constraints.push(match op {
                    CmpOp::Eq => format!("{a} - ({b}) == 0"),
                    CmpOp::Ge => format!("{a} - ({b}) >= 0"),
                    CmpOp::Gt => format!("{a} - ({b}) - 1 >= 0"),
                    CmpOp::Le => format!("{b} - ({a}) >= 0"),
                    CmpOp::Lt => format!("{b} - ({a}) - 1 >= 0"),
                });
            }
            let operands = self.operands(&maps.vars)?;
            let set = format!("affine_set<({}) : ({})>", maps.dims(), constraints.join(", "));
            let builder = OpBuilder::new("affine.if", self.loc)
                .operands(&operands)
                .attr("condition", self.attr(&set)?);
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
        cursor.insert(builder.build());
        self.branch(then_branch, then_block, terminator)?;
        if let Some(blk) = else_block {
            self.branch(else_branch, blk, terminator)?;
        }
        Ok(())
    }

    fn branch(&mut self, nodes: &[AstNode], block: Blk, terminator: &str) -> Result<()> {
        let c = Cursor { block, before: None };
        self.nodes(nodes, c)?;
        c.insert(OpBuilder::new(terminator, self.loc).build());
        Ok(())
    }

    fn cond_value(&mut self, cond: &Cond, cursor: Cursor) -> Result<Val> {
        let i1 = unsafe { mlirIntegerTypeGet(self.ctx, 1) };
        match cond {
            Cond::Cmp(op, a, b) => {
                let a = self.index_value(a, cursor)?;
                let b = self.index_value(b, cursor)?;
                let predicate = match op {
                    CmpOp::Eq => 0,
                    CmpOp::Lt => 2,
                    CmpOp::Le => 3,
                    CmpOp::Gt => 4,
                    CmpOp::Ge => 5,
                };
                let cmp = OpBuilder::new("arith.cmpi", self.loc)
                    .operands(&[a, b])
                    .results(&[i1])
                    .attr("predicate", self.attr(&format!("{predicate} : i64"))?)
                    .build();
                Ok(cursor.insert(cmp).result(0))
            }
            Cond::And(v) | Cond::Or(v) => {
                let name = if matches!(cond, Cond::And(_)) { "arith.andi" } else { "arith.ori" };
                let mut acc: Option<Val> = None;
                for c in v {
                    let x = self.cond_value(c, cursor)?;
                    acc = Some(match acc {
                        None => x,
                        Some(a) => {
                            let op = OpBuilder::new(name, self.loc).operands(&[a, x]).results(&[i1]).build();
                            cursor.insert(op).result(0)
                        }
                    });
                }
                acc.ok_or_else(|| CodegenError("empty condition".into()))
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
        let mut maps = MapBuilder::default();
        let r = maps.expr(e)?;
        let operands = self.operands(&maps.vars)?;
        let apply = OpBuilder::new("affine.apply", self.loc)
            .operands(&operands)
            .results(&[self.index_type])
            .attr("map", self.attr(&maps.map(&[r]))?)
            .build();
        Ok(cursor.insert(apply).result(0))
    }

    fn operands(&self, vars: &[String]) -> Result<Vec<Val>> {
        vars.iter()
            .map(|v| {
                if let Some(val) = self.iterators.get(v) {
                    return Ok(*val);
                }
                match self.scop.model.params.iter().position(|p| p == v) {
                    Some(k) => Ok(self.scop.params[k]),
                    None => err(format!("unknown name `{v}` in the AST")),
                }
            })
            .collect()
    }

    fn scalar_load(&self, scalar: usize, cursor: Cursor) -> Result<Val> {
        let load = OpBuilder::new("affine.load", self.loc)
            .operands(&[self.allocas[scalar]])
            .results(&[self.scop.scalars[scalar]])
            .attr("map", self.attr("affine_map<() -> ()>")?)
            .build();
        Ok(cursor.insert(load).result(0))
    }

    fn statement(&mut self, stmt: StmtId, name: &str, args: &[Expr], cursor: Cursor) -> Result<()> {
        let code = self.scop.statements.get(stmt.0).ok_or_else(|| CodegenError(format!("unknown statement `{name}`")))?;
        if code.ivs.len() != args.len() {
            return err(format!("statement `{name}` has {} IVs but the AST gives {}", code.ivs.len(), args.len()));
        }
        let mut mapping: HashMap<Val, Val> = HashMap::new();
        for (iv, arg) in code.ivs.iter().zip(args) {
            let v = self.index_value(arg, cursor)?;
            mapping.insert(*iv, v);
        }
        for step in &code.steps {
            match step {
                Step::Load { scalar, value } => {
                    let v = self.scalar_load(*scalar, cursor)?;
                    mapping.insert(*value, v);
                }
                Step::Clone(op) => {
                    let c = op.clone_op();
                    // Ops inside the clone's regions (a conditional's branches) may use
                    // remapped values too.
                    for user in std::iter::once(c).chain(c.nested_ops()) {
                        for (i, operand) in user.operands().into_iter().enumerate() {
                            if let Some(new) = mapping.get(&operand) {
                                user.set_operand(i, *new);
                            }
                        }
                    }
                    cursor.insert(c);
                    for (old, new) in op.results().into_iter().zip(c.results()) {
                        mapping.insert(old, new);
                    }
                }
                Step::Store { scalar, value } => {
                    let v = mapping.get(value).copied().unwrap_or(*value);
                    let store = OpBuilder::new("affine.store", self.loc)
                        .operands(&[v, self.allocas[*scalar]])
                        .attr("map", self.attr("affine_map<() -> ()>")?)
                        .build();
                    cursor.insert(store);
                }
            }
        }
        Ok(())
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

/// Writes AST expressions as MLIR affine expressions over dims `d0, d1, ...`, one per
/// distinct variable.
#[derive(Default)]
struct MapBuilder {
    vars: Vec<String>,
}

impl MapBuilder {
    fn dim(&mut self, name: &str) -> String {
        let k = match self.vars.iter().position(|v| v == name) {
            Some(k) => k,
            None => {
                self.vars.push(name.to_string());
                self.vars.len() - 1
            }
        };
        format!("d{k}")
    }

    fn dims(&self) -> String {
        (0..self.vars.len()).map(|k| format!("d{k}")).collect::<Vec<_>>().join(", ")
    }

    fn map(&self, results: &[String]) -> String {
        format!("affine_map<({}) -> ({})>", self.dims(), results.join(", "))
    }

    fn results(&mut self, exprs: &[Expr]) -> Result<Vec<String>> {
        exprs.iter().map(|e| self.expr(e)).collect()
    }

    fn expr(&mut self, e: &Expr) -> Result<String> {
        Ok(match e {
            Expr::Int(v) => format!("{v}"),
            Expr::Var(name) => self.dim(name),
            Expr::Add(a, b) => format!("({} + {})", self.expr(a)?, self.expr(b)?),
            Expr::Sub(a, b) => format!("({} - {})", self.expr(a)?, self.expr(b)?),
            Expr::Mul(a, b) => {
                if !matches!(**a, Expr::Int(_)) && !matches!(**b, Expr::Int(_)) {
                    return err("non-affine product in the AST");
                }
                format!("({} * {})", self.expr(a)?, self.expr(b)?)
            }
            Expr::Neg(a) => format!("({} * -1)", self.expr(a)?),
            Expr::FloorDiv(a, d) => format!("({} floordiv {d})", self.expr(a)?),
            Expr::CeilDiv(a, d) => format!("({} ceildiv {d})", self.expr(a)?),
            Expr::Mod(a, d) => format!("({} mod {d})", self.expr(a)?),
            Expr::Min(_) | Expr::Max(_) => return err("min/max inside an expression"),
        })
    }
}
