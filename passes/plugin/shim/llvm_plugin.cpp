// Tessel as a pass plugin of clang/opt (issue 12): SCoP detection on LLVM IR, in the
// manner of Polly's ScopDetection, and the detected nests handed to the core.
//
//   clang -O3 -fopenmp -g -fpass-plugin=libtessel.so -Rpass=tessel -Rpass-missed=tessel
//
// The pass runs at PipelineStart after a canonicalization prefix (the default, as
// Polly's early position) or at VectorizerStart (-mllvm -tessel-position=
// vectorizer-start). For each outermost loop it either reports the static control
// part it found (loops, accesses, arrays and the subscripts delinearization
// recovered) and hands it to llvm_scop.cpp, or names the first construct that keeps
// the nest out of the polyhedral model, with its source line, and tries the nests
// inside it.
//
// The entry point, `llvmGetPassPluginInfo`, is defined in Rust (a cdylib exports only
// Rust symbols; passes/mlir/src/ir/plugin_abi.rs) and hands LLVM
// `tessel_llvm_register_callbacks` below.

#include "llvm_scop.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/Delinearization.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/IndVarSimplify.h"
#include "llvm/Transforms/Scalar/LICM.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Scalar/LoopRotation.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"

#include <algorithm>
#include <optional>
#include <variant>

using namespace llvm;

namespace {

enum class Position { Early, VectorizerStart };

cl::opt<Position> TesselPosition(
    "tessel-position", cl::desc("Where in clang's pipeline Tessel runs"),
    cl::values(clEnumValN(Position::Early, "early",
                          "at the pipeline's start, after a canonicalization prefix "
                          "(SROA, EarlyCSE, InstCombine, SimplifyCFG, loop rotation, "
                          "LICM, IndVarSimplify, InstCombine), as Polly's early position "
                          "(the default: clang's own loop passes have not versioned, "
                          "unswitched or turned loops into memsets yet)"),
               clEnumValN(Position::VectorizerStart, "vectorizer-start",
                          "at the vectorizer's start, where Polly runs by default")),
    cl::init(Position::Early), cl::Hidden);

using tessel::kRemarkName;

// Why a loop nest is not a SCoP; the remark's text comes from here (Polly's
// RejectReasonKind).
enum class Reject {
  NotSimplified,   // several entries from outside, or several latches
  NoTripCount,     // the backedge-taken count is unknown
  NonAffineBound,  // the trip count is not affine in outer IVs and parameters
  NonAffineBranch, // a condition that is not an affine comparison
  NonAffineAccess, // an address that is not affine
  NoBasePointer,   // an address with no base pointer invariant in the nest
  UnknownCall,     // a call that may read or write memory
  VolatileOrAtomic,
  OtherMemory,     // a memory instruction other than a plain load or store
  Irreducible,     // a loop exit that is not the latch's
};

const char *describe(Reject r) {
  switch (r) {
  case Reject::NotSimplified:
    return "the loop is not in canonical form (several entries or several latches)";
  case Reject::NoTripCount:
    return "the loop's trip count cannot be computed";
  case Reject::NonAffineBound:
    return "the loop's trip count is not affine in the outer loop counters and "
           "parameters";
  case Reject::NonAffineBranch:
    return "a branch condition is not an affine comparison";
  case Reject::NonAffineAccess:
    return "an array subscript is not affine";
  case Reject::NoBasePointer:
    return "an address has no base pointer that stays the same across the nest";
  case Reject::UnknownCall:
    return "a call may read or write memory";
  case Reject::VolatileOrAtomic:
    return "a volatile or atomic memory access";
  case Reject::OtherMemory:
    return "a memory instruction other than a load or a store";
  case Reject::Irreducible:
    return "the loop has an exit other than its latch";
  }
  return "unknown reason";
}

// What detection found in a nest.
struct Found {
  unsigned depth = 0;
  unsigned loops = 0;
  unsigned reads = 0;
  unsigned writes = 0;
  unsigned delinearized = 0; // accesses with recovered multi-dimensional subscripts
  SmallPtrSet<const SCEV *, 8> arrays;
  SmallPtrSet<const SCEV *, 8> params;
};

struct Failure {
  Reject reason;
  const Instruction *at;       // where, for the remark's location (may be null)
  const SCEV *expr = nullptr;  // the expression at fault, when there is one
};

// Affine expressions in the loops of the nest (outermost `outer`), with the values
// defined outside it as parameters: constants, parameters, sums, products by a
// constant, and add-recurrences of the nest's loops with affine start and constant
// step; extensions and truncations of affine expressions, as front ends emit for
// `int` counters (Polly accepts them the same way); divisions by a constant
// (quasi-affine).
class AffineCheck {
public:
  AffineCheck(ScalarEvolution &se, const Loop *outer, Found &found)
      : se(se), outer(outer), found(found) {}

  bool affine(const SCEV *s) {
    switch (s->getSCEVType()) {
    case scConstant:
      return true;
    case scUnknown: {
      Value *v = cast<SCEVUnknown>(s)->getValue();
      if (auto *inst = dyn_cast<Instruction>(v))
        if (outer->contains(inst))
          return false;
      found.params.insert(s);
      return true;
    }
    case scAddExpr:
      for (const SCEV *op : cast<SCEVAddExpr>(s)->operands())
        if (!affine(op))
          return false;
      return true;
    case scMulExpr: {
      unsigned non_constant = 0;
      for (const SCEV *op : cast<SCEVMulExpr>(s)->operands()) {
        if (isa<SCEVConstant>(op))
          continue;
        // A product of parameters is still invariant in the nest: a parameter
        // of its own (e.g. a row size times a row index of an outer loop is not).
        if (se.isLoopInvariant(op, outer) && affine(op))
          continue;
        if (++non_constant > 1 || !affine(op))
          return false;
      }
      return true;
    }
    case scAddRecExpr: {
      auto *rec = cast<SCEVAddRecExpr>(s);
      if (!outer->contains(rec->getLoop()) || !rec->isAffine())
        return false;
      return affine(rec->getStart()) &&
             isa<SCEVConstant>(rec->getStepRecurrence(se));
    }
    case scUDivExpr: {
      // Unsigned division by a constant of an affine expression: a floor division
      // (quasi-affine, as isl's and affine maps' floordiv), `(i * j) % 7` excepted
      // by its product.
      auto *div = cast<SCEVUDivExpr>(s);
      return isa<SCEVConstant>(div->getRHS()) && affine(div->getLHS());
    }
    case scZeroExtend:
    case scSignExtend:
    case scTruncate:
    case scPtrToInt:
      return affine(cast<SCEVCastExpr>(s)->getOperand());
    case scSMaxExpr:
    case scSMinExpr:
    case scUMaxExpr:
    case scUMinExpr:
    case scSequentialUMinExpr:
      // Bounds such as min(n, i + 32): a min or max of affine pieces.
      for (const SCEV *op : cast<SCEVNAryExpr>(s)->operands())
        if (!affine(op))
          return false;
      return true;
    default:
      return false;
    }
  }

private:
  ScalarEvolution &se;
  const Loop *outer;
  Found &found;
};

class Detector {
public:
  Detector(ScalarEvolution &se, LoopInfo &li) : se(se), li(li) {}

  // The nest rooted at `outer`: what it holds, or why it is not a SCoP.
  std::variant<Found, Failure> detect(Loop *outer) {
    Found found;
    AffineCheck check(se, outer, found);
    SmallVector<Loop *, 8> loops;
    loops.push_back(outer);
    for (unsigned i = 0; i < loops.size(); ++i)
      for (Loop *sub : loops[i]->getSubLoops())
        loops.push_back(sub);
    for (Loop *l : loops) {
      const Instruction *first = &*l->getHeader()->getFirstNonPHIIt();
      if (!l->getLoopPredecessor() || !l->getLoopLatch())
        return Failure{Reject::NotSimplified, first};
      if (!l->getExitingBlock() || l->getExitingBlock() != l->getLoopLatch())
        return Failure{Reject::Irreducible, first};
      const SCEV *count = tessel::backedgeCount(se, outer, l, nullptr);
      if (isa<SCEVCouldNotCompute>(count))
        return Failure{Reject::NoTripCount, first};
      if (!check.affine(count))
        return Failure{Reject::NonAffineBound, first, count};
      ++found.loops;
      found.depth = std::max(found.depth, l->getLoopDepth() -
                                              outer->getLoopDepth() + 1);
    }
    for (BasicBlock *block : outer->blocks()) {
      for (Instruction &inst : *block) {
        if (auto failure = instruction(inst, outer, check, found))
          return *failure;
      }
    }
    return found;
  }

private:
  std::optional<Failure> instruction(Instruction &inst, Loop *outer,
                                     AffineCheck &check, Found &found) {
    if (auto *branch = dyn_cast<BranchInst>(&inst)) {
      if (!branch->isConditional())
        return std::nullopt;
      Loop *l = li.getLoopFor(branch->getParent());
      if (l && l->getLoopLatch() == branch->getParent())
        return std::nullopt; // the latch's test: the trip count covers it
      const SCEV *culprit = nullptr;
      if (!affine_condition(branch->getCondition(), l, check, culprit))
        return Failure{Reject::NonAffineBranch, &inst, culprit};
      return std::nullopt;
    }
    if (isa<SwitchInst>(inst) || isa<IndirectBrInst>(inst))
      return Failure{Reject::NonAffineBranch, &inst};
    if (auto *call = dyn_cast<CallBase>(&inst)) {
      if (isa<DbgInfoIntrinsic>(call) || call->doesNotAccessMemory())
        return std::nullopt;
      if (auto *intrinsic = dyn_cast<IntrinsicInst>(call))
        if (intrinsic->isAssumeLikeIntrinsic())
          return std::nullopt;
      return Failure{Reject::UnknownCall, &inst};
    }
    Value *pointer = nullptr;
    bool write = false;
    if (auto *load = dyn_cast<LoadInst>(&inst)) {
      if (!load->isSimple())
        return Failure{Reject::VolatileOrAtomic, &inst};
      pointer = load->getPointerOperand();
    } else if (auto *store = dyn_cast<StoreInst>(&inst)) {
      if (!store->isSimple())
        return Failure{Reject::VolatileOrAtomic, &inst};
      pointer = store->getPointerOperand();
      write = true;
    } else if (inst.mayReadOrWriteMemory()) {
      return Failure{Reject::OtherMemory, &inst};
    } else {
      return std::nullopt;
    }
    Loop *scope = li.getLoopFor(inst.getParent());
    const SCEV *address = se.getSCEVAtScope(pointer, scope);
    const SCEV *base = se.getPointerBase(address);
    auto *unknown = dyn_cast<SCEVUnknown>(base);
    if (!unknown)
      return Failure{Reject::NoBasePointer, &inst};
    if (auto *def = dyn_cast<Instruction>(unknown->getValue()))
      if (outer->contains(def))
        return Failure{Reject::NoBasePointer, &inst};
    const SCEV *offset =
        tessel::widenSignExtensions(se, outer, se.getMinusSCEV(address, base), nullptr);
    // Subscripts: parametric sizes from the offset's terms (delinearize: `C[i][j]`
    // of a VLA is `(i * nj + j) * 8`, not affine until split), or the constant
    // sizes of a fixed-size array; one dimension, the offset, when neither applies.
    SmallVector<const SCEV *, 4> subscripts, sizes;
    const SCEV *element_size = se.getElementSize(&inst);
    delinearize(se, offset, subscripts, sizes, element_size);
    if (subscripts.size() < 2) {
      subscripts.clear();
      sizes.clear();
      if (!delinearizeFixedSizeArray(se, offset, subscripts, sizes, element_size))
        subscripts.clear();
    }
    if (subscripts.size() >= 2) {
      for (const SCEV *size : sizes)
        if (!se.isLoopInvariant(size, outer) || !check.affine(size))
          return Failure{Reject::NonAffineAccess, &inst, size};
      for (const SCEV *subscript : subscripts)
        if (!check.affine(subscript))
          return Failure{Reject::NonAffineAccess, &inst, subscript};
      ++found.delinearized;
    } else if (!check.affine(offset)) {
      return Failure{Reject::NonAffineAccess, &inst, offset};
    }
    found.arrays.insert(base);
    ++(write ? found.writes : found.reads);
    return std::nullopt;
  }

  // A condition built of affine comparisons with and, or (also in select form, as
  // InstCombine writes them) and constants; `culprit` gets the first non-affine
  // side of a comparison.
  bool affine_condition(Value *condition, Loop *scope, AffineCheck &check,
                        const SCEV *&culprit, unsigned depth = 0) {
    if (depth > 16)
      return false;
    if (isa<Constant>(condition))
      return true;
    if (auto *cmp = dyn_cast<ICmpInst>(condition)) {
      for (Value *operand : cmp->operands()) {
        const SCEV *side = se.getSCEVAtScope(operand, scope);
        if (!check.affine(side)) {
          culprit = side;
          return false;
        }
      }
      return true;
    }
    auto *inst = dyn_cast<Instruction>(condition);
    if (!inst || !inst->getType()->isIntegerTy(1))
      return false;
    if (inst->getOpcode() == Instruction::And || inst->getOpcode() == Instruction::Or ||
        isa<SelectInst>(inst)) {
      for (Value *operand : inst->operands())
        if (!affine_condition(operand, scope, check, culprit, depth + 1))
          return false;
      return true;
    }
    return false;
  }

  ScalarEvolution &se;
  LoopInfo &li;
};

DebugLoc location_of(const Loop *l, const Instruction *at) {
  if (at && at->getDebugLoc())
    return at->getDebugLoc();
  return l->getStartLoc();
}

struct ScopDetectionPass : PassInfoMixin<ScopDetectionPass> {
  // `badOptions`: why the -mllvm -tessel-* options are invalid, or "".
  explicit ScopDetectionPass(std::string badOptions)
      : badOptions(std::make_shared<BadOptions>(BadOptions{std::move(badOptions), false})) {}

  PreservedAnalyses run(Function &f, FunctionAnalysisManager &fam) {
    if (f.isDeclaration() || f.hasFnAttribute(tessel::kGeneratedAttribute))
      return PreservedAnalyses::all();
    if (!badOptions->message.empty()) {
      // One error for the compilation (clang then fails it), and nothing done.
      if (!badOptions->reported)
        f.getContext().diagnose(DiagnosticInfoGeneric(badOptions->message, DS_Error));
      badOptions->reported = true;
      return PreservedAnalyses::all();
    }
    // Nests already visited, by header: a replaced nest stays as the fallback.
    SmallPtrSet<BasicBlock *, 16> visited;
    unsigned optimized = 0;
    bool changed = true;
    while (changed) {
      changed = false;
      auto &li = fam.getResult<LoopAnalysis>(f);
      auto &se = fam.getResult<ScalarEvolutionAnalysis>(f);
      auto &ore = fam.getResult<OptimizationRemarkEmitterAnalysis>(f);
      Detector detector(se, li);
      SmallVector<Loop *, 8> work(li.getTopLevelLoops().begin(), li.getTopLevelLoops().end());
      while (!work.empty() && !changed) {
        Loop *outer = work.pop_back_val();
        if (!visited.insert(outer->getHeader()).second)
          continue;
        auto result = detector.detect(outer);
        if (auto *found = std::get_if<Found>(&result)) {
          report(ore, outer, *found);
          if (tessel::optimizeNest(outer, f, fam, ore, optimized)) {
            ++optimized;
            changed = true;
            // The CFG changed: every analysis is recomputed for the next nest.
            fam.invalidate(f, PreservedAnalyses::none());
          }
        } else {
          report(ore, outer, std::get<Failure>(result));
          // Polly's region expansion in reverse: the inner nests may still be SCoPs.
          for (Loop *sub : outer->getSubLoops())
            work.push_back(sub);
        }
      }
    }
    return optimized ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }
  static bool isRequired() { return false; }

private:
  struct BadOptions {
    std::string message; // empty: the options are fine
    bool reported;
  };
  // Shared by the pass's copies, so that the error is reported once.
  std::shared_ptr<BadOptions> badOptions;

  static void report(OptimizationRemarkEmitter &ore, Loop *outer, const Found &found) {
    ore.emit([&] {
      return OptimizationRemarkAnalysis(kRemarkName, "ScopDetected", outer->getStartLoc(),
                                        outer->getHeader())
             << "SCoP: a nest of " << ore::NV("Loops", found.loops) << " loops, depth "
             << ore::NV("Depth", found.depth) << ", " << ore::NV("Reads", found.reads)
             << " reads and " << ore::NV("Writes", found.writes) << " writes of "
             << ore::NV("Arrays", unsigned(found.arrays.size())) << " arrays ("
             << ore::NV("Delinearized", found.delinearized)
             << " accesses with multi-dimensional subscripts), "
             << ore::NV("Params", unsigned(found.params.size())) << " parameters";
    });
  }
  static void report(OptimizationRemarkEmitter &ore, Loop *outer, const Failure &failure) {
    ore.emit([&] {
      OptimizationRemarkMissed remark(kRemarkName, "ScopRejected",
                                      location_of(outer, failure.at), outer->getHeader());
      remark << "loop nest left alone: " << describe(failure.reason);
      if (failure.expr)
        remark << " (" << tessel::printed(failure.expr) << ")";
      return remark;
    });
  }
};

} // namespace

// Polly's canonicalization prefix, in short: at the pipeline's start loop counters
// still live in allocas and loops are tested at the top, so SROA puts them in
// registers, loop rotation gives each loop its latch test and LICM hoists
// invariant bounds, which SCEV's trip counts and the detection expect.
FunctionPassManager canonicalization() {
  FunctionPassManager fpm;
  fpm.addPass(SROAPass(SROAOptions::ModifyCFG));
  fpm.addPass(EarlyCSEPass());
  fpm.addPass(InstCombinePass());
  fpm.addPass(SimplifyCFGPass());
  LoopPassManager lpm;
  lpm.addPass(LoopRotatePass());
  // LICM hoists invariant bounds, but must not promote memory to registers: a
  // promoted `tmp[i][j] += ...` becomes a scalar carried around `k`, which chains
  // the iterations and keeps 2mm's nest from being tiled (a promotion cap of 0
  // accesses disables promotion; clang's own LICM promotes later).
  lpm.addPass(LICMPass(LICMOptions(SetLicmMssaOptCap, /*MssaNoAccForPromotionCap=*/0,
                                   /*AllowSpeculation=*/true)));
  lpm.addPass(IndVarSimplifyPass());
  fpm.addPass(createFunctionToLoopPassAdaptor(std::move(lpm), /*UseMemorySSA=*/true));
  // Rotation leaves phis of one value at the exits of inner loops (n - 1 twice),
  // which SCEV can't see through in the outer loop's bounds.
  fpm.addPass(InstCombinePass());
  return fpm;
}

// Both positions are registered; -tessel-position is read when the pipeline is
// built, after -mllvm options are parsed.
extern "C" void tessel_llvm_register_callbacks(PassBuilder &pb) {
  pb.registerPipelineStartEPCallback(
      [](ModulePassManager &mpm, OptimizationLevel level) {
        if (TesselPosition != Position::Early || level == OptimizationLevel::O0)
          return;
        FunctionPassManager fpm = canonicalization();
        fpm.addPass(ScopDetectionPass(tessel::checkCommandLineOptions()));
        mpm.addPass(createModuleToFunctionPassAdaptor(std::move(fpm)));
      });
  pb.registerVectorizerStartEPCallback(
      [](FunctionPassManager &fpm, OptimizationLevel) {
        if (TesselPosition == Position::VectorizerStart) {
          fpm.addPass(ScopDetectionPass(tessel::checkCommandLineOptions()));
        }
      });
}
