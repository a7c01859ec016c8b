// What Tessel's Rust side needs from MLIR's C++ API beyond the C API: remarks and
// warnings (the C API only emits errors), side-effect queries and quiet verification.

#include "mlir/CAPI/IR.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <thread>

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

// Verifies `op` while swallowing diagnostics, so a failed attempt never reaches the
// user as an error: the caller rolls back and emits a remark instead.
//
// The handler is installed on the whole context, which multi-threaded mlir-opt
// shares between the threads that run the pass on different functions. It must
// swallow only what this thread emits while verifying: another thread's remark
// (or error) is passed on to the next handler (failure()), else it is lost.
// (Handlers run on the emitting thread; a nested parallel verification
// re-emits its diagnostics on this thread when it ends.)
bool tessel_verify_quietly(MlirOperation op) {
  mlir::Operation *operation = unwrap(op);
  std::thread::id self = std::this_thread::get_id();
  mlir::ScopedDiagnosticHandler silence(
      operation->getContext(), [self](mlir::Diagnostic &) {
        return mlir::success(std::this_thread::get_id() == self);
      });
  return mlir::succeeded(mlir::verify(operation));
}
}
