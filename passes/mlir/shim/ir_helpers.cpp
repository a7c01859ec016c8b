// What Tessel's Rust side needs from MLIR's C++ API beyond the C API: remarks and
// warnings (the C API only emits errors), side-effect queries and quiet verification.

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <cstdlib>
#include <thread>

#include "llvm/Support/raw_ostream.h"

extern "C" {
// Diagnostics for Rust: MLIR's C API has errors only, remarks come from here.
void tessel_emit_remark(MlirLocation loc, const char *msg, size_t len) {
  mlir::emitRemark(unwrap(loc)) << llvm::StringRef(msg, len);
}
void tessel_emit_warning(MlirLocation loc, const char *msg, size_t len) {
  mlir::emitWarning(unwrap(loc)) << llvm::StringRef(msg, len);
}
void tessel_emit_error(MlirLocation loc, const char *msg, size_t len) {
  mlir::emitError(unwrap(loc)) << llvm::StringRef(msg, len);
}

// Queries the C API lacks.
bool tessel_is_memory_effect_free(MlirOperation op) {
  return mlir::isMemoryEffectFree(unwrap(op));
}

// `#llvm.memory_effects` with no access of any kind: the effects of a call to a
// `memory(none)` function, as clang and mlir-translate's import write them.
static mlir::LLVM::MemoryEffectsAttr memoryNone(mlir::MLIRContext *context) {
  auto none = mlir::LLVM::ModRefInfo::NoModRef;
  return mlir::LLVM::MemoryEffectsAttr::get(context, none, none, none, none, none, none);
}
MlirAttribute tessel_llvm_memory_none(MlirContext context) {
  return wrap(memoryNone(unwrap(context)));
}
// A direct `llvm.call` whose memory effects are none: it computes its results from
// its operands only (MLIR's own effect query does not read the attribute).
bool tessel_is_memory_free_call(MlirOperation op) {
  auto call = llvm::dyn_cast<mlir::LLVM::CallOp>(unwrap(op));
  if (!call || !call.getCallee() || call->getNumRegions() != 0)
    return false;
  auto effects = call.getMemoryEffectsAttr();
  return effects && effects == memoryNone(call->getContext());
}

// Erasure in two steps (passes/mlir/src/ir/handles.rs, `Owned::erase`): unlinked
// now, its operand uses dropped so that use lists look as if it were gone; freed at
// the end of the run, when Rust holds no handle on it.
void tessel_unlink(MlirOperation op) {
  mlir::Operation *operation = unwrap(op);
  if (operation->getBlock())
    operation->remove();
  operation->dropAllReferences();
}
void tessel_destroy_unlinked(const MlirOperation *ops, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    mlir::Operation *operation = unwrap(ops[i]);
    // Still used (a caller's mistake): leaked, never freed under its users.
    if (operation->use_empty())
      operation->destroy();
  }
}

// Verifies `op` while swallowing diagnostics, so a failed attempt never reaches the
// user as an error: the caller rolls back and emits a remark instead.
//
// The handler is installed on the whole context, which multi-threaded mlir-opt
// shares between the threads that run the pass on different functions. It must
// swallow only what this thread emits while verifying: another thread's remark
// (or error) is passed on to the next handler (failure()), else it is lost.
// (Handlers run on the emitting thread; a nested parallel verification
// re-emits its diagnostics on this thread when it ends.)
//
// With TESSEL_SHOW_VERIFY set in the environment, what is swallowed is printed to
// stderr, then the op as built: the verifier's reason for a "generated code does not
// verify" fallback, and the code it refused.
bool tessel_verify_quietly(MlirOperation op) {
  mlir::Operation *operation = unwrap(op);
  std::thread::id self = std::this_thread::get_id();
  bool show = std::getenv("TESSEL_SHOW_VERIFY") != nullptr;
  mlir::ScopedDiagnosticHandler silence(
      operation->getContext(), [self, show](mlir::Diagnostic &diag) {
        bool mine = std::this_thread::get_id() == self;
        if (mine && show)
          llvm::errs() << diag.getLocation() << ": tessel: quiet verification: " << diag << "\n";
        return mlir::success(mine);
      });
  bool ok = mlir::succeeded(mlir::verify(operation));
  if (!ok && show) {
    llvm::errs() << "tessel: quiet verification failed on:\n";
    operation->print(llvm::errs(), mlir::OpPrintingFlags().assumeVerified());
    llvm::errs() << "\n";
  }
  return ok;
}

// `memref<shape x element, #gpu.address_space<workgroup>>`: shared memory of a
// `gpu.launch` workgroup attribution. The C API has no constructor for the GPU
// dialect's address-space attribute; null if the element type is invalid.
MlirType tessel_workgroup_memref(MlirType element, intptr_t rank,
                                 const int64_t *shape) {
  mlir::Type e = unwrap(element);
  mlir::Attribute space = mlir::gpu::AddressSpaceAttr::get(
      e.getContext(), mlir::gpu::AddressSpace::Workgroup);
  if (!mlir::BaseMemRefType::isValidElementType(e))
    return wrap(mlir::Type());
  return wrap(mlir::MemRefType::get(llvm::ArrayRef<int64_t>(shape, rank), e,
                                    mlir::MemRefLayoutAttrInterface(), space));
}
}

// Attributes the C API has no constructor for, built for the clang front end's
// `affine` function (passes/plugin/core/src/llvm/translate/).
extern "C" {
// The f32 or f64 constant with exactly these bits (the C API takes a double, which
// rounds an f32 NaN's payload).
MlirAttribute tessel_float_attr_from_bits(MlirType type, uint64_t bits) {
  mlir::FloatType t = llvm::cast<mlir::FloatType>(unwrap(type));
  llvm::APFloat value(t.getFloatSemantics(), llvm::APInt(t.getWidth(), bits));
  return wrap(mlir::FloatAttr::get(t, value));
}
// `#arith.fastmath<...>` from LLVM's fast-math flag bits (llvm-c/Core.h's
// LLVMFastMathFlags: reassoc 1, nnan 2, ninf 4, nsz 8, arcp 16, contract 32, afn 64).
MlirAttribute tessel_arith_fastmath_attr(MlirContext context, unsigned llvm) {
  using F = mlir::arith::FastMathFlags;
  const std::pair<unsigned, F> bits[] = {{1, F::reassoc}, {2, F::nnan},    {4, F::ninf},
                                         {8, F::nsz},     {16, F::arcp},   {32, F::contract},
                                         {64, F::afn}};
  F flags = F::none;
  for (auto [bit, flag] : bits)
    if (llvm & bit)
      flags = flags | flag;
  return wrap(mlir::arith::FastMathFlagsAttr::get(unwrap(context), flags));
}
}
