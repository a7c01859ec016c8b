// The plugin is two libraries. libtessel.so, which every host loads, must not need
// libMLIR.so: clang would pay for loading it on every file. libtessel_core.so, which
// it loads when needed, must share the host's libMLIR.so instead of carrying a second,
// static MLIR. Both must bind to their own, statically linked isl, never to the copy
// of isl (Polly's) that Debian's libLLVM.so exports: `nm -D` shows no isl_ symbol,
// defined or undefined (TOOLCHAIN.md, "isl inside the plugin").
//
// RUN: llvm-nm -D %tessel | FileCheck %s --check-prefix=SYMS --implicit-check-not=isl_
// RUN: llvm-readelf -d %tessel | FileCheck %s --check-prefix=LIGHT
// RUN: llvm-nm -D %tessel_core | FileCheck %s --check-prefix=CORE --implicit-check-not=isl_
// RUN: llvm-nm -D --defined-only %tessel_core | FileCheck %s --check-prefix=CORE-DEF
// RUN: llvm-readelf -d %tessel_core | FileCheck %s --check-prefix=DYN

// The entry points of every host, in symbol order: clang's and opt's (-fpass-plugin,
// LLVM's new pass manager), mlir-opt's (--load-dialect-plugin, --load-pass-plugin),
// and the calls of the C++ pass.
// SYMS: T llvmGetPassPluginInfo
// SYMS: T mlirGetDialectPluginInfo
// SYMS: T mlirGetPassPluginInfo
// SYMS: T tessel_llvm_check_options
// SYMS: T tessel_llvm_run_function

// LIGHT: NEEDED{{.*}}libLLVM
// LIGHT-NOT: libMLIR

// What libtessel.so calls, and what the MLIR side's C++ calls back.
// CORE: T tessel_check_options
// CORE: T tessel_core_register_dialect
// CORE: T tessel_core_register_passes
// CORE: T tessel_core_run_function
// CORE: T tessel_run_pass

// CORE-DEF-NOT: _ZN4mlir11MLIRContextC
// CORE-DEF-NOT: {{ mlirContextCreate$}}
// CORE-DEF-NOT: mlirGetPassPluginInfo
// CORE-DEF-NOT: llvmGetPassPluginInfo

// DYN: NEEDED{{.*}}libMLIR
