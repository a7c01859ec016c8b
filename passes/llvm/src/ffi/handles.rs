//! The handles: the run on one function, its analyses, SCEV expressions, loops,
//! values and types, and the enums that name their kinds.

use std::ffi::{c_int, c_void, CStr};
use std::marker::PhantomData;
use std::ptr::NonNull;

use inkwell::basic_block::BasicBlock;
use inkwell::values::{AsValueRef, FunctionValue, InstructionValue};
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMIntPredicate, LLVMTypeKind};

use super::abi::*;

// ---- the run on one function ---------------------------------------------------------------

/// The pass's run on one function: the C++ side's analyses of it.
pub struct Run<'f> {
    pub(super) raw: NonNull<TesselFunction>,
    pub(super) function: FunctionValue<'f>,
}

impl<'f> Run<'f> {
    /// # Safety
    /// `raw` is the C++ pass's live function state for `function`, which outlives
    /// `'f`.
    pub unsafe fn new(raw: *mut TesselFunction, function: LLVMValueRef) -> Option<Run<'f>> {
        Some(Run {
            raw: NonNull::new(raw)?,
            // SAFETY: the caller's: `function` is the function being run on.
            function: unsafe { FunctionValue::new(function)? },
        })
    }
    pub fn function(&self) -> FunctionValue<'f> {
        self.function
    }
    /// The analyses as they are now; they end before the next invalidation.
    pub fn analyses(&mut self) -> Analyses<'_> {
        Analyses {
            f: self.raw,
            _life: PhantomData,
        }
    }
    /// The IR changed: every analysis is recomputed on its next use.
    pub fn invalidate(&mut self) {
        // SAFETY: the function state is live (see `new`); no handle into the
        // analyses survives, since they borrow `self`.
        unsafe { tessel_llvm_invalidate(self.raw.as_ptr()) }
    }
}

/// The function's analyses, as long as nothing invalidates them.
#[derive(Clone, Copy)]
pub struct Analyses<'a> {
    pub(super) f: NonNull<TesselFunction>,
    pub(super) _life: PhantomData<&'a ()>,
}

/// A ScalarEvolution expression. Expressions are uniqued: equal handles, equal
/// expressions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Scev<'a> {
    pub(super) raw: NonNull<c_void>,
    pub(super) _life: PhantomData<&'a ()>,
}

/// A loop of LoopInfo.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Loop<'a> {
    pub(super) raw: NonNull<c_void>,
    pub(super) _life: PhantomData<&'a ()>,
}

/// An LLVM value (instruction, argument, constant), compared by identity.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Value<'a> {
    pub(super) raw: NonNull<llvm_sys::LLVMValue>,
    pub(super) _life: PhantomData<&'a ()>,
}

/// What kind of expression a [`Scev`] is (LLVM 22's SCEVTypes, in its order).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ScevKind {
    Constant,
    VScale,
    Truncate,
    ZeroExtend,
    SignExtend,
    Add,
    Mul,
    UDiv,
    AddRec,
    UMax,
    SMax,
    UMin,
    SMin,
    SequentialUMin,
    PtrToInt,
    Unknown,
    CouldNotCompute,
}
pub(super) const SCEV_KINDS: [ScevKind; 17] = [
    ScevKind::Constant,
    ScevKind::VScale,
    ScevKind::Truncate,
    ScevKind::ZeroExtend,
    ScevKind::SignExtend,
    ScevKind::Add,
    ScevKind::Mul,
    ScevKind::UDiv,
    ScevKind::AddRec,
    ScevKind::UMax,
    ScevKind::SMax,
    ScevKind::UMin,
    ScevKind::SMin,
    ScevKind::SequentialUMin,
    ScevKind::PtrToInt,
    ScevKind::Unknown,
    ScevKind::CouldNotCompute,
];
impl ScevKind {
    pub(super) fn code(self) -> c_int {
        SCEV_KINDS.iter().position(|k| *k == self).unwrap_or(0) as c_int
    }
    pub fn is_min_max(self) -> bool {
        matches!(
            self,
            ScevKind::UMax | ScevKind::SMax | ScevKind::UMin | ScevKind::SMin
        )
    }
}

/// Integer comparisons, as LLVM numbers them (`CmpInst::Predicate`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Predicate {
    Eq,
    Ne,
    Ugt,
    Uge,
    Ult,
    Ule,
    Sgt,
    Sge,
    Slt,
    Sle,
}
impl Predicate {
    pub(super) fn code(self) -> c_int {
        32 + self as c_int
    }
    pub(super) fn from_llvm(p: LLVMIntPredicate) -> Predicate {
        use LLVMIntPredicate::*;
        match p {
            LLVMIntEQ => Predicate::Eq,
            LLVMIntNE => Predicate::Ne,
            LLVMIntUGT => Predicate::Ugt,
            LLVMIntUGE => Predicate::Uge,
            LLVMIntULT => Predicate::Ult,
            LLVMIntULE => Predicate::Ule,
            LLVMIntSGT => Predicate::Sgt,
            LLVMIntSGE => Predicate::Sge,
            LLVMIntSLT => Predicate::Slt,
            LLVMIntSLE => Predicate::Sle,
        }
    }
    pub fn to_llvm(self) -> inkwell::IntPredicate {
        use inkwell::IntPredicate as P;
        match self {
            Predicate::Eq => P::EQ,
            Predicate::Ne => P::NE,
            Predicate::Ugt => P::UGT,
            Predicate::Uge => P::UGE,
            Predicate::Ult => P::ULT,
            Predicate::Ule => P::ULE,
            Predicate::Sgt => P::SGT,
            Predicate::Sge => P::SGE,
            Predicate::Slt => P::SLT,
            Predicate::Sle => P::SLE,
        }
    }
    /// The predicate of the negated comparison (`CmpInst::getInversePredicate`).
    pub fn inverse(self) -> Predicate {
        use Predicate::*;
        match self {
            Eq => Ne,
            Ne => Eq,
            Ugt => Ule,
            Uge => Ult,
            Ult => Uge,
            Ule => Ugt,
            Sgt => Sle,
            Sge => Slt,
            Slt => Sge,
            Sle => Sgt,
        }
    }
    /// The predicate with its operands exchanged (`CmpInst::getSwappedPredicate`).
    pub fn swapped(self) -> Predicate {
        use Predicate::*;
        match self {
            Eq => Eq,
            Ne => Ne,
            Ugt => Ult,
            Uge => Ule,
            Ult => Ugt,
            Ule => Uge,
            Sgt => Slt,
            Sge => Sle,
            Slt => Sgt,
            Sle => Sge,
        }
    }
    pub fn is_unsigned(self) -> bool {
        matches!(
            self,
            Predicate::Ugt | Predicate::Uge | Predicate::Ult | Predicate::Ule
        )
    }
    /// The signed predicate of an unsigned one (`ICmpInst::getSignedPredicate`).
    pub fn signed(self) -> Predicate {
        match self {
            Predicate::Ugt => Predicate::Sgt,
            Predicate::Uge => Predicate::Sge,
            Predicate::Ult => Predicate::Slt,
            Predicate::Ule => Predicate::Sle,
            p => p,
        }
    }
    /// As LLVM prints it ("slt").
    pub fn name(self) -> String {
        // SAFETY: a valid predicate code; the sink is a String.
        text(|t, s| unsafe { tessel_llvm_predicate_name(self.code(), t, s) })
    }
}

/// The name of an `fcmp` predicate ("olt").
pub fn float_predicate_name(inst: InstructionValue<'_>) -> String {
    // SAFETY: `inst` is a live fcmp; the predicate code is LLVM's own.
    let code = unsafe { LLVMGetFCmpPredicate(inst.as_value_ref()) } as c_int;
    // SAFETY: as above; the sink is a String.
    text(|t, s| unsafe { tessel_llvm_predicate_name(code, t, s) })
}

/// Remark kinds, as `-Rpass-analysis`, `-Rpass-missed` and `-Rpass` select them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RemarkKind {
    Analysis = 0,
    Missed = 1,
    Passed = 2,
}

/// Which block of a loop [`Loop::block`] returns.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LoopBlock {
    Header = 0,
    Preheader = 1,
    Predecessor = 2,
    Latch = 3,
    Exit = 4,
    Exiting = 5,
}

/// How [`Analyses::convert`] changes an expression's width.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Conversion {
    SignExtend = 0,
    ZeroExtend = 1,
    Truncate = 2,
    TruncateOrSignExtend = 3,
    TruncateOrZeroExtend = 4,
    NoopOrSignExtend = 5,
}

/// Facts about an instruction the C API does not tell.
#[derive(Clone, Copy, Debug)]
pub struct Facts(pub(super) u32);
impl Facts {
    pub fn may_read_or_write_memory(self) -> bool {
        self.0 & 1 != 0
    }
    pub fn may_have_side_effects(self) -> bool {
        self.0 & 2 != 0
    }
    pub fn simple_access(self) -> bool {
        self.0 & 4 != 0
    }
    pub fn no_memory_access(self) -> bool {
        self.0 & 8 != 0
    }
    pub fn assume_like(self) -> bool {
        self.0 & 16 != 0
    }
    pub fn debug_intrinsic(self) -> bool {
        self.0 & 32 != 0
    }
    pub fn fp_math_operator(self) -> bool {
        self.0 & 64 != 0
    }
}

impl<'a> Scev<'a> {
    pub(super) fn new(raw: RawScev) -> Option<Scev<'a>> {
        Some(Scev {
            raw: NonNull::new(raw as *mut c_void)?,
            _life: PhantomData,
        })
    }
    pub(super) fn raw(self) -> RawScev {
        self.raw.as_ptr()
    }
    pub fn kind(self) -> ScevKind {
        // SAFETY: a live expression (module note).
        let k = unsafe { tessel_scev_kind(self.raw()) };
        SCEV_KINDS
            .get(k as usize)
            .copied()
            .unwrap_or(ScevKind::CouldNotCompute)
    }
    pub fn could_not_compute(self) -> bool {
        self.kind() == ScevKind::CouldNotCompute
    }
    /// The integer width of its type; 0 for a pointer.
    pub fn width(self) -> u32 {
        // SAFETY: a live expression.
        unsafe { tessel_scev_width(self.raw()) }
    }
    pub fn is_integer(self) -> bool {
        self.width() > 0
    }
    pub fn operands(self) -> Vec<Scev<'a>> {
        // SAFETY: a live expression; indices below its operand count.
        let n = unsafe { tessel_scev_num_operands(self.raw()) };
        (0..n)
            .filter_map(|i| Scev::new(unsafe { tessel_scev_operand(self.raw(), i) }))
            .collect()
    }
    pub fn operand(self, i: usize) -> Option<Scev<'a>> {
        self.operands().get(i).copied()
    }
    pub fn constant(self) -> Option<Constant> {
        // SAFETY: asked only of a constant.
        (self.kind() == ScevKind::Constant).then(|| unsafe { tessel_scev_constant(self.raw()) })
    }
    pub fn is_zero(self) -> bool {
        self.constant().is_some_and(|c| c.active_bits == 0)
    }
    pub fn is_one(self) -> bool {
        self.constant().is_some_and(|c| c.active_bits == 1)
    }
    pub fn unknown_value(self) -> Option<Value<'a>> {
        // SAFETY: asked only of an unknown, whose value is live.
        (self.kind() == ScevKind::Unknown)
            .then(|| Value::new(unsafe { tessel_scev_unknown_value(self.raw()) }))
            .flatten()
    }
    /// An add recurrence's loop.
    pub fn rec_loop(self) -> Option<Loop<'a>> {
        // SAFETY: asked only of an add recurrence.
        (self.kind() == ScevKind::AddRec)
            .then(|| Loop::new(unsafe { tessel_scev_rec_loop(self.raw()) }))
            .flatten()
    }
    pub fn rec_is_affine(self) -> bool {
        // SAFETY: asked only of an add recurrence.
        self.kind() == ScevKind::AddRec && unsafe { tessel_scev_rec_is_affine(self.raw()) }
    }
    pub fn rec_start(self) -> Option<Scev<'a>> {
        // SAFETY: asked only of an add recurrence.
        (self.kind() == ScevKind::AddRec)
            .then(|| Scev::new(unsafe { tessel_scev_rec_start(self.raw()) }))
            .flatten()
    }
    pub fn no_signed_wrap(self) -> bool {
        // SAFETY: a live expression.
        unsafe { tessel_scev_no_wrap(self.raw()) & 2 != 0 }
    }
    pub fn no_unsigned_wrap(self) -> bool {
        // SAFETY: a live expression.
        unsafe { tessel_scev_no_wrap(self.raw()) & 1 != 0 }
    }
    /// Whether it is an n-ary expression (add, mul, add recurrence, min/max).
    pub fn is_nary(self) -> bool {
        matches!(
            self.kind(),
            ScevKind::Add
                | ScevKind::Mul
                | ScevKind::AddRec
                | ScevKind::UMax
                | ScevKind::SMax
                | ScevKind::UMin
                | ScevKind::SMin
                | ScevKind::SequentialUMin
        )
    }
}

impl std::fmt::Display for Scev<'_> {
    /// As ScalarEvolution prints it.
    fn fmt(&self, out: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // SAFETY: a live expression; the sink is a String.
        out.write_str(&text(|t, s| unsafe { tessel_scev_print(self.raw(), t, s) }))
    }
}

impl<'a> Loop<'a> {
    pub(super) fn new(raw: RawLoop) -> Option<Loop<'a>> {
        Some(Loop {
            raw: NonNull::new(raw)?,
            _life: PhantomData,
        })
    }
    pub(super) fn raw(self) -> RawLoop {
        self.raw.as_ptr()
    }
    pub fn sub_loops(self) -> Vec<Loop<'a>> {
        // SAFETY: a live loop; the sink is a Vec.
        pointers(|p, s| unsafe { tessel_llvm_sub_loops(self.raw(), p, s) })
            .into_iter()
            .filter_map(|l| Loop::new(l as RawLoop))
            .collect()
    }
    /// Its blocks, header first, in LoopInfo's order.
    pub fn blocks(self) -> Vec<BasicBlock<'a>> {
        // SAFETY: a live loop; the sink is a Vec; each block is live.
        pointers(|p, s| unsafe { tessel_llvm_loop_blocks(self.raw(), p, s) })
            .into_iter()
            .filter_map(|b| unsafe { BasicBlock::new(b as LLVMBasicBlockRef) })
            .collect()
    }
    pub fn parent(self) -> Option<Loop<'a>> {
        // SAFETY: a live loop.
        Loop::new(unsafe { tessel_llvm_loop_parent(self.raw()) })
    }
    pub fn depth(self) -> u32 {
        // SAFETY: a live loop.
        unsafe { tessel_llvm_loop_depth(self.raw()) }
    }
    /// Adds `!{!"name"}` to the loop's `llvm.loop` metadata (the IR changes, its
    /// analyses do not).
    pub fn mark(self, name: &CStr) {
        // SAFETY: a live loop; the name lives for the call.
        unsafe { tessel_llvm_loop_mark(self.raw(), name.as_ptr()) }
    }
    pub fn has_mark(self, name: &CStr) -> bool {
        // SAFETY: a live loop; the name lives for the call.
        unsafe { tessel_llvm_loop_has_mark(self.raw(), name.as_ptr()) }
    }
    pub fn contains(self, block: BasicBlock<'_>) -> bool {
        // SAFETY: a live loop and block.
        unsafe { tessel_llvm_loop_contains(self.raw(), block_ref(block)) }
    }
    pub fn contains_value(self, v: Value<'_>) -> bool {
        v.parent_block().is_some_and(|b| self.contains(b))
    }
    pub fn block(self, which: LoopBlock) -> Option<BasicBlock<'a>> {
        // SAFETY: a live loop; LoopInfo returns a live block or null.
        unsafe { BasicBlock::new(tessel_llvm_loop_block(self.raw(), which as c_int)) }
    }
    pub fn header(self) -> BasicBlock<'a> {
        // A loop always has a header.
        self.block(LoopBlock::Header)
            .expect("LoopInfo gives every loop a header")
    }
}

pub(super) fn block_ref(b: BasicBlock<'_>) -> LLVMBasicBlockRef {
    b.as_mut_ptr()
}

impl<'a> Value<'a> {
    pub fn new(raw: LLVMValueRef) -> Option<Value<'a>> {
        Some(Value {
            raw: NonNull::new(raw)?,
            _life: PhantomData,
        })
    }
    pub fn of(v: impl AsValueRef) -> Option<Value<'a>> {
        Value::new(v.as_value_ref())
    }
    pub fn raw(self) -> LLVMValueRef {
        self.raw.as_ptr()
    }
    /// The value as inkwell's, if first-class.
    pub fn basic(self) -> Option<inkwell::values::BasicValueEnum<'a>> {
        super::module::basic_value(self.raw())
    }
    pub fn instruction(self) -> Option<InstructionValue<'a>> {
        // SAFETY: a live value; LLVMIsAInstruction is a type test.
        let is = unsafe { !LLVMIsAInstruction(self.raw()).is_null() };
        // SAFETY: an instruction.
        is.then(|| unsafe { InstructionValue::new(self.raw()) })
    }
    pub fn parent_block(self) -> Option<BasicBlock<'a>> {
        self.instruction().and_then(|i| i.get_parent())
    }
    pub fn is_constant(self) -> bool {
        // SAFETY: a type test.
        unsafe { !LLVMIsAConstant(self.raw()).is_null() }
    }
    /// A `ConstantInt`'s value, sign-extended, and its width.
    pub fn constant_int(self) -> Option<(i64, u32)> {
        // SAFETY: a type test, then reads of a ConstantInt.
        unsafe {
            if LLVMIsAConstantInt(self.raw()).is_null() {
                return None;
            }
            Some((
                LLVMConstIntGetSExtValue(self.raw()),
                LLVMGetIntTypeWidth(LLVMTypeOf(self.raw())),
            ))
        }
    }
    /// A `ConstantFP`'s bits.
    pub fn constant_fp_bits(self) -> Option<u64> {
        // SAFETY: a type test, then the bits of a ConstantFP.
        unsafe {
            if LLVMIsAConstantFP(self.raw()).is_null() {
                return None;
            }
            Some(tessel_llvm_fp_bits(self.raw()))
        }
    }
    pub fn ty(self) -> Ty<'a> {
        // SAFETY: a live value has a type.
        Ty {
            raw: unsafe { LLVMTypeOf(self.raw()) },
            _life: PhantomData,
        }
    }
    /// The instructions that use it.
    pub fn users(self) -> Vec<Value<'a>> {
        let mut out = Vec::new();
        // SAFETY: walking a live value's use list, unchanged during the walk.
        unsafe {
            let mut u = LLVMGetFirstUse(self.raw());
            while !u.is_null() {
                if let Some(v) = Value::new(LLVMGetUser(u)) {
                    out.push(v);
                }
                u = LLVMGetNextUse(u);
            }
        }
        out
    }
}

/// An LLVM type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Ty<'a> {
    pub(super) raw: LLVMTypeRef,
    pub(super) _life: PhantomData<&'a ()>,
}
/// What the model makes of a type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Scalar {
    F64,
    F32,
    Int(u32),
}
impl<'a> Ty<'a> {
    pub fn raw(self) -> LLVMTypeRef {
        self.raw
    }
    /// A double, float or integer of at most 64 bits.
    pub fn scalar(self) -> Option<Scalar> {
        // SAFETY: a live type.
        match unsafe { LLVMGetTypeKind(self.raw) } {
            LLVMTypeKind::LLVMDoubleTypeKind => Some(Scalar::F64),
            LLVMTypeKind::LLVMFloatTypeKind => Some(Scalar::F32),
            LLVMTypeKind::LLVMIntegerTypeKind => {
                // SAFETY: an integer type.
                let w = unsafe { LLVMGetIntTypeWidth(self.raw) };
                (w <= 64).then_some(Scalar::Int(w))
            }
            _ => None,
        }
    }
    pub fn is_integer(self) -> bool {
        // SAFETY: a live type.
        unsafe { LLVMGetTypeKind(self.raw) == LLVMTypeKind::LLVMIntegerTypeKind }
    }
    pub fn integer_width(self) -> Option<u32> {
        // SAFETY: asked only of an integer type.
        self.is_integer()
            .then(|| unsafe { LLVMGetIntTypeWidth(self.raw) })
    }
}
