// Registration shim: Tessel's passes with their options declared MLIR-style, so that
// `mlir-opt --load-pass-plugin=libtessel.so --help` documents them and a bad value
// fails once, when the pipeline is parsed. The pass classes and their option members
// are generated from the Rust table (`passes/poly/src/options/table.rs`) by
// `passes/plugin/build.rs` into `tessel_options.inc` and `tessel_passes.inc`. All the work happens in Rust.

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

#include <cstdint>

extern "C" {
// One option's value, in the table's order. Mirrors `tessel::RawValue` (#[repr(C)]).
struct TesselOptionValue {
  bool set;        // false: the pass doesn't read this option
  uint64_t scalar; // a bool, an integer, or an enum value's index in the table
  const int64_t *list;
  size_t len;
  const char *text; // a string's bytes (not NUL-terminated)
  size_t text_len;
};

// Implemented in Rust; they never unwind. `tessel_check_options` writes a
// NUL-terminated message into `error` and returns false when a value is invalid;
// `tessel_run_pass` returns false when the pass must fail.
bool tessel_check_options(uint32_t kind, const TesselOptionValue *values,
                          size_t num_values, char *error, size_t error_size);
bool tessel_run_pass(uint32_t kind, MlirOperation op,
                     const TesselOptionValue *values, size_t num_values);
}

namespace {

#include "tessel_options.inc"

// What every Tessel pass shares; `Derived` (generated) declares the options it reads
// and `collect`s their values.
template <typename Derived>
struct TesselPass
    : public mlir::PassWrapper<Derived,
                               mlir::OperationPass<mlir::func::FuncOp>> {
  using Base =
      mlir::PassWrapper<Derived, mlir::OperationPass<mlir::func::FuncOp>>;
  TesselPass() = default;
  TesselPass(const TesselPass &other) : Base(other) {}

  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    // gpu and llvm: tessel-optimize{target=gpu} builds gpu.launch, gpu.alloc and
    // llvm.intr.stacksave/stackrestore around each launch.
    registry.insert<mlir::affine::AffineDialect, mlir::arith::ArithDialect,
                    mlir::gpu::GPUDialect, mlir::LLVM::LLVMDialect,
                    mlir::memref::MemRefDialect, mlir::scf::SCFDialect>();
  }

  // Checks the values Rust-side too (e.g. positive tile sizes), so a bad one is
  // reported once, at pipeline parse time, not once per function.
  mlir::LogicalResult initializeOptions(
      llvm::StringRef options,
      llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> errorHandler)
      override {
    if (mlir::failed(Base::initializeOptions(options, errorHandler)))
      return mlir::failure();
    TesselOptionValue values[kNumOptions] = {};
    static_cast<Derived *>(this)->collect(values);
    char error[256] = {};
    if (!tessel_check_options(Derived::kKind, values, kNumOptions, error,
                              sizeof error))
      return errorHandler(llvm::Twine(error));
    return mlir::success();
  }

  void runOnOperation() override {
    TesselOptionValue values[kNumOptions] = {};
    static_cast<Derived *>(this)->collect(values);
    if (!tessel_run_pass(Derived::kKind,
                         wrap(this->getOperation().getOperation()), values,
                         kNumOptions))
      this->signalPassFailure();
  }
};

#include "tessel_passes.inc"

} // namespace

// tessel-gpu-emulate, written in C++ (shim/gpu_emulate.cpp).
void registerTesselGpuEmulatePass();

extern "C" void tessel_register_passes() {
  registerTesselPasses();
  registerTesselGpuEmulatePass();
}
