//! The analyses' queries and ScalarEvolution's constructors, and the expander.

use std::ffi::{c_char, c_int, c_void, CStr};
use std::marker::PhantomData;

use inkwell::basic_block::BasicBlock;
use inkwell::values::{AsValueRef, InstructionValue};
use llvm_sys::prelude::*;

use super::abi::*;
use super::*;

// ---- the analyses -------------------------------------------------------------------------

impl<'a> Analyses<'a> {
    pub(super) fn f(self) -> *mut TesselFunction {
        self.f.as_ptr()
    }
    pub(super) fn scev(self, raw: RawScev) -> Scev<'a> {
        // ScalarEvolution never returns null: it answers SCEVCouldNotCompute.
        Scev::new(raw).expect("ScalarEvolution returns no null expression")
    }
    pub(super) fn scevs(self, raw: Vec<*const c_void>) -> Vec<Scev<'a>> {
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
    pub fn sum(self, ops: &[Scev<'a>]) -> Scev<'a> {
        let raw: Vec<RawScev> = ops.iter().map(|s| s.raw()).collect();
        // SAFETY: live expressions of one type.
        self.scev(unsafe { tessel_scev_add(self.f(), raw.as_ptr(), raw.len()) })
    }
    pub fn add2(self, a: Scev<'a>, b: Scev<'a>) -> Scev<'a> {
        self.sum(&[a, b])
    }
    pub fn product(self, ops: &[Scev<'a>]) -> Scev<'a> {
        let raw: Vec<RawScev> = ops.iter().map(|s| s.raw()).collect();
        // SAFETY: live expressions of one type.
        self.scev(unsafe { tessel_scev_mul(self.f(), raw.as_ptr(), raw.len()) })
    }
    pub fn mul2(self, a: Scev<'a>, b: Scev<'a>) -> Scev<'a> {
        self.product(&[a, b])
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
    /// The intrinsic whose value a call of a C math library function computes
    /// ("sqrt" for libm's sqrt, whose other effect, on errno, the nest never reads).
    pub fn math_function(self, call: InstructionValue<'_>) -> Option<String> {
        // SAFETY: live analyses and instruction; the sink is a String.
        let name =
            text(|t, s| unsafe { tessel_llvm_math_function(self.f(), call.as_value_ref(), t, s) });
        (!name.is_empty()).then_some(name)
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

pub(super) extern "C" fn push_u64(sink: *mut c_void, item: *const c_void) {
    // SAFETY: `u64s` passes a `&mut Vec<u64>`; the C++ side a pointer to a live u64.
    let (v, x) = unsafe { (&mut *(sink as *mut Vec<u64>), *(item as *const u64)) };
    v.push(x);
}
pub(super) fn u64s(fill: impl FnOnce(Push, *mut c_void)) -> Vec<u64> {
    let mut v: Vec<u64> = Vec::new();
    fill(push_u64, &mut v as *mut _ as *mut c_void);
    v
}

/// The SCEV expander: code that computes an expression at a point.
pub struct Expander<'a> {
    pub(super) raw: *mut TesselExpander,
    pub(super) _life: PhantomData<&'a ()>,
}
impl<'a> Expander<'a> {
    pub fn safe_at(&self, s: Scev<'a>, at: InstructionValue<'_>) -> bool {
        // SAFETY: a live expander, expression and instruction.
        unsafe { tessel_expander_safe_at(self.raw, s.raw(), at.as_value_ref()) }
    }
    /// The value of `s` as `ty`, computed before `at`.
    pub fn expand(
        &self,
        s: Scev<'a>,
        ty: LLVMTypeRef,
        at: InstructionValue<'_>,
    ) -> Option<inkwell::values::BasicValueEnum<'a>> {
        // SAFETY: as above; callers checked `safe_at`.
        basic_value(unsafe { tessel_expander_expand(self.raw, s.raw(), ty, at.as_value_ref()) })
    }
}
impl Drop for Expander<'_> {
    fn drop(&mut self) {
        // SAFETY: made by tessel_expander_new, freed once.
        unsafe { tessel_expander_free(self.raw) }
    }
}
