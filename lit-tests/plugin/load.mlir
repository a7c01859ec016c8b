// Smoke test: loading the plugin works and tessel-optimize runs (with every option
// spelled out) on a function without loops, leaving it unchanged.
//
// RUN: %mlir-opt --load-pass-plugin=%tessel \
// RUN:   --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s 2>&1 \
// RUN:   | FileCheck %s
// RUN: %mlir-opt --load-pass-plugin=%tessel \
// RUN:   --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl-reference tile-sizes=16,8 tile=true parallel=false max-operations=1000000}))' %s 2>&1 \
// RUN:   | FileCheck %s
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-scop,tessel-print-deps,tessel-print-schedule))' %s 2>&1 \
// RUN:   | FileCheck %s

// CHECK-NOT: Failed to load
// CHECK-NOT: error
// CHECK-LABEL: func.func @no_loops(
// CHECK-NEXT:    %[[C:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:    memref.store %[[C]], %{{.*}}[] : memref<f64>
// CHECK-NEXT:    return
func.func @no_loops(%m: memref<f64>) {
  %c = arith.constant 1.0 : f64
  memref.store %c, %m[] : memref<f64>
  return
}
