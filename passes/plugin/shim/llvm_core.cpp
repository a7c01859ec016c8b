// The core, in-process, for the clang plugin (issue 12): the `affine` function that
// llvm_scop.cpp built goes through the same `tessel-optimize` and the same lowering
// as on the MLIR path (scripts/suite.py's LOWERING_PASSES), and comes back as an
// LLVM module in clang's context. One core, one codegen.

#include "llvm_scop.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <mutex>

extern "C" void tessel_register_passes(); // registration.cpp

namespace {
#include "tessel_llvm_options.inc"

// The MLIR path's lowering (scripts/suite.py, LOWERING_PASSES), in the same order
// and for the same reasons.
constexpr const char *kLowering =
    "lower-affine,convert-scf-to-openmp,finalize-memref-to-llvm,convert-scf-to-cf,"
    "convert-to-llvm,reconcile-unrealized-casts";
} // namespace

namespace tessel {

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

namespace {
void registerOnce() {
  // The passes of the lowering and Tessel's own, once per process: clang has no
  // MLIR pass registry of its own to clash with.
  static std::once_flag registered;
  std::call_once(registered, [] {
    mlir::registerAllPasses();
    tessel_register_passes();
  });
}
} // namespace

std::string checkCommandLineOptions() {
  std::string options = optionsFromCommandLine();
  if (options.empty())
    return "";
  registerOnce();
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  mlir::PassManager pm(&context);
  std::string error;
  llvm::raw_string_ostream errors(error);
  if (mlir::failed(mlir::parsePassPipeline("func.func(tessel-optimize{" + options + "})",
                                           pm, errors)))
    return ("tessel: bad -mllvm -tessel-* option (" + options +
            "): " + llvm::StringRef(errors.str()).trim().split('\n').first)
        .str();
  return "";
}

CoreResult runCore(const std::string &source, const std::string &options,
                   llvm::LLVMContext &llvmContext) {
  registerOnce();
  CoreResult result;
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  // No thread pool inside clang: one SCoP at a time, as the MLIR path compiles it.
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &d) {
    std::string text;
    llvm::raw_string_ostream os(text);
    d.print(os);
    if (d.getSeverity() == mlir::DiagnosticSeverity::Error) {
      if (result.error.empty())
        result.error = os.str();
    } else {
      result.remarks.push_back(os.str());
    }
    return mlir::success();
  });
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(source, &context);
  if (!module) {
    if (result.error.empty())
      result.error = "the affine form of the nest does not parse";
    return result;
  }
  mlir::PassManager pm(&context);
  // The pass manager is anchored on builtin.module already: the pipeline's text
  // is what goes inside `builtin.module(...)`.
  std::string pipeline = "func.func(tessel-optimize{" + options + "})," + kLowering;
  std::string parseError;
  llvm::raw_string_ostream parseErrors(parseError);
  if (mlir::failed(mlir::parsePassPipeline(pipeline, pm, parseErrors))) {
    result.error = "bad pipeline (" + pipeline + "): " + parseErrors.str();
    return result;
  }
  if (mlir::failed(pm.run(*module))) {
    if (result.error.empty())
      result.error = "the pass pipeline failed";
    return result;
  }
  if (std::getenv("TESSEL_DUMP_MLIR")) {
    llvm::errs() << "// tessel: the nest's affine form\n" << source
                 << "// tessel: after " << pipeline << "\n";
    module->print(llvm::errs());
  }
  result.module = mlir::translateModuleToLLVMIR(*module, llvmContext, "tessel");
  if (!result.module && result.error.empty())
    result.error = "the translation to LLVM IR failed";
  return result;
}

} // namespace tessel
