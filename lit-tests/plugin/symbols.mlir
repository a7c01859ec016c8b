// The plugin must bind to its own, statically linked isl, never to the copy of isl
// (Polly's) that Debian's libLLVM.so exports: `nm -D` shows no isl_ symbol, defined
// or undefined (TOOLCHAIN.md, "isl inside the plugin"). It must also share
// mlir-opt's libMLIR.so instead of carrying a second, static MLIR.
//
// RUN: llvm-nm -D %tessel | FileCheck %s --check-prefix=SYMS --implicit-check-not=isl_
// RUN: llvm-nm -D --defined-only %tessel | FileCheck %s --check-prefix=DEF
// RUN: llvm-readelf -d %tessel | FileCheck %s --check-prefix=DYN

// The two entry points: mlir-opt's (--load-pass-plugin) and clang's/opt's
// (-fpass-plugin, LLVM's new pass manager), in symbol order.
// SYMS: llvmGetPassPluginInfo
// SYMS: mlirGetPassPluginInfo

// DEF-NOT: _ZN4mlir11MLIRContextC
// DEF-NOT: {{ mlirContextCreate$}}
// DEF: T llvmGetPassPluginInfo
// DEF: T mlirGetPassPluginInfo
// DEF-NOT: _ZN4mlir11MLIRContextC
// DEF-NOT: {{ mlirContextCreate$}}

// DYN: NEEDED{{.*}}libMLIR
