// Live-range reordering (seed 001 §2.3, option live-range-reordering). The scalar
// t carries anti and output dependences from (i, 63) to (i + 1, 0), which a row
// with a positive j coefficient would run backwards: without reordering i and j
// are two bands and nothing is tiled. With it, every (i, j) is one live range of t,
// local to any row, so (i, j) is one permutable band and gets tiled. t is shared
// memory (codegen makes no private copies), so no loop may be parallel.
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=pluto}))' \
// RUN:   %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=pluto live-range-reordering=true tile-sizes=32}))' \
// RUN:   %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=pluto live-range-reordering=true tile-sizes=32}))' \
// RUN:   %s 2>/dev/null | FileCheck %s --check-prefix=IR

// PLAIN: optimized SCoP of 2 statements (scheduler=pluto, tiled bands=0, parallel loops=0
// REMARK: optimized SCoP of 2 statements (scheduler=pluto, tiled bands=1, parallel loops=0

// IR-LABEL: func.func @transpose_via_scalar(
// IR-NOT:     affine.parallel
// IR:         affine.for {{.*}} step 32 {
// IR-NOT:     affine.parallel
// IR:         return

func.func @transpose_via_scalar(%A: memref<64x64xf64>, %B: memref<64x64xf64>) {
  %t = memref.alloca() : memref<f64>
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %v = affine.load %A[%i, %j] : memref<64x64xf64>
      affine.store %v, %t[] : memref<f64>
      %w = affine.load %t[] : memref<f64>
      affine.store %w, %B[%j, %i] : memref<64x64xf64>
    }
  }
  return
}
