// What Tessel's Rust side needs from MLIR's C++ API beyond the C API: remarks and
// warnings (the C API only emits errors), side-effect queries and quiet verification.

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
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
