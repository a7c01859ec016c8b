// One function under the clang front end: the function, its analysis manager, and
// the analyses Rust asks for, fetched on first use and forgotten on invalidation
// (llvm_abi.h's TesselFunction).

#ifndef TESSEL_LLVM_FUNCTION_H
#define TESSEL_LLVM_FUNCTION_H

#include "llvm_abi.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/PassManager.h"

namespace tessel {

// The remarks' pass name (-Rpass=tessel).
constexpr const char *kRemarkName = "tessel";

class FunctionState {
public:
  FunctionState(llvm::Function &f, llvm::FunctionAnalysisManager &fam) : f(f), fam(fam) {}

  static FunctionState &of(TesselFunction *handle) {
    return *reinterpret_cast<FunctionState *>(handle);
  }
  TesselFunction *handle() { return reinterpret_cast<TesselFunction *>(this); }

  llvm::Function &function() { return f; }
  llvm::ScalarEvolution &se() { return get<llvm::ScalarEvolutionAnalysis>(); }
  llvm::LoopInfo &li() { return get<llvm::LoopAnalysis>(); }
  llvm::DominatorTree &dt() { return get<llvm::DominatorTreeAnalysis>(); }
  llvm::PostDominatorTree &pdt() { return get<llvm::PostDominatorTreeAnalysis>(); }
  llvm::AAResults &aa() { return get<llvm::AAManager>(); }
  llvm::TargetLibraryInfo &tli() { return get<llvm::TargetLibraryAnalysis>(); }
  llvm::OptimizationRemarkEmitter &ore() {
    return get<llvm::OptimizationRemarkEmitterAnalysis>();
  }
  // The CFG changed: every analysis is recomputed on its next use.
  void invalidate() { fam.invalidate(f, llvm::PreservedAnalyses::none()); }

private:
  template <typename Analysis> typename Analysis::Result &get() {
    return fam.getResult<Analysis>(f);
  }
  llvm::Function &f;
  llvm::FunctionAnalysisManager &fam;
};

} // namespace tessel

#endif
