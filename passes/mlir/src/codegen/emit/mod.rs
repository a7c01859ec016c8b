//! Emitting the new ops: loops, conditionals, and each statement's cloned ops. One
//! `Codegen` walks the AST; its methods are spread by what they emit:
//!
//! - `mod.rs`: the entry ([`generate`]) and the walk over the AST's nodes;
//! - `loops.rs`: loops, parallel loops with their run-time work guard, private copies;
//! - `values.rs`: conditionals, index values and arithmetic;
//! - `statements.rs`: a statement instance's cloned ops and its scalars;
//! - `jam.rs`: the slots of the scalars and buffers unroll-and-jam expanded;
//! - `registers/`: register blocks: the elements kept in registers, and their loops;
//! - `gpu/`: `target=gpu`: host code, kernel launches, shared-memory staging.

mod gpu;
mod jam;
mod loops;
mod registers;
mod statements;
mod values;

use super::{CodegenError, Generated, Result};
use crate::analysis::ExtractedScop;
use crate::ir::{Attr, Blk, Context, Detached, Location, Op, OpBuilder, Owned, Type, Val};
use gpu::Staged;
use loops::LoopHead;
use registers::Element;
use std::collections::HashMap;
use tessel_poly::{AstNode, HostNode, Registers, ScalarExpansion};

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
    /// current values ([`registers`]), and whether the body may read their arrays at
    /// addresses that move with the loop (`Registers::Block`).
    registers: Option<(Vec<Element>, Vec<Val>, Registers)>,
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
    // Every parameter becomes a map operand: one MLIR would reject fails here, with
    // its reason, rather than in the verifier after the new code is built.
    if let Some(p) = scop
        .params
        .iter()
        .find(|p| !crate::analysis::symbols::is_affine_operand(**p))
    {
        let op = p.owner_op().map(|o| o.name()).unwrap_or_default();
        return Err(CodegenError::ParameterNotAffineOperand { op });
    }
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
    pub(super) fn insert(&mut self, cursor: Cursor, op: Detached) -> Op {
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
    pub(super) fn distinct_objects(&mut self, on: bool, cursor: Cursor) -> Result<()> {
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
    pub(super) fn insert_value(
        &mut self,
        cursor: Cursor,
        op: Detached,
        what: &'static str,
    ) -> Result<Val> {
        self.insert(cursor, op)
            .result(0)
            .ok_or(CodegenError::NoResult(what))
    }

    pub(super) fn nodes(&mut self, nodes: &[AstNode], cursor: Cursor) -> Result<()> {
        for n in nodes {
            self.node(n, cursor)?;
        }
        Ok(())
    }

    pub(super) fn node(&mut self, node: &AstNode, cursor: Cursor) -> Result<()> {
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
                    (Registers::None, true) => self.parallel_loop(head, private, body, cursor),
                    (Registers::None, false) => self.emit_loops(&[head], None, body, cursor),
                    (&kind, _) => self.register_loop(head, body, kind, cursor),
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
}

/// An array (or another value) as the remark names it: a function argument by its
/// position.
fn array_name(v: Val) -> String {
    match v.block_argument() {
        Some((_, k)) => format!("%arg{k}"),
        None if v.ty().is_memref() => "a local array".to_string(),
        None => "a value".to_string(),
    }
}
