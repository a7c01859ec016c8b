//! `target=gpu`: host loops and `gpu.launch` kernels from `tessel_poly::gpu`'s
//! mapping, and the device copies of the arrays they touch.
//!
//! Data moves as in PPCG (seed 001 §8): every memref a kernel uses gets a device copy
//! (`gpu.alloc` + `gpu.memcpy`) before the SCoP's new code, the ones a kernel may
//! write are copied back after it, and all are freed there. Between kernels the data
//! stays on the device, so a time loop moves nothing per iteration. Kills drop
//! copies (seed 001 §1.9, E25): an array allocated just before the SCoP holds
//! nothing to copy in, and one only freed after it nothing to copy back.

use super::super::loops::LoopHead;
use super::super::{array_name, Codegen, Cursor};
use super::{shared, Staged};
use crate::codegen::{CodegenError, Result};
use crate::ir::{workgroup_memref, Attr, Blk, Op, OpBuilder, Owned, Type, Val};
use tessel_poly::gpu::block_first_name;
use tessel_poly::{AstNode, CmpOp, Cond, Expr, HostNode, Kernel};

/// The block arguments of `gpu.launch`'s body: block ids x, y, z, thread ids x, y,
/// z, then the grid and block sizes.
const LAUNCH_ARGS: usize = 12;

impl Codegen<'_> {
    /// Host code and its kernels at `cursor`, then the device copies around them
    /// (the first new op of the SCoP's block is `self.top[first]`).
    pub(in crate::codegen::emit) fn gpu_program(
        &mut self,
        nodes: &[HostNode],
        cursor: Cursor,
    ) -> Result<()> {
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
        let block = k.block();
        for (axis, t) in block.iter().enumerate() {
            if *t != 1 {
                let t = i64::try_from(*t).map_err(|_| CodegenError::Ast("block size"))?;
                sizes[3 + axis] = self.constant(t, cursor)?;
            }
        }
        // Shared memory is a workgroup attribution: planned before the launch is built.
        let notes_before = self.notes.len();
        let staging = self.staging(k, &threads);
        let mut args = vec![self.index_type; LAUNCH_ARGS];
        args.extend(staging.iter().flat_map(|s| s.types.iter().copied()));
        let segments = [0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0];
        let mut builder = OpBuilder::new("gpu.launch", self.loc)
            .operands(&sizes)
            .attr(
                "operandSegmentSizes",
                Attr::dense_i32_array(self.ctx, &segments),
            );
        if let Some(s) = &staging {
            let n = i64::try_from(s.types.len()).map_err(|_| CodegenError::Ast("attributions"))?;
            builder = builder.attr(
                "workgroup_attributions",
                Attr::integer(Type::integer(self.ctx, 64), n),
            );
        }
        let (builder, body) = builder.region_with_block(&args);
        self.insert(cursor, builder.build());
        let inner = Cursor {
            block: body,
            before: None,
            top: false,
        };
        let n = k.dims.len();
        let lo_names: Vec<String> = k
            .dims
            .iter()
            .map(|d| block_first_name(&d.iterator))
            .collect();
        let mut bound: Vec<(&str, Val)> = Vec::with_capacity(2 * n);
        for (i, d) in k.dims.iter().enumerate() {
            let axis = n - 1 - i;
            let block_id = body.arg(axis).ok_or(CodegenError::NoResult("block id"))?;
            let thread_id = body
                .arg(3 + axis)
                .ok_or(CodegenError::NoResult("thread id"))?;
            let tile_first = Expr::Add(
                var("gpu.first"),
                Box::new(Expr::Mul(Box::new(Expr::Int(threads[i])), var("gpu.block"))),
            );
            let e = Expr::Add(Box::new(tile_first.clone()), var("gpu.thread"));
            let values = [
                ("gpu.first", firsts[i]),
                ("gpu.block", block_id),
                ("gpu.thread", thread_id),
            ];
            let (it, lo) = self.with_values(&values, |cg| {
                let it = cg.affine_op("affine.apply", &[e], inner)?;
                let lo = match &staging {
                    Some(_) => Some(cg.affine_op("affine.apply", &[tile_first], inner)?),
                    None => None,
                };
                Ok((it, lo))
            })?;
            bound.push((d.iterator.as_str(), it));
            if let Some(lo) = lo {
                bound.push((lo_names[i].as_str(), lo));
            }
        }
        let number = self.kernels;
        self.kernels += 1;
        self.with_values(&bound, |cg| {
            let shared = cg.privatize(&k.private, inner)?;
            let emitted = match staging {
                Some(s) => cg.staged_body(k, s, body, inner),
                None => cg.guarded(k.guard.as_ref(), &k.body, inner),
            };
            cg.unshadow(shared);
            emitted
        })?;
        for note in &mut self.notes[notes_before..] {
            *note = format!("kernel {number}: {note}");
        }
        self.insert(inner, OpBuilder::new("gpu.terminator", self.loc).build());
        Ok(())
    }

    /// `body` under `guard` (when there is one).
    fn guarded(&mut self, guard: Option<&Cond>, body: &[AstNode], cursor: Cursor) -> Result<()> {
        match guard {
            _ if body.is_empty() => Ok(()),
            None => self.nodes(body, cursor),
            Some(cond) => self.nodes(
                &[AstNode::If {
                    cond: cond.clone(),
                    then_branch: body.to_vec(),
                    else_branch: vec![],
                }],
                cursor,
            ),
        }
    }

    /// The shared-memory plan of `k`'s staged loop, if it stages anything.
    fn staging(&self, k: &Kernel, threads: &[i64]) -> Option<Staging> {
        let stage = k.stage.as_ref()?;
        let AstNode::For { iterator, body, .. } = k.body.get(stage.index)? else {
            return None;
        };
        let mut vars: Vec<shared::TileVar> = k
            .dims
            .iter()
            .zip(threads)
            .map(|(d, &t)| shared::TileVar {
                name: d.iterator.clone(),
                size: t,
                lo: block_first_name(&d.iterator),
            })
            .collect();
        vars.push(shared::TileVar {
            name: iterator.clone(),
            size: i64::try_from(stage.tile).ok()?,
            lo: tile_name(iterator),
        });
        let private: Vec<Val> = self.renamed.keys().copied().collect();
        let x = k.dims.len().checked_sub(1);
        let groups = shared::plan(self.scop, &k.body, body, &vars, x, &private);
        let types = groups
            .iter()
            .map(|g| workgroup_memref(g.element, &g.shape))
            .collect::<Option<Vec<Type>>>()?;
        (!groups.is_empty()).then_some(Staging {
            index: stage.index,
            tile: stage.tile,
            block_guard: stage.block_guard.clone(),
            vars,
            groups,
            types,
        })
    }

    /// A kernel body whose loop `s.index` the block runs tile by tile: the nodes
    /// before it (guarded), then per tile the copies into shared memory, a barrier,
    /// the tile's iterations (guarded, reading the copies), a barrier; then the nodes
    /// after it. The tile loop's bounds are the same for every thread, so every
    /// thread of the block reaches each barrier.
    fn staged_body(&mut self, k: &Kernel, s: Staging, launch: Blk, cursor: Cursor) -> Result<()> {
        let Some(AstNode::For {
            iterator,
            lower,
            upper,
            registers,
            private,
            body,
            ..
        }) = k.body.get(s.index)
        else {
            return Err(CodegenError::Ast("gpu: the staged loop"));
        };
        let guard = k.guard.as_ref();
        self.guarded(guard, &k.body[..s.index], cursor)?;

        // The block's linear thread id and size, for the copies.
        let [bx, by, _] = k.block();
        let (bx, by) = (
            i64::try_from(bx).map_err(|_| CodegenError::Ast("block size"))?,
            i64::try_from(by).map_err(|_| CodegenError::Ast("block size"))?,
        );
        let nthreads = i64::try_from(k.block().iter().product::<u64>())
            .map_err(|_| CodegenError::Ast("block size"))?;
        let ids: Vec<Val> = (3..6)
            .map(|i| launch.arg(i).ok_or(CodegenError::NoResult("thread id")))
            .collect::<Result<_>>()?;
        let tid_expr = Expr::Add(
            Box::new(Expr::Add(
                Box::new(Expr::Var("gpu.tx".into())),
                Box::new(Expr::Mul(
                    Box::new(Expr::Int(bx)),
                    Box::new(Expr::Var("gpu.ty".into())),
                )),
            )),
            Box::new(Expr::Mul(
                Box::new(Expr::Int(bx * by)),
                Box::new(Expr::Var("gpu.tz".into())),
            )),
        );
        let tid = self.with_values(
            &[("gpu.tx", ids[0]), ("gpu.ty", ids[1]), ("gpu.tz", ids[2])],
            |cg| cg.affine_op("affine.apply", &[tid_expr], cursor),
        )?;
        let tile = i64::try_from(s.tile).map_err(|_| CodegenError::Ast("tile size"))?;
        let tile_it = tile_name(iterator);
        let head = LoopHead {
            iterator: &tile_it,
            lower,
            upper,
            step: tile,
        };
        // Blocks with no thread inside the guard skip the loop, copies included.
        let (outer, block_if) = match &s.block_guard {
            None => (cursor, None),
            Some(cond) => {
                let flag = self.cond_value(cond, cursor)?;
                let then = self.if_then(flag, cursor);
                (then, Some(then))
            }
        };
        let bounds = self.loop_bounds(&[head])?;
        let (builder, tile_block) = self.affine_for(bounds, tile, &[])?;
        self.insert(outer, builder.build());
        let in_tile = Cursor {
            block: tile_block,
            before: None,
            top: false,
        };
        let tile_iv = tile_block.arg(0).ok_or(CodegenError::NoResult("loop IV"))?;
        let tile_var = || Expr::Var(tile_it.clone());
        let mut lowers = lower.max_terms();
        lowers.push(tile_var());
        let mut uppers = upper.min_terms();
        uppers.push(Expr::Add(
            Box::new(tile_var()),
            Box::new(Expr::Int(tile - 1)),
        ));
        let point = AstNode::For {
            iterator: iterator.clone(),
            lower: Expr::Max(lowers),
            upper: Expr::Min(uppers),
            step: 1,
            parallel: false,
            registers: *registers,
            private: private.clone(),
            body: body.clone(),
        };
        let buffers: Vec<Val> = (0..s.groups.len())
            .map(|i| {
                launch
                    .arg(LAUNCH_ARGS + i)
                    .ok_or(CodegenError::NoResult("attribution"))
            })
            .collect::<Result<_>>()?;
        for g in &s.groups {
            let extents = g.extents(&s.vars);
            let tile_text: Vec<String> = extents.iter().map(i64::to_string).collect();
            let padded = if g.shape != extents {
                ", rows padded by one against bank conflicts"
            } else {
                ""
            };
            self.notes.push(format!(
                "reads {} through a {} tile in shared memory{padded}, copied per {}-iteration tile of {} ({})",
                describe_reference(g),
                tile_text.join("x"),
                tile,
                iterator,
                g.reason
            ));
        }
        self.with_values(&[(tile_it.as_str(), tile_iv)], |cg| {
            for (g, buffer) in s.groups.iter().zip(&buffers) {
                cg.copy_in(g, *buffer, &s.vars, tid, nthreads, in_tile)?;
            }
            cg.insert(in_tile, OpBuilder::new("gpu.barrier", cg.loc).build());
            cg.staged = Some(Staged {
                groups: s.groups.into_iter().zip(buffers).collect(),
                vars: s.vars,
            });
            let emitted = cg.guarded(guard, &[point], in_tile);
            cg.staged = None;
            emitted?;
            cg.insert(in_tile, OpBuilder::new("gpu.barrier", cg.loc).build());
            Ok(())
        })?;
        self.insert(in_tile, OpBuilder::new("affine.yield", self.loc).build());
        if let Some(then) = block_if {
            self.insert(then, OpBuilder::new("scf.yield", self.loc).build());
        }
        self.guarded(guard, &k.body[s.index + 1..], cursor)
    }

    /// Copies `g`'s tile into `buffer`: thread `tid` of the block's `nthreads` takes
    /// elements `tid`, `tid + nthreads`, ... of the tile in row-major order, each
    /// read only where it lies within the array.
    fn copy_in(
        &mut self,
        g: &shared::Group,
        buffer: Val,
        vars: &[shared::TileVar],
        tid: Val,
        nthreads: i64,
        cursor: Cursor,
    ) -> Result<()> {
        let extents = g.extents(vars);
        let total: i64 = extents.iter().product();
        let mut roots = vec![];
        let origins: Vec<Expr> = (0..extents.len())
            .map(|d| g.origin(d, vars, &mut roots))
            .collect::<Option<_>>()
            .ok_or(CodegenError::Ast("shared memory: a tile origin"))?;
        let root_names: Vec<String> = (0..roots.len()).map(shared::root_name).collect();
        let mut values: Vec<(&str, Val)> = root_names
            .iter()
            .map(String::as_str)
            .zip(roots.iter().copied())
            .collect();
        values.push(("gpu.tid", tid));
        let e_var = || Box::new(Expr::Var("gpu.e".into()));
        let lower = Expr::Var("gpu.tid".into());
        let upper = Expr::Int(total - 1);
        self.with_values(&values, |cg| {
            let head = LoopHead {
                iterator: "gpu.e",
                lower: &lower,
                upper: &upper,
                step: nthreads,
            };
            let bounds = cg.loop_bounds(&[head])?;
            let (builder, block) = cg.affine_for(bounds, nthreads, &[])?;
            cg.insert(cursor, builder.build());
            let body = Cursor {
                block,
                before: None,
                top: false,
            };
            let e = block.arg(0).ok_or(CodegenError::NoResult("loop IV"))?;
            cg.with_values(&[("gpu.e", e)], |cg| {
                // Row-major position of element e along each subscript.
                let mut positions = Vec::with_capacity(extents.len());
                let mut stride: i64 = total;
                for (d, extent) in extents.iter().enumerate() {
                    stride /= extent;
                    let mut p = if stride == 1 {
                        Expr::Var("gpu.e".into())
                    } else {
                        Expr::FloorDiv(e_var(), stride)
                    };
                    if d > 0 {
                        p = Expr::Mod(Box::new(p), *extent);
                    }
                    positions.push(p);
                }
                // Inside the array along every subscript: 0 <= global < extent.
                let names: Vec<(String, String)> = (0..extents.len())
                    .map(|d| (format!("gpu.at.{d}"), format!("gpu.extent.{d}")))
                    .collect();
                let mut local = Vec::with_capacity(extents.len());
                let mut global = Vec::with_capacity(extents.len());
                let mut bound: Vec<(&str, Val)> = Vec::with_capacity(2 * extents.len());
                let mut inside = Vec::with_capacity(2 * extents.len());
                for (d, ((p, origin), (at, extent))) in
                    positions.iter().zip(&origins).zip(&names).enumerate()
                {
                    local.push(cg.index_value(p, body)?);
                    let g_d = Expr::Add(Box::new(origin.clone()), Box::new(p.clone()));
                    global.push(cg.index_value(&g_d, body)?);
                    bound.push((at, global[d]));
                    bound.push((extent, cg.dim(g.memref, d, body)?));
                    let var = |n: &str| Expr::Var(n.to_string());
                    inside.push(Cond::Cmp(CmpOp::Ge, var(at), Expr::Int(0)));
                    inside.push(Cond::Cmp(CmpOp::Lt, var(at), var(extent)));
                }
                let inside =
                    cg.with_values(&bound, |cg| cg.cond_value(&Cond::And(inside), body))?;
                let then = cg.if_then(inside, body);
                let mut operands = vec![g.memref];
                operands.extend(global.iter().copied());
                let load = OpBuilder::new("memref.load", cg.loc)
                    .operands(&operands)
                    .results(&[g.element])
                    .build();
                let v = cg.insert_value(then, load, "memref.load")?;
                let mut operands = vec![v, buffer];
                operands.extend(local.iter().copied());
                cg.insert(
                    then,
                    OpBuilder::new("memref.store", cg.loc)
                        .operands(&operands)
                        .build(),
                );
                cg.insert(then, OpBuilder::new("scf.yield", cg.loc).build());
                Ok(())
            })?;
            cg.insert(body, OpBuilder::new("affine.yield", cg.loc).build());
            Ok(())
        })
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
            if self.killed_before(*host) {
                self.notes.push(format!(
                    "{} not copied in: allocated right before the SCoP, it holds nothing yet (a kill)",
                    array_name(*host)
                ));
            } else {
                self.insert(
                    before,
                    OpBuilder::new("gpu.memcpy", self.loc)
                        .operands(&[device, *host])
                        .build(),
                );
            }
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
            if *written && self.killed_after(*host, cursor) {
                self.notes.push(format!(
                    "{} not copied back: nothing after the SCoP reads it (a kill)",
                    array_name(*host)
                ));
            } else if *written {
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

    /// Whether nothing the SCoP reads of `host` can come from before it (a kill at
    /// its allocation, seed 001 §1.9 and E25): an allocation in the SCoP's block
    /// that no op between it and the SCoP uses. Its device copy then needs no
    /// copy-in.
    fn killed_before(&self, host: Val) -> bool {
        let Some(first) = self.scop.ops.first().copied() else {
            return false;
        };
        let Some(def) = host.defining_op().filter(|d| is_allocation(*d)) else {
            return false;
        };
        if def.block() != first.block() {
            return false;
        }
        let users = host.users();
        let mut op = def.next();
        while let Some(o) = op {
            if o == first {
                return true;
            }
            if users.iter().any(|u| u.is_within(o)) {
                return false;
            }
            op = o.next();
        }
        false
    }

    /// Whether nothing after the SCoP can read what it wrote to `host` (data dead at
    /// its end): an allocation in the SCoP's block that no op after the SCoP uses
    /// except to free it. Its device copy then is not copied back.
    fn killed_after(&self, host: Val, cursor: Cursor) -> bool {
        let Some(def) = host.defining_op().filter(|d| is_allocation(*d)) else {
            return false;
        };
        if def.block() != Some(cursor.block) {
            return false;
        }
        let users: Vec<Op> = host
            .users()
            .into_iter()
            .filter(|u| u.name() != "memref.dealloc")
            .collect();
        let mut op = cursor.before;
        while let Some(o) = op {
            if users.iter().any(|u| u.is_within(o)) {
                return false;
            }
            op = o.next();
        }
        true
    }

    /// An `scf.if` on `flag` with no else, at `cursor`; returns its then block, which
    /// the caller ends with `scf.yield`.
    fn if_then(&mut self, flag: Val, cursor: Cursor) -> Cursor {
        let (builder, block) = OpBuilder::new("scf.if", self.loc)
            .operands(&[flag])
            .region_with_block(&[]);
        self.insert(cursor, builder.empty_region().build());
        Cursor {
            block,
            before: None,
            top: false,
        }
    }

    /// `memref.dim` of `memref` along dimension `d`.
    fn dim(&mut self, memref: Val, d: usize, cursor: Cursor) -> Result<Val> {
        let d = i64::try_from(d).map_err(|_| CodegenError::Ast("rank"))?;
        let index = self.constant(d, cursor)?;
        let dim = OpBuilder::new("memref.dim", self.loc)
            .operands(&[memref, index])
            .results(&[self.index_type])
            .build();
        self.insert_value(cursor, dim, "memref.dim")
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
                sizes.push(self.dim(host, d, cursor)?);
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

/// `memref.alloc` or `memref.alloca`: new memory, undefined until written.
fn is_allocation(op: Op) -> bool {
    matches!(op.name().as_str(), "memref.alloc" | "memref.alloca")
}

/// Whether `v` is defined inside `op` (by an op nested in it, or as an argument of
/// one of its blocks or theirs).
fn defined_within(v: Val, op: Op) -> bool {
    let owner = v
        .defining_op()
        .or_else(|| v.block_argument().and_then(|(b, _)| b.parent_op()));
    owner.is_some_and(|o| o == op || o.is_within(op))
}

/// A kernel's staged loop and the groups it reads from shared memory
/// ([`Codegen::staging`]).
struct Staging {
    index: usize,
    tile: u64,
    block_guard: Option<Cond>,
    vars: Vec<shared::TileVar>,
    groups: Vec<shared::Group>,
    /// The groups' buffers, the launch's workgroup attributions.
    types: Vec<Type>,
}

/// The name of the tile loop of staged loop `it`.
fn tile_name(it: &str) -> String {
    format!("{it}.tile")
}

/// A group's references for the remark: the array and each subscript list, values
/// that are not iterators or parameters named as [`array_name`] names them.
fn describe_reference(g: &shared::Group) -> String {
    let refs: Vec<String> = g
        .refs
        .iter()
        .map(|r| {
            r.iter()
                .map(|a| format!("[{}]", subscript_text(a)))
                .collect()
        })
        .collect();
    format!("{}{}", array_name(g.memref), refs.join(", "))
}

fn subscript_text(a: &crate::analysis::aff::Aff) -> String {
    let mut roots = vec![];
    let Some(e) = shared::aff_expr(a, &mut roots) else {
        return a.to_string();
    };
    let mut text = e.to_string();
    for (k, v) in roots.iter().enumerate().rev() {
        text = text.replace(&shared::root_name(k), &array_name(*v));
    }
    text
}
