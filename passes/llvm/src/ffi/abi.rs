//! The C ABI of shim/llvm_abi.h, and the callbacks that fill Rust vectors and
//! strings from C++.

use std::ffi::{c_char, c_int, c_void};

use llvm_sys::prelude::*;

// ---- the C ABI (shim/llvm_abi.h) ---------------------------------------------------------

/// `TesselFunction`: one function and its analysis manager, owned by the C++ pass.
#[repr(C)]
pub struct TesselFunction {
    _opaque: [u8; 0],
}
#[repr(C)]
pub(super) struct TesselExpander {
    _opaque: [u8; 0],
}
pub(super) type Push = extern "C" fn(*mut c_void, *const c_void);
pub(super) type Text = extern "C" fn(*mut c_void, *const c_char, usize);
pub(super) type RawScev = *const c_void;
pub(super) type RawLoop = *mut c_void;

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
    pub(super) fn tessel_llvm_append_destructor(function: LLVMValueRef);
    pub(super) fn tessel_llvm_invalidate(f: *mut TesselFunction);
    pub(super) fn tessel_llvm_remarks_enabled(f: *mut TesselFunction) -> bool;
    pub(super) fn tessel_llvm_remark(
        f: *mut TesselFunction,
        kind: c_int,
        name: *const c_char,
        l: RawLoop,
        at: LLVMValueRef,
        text: *const c_char,
        len: usize,
    );
    pub(super) fn tessel_llvm_top_level_loops(
        f: *mut TesselFunction,
        push: Push,
        sink: *mut c_void,
    );
    pub(super) fn tessel_llvm_sub_loops(l: RawLoop, push: Push, sink: *mut c_void);
    pub(super) fn tessel_llvm_loop_blocks(l: RawLoop, push: Push, sink: *mut c_void);
    pub(super) fn tessel_llvm_loop_for(f: *mut TesselFunction, block: LLVMBasicBlockRef)
        -> RawLoop;
    pub(super) fn tessel_llvm_loop_parent(l: RawLoop) -> RawLoop;
    pub(super) fn tessel_llvm_loop_depth(l: RawLoop) -> u32;
    pub(super) fn tessel_llvm_loop_mark(l: RawLoop, name: *const c_char);
    pub(super) fn tessel_llvm_loop_has_mark(l: RawLoop, name: *const c_char) -> bool;
    pub(super) fn tessel_llvm_loop_contains(l: RawLoop, block: LLVMBasicBlockRef) -> bool;
    pub(super) fn tessel_llvm_loop_block(l: RawLoop, which: c_int) -> LLVMBasicBlockRef;
    pub(super) fn tessel_llvm_dominates(
        f: *mut TesselFunction,
        a: LLVMBasicBlockRef,
        b: LLVMBasicBlockRef,
    ) -> bool;
    pub(super) fn tessel_llvm_post_idom(
        f: *mut TesselFunction,
        block: LLVMBasicBlockRef,
    ) -> LLVMBasicBlockRef;
    pub(super) fn tessel_llvm_no_alias(
        f: *mut TesselFunction,
        a: LLVMValueRef,
        b: LLVMValueRef,
    ) -> bool;
    pub(super) fn tessel_llvm_instruction_facts(inst: LLVMValueRef) -> u32;
    pub(super) fn tessel_llvm_math_function(
        f: *mut TesselFunction,
        call: LLVMValueRef,
        text: Text,
        sink: *mut c_void,
    );
    pub(super) fn tessel_llvm_fp_bits(constant: LLVMValueRef) -> u64;
    pub(super) fn tessel_llvm_intrinsic_name(call: LLVMValueRef, text: Text, sink: *mut c_void);
    pub(super) fn tessel_llvm_predicate_name(predicate: c_int, text: Text, sink: *mut c_void);
    pub(super) fn tessel_llvm_opcode_name(inst: LLVMValueRef, text: Text, sink: *mut c_void);

    pub(super) fn tessel_scev_get(f: *mut TesselFunction, v: LLVMValueRef) -> RawScev;
    pub(super) fn tessel_scev_at_scope(
        f: *mut TesselFunction,
        v: LLVMValueRef,
        scope: RawLoop,
    ) -> RawScev;
    pub(super) fn tessel_scev_is_scevable(f: *mut TesselFunction, t: LLVMTypeRef) -> bool;
    pub(super) fn tessel_scev_kind(s: RawScev) -> c_int;
    pub(super) fn tessel_scev_width(s: RawScev) -> u32;
    pub(super) fn tessel_scev_num_operands(s: RawScev) -> usize;
    pub(super) fn tessel_scev_operand(s: RawScev, i: usize) -> RawScev;
    pub(super) fn tessel_scev_constant(s: RawScev) -> Constant;
    pub(super) fn tessel_scev_unknown_value(s: RawScev) -> LLVMValueRef;
    pub(super) fn tessel_scev_rec_loop(s: RawScev) -> RawLoop;
    pub(super) fn tessel_scev_rec_is_affine(s: RawScev) -> bool;
    pub(super) fn tessel_scev_rec_start(s: RawScev) -> RawScev;
    pub(super) fn tessel_scev_rec_step(f: *mut TesselFunction, s: RawScev) -> RawScev;
    pub(super) fn tessel_scev_no_wrap(s: RawScev) -> u32;
    pub(super) fn tessel_scev_print(s: RawScev, text: Text, sink: *mut c_void);
    pub(super) fn tessel_scev_constant_get(
        f: *mut TesselFunction,
        width: u32,
        value: i64,
    ) -> RawScev;
    pub(super) fn tessel_scev_zero(f: *mut TesselFunction, like: RawScev) -> RawScev;
    pub(super) fn tessel_scev_one(f: *mut TesselFunction, like: RawScev) -> RawScev;
    pub(super) fn tessel_scev_add(f: *mut TesselFunction, ops: *const RawScev, n: usize)
        -> RawScev;
    pub(super) fn tessel_scev_mul(f: *mut TesselFunction, ops: *const RawScev, n: usize)
        -> RawScev;
    pub(super) fn tessel_scev_minus(f: *mut TesselFunction, a: RawScev, b: RawScev) -> RawScev;
    pub(super) fn tessel_scev_negative(f: *mut TesselFunction, a: RawScev) -> RawScev;
    pub(super) fn tessel_scev_udiv(f: *mut TesselFunction, a: RawScev, b: RawScev) -> RawScev;
    pub(super) fn tessel_scev_add_rec(
        f: *mut TesselFunction,
        start: RawScev,
        step: RawScev,
        l: RawLoop,
    ) -> RawScev;
    pub(super) fn tessel_scev_add_rec_ops(
        f: *mut TesselFunction,
        ops: *const RawScev,
        n: usize,
        l: RawLoop,
        flags_of: RawScev,
    ) -> RawScev;
    pub(super) fn tessel_scev_min_max(
        f: *mut TesselFunction,
        kind: c_int,
        ops: *const RawScev,
        n: usize,
    ) -> RawScev;
    pub(super) fn tessel_scev_convert(
        f: *mut TesselFunction,
        s: RawScev,
        how: c_int,
        width: u32,
    ) -> RawScev;
    pub(super) fn tessel_scev_wider_width(f: *mut TesselFunction, a: RawScev, b: RawScev) -> u32;
    pub(super) fn tessel_scev_pointer_base(f: *mut TesselFunction, s: RawScev) -> RawScev;
    pub(super) fn tessel_scev_element_size(f: *mut TesselFunction, inst: LLVMValueRef) -> RawScev;
    pub(super) fn tessel_scev_is_loop_invariant(
        f: *mut TesselFunction,
        s: RawScev,
        l: RawLoop,
    ) -> bool;
    pub(super) fn tessel_scev_known_predicate(
        f: *mut TesselFunction,
        predicate: c_int,
        a: RawScev,
        b: RawScev,
    ) -> bool;
    pub(super) fn tessel_scev_known_sign(f: *mut TesselFunction, s: RawScev, which: c_int) -> bool;
    pub(super) fn tessel_scev_entry_guarded(
        f: *mut TesselFunction,
        l: RawLoop,
        predicate: c_int,
        a: RawScev,
        b: RawScev,
    ) -> bool;
    pub(super) fn tessel_scev_backedge_count(f: *mut TesselFunction, l: RawLoop) -> RawScev;
    pub(super) fn tessel_scev_predicated_backedge_count(
        f: *mut TesselFunction,
        l: RawLoop,
        push: Push,
        sink: *mut c_void,
    ) -> RawScev;
    pub(super) fn tessel_scev_divide(
        f: *mut TesselFunction,
        s: RawScev,
        by: RawScev,
        quotient: *mut RawScev,
        remainder: *mut RawScev,
    );
    pub(super) fn tessel_delin_parametric_terms(
        f: *mut TesselFunction,
        s: RawScev,
        push: Push,
        sink: *mut c_void,
    );
    pub(super) fn tessel_delin_array_dimensions(
        f: *mut TesselFunction,
        terms: *const RawScev,
        n: usize,
        element_size: RawScev,
        push: Push,
        sink: *mut c_void,
    );
    pub(super) fn tessel_delin_fixed_size_dimensions(
        f: *mut TesselFunction,
        s: RawScev,
        element_size: RawScev,
        push: Push,
        sink: *mut c_void,
    ) -> bool;
    pub(super) fn tessel_delin_delinearize(
        f: *mut TesselFunction,
        s: RawScev,
        element_size: RawScev,
        push: Push,
        subscripts: *mut c_void,
        sizes: *mut c_void,
    );
    pub(super) fn tessel_delin_fixed_size_array(
        f: *mut TesselFunction,
        s: RawScev,
        element_size: RawScev,
        push: Push,
        subscripts: *mut c_void,
        sizes: *mut c_void,
    ) -> bool;
    pub(super) fn tessel_expander_new(f: *mut TesselFunction) -> *mut TesselExpander;
    pub(super) fn tessel_expander_free(e: *mut TesselExpander);
    pub(super) fn tessel_expander_safe_at(
        e: *mut TesselExpander,
        s: RawScev,
        at: LLVMValueRef,
    ) -> bool;
    pub(super) fn tessel_expander_expand(
        e: *mut TesselExpander,
        s: RawScev,
        t: LLVMTypeRef,
        at: LLVMValueRef,
    ) -> LLVMValueRef;
}

pub(super) extern "C" fn push_pointer(sink: *mut c_void, item: *const c_void) {
    // SAFETY: every caller below passes a `&mut Vec<*const c_void>` as the sink.
    let v = unsafe { &mut *(sink as *mut Vec<*const c_void>) };
    v.push(item);
}
pub(super) extern "C" fn assign_text(sink: *mut c_void, text: *const c_char, len: usize) {
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
pub(super) fn pointers(fill: impl FnOnce(Push, *mut c_void)) -> Vec<*const c_void> {
    let mut v: Vec<*const c_void> = Vec::new();
    fill(push_pointer, &mut v as *mut _ as *mut c_void);
    v
}
pub(super) fn text(fill: impl FnOnce(Text, *mut c_void)) -> String {
    let mut s = String::new();
    fill(assign_text, &mut s as *mut _ as *mut c_void);
    s
}
