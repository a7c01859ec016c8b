//! A detected loop nest as the `affine` function the core optimizes (Polly's
//! ScopBuilder, but into the MLIR form the core already optimizes), built with the
//! MLIR side's typed builder (`tessel_mlir::ir`), never as text.
//!
//! The model comes from ScalarEvolution: each loop becomes `affine.for %c = b to b +
//! <backedge-taken count> + 1`, b the start of its unit-step induction variable (0 if
//! none), so an add recurrence {start,+,step}<L> is `start + step * (c_L - b)`;
//! loop-invariant expressions (sizes, products of parameters, extensions of `int`
//! arguments) become symbols, expanded at the call; array subscripts come from
//! delinearization, one shape per array for all its accesses (Polly's approach);
//! branches become `affine.if`s of the affine comparisons SCEV sees, and scalars
//! carried around a loop become `iter_args`. Arithmetic is translated instruction by
//! instruction with its exact semantics (fast-math flags kept, `llvm.fmuladd` kept as
//! the intrinsic, so the back end makes the same contraction choice as for the
//! original).
//!
//! Each affine expression is built in the shape MLIR's parser gives the equivalent
//! text, with the same simplifying constructors, so that the function is the one the
//! earlier text-building front end produced.

use std::collections::HashMap;

use inkwell::basic_block::BasicBlock;
use inkwell::values::{FunctionValue, InstructionOpcode, InstructionValue};
use tessel_mlir::ir::{
    AffineExpr, AffineMap, Attr, Blk, Context, IntegerSet, Location, OpBuilder, Type, Val,
};

use super::ffi::{
    self, Analyses, Conversion, Loop, LoopBlock, Predicate, Scalar, Scev, ScevKind, Value,
};
use super::scev::{backedge_count, widen_sign_extensions, NarrowValue};
use super::shape;

/// An array of the nest: the base pointer's accesses, one shape for all.
#[derive(Debug)]
pub struct Array<'a> {
    pub base: Value<'a>,
    pub element: Scalar,
    pub element_bytes: u64,
    /// Dimension sizes after the first, in elements, then the element size in bytes
    /// (delinearize's convention). One entry: a one-dimensional array.
    pub sizes: Vec<Scev<'a>>,
    pub written: bool,
}

/// A load or store of the nest.
#[derive(Debug)]
pub struct Access<'a> {
    pub inst: InstructionValue<'a>,
    pub array: usize,
    /// Bytes from the base, at the access's loop.
    pub offset: Scev<'a>,
    pub subscripts: Vec<Scev<'a>>,
}

/// How an integer narrower than 64 bits is widened to `index` where SCEV extends it:
/// the model treats the extension as the identity, which needs the no-wrap flags C's
/// `int` arithmetic gives (Polly makes the same assumption).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Widen {
    Signed,
    Unsigned,
}

/// Why the nest has no affine form, and where.
#[derive(Debug)]
pub struct Untranslatable<'a> {
    pub why: String,
    pub at: Option<Value<'a>>,
}

/// One enclosing loop while emitting: its counter and the counter's first value.
struct Level<'a> {
    l: Loop<'a>,
    counter: Val,
    base: AffineExpr,
}

/// Builds `func.func @<name>` for a nest.
pub struct NestTranslator<'a> {
    se: Analyses<'a>,
    function: FunctionValue<'a>,
    outer: Loop<'a>,
    pub arrays: Vec<Array<'a>>,
    pub accesses: Vec<Access<'a>>,
    /// Offsets' `int` arithmetic taken as wide: the run-time check keeps each in its
    /// narrow type's range.
    pub narrow_values: Vec<NarrowValue<'a>>,
    /// Each 64-bit and invariant in the nest.
    pub params: Vec<Scev<'a>>,
    /// Values from outside the nest used as data.
    pub scalars: Vec<Value<'a>>,
    access_of: HashMap<InstructionValue<'a>, usize>,
    failure: Option<Untranslatable<'a>>,

    // Emission.
    ctx: Context,
    loc: Location,
    entry: Option<Blk>,
    blocks: Vec<Blk>,
    stack: Vec<Level<'a>>,
    array_args: Vec<Val>,
    param_args: Vec<Val>,
    scalar_args: Vec<Val>,
    names: HashMap<Value<'a>, Val>,
    scopes: Vec<Vec<Value<'a>>>,
}

impl<'a> NestTranslator<'a> {
    pub fn new(
        se: Analyses<'a>,
        function: FunctionValue<'a>,
        outer: Loop<'a>,
        ctx: Context,
    ) -> Self {
        NestTranslator {
            se,
            function,
            outer,
            arrays: vec![],
            accesses: vec![],
            narrow_values: vec![],
            params: vec![],
            scalars: vec![],
            access_of: HashMap::new(),
            failure: None,
            ctx,
            loc: Location::unknown(ctx),
            entry: None,
            blocks: vec![],
            stack: vec![],
            array_args: vec![],
            param_args: vec![],
            scalar_args: vec![],
            names: HashMap::new(),
            scopes: vec![],
        }
    }

    /// Appends `func.func @<name>` to `module`; the reason when the nest has no
    /// affine form.
    pub fn translate(&mut self, name: &str, module: Blk) -> Result<(), Untranslatable<'a>> {
        let ok = self.collect_accesses().is_ok()
            && self.shape_arrays().is_ok()
            && self.emit_function(name, module).is_ok();
        if ok {
            return Ok(());
        }
        // A step that gives up without a reason (a select on a condition of a type
        // the model lacks) leaves the reason empty.
        Err(self.failure.take().unwrap_or(Untranslatable {
            why: String::new(),
            at: None,
        }))
    }

    fn fail<T>(&mut self, why: impl Into<String>, at: Option<Value<'a>>) -> Result<T, ()> {
        if self.failure.is_none() {
            self.failure = Some(Untranslatable {
                why: why.into(),
                at,
            });
        }
        Err(())
    }
    fn fail_at<T>(&mut self, why: impl Into<String>, at: InstructionValue<'a>) -> Result<T, ()> {
        self.fail(why, Value::of(at))
    }

    // ---- arrays -----------------------------------------------------------------------

    fn collect_accesses(&mut self) -> Result<(), ()> {
        let se = self.se;
        let mut array_of: HashMap<Value<'a>, usize> = HashMap::new();
        for block in self.outer.blocks() {
            for inst in block.get_instructions() {
                let (pointer, ty, write) = match inst.get_opcode() {
                    InstructionOpcode::Load => (
                        ffi::operand(inst, 0),
                        Value::of(inst).map(|v| v.ty()),
                        false,
                    ),
                    InstructionOpcode::Store => (
                        ffi::operand(inst, 1),
                        ffi::operand(inst, 0).map(|v| v.ty()),
                        true,
                    ),
                    _ => continue,
                };
                let (Some(pointer), Some(ty)) = (pointer, ty) else {
                    return self.fail_at("an access outside the model", inst);
                };
                let Some(element) = ty.scalar() else {
                    return self.fail_at(
                        "an access of a type the model has no element type for",
                        inst,
                    );
                };
                let scope = se.loop_for(block);
                let address = se.at_scope(pointer, scope);
                let Some(base) = se.pointer_base(address).unknown_value() else {
                    return self.fail_at("an address has no base pointer", inst);
                };
                let index = *array_of.entry(base).or_insert(self.arrays.len());
                if index == self.arrays.len() {
                    self.arrays.push(Array {
                        base,
                        element,
                        element_bytes: ffi::store_size(self.function, ty),
                        sizes: vec![],
                        written: false,
                    });
                }
                if self.arrays[index].element != element {
                    return self.fail_at("an array is accessed with two element types", inst);
                }
                self.arrays[index].written |= write;
                self.access_of.insert(inst, self.accesses.len());
                let base_scev = se.pointer_base(address);
                let offset = widen_sign_extensions(
                    se,
                    self.outer,
                    se.minus(address, base_scev),
                    Some(&mut self.narrow_values),
                );
                self.accesses.push(Access {
                    inst,
                    array: index,
                    offset,
                    subscripts: vec![],
                });
            }
        }
        Ok(())
    }

    /// One shape per array for all its accesses (shape.rs).
    fn shape_arrays(&mut self) -> Result<(), ()> {
        for a in 0..self.arrays.len() {
            let mine: Vec<usize> = (0..self.accesses.len())
                .filter(|i| self.accesses[*i].array == a)
                .collect();
            match shape::shape_array(
                self.se,
                self.outer,
                &self.arrays[a],
                &mut self.accesses,
                &mine,
            ) {
                Ok(sizes) => self.arrays[a].sizes = sizes,
                Err(shape::ShapeError::NotWholeElements) => {
                    let at = self.accesses[mine[0]].inst;
                    return self.fail_at("an access is not a whole element of its array", at);
                }
                Err(shape::ShapeError::VaryingSize) => {
                    return self.fail("an array's dimension size varies in the nest", None);
                }
            }
        }
        Ok(())
    }

    fn memref_type(&self, a: usize) -> Type {
        let array = &self.arrays[a];
        let mut shape = vec![None];
        for size in &array.sizes[..array.sizes.len() - 1] {
            shape.push(size.constant().map(|c| c.zext as i64));
        }
        Type::memref(self.scalar_type(array.element), &shape)
            .expect("f64, f32 and integers are memref element types")
    }

    fn scalar_type(&self, s: Scalar) -> Type {
        match s {
            Scalar::F64 => Type::f64(self.ctx),
            Scalar::F32 => Type::f32(self.ctx),
            Scalar::Int(bits) => Type::integer(self.ctx, bits),
        }
    }
    fn type_of(&self, v: Value<'a>) -> Option<Type> {
        v.ty().scalar().map(|s| self.scalar_type(s))
    }

    // ---- affine expressions ---------------------------------------------------------

    /// The symbol for invariant `s`, widened to 64 bits; a new function argument the
    /// first time.
    fn symbol(&mut self, s: Scev<'a>, widen: Widen) -> AffineExpr {
        let se = self.se;
        let s = if s.width() < 64 {
            let how = match widen {
                Widen::Signed => Conversion::SignExtend,
                Widen::Unsigned => Conversion::ZeroExtend,
            };
            se.convert(s, how, 64)
        } else {
            s
        };
        let k = match self.params.iter().position(|p| *p == s) {
            Some(k) => k,
            None => {
                self.params.push(s);
                if let Some(entry) = self.entry {
                    let pos = self.array_args.len() + self.param_args.len();
                    let arg = entry
                        .insert_argument(pos, Type::index(self.ctx), self.loc)
                        .expect("a position within the arguments");
                    self.param_args.push(arg);
                }
                self.params.len() - 1
            }
        };
        AffineExpr::symbol(self.ctx, k)
    }

    /// The no-wrap flags that make widening `s` the identity.
    fn no_wrap(&self, s: Scev<'a>, widen: Widen) -> bool {
        let se = self.se;
        if se.is_loop_invariant(s, self.outer) {
            return true;
        }
        if s.is_nary() {
            let flags = match widen {
                Widen::Signed => s.no_signed_wrap(),
                Widen::Unsigned => {
                    s.no_unsigned_wrap() || (s.no_signed_wrap() && se.known_non_negative(s))
                }
            };
            if !flags && matches!(s.kind(), ScevKind::AddRec | ScevKind::Add | ScevKind::Mul) {
                return false;
            }
            return s.operands().into_iter().all(|op| self.no_wrap(op, widen));
        }
        false
    }

    /// `s` over the counters of the enclosing loops (d<k>, k = depth) and the symbols.
    fn affine(&mut self, s: Scev<'a>, widen: Widen) -> Option<AffineExpr> {
        let se = self.se;
        let ctx = self.ctx;
        if let Some(c) = s.constant() {
            if c.width > 64 {
                return None;
            }
            if widen == Widen::Signed || c.width == 64 {
                if c.significant_bits > 63 {
                    return None;
                }
                return Some(AffineExpr::constant(ctx, c.sext));
            }
            if c.active_bits > 62 {
                return None;
            }
            return Some(AffineExpr::constant(ctx, c.zext as i64));
        }
        if !s.is_integer() {
            return None;
        }
        let invariant = se.is_loop_invariant(s, self.outer);
        match s.kind() {
            ScevKind::Add => {
                let mut out: Option<AffineExpr> = None;
                for op in s.operands() {
                    let e = self.affine(op, widen)?;
                    out = Some(match out {
                        None => e,
                        Some(acc) => acc + e,
                    });
                }
                out
            }
            ScevKind::Mul => {
                let ops = s.operands();
                if let [c, x] = ops.as_slice() {
                    if c.kind() == ScevKind::Constant {
                        let c = self.affine(*c, widen);
                        let x = self.affine(*x, widen);
                        return Some(x? * c?);
                    }
                }
                invariant.then(|| self.symbol(s, widen))
            }
            _ if invariant => Some(self.symbol(s, widen)),
            ScevKind::AddRec => {
                let l = s.rec_loop()?;
                let k = self.stack.iter().position(|level| level.l == l)?;
                if !s.rec_is_affine() {
                    return None;
                }
                let step = se.step(s)?;
                if step.kind() != ScevKind::Constant {
                    return None;
                }
                let start = self.affine(s.rec_start()?, widen);
                let by = self.affine(step, widen);
                let (start, by) = (start?, by?);
                let counter = AffineExpr::dim(ctx, k) - self.stack[k].base;
                Some(start + counter * by)
            }
            ScevKind::UDiv => {
                let ops = s.operands();
                let [lhs, rhs] = ops.as_slice() else {
                    return None;
                };
                let c = rhs.constant()?;
                if c.negative || c.active_bits == 0 || !se.known_non_negative(*lhs) {
                    return None;
                }
                let l = self.affine(*lhs, widen);
                let r = self.affine(*rhs, widen);
                Some(l?.floor_div(r?))
            }
            ScevKind::SignExtend => {
                let op = s.operand(0)?;
                if self.no_wrap(op, Widen::Signed) {
                    self.affine(op, Widen::Signed)
                } else {
                    None
                }
            }
            ScevKind::ZeroExtend => {
                let op = s.operand(0)?;
                if self.no_wrap(op, Widen::Unsigned) {
                    self.affine(op, Widen::Unsigned)
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// A map over every counter in scope and every symbol so far.
    fn map(&self, results: &[AffineExpr]) -> AffineMap {
        AffineMap::with_symbols(self.ctx, self.stack.len(), self.params.len(), results)
    }
    /// The counters in scope, then the symbols so far: a map's operands.
    fn operands(&self) -> Vec<Val> {
        let mut v: Vec<Val> = self.stack.iter().map(|l| l.counter).collect();
        v.extend(self.param_args.iter().copied());
        v
    }

    // ---- emission -------------------------------------------------------------------

    fn block(&self) -> Blk {
        *self
            .blocks
            .last()
            .expect("emission is inside the function's body")
    }
    fn append(&self, op: OpBuilder) -> tessel_mlir::ir::Op {
        self.block().append(op.build()).op()
    }
    fn name(&mut self, v: Value<'a>, val: Val) {
        self.names.insert(v, val);
        if let Some(scope) = self.scopes.last_mut() {
            scope.push(v);
        }
    }
    fn close_scope(&mut self) {
        for v in self.scopes.pop().unwrap_or_default() {
            self.names.remove(&v);
        }
    }

    fn emit_function(&mut self, name: &str, module: Blk) -> Result<(), ()> {
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
        self.append(OpBuilder::new("func.return", self.loc));
        let mut inputs = array_types;
        inputs.extend(self.params.iter().map(|_| Type::index(ctx)));
        for s in self.scalars.clone() {
            inputs.push(self.type_of(s).expect("scalars have a model type"));
        }
        func.set_inherent_attr(
            "function_type",
            Attr::type_attr(Type::function(ctx, &inputs, &[])),
        );
        Ok(())
    }

    fn emit_loop(&mut self, l: Loop<'a>) -> Result<(), ()> {
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
        result?;
        self.append(OpBuilder::new("affine.yield", self.loc).operands(&yields));
        self.close_scope();
        self.blocks.pop();
        self.stack.pop();
        // After the loop, the last value of each carried scalar is the loop's result,
        // also through the exit's single-entry (LCSSA) phis.
        for (i, phi) in carried.iter().enumerate() {
            let r = for_op.result(i).ok_or(())?;
            let Some(last) = ffi::incoming_for(*phi, latch) else {
                continue;
            };
            self.name(last, r);
            for exit_phi in ffi::phis(exit) {
                let incoming = ffi::incoming(exit_phi);
                if incoming.len() == 1 && incoming[0].0 == last {
                    if let Some(v) = Value::of(exit_phi) {
                        self.name(v, r);
                    }
                }
            }
        }
        Ok(())
    }

    /// The blocks of loop `l`'s body from `block` up to `stop` (exclusive; None: to
    /// the end of the latch), inner loops as nested `affine.for`s and branches as
    /// `affine.if`s closed at their immediate post-dominator.
    fn region(
        &mut self,
        mut block: BasicBlock<'a>,
        stop: Option<BasicBlock<'a>>,
        l: Loop<'a>,
    ) -> Result<(), ()> {
        let se = self.se;
        let mut steps = 0u32;
        while Some(block) != stop {
            let first = block.get_first_instruction().and_then(Value::of);
            if steps > 100_000 || !l.contains(block) {
                return self.fail("the loop body is not structured", first);
            }
            steps += 1;
            let Some(inner) = se.loop_for(block) else {
                return self.fail("the loop body is not structured", first);
            };
            if inner != l {
                if inner.parent() != Some(l) || inner.header() != block {
                    return self.fail("the loop body is not structured", first);
                }
                self.emit_loop(inner)?;
                let Some(exit) = inner.block(LoopBlock::Exit) else {
                    return self.fail("a loop is not in canonical form", first);
                };
                block = exit;
                continue;
            }
            self.instructions(block)?;
            let terminator = block.get_terminator();
            if l.block(LoopBlock::Latch) == Some(block) {
                if stop.is_none() {
                    return Ok(());
                }
                return self.fail(
                    "the loop body is not structured",
                    terminator.and_then(Value::of),
                );
            }
            let Some(branch) = terminator.filter(|t| t.get_opcode() == InstructionOpcode::Br)
            else {
                return self.fail(
                    "a terminator other than a branch",
                    terminator.and_then(Value::of),
                );
            };
            let Some(condition) = ffi::branch_condition(branch) else {
                block = ffi::successor(branch, 0).ok_or(())?;
                continue;
            };
            let Some(merge) = se.post_idom(block) else {
                return self.fail("a branch without a merge point", Value::of(branch));
            };
            if let Some((k, _)) = condition.constant_int() {
                // A branch the canonicalization left with a constant condition
                // (gesummv's inner loop guard, `n > 0` inside `i < n`): only one side
                // runs, and an `affine.if` with no constraint would split the nest for
                // nothing.
                block = ffi::successor(branch, if k != 0 { 0 } else { 1 }).ok_or(())?;
                continue;
            }
            self.conditional(branch, condition, merge, l)?;
            block = merge;
        }
        Ok(())
    }

    /// An affine comparison tree as a conjunction of constraints (expression, `==
    /// 0`), `negated` or not.
    fn constraints(
        &mut self,
        c: Value<'a>,
        negated: bool,
        scope: Loop<'a>,
        out: &mut Vec<(AffineExpr, bool)>,
        depth: u32,
    ) -> bool {
        let se = self.se;
        let ctx = self.ctx;
        if depth > 16 {
            return false;
        }
        if let Some((k, _)) = c.constant_int() {
            if (k != 0) == negated {
                out.push((AffineExpr::constant(ctx, -1), false));
            }
            return true;
        }
        let Some(inst) = c.instruction() else {
            return false;
        };
        if let Some(predicate) = ffi::icmp_predicate(inst) {
            let (Some(a), Some(b)) = (ffi::operand(inst, 0), ffi::operand(inst, 1)) else {
                return false;
            };
            if !a.ty().is_integer() {
                return false;
            }
            let mut p = if negated {
                predicate.inverse()
            } else {
                predicate
            };
            let lhs = se.at_scope(a, Some(scope));
            let rhs = se.at_scope(b, Some(scope));
            if p.is_unsigned() {
                if !se.known_non_negative(lhs) || !se.known_non_negative(rhs) {
                    return false;
                }
                p = p.signed();
            }
            let l = self.affine(lhs, Widen::Signed);
            let r = self.affine(rhs, Widen::Signed);
            let (Some(l), Some(r)) = (l, r) else {
                return false;
            };
            let one = AffineExpr::constant(ctx, 1);
            match p {
                Predicate::Eq => out.push((l - r, true)),
                Predicate::Slt => out.push((r - l - one, false)),
                Predicate::Sle => out.push((r - l, false)),
                Predicate::Sgt => out.push((l - r - one, false)),
                Predicate::Sge => out.push((l - r, false)),
                _ => return false, // `ne`: a disjunction
            }
            return true;
        }
        let operand = |i| ffi::operand(inst, i);
        let (mut a, mut b) = (None, None);
        let (mut is_and, mut is_or) = (false, false);
        match inst.get_opcode() {
            InstructionOpcode::And | InstructionOpcode::Or => {
                a = operand(0);
                b = operand(1);
                is_and = inst.get_opcode() == InstructionOpcode::And;
                is_or = !is_and;
            }
            InstructionOpcode::Select => {
                a = operand(0);
                let t = operand(1).and_then(|v| v.constant_int());
                let f = operand(2).and_then(|v| v.constant_int());
                if f.is_some_and(|(k, _)| k == 0) {
                    // c ? x : false
                    is_and = true;
                    b = operand(1);
                } else if t.is_some_and(is_one) {
                    // c ? true : x
                    is_or = true;
                    b = operand(2);
                }
            }
            InstructionOpcode::Xor => {
                let one = operand(1).and_then(|v| v.constant_int());
                if one.is_some_and(is_one) {
                    return match operand(0) {
                        Some(x) => self.constraints(x, !negated, scope, out, depth + 1),
                        None => false,
                    };
                }
                return false;
            }
            _ => {}
        }
        // not(a or b) = not a and not b; `and` itself is a conjunction.
        if (is_and && !negated) || (is_or && negated) {
            let (Some(a), Some(b)) = (a, b) else {
                return false;
            };
            return self.constraints(a, negated, scope, out, depth + 1)
                && self.constraints(b, negated, scope, out, depth + 1);
        }
        false
    }

    /// Loop rotation's guard around a loop that carries values: `t = 0; for (k = 0;
    /// k < i; k++) t += ...;` reaches us as `if (i > 0) { loop }` with `t` merged from
    /// 0 and the loop's last value after it (symm, ludcmp). The loop alone says the
    /// same, since an affine.for whose bounds give no iteration yields its
    /// iter_args' initial values, while an affine.if with results around a loop is
    /// beyond the core's model. Taken when the side that skips the loop is proved to
    /// give the emitted loop no iteration. None when the branch is not such a guard
    /// (nothing emitted), else whether the loop was emitted.
    fn zero_trip_guard(
        &mut self,
        branch: InstructionValue<'a>,
        merge: BasicBlock<'a>,
        l: Loop<'a>,
    ) -> Option<Result<(), ()>> {
        let from = branch.get_parent()?;
        let skip_side = if ffi::successor(branch, 0) == Some(merge) {
            0
        } else if ffi::successor(branch, 1) == Some(merge) {
            1
        } else {
            return None;
        };
        if ffi::phis(merge).is_empty() || ffi::predecessors(merge).len() != 2 {
            return None;
        }
        let pre = ffi::successor(branch, 1 - skip_side)?;
        let inner = l
            .sub_loops()
            .into_iter()
            .rfind(|sub| sub.block(LoopBlock::Preheader) == Some(pre))?;
        if ffi::single_predecessor(pre) != Some(from) || inner.block(LoopBlock::Latch).is_none() {
            return None;
        }
        // The preheader holds values only (arithmetic, loads of arrays the nest only
        // reads, hoisted there by LICM): each is emitted where it is used, in the loop.
        let terminator = pre.get_terminator();
        for inst in pre.get_instructions() {
            if Some(inst) == terminator {
                continue;
            }
            let read_only_load =
                inst.get_opcode() == InstructionOpcode::Load && self.read_only(inst);
            let facts = ffi::facts(inst);
            if !read_only_load
                && (inst.get_opcode() == InstructionOpcode::Phi
                    || facts.may_read_or_write_memory()
                    || facts.may_have_side_effects())
            {
                return None;
            }
        }
        // The loop's side reaches the merge from its exit block (LCSSA phis only) or,
        // when the merge is the exit block, from the exiting block.
        let exit = inner.block(LoopBlock::Exit)?;
        let loop_side = if exit == merge {
            inner.block(LoopBlock::Exiting)?
        } else {
            exit
        };
        if exit != merge {
            let br = exit.get_terminator()?;
            if br.get_opcode() != InstructionOpcode::Br
                || ffi::branch_condition(br).is_some()
                || ffi::successor(br, 0) != Some(merge)
                || ffi::single_predecessor(exit).is_none()
            {
                return None;
            }
            if exit
                .get_instructions()
                .any(|i| i.get_opcode() != InstructionOpcode::Phi && i != br)
            {
                return None;
            }
        }
        // Every merged value: from the skipping side, the initial value of a scalar
        // the loop carries; from the loop's side, its last value.
        let inner_latch = inner.block(LoopBlock::Latch)?;
        let mut merged = vec![];
        for phi in ffi::phis(merge) {
            let incoming = ffi::incoming(phi);
            let skip = incoming.iter().position(|(_, b)| *b == from)?;
            let looped = incoming.iter().position(|(_, b)| *b == loop_side)?;
            let mut last = incoming[looped].0;
            if let Some(lcssa) = last
                .instruction()
                .filter(|i| i.get_opcode() == InstructionOpcode::Phi)
            {
                let lcssa_incoming = ffi::incoming(lcssa);
                if exit != merge && lcssa.get_parent() == Some(exit) && lcssa_incoming.len() == 1 {
                    last = lcssa_incoming[0].0;
                }
            }
            let initial = incoming[skip].0;
            let carried = ffi::phis(inner.header()).into_iter().any(|h| {
                let hi = ffi::incoming(h);
                let latch_value = hi.iter().find(|(_, b)| *b == inner_latch).map(|x| x.0);
                let pre_value = hi.iter().find(|(_, b)| *b == pre).map(|x| x.0);
                latch_value == Some(last) && pre_value == Some(initial)
            });
            if !carried {
                return None;
            }
            merged.push((Value::of(phi)?, last));
        }
        if !self.skips_every_iteration(branch, skip_side == 0, inner, l) {
            return None;
        }
        if self.emit_loop(inner).is_err() {
            return Some(Err(()));
        }
        for (phi, last) in merged {
            match self.value(last) {
                Ok(v) => self.name(phi, v),
                Err(()) => return Some(Err(())),
            }
        }
        Some(Ok(()))
    }

    /// Whether the branch's side taken when its condition is `when_true` gives loop
    /// `inner`, as emitted (counter over [0, backedge-taken count], or the least of a
    /// smin's operands), no iteration: F >= 0 on that side with count + F a negative
    /// constant.
    fn skips_every_iteration(
        &self,
        branch: InstructionValue<'a>,
        when_true: bool,
        inner: Loop<'a>,
        scope: Loop<'a>,
    ) -> bool {
        let se = self.se;
        let Some(cmp) = ffi::branch_condition(branch).and_then(|c| c.instruction()) else {
            return false;
        };
        let Some(predicate) = ffi::icmp_predicate(cmp) else {
            return false;
        };
        let (Some(x), Some(y)) = (ffi::operand(cmp, 0), ffi::operand(cmp, 1)) else {
            return false;
        };
        let count = backedge_count(se, self.outer, inner, None);
        if !x.ty().is_integer() || count.could_not_compute() {
            return false;
        }
        let mut p = if when_true {
            predicate
        } else {
            predicate.inverse()
        };
        let a = se.at_scope(x, Some(scope));
        let b = se.at_scope(y, Some(scope));
        if p.is_unsigned() {
            if !se.known_non_negative(a) || !se.known_non_negative(b) {
                return false;
            }
            p = p.signed();
        }
        let one = se.one(a);
        let fs = match p {
            Predicate::Eq => vec![se.minus(a, b), se.minus(b, a)],
            Predicate::Slt => vec![se.minus(se.minus(b, a), one)],
            Predicate::Sle => vec![se.minus(b, a)],
            Predicate::Sgt => vec![se.minus(se.minus(a, b), one)],
            Predicate::Sge => vec![se.minus(a, b)],
            _ => return false,
        };
        let mut counts = vec![count];
        if count.kind() == ScevKind::SMin {
            counts.extend(count.operands());
        }
        for c in &counts {
            for f in &fs {
                let wide = se.wider_width(*c, *f);
                let sum = se.add2(
                    se.convert(*c, Conversion::NoopOrSignExtend, wide),
                    se.convert(*f, Conversion::NoopOrSignExtend, wide),
                );
                if sum.constant().is_some_and(|k| k.negative) {
                    return true;
                }
            }
        }
        false
    }

    fn conditional(
        &mut self,
        branch: InstructionValue<'a>,
        condition: Value<'a>,
        merge: BasicBlock<'a>,
        l: Loop<'a>,
    ) -> Result<(), ()> {
        if let Some(guard) = self.zero_trip_guard(branch, merge, l) {
            return guard;
        }
        let ctx = self.ctx;
        let (Some(mut then_block), Some(mut else_block)) =
            (ffi::successor(branch, 0), ffi::successor(branch, 1))
        else {
            return Err(());
        };
        let mut set = vec![];
        if !self.constraints(condition, false, l, &mut set, 0) {
            set.clear();
            if !self.constraints(condition, true, l, &mut set, 0) {
                return self.fail(
                    "a branch condition is not a conjunction of affine comparisons",
                    Value::of(branch),
                );
            }
            std::mem::swap(&mut then_block, &mut else_block);
        }
        let from = branch.get_parent().ok_or(())?;
        let se = self.se;
        // Which side each of the merge's predecessors comes from.
        let side = |pred: BasicBlock<'a>| -> Option<usize> {
            if pred == from {
                return if then_block == merge {
                    Some(0)
                } else if else_block == merge {
                    Some(1)
                } else {
                    None
                };
            }
            if then_block != merge && se.dominates(then_block, pred) {
                return Some(0);
            }
            if else_block != merge && se.dominates(else_block, pred) {
                return Some(1);
            }
            None
        };
        let mut phis = vec![];
        let mut incoming: [Vec<Value<'a>>; 2] = [vec![], vec![]];
        for phi in ffi::phis(merge) {
            let mut from_side: [Option<Value<'a>>; 2] = [None, None];
            for (v, b) in ffi::incoming(phi) {
                let s = side(b);
                let Some(s) = s.filter(|s| from_side[*s].is_none() || from_side[*s] == Some(v))
                else {
                    return self.fail("a merge of values the model can't express", Value::of(phi));
                };
                from_side[s] = Some(v);
            }
            let phi_value = Value::of(phi).ok_or(())?;
            let (Some(t), Some(e)) = (from_side[0], from_side[1]) else {
                return self.fail("a merge of values the model can't express", Some(phi_value));
            };
            if phi_value.ty().scalar().is_none() {
                return self.fail("a merge of values the model can't express", Some(phi_value));
            }
            phis.push(phi_value);
            incoming[0].push(t);
            incoming[1].push(e);
        }
        let types: Vec<Type> = phis.iter().filter_map(|p| self.type_of(*p)).collect();
        let integer_set = IntegerSet::with_symbols(ctx, self.stack.len(), self.params.len(), &set);
        let operands = self.operands();
        let (builder, then_body) = OpBuilder::new("affine.if", self.loc).region_with_block(&[]);
        let (builder, else_body) = builder.region_with_block(&[]);
        let if_op = self.append(
            builder
                .operands(&operands)
                .results(&types)
                .attr("condition", Attr::integer_set(integer_set)),
        );
        for (s, body) in [then_body, else_body].into_iter().enumerate() {
            self.blocks.push(body);
            self.scopes.push(vec![]);
            let start = if s == 0 { then_block } else { else_block };
            if start != merge {
                self.region(start, Some(merge), l)?;
            }
            let mut yields = vec![];
            for v in incoming[s].clone() {
                yields.push(self.value(v)?);
            }
            self.append(OpBuilder::new("affine.yield", self.loc).operands(&yields));
            self.close_scope();
            self.blocks.pop();
        }
        for (i, phi) in phis.iter().enumerate() {
            let r = if_op.result(i).ok_or(())?;
            self.name(*phi, r);
        }
        Ok(())
    }

    fn read_only(&self, load: InstructionValue<'a>) -> bool {
        self.access_of
            .get(&load)
            .is_some_and(|a| !self.arrays[self.accesses[*a].array].written)
    }

    fn load(&mut self, inst: InstructionValue<'a>) -> Result<Val, ()> {
        let (array, map) = self.subscripts(inst)?;
        let v = Value::of(inst).ok_or(())?;
        let ty = self.type_of(v).ok_or(())?;
        let mut operands = vec![self.array_args[array]];
        operands.extend(self.operands());
        let op = self.append(
            OpBuilder::new("affine.load", self.loc)
                .operands(&operands)
                .results(&[ty])
                .attr("map", Attr::affine_map(map)),
        );
        let r = op.result(0).ok_or(())?;
        self.name(v, r);
        Ok(r)
    }

    /// Stores, and loads of arrays the nest writes, in program order; other
    /// instructions when a store, a yield or a merge needs their value. A load of an
    /// array the nest only reads is as pure as arithmetic, so it goes where its value
    /// is used: LICM hoisted gemm's A[i][k] out of the j loop, and a statement of its
    /// own there would keep the nest from being tiled.
    fn instructions(&mut self, block: BasicBlock<'a>) -> Result<(), ()> {
        for inst in block.get_instructions() {
            match inst.get_opcode() {
                InstructionOpcode::Load if !self.read_only(inst) => {
                    self.load(inst)?;
                }
                InstructionOpcode::Store => {
                    let value = ffi::operand(inst, 0).ok_or(())?;
                    let stored = self.value(value)?;
                    let (array, map) = self.subscripts(inst)?;
                    let mut operands = vec![stored, self.array_args[array]];
                    operands.extend(self.operands());
                    self.append(
                        OpBuilder::new("affine.store", self.loc)
                            .operands(&operands)
                            .attr("map", Attr::affine_map(map)),
                    );
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// (array, map of its subscripts) for a load or store.
    fn subscripts(&mut self, inst: InstructionValue<'a>) -> Result<(usize, AffineMap), ()> {
        let Some(index) = self.access_of.get(&inst).copied() else {
            return self.fail_at("an access outside the model", inst);
        };
        let subscripts = self.accesses[index].subscripts.clone();
        let mut results = vec![];
        for s in subscripts {
            match self.affine(s, Widen::Signed) {
                Some(e) => results.push(e),
                None => {
                    return self
                        .fail_at(format!("an array subscript has no affine form ({s})"), inst)
                }
            }
        }
        Ok((self.accesses[index].array, self.map(&results)))
    }

    // ---- values ---------------------------------------------------------------------

    fn value(&mut self, v: Value<'a>) -> Result<Val, ()> {
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
            let bits = if width >= 64 {
                k
            } else {
                (k as u64 & ((1u64 << width) - 1)) as i64
            };
            let op = self.append(
                OpBuilder::new("arith.constant", self.loc)
                    .results(&[ty])
                    .attr("value", Attr::integer(ty, bits)),
            );
            let r = op.result(0).ok_or(())?;
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
                        let map = self.map(&[e]);
                        let index = Type::index(ctx);
                        let apply = self.append(
                            OpBuilder::new("affine.apply", self.loc)
                                .operands(&self.operands())
                                .results(&[index])
                                .attr("map", Attr::affine_map(map)),
                        );
                        let i = apply.result(0).ok_or(())?;
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

    fn compute(&mut self, inst: InstructionValue<'a>, ty: Type) -> Result<Val, ()> {
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
                if let Some(intrinsic) = ffi::intrinsic_name(inst) {
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

    fn operands_of(&mut self, inst: InstructionValue<'a>, count: u32) -> Result<Vec<Val>, ()> {
        let mut out = vec![];
        for i in 0..count {
            let v = ffi::operand(inst, i).ok_or(())?;
            out.push(self.value(v)?);
        }
        Ok(out)
    }

    fn done(&mut self, inst: InstructionValue<'a>, b: OpBuilder) -> Result<Val, ()> {
        let op = self.append(b);
        let r = op.result(0).ok_or(())?;
        self.name(Value::of(inst).ok_or(())?, r);
        Ok(r)
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

/// `ConstantInt::isOne` of a (value, width) pair from [`Value::constant_int`].
fn is_one((k, width): (i64, u32)) -> bool {
    if width == 1 {
        k != 0
    } else {
        k == 1
    }
}
