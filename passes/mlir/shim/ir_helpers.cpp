// What Tessel's Rust side needs from MLIR's C++ API beyond the C API: remarks and
// warnings (the C API only emits errors), side-effect queries and quiet verification.

#include "mlir/CAPI/IR.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

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
bool tessel_verify_quietly(MlirOperation op) {
  mlir::Operation *operation = unwrap(op);
  mlir::ScopedDiagnosticHandler silence(operation->getContext(),
                                        [](mlir::Diagnostic &) {
                                          return mlir::success();
                                        });
  return mlir::succeeded(mlir::verify(operation));
}
}
