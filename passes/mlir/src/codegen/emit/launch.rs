//! `target=gpu`: host loops and `gpu.launch` kernels from `tessel_poly::gpu`'s
//! mapping, and the device copies of the arrays they touch.
//!
//! Data moves as in PPCG (seed 001 §8): every memref a kernel uses gets a device copy
//! (`gpu.alloc` + `gpu.memcpy`) before the SCoP's new code, the ones a kernel may
//! write are copied back after it, and all are freed there. Between kernels the data
//! stays on the device, so a time loop moves nothing per iteration.

use super::{Codegen, Cursor, LoopHead};
use crate::codegen::{CodegenError, Result};
use crate::ir::{Attr, Op, OpBuilder, Owned, Type, Val};
use tessel_poly::{Cond, Expr, HostNode, Kernel};

/// The block arguments of `gpu.launch`'s body: block ids x, y, z, thread ids x, y,
/// z, then the grid and block sizes.
const LAUNCH_ARGS: usize = 12;

impl Codegen<'_> {
    /// Host code and its kernels at `cursor`, then the device copies around them
    /// (the first new op of the SCoP's block is `self.top[first]`).
    pub(super) fn gpu_program(&mut self, nodes: &[HostNode], cursor: Cursor) -> Result<()> {
        let first = self.top.len();
        self.host_nodes(nodes, cursor)?;
        self.device_copies(first, cursor)
    }

    fn host_nodes(&mut self, nodes: &[HostNode], cursor: Cursor) -> Result<()> {
        for node in nodes {
            match node {
                HostNode::For {
                    iterator,
                    lower,
                    upper,
                    step,
                    body,
                } => {
                    if *step < 1 {
                        return Err(CodegenError::LoopStep(*step));
                    }
                    let head = LoopHead {
                        iterator,
                        lower,
                        upper,
                        step: *step,
                    };
                    let bounds = self.loop_bounds(&[head])?;
                    let (builder, block) = self.affine_for(bounds, *step, &[])?;
                    self.insert(cursor, builder.build());
                    let inner = Cursor {
                        block,
                        before: None,
                        top: false,
                    };
                    let iv = block.arg(0).ok_or(CodegenError::NoResult("loop IV"))?;
                    self.with_iterator(iterator, iv, |cg| cg.host_nodes(body, inner))?;
                    self.insert(inner, OpBuilder::new("affine.yield", self.loc).build());
                }
                HostNode::If {
                    cond,
                    then_branch,
                    else_branch,
                } => self.host_if(cond, then_branch, else_branch, cursor)?,
                HostNode::Kernel(k) => self.launch(k, cursor)?,
            }
        }
        Ok(())
    }

    fn host_if(
        &mut self,
        cond: &Cond,
        then_branch: &[HostNode],
        else_branch: &[HostNode],
        cursor: Cursor,
    ) -> Result<()> {
        let flag = self.cond_value(cond, cursor)?;
        let builder = OpBuilder::new("scf.if", self.loc).operands(&[flag]);
        let (builder, then_block) = builder.region_with_block(&[]);
        let (builder, else_block) = builder.region_with_block(&[]);
        self.insert(cursor, builder.build());
        for (block, nodes) in [(then_block, then_branch), (else_block, else_branch)] {
            let c = Cursor {
                block,
                before: None,
                top: false,
            };
            self.host_nodes(nodes, c)?;
            self.insert(c, OpBuilder::new("scf.yield", self.loc).build());
        }
        Ok(())
    }

    /// One `gpu.launch`: the grid covers each mapped loop's box (at least one block,
    /// so that an empty range launches idle threads rather than an invalid grid), and
    /// each thread binds the loop's iterator to `first + block id * threads + thread
    /// id` before the kernel's body (which starts with the guard). The launch sits
    /// between `llvm.intr.stacksave` and `llvm.intr.stackrestore`: `gpu-to-llvm`
    /// puts each launch's argument array on the stack, and a launch in a host loop
    /// then grew the stack every iteration (doitgen at LARGE, 42,000 launches,
    /// overflowed 8 MiB). A `memref.alloca_scope` would do the same, but inside an
    /// `scf.for` no order of the CPU lowering passes accepts it (one needs it a
    /// single block, the other turns it into several).
    fn launch(&mut self, k: &Kernel, cursor: Cursor) -> Result<()> {
        let ptr = Type::llvm_pointer(self.ctx);
        let save = OpBuilder::new("llvm.intr.stacksave", self.loc)
            .results(&[ptr])
            .build();
        let stack = self.insert_value(cursor, save, "llvm.intr.stacksave")?;
        self.launch_alone(k, cursor)?;
        self.insert(
            cursor,
            OpBuilder::new("llvm.intr.stackrestore", self.loc)
                .operands(&[stack])
                .build(),
        );
        Ok(())
    }

    fn launch_alone(&mut self, k: &Kernel, cursor: Cursor) -> Result<()> {
        let threads = k
            .dims
            .iter()
            .map(|d| i64::try_from(d.threads).map_err(|_| CodegenError::Ast("block size")))
            .collect::<Result<Vec<i64>>>()?;
        let var = |v: &str| Box::new(Expr::Var(v.into()));
        let mut firsts = Vec::with_capacity(k.dims.len());
        let mut grid = Vec::with_capacity(k.dims.len());
        for (d, &t) in k.dims.iter().zip(&threads) {
            let first = self.affine_op("affine.max", &d.first.max_terms(), cursor)?;
            let last = self.affine_op("affine.min", &d.last.min_terms(), cursor)?;
            let span = Expr::Add(
                Box::new(Expr::Sub(var("gpu.last"), var("gpu.first"))),
                Box::new(Expr::Int(1)),
            );
            let blocks = self.with_values(&[("gpu.first", first), ("gpu.last", last)], |cg| {
                cg.affine_op(
                    "affine.max",
                    &[Expr::CeilDiv(Box::new(span), t), Expr::Int(1)],
                    cursor,
                )
            })?;
            firsts.push(first);
            grid.push(blocks);
        }
        // x is the last mapped loop.
        let one = self.constant(1, cursor)?;
        let mut sizes = [one; 6];
        for (axis, g) in grid.iter().rev().enumerate() {
            sizes[axis] = *g;
        }
        for (axis, t) in k.block().iter().enumerate() {
            if *t != 1 {
                let t = i64::try_from(*t).map_err(|_| CodegenError::Ast("block size"))?;
                sizes[3 + axis] = self.constant(t, cursor)?;
            }
        }
        let segments = [0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0];
        let (builder, body) = OpBuilder::new("gpu.launch", self.loc)
            .operands(&sizes)
            .attr(
                "operandSegmentSizes",
                Attr::dense_i32_array(self.ctx, &segments),
            )
            .region_with_block(&[self.index_type; LAUNCH_ARGS]);
        self.insert(cursor, builder.build());
        let inner = Cursor {
            block: body,
            before: None,
            top: false,
        };
        let n = k.dims.len();
        let mut iterators = Vec::with_capacity(n);
        for (i, d) in k.dims.iter().enumerate() {
            let axis = n - 1 - i;
            let block_id = body.arg(axis).ok_or(CodegenError::NoResult("block id"))?;
            let thread_id = body
                .arg(3 + axis)
                .ok_or(CodegenError::NoResult("thread id"))?;
            let e = Expr::Add(
                Box::new(Expr::Add(
                    var("gpu.first"),
                    Box::new(Expr::Mul(Box::new(Expr::Int(threads[i])), var("gpu.block"))),
                )),
                var("gpu.thread"),
            );
            let values = [
                ("gpu.first", firsts[i]),
                ("gpu.block", block_id),
                ("gpu.thread", thread_id),
            ];
            let it = self.with_values(&values, |cg| cg.affine_op("affine.apply", &[e], inner))?;
            iterators.push((d.iterator.as_str(), it));
        }
        self.with_values(&iterators, |cg| {
            let shared = cg.privatize(&k.private, inner)?;
            let emitted = cg.nodes(&k.body, inner);
            cg.unshadow(shared);
            emitted
        })?;
        self.insert(inner, OpBuilder::new("gpu.terminator", self.loc).build());
        Ok(())
    }

    /// The device copies of every memref the kernels among `self.top[first..]` use
    /// and do not define: allocated and filled before `self.top[first]`, copied back
    /// (the ones a kernel may write) and freed at `cursor`; the kernels then use the
    /// copies.
    fn device_copies(&mut self, first: usize, cursor: Cursor) -> Result<()> {
        let Some(start) = self.top.get(first).map(Owned::op) else {
            return Ok(());
        };
        let launches: Vec<Op> = self.top[first..]
            .iter()
            .flat_map(|o| std::iter::once(o.op()).chain(o.op().nested_ops()))
            .filter(|op| op.name() == "gpu.launch")
            .collect();
        // (host memref, written), in order of first use.
        let mut used: Vec<(Val, bool)> = vec![];
        for launch in &launches {
            for op in launch.nested_ops() {
                let name = op.name();
                for (i, v) in op.operands().into_iter().enumerate() {
                    if !v.ty().is_memref() || defined_within(v, *launch) {
                        continue;
                    }
                    let read =
                        matches!(name.as_str(), "affine.load" | "memref.load" | "memref.dim")
                            && i == 0;
                    match used.iter_mut().find(|(m, _)| *m == v) {
                        Some((_, written)) => *written |= !read,
                        None => used.push((v, !read)),
                    }
                }
            }
        }
        // The prologue goes before the new code: built at the end of `self.top`, then
        // moved to `first`, so that a roll-back erases users before what they use.
        let before = Cursor {
            block: cursor.block,
            before: Some(start),
            top: true,
        };
        let mark = self.top.len();
        let mut copies = Vec::with_capacity(used.len());
        for (host, _) in &used {
            let device = self.device_alloc(*host, before)?;
            self.insert(
                before,
                OpBuilder::new("gpu.memcpy", self.loc)
                    .operands(&[device, *host])
                    .build(),
            );
            copies.push(device);
        }
        let prologue: Vec<Owned> = self.top.drain(mark..).collect();
        self.top.splice(first..first, prologue);
        for launch in &launches {
            for op in launch.nested_ops() {
                for (i, v) in op.operands().into_iter().enumerate() {
                    if let Some(k) = used.iter().position(|(m, _)| *m == v) {
                        op.set_operand(i, copies[k]);
                    }
                }
            }
        }
        for ((host, written), device) in used.iter().zip(&copies) {
            if *written {
                self.insert(
                    cursor,
                    OpBuilder::new("gpu.memcpy", self.loc)
                        .operands(&[*host, *device])
                        .build(),
                );
            }
        }
        for device in copies {
            self.insert(
                cursor,
                OpBuilder::new("gpu.dealloc", self.loc)
                    .operands(&[device])
                    .build(),
            );
        }
        Ok(())
    }

    /// `gpu.alloc` of a memref of `host`'s type and extents.
    fn device_alloc(&mut self, host: Val, cursor: Cursor) -> Result<Val> {
        let ty: Type = host.ty();
        let dims = ty.plain_memref_dims().ok_or(CodegenError::Ast(
            "gpu: a memref with a layout or memory space gpu.alloc cannot copy",
        ))?;
        let mut sizes = vec![];
        for (d, dynamic) in dims.iter().enumerate() {
            if *dynamic {
                let d = i64::try_from(d).map_err(|_| CodegenError::Ast("rank"))?;
                let index = self.constant(d, cursor)?;
                let dim = OpBuilder::new("memref.dim", self.loc)
                    .operands(&[host, index])
                    .results(&[self.index_type])
                    .build();
                sizes.push(self.insert_value(cursor, dim, "memref.dim")?);
            }
        }
        let n = i32::try_from(sizes.len()).map_err(|_| CodegenError::Ast("rank"))?;
        let alloc = OpBuilder::new("gpu.alloc", self.loc)
            .operands(&sizes)
            .results(&[ty])
            .attr(
                "operandSegmentSizes",
                Attr::dense_i32_array(self.ctx, &[0, n, 0]),
            )
            .build();
        self.insert_value(cursor, alloc, "gpu.alloc")
    }
}

/// Whether `v` is defined inside `op` (by an op nested in it, or as an argument of
/// one of its blocks or theirs).
fn defined_within(v: Val, op: Op) -> bool {
    let owner = v
        .defining_op()
        .or_else(|| v.block_argument().and_then(|(b, _)| b.parent_op()));
    owner.is_some_and(|o| o == op || o.is_within(op))
}
