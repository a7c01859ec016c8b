//! Modules: flags, data layout, the module MLIR's translation makes, linking it in,
//! and the splice's raw pieces.

use std::ffi::{c_char, c_void};

use inkwell::basic_block::BasicBlock;
use inkwell::values::{AsValueRef, FunctionValue, InstructionValue};
use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::abi::*;
use super::*;

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
    pub(super) raw: LLVMModuleRef,
}

impl GeneratedModule {
    /// A module that MLIR's translation made in `llvm_context(host)` for a function
    /// `host` of this run; None for null.
    ///
    /// # Safety
    /// `raw` is null or an `LLVMModuleRef` that the caller owns and hands over, in the
    /// context of the function it will be linked into.
    pub unsafe fn from_raw(raw: *mut c_void) -> Option<GeneratedModule> {
        (!raw.is_null()).then_some(GeneratedModule {
            raw: raw as LLVMModuleRef,
        })
    }

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

/// Replaces every use of `declared`, a declaration the generated module brought in,
/// by `function`, and deletes the declaration: a callee of the optimized code, which
/// its module declared under a symbol of its own (a `static` function has no name the
/// linker could bind).
pub fn bind_declaration(declared: FunctionValue<'_>, function: Value<'_>) {
    // SAFETY: a live declaration with no body and a live function of the same module
    // (both pointers); after the replacement the declaration has no use left.
    unsafe {
        LLVMReplaceAllUsesWith(declared.as_value_ref(), function.raw());
        LLVMDeleteFunction(declared.as_value_ref());
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
pub(super) fn basic_value<'a>(raw: LLVMValueRef) -> Option<inkwell::values::BasicValueEnum<'a>> {
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

/// The module of `function`, as inkwell's (never disposed: clang owns it).
pub fn host_module<'a>(
    function: FunctionValue<'a>,
) -> std::mem::ManuallyDrop<inkwell::module::Module<'a>> {
    // SAFETY: a live function's live module; ManuallyDrop keeps inkwell from
    // disposing of it.
    std::mem::ManuallyDrop::new(unsafe {
        inkwell::module::Module::new(LLVMGetGlobalParent(function.as_value_ref()))
    })
}

/// Adds `function` to its module's destructors.
pub fn append_destructor(function: FunctionValue<'_>) {
    // SAFETY: a live function with a body, in a live module.
    unsafe { tessel_llvm_append_destructor(function.as_value_ref()) }
}

/// `&global[0][slot]` for a global of type `ty` (an array), built by `b`.
pub fn const_gep<'a>(
    b: &inkwell::builder::Builder<'a>,
    global: inkwell::values::GlobalValue<'a>,
    ty: inkwell::types::ArrayType<'a>,
    slot: u64,
) -> inkwell::values::PointerValue<'a> {
    let i64_type = ty.get_context().i64_type();
    let indices = [i64_type.const_zero(), i64_type.const_int(slot, false)];
    // SAFETY: constant indices within the array's bounds (callers pass slots below
    // its length); the builder is positioned in a block.
    unsafe { b.build_in_bounds_gep(ty, global.as_pointer_value(), &indices, "") }
        .unwrap_or_else(|_| global.as_pointer_value())
}
