//! The function and its loops: `func.func`, `affine.for` with the loop's bounds and
//! the scalars it carries.

use inkwell::basic_block::BasicBlock;
use inkwell::values::InstructionValue;
use tessel_mlir::ir::{AffineExpr, AffineMap, Attr, Blk, OpBuilder, Type, Val};

use super::{Level, NestTranslator, Widen};
use tessel_llvm::ffi::{self, Loop, LoopBlock, ScevKind, Value};
use tessel_llvm::scev::backedge_count;

impl<'a> NestTranslator<'a> {
    // ---- emission -------------------------------------------------------------------

    pub(super) fn block(&self) -> Blk {
        *self
            .blocks
            .last()
            .expect("emission is inside the function's body")
    }
    pub(super) fn append(&self, op: OpBuilder) -> tessel_mlir::ir::Op {
        self.block().append(op.build()).op()
    }
    pub(super) fn name(&mut self, v: Value<'a>, val: Val) {
        self.names.insert(v, val);
        if let Some(scope) = self.scopes.last_mut() {
            scope.push(v);
        }
    }
    pub(super) fn close_scope(&mut self) {
        for v in self.scopes.pop().unwrap_or_default() {
            self.names.remove(&v);
        }
    }

    pub(super) fn emit_function(&mut self, name: &str, module: Blk) -> Result<(), ()> {
        let ctx = self.ctx;
        let array_types: Vec<Type> = (0..self.arrays.len())
            .map(|a| self.memref_type(a))
            .collect();
        let (builder, entry) =
            OpBuilder::new("func.func", self.loc).region_with_block(&array_types);
        let func = module
            .append(builder.attr("sym_name", Attr::string(ctx, name)).build())
            .op();
        self.entry = Some(entry);
        self.array_args = (0..array_types.len())
            .map(|i| entry.arg(i).expect("an argument per array"))
            .collect();
        // Symbols found while shaping the arrays come first.
        let pending = std::mem::take(&mut self.params);
        for p in pending {
            self.params.push(p);
            let pos = self.array_args.len() + self.param_args.len();
            let arg = entry
                .insert_argument(pos, Type::index(ctx), self.loc)
                .expect("a position within the arguments");
            self.param_args.push(arg);
        }
        self.blocks.push(entry);
        self.scopes.push(vec![]);
        self.emit_loop(self.outer)?;
        // The live-out scalars' last values, each into a 0-d memref after the scalars'
        // arguments (the splice loads them after the call).
        let mut live_out_types = vec![];
        for v in self.live_outs.clone() {
            let Some(last) = self.names.get(&v).copied() else {
                return self.fail("a value computed in the nest is used after it", Some(v));
            };
            let Some(memref) = self.type_of(v).and_then(|t| Type::memref(t, &[])) else {
                return self.fail(
                    "a value used after the nest has a type the model lacks",
                    Some(v),
                );
            };
            let arg = entry
                .insert_argument(entry.num_args(), memref, self.loc)
                .ok_or(())?;
            let map = self.map(&[]);
            let mut operands = vec![last, arg];
            operands.extend(self.operands());
            self.append(
                OpBuilder::new("affine.store", self.loc)
                    .operands(&operands)
                    .attr("map", Attr::affine_map(map)),
            );
            live_out_types.push(memref);
        }
        self.append(OpBuilder::new("func.return", self.loc));
        let mut inputs = array_types;
        inputs.extend(self.params.iter().map(|_| Type::index(ctx)));
        for s in self.scalars.clone() {
            inputs.push(self.type_of(s).expect("scalars have a model type"));
        }
        inputs.extend(live_out_types);
        func.set_inherent_attr(
            "function_type",
            Attr::type_attr(Type::function(ctx, &inputs, &[])),
        );
        Ok(())
    }

    pub(super) fn emit_loop(&mut self, l: Loop<'a>) -> Result<(), ()> {
        let se = self.se;
        let ctx = self.ctx;
        let header = l.header();
        let first = header.get_first_instruction();
        let (Some(preheader), Some(latch), Some(exit)) = (
            l.block(LoopBlock::Preheader),
            l.block(LoopBlock::Latch),
            l.block(LoopBlock::Exit),
        ) else {
            return self.fail("a loop is not in canonical form", first.and_then(Value::of));
        };
        let mut narrow = std::mem::take(&mut self.narrow_values);
        let count = backedge_count(se, self.outer, l, Some(&mut narrow));
        self.narrow_values = narrow;
        if count.could_not_compute() {
            return self.fail("a loop's trip count is unknown", first.and_then(Value::of));
        }
        let mut upper: Vec<AffineExpr> = vec![];
        let one = AffineExpr::constant(ctx, 1);
        let mut ok = true;
        if matches!(count.kind(), ScevKind::SMin | ScevKind::UMin)
            && !se.is_loop_invariant(count, self.outer)
        {
            for op in count.operands() {
                if !ok {
                    break;
                }
                ok = count.kind() == ScevKind::SMin || se.known_non_negative(op);
                if ok {
                    match self.affine(op, Widen::Signed) {
                        Some(e) => upper.push(e),
                        None => ok = false,
                    }
                }
            }
        } else {
            match self.affine(count, Widen::Signed) {
                Some(e) => upper.push(e),
                None => ok = false,
            }
        }
        if !ok {
            return self.fail(
                "a loop's trip count has no affine form",
                first.and_then(Value::of),
            );
        }
        // The counter runs from the start of the loop's unit-step induction variable,
        // when it has one, so that `for (j = i; ...)` keeps subscripts [i][j] rather
        // than [i][i + j'] (skewed subscripts mislead the core's register-tile and
        // cost models); else from 0.
        let mut base: Option<AffineExpr> = None;
        for phi in ffi::phis(header) {
            let Some(v) = Value::of(phi) else { continue };
            if !se.is_scevable(v.ty()) {
                continue;
            }
            let rec = se.get(v);
            if rec.rec_loop() == Some(l)
                && rec.rec_is_affine()
                && se.step(rec).is_some_and(|s| s.is_one())
            {
                if let Some(start) = rec.rec_start() {
                    let literal_zero = start.is_zero();
                    if let Some(e) = self.affine(start, Widen::Signed) {
                        base = (!literal_zero).then_some(e);
                        break;
                    }
                }
            }
        }
        let zero = AffineExpr::constant(ctx, 0);
        let base_expr = base.unwrap_or(zero);
        let upper: Vec<AffineExpr> = upper.into_iter().map(|u| base_expr + u + one).collect();
        let upper_map = self.map(&upper);
        let upper_operands = self.operands();
        let (lower_map, lower_operands) = match base {
            None => (AffineMap::get(ctx, 0, &[zero]), vec![]),
            Some(b) => (self.map(&[b]), self.operands()),
        };

        // Header phis: the loop's induction variables (computed from the counter) and
        // the scalars carried around it (iter_args).
        let mut carried: Vec<InstructionValue<'a>> = vec![];
        for phi in ffi::phis(header) {
            let Some(v) = Value::of(phi) else { continue };
            if v.ty().is_integer() {
                let rec = se.get(v);
                if rec.rec_loop() == Some(l) && rec.rec_is_affine() {
                    continue;
                }
            }
            if v.ty().scalar().is_none() {
                return self.fail(
                    "a value carried around a loop has a type the model lacks",
                    Some(v),
                );
            }
            carried.push(phi);
        }
        let mut inits = vec![];
        let mut types = vec![];
        for phi in &carried {
            let Some(incoming) = ffi::incoming_for(*phi, preheader) else {
                return self.fail("a merge of values the model can't express", Value::of(*phi));
            };
            inits.push(self.value(incoming)?);
            types.push(self.type_of(Value::of(*phi).ok_or(())?).ok_or(())?);
        }
        // Values carried out of the loop: computed in it and used after it (through
        // an exit phi or not), and not already a header phi's latch value. Each is an
        // iter_arg that yields the value, so its result is the last iteration's (the
        // loop runs at least once, so the zero it starts from is never read).
        let carried_last: Vec<Value<'a>> = carried
            .iter()
            .filter_map(|phi| ffi::incoming_for(*phi, latch))
            .collect();
        let mut carried_out: Vec<Value<'a>> = vec![];
        for block in l.blocks() {
            for inst in block.get_instructions() {
                let Some(v) = Value::of(inst) else { continue };
                let used_after = if l == self.outer {
                    self.live_outs.contains(&v)
                } else {
                    super::used_outside(l, v)
                };
                if !used_after || carried_last.contains(&v) {
                    continue;
                }
                let Some(ty) = self.type_of(v) else {
                    return self.fail(
                        "a value used after its loop has a type the model lacks",
                        Some(v),
                    );
                };
                inits.push(self.zero(ty)?);
                types.push(ty);
                carried_out.push(v);
            }
        }
        let mut arg_types = vec![Type::index(ctx)];
        arg_types.extend(types.iter().copied());
        let (builder, body) = OpBuilder::new("affine.for", self.loc).region_with_block(&arg_types);
        let mut operands = lower_operands.clone();
        operands.extend(upper_operands.iter().copied());
        operands.extend(inits.iter().copied());
        let for_op = self.append(
            builder
                .operands(&operands)
                .results(&types)
                .attr("lowerBoundMap", Attr::affine_map(lower_map))
                .attr("upperBoundMap", Attr::affine_map(upper_map))
                .attr("step", Attr::integer(Type::index(ctx), 1))
                .attr(
                    "operandSegmentSizes",
                    Attr::dense_i32_array(
                        ctx,
                        &[
                            lower_operands.len() as i32,
                            upper_operands.len() as i32,
                            inits.len() as i32,
                        ],
                    ),
                ),
        );
        let counter = body.arg(0).ok_or(())?;
        self.stack.push(Level {
            l,
            counter,
            base: base_expr,
        });
        self.blocks.push(body);
        self.scopes.push(vec![]);
        for (i, phi) in carried.iter().enumerate() {
            let arg = body.arg(i + 1).ok_or(())?;
            self.name(Value::of(*phi).ok_or(())?, arg);
        }
        let mut result = self.region(header, None, l);
        let mut yields = vec![];
        if result.is_ok() {
            for phi in &carried {
                let Some(last) = ffi::incoming_for(*phi, latch) else {
                    result =
                        self.fail("a merge of values the model can't express", Value::of(*phi));
                    break;
                };
                match self.value(last) {
                    Ok(y) => yields.push(y),
                    Err(()) => {
                        result = Err(());
                        break;
                    }
                }
            }
        }
        if result.is_ok() {
            for v in &carried_out {
                match self.value(*v) {
                    Ok(y) => yields.push(y),
                    Err(()) => {
                        result = Err(());
                        break;
                    }
                }
            }
        }
        result?;
        self.append(OpBuilder::new("affine.yield", self.loc).operands(&yields));
        self.close_scope();
        self.blocks.pop();
        self.stack.pop();
        // After the loop, the last value of each carried scalar is the loop's result,
        // also through the exit's single-entry (LCSSA) phis.
        for (i, phi) in carried.iter().enumerate() {
            let r = for_op.result(i).ok_or(())?;
            if let Some(last) = ffi::incoming_for(*phi, latch) {
                self.name_after_loop(exit, last, r);
            }
        }
        for (i, v) in carried_out.iter().enumerate() {
            let r = for_op.result(carried.len() + i).ok_or(())?;
            self.name_after_loop(exit, *v, r);
        }
        Ok(())
    }

    /// Names `v`, and each exit phi whose one incoming value it is, as the loop's
    /// result `r`.
    fn name_after_loop(&mut self, exit: BasicBlock<'a>, v: Value<'a>, r: Val) {
        self.name(v, r);
        for exit_phi in ffi::phis(exit) {
            if let ([(x, _)], Some(p)) = (&ffi::incoming(exit_phi)[..], Value::of(exit_phi)) {
                if *x == v {
                    self.name(p, r);
                }
            }
        }
    }
}
