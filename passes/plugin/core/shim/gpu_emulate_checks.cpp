// tessel-gpu-emulate's checks, and its host side: what gpu_emulate.cpp's pass
// verifies before the IR changes (the launch, and the host-side gpu ops), and the
// host-side conversion (gpu.alloc/memcpy/dealloc/wait to memref ops, or nothing).
// The emulation itself and the pass are in gpu_emulate.cpp.

#include "gpu_emulate.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace tessel_gpu_emulate;

namespace {

//===----------------------------------------------------------------------===//
// Checks on the original launch (nothing changes until they all pass).
//===----------------------------------------------------------------------===//

// Per-thread objects: thread ids and private memory.
bool isThreadSeed(Operation *op) {
  if (isa<gpu::ThreadIdOp, gpu::GlobalIdOp, gpu::LaneIdOp>(op))
    return true;
  auto alloca = dyn_cast<memref::AllocaOp>(op);
  return alloca && !isWorkgroup(alloca.getType());
}

// The values that may differ between the threads of a block: an op's results
// depend on the threads when an operand does, when its regions use such a value
// from outside, or when they hold a thread id. Loop induction variables only
// depend on the bounds.
DenseSet<Value> threadDependentValues(gpu::LaunchOp launch) {
  DenseSet<Value> dep;
  gpu::KernelDim3 t = launch.getThreadIds();
  dep.insert(t.x);
  dep.insert(t.y);
  dep.insert(t.z);
  for (BlockArgument a : launch.getPrivateAttributions())
    dep.insert(a);
  auto anyDep = [&](ValueRange values) {
    return llvm::any_of(values, [&](Value v) { return dep.contains(v); });
  };
  launch.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
    // Pre-order: nothing nested in `op` is classified yet, so a dependent
    // operand found in its regions comes from outside.
    bool touches = isThreadSeed(op) || anyDep(op->getOperands());
    if (!touches && op->getNumRegions() != 0)
      op->walk([&](Operation *inner) {
        if (inner != op && (isThreadSeed(inner) || anyDep(inner->getOperands())))
          touches = true;
      });
    if (touches)
      dep.insert(op->getResults().begin(), op->getResults().end());
    auto markArgs = [&](Region &r, bool isDep) {
      if (!isDep)
        return;
      for (Block &b : r)
        dep.insert(b.getArguments().begin(), b.getArguments().end());
    };
    if (auto f = dyn_cast<scf::ForOp>(op)) {
      if (anyDep({f.getLowerBound(), f.getUpperBound(), f.getStep()}))
        dep.insert(f.getInductionVar());
      if (touches)
        dep.insert(f.getRegionIterArgs().begin(), f.getRegionIterArgs().end());
    } else if (auto f = dyn_cast<affine::AffineForOp>(op)) {
      if (anyDep(f.getLowerBoundOperands()) || anyDep(f.getUpperBoundOperands()))
        dep.insert(f.getInductionVar());
      if (touches)
        dep.insert(f.getRegionIterArgs().begin(), f.getRegionIterArgs().end());
    } else {
      for (Region &r : op->getRegions())
        markArgs(r, touches);
    }
    return WalkResult::advance();
  });
  return dep;
}

// The operands that decide whether and how often a region op runs its body.
std::optional<SmallVector<Value>> controlOperands(Operation *op) {
  if (auto f = dyn_cast<scf::ForOp>(op))
    return SmallVector<Value>{f.getLowerBound(), f.getUpperBound(), f.getStep()};
  if (auto f = dyn_cast<affine::AffineForOp>(op)) {
    SmallVector<Value> v(f.getLowerBoundOperands());
    llvm::append_range(v, f.getUpperBoundOperands());
    return v;
  }
  if (auto i = dyn_cast<scf::IfOp>(op))
    return SmallVector<Value>{i.getCondition()};
  if (auto i = dyn_cast<affine::AffineIfOp>(op))
    return SmallVector<Value>(i->getOperands());
  return std::nullopt;
}

} // namespace

namespace tessel_gpu_emulate {

LogicalResult checkLaunch(gpu::LaunchOp launch) {
  if (launch.getAsyncToken() || !launch.getAsyncDependencies().empty())
    return launch.emitOpError(
        "async tokens are not emulated (use the synchronous form)");
  if (launch.hasClusterSize())
    return launch.emitOpError("clusters are not emulated");
  if (launch.getDynamicSharedMemorySize())
    return launch.emitOpError("dynamic shared memory is not emulated");
  if (!launch.getBody().hasOneBlock())
    return launch.emitOpError(
        "a body with more than one block is not emulated");
  SmallVector<BlockArgument> attributions(launch.getWorkgroupAttributions());
  llvm::append_range(attributions, launch.getPrivateAttributions());
  for (BlockArgument a : attributions) {
    auto m = dyn_cast<MemRefType>(a.getType());
    if (!m || !m.hasStaticShape())
      return launch.emitOpError(
          "attributions must be statically shaped memrefs to be emulated");
  }

  // Ops the emulation has no CPU meaning for.
  WalkResult bad = launch.getBody().walk([&](Operation *op) {
    if (isa_and_nonnull<gpu::GPUDialect>(op->getDialect()) &&
        !isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp,
             gpu::GlobalIdOp, gpu::BarrierOp, gpu::TerminatorOp>(op)) {
      op->emitOpError("is not emulated (inside a gpu.launch)");
      return WalkResult::interrupt();
    }
    // Shared memory sized inside the body would be allocated per thread.
    if (auto a = dyn_cast<memref::AllocaOp>(op))
      if (isWorkgroup(a.getType()) &&
          llvm::any_of(op->getOperands(),
                       [&](Value v) { return !definedOutside(v, launch); })) {
        op->emitOpError("in workgroup memory with sizes computed in the "
                        "launch body is not emulated");
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  if (bad.wasInterrupted())
    return failure();

  // Barriers: at the top level, or under thread-uniform loops and conditionals.
  DenseSet<Value> dep = threadDependentValues(launch);
  bad = launch.getBody().walk([&](gpu::BarrierOp barrier) {
    for (Operation *p = barrier->getParentOp(); p && p != launch.getOperation();
         p = p->getParentOp()) {
      std::optional<SmallVector<Value>> control = controlOperands(p);
      if (!control) {
        barrier.emitOpError() << "inside '" << p->getName()
                              << "' is not emulated (only scf.for, scf.if, "
                                 "affine.for and affine.if are split at a barrier)";
        return WalkResult::interrupt();
      }
      if (p->getNumResults() != 0) {
        barrier.emitOpError() << "inside a '" << p->getName()
                              << "' that yields values is not emulated";
        return WalkResult::interrupt();
      }
      if (llvm::any_of(*control, [&](Value v) { return dep.contains(v); })) {
        barrier.emitOpError()
            << "under thread-dependent control flow (a '" << p->getName()
            << "' whose operands depend on the thread ids) cannot be emulated";
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(bad.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// Host side.
//===----------------------------------------------------------------------===//

bool hasAsync(Operation *op) {
  auto async = dyn_cast<gpu::AsyncOpInterface>(op);
  return async && (async.getAsyncToken() || !async.getAsyncDependencies().empty());
}

LogicalResult checkHost(func::FuncOp func) {
  WalkResult r = func.walk([&](Operation *op) {
    if (!isa_and_nonnull<gpu::GPUDialect>(op->getDialect()) ||
        op->getParentOfType<gpu::LaunchOp>() || isa<gpu::LaunchOp>(op))
      return WalkResult::advance();
    if (!isa<gpu::AllocOp, gpu::MemcpyOp, gpu::DeallocOp, gpu::WaitOp>(op)) {
      op->emitOpError("is not emulated");
      return WalkResult::interrupt();
    }
    if (hasAsync(op)) {
      op->emitOpError("async tokens are not emulated");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(r.wasInterrupted());
}

void convertHost(func::FuncOp func) {
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    if (isa<gpu::AllocOp, gpu::MemcpyOp, gpu::DeallocOp, gpu::WaitOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    OpBuilder b(op);
    if (auto a = dyn_cast<gpu::AllocOp>(op)) {
      auto alloc = memref::AllocOp::create(
          b, op->getLoc(), cast<MemRefType>(stripGpuSpace(a.getType())),
          a.getDynamicSizes(), a.getSymbolOperands());
      a.getMemref().replaceAllUsesWith(alloc.getResult());
    } else if (auto c = dyn_cast<gpu::MemcpyOp>(op)) {
      memref::CopyOp::create(b, op->getLoc(), c.getSrc(), c.getDst());
    } else if (auto d = dyn_cast<gpu::DeallocOp>(op)) {
      memref::DeallocOp::create(b, op->getLoc(), d.getMemref());
    }
    op->erase();
  }
}
} // namespace tessel_gpu_emulate
