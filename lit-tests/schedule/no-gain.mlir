// scheduler=auto leaves a SCoP as it was when the code it would generate gains
// nothing (pipeline.rs, `no_locality_gain`): no parallel loop, no tiled band, no
// unroll-and-jam, and the chosen order crosses no fewer cache lines per innermost
// iteration, and sweeps the matrices no fewer times, than the original order.
// Regenerated code could then only add overheads (split loops, guards, another
// shape for LLVM): measured on durbin, trisolv and jacobi-1d.
//
// @recurrence: A[i] reads A[i-1], so its only loop carries a dependence: no parallel
// loop, and one loop is no band to tile. Every access moves by one element along i,
// so both orders cross 0 cache lines per iteration (a line is crossed only every
// line-size elements). Left as it was: the IR comes out as it went in.
// @scale: the same loop without the recurrence is parallel: optimized.
// A preset (scheduler=isl) does what it is asked: @recurrence is regenerated.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s 2>&1 -o /dev/null | FileCheck %s --check-prefix=AUTO
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl}))' %s 2>&1 -o /dev/null | FileCheck %s --check-prefix=ISL

// AUTO: no-gain.mlir:[[@LINE+13]]:3: remark: tessel: left SCoP of 1 statements as it was (scheduler=auto, schedule time={{.*}}): the cost model finds no gain: no parallel loop, tile or unroll-and-jam, and 0 cache lines crossed per innermost iteration against the original order's 0
// AUTO: no-gain.mlir:[[@LINE+24]]:3: remark: tessel: optimized SCoP of 1 statements (scheduler=auto, tiled bands=0, parallel loops=1,
// ISL: no-gain.mlir:[[@LINE+11]]:3: remark: tessel: optimized SCoP of 1 statements (scheduler=isl, tiled bands=0, parallel loops=0,
// IR-LABEL: func.func @recurrence(
// IR-NOT: distinct_objects
// IR-NEXT: affine.for %[[I:.*]] = 1 to %{{.*}} {
// IR-NEXT:   %[[P:.*]] = affine.load %{{.*}}[%[[I]] - 1] : memref<?xf64>
// IR-NEXT:   %[[B:.*]] = affine.load %{{.*}}[%[[I]]] : memref<?xf64>
// IR-NEXT:   %[[S:.*]] = arith.addf %[[P]], %[[B]] : f64
// IR-NEXT:   affine.store %[[S]], %{{.*}}[%[[I]]] : memref<?xf64>
// IR-NEXT: }
// IR-NEXT: return
func.func @recurrence(%A: memref<?xf64>, %B: memref<?xf64>, %n: index) {
  affine.for %i = 1 to %n {
    %p = affine.load %A[%i - 1] : memref<?xf64>
    %b = affine.load %B[%i] : memref<?xf64>
    %s = arith.addf %p, %b : f64
    affine.store %s, %A[%i] : memref<?xf64>
  }
  return
}

// IR-LABEL: func.func @scale(
// IR: affine.parallel
func.func @scale(%A: memref<?xf64>, %B: memref<?xf64>, %n: index) {
  affine.for %i = 0 to %n {
    %b = affine.load %B[%i] : memref<?xf64>
    %s = arith.addf %b, %b : f64
    affine.store %s, %A[%i] : memref<?xf64>
  }
  return
}
