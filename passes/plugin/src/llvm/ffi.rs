//! The one door to LLVM: every `unsafe` of the clang front end is in this module.
//!
//! LLVM IR is read and written through LLVM's C API, with inkwell's types where it
//! has them ([`InstructionValue`], [`BasicBlock`], [`FunctionValue`], its builder);
//! the analyses the C API lacks (ScalarEvolution, LoopInfo, the dominator trees, alias
//! analysis, delinearization, the SCEV expander, remarks) come from the C++ shim
//! behind `shim/llvm_abi.h`. What each `unsafe` block relies on:
//!
//! - **Liveness.** Handles point into IR and analyses that clang keeps alive while
//!   the pass runs on one function. [`Scev`] and [`Loop`] borrow the [`Analyses`]
//!   they came from, which borrows the [`Run`] mutably: the borrow checker ends them
//!   before [`Run::invalidate`] lets LLVM free the analyses.
//! - **Non-null.** Handles are made only from non-null pointers LLVM returned; calls
//!   that may return null return an `Option`.
//! - **No unwinding.** The C++ side neither throws nor aborts on the handles Rust
//!   passes; Rust catches its panics at the ABI (`abi.rs`).

use std::ffi::{c_char, c_int, c_void, CStr};
use std::marker::PhantomData;
use std::ptr::NonNull;

use inkwell::basic_block::BasicBlock;
use inkwell::values::{AsValueRef, FunctionValue, InstructionOpcode, InstructionValue};
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMIntPredicate, LLVMTypeKind};

// ---- the C ABI (shim/llvm_abi.h) ---------------------------------------------------------

/// `TesselFunction`: one function and its analysis manager, owned by the C++ pass.
#[repr(C)]
pub struct TesselFunction {
    _opaque: [u8; 0],
}
#[repr(C)]
struct TesselExpander {
    _opaque: [u8; 0],
}
type Push = extern "C" fn(*mut c_void, *const c_void);
type Text = extern "C" fn(*mut c_void, *const c_char, usize);
type RawScev = *const c_void;
type RawLoop = *mut c_void;

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Constant {
    pub width: u32,
    pub significant_bits: u32,
    pub active_bits: u32,
    pub sext: i64,
    pub zext: u64,
    pub negative: bool,
}

extern "C" {
    fn tessel_llvm_invalidate(f: *mut TesselFunction);
    fn tessel_llvm_remarks_enabled(f: *mut TesselFunction) -> bool;
    fn tessel_llvm_remark(
        f: *mut TesselFunction,
        kind: c_int,
        name: *const c_char,
        l: RawLoop,
        at: LLVMValueRef,
        text: *const c_char,
        len: usize,
    );
    fn tessel_llvm_top_level_loops(f: *mut TesselFunction, push: Push, sink: *mut c_void);
    fn tessel_llvm_sub_loops(l: RawLoop, push: Push, sink: *mut c_void);
    fn tessel_llvm_loop_blocks(l: RawLoop, push: Push, sink: *mut c_void);
    fn tessel_llvm_loop_for(f: *mut TesselFunction, block: LLVMBasicBlockRef) -> RawLoop;
    fn tessel_llvm_loop_parent(l: RawLoop) -> RawLoop;
    fn tessel_llvm_loop_depth(l: RawLoop) -> u32;
    fn tessel_llvm_loop_contains(l: RawLoop, block: LLVMBasicBlockRef) -> bool;
    fn tessel_llvm_loop_block(l: RawLoop, which: c_int) -> LLVMBasicBlockRef;
    fn tessel_llvm_dominates(
        f: *mut TesselFunction,
        a: LLVMBasicBlockRef,
        b: LLVMBasicBlockRef,
    ) -> bool;
    fn tessel_llvm_post_idom(f: *mut TesselFunction, block: LLVMBasicBlockRef)
        -> LLVMBasicBlockRef;
    fn tessel_llvm_no_alias(f: *mut TesselFunction, a: LLVMValueRef, b: LLVMValueRef) -> bool;
    fn tessel_llvm_instruction_facts(inst: LLVMValueRef) -> u32;
    fn tessel_llvm_fp_bits(constant: LLVMValueRef) -> u64;
    fn tessel_llvm_intrinsic_name(call: LLVMValueRef, text: Text, sink: *mut c_void);
    fn tessel_llvm_predicate_name(predicate: c_int, text: Text, sink: *mut c_void);
    fn tessel_llvm_opcode_name(inst: LLVMValueRef, text: Text, sink: *mut c_void);

    fn tessel_scev_get(f: *mut TesselFunction, v: LLVMValueRef) -> RawScev;
    fn tessel_scev_at_scope(f: *mut TesselFunction, v: LLVMValueRef, scope: RawLoop) -> RawScev;
    fn tessel_scev_is_scevable(f: *mut TesselFunction, t: LLVMTypeRef) -> bool;
    fn tessel_scev_kind(s: RawScev) -> c_int;
    fn tessel_scev_width(s: RawScev) -> u32;
    fn tessel_scev_num_operands(s: RawScev) -> usize;
    fn tessel_scev_operand(s: RawScev, i: usize) -> RawScev;
    fn tessel_scev_constant(s: RawScev) -> Constant;
    fn tessel_scev_unknown_value(s: RawScev) -> LLVMValueRef;
    fn tessel_scev_rec_loop(s: RawScev) -> RawLoop;
    fn tessel_scev_rec_is_affine(s: RawScev) -> bool;
    fn tessel_scev_rec_start(s: RawScev) -> RawScev;
    fn tessel_scev_rec_step(f: *mut TesselFunction, s: RawScev) -> RawScev;
    fn tessel_scev_no_wrap(s: RawScev) -> u32;
    fn tessel_scev_print(s: RawScev, text: Text, sink: *mut c_void);
    fn tessel_scev_constant_get(f: *mut TesselFunction, width: u32, value: i64) -> RawScev;
    fn tessel_scev_zero(f: *mut TesselFunction, like: RawScev) -> RawScev;
    fn tessel_scev_one(f: *mut TesselFunction, like: RawScev) -> RawScev;
    fn tessel_scev_add(f: *mut TesselFunction, ops: *const RawScev, n: usize) -> RawScev;
    fn tessel_scev_mul(f: *mut TesselFunction, ops: *const RawScev, n: usize) -> RawScev;
    fn tessel_scev_minus(f: *mut TesselFunction, a: RawScev, b: RawScev) -> RawScev;
    fn tessel_scev_negative(f: *mut TesselFunction, a: RawScev) -> RawScev;
    fn tessel_scev_udiv(f: *mut TesselFunction, a: RawScev, b: RawScev) -> RawScev;
    fn tessel_scev_add_rec(
        f: *mut TesselFunction,
        start: RawScev,
        step: RawScev,
        l: RawLoop,
    ) -> RawScev;
    fn tessel_scev_add_rec_ops(
        f: *mut TesselFunction,
        ops: *const RawScev,
        n: usize,
        l: RawLoop,
        flags_of: RawScev,
    ) -> RawScev;
    fn tessel_scev_min_max(
        f: *mut TesselFunction,
        kind: c_int,
        ops: *const RawScev,
        n: usize,
    ) -> RawScev;
    fn tessel_scev_convert(f: *mut TesselFunction, s: RawScev, how: c_int, width: u32) -> RawScev;
    fn tessel_scev_wider_width(f: *mut TesselFunction, a: RawScev, b: RawScev) -> u32;
    fn tessel_scev_pointer_base(f: *mut TesselFunction, s: RawScev) -> RawScev;
    fn tessel_scev_element_size(f: *mut TesselFunction, inst: LLVMValueRef) -> RawScev;
    fn tessel_scev_is_loop_invariant(f: *mut TesselFunction, s: RawScev, l: RawLoop) -> bool;
    fn tessel_scev_known_predicate(
        f: *mut TesselFunction,
        predicate: c_int,
        a: RawScev,
        b: RawScev,
    ) -> bool;
    fn tessel_scev_known_sign(f: *mut TesselFunction, s: RawScev, which: c_int) -> bool;
    fn tessel_scev_entry_guarded(
        f: *mut TesselFunction,
        l: RawLoop,
        predicate: c_int,
        a: RawScev,
        b: RawScev,
    ) -> bool;
    fn tessel_scev_backedge_count(f: *mut TesselFunction, l: RawLoop) -> RawScev;
    fn tessel_scev_predicated_backedge_count(
        f: *mut TesselFunction,
        l: RawLoop,
        push: Push,
        sink: *mut c_void,
    ) -> RawScev;
    fn tessel_scev_divide(
        f: *mut TesselFunction,
        s: RawScev,
        by: RawScev,
        quotient: *mut RawScev,
        remainder: *mut RawScev,
    );
    fn tessel_delin_parametric_terms(
        f: *mut TesselFunction,
        s: RawScev,
        push: Push,
        sink: *mut c_void,
    );
    fn tessel_delin_array_dimensions(
        f: *mut TesselFunction,
        terms: *const RawScev,
        n: usize,
        element_size: RawScev,
        push: Push,
        sink: *mut c_void,
    );
    fn tessel_delin_fixed_size_dimensions(
        f: *mut TesselFunction,
        s: RawScev,
        element_size: RawScev,
        push: Push,
        sink: *mut c_void,
    ) -> bool;
    fn tessel_delin_delinearize(
        f: *mut TesselFunction,
        s: RawScev,
        element_size: RawScev,
        push: Push,
        subscripts: *mut c_void,
        sizes: *mut c_void,
    );
    fn tessel_delin_fixed_size_array(
        f: *mut TesselFunction,
        s: RawScev,
        element_size: RawScev,
        push: Push,
        subscripts: *mut c_void,
        sizes: *mut c_void,
    ) -> bool;
    fn tessel_expander_new(f: *mut TesselFunction) -> *mut TesselExpander;
    fn tessel_expander_free(e: *mut TesselExpander);
    fn tessel_expander_safe_at(e: *mut TesselExpander, s: RawScev, at: LLVMValueRef) -> bool;
    fn tessel_expander_expand(
        e: *mut TesselExpander,
        s: RawScev,
        t: LLVMTypeRef,
        at: LLVMValueRef,
    ) -> LLVMValueRef;
}

extern "C" fn push_pointer(sink: *mut c_void, item: *const c_void) {
    // SAFETY: every caller below passes a `&mut Vec<*const c_void>` as the sink.
    let v = unsafe { &mut *(sink as *mut Vec<*const c_void>) };
    v.push(item);
}
extern "C" fn assign_text(sink: *mut c_void, text: *const c_char, len: usize) {
    // SAFETY: every caller below passes a `&mut String` as the sink; `text` holds
    // `len` bytes for the call's duration.
    let (s, bytes) = unsafe {
        (
            &mut *(sink as *mut String),
            std::slice::from_raw_parts(text as *const u8, len),
        )
    };
    *s = String::from_utf8_lossy(bytes).into_owned();
}
fn pointers(fill: impl FnOnce(Push, *mut c_void)) -> Vec<*const c_void> {
    let mut v: Vec<*const c_void> = Vec::new();
    fill(push_pointer, &mut v as *mut _ as *mut c_void);
    v
}
fn text(fill: impl FnOnce(Text, *mut c_void)) -> String {
    let mut s = String::new();
    fill(assign_text, &mut s as *mut _ as *mut c_void);
    s
}

// ---- the run on one function ---------------------------------------------------------------

/// The pass's run on one function: the C++ side's analyses of it.
pub struct Run<'f> {
    raw: NonNull<TesselFunction>,
    function: FunctionValue<'f>,
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
    f: NonNull<TesselFunction>,
    _life: PhantomData<&'a ()>,
}

/// A ScalarEvolution expression. Expressions are uniqued: equal handles, equal
/// expressions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Scev<'a> {
    raw: NonNull<c_void>,
    _life: PhantomData<&'a ()>,
}

/// A loop of LoopInfo.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Loop<'a> {
    raw: NonNull<c_void>,
    _life: PhantomData<&'a ()>,
}

/// An LLVM value (instruction, argument, constant), compared by identity.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Value<'a> {
    raw: NonNull<llvm_sys::LLVMValue>,
    _life: PhantomData<&'a ()>,
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
const SCEV_KINDS: [ScevKind; 17] = [
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
    fn code(self) -> c_int {
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
    fn code(self) -> c_int {
        32 + self as c_int
    }
    fn from_llvm(p: LLVMIntPredicate) -> Predicate {
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
pub struct Facts(u32);
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
    fn new(raw: RawScev) -> Option<Scev<'a>> {
        Some(Scev {
            raw: NonNull::new(raw as *mut c_void)?,
            _life: PhantomData,
        })
    }
    fn raw(self) -> RawScev {
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
    fn new(raw: RawLoop) -> Option<Loop<'a>> {
        Some(Loop {
            raw: NonNull::new(raw)?,
            _life: PhantomData,
        })
    }
    fn raw(self) -> RawLoop {
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

fn block_ref(b: BasicBlock<'_>) -> LLVMBasicBlockRef {
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
    raw: LLVMTypeRef,
    _life: PhantomData<&'a ()>,
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

// ---- instructions ---------------------------------------------------------------------------

pub fn facts(inst: InstructionValue<'_>) -> Facts {
    // SAFETY: a live instruction.
    Facts(unsafe { tessel_llvm_instruction_facts(inst.as_value_ref()) })
}
/// The base name of a call's intrinsic ("sqrt"), if it calls one.
pub fn intrinsic_name(call: InstructionValue<'_>) -> Option<String> {
    // SAFETY: a live instruction; the sink is a String.
    let name = text(|t, s| unsafe { tessel_llvm_intrinsic_name(call.as_value_ref(), t, s) });
    (!name.is_empty()).then_some(name)
}
/// LLVM's name of the instruction's opcode ("getelementptr").
pub fn opcode_name(inst: InstructionValue<'_>) -> String {
    // SAFETY: a live instruction; the sink is a String.
    text(|t, s| unsafe { tessel_llvm_opcode_name(inst.as_value_ref(), t, s) })
}
/// The name of the function a call calls directly, if any.
pub fn callee_name(call: InstructionValue<'_>) -> Option<String> {
    // SAFETY: a live call; the callee is a live value.
    unsafe {
        let callee = LLVMGetCalledValue(call.as_value_ref());
        if callee.is_null() || LLVMIsAFunction(callee).is_null() {
            return None;
        }
        let mut len = 0usize;
        let name = LLVMGetValueName2(callee, &mut len);
        Some(
            String::from_utf8_lossy(std::slice::from_raw_parts(name as *const u8, len))
                .into_owned(),
        )
    }
}
pub fn operand(inst: InstructionValue<'_>, i: u32) -> Option<Value<'_>> {
    // SAFETY: a live instruction, an index below its operand count.
    (i < inst.get_num_operands())
        .then(|| Value::new(unsafe { LLVMGetOperand(inst.as_value_ref(), i) }))
        .flatten()
}
/// A call's argument count.
pub fn arg_count(call: InstructionValue<'_>) -> u32 {
    // SAFETY: asked only of a call.
    unsafe { LLVMGetNumArgOperands(call.as_value_ref()) }
}
pub fn icmp_predicate(inst: InstructionValue<'_>) -> Option<Predicate> {
    (inst.get_opcode() == InstructionOpcode::ICmp)
        // SAFETY: an icmp.
        .then(|| Predicate::from_llvm(unsafe { LLVMGetICmpPredicate(inst.as_value_ref()) }))
}
/// A branch's condition, when it is conditional.
pub fn branch_condition(inst: InstructionValue<'_>) -> Option<Value<'_>> {
    if inst.get_opcode() != InstructionOpcode::Br {
        return None;
    }
    // SAFETY: a branch.
    unsafe {
        if LLVMIsConditional(inst.as_value_ref()) == 0 {
            return None;
        }
        Value::new(LLVMGetCondition(inst.as_value_ref()))
    }
}
/// A terminator's successor `i`.
pub fn successor(inst: InstructionValue<'_>, i: u32) -> Option<BasicBlock<'_>> {
    // SAFETY: a terminator, an index below its successor count.
    unsafe {
        if i >= LLVMGetNumSuccessors(inst.as_value_ref()) {
            return None;
        }
        BasicBlock::new(LLVMGetSuccessor(inst.as_value_ref(), i))
    }
}
/// A phi's incoming (value, block) pairs.
pub fn incoming<'a>(phi: InstructionValue<'a>) -> Vec<(Value<'a>, BasicBlock<'a>)> {
    let mut out = Vec::new();
    // SAFETY: a phi; indices below its incoming count.
    unsafe {
        for i in 0..LLVMCountIncoming(phi.as_value_ref()) {
            let v = Value::new(LLVMGetIncomingValue(phi.as_value_ref(), i));
            let b = BasicBlock::new(LLVMGetIncomingBlock(phi.as_value_ref(), i));
            if let (Some(v), Some(b)) = (v, b) {
                out.push((v, b));
            }
        }
    }
    out
}
/// The value a phi takes from `block` (its first entry for it).
pub fn incoming_for<'a>(phi: InstructionValue<'a>, block: BasicBlock<'a>) -> Option<Value<'a>> {
    incoming(phi)
        .into_iter()
        .find(|(_, b)| *b == block)
        .map(|(v, _)| v)
}
/// The fast-math flags of an FPMathOperator, as LLVM's C API numbers them.
pub fn fast_math_flags(inst: InstructionValue<'_>) -> u32 {
    // SAFETY: asked only of instructions that can carry the flags.
    unsafe { LLVMGetFastMathFlags(inst.as_value_ref()) }
}
/// The blocks whose terminators branch to `block`, one per edge, as
/// `llvm::predecessors` lists them.
pub fn predecessors(block: BasicBlock<'_>) -> Vec<BasicBlock<'_>> {
    // SAFETY: a live block's value.
    let Some(as_value) = Value::new(unsafe { LLVMBasicBlockAsValue(block_ref(block)) }) else {
        return vec![];
    };
    as_value
        .users()
        .into_iter()
        .filter_map(|u| u.instruction())
        .filter(|i| i.is_terminator())
        .filter_map(|i| i.get_parent())
        .collect()
}
/// `BasicBlock::getSinglePredecessor`.
pub fn single_predecessor(block: BasicBlock<'_>) -> Option<BasicBlock<'_>> {
    match predecessors(block).as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}
/// The block's phis.
pub fn phis(block: BasicBlock<'_>) -> Vec<InstructionValue<'_>> {
    block
        .get_instructions()
        .take_while(|i| i.get_opcode() == InstructionOpcode::Phi)
        .collect()
}
/// The block's first instruction that is not a phi.
pub fn first_non_phi(block: BasicBlock<'_>) -> Option<InstructionValue<'_>> {
    block
        .get_instructions()
        .find(|i| i.get_opcode() != InstructionOpcode::Phi)
}

// ---- the analyses -------------------------------------------------------------------------

impl<'a> Analyses<'a> {
    fn f(self) -> *mut TesselFunction {
        self.f.as_ptr()
    }
    fn scev(self, raw: RawScev) -> Scev<'a> {
        // ScalarEvolution never returns null: it answers SCEVCouldNotCompute.
        Scev::new(raw).expect("ScalarEvolution returns no null expression")
    }
    fn scevs(self, raw: Vec<*const c_void>) -> Vec<Scev<'a>> {
        raw.into_iter().filter_map(Scev::new).collect()
    }

    // LoopInfo and dominators.
    pub fn top_level_loops(self) -> Vec<Loop<'a>> {
        // SAFETY: live analyses (module note); the sink is a Vec.
        pointers(|p, s| unsafe { tessel_llvm_top_level_loops(self.f(), p, s) })
            .into_iter()
            .filter_map(|l| Loop::new(l as RawLoop))
            .collect()
    }
    pub fn loop_for(self, block: BasicBlock<'_>) -> Option<Loop<'a>> {
        // SAFETY: live analyses and block.
        Loop::new(unsafe { tessel_llvm_loop_for(self.f(), block_ref(block)) })
    }
    pub fn dominates(self, a: BasicBlock<'_>, b: BasicBlock<'_>) -> bool {
        // SAFETY: live analyses and blocks.
        unsafe { tessel_llvm_dominates(self.f(), block_ref(a), block_ref(b)) }
    }
    pub fn post_idom(self, block: BasicBlock<'a>) -> Option<BasicBlock<'a>> {
        // SAFETY: live analyses and block; the result is a live block or null.
        unsafe { BasicBlock::new(tessel_llvm_post_idom(self.f(), block_ref(block))) }
    }
    pub fn no_alias(self, a: Value<'_>, b: Value<'_>) -> bool {
        // SAFETY: live analyses and values.
        unsafe { tessel_llvm_no_alias(self.f(), a.raw(), b.raw()) }
    }

    // Remarks.
    pub fn remarks_enabled(self) -> bool {
        // SAFETY: live analyses.
        unsafe { tessel_llvm_remarks_enabled(self.f()) }
    }
    /// A remark named `name`, at `at`'s debug location or else `l`'s start.
    pub fn remark(
        self,
        kind: RemarkKind,
        name: &CStr,
        l: Loop<'_>,
        at: Option<Value<'_>>,
        message: &str,
    ) {
        // SAFETY: live analyses, loop and value; the text lives for the call.
        unsafe {
            tessel_llvm_remark(
                self.f(),
                kind as c_int,
                name.as_ptr(),
                l.raw(),
                at.map_or(std::ptr::null_mut(), |v| v.raw()),
                message.as_ptr() as *const c_char,
                message.len(),
            )
        }
    }

    // ScalarEvolution: reading.
    pub fn get(self, v: Value<'_>) -> Scev<'a> {
        // SAFETY: live analyses; `v` is SCEVable (callers ask of integers and pointers).
        self.scev(unsafe { tessel_scev_get(self.f(), v.raw()) })
    }
    pub fn at_scope(self, v: Value<'_>, scope: Option<Loop<'_>>) -> Scev<'a> {
        // SAFETY: as `get`; a null scope is the function's.
        self.scev(unsafe {
            tessel_scev_at_scope(
                self.f(),
                v.raw(),
                scope.map_or(std::ptr::null_mut(), |l| l.raw()),
            )
        })
    }
    pub fn is_scevable(self, t: Ty<'_>) -> bool {
        // SAFETY: live analyses and type.
        unsafe { tessel_scev_is_scevable(self.f(), t.raw()) }
    }
    pub fn step(self, rec: Scev<'a>) -> Option<Scev<'a>> {
        // SAFETY: asked only of an add recurrence.
        (rec.kind() == ScevKind::AddRec)
            .then(|| self.scev(unsafe { tessel_scev_rec_step(self.f(), rec.raw()) }))
    }

    // ScalarEvolution: building.
    pub fn constant(self, width: u32, value: i64) -> Scev<'a> {
        // SAFETY: live analyses.
        self.scev(unsafe { tessel_scev_constant_get(self.f(), width, value) })
    }
    pub fn zero(self, like: Scev<'a>) -> Scev<'a> {
        // SAFETY: an integer expression.
        self.scev(unsafe { tessel_scev_zero(self.f(), like.raw()) })
    }
    pub fn one(self, like: Scev<'a>) -> Scev<'a> {
        // SAFETY: an integer expression.
        self.scev(unsafe { tessel_scev_one(self.f(), like.raw()) })
    }
    pub fn add(self, ops: &[Scev<'a>]) -> Scev<'a> {
        let raw: Vec<RawScev> = ops.iter().map(|s| s.raw()).collect();
        // SAFETY: live expressions of one type.
        self.scev(unsafe { tessel_scev_add(self.f(), raw.as_ptr(), raw.len()) })
    }
    pub fn add2(self, a: Scev<'a>, b: Scev<'a>) -> Scev<'a> {
        self.add(&[a, b])
    }
    pub fn mul(self, ops: &[Scev<'a>]) -> Scev<'a> {
        let raw: Vec<RawScev> = ops.iter().map(|s| s.raw()).collect();
        // SAFETY: live expressions of one type.
        self.scev(unsafe { tessel_scev_mul(self.f(), raw.as_ptr(), raw.len()) })
    }
    pub fn mul2(self, a: Scev<'a>, b: Scev<'a>) -> Scev<'a> {
        self.mul(&[a, b])
    }
    pub fn minus(self, a: Scev<'a>, b: Scev<'a>) -> Scev<'a> {
        // SAFETY: live expressions.
        self.scev(unsafe { tessel_scev_minus(self.f(), a.raw(), b.raw()) })
    }
    pub fn negative(self, a: Scev<'a>) -> Scev<'a> {
        // SAFETY: a live expression.
        self.scev(unsafe { tessel_scev_negative(self.f(), a.raw()) })
    }
    pub fn udiv(self, a: Scev<'a>, b: Scev<'a>) -> Scev<'a> {
        // SAFETY: live expressions.
        self.scev(unsafe { tessel_scev_udiv(self.f(), a.raw(), b.raw()) })
    }
    /// `{start,+,step}<l>` with no no-wrap flags.
    pub fn add_rec(self, start: Scev<'a>, step: Scev<'a>, l: Loop<'a>) -> Scev<'a> {
        // SAFETY: live expressions and loop.
        self.scev(unsafe { tessel_scev_add_rec(self.f(), start.raw(), step.raw(), l.raw()) })
    }
    /// An add recurrence of `ops` with the no-wrap flags of the recurrence `old`.
    pub fn add_rec_with_flags_of(self, old: Scev<'a>, ops: &[Scev<'a>], l: Loop<'a>) -> Scev<'a> {
        let raw: Vec<RawScev> = ops.iter().map(|s| s.raw()).collect();
        // SAFETY: `old` is an add recurrence (callers check); live expressions, loop.
        self.scev(unsafe {
            tessel_scev_add_rec_ops(self.f(), raw.as_ptr(), raw.len(), l.raw(), old.raw())
        })
    }
    pub fn min_max(self, kind: ScevKind, ops: &[Scev<'a>]) -> Scev<'a> {
        let raw: Vec<RawScev> = ops.iter().map(|s| s.raw()).collect();
        // SAFETY: a min/max kind (callers pass one), live expressions.
        self.scev(unsafe { tessel_scev_min_max(self.f(), kind.code(), raw.as_ptr(), raw.len()) })
    }
    pub fn convert(self, s: Scev<'a>, how: Conversion, width: u32) -> Scev<'a> {
        // SAFETY: a live integer expression.
        self.scev(unsafe { tessel_scev_convert(self.f(), s.raw(), how as c_int, width) })
    }
    pub fn wider_width(self, a: Scev<'a>, b: Scev<'a>) -> u32 {
        // SAFETY: live integer expressions.
        unsafe { tessel_scev_wider_width(self.f(), a.raw(), b.raw()) }
    }
    pub fn pointer_base(self, s: Scev<'a>) -> Scev<'a> {
        // SAFETY: a live expression.
        self.scev(unsafe { tessel_scev_pointer_base(self.f(), s.raw()) })
    }
    pub fn element_size(self, access: InstructionValue<'_>) -> Scev<'a> {
        // SAFETY: a live load or store.
        self.scev(unsafe { tessel_scev_element_size(self.f(), access.as_value_ref()) })
    }

    // ScalarEvolution: queries.
    pub fn is_loop_invariant(self, s: Scev<'a>, l: Loop<'a>) -> bool {
        // SAFETY: live expression and loop.
        unsafe { tessel_scev_is_loop_invariant(self.f(), s.raw(), l.raw()) }
    }
    pub fn known_predicate(self, p: Predicate, a: Scev<'a>, b: Scev<'a>) -> bool {
        // SAFETY: live expressions.
        unsafe { tessel_scev_known_predicate(self.f(), p.code(), a.raw(), b.raw()) }
    }
    pub fn known_negative(self, s: Scev<'a>) -> bool {
        // SAFETY: a live expression.
        unsafe { tessel_scev_known_sign(self.f(), s.raw(), 0) }
    }
    pub fn known_non_negative(self, s: Scev<'a>) -> bool {
        // SAFETY: a live expression.
        unsafe { tessel_scev_known_sign(self.f(), s.raw(), 1) }
    }
    pub fn known_non_positive(self, s: Scev<'a>) -> bool {
        // SAFETY: a live expression.
        unsafe { tessel_scev_known_sign(self.f(), s.raw(), 2) }
    }
    pub fn known_positive(self, s: Scev<'a>) -> bool {
        // SAFETY: a live expression.
        unsafe { tessel_scev_known_sign(self.f(), s.raw(), 3) }
    }
    pub fn entry_guarded(self, l: Loop<'a>, p: Predicate, a: Scev<'a>, b: Scev<'a>) -> bool {
        // SAFETY: live loop and expressions.
        unsafe { tessel_scev_entry_guarded(self.f(), l.raw(), p.code(), a.raw(), b.raw()) }
    }
    pub fn backedge_count(self, l: Loop<'a>) -> Scev<'a> {
        // SAFETY: a live loop.
        self.scev(unsafe { tessel_scev_backedge_count(self.f(), l.raw()) })
    }
    /// The count under predicates, and per predicate the add recurrence of an
    /// `IncrementNSSW` wrap predicate (None for any other predicate).
    pub fn predicated_backedge_count(self, l: Loop<'a>) -> (Scev<'a>, Vec<Option<Scev<'a>>>) {
        let mut count = std::ptr::null();
        // SAFETY: a live loop; the sink is a Vec.
        let predicates = pointers(|p, s| unsafe {
            count = tessel_scev_predicated_backedge_count(self.f(), l.raw(), p, s);
        });
        (
            self.scev(count),
            predicates.into_iter().map(Scev::new).collect(),
        )
    }
    /// SCEVDivision: `s` = quotient * `by` + remainder.
    pub fn divide(self, s: Scev<'a>, by: Scev<'a>) -> (Scev<'a>, Scev<'a>) {
        let (mut q, mut r) = (std::ptr::null(), std::ptr::null());
        // SAFETY: live expressions; both outputs are written.
        unsafe { tessel_scev_divide(self.f(), s.raw(), by.raw(), &mut q, &mut r) };
        (self.scev(q), self.scev(r))
    }

    // Delinearization.
    pub fn parametric_terms(self, s: Scev<'a>) -> Vec<Scev<'a>> {
        // SAFETY: a live expression; the sink is a Vec.
        self.scevs(pointers(|p, k| unsafe {
            tessel_delin_parametric_terms(self.f(), s.raw(), p, k)
        }))
    }
    pub fn array_dimensions(self, terms: &[Scev<'a>], element_size: Scev<'a>) -> Vec<Scev<'a>> {
        let raw: Vec<RawScev> = terms.iter().map(|s| s.raw()).collect();
        // SAFETY: live expressions; the sink is a Vec.
        self.scevs(pointers(|p, k| unsafe {
            tessel_delin_array_dimensions(
                self.f(),
                raw.as_ptr(),
                raw.len(),
                element_size.raw(),
                p,
                k,
            )
        }))
    }
    pub fn fixed_size_dimensions(self, s: Scev<'a>, element_size: Scev<'a>) -> Option<Vec<u64>> {
        let mut found = false;
        // SAFETY: live expressions; the sink is a Vec of pointers to u64s that live
        // for the call, read at once below... they do not: copy inside the push.
        let sizes = u64s(|p, k| unsafe {
            found = tessel_delin_fixed_size_dimensions(self.f(), s.raw(), element_size.raw(), p, k);
        });
        found.then_some(sizes)
    }
    /// `delinearize`: (subscripts, sizes).
    pub fn delinearize(
        self,
        s: Scev<'a>,
        element_size: Scev<'a>,
    ) -> (Vec<Scev<'a>>, Vec<Scev<'a>>) {
        let mut subscripts: Vec<*const c_void> = Vec::new();
        let mut sizes: Vec<*const c_void> = Vec::new();
        // SAFETY: live expressions; both sinks are Vecs.
        unsafe {
            tessel_delin_delinearize(
                self.f(),
                s.raw(),
                element_size.raw(),
                push_pointer,
                &mut subscripts as *mut _ as *mut c_void,
                &mut sizes as *mut _ as *mut c_void,
            )
        };
        (self.scevs(subscripts), self.scevs(sizes))
    }
    /// `delinearizeFixedSizeArray`: (subscripts, sizes), or None.
    pub fn delinearize_fixed_size(
        self,
        s: Scev<'a>,
        element_size: Scev<'a>,
    ) -> Option<(Vec<Scev<'a>>, Vec<Scev<'a>>)> {
        let mut subscripts: Vec<*const c_void> = Vec::new();
        let mut sizes: Vec<*const c_void> = Vec::new();
        // SAFETY: live expressions; both sinks are Vecs.
        let found = unsafe {
            tessel_delin_fixed_size_array(
                self.f(),
                s.raw(),
                element_size.raw(),
                push_pointer,
                &mut subscripts as *mut _ as *mut c_void,
                &mut sizes as *mut _ as *mut c_void,
            )
        };
        found.then(|| (self.scevs(subscripts), self.scevs(sizes)))
    }

    pub fn expander(self) -> Expander<'a> {
        // SAFETY: live analyses; freed by Drop.
        Expander {
            raw: unsafe { tessel_expander_new(self.f()) },
            _life: PhantomData,
        }
    }
}

extern "C" fn push_u64(sink: *mut c_void, item: *const c_void) {
    // SAFETY: `u64s` passes a `&mut Vec<u64>`; the C++ side a pointer to a live u64.
    let (v, x) = unsafe { (&mut *(sink as *mut Vec<u64>), *(item as *const u64)) };
    v.push(x);
}
fn u64s(fill: impl FnOnce(Push, *mut c_void)) -> Vec<u64> {
    let mut v: Vec<u64> = Vec::new();
    fill(push_u64, &mut v as *mut _ as *mut c_void);
    v
}

/// The SCEV expander: code that computes an expression at a point.
pub struct Expander<'a> {
    raw: *mut TesselExpander,
    _life: PhantomData<&'a ()>,
}
impl<'a> Expander<'a> {
    pub fn safe_at(&self, s: Scev<'a>, at: InstructionValue<'_>) -> bool {
        // SAFETY: a live expander, expression and instruction.
        unsafe { tessel_expander_safe_at(self.raw, s.raw(), at.as_value_ref()) }
    }
    /// The value of `s` as `ty`, computed before `at`.
    pub fn expand(&self, s: Scev<'a>, ty: LLVMTypeRef, at: InstructionValue<'_>) -> LLVMValueRef {
        // SAFETY: as above; callers checked `safe_at`.
        unsafe { tessel_expander_expand(self.raw, s.raw(), ty, at.as_value_ref()) }
    }
}
impl Drop for Expander<'_> {
    fn drop(&mut self) {
        // SAFETY: made by tessel_expander_new, freed once.
        unsafe { tessel_expander_free(self.raw) }
    }
}

// ---- modules ---------------------------------------------------------------------------

/// Whether the module has the flag `name` (clang's "openmp" under -fopenmp).
pub fn module_has_flag(function: FunctionValue<'_>, name: &str) -> bool {
    // SAFETY: a live function in a live module; the name lives for the call.
    unsafe {
        let module = LLVMGetGlobalParent(function.as_value_ref());
        !LLVMGetModuleFlag(module, name.as_ptr() as *const c_char, name.len()).is_null()
    }
}

/// The store size of `ty` under the module's data layout.
pub fn store_size(function: FunctionValue<'_>, ty: Ty<'_>) -> u64 {
    // SAFETY: a live function in a live module, a sized type.
    unsafe {
        let module = LLVMGetGlobalParent(function.as_value_ref());
        llvm_sys::target::LLVMStoreSizeOfType(
            llvm_sys::target::LLVMGetModuleDataLayout(module),
            ty.raw(),
        )
    }
}

// ---- the generated module and the splice ----------------------------------------------

/// The context of the function's module, as MLIR's translation takes it.
pub fn llvm_context(function: FunctionValue<'_>) -> *mut c_void {
    // SAFETY: a live function has a type in a live context.
    unsafe { LLVMGetTypeContext(LLVMTypeOf(function.as_value_ref())) as *mut c_void }
}

/// The LLVM module MLIR's translation made, owned until linked (disposed if not).
pub struct GeneratedModule {
    raw: LLVMModuleRef,
}

/// `module` translated to LLVM IR in the context of `host`.
pub fn translate(
    module: &tessel_mlir::ir::standalone::StandaloneModule,
    host: FunctionValue<'_>,
) -> Option<GeneratedModule> {
    // The translation hands over a new module of that context (or null).
    let raw = module.translate_to_llvm(llvm_context(host))?;
    Some(GeneratedModule {
        raw: raw as LLVMModuleRef,
    })
}

extern "C" {
    /// In the plugin's `shim/registration.cpp`: registers Tessel's passes with MLIR.
    fn tessel_register_passes();
}

/// Registers Tessel's MLIR passes (the C++ pass classes generated from the options
/// table).
pub fn register_tessel_passes() {
    // SAFETY: the shim only adds to MLIR's pass registry, which needs nothing set up.
    unsafe { tessel_register_passes() }
}

impl GeneratedModule {
    /// The parameter types of its function `name`, if it defines one.
    pub fn parameter_types(&self, name: &str) -> Option<Vec<LLVMTypeRef>> {
        let name = std::ffi::CString::new(name).ok()?;
        // SAFETY: a live module; the function type's parameter array has the count
        // LLVM gives.
        unsafe {
            let f = LLVMGetNamedFunction(self.raw, name.as_ptr());
            if f.is_null() || LLVMIsDeclaration(f) != 0 {
                return None;
            }
            let ty = LLVMGlobalGetValueType(f);
            let n = LLVMCountParamTypes(ty) as usize;
            let mut params = vec![std::ptr::null_mut(); n];
            LLVMGetParamTypes(ty, params.as_mut_ptr());
            Some(params)
        }
    }

    /// The names of the functions it defines.
    pub fn defined_functions(&self) -> Vec<String> {
        let mut names = vec![];
        // SAFETY: walking a live module's function list.
        unsafe {
            let mut f = LLVMGetFirstFunction(self.raw);
            while !f.is_null() {
                if LLVMIsDeclaration(f) == 0 {
                    let mut len = 0usize;
                    let name = LLVMGetValueName2(f, &mut len);
                    names.push(
                        String::from_utf8_lossy(std::slice::from_raw_parts(name as *const u8, len))
                            .into_owned(),
                    );
                }
                f = LLVMGetNextFunction(f);
            }
        }
        names
    }

    /// Links it into the module of `host`, with the host module's data layout and
    /// target triple; false if the linker fails.
    pub fn link_into(self, host: FunctionValue<'_>) -> bool {
        let raw = self.raw;
        std::mem::forget(self);
        // SAFETY: both modules live in one context; the linker takes `raw` over
        // (destroying it) whether or not it succeeds.
        unsafe {
            let dest = LLVMGetGlobalParent(host.as_value_ref());
            LLVMSetDataLayout(raw, LLVMGetDataLayoutStr(dest));
            LLVMSetTarget(raw, LLVMGetTarget(dest));
            llvm_sys::linker::LLVMLinkModules2(dest, raw) == 0
        }
    }
}

impl Drop for GeneratedModule {
    fn drop(&mut self) {
        // SAFETY: owned and not linked (linking forgets `self`).
        unsafe { LLVMDisposeModule(self.raw) }
    }
}

/// The host module's function `name`.
pub fn function_named<'a>(host: FunctionValue<'a>, name: &str) -> Option<FunctionValue<'a>> {
    let name = std::ffi::CString::new(name).ok()?;
    // SAFETY: a live module; the result is a live function or null.
    unsafe {
        let f = LLVMGetNamedFunction(LLVMGetGlobalParent(host.as_value_ref()), name.as_ptr());
        FunctionValue::new(f)
    }
}

/// An integer type of `width` bits in the function's context.
pub fn integer_type(function: FunctionValue<'_>, width: u32) -> LLVMTypeRef {
    // SAFETY: a live context.
    unsafe { LLVMIntTypeInContext(llvm_context(function) as LLVMContextRef, width) }
}

/// A value the expander or the C API made, as inkwell's.
pub fn basic_value<'a>(raw: LLVMValueRef) -> Option<inkwell::values::BasicValueEnum<'a>> {
    // SAFETY: a live first-class value (expanded code, constants).
    (!raw.is_null()).then(|| unsafe { inkwell::values::BasicValueEnum::new(raw) })
}

/// Adds `(poison or value, block)` to a phi: `value` when given.
pub fn add_incoming(phi: InstructionValue<'_>, value: Option<Value<'_>>, block: BasicBlock<'_>) {
    // SAFETY: a live phi and block; poison of the phi's own type.
    unsafe {
        let mut v = match value {
            Some(v) => v.raw(),
            None => LLVMGetPoison(LLVMTypeOf(phi.as_value_ref())),
        };
        let mut b = block_ref(block);
        LLVMAddIncoming(phi.as_value_ref(), &mut v, &mut b, 1);
    }
}
