// Live-range reordering (seed 001 §2.3, option live-range-reordering). The scalar
// t carries anti and output dependences from (i, 63) to (i + 1, 0), which a row
// with a positive j coefficient would run backwards: without reordering i and j
// are two bands and nothing is tiled. With it, every (i, j) is one live range of t,
// local to any row, so (i, j) is one permutable band and gets tiled.
//
// Two versions of t. In @transpose_via_argument it is the caller's memory: its last
// value is visible after the SCoP, so the last write stays last and no loop may be
// parallel. In @transpose_via_scalar it is a local the function allocates for the
// loops alone: dead after them, so each live range may take a private copy and
// the loops run in parallel (analysis/privatization.rs); with reordering, the
// tile loops of the tiled band do.
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=pluto}))' \
// RUN:   %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=pluto live-range-reordering=true tile-sizes=32}))' \
// RUN:   %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=pluto live-range-reordering=true tile-sizes=32}))' \
// RUN:   %s 2>/dev/null | FileCheck %s --check-prefix=IR

// PLAIN: optimized SCoP of 2 statements (scheduler=pluto, tiled bands=0, parallel loops=0
// PLAIN: optimized SCoP of 2 statements (scheduler=pluto, tiled bands=0, parallel loops=1
// REMARK: optimized SCoP of 2 statements (scheduler=pluto, tiled bands=1, parallel loops=0
// REMARK: optimized SCoP of 2 statements (scheduler=pluto, tiled bands=1, parallel loops=1

// IR-LABEL: func.func @transpose_via_argument(
// IR-NOT:     affine.parallel
// IR:         affine.for {{.*}} step 32 {
// IR-NOT:     affine.parallel
// IR:         return
// IR-LABEL: func.func @transpose_via_scalar(
// IR:         affine.parallel ({{.*}}) = {{.*}} step (32, 32) {
// IR-NEXT:      memref.alloca() : memref<f64>
// IR:         return

func.func @transpose_via_argument(%A: memref<64x64xf64>, %B: memref<64x64xf64>, %t: memref<f64>) {
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
