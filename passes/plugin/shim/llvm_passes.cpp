// Tessel as a pass plugin of clang and opt: the pass registration, which LLVM's new
// pass manager offers to C++ only.
//
//   clang -O3 -fopenmp -g -fpass-plugin=libtessel.so -Rpass=tessel -Rpass-missed=tessel
//
// The pass runs at PipelineStart after a canonicalization prefix (the default, as
// Polly's early position), then at VectorizerStart again for the nests a call kept
// out of the model (-mllvm -tessel-retry-after-inlining), or only at VectorizerStart
// (-mllvm -tessel-position=vectorizer-start). For each function with a loop it hands the function to the
// Rust front end (passes/llvm/src/), which detects the SCoPs and, for a nest worth
// optimizing, loads the core (passes/plugin/core/), which builds its `affine` form,
// runs the core and splices the result in; both ask the analyses through the C ABI
// of llvm_abi.h (passes/llvm/shim/llvm_analyses.cpp). Remarks go through the
// function's OptimizationRemarkEmitter.
//
// The entry point, `llvmGetPassPluginInfo`, is defined in Rust (a cdylib exports only
// Rust symbols; passes/plugin/src/abi.rs) and hands LLVM
// `tessel_llvm_register_callbacks` below.

#include "llvm_function.h"

#include "llvm/Analysis/CFG.h"
#include "llvm/IR/DiagnosticInfo.h"
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
#include "llvm/Transforms/Utils/LoopSimplify.h"

#include <memory>
#include <string>

using namespace llvm;
using tessel::FunctionState;
using tessel::kRemarkName;

namespace {

// The attribute of the functions this plugin generated: the pass leaves them alone.
constexpr const char *kGeneratedAttribute = "tessel-generated";

#include "tessel_llvm_options.inc"

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

cl::opt<bool> TesselRetryAfterInlining(
    "tessel-retry-after-inlining",
    cl::desc("At the early position, try a nest that a call keeps out of the model again "
             "at the vectorizer's start, after the inliner (where Polly runs): the call's "
             "helper may have been inlined by then"),
    cl::init(true), cl::Hidden);

// Which nests a run of the pass takes (passes/llvm/src/function.rs, `Stage`).
enum class Stage : unsigned { Every = 0, BeforeInlining = 1, AfterInlining = 2 };

// The loop metadata string that marks a nest for the try after the inliner (the
// Rust side's RETRY_MARK).
constexpr const char *kRetryMark = "tessel.retry_after_inlining";

cl::opt<bool> TesselCountRuns(
    "tessel-count-runs",
    cl::desc("Count, per optimized nest, how often the program runs it and how often the "
             "run-time check lets the optimized code run; print the counts to stderr at "
             "exit"),
    cl::init(false), cl::Hidden);

cl::opt<bool> TesselSingleLoops(
    "tessel-single-loops",
    cl::desc("Optimize SCoPs of a single loop too (by default left to -O3, as Polly "
             "leaves them)"),
    cl::init(false), cl::Hidden);

// The `tessel-optimize` options given with -mllvm -tessel-<name>=<value>, as the
// pass's option string (without braces); empty when none are given.
std::string optionsFromCommandLine() {
  std::string options;
  for (const auto &[name, opt] : kCommandLineOptions) {
    if (opt->getNumOccurrences() == 0)
      continue;
    if (!options.empty())
      options += ' ';
    options += name;
    options += '=';
    options += opt->getValue();
  }
  return options;
}

void assign(void *sink, const char *text, size_t len) {
  static_cast<std::string *>(sink)->assign(text, len);
}

// Checks the options once, when clang builds its pipeline: the error, or "". The
// pass reports a bad value once, as an error that fails the compilation (as a bad
// -mllvm value of clang's own does), instead of one remark per loop nest.
std::string checkCommandLineOptions(const std::string &options) {
  std::string error;
  if (!options.empty() && tessel_llvm_check_options(options.data(), options.size(), assign, &error))
    return "tessel: bad -mllvm -tessel-* option (" + options + "): " + error;
  return "";
}

// Whether a loop of `f` carries the retry mark (its latch's `llvm.loop` metadata), found
// without LoopInfo: after the inliner most functions have none.
bool hasMarkedLoop(const Function &f) {
  for (const BasicBlock &block : f) {
    const Instruction *terminator = block.getTerminator();
    const MDNode *loop = terminator ? terminator->getMetadata(LLVMContext::MD_loop) : nullptr;
    if (!loop)
      continue;
    for (const MDOperand &operand : loop->operands()) {
      const auto *entry = dyn_cast_or_null<MDNode>(operand.get());
      const auto *name =
          entry && entry->getNumOperands() > 0 ? dyn_cast<MDString>(entry->getOperand(0)) : nullptr;
      if (name && name->getString() == kRetryMark)
        return true;
    }
  }
  return false;
}

struct ScopDetectionPass : PassInfoMixin<ScopDetectionPass> {
  explicit ScopDetectionPass(Stage stage) : stage(stage) {
    std::string options = optionsFromCommandLine();
    std::string bad = checkCommandLineOptions(options);
    state = std::make_shared<State>(State{options, bad, false});
  }

  PreservedAnalyses run(Function &f, FunctionAnalysisManager &fam) {
    if (f.isDeclaration() || f.hasFnAttribute(kGeneratedAttribute))
      return PreservedAnalyses::all();
    if (!state->badOptions.empty()) {
      // One error for the compilation (clang then fails it), and nothing done.
      if (!state->reported)
        f.getContext().diagnose(DiagnosticInfoGeneric(state->badOptions, DS_Error));
      state->reported = true;
      return PreservedAnalyses::all();
    }
    FunctionState function(f, fam);
    bool changed = tessel_llvm_run_function(function.handle(), wrap(&f), state->options.data(),
                                            state->options.size(), TesselCountRuns,
                                            TesselSingleLoops, static_cast<unsigned>(stage));
    return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }
  static bool isRequired() { return false; }

private:
  struct State {
    std::string options;    // tessel-optimize's, from -mllvm -tessel-*
    std::string badOptions; // why they are invalid, or ""
    bool reported;
  };
  Stage stage;
  // Shared by the pass's copies, so that the error is reported once.
  std::shared_ptr<State> state;
};

// Runs its passes only on the functions `Filter::selects` picks, so that the others
// cost no compile time. Each filter is a pass type of its own (CRTP) rather than a
// predicate value, so that the passes keep their names in -debug-pass-manager,
// -print-after-all and -time-passes.
template <typename Filter> struct OnSelectedFunctions : PassInfoMixin<Filter> {
  explicit OnSelectedFunctions(FunctionPassManager passes) : passes(std::move(passes)) {}
  PreservedAnalyses run(Function &f, FunctionAnalysisManager &fam) {
    if (f.isDeclaration() || !Filter::selects(f))
      return PreservedAnalyses::all();
    return passes.run(f, fam);
  }
  static bool isRequired() { return false; }

private:
  FunctionPassManager passes;
};

// Functions with a loop: the canonicalization prefix and the detection cost a
// function without one compile time for nothing (most functions of real programs;
// measured on speex, whose 67 files compiled 1.34x as long with the plugin).
struct OnFunctionsWithLoops : OnSelectedFunctions<OnFunctionsWithLoops> {
  using OnSelectedFunctions::OnSelectedFunctions;
  // A loop has a back edge: a branch to a block still on a depth-first walk's
  // stack (FindFunctionBackedges, no dominator tree needed).
  static bool selects(const Function &f) {
    SmallVector<std::pair<const BasicBlock *, const BasicBlock *>, 8> edges;
    FindFunctionBackedges(f, edges);
    return !edges.empty();
  }
};

// Functions with a loop marked for the try after the inliner (most functions have
// none by then).
struct OnFunctionsWithMarkedLoops : OnSelectedFunctions<OnFunctionsWithMarkedLoops> {
  using OnSelectedFunctions::OnSelectedFunctions;
  static bool selects(const Function &f) { return hasMarkedLoop(f); }
};

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

} // namespace

extern "C" {

// Both positions are registered; -tessel-position is read when the pipeline is
// built, after -mllvm options are parsed.
void tessel_llvm_register_callbacks(PassBuilder &pb) {
  pb.registerPipelineStartEPCallback([](ModulePassManager &mpm, OptimizationLevel level) {
    if (TesselPosition != Position::Early || level == OptimizationLevel::O0)
      return;
    FunctionPassManager fpm = canonicalization();
    fpm.addPass(ScopDetectionPass(TesselRetryAfterInlining ? Stage::BeforeInlining : Stage::Every));
    mpm.addPass(createModuleToFunctionPassAdaptor(OnFunctionsWithLoops(std::move(fpm))));
  });
  pb.registerVectorizerStartEPCallback([](FunctionPassManager &fpm, OptimizationLevel) {
    if (TesselPosition == Position::VectorizerStart)
      fpm.addPass(ScopDetectionPass(Stage::Every));
    else if (TesselRetryAfterInlining) {
      // The loops are in simplified form again (a preheader and dedicated exits, as
      // after the early prefix's loop passes): the splice needs them.
      FunctionPassManager retry;
      retry.addPass(LoopSimplifyPass());
      retry.addPass(ScopDetectionPass(Stage::AfterInlining));
      fpm.addPass(OnFunctionsWithMarkedLoops(std::move(retry)));
    }
  });
}

} // extern "C"
