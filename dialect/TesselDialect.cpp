//===- TesselDialect.cpp - the Tessel dialect and its registration --------===//
//
// The `tessel` dialect (no ops of its own yet) and the plugin's dialect
// registration: Rust's `mlirGetDialectPluginInfo` (passes/plugin/src/abi.rs; a Rust
// cdylib exports only Rust symbols) hands mlir-opt's DialectRegistry, through the
// core's `tessel_core_register_dialect` (passes/plugin/core/src/abi.rs), to
// `tessel_register_dialect` below.
//
//===----------------------------------------------------------------------------===//

#include "Tessel.h"

#include "TesselDialect.cpp.inc"

void mlir::tessel::TesselDialect::initialize() {}

void mlir::tessel::registerTessel(DialectRegistry &registry) {
  registry.insert<TesselDialect>();
  registerTransformExtension(registry);
}

// Called from Rust with mlir-opt's registry (DialectPluginLibraryInfo's callback).
// Nothing here throws (-fno-exceptions).
extern "C" void tessel_register_dialect(mlir::DialectRegistry *registry) {
  if (registry)
    mlir::tessel::registerTessel(*registry);
}
