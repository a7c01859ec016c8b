// The run-time guard of parallel loops (codegen/emit/loops.rs, option parallel-min-work,
// default 2^18 = 262144 statement instances): a parallel loop is emitted twice, as
// affine.parallel and as affine.for, under an scf.if on an estimate of the statement
// instances one execution of it runs. The estimate multiplies each loop's trip count
// by its body's, with the loop's iterator at the middle of its range.
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=identity tile=false}))' %s 2>/dev/null | FileCheck %s --check-prefix=GUARD
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=identity tile=false parallel-min-work=0}))' %s 2>/dev/null | FileCheck %s --check-prefix=ALWAYS
//
// With constant sizes, canonicalization folds the estimate and keeps one branch, which
// shows the numbers: a 400 x 400 nest (160,000 instances) runs sequentially, a
// 600 x 600 one (360,000) in parallel. The triangle j < i over n rows starts at i = 1
// (row 0 is empty), so it is estimated as (n - 1) * floor(n / 2), which is exact:
// 244,650 for n = 700 (sequential) and 319,600 for n = 800 (parallel).
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=identity tile=false}),canonicalize)' %s 2>/dev/null | FileCheck %s --check-prefix=FOLDED
//
// Both branches compute what the original computes (mlir-runner runs them
// sequentially). With parallel-min-work=30, @triangle takes the sequential branch for
// n = 6 (estimate 5 * 3 = 15) and the parallel one for n = 12 (11 * 6 = 66).
// RUN: %mlir-opt %s %lower-to-llvm | %run-main | %strip-addresses > %t.orig
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=identity tile=false parallel-min-work=30}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.opt
// RUN: diff %t.orig %t.opt

// GUARD-LABEL: func.func @triangle(
// GUARD: %[[MIN:.*]] = arith.constant 262144 : index
// GUARD: %[[ENOUGH:.*]] = arith.cmpi sge, %{{.*}}, %[[MIN]] : index
// GUARD-NEXT: scf.if %[[ENOUGH]] {
// GUARD-NEXT: affine.parallel (%[[PI:.*]]) = (1) to (%arg1) {
// GUARD-NEXT: affine.for %{{.*}} = 0 to #{{.*}}(%[[PI]]) {
// GUARD: } else {
// GUARD-NEXT: affine.for %[[SI:.*]] = 1 to #{{.*}}(%arg1) {
// GUARD-NEXT: affine.for %{{.*}} = 0 to #{{.*}}(%[[SI]]) {
// GUARD-NOT: affine.parallel
// GUARD: return

// ALWAYS-LABEL: func.func @triangle(
// ALWAYS-NOT: scf.if
// ALWAYS: affine.parallel
// ALWAYS-NOT: scf.if
// ALWAYS: return

// FOLDED-LABEL: func.func @small_square(
// FOLDED-NEXT: affine.for %{{.*}} = 0 to 400 {
// FOLDED-NEXT: affine.for %{{.*}} = 0 to 400 {
// FOLDED-NOT: affine.parallel
// FOLDED: return
// FOLDED-LABEL: func.func @large_square(
// FOLDED-NEXT: affine.parallel (%{{.*}}) = (0) to (600) {
// FOLDED-NEXT: affine.for %{{.*}} = 0 to 600 {
// FOLDED-NOT: affine.for
// FOLDED: return
// FOLDED-LABEL: func.func @triangle_700(
// FOLDED-NEXT: affine.for %{{.*}} = 1 to 700 {
// FOLDED-NOT: affine.parallel
// FOLDED: return
// FOLDED-LABEL: func.func @triangle_800(
// FOLDED-NEXT: affine.parallel (%{{.*}}) = (1) to (800) {
// FOLDED-NEXT: affine.for
// FOLDED-NOT: affine.for
// FOLDED: return

func.func @triangle(%A: memref<?x?xf64>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %v = affine.load %A[%i, %j] : memref<?x?xf64>
      %w = arith.addf %v, %v : f64
      affine.store %w, %A[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

func.func @small_square(%A: memref<?x?xf64>) {
  %n = arith.constant 400 : index
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %v = affine.load %A[%i, %j] : memref<?x?xf64>
      %w = arith.addf %v, %v : f64
      affine.store %w, %A[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

func.func @large_square(%A: memref<?x?xf64>) {
  %n = arith.constant 600 : index
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %v = affine.load %A[%i, %j] : memref<?x?xf64>
      %w = arith.addf %v, %v : f64
      affine.store %w, %A[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

func.func @triangle_700(%A: memref<?x?xf64>) {
  %n = arith.constant 700 : index
  affine.for %i = 0 to %n {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %v = affine.load %A[%i, %j] : memref<?x?xf64>
      %w = arith.addf %v, %v : f64
      affine.store %w, %A[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

func.func @triangle_800(%A: memref<?x?xf64>) {
  %n = arith.constant 800 : index
  affine.for %i = 0 to %n {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %v = affine.load %A[%i, %j] : memref<?x?xf64>
      %w = arith.addf %v, %v : f64
      affine.store %w, %A[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

func.func private @printMemrefF64(memref<*xf64>)

func.func @run(%n: index) {
  %A = memref.alloc(%n, %n) : memref<?x?xf64>
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1) mod 5)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %vf = arith.sitofp %vi : i32 to f64
      affine.store %vf, %A[%i, %j] : memref<?x?xf64>
    }
  }
  func.call @triangle(%A, %n) : (memref<?x?xf64>, index) -> ()
  %Au = memref.cast %A : memref<?x?xf64> to memref<*xf64>
  func.call @printMemrefF64(%Au) : (memref<*xf64>) -> ()
  memref.dealloc %A : memref<?x?xf64>
  return
}

func.func @main() {
  %c6 = arith.constant 6 : index
  %c12 = arith.constant 12 : index
  func.call @run(%c6) : (index) -> ()
  func.call @run(%c12) : (index) -> ()
  return
}
