//! Values: loads and stores as `affine.load`/`affine.store`, arithmetic instruction
//! by instruction with its exact semantics.

use inkwell::basic_block::BasicBlock;
use inkwell::values::{InstructionOpcode, InstructionValue};
use tessel_mlir::ir::{Attr, Context, OpBuilder, Type, Val};

use super::{NestTranslator, Widen};
use tessel_llvm::ffi::{self, Value};

impl<'a> NestTranslator<'a> {
    pub(super) fn read_only(&self, load: InstructionValue<'a>) -> bool {
        self.access_of
            .get(&load)
            .is_some_and(|a| !self.arrays[self.accesses[*a].array].written)
    }

    pub(super) fn load(&mut self, inst: InstructionValue<'a>) -> Result<Val, ()> {
        let (array, address) = self.address(inst)?;
        let v = Value::of(inst).ok_or(())?;
        let ty = self.type_of(v).ok_or(())?;
        let r = address.append_load(self, self.array_args[array], ty)?;
        self.name(v, r);
        Ok(r)
    }

    /// Stores, and loads of arrays the nest writes, in program order; other
    /// instructions when a store, a yield or a merge needs their value. A load of an
    /// array the nest only reads is as pure as arithmetic, so it goes where its value
    /// is used: LICM hoisted gemm's A[i][k] out of the j loop, and a statement of its
    /// own there would keep the nest from being tiled.
    pub(super) fn instructions(&mut self, block: BasicBlock<'a>) -> Result<(), ()> {
        for inst in block.get_instructions() {
            match inst.get_opcode() {
                InstructionOpcode::Load if !self.read_only(inst) => {
                    self.load(inst)?;
                }
                InstructionOpcode::Store => {
                    let value = ffi::operand(inst, 0).ok_or(())?;
                    let stored = self.value(value)?;
                    let (array, address) = self.address(inst)?;
                    address.append_store(self, self.array_args[array], stored);
                }
                _ => {}
            }
        }
        Ok(())
    }

    // ---- values ---------------------------------------------------------------------

    pub(super) fn value(&mut self, v: Value<'a>) -> Result<Val, ()> {
        if let Some(val) = self.names.get(&v) {
            return Ok(*val);
        }
        let ctx = self.ctx;
        let Some(ty) = self.type_of(v) else {
            return self.fail(
                "a value of a type the model has no form for (e.g. a pointer used as data)",
                v.instruction().and(Some(v)),
            );
        };
        if let Some((k, width)) = v.constant_int() {
            let r = self.int_constant(ty, low_bits(k as u64, width))?;
            self.name(v, r);
            return Ok(r);
        }
        if let Some(bits) = v.constant_fp_bits() {
            let op = self.append(
                OpBuilder::new("arith.constant", self.loc)
                    .results(&[ty])
                    .attr("value", Attr::float_bits(ty, bits)),
            );
            let r = op.result(0).ok_or(())?;
            self.name(v, r);
            return Ok(r);
        }
        if v.is_constant() {
            return self.fail("a constant the model has no form for", None);
        }
        let inst = v.instruction();
        let Some(inst) = inst.filter(|_| self.outer.contains_value(v)) else {
            let k = match self.scalars.iter().position(|s| *s == v) {
                Some(k) => k,
                None => {
                    self.scalars.push(v);
                    let entry = self.entry.ok_or(())?;
                    let arg = entry
                        .insert_argument(entry.num_args(), ty, self.loc)
                        .ok_or(())?;
                    self.scalar_args.push(arg);
                    self.scalars.len() - 1
                }
            };
            return Ok(self.scalar_args[k]);
        };
        let _ = ctx;
        match inst.get_opcode() {
            InstructionOpcode::Phi => {
                let se = self.se;
                let l = inst.get_parent().and_then(|b| se.loop_for(b));
                let rec = se.get(v);
                if let Some(l) = l {
                    if Some(l.header()) == inst.get_parent() && rec.rec_loop() == Some(l) {
                        // An induction variable: from the counter, in the phi's own
                        // width.
                        let Some(e) = self.affine(rec, Widen::Signed) else {
                            return self.fail_at("an induction variable has no affine form", inst);
                        };
                        let i = self.apply(e)?;
                        let cast = self.append(
                            OpBuilder::new("arith.index_cast", self.loc)
                                .operands(&[i])
                                .results(&[ty]),
                        );
                        let r = cast.result(0).ok_or(())?;
                        self.name(v, r);
                        return Ok(r);
                    }
                }
                self.fail_at(
                    "a value merged from control flow the model doesn't follow",
                    inst,
                )
            }
            InstructionOpcode::Load => {
                if self.read_only(inst) {
                    return self.load(inst);
                }
                self.fail_at(
                    "a loaded value used outside the loop or branch that loads it",
                    inst,
                )
            }
            InstructionOpcode::Freeze => {
                let x = ffi::operand(inst, 0).ok_or(())?;
                self.value(x)
            }
            _ => self.compute(inst, ty),
        }
    }

    /// `arith.constant` 0 of the scalar type `ty` (+0.0 for floats).
    pub(super) fn zero(&mut self, ty: Type) -> Result<Val, ()> {
        if ty.is_integer() || ty.is_index() {
            return self.int_constant(ty, 0);
        }
        let op = self.append(
            OpBuilder::new("arith.constant", self.loc)
                .results(&[ty])
                .attr("value", Attr::float_bits(ty, 0)),
        );
        op.result(0).ok_or(())
    }

    /// `arith.constant` of the integer or index type `ty`.
    pub(super) fn int_constant(&mut self, ty: Type, value: i64) -> Result<Val, ()> {
        let op = self.append(
            OpBuilder::new("arith.constant", self.loc)
                .results(&[ty])
                .attr("value", Attr::integer(ty, value)),
        );
        op.result(0).ok_or(())
    }

    pub(super) fn compute(&mut self, inst: InstructionValue<'a>, ty: Type) -> Result<Val, ()> {
        use InstructionOpcode as O;
        let facts = ffi::facts(inst);
        let fast_math = if facts.fp_math_operator() {
            ffi::fast_math_flags(inst)
        } else {
            0
        };
        let fastmath_attr = |b: OpBuilder, ctx: Context| {
            if fast_math != 0 {
                b.attr("fastmath", Attr::arith_fastmath(ctx, fast_math))
            } else {
                b
            }
        };
        let ctx = self.ctx;
        let opcode = inst.get_opcode();
        let binary = match opcode {
            O::FAdd => Some("arith.addf"),
            O::FSub => Some("arith.subf"),
            O::FMul => Some("arith.mulf"),
            O::FDiv => Some("arith.divf"),
            O::FRem => Some("arith.remf"),
            O::Add => Some("arith.addi"),
            O::Sub => Some("arith.subi"),
            O::Mul => Some("arith.muli"),
            O::SDiv => Some("arith.divsi"),
            O::UDiv => Some("arith.divui"),
            O::SRem => Some("arith.remsi"),
            O::URem => Some("arith.remui"),
            O::And => Some("arith.andi"),
            O::Or => Some("arith.ori"),
            O::Xor => Some("arith.xori"),
            O::Shl => Some("arith.shli"),
            O::LShr => Some("arith.shrui"),
            O::AShr => Some("arith.shrsi"),
            _ => None,
        };
        if let Some(name) = binary {
            let ops = self.operands_of(inst, 2)?;
            let b = fastmath_attr(
                OpBuilder::new(name, self.loc).operands(&ops).results(&[ty]),
                ctx,
            );
            return self.done(inst, b);
        }
        match opcode {
            O::FNeg => {
                let ops = self.operands_of(inst, 1)?;
                let b = fastmath_attr(
                    OpBuilder::new("arith.negf", self.loc)
                        .operands(&ops)
                        .results(&[ty]),
                    ctx,
                );
                self.done(inst, b)
            }
            O::ICmp | O::FCmp => {
                let first = ffi::operand(inst, 0).ok_or(())?;
                if first.ty().scalar().is_none() {
                    return self.fail_at("a comparison of pointers", inst);
                }
                let ops = self.operands_of(inst, 2)?;
                let i1 = Type::integer(ctx, 1);
                if let Some(p) = ffi::icmp_predicate(inst) {
                    let code = CMPI.iter().position(|n| *n == p.name()).ok_or(())?;
                    let b = OpBuilder::new("arith.cmpi", self.loc)
                        .operands(&ops)
                        .results(&[i1])
                        .attr(
                            "predicate",
                            Attr::integer(Type::integer(ctx, 64), code as i64),
                        );
                    return self.done(inst, b);
                }
                let name = ffi::float_predicate_name(inst);
                if name == "true" || name == "false" {
                    return self.fail_at("a constant floating-point comparison", inst);
                }
                let code = CMPF.iter().position(|n| *n == name).ok_or(())?;
                let b = fastmath_attr(
                    OpBuilder::new("arith.cmpf", self.loc)
                        .operands(&ops)
                        .results(&[i1])
                        .attr(
                            "predicate",
                            Attr::integer(Type::integer(ctx, 64), code as i64),
                        ),
                    ctx,
                );
                self.done(inst, b)
            }
            O::Select => {
                let condition = ffi::operand(inst, 0).ok_or(())?;
                if condition.ty().scalar().is_none() {
                    return Err(());
                }
                let ops = self.operands_of(inst, 3)?;
                let b = OpBuilder::new("arith.select", self.loc)
                    .operands(&ops)
                    .results(&[ty]);
                self.done(inst, b)
            }
            O::Trunc
            | O::ZExt
            | O::SExt
            | O::FPTrunc
            | O::FPExt
            | O::SIToFP
            | O::UIToFP
            | O::FPToSI
            | O::FPToUI
            | O::BitCast
            | O::PtrToInt
            | O::IntToPtr
            | O::AddrSpaceCast => {
                let name = match opcode {
                    O::Trunc => "arith.trunci",
                    O::ZExt => "arith.extui",
                    O::SExt => "arith.extsi",
                    O::FPTrunc => "arith.truncf",
                    O::FPExt => "arith.extf",
                    O::SIToFP => "arith.sitofp",
                    O::UIToFP => "arith.uitofp",
                    O::FPToSI => "arith.fptosi",
                    O::FPToUI => "arith.fptoui",
                    O::BitCast => "arith.bitcast",
                    _ => "",
                };
                let from = ffi::operand(inst, 0).ok_or(())?;
                if name.is_empty() || from.ty().scalar().is_none() {
                    return self.fail_at("a conversion the model has no form for", inst);
                }
                let ops = self.operands_of(inst, 1)?;
                let b = OpBuilder::new(name, self.loc).operands(&ops).results(&[ty]);
                self.done(inst, b)
            }
            O::Call | O::Invoke | O::CallBr => {
                let intrinsic = ffi::intrinsic_name(inst).or_else(|| self.se.math_function(inst));
                if let Some(intrinsic) = intrinsic {
                    if !INTRINSICS.contains(&intrinsic.as_str()) {
                        return self.fail_at("an intrinsic the model has no form for", inst);
                    }
                    let count = ffi::arg_count(inst);
                    for i in 0..count {
                        let arg = ffi::operand(inst, i).ok_or(())?;
                        if arg.ty().scalar().is_none() {
                            return self
                                .fail_at("an intrinsic argument of a type the model lacks", inst);
                        }
                    }
                    let ops = self.operands_of(inst, count)?;
                    let b = OpBuilder::new(&format!("llvm.intr.{intrinsic}"), self.loc)
                        .operands(&ops)
                        .results(&[ty]);
                    return self.done(inst, b);
                }
                // A function that touches no memory (`memory(none)`, as C's
                // `__attribute__((const))` declares it): a value of its operands,
                // as Polly takes `readnone` calls.
                if facts.no_memory_access() && ffi::callee_name(inst).is_some() {
                    return self.call(inst, ty);
                }
                let callee = ffi::callee_name(inst).unwrap_or_else(|| "a function".to_string());
                self.fail_at(
                    format!("calls {callee}, which the model can't express"),
                    inst,
                )
            }
            _ => self.fail_at(
                format!(
                    "an instruction the model has no form for ({})",
                    ffi::opcode_name(inst)
                ),
                inst,
            ),
        }
    }

    /// `llvm.call` of a `memory(none)` function returning `ty`, with those effects,
    /// so that the core takes it as a computation; the callee is declared under the
    /// nest's symbol for it ([`super::Callee`]).
    fn call(&mut self, inst: InstructionValue<'a>, ty: Type) -> Result<Val, ()> {
        let count = ffi::arg_count(inst);
        let function = ffi::operand(inst, count).ok_or(())?;
        let mut inputs = vec![];
        for i in 0..count {
            let arg = ffi::operand(inst, i).ok_or(())?;
            match self.type_of(arg) {
                Some(t) => inputs.push(t),
                None => return self.fail_at("a call argument of a type the model lacks", inst),
            }
        }
        let ctx = self.ctx;
        let declared = Type::llvm_function(ty, &inputs);
        let symbol = match self.callees.iter().find(|c| c.function == function) {
            Some(c) if c.ty != declared => {
                return self.fail_at("calls a function with two signatures", inst);
            }
            Some(c) => c.symbol.clone(),
            None => {
                let symbol = format!("{}_callee_{}", self.name, self.callees.len());
                self.callees.push(super::Callee {
                    function,
                    symbol: symbol.clone(),
                    ty: declared,
                });
                symbol
            }
        };
        let ops = self.operands_of(inst, count)?;
        let b = OpBuilder::new("llvm.call", self.loc)
            .operands(&ops)
            .results(&[ty])
            .attr("callee", Attr::flat_symbol(ctx, &symbol))
            .attr("memory_effects", Attr::llvm_memory_none(ctx))
            .attr(
                "operandSegmentSizes",
                Attr::dense_i32_array(ctx, &[count as i32, 0]),
            )
            .attr("op_bundle_sizes", Attr::dense_i32_array(ctx, &[]));
        self.done(inst, b)
    }

    /// The callees' `llvm.func` declarations, at the module's end.
    pub(super) fn declare_callees(&self, module: tessel_mlir::ir::Blk) {
        for callee in &self.callees {
            let declaration = OpBuilder::new("llvm.func", self.loc)
                .attr("sym_name", Attr::string(self.ctx, &callee.symbol))
                .attr("function_type", Attr::type_attr(callee.ty))
                .attr("memory_effects", Attr::llvm_memory_none(self.ctx))
                .empty_region();
            module.append(declaration.build());
        }
    }

    pub(super) fn operands_of(
        &mut self,
        inst: InstructionValue<'a>,
        count: u32,
    ) -> Result<Vec<Val>, ()> {
        let mut out = vec![];
        for i in 0..count {
            let v = ffi::operand(inst, i).ok_or(())?;
            out.push(self.value(v)?);
        }
        Ok(out)
    }

    pub(super) fn done(&mut self, inst: InstructionValue<'a>, b: OpBuilder) -> Result<Val, ()> {
        let op = self.append(b);
        let r = op.result(0).ok_or(())?;
        self.name(Value::of(inst).ok_or(())?, r);
        Ok(r)
    }
}

/// An integer constant of `width` bits as its `arith.constant` value: its low `width`
/// bits, zero-extended. MLIR's integer attribute would truncate wider bits (a sign
/// extension) only implicitly, which its `IntegerAttr::get` marks as a TODO to remove.
pub(super) fn low_bits(bits: u64, width: u32) -> i64 {
    if width >= 64 {
        bits as i64
    } else {
        (bits & ((1u64 << width) - 1)) as i64
    }
}

/// MLIR's `arith.cmpi` predicates, by their enum value.
const CMPI: [&str; 10] = [
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];
/// MLIR's `arith.cmpf` predicates, by their enum value (not LLVM's order).
const CMPF: [&str; 16] = [
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
];
/// The intrinsics the model keeps, as `llvm.intr.<name>`.
const INTRINSICS: [&str; 25] = [
    "fmuladd", "fma", "sqrt", "fabs", "exp", "exp2", "log", "log2", "log10", "pow", "sin", "cos",
    "floor", "ceil", "trunc", "round", "copysign", "maxnum", "minnum", "maximum", "minimum",
    "smax", "smin", "umax", "umin",
];
