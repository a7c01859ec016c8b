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
//! carried around a loop, or out of it, become `iter_args`; the nest's live-out
//! scalars are stored into 0-d memrefs after it. Arithmetic is translated instruction
//! by instruction with its exact semantics (fast-math flags kept, `llvm.fmuladd` kept as
//! the intrinsic, so the back end makes the same contraction choice as for the
//! original).
//!
//! Each affine expression is built in the shape MLIR's parser gives the equivalent
//! text, with the same simplifying constructors, so that the function is the one the
//! earlier text-building front end produced.

use std::collections::HashMap;

use inkwell::values::{FunctionValue, InstructionOpcode, InstructionValue};
use tessel_mlir::ir::{AffineExpr, Blk, Context, Location, Type, Val};

use tessel_llvm::detect::{self, Found};
use tessel_llvm::ffi::{self, Analyses, Loop, Scalar, Scev, Value};
use tessel_llvm::scev::{widen_sign_extensions, NarrowValue};
use tessel_llvm::shape::{self, Access, Array};

mod addresses;
mod affine;
mod control;
mod emit;
mod values;

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

/// Is `v` (computed in `l`) used after `l`? A dead phi is no use.
pub fn used_outside(l: Loop<'_>, v: Value<'_>) -> bool {
    v.users().into_iter().any(|u| {
        let dead_phi = u
            .instruction()
            .is_some_and(|i| i.get_opcode() == InstructionOpcode::Phi)
            && u.users().is_empty();
        u.instruction().is_some() && !l.contains_value(u) && !dead_phi
    })
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
    /// Invariants whose zero extension a dropped zero-trip guard read as their sign
    /// extension: the run-time check requires each non-negative.
    pub assumed_non_negative: Vec<Scev<'a>>,
    /// Values from outside the nest used as data.
    pub scalars: Vec<Value<'a>>,
    /// Values computed in the nest and used after it (splice::live_outs) that only
    /// the nest computes: the function stores each last value into a 0-d memref, its
    /// arguments' last ones.
    pub live_outs: Vec<Value<'a>>,
    /// The other live-outs, whose values ScalarEvolution computes after the nest.
    pub exit_values: Vec<(Value<'a>, Scev<'a>)>,
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
    /// Functions the nest calls (`memory(none)`), each declared in the module under
    /// a symbol of the nest's own, which the splice binds to the function.
    pub callees: Vec<Callee<'a>>,
    /// The nest function's name, the prefix of the callees' symbols.
    name: String,
}

/// A function the nest calls, and its declaration in the nest's module: a symbol of
/// the nest's own (`<nest>_callee_<k>`), which the splice then replaces by the
/// function, so that a `static` function (no name another module can reach) is
/// called as well as an external one.
pub struct Callee<'a> {
    pub function: Value<'a>,
    pub symbol: String,
    ty: Type,
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
            assumed_non_negative: vec![],
            scalars: vec![],
            live_outs: vec![],
            exit_values: vec![],
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
            callees: vec![],
            name: String::new(),
        }
    }

    /// Appends `func.func @<name>` to `module`; the reason when the nest has no
    /// affine form.
    pub fn translate(&mut self, name: &str, module: Blk) -> Result<(), Untranslatable<'a>> {
        self.name = name.to_string();
        let ok = self.collect_accesses().is_ok()
            && self.shape_arrays().is_ok()
            && self.emit_function(name, module).is_ok();
        if ok {
            self.declare_callees(module);
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
                let raw = se.minus(address, base_scev);
                let mut narrow = vec![];
                let offset = widen_sign_extensions(se, self.outer, raw, Some(&mut narrow));
                let element_size = se.element_size(inst);
                let mut scratch = Found::default();
                let affine =
                    detect::affine_offset(se, self.outer, offset, element_size, &mut scratch)
                        .is_ok();
                let (offset, whole) = if affine {
                    self.narrow_values.extend(narrow);
                    (offset, false)
                } else {
                    let whole = detect::whole_array_offset(
                        se,
                        self.outer,
                        pointer,
                        base,
                        raw,
                        element_size,
                        &mut self.assumed_non_negative,
                    );
                    if !whole {
                        return self.fail_at("an array subscript is not affine", inst);
                    }
                    (raw, true)
                };
                self.accesses.push(Access {
                    inst,
                    array: index,
                    offset,
                    subscripts: vec![],
                    whole,
                });
            }
        }
        Ok(())
    }

    /// One shape per array for all its accesses (shape.rs).
    fn shape_arrays(&mut self) -> Result<(), ()> {
        for a in 0..self.arrays.len() {
            let mine: Vec<usize> = (0..self.accesses.len())
                .filter(|i| self.accesses[*i].array == a && !self.accesses[*i].whole)
                .collect();
            if mine.is_empty() {
                // Only accesses of any element: one dimension.
                let bytes = self.arrays[a].element_bytes as i64;
                self.arrays[a].sizes = vec![self.se.constant(64, bytes)];
                continue;
            }
            match shape::shape_array(
                self.se,
                self.function,
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
}
