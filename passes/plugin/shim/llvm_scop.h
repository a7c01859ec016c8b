// Tessel from clang (issue 12): what the LLVM-side pieces of the pass plugin share.
//
//   llvm_plugin.cpp  the pass, its registration and SCoP detection (Polly's
//                    ScopDetection);
//   llvm_scop.cpp    a detected nest as an `affine` function (Polly's ScopBuilder,
//                    but into the MLIR form the core already optimizes), the run-time
//                    check, and the nest replaced by a call behind it;
//   llvm_core.cpp    that function through tessel-optimize and the MLIR lowering,
//                    in-process, back into clang's LLVMContext.

#ifndef TESSEL_LLVM_SCOP_H
#define TESSEL_LLVM_SCOP_H

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"

#include <memory>
#include <string>
#include <vector>

namespace tessel {

// The remarks' pass name (-Rpass=tessel).
constexpr const char *kRemarkName = "tessel";
// The attribute of the functions this plugin generated: the pass leaves them alone.
constexpr const char *kGeneratedAttribute = "tessel-generated";

// What the core made of one `affine` function.
struct CoreResult {
  std::unique_ptr<llvm::Module> module; // null on failure
  std::string error;                    // why, when `module` is null
  std::vector<std::string> remarks;     // tessel-optimize's remarks, in order
};

// Runs `builtin.module(func.func(tessel-optimize{options}), <lowering>)` on the
// MLIR text `source` and translates the result into a module of `context`.
CoreResult runCore(const std::string &source, const std::string &options,
                   llvm::LLVMContext &context);

// The `tessel-optimize` options given with -mllvm -tessel-<name>=<value>, as the
// pass's option string (without braces); empty when none are given.
std::string optionsFromCommandLine();

// Checks those options once, when clang builds its pipeline: the error, or "". The
// pass reports a bad value once, as an error that fails the compilation (as a bad
// -mllvm value of clang's own does), instead of one remark per loop nest.
std::string checkCommandLineOptions();

// `s` as ScalarEvolution prints it, for remarks.
std::string printed(const llvm::SCEV *s);

// `a <predicate> b` as ScalarEvolution prints them, for remarks.
std::string printed(llvm::CmpInst::Predicate p, const llvm::SCEV *a, const llvm::SCEV *b);

// A value computed in a narrow integer type that the model takes as computed wide.
struct NarrowValue {
  const llvm::SCEV *wide;
  unsigned bits;   // the narrow type's width
  bool isUnsigned; // its range: [0, 2^bits) rather than [-2^(bits-1), 2^(bits-1))
};

// C's `int` subscript arithmetic after InstCombine: `A[i*n + i]` is `sext (i*(n +
// 1))`, the `nsw` gone with the factoring, so SCEV keeps `sext {0,+,(1 + n)}`, which
// delinearization can't see through. Each sign extension of an add recurrence, sum
// or product is rewritten over its operands' extensions: the same value while the
// narrow one stays in its type's range, which the run-time check then requires of
// each expression put in `widened` (detection passes null: it only looks). `nest`
// is the outermost loop of the nest.
const llvm::SCEV *widenSignExtensions(llvm::ScalarEvolution &se, const llvm::Loop *nest,
                                      const llvm::SCEV *s,
                                      llvm::SmallVectorImpl<NarrowValue> *widened);

// The backedge-taken count of `loop`, in the nest rooted at `nest`. Where SCEV has
// none because the exit test is on an `int` copy of a wide counter (`k + 1 < j`
// compiled as `sext(trunc(k + 1)) < j`), the count SCEV predicates on that `int`
// recurrence not wrapping, taken wide (widenSignExtensions) with the smax of a
// guarded entry resolved; the no-wrap goes into `widened` as the range of the
// recurrence taken wide, which the run-time check requires. SCEVCouldNotCompute
// when neither.
const llvm::SCEV *backedgeCount(llvm::ScalarEvolution &se, const llvm::Loop *nest,
                                const llvm::Loop *loop,
                                llvm::SmallVectorImpl<NarrowValue> *widened);

// Replaces the nest rooted at `outer` (which detection accepted) by a call of its
// optimized version behind a run-time check. Returns true if the IR changed; emits
// a remark either way.
bool optimizeNest(llvm::Loop *outer, llvm::Function &function,
                  llvm::FunctionAnalysisManager &fam,
                  llvm::OptimizationRemarkEmitter &ore, unsigned index);

} // namespace tessel

#endif
