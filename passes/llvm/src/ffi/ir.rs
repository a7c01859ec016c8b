//! Instructions and blocks: what the front end reads of them beyond inkwell.

use inkwell::basic_block::BasicBlock;
use std::marker::PhantomData;

use inkwell::values::{AsValueRef, FunctionValue, InstructionOpcode, InstructionValue};
use llvm_sys::core::*;
use llvm_sys::LLVMTypeKind;

use super::abi::*;
use super::*;

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
/// Whether a `getelementptr` is `inbounds`: its offset stays within the object its
/// base points into (else the result is poison).
pub fn gep_in_bounds(gep: InstructionValue<'_>) -> bool {
    gep.get_opcode() == InstructionOpcode::GetElementPtr
        // SAFETY: a getelementptr.
        && unsafe { LLVMIsInBounds(gep.as_value_ref()) } != 0
}
/// Whether an `add`, `sub`, `mul` or `shl` has the `nsw` flag.
pub fn no_signed_wrap(inst: InstructionValue<'_>) -> bool {
    matches!(
        inst.get_opcode(),
        InstructionOpcode::Add
            | InstructionOpcode::Sub
            | InstructionOpcode::Mul
            | InstructionOpcode::Shl
    )
        // SAFETY: an overflowing binary operator.
        && unsafe { LLVMGetNSW(inst.as_value_ref()) } != 0
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

/// The extents of the first array type a chain of GEPs under `pointer` indexes
/// through (`getelementptr [1200 x double], ptr %R, i64 %k`: [1200]), with the bytes
/// of its innermost element: the shape a fixed-size C array was declared with, which
/// the address arithmetic alone may hide (R[k][j] with j from k + 1 steps by 1201
/// elements along k). None when no GEP of the chain has an array type.
pub fn declared_array_dims(
    function: FunctionValue<'_>,
    pointer: Value<'_>,
) -> Option<(Vec<u64>, u64)> {
    let mut v = pointer.raw();
    for _ in 0..4 {
        // SAFETY: type tests and reads of a live GEP instruction and its types.
        unsafe {
            if LLVMIsAGetElementPtrInst(v).is_null() {
                return None;
            }
            let mut ty = LLVMGetGEPSourceElementType(v);
            let mut dims = vec![];
            while LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMArrayTypeKind {
                dims.push(LLVMGetArrayLength2(ty));
                ty = LLVMGetElementType(ty);
            }
            if !dims.is_empty() {
                let element = Ty {
                    raw: ty,
                    _life: PhantomData,
                };
                return element
                    .scalar()
                    .map(|_| (dims, super::module::store_size(function, element)));
            }
            v = LLVMGetOperand(v, 0);
        }
    }
    None
}

/// The chain of GEPs under `pointer`, flattened: the pointer it starts from, and each
/// index with the bytes it steps by (the ABI size of what it indexes over). None
/// past four GEPs or for an index into a struct.
pub fn gep_steps<'a>(
    function: FunctionValue<'a>,
    pointer: Value<'a>,
) -> Option<(Value<'a>, Vec<(u64, Value<'a>)>)> {
    let mut steps = vec![];
    let mut v = pointer.raw();
    // SAFETY: type tests and reads of live GEP instructions, their operands and
    // types, under the module's data layout.
    unsafe {
        let layout =
            llvm_sys::target::LLVMGetModuleDataLayout(LLVMGetGlobalParent(function.as_value_ref()));
        for _ in 0..4 {
            if LLVMIsAGetElementPtrInst(v).is_null() {
                return Some((Value::new(v)?, steps));
            }
            let mut ty = LLVMGetGEPSourceElementType(v);
            let operands = LLVMGetNumOperands(v) as u32;
            for i in 1..operands {
                if i > 1 {
                    if LLVMGetTypeKind(ty) != LLVMTypeKind::LLVMArrayTypeKind {
                        return None;
                    }
                    ty = LLVMGetElementType(ty);
                }
                let bytes = llvm_sys::target::LLVMABISizeOfType(layout, ty);
                steps.push((bytes, Value::new(LLVMGetOperand(v, i))?));
            }
            v = LLVMGetOperand(v, 0);
        }
        if LLVMIsAGetElementPtrInst(v).is_null() {
            return Some((Value::new(v)?, steps));
        }
    }
    None
}
