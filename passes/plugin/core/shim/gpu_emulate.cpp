// tessel-gpu-emulate: runs `gpu.launch` bodies on the CPU, so that GPU-mapped code
// can be checked bit for bit against the original on a machine with no GPU.
//
// Blocks become an `scf.parallel` over the grid (z, y, x); threads become `scf.for`
// loops inside each block. The body is split at every `gpu.barrier` into
// consecutive thread loops; a barrier nested in a thread-uniform `scf.for`/`scf.if`
// (or `affine.for`/`affine.if`) hoists that op out of the thread loops and splits its
// body the same way. Values live across a barrier go to per-thread arrays (one
// element per thread of the block, indexed by the linear thread id). Workgroup
// memory is allocated per block. The host-side `gpu.alloc`/`gpu.memcpy`/
// `gpu.dealloc`/`gpu.wait` become memref ops (or vanish).
//
// `thread-order` picks the order the thread loops run in; a result that differs
// between two orders is a race.
//
// Everything is checked before the IR changes (gpu_emulate_checks.cpp, with the
// host side): on an error the pass fails with a diagnostic and leaves the function
// as it was.

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Transforms/Transforms.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;

#include "gpu_emulate.h"

// Shared with gpu_emulate_checks.cpp (declared in gpu_emulate.h).
namespace tessel_gpu_emulate {

bool isGpuSpace(Type t) {
  auto m = dyn_cast<MemRefType>(t);
  return m && isa_and_nonnull<gpu::AddressSpaceAttr>(m.getMemorySpace());
}

bool isWorkgroup(Type t) {
  auto m = dyn_cast<MemRefType>(t);
  auto space =
      m ? dyn_cast_or_null<gpu::AddressSpaceAttr>(m.getMemorySpace()) : nullptr;
  return space && space.getValue() == gpu::AddressSpace::Workgroup;
}

// The CPU has one address space: the emulation drops the GPU ones (which would
// not lower to LLVM either).
Type stripGpuSpace(Type t) {
  if (!isGpuSpace(t))
    return t;
  auto m = cast<MemRefType>(t);
  return MemRefType::get(m.getShape(), m.getElementType(), m.getLayout(),
                         Attribute());
}


bool definedOutside(Value v, Operation *op) {
  Operation *owner = v.getParentRegion() ? v.getParentRegion()->getParentOp()
                                         : nullptr;
  return !owner || !op->isAncestor(owner);
}

} // namespace tessel_gpu_emulate

using namespace tessel_gpu_emulate;

namespace {

enum class ThreadOrder { Forward, Reverse, Shuffle };

// The shuffle order visits linear id l as (l * kShuffleMul + kShuffleAdd) mod N.
// kShuffleMul is prime, so this is a permutation for every N below it (a block
// holds at most a few thousand threads).
constexpr int64_t kShuffleMul = 1000003;
constexpr int64_t kShuffleAdd = 12345;

// What a per-thread array can hold.
bool isStorable(Type t) {
  if (auto v = dyn_cast<VectorType>(t))
    t = v.getElementType();
  return isa<IntegerType, FloatType, IndexType>(t);
}

Value pick(gpu::KernelDim3 d, gpu::Dimension dim) {
  switch (dim) {
  case gpu::Dimension::x:
    return d.x;
  case gpu::Dimension::y:
    return d.y;
  case gpu::Dimension::z:
    return d.z;
  }
  return d.x;
}

// Drops the id arithmetic of a thread loop that no per-thread array used.
void eraseUnused(Value v, Operation *loop) {
  Operation *op = v.getDefiningOp();
  if (!op || !op->use_empty() || !loop->isProperAncestor(op) ||
      op->getNumRegions() != 0 || !isMemoryEffectFree(op))
    return;
  SmallVector<Value> operands(op->getOperands());
  op->erase();
  for (Value o : operands)
    eraseUnused(o, loop);
}

//===----------------------------------------------------------------------===//
// The emulation, built from a prepared copy of the launch.
//===----------------------------------------------------------------------===//

// Lowers the affine ops (their operands stop being valid affine symbols once the
// launch, an affine scope, is gone), replaces the id ops by the launch's block
// arguments and hoists the allocas sized outside the launch to the top of the
// body. `homes` receives, for each private buffer, the block it was allocated in
// (the body, or the body of an op holding a barrier, whichever is innermost).
LogicalResult prepareCopy(gpu::LaunchOp copy, DenseMap<Value, Block *> &homes) {
  MLIRContext *ctx = copy.getContext();
  RewritePatternSet patterns(ctx);
  populateAffineToStdConversionPatterns(patterns);
  affine::populateAffineExpandIndexOpsPatterns(patterns);
  ConversionTarget target(*ctx);
  target.addLegalDialect<arith::ArithDialect, memref::MemRefDialect,
                         scf::SCFDialect>();
  target.addIllegalDialect<affine::AffineDialect>();
  if (failed(applyPartialConversion(copy.getOperation(), target,
                                    std::move(patterns))))
    return copy.emitOpError("has affine ops that could not be lowered");

  Block &body = copy.getBody().front();
  gpu::KernelDim3 bid = copy.getBlockIds(), tid = copy.getThreadIds(),
                  grid = copy.getGridSize(), block = copy.getBlockSize();
  DenseSet<Operation *> withBarrier;
  SmallVector<Operation *> idOps, allocas;
  copy.getBody().walk([&](Operation *op) {
    if (isa<gpu::BarrierOp>(op))
      for (Operation *p = op->getParentOp(); p && p != copy.getOperation();
           p = p->getParentOp())
        withBarrier.insert(p);
    if (isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp,
            gpu::GlobalIdOp>(op))
      idOps.push_back(op);
    else if (isa<memref::AllocaOp>(op) &&
             llvm::all_of(op->getOperands(),
                          [&](Value v) { return definedOutside(v, copy); }))
      allocas.push_back(op);
  });
  for (Operation *op : idOps) {
    Value v;
    if (auto o = dyn_cast<gpu::ThreadIdOp>(op))
      v = pick(tid, o.getDimension());
    else if (auto o = dyn_cast<gpu::BlockIdOp>(op))
      v = pick(bid, o.getDimension());
    else if (auto o = dyn_cast<gpu::BlockDimOp>(op))
      v = pick(block, o.getDimension());
    else if (auto o = dyn_cast<gpu::GridDimOp>(op))
      v = pick(grid, o.getDimension());
    else if (auto o = dyn_cast<gpu::GlobalIdOp>(op)) {
      OpBuilder b(op);
      gpu::Dimension d = o.getDimension();
      Value base = arith::MulIOp::create(b, op->getLoc(), pick(bid, d),
                                         pick(block, d));
      v = arith::AddIOp::create(b, op->getLoc(), base, pick(tid, d));
    }
    op->getResult(0).replaceAllUsesWith(v);
    op->erase();
  }
  for (Operation *op : allocas) {
    Block *home = op->getBlock();
    while (home != &body && !withBarrier.contains(home->getParentOp()))
      home = home->getParentOp()->getBlock();
    if (!isWorkgroup(op->getResult(0).getType()))
      homes[op->getResult(0)] = home;
  }
  for (Operation *op : llvm::reverse(allocas))
    op->moveBefore(&body, body.begin());
  for (BlockArgument a : copy.getPrivateAttributions())
    homes[a] = &body;
  return success();
}

class Emulator {
public:
  Emulator(gpu::LaunchOp launch, ThreadOrder order,
           DenseMap<Value, Block *> privates)
      : launch(launch), order(order), pro(launch.getContext()),
        privates(std::move(privates)) {}

  // Builds the emulation before the launch, adding the ops it put there to
  // `created`. On failure, reports and removes what it built.
  LogicalResult run(SmallVectorImpl<Operation *> &created);

private:
  struct Thread {
    Value x, y, z, linear;
    Operation *loop; // the outermost thread loop
  };

  Value constant(OpBuilder &b, int64_t v) {
    return arith::ConstantIndexOp::create(b, launch.getLoc(), v);
  }
  bool availableAtBlockLevel(Value v) {
    return blockMap.contains(v) || definedOutside(v, launch);
  }
  LogicalResult emitBlock(Block &src, OpBuilder &b);
  LogicalResult emitRange(Block &src, ArrayRef<Operation *> ops, OpBuilder &b);
  LogicalResult emitRotated(scf::ForOp f, ArrayRef<Operation *> head,
                            ArrayRef<Operation *> middle,
                            ArrayRef<Operation *> last, Value lb, Value ub,
                            Value step, OpBuilder &b);
  bool splitAtBarriers(scf::ForOp f, SmallVectorImpl<Operation *> &body,
                       SmallVectorImpl<ArrayRef<Operation *>> &parts);
  // The first ops of a loop's next iteration, run by each thread right after the
  // last ops of the current one (see emitHoisted): `iv` bound to `next`, under
  // `cond` (`next` is still in the loop's range).
  struct Tail {
    ArrayRef<Operation *> ops;
    Value iv, next, cond;
  };
  LogicalResult emitSegment(Block &src, ArrayRef<Operation *> ops, OpBuilder &b,
                            const Tail *tail = nullptr);
  LogicalResult emitHoisted(Operation *op, OpBuilder &b);
  Thread threadLoops(OpBuilder &b, Location loc);
  FailureOr<Value> arrayFor(Value v, Location loc);
  bool addPerThread(Value v, Location loc);
  LogicalResult useThreadCopies(Operation *copy, Value linear);
  Operation *threadAccess(OpBuilder &b, Operation *op, ValueRange operands,
                          Value linear);

  gpu::LaunchOp launch;
  ThreadOrder order;
  // Inserts at the top of the block loop body: per-block allocations.
  OpBuilder pro;
  gpu::KernelDim3 blockSize;
  Value numThreads, zero, one, shuffleMul, shuffleAdd;
  IRMapping blockMap;
  DenseMap<Value, Value> arrays;
  DenseSet<Operation *> withBarrier;
  // Private memory of a static shape: one buffer per block with a copy per
  // thread (its first dimension is the linear thread id); each load and store
  // indexes its thread's copy, so private memory lives across barriers and loop
  // iterations as on a GPU.
  DenseMap<Value, Value> perThread;
  DenseSet<Value> perThreadBuffers;
  // Other private buffers (sized at run time) are allocated once per block (in
  // the block they were allocated in, see prepareCopy): fine while each is used
  // between two barriers only, the threads then take turns with it.
  DenseMap<Value, Block *> privates;
  DenseMap<Value, unsigned> privateSegment;
  unsigned numSegments = 0;
};

LogicalResult Emulator::run(SmallVectorImpl<Operation *> &created) {
  Location loc = launch.getLoc();
  Block &body = launch.getBody().front();
  launch.getBody().walk([&](gpu::BarrierOp barrier) {
    for (Operation *p = barrier->getParentOp(); p && p != launch.getOperation();
         p = p->getParentOp())
      withBarrier.insert(p);
  });

  OpBuilder b(launch);
  Value c0 = constant(b, 0), c1 = constant(b, 1);
  gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
  blockSize = launch.getBlockSizeOperandValues();
  auto par = scf::ParallelOp::create(b, loc, ValueRange{c0, c0, c0},
                                     ValueRange{grid.z, grid.y, grid.x},
                                     ValueRange{c1, c1, c1});
  auto cleanup = [&]() -> LogicalResult {
    par->erase();
    c1.getDefiningOp()->erase();
    c0.getDefiningOp()->erase();
    return failure();
  };

  OpBuilder ib = OpBuilder::atBlockTerminator(par.getBody());
  numThreads = arith::MulIOp::create(
      ib, loc,
      arith::MulIOp::create(ib, loc, blockSize.x, blockSize.y).getResult(),
      blockSize.z);
  zero = constant(ib, 0);
  // Per-block allocations go before `zero`, after the thread count they use.
  pro.setInsertionPoint(zero.getDefiningOp());
  one = constant(ib, 1);
  if (order == ThreadOrder::Shuffle) {
    shuffleMul = arith::RemUIOp::create(ib, loc, constant(ib, kShuffleMul),
                                        numThreads);
    shuffleAdd = arith::RemUIOp::create(ib, loc, constant(ib, kShuffleAdd),
                                        numThreads);
  }

  gpu::KernelDim3 bid = launch.getBlockIds();
  SmallVector<Value> ivs(par.getInductionVars());
  blockMap.map(bid.z, ivs[0]);
  blockMap.map(bid.y, ivs[1]);
  blockMap.map(bid.x, ivs[2]);
  gpu::KernelDim3 gridArgs = launch.getGridSize(), blockArgs = launch.getBlockSize();
  blockMap.map(gridArgs.x, grid.x);
  blockMap.map(gridArgs.y, grid.y);
  blockMap.map(gridArgs.z, grid.z);
  blockMap.map(blockArgs.x, blockSize.x);
  blockMap.map(blockArgs.y, blockSize.y);
  blockMap.map(blockArgs.z, blockSize.z);
  for (BlockArgument a : launch.getWorkgroupAttributions())
    blockMap.map(a, memref::AllocaOp::create(
                        pro, a.getLoc(), cast<MemRefType>(stripGpuSpace(a.getType()))));
  for (BlockArgument a : launch.getPrivateAttributions()) {
    if (addPerThread(a, a.getLoc()))
      continue;
    blockMap.map(a, memref::AllocaOp::create(
                        pro, a.getLoc(), cast<MemRefType>(stripGpuSpace(a.getType()))));
  }

  if (failed(emitBlock(body, ib)))
    return cleanup();

  // What the cloned ops still say about GPU address spaces.
  par.getBody()->walk([](Operation *op) {
    for (OpResult r : op->getResults())
      r.setType(stripGpuSpace(r.getType()));
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument a : block.getArguments())
          a.setType(stripGpuSpace(a.getType()));
  });
  created.append({c0.getDefiningOp(), c1.getDefiningOp(), par.getOperation()});
  return success();
}

LogicalResult Emulator::emitBlock(Block &src, OpBuilder &b) {
  SmallVector<Operation *> ops;
  for (Operation &op : src.without_terminator())
    ops.push_back(&op);
  return emitRange(src, ops, b);
}

LogicalResult Emulator::emitRange(Block &src, ArrayRef<Operation *> ops,
                                  OpBuilder &b) {
  SmallVector<Operation *> segment;
  auto flush = [&]() {
    LogicalResult r = emitSegment(src, segment, b);
    segment.clear();
    return r;
  };
  for (Operation *opPtr : ops) {
    Operation &op = *opPtr;
    if (isa<gpu::BarrierOp>(op)) {
      if (failed(flush()))
        return failure();
      continue;
    }
    if (withBarrier.contains(&op)) {
      if (failed(flush()) || failed(emitHoisted(&op, b)))
        return failure();
      continue;
    }
    auto alloca = dyn_cast<memref::AllocaOp>(op);
    if (alloca && llvm::all_of(op.getOperands(), [&](Value v) {
          return definedOutside(v, launch);
        })) {
      if (!isWorkgroup(alloca.getType()) &&
          addPerThread(alloca.getResult(), op.getLoc()))
        continue;
      // Workgroup memory: one buffer per block. Private: see `privates`.
      Operation *copy = pro.clone(op, blockMap);
      copy->getResult(0).setType(stripGpuSpace(alloca.getType()));
      continue;
    }
    // The same for every thread: computed once per block.
    if (op.getNumRegions() == 0 && op.getNumResults() != 0 &&
        isMemoryEffectFree(&op) &&
        llvm::all_of(op.getOperands(),
                     [&](Value v) { return availableAtBlockLevel(v); })) {
      b.clone(op, blockMap);
      continue;
    }
    segment.push_back(&op);
  }
  return flush();
}

Emulator::Thread Emulator::threadLoops(OpBuilder &b, Location loc) {
  Thread t;
  if (order == ThreadOrder::Shuffle) {
    auto loop = scf::ForOp::create(b, loc, zero, numThreads, one);
    t.loop = loop;
    b.setInsertionPoint(loop.getBody()->getTerminator());
    Value l = loop.getInductionVar();
    Value p = arith::RemUIOp::create(
        b, loc,
        arith::AddIOp::create(
            b, loc, arith::MulIOp::create(b, loc, l, shuffleMul).getResult(),
            shuffleAdd)
            .getResult(),
        numThreads);
    t.x = arith::RemUIOp::create(b, loc, p, blockSize.x);
    Value q = arith::DivUIOp::create(b, loc, p, blockSize.x);
    t.y = arith::RemUIOp::create(b, loc, q, blockSize.y);
    t.z = arith::DivUIOp::create(b, loc, q, blockSize.y);
    t.linear = p;
    return t;
  }
  Value ids[3];
  Value sizes[3] = {blockSize.z, blockSize.y, blockSize.x};
  for (int i = 0; i < 3; ++i) {
    auto loop = scf::ForOp::create(b, loc, zero, sizes[i], one);
    if (i == 0)
      t.loop = loop;
    b.setInsertionPoint(loop.getBody()->getTerminator());
    ids[i] = loop.getInductionVar();
  }
  if (order == ThreadOrder::Reverse)
    for (int i = 0; i < 3; ++i)
      ids[i] = arith::SubIOp::create(
          b, loc, arith::SubIOp::create(b, loc, sizes[i], one).getResult(),
          ids[i]);
  t.z = ids[0];
  t.y = ids[1];
  t.x = ids[2];
  Value zy = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, t.z, blockSize.y).getResult(), t.y);
  t.linear = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, zy, blockSize.x).getResult(), t.x);
  return t;
}

FailureOr<Value> Emulator::arrayFor(Value v, Location loc) {
  auto it = arrays.find(v);
  if (it != arrays.end())
    return it->second;
  Type t = stripGpuSpace(v.getType());
  if (!isStorable(t)) {
    emitError(loc) << "a value of type " << t
                   << " live across a 'gpu.barrier' cannot be kept per thread "
                      "(not emulated)";
    return failure();
  }
  Value array = memref::AllocaOp::create(
      pro, loc, MemRefType::get({ShapedType::kDynamic}, t),
      ValueRange{numThreads});
  arrays[v] = array;
  return array;
}

// Private memory `v` of a static shape gets a per-block buffer with a copy per
// thread; false for other shapes.
bool Emulator::addPerThread(Value v, Location loc) {
  auto type = cast<MemRefType>(stripGpuSpace(v.getType()));
  if (!type.hasStaticShape() || !type.getLayout().isIdentity())
    return false;
  SmallVector<int64_t> shape{ShapedType::kDynamic};
  llvm::append_range(shape, type.getShape());
  Value all = memref::AllocaOp::create(
      pro, loc, MemRefType::get(shape, type.getElementType()),
      ValueRange{numThreads});
  perThread[v] = all;
  perThreadBuffers.insert(all);
  return true;
}

// Thread `linear`'s load or store of its copy of a per-thread buffer, for `op`
// (a load or store of private memory, operands already mapped to `operands`), at
// `b`; null for any other op.
Operation *Emulator::threadAccess(OpBuilder &b, Operation *op,
                                  ValueRange operands, Value linear) {
  if (isa<memref::LoadOp>(op) && perThreadBuffers.contains(operands[0])) {
    SmallVector<Value> indices{linear};
    llvm::append_range(indices, operands.drop_front(1));
    return memref::LoadOp::create(b, op->getLoc(), operands[0], indices);
  }
  if (isa<memref::StoreOp>(op) && perThreadBuffers.contains(operands[1]) &&
      !perThreadBuffers.contains(operands[0])) {
    SmallVector<Value> indices{linear};
    llvm::append_range(indices, operands.drop_front(2));
    return memref::StoreOp::create(b, op->getLoc(), operands[0], operands[1],
                                   indices);
  }
  return nullptr;
}

// Points the loads and stores nested in `copy` (a cloned op) that reach a
// per-thread buffer at thread `linear`'s copy: its index goes first. Any other
// use of such a buffer is not emulated. (No subview: the suite's CPU lowering has
// no expand-strided-metadata.)
LogicalResult Emulator::useThreadCopies(Operation *copy, Value linear) {
  SmallVector<Operation *> users;
  copy->walk([&](Operation *op) {
    if (llvm::any_of(op->getOperands(),
                     [&](Value v) { return perThreadBuffers.contains(v); }))
      users.push_back(op);
  });
  for (Operation *op : users) {
    OpBuilder b(op);
    Operation *mine =
        op == copy ? nullptr
                   : threadAccess(b, op, op->getOperands(), linear);
    if (!mine)
      return op->emitOpError("uses private memory other than by memref.load "
                             "and memref.store (not emulated)");
    op->replaceAllUsesWith(mine);
    op->erase();
  }
  return success();
}

LogicalResult Emulator::emitSegment(Block &src, ArrayRef<Operation *> ops,
                                    OpBuilder &b, const Tail *tail) {
  if (ops.empty())
    return success();
  unsigned segment = numSegments++;
  DenseSet<Operation *> inSegment(ops.begin(), ops.end());
  if (tail)
    inSegment.insert(tail->ops.begin(), tail->ops.end());
  Location loc = ops.front()->getLoc();
  OpBuilder tb = b;
  OpBuilder::InsertionGuard guard(tb);
  Thread t = threadLoops(tb, loc);
  IRMapping map = blockMap;
  gpu::KernelDim3 tid = launch.getThreadIds();
  map.map(tid.x, t.x);
  map.map(tid.y, t.y);
  map.map(tid.z, t.z);

  auto emitOps = [&](ArrayRef<Operation *> list) -> LogicalResult {
    for (Operation *op : list) {
      // Reload what earlier segments left in per-thread arrays.
      WalkResult used = op->walk([&](Operation *inner) {
        for (Value v : inner->getOperands()) {
          if (perThread.contains(v)) {
            map.map(v, perThread.lookup(v));
            continue;
          }
          auto home = privates.find(v);
          if (home != privates.end()) {
            // A loop holding a barrier would carry its contents across it.
            if (home->second != &src) {
              emitError(v.getLoc())
                  << "private memory allocated outside an op that holds a "
                     "'gpu.barrier', and used inside it, is not emulated";
              return WalkResult::interrupt();
            }
            auto [it, fresh] = privateSegment.try_emplace(v, segment);
            if (!fresh && it->second != segment) {
              emitError(v.getLoc())
                  << "private memory live across a 'gpu.barrier' is not "
                     "emulated";
              return WalkResult::interrupt();
            }
          }
          if (map.contains(v))
            continue;
          auto it = arrays.find(v);
          if (it != arrays.end())
            map.map(v, memref::LoadOp::create(tb, loc, it->second,
                                              ValueRange{t.linear})
                           .getResult());
        }
        return WalkResult::advance();
      });
      if (used.wasInterrupted())
        return failure();
      SmallVector<Value> mapped;
      for (Value v : op->getOperands())
        mapped.push_back(map.lookupOrDefault(v));
      Operation *copy = threadAccess(tb, op, mapped, t.linear);
      if (copy)
        map.map(op->getResults(), copy->getResults());
      else if (copy = tb.clone(*op, map);
               failed(useThreadCopies(copy, t.linear)))
        return failure();
      // Keep, per thread, what a later segment (or a hoisted op) reads.
      for (auto [r, nr] : llvm::zip(op->getResults(), copy->getResults())) {
        bool escapes = llvm::any_of(r.getUses(), [&](OpOperand &use) {
          Operation *anc = src.findAncestorOpInBlock(*use.getOwner());
          return !anc || !inSegment.contains(anc) ||
                 (tail && llvm::is_contained(tail->ops, op) !=
                              llvm::is_contained(tail->ops, anc));
        });
        if (!escapes)
          continue;
        FailureOr<Value> array = arrayFor(r, op->getLoc());
        if (failed(array))
          return failure();
        memref::StoreOp::create(tb, op->getLoc(), nr, *array,
                                ValueRange{t.linear});
      }
    }
    return success();
  };
  if (failed(emitOps(ops)))
    return failure();
  if (tail) {
    // The next iteration's first ops, in the same thread loop: no barrier
    // separates them from this iteration's last ones on a GPU.
    auto next = scf::IfOp::create(tb, loc, tail->cond, /*withElse=*/false);
    tb.setInsertionPoint(next.thenBlock()->getTerminator());
    map.map(tail->iv, tail->next);
    if (failed(emitOps(tail->ops)))
      return failure();
  }
  eraseUnused(t.linear, t.loop);
  return success();
}

// `body` gets the loop's ops, `parts` the ops before its first barrier, between
// its first and last, and after its last; false unless the first and the last
// are plain (no barrier inside, no allocation) and not empty: the form
// `emitRotated` takes.
bool Emulator::splitAtBarriers(scf::ForOp f, SmallVectorImpl<Operation *> &body,
                               SmallVectorImpl<ArrayRef<Operation *>> &parts) {
  for (Operation &o : f.getBody()->without_terminator())
    body.push_back(&o);
  auto isBarrier = [](Operation *o) { return isa<gpu::BarrierOp>(o); };
  auto first = llvm::find_if(body, isBarrier);
  if (first == body.end())
    return false;
  size_t fi = first - body.begin();
  size_t li = body.size() - 1 -
              (std::find_if(body.rbegin(), body.rend(), isBarrier) - body.rbegin());
  ArrayRef<Operation *> all(body);
  parts.push_back(all.take_front(fi));
  parts.push_back(li > fi ? all.slice(fi + 1, li - fi - 1)
                          : ArrayRef<Operation *>());
  parts.push_back(all.drop_front(li + 1));
  auto plain = [&](ArrayRef<Operation *> ops) {
    return !ops.empty() && llvm::none_of(ops, [&](Operation *o) {
      return withBarrier.contains(o) || isa<memref::AllocaOp>(o);
    });
  };
  return plain(parts[0]) && plain(parts[2]);
}

// A loop whose body has ops both before its first barrier (`head`) and after its
// last (`last`; `middle` lies between): on a GPU a thread runs the ops after the
// last barrier of one iteration and those before the first barrier of the next
// with no barrier between them, so the emulation runs them in one thread loop
// (the loop rotated: the first ops of iteration `lb` before it, each iteration's
// last ops followed by the next iteration's first). A race between them (a tile
// overwritten before every thread has read it) then shows as a difference
// between thread orders.
LogicalResult Emulator::emitRotated(scf::ForOp f, ArrayRef<Operation *> head,
                                    ArrayRef<Operation *> middle,
                                    ArrayRef<Operation *> last, Value lb,
                                    Value ub, Value step, OpBuilder &b) {
  Location loc = f.getLoc();
  auto pred = f.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                 : arith::CmpIPredicate::slt;
  Value any = arith::CmpIOp::create(b, loc, pred, lb, ub);
  auto entered = scf::IfOp::create(b, loc, any, /*withElse=*/false);
  OpBuilder eb = OpBuilder::atBlockTerminator(entered.thenBlock());
  blockMap.map(f.getInductionVar(), lb);
  if (failed(emitSegment(*f.getBody(), head, eb)))
    return failure();
  auto loop = scf::ForOp::create(eb, loc, lb, ub, step, ValueRange{}, nullptr,
                                 f.getUnsignedCmp());
  blockMap.map(f.getInductionVar(), loop.getInductionVar());
  OpBuilder inner = OpBuilder::atBlockTerminator(loop.getBody());
  if (failed(emitRange(*f.getBody(), middle, inner)))
    return failure();
  Value next = arith::AddIOp::create(inner, loc, loop.getInductionVar(), step);
  Value more = arith::CmpIOp::create(inner, loc, pred, next, ub);
  Tail tail{head, f.getInductionVar(), next, more};
  return emitSegment(*f.getBody(), last, inner, &tail);
}

LogicalResult Emulator::emitHoisted(Operation *op, OpBuilder &b) {
  Location loc = op->getLoc();
  // The checks made these operands thread-uniform: thread 0's value will do.
  auto uniform = [&](Value v) -> Value {
    if (Value m = blockMap.lookupOrNull(v))
      return m;
    if (definedOutside(v, launch))
      return v;
    auto it = arrays.find(v);
    if (it == arrays.end())
      return nullptr;
    return memref::LoadOp::create(b, loc, it->second, ValueRange{zero});
  };
  if (auto f = dyn_cast<scf::ForOp>(op)) {
    Value lb = uniform(f.getLowerBound()), ub = uniform(f.getUpperBound()),
          step = uniform(f.getStep());
    if (!lb || !ub || !step || !f.getInitArgs().empty())
      return op->emitOpError("holds a barrier but cannot be hoisted out of "
                             "the thread loops");
    SmallVector<Operation *> body;
    SmallVector<ArrayRef<Operation *>> parts;
    if (splitAtBarriers(f, body, parts))
      return emitRotated(f, parts[0], parts[1], parts[2], lb, ub, step, b);
    auto loop = scf::ForOp::create(b, loc, lb, ub, step, ValueRange{}, nullptr,
                                   f.getUnsignedCmp());
    blockMap.map(f.getInductionVar(), loop.getInductionVar());
    OpBuilder inner = OpBuilder::atBlockTerminator(loop.getBody());
    return emitBlock(*f.getBody(), inner);
  }
  if (auto i = dyn_cast<scf::IfOp>(op)) {
    Value cond = uniform(i.getCondition());
    if (!cond || i->getNumResults() != 0)
      return op->emitOpError("holds a barrier but cannot be hoisted out of "
                             "the thread loops");
    bool hasElse = !i.getElseRegion().empty();
    auto branch = scf::IfOp::create(b, loc, cond, hasElse);
    OpBuilder thenB = OpBuilder::atBlockTerminator(branch.thenBlock());
    if (failed(emitBlock(*i.thenBlock(), thenB)))
      return failure();
    if (!hasElse)
      return success();
    OpBuilder elseB = OpBuilder::atBlockTerminator(branch.elseBlock());
    return emitBlock(*i.elseBlock(), elseB);
  }
  return op->emitOpError("holds a barrier and is not emulated");
}

//===----------------------------------------------------------------------===//
// The pass.
//===----------------------------------------------------------------------===//

struct GpuEmulatePass
    : public PassWrapper<GpuEmulatePass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(GpuEmulatePass)
  GpuEmulatePass() = default;
  GpuEmulatePass(const GpuEmulatePass &other) : PassWrapper(other) {}

  StringRef getArgument() const final { return "tessel-gpu-emulate"; }
  StringRef getDescription() const final {
    return "Run gpu.launch bodies on the CPU: blocks as an scf.parallel, "
           "threads as loops split at barriers (for checking GPU-mapped code "
           "without a GPU)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<affine::AffineDialect, arith::ArithDialect,
                    gpu::GPUDialect, memref::MemRefDialect, scf::SCFDialect>();
  }

  Option<ThreadOrder> threadOrder{
      *this, "thread-order",
      llvm::cl::desc("The order the threads of a block run in between two "
                     "barriers; results that differ between orders reveal a "
                     "race (default: forward)"),
      llvm::cl::init(ThreadOrder::Forward),
      llvm::cl::values(
          clEnumValN(ThreadOrder::Forward, "forward",
                     "ascending ids, x fastest"),
          clEnumValN(ThreadOrder::Reverse, "reverse",
                     "descending ids, x fastest"),
          clEnumValN(ThreadOrder::Shuffle, "shuffle",
                     "a fixed pseudo-random permutation of the linear ids"))};

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    SmallVector<gpu::LaunchOp> launches;
    func.walk([&](gpu::LaunchOp l) { launches.push_back(l); });
    bool ok = true;
    for (gpu::LaunchOp l : launches)
      ok &= succeeded(checkLaunch(l));
    ok &= succeeded(checkHost(func));
    if (!ok)
      return signalPassFailure();

    // Build every emulation from a prepared copy; drop them all if one fails.
    SmallVector<Operation *> built, copies;
    for (gpu::LaunchOp l : launches) {
      OpBuilder b(l);
      auto copy = cast<gpu::LaunchOp>(b.clone(*l.getOperation()));
      copies.push_back(copy);
      DenseMap<Value, Block *> privates;
      if (failed(prepareCopy(copy, privates)) ||
          failed(Emulator(copy, ThreadOrder(threadOrder), std::move(privates))
                     .run(built))) {
        // Users first: the block loops, then the constants they read.
        for (Operation *op : llvm::reverse(built))
          op->erase();
        for (Operation *op : copies)
          op->erase();
        return signalPassFailure();
      }
    }
    for (Operation *op : copies)
      op->erase();
    for (gpu::LaunchOp l : launches)
      l->erase();
    convertHost(func);
  }
};

} // namespace

// Called by `tessel_register_passes` (registration.cpp).
void registerTesselGpuEmulatePass() { PassRegistration<GpuEmulatePass>(); }
