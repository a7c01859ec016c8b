// The plugin is also a dialect plugin (issue 11): `--load-dialect-plugin` registers
// the `tessel` dialect (and the `transform.tessel.*` ops), which mlir-opt does not
// know without it. One file may be loaded both ways at once, and the passes still
// work then; loaded as a pass plugin alone it is covered by lit-tests/plugin/.
//
// RUN: %mlir-opt --load-dialect-plugin=%tessel --show-dialects 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOADED
// RUN: %mlir-opt --show-dialects 2>&1 | FileCheck %s --check-prefix=STOCK
// scheduler=isl, a preset: the code is regenerated, where scheduler=auto's cost model
// may leave a SCoP with nothing to gain as it was.
// RUN: %mlir-opt --load-dialect-plugin=%tessel --load-pass-plugin=%tessel \
// RUN:   --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl parallel=false}))' %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BOTH
// RUN: llvm-nm -D --defined-only %tessel | FileCheck %s --check-prefix=SYMS
// RUN: llvm-nm -D --defined-only %tessel_core | FileCheck %s --check-prefix=CORE

// LOADED-NOT: Failed to load
// LOADED: Available Dialects: {{.*}},tessel,{{.*}}transform
// STOCK: Available Dialects:
// STOCK-NOT: tessel,

// BOTH-NOT: Failed to load
// BOTH: remark: tessel: optimized SCoP
// BOTH-LABEL: func.func @transpose(
// BOTH: affine.for
// BOTH-NOT: error

// The entry points, in libtessel.so, and the Transform ops' C ABI, in the core it
// loads (libtessel_core.so), in symbol order.
// SYMS: T mlirGetDialectPluginInfo
// SYMS: T mlirGetPassPluginInfo
// CORE: T tessel_core_register_dialect
// CORE: T tessel_transform_generate
// CORE: T tessel_transform_scop
// CORE: T tessel_transform_step

func.func @transpose(%a: memref<64x64xf64>, %b: memref<64x64xf64>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %v = affine.load %a[%j, %i] : memref<64x64xf64>
      affine.store %v, %b[%i, %j] : memref<64x64xf64>
    }
  }
  return
}
