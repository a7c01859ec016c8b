// Registration shim: declares Tessel's passes and their options MLIR-style, so that
// `mlir-opt --load-pass-plugin=libtessel.so --help` documents them, and hands the
// parsed options to Rust. All the work happens in Rust (`tessel_run_pass`).

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

#include <cstdint>
#include <string>
#include <vector>

extern "C" {
// Mirrors `tessel_mlir::ffi::PassOptions` (#[repr(C)]).
struct TesselPassOptions {
  const char *scheduler;
  const int64_t *tile_sizes;
  size_t num_tile_sizes;
  bool tile;
  bool parallel;
  uint64_t max_operations;
  const char *fuse;
  bool wavefront;
  bool live_range_reordering;
};

// Implemented in Rust; never unwinds. Returns false when the pass must fail.
bool tessel_run_pass(uint32_t kind, MlirOperation op,
                     const TesselPassOptions *options);

}

namespace {

// Pass kinds, shared with Rust (`tessel_mlir::PassKind`).
enum PassKind : uint32_t {
  Optimize = 0,
  PrintScop = 1,
  PrintDependences = 2,
  PrintSchedule = 3,
};

// The options every Tessel pass understands. Declared once, here.
template <typename Derived>
struct TesselPassBase
    : public mlir::PassWrapper<Derived,
                               mlir::OperationPass<mlir::func::FuncOp>> {
  TesselPassBase() = default;
  TesselPassBase(const TesselPassBase &other)
      : mlir::PassWrapper<Derived, mlir::OperationPass<mlir::func::FuncOp>>(
            other) {}

  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::affine::AffineDialect, mlir::arith::ArithDialect,
                    mlir::memref::MemRefDialect, mlir::scf::SCFDialect>();
  }

  mlir::Pass::Option<std::string> scheduler{
      *this, "scheduler",
      llvm::cl::desc("Scheduler: isl (ours, isl-style forced outer "
                     "coincidence; the default, best on the suite), pluto (ours, "
                     "maximal tilable bands), feautrier (ours), identity "
                     "(original order) or isl-reference (isl's own scheduler, a "
                     "baseline)"),
      llvm::cl::init("isl")};
  mlir::Pass::Option<std::string> fuse{
      *this, "fuse",
      llvm::cl::desc("Fusion for our schedulers: none, smart or max (Pluto's "
                     "meanings)"),
      llvm::cl::init("smart")};
  mlir::Pass::Option<bool> wavefront{
      *this, "wavefront",
      llvm::cl::desc("Skew a tiled band with no outer parallel loop so that its "
                     "second tile loop becomes parallel"),
      llvm::cl::init(true)};
  mlir::Pass::Option<bool> liveRangeReordering{
      *this, "live-range-reordering",
      llvm::cl::desc("Live-range reordering (seed 001 section 2.3): scalars "
                     "and temporaries may have their live ranges reordered "
                     "(conditional validity); pluto/isl/feautrier only"),
      llvm::cl::init(false)};
  mlir::Pass::ListOption<int64_t> tileSizes{
      *this, "tile-sizes",
      llvm::cl::desc("Tile size per band member; the last one repeats "
                     "(default 32)")};
  mlir::Pass::Option<bool> tile{
      *this, "tile", llvm::cl::desc("Tile permutable bands of depth >= 2"),
      llvm::cl::init(true)};
  mlir::Pass::Option<bool> parallel{
      *this, "parallel",
      llvm::cl::desc("Run the outermost coincident loop of each nest in "
                     "parallel (affine.parallel)"),
      llvm::cl::init(true)};
  mlir::Pass::Option<uint64_t> maxOperations{
      *this, "max-operations",
      llvm::cl::desc("isl operations budget per SCoP; when it runs out the "
                     "original code is kept"),
      llvm::cl::init(20000000)};

  void runWithKind(PassKind kind) {
    std::vector<int64_t> sizes(tileSizes.begin(), tileSizes.end());
    if (sizes.empty())
      sizes.push_back(32);
    std::string schedulerName = scheduler;
    std::string fuseName = fuse;
    TesselPassOptions options{schedulerName.c_str(), sizes.data(),
                              sizes.size(),          tile,
                              parallel,              maxOperations,
                              fuseName.c_str(),      wavefront,
                              liveRangeReordering};
    if (!tessel_run_pass(kind, wrap(this->getOperation().getOperation()),
                         &options))
      this->signalPassFailure();
  }
};

struct OptimizePass : public TesselPassBase<OptimizePass> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(OptimizePass)
  llvm::StringRef getArgument() const final { return "tessel-optimize"; }
  llvm::StringRef getDescription() const final {
    return "Tessel: raise affine loop nests to the polyhedral model, "
           "reschedule, tile, parallelize and regenerate them";
  }
  void runOnOperation() override { runWithKind(Optimize); }
};

struct PrintScopPass : public TesselPassBase<PrintScopPass> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PrintScopPass)
  llvm::StringRef getArgument() const final { return "tessel-print-scop"; }
  llvm::StringRef getDescription() const final {
    return "Tessel stage: emit a remark per SCoP with its polyhedral model "
           "(domains, accesses, original schedule); the IR is not changed";
  }
  void runOnOperation() override { runWithKind(PrintScop); }
};

struct PrintDependencesPass : public TesselPassBase<PrintDependencesPass> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PrintDependencesPass)
  llvm::StringRef getArgument() const final { return "tessel-print-deps"; }
  llvm::StringRef getDescription() const final {
    return "Tessel stage: emit a remark per SCoP with its exact flow, anti "
           "and output dependences; the IR is not changed";
  }
  void runOnOperation() override { runWithKind(PrintDependences); }
};

struct PrintSchedulePass : public TesselPassBase<PrintSchedulePass> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PrintSchedulePass)
  llvm::StringRef getArgument() const final { return "tessel-print-schedule"; }
  llvm::StringRef getDescription() const final {
    return "Tessel stage: emit a remark per SCoP with the verified schedule "
           "tree tessel-optimize would generate code from; the IR is not "
           "changed";
  }
  void runOnOperation() override { runWithKind(PrintSchedule); }
};

} // namespace

extern "C" void tessel_register_passes() {
  mlir::PassRegistration<OptimizePass>();
  mlir::PassRegistration<PrintScopPass>();
  mlir::PassRegistration<PrintDependencesPass>();
  mlir::PassRegistration<PrintSchedulePass>();
}
