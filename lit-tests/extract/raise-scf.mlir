// tessel-raise-scf: nests written with scf.for, scf.if and memref.load/store, as
// MLIR front ends emit them, raised to affine when their bounds, conditions and
// subscripts are affine (issue 42). Without it tessel-optimize finds no SCoP here.
//
// The raised IR, by reasoning from each function below:
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-raise-scf))' %s 2>%t.raise | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARKS < %t.raise
//
// Without the raise, tessel-optimize says what to do, once per outermost scf.for:
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// BARE: remark: tessel: skipped this loop nest: 'scf.for': is an scf.for: raise it to affine.for with tessel-raise-scf first
// BARE-NOT: optimized SCoP
//
// Raised and optimized, the program prints what the original prints:
// RUN: %mlir-opt %s %lower-to-llvm | %run-main | %strip-addresses > %t.orig
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-raise-scf,tessel-optimize{tile-sizes=4 parallel-min-work=0}))' %s 2>%t.remarks | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.opt
// RUN: diff %t.orig %t.opt
// RUN: FileCheck %s --check-prefix=OPT < %t.remarks
// OPT-NOT: skipped this loop nest: 'scf.for'
// OPT: remark: tessel: optimized SCoP of 1 statements

// @stencil: bounds 1 to n-1 with n-1 computed before the loops (a symbol's affine
// function, as the affine form writes it), subscripts i-1 and i+1.
// CHECK-LABEL: func.func @stencil(
// CHECK: %[[N:.*]] = arith.index_cast
// CHECK-NEXT: affine.for %[[I:.*]] = 1 to #{{.*}}()[%[[N]]] {
// CHECK-NEXT: affine.for %[[J:.*]] = 1 to #{{.*}}()[%[[N]]] {
// CHECK-NEXT: affine.load %arg0[%[[I]] - 1, %[[J]]]
// CHECK-NEXT: affine.load %arg0[%[[I]] + 1, %[[J]]]
// CHECK-NEXT: arith.addf
// CHECK-NEXT: affine.store %{{.*}}, %arg1[%[[I]], %[[J]]]
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @stencil(%a: memref<?x?xf64>, %b: memref<?x?xf64>, %n32: i32) {
  %n = arith.index_cast %n32 : i32 to index
  %c1 = arith.constant 1 : index
  %nm1 = arith.subi %n, %c1 : index
  scf.for %i = %c1 to %nm1 step %c1 {
    scf.for %j = %c1 to %nm1 step %c1 {
      %im1 = arith.subi %i, %c1 : index
      %ip1 = arith.addi %i, %c1 : index
      %v0 = memref.load %a[%im1, %j] : memref<?x?xf64>
      %v1 = memref.load %a[%ip1, %j] : memref<?x?xf64>
      %s = arith.addf %v0, %v1 : f64
      memref.store %s, %b[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

// @triangle: a bound on the outer IV, a step of 2 and a condition j + 1 < i (sgt):
// the inner loop and the condition become affine once the outer loop is.
// CHECK-LABEL: func.func @triangle(
// CHECK: affine.for %[[I:.*]] = 0 to %{{.*}} {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to #{{.*}}(%[[I]]) step 2 {
// CHECK-NEXT: affine.if #{{.*}}(%[[I]], %[[J]]) {
// CHECK-NEXT: affine.load %arg0[%[[J]] * 2]
// CHECK-NEXT: affine.store %{{.*}}, %arg1[%[[I]], %[[J]]]
func.func @triangle(%x: memref<?xf64>, %t: memref<?x?xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %n step %c1 {
    %ip1 = arith.addi %i, %c1 : index
    scf.for %j = %c0 to %ip1 step %c2 {
      %jp1 = arith.addi %j, %c1 : index
      %lt = arith.cmpi sgt, %i, %jp1 : index
      scf.if %lt {
        %j2 = arith.muli %j, %c2 : index
        %v = memref.load %x[%j2] : memref<?xf64>
        memref.store %v, %t[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}

// @sum: a reduction carried in iter_args keeps them; the store after the loop, at
// the top level, becomes affine too.
// CHECK-LABEL: func.func @sum(
// CHECK: %[[S:.*]] = affine.for %[[I:.*]] = 0 to %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f64) {
// CHECK-NEXT: %[[V:.*]] = affine.load %arg0[%[[I]]]
// CHECK-NEXT: %[[NEW:.*]] = arith.addf %[[ACC]], %[[V]]
// CHECK-NEXT: affine.yield %[[NEW]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: affine.store %[[S]], %arg1[0]
func.func @sum(%x: memref<?xf64>, %out: memref<1xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
    %v = memref.load %x[%i] : memref<?xf64>
    %new = arith.addf %acc, %v : f64
    scf.yield %new : f64
  }
  memref.store %s, %out[%c0] : memref<1xf64>
  return
}

// @kept: what has no affine form stays as it was, each with a remark. The outer
// loop is raised; in it an inner bound read from memory, a subscript read from
// memory, a product of two IVs, a condition i != j, a step that is a value and a
// counter of type i32.
// CHECK-LABEL: func.func @kept(
// CHECK: affine.for %[[I:.*]] = 0 to
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step
// CHECK: affine.for %[[J:.*]] = 0 to
// CHECK: memref.load %arg2[%{{.*}}]
// CHECK: memref.store %{{.*}}, %arg2[%{{.*}}]
// CHECK: scf.if
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32
func.func @kept(%len: memref<?xindex>, %idx: memref<?xi32>, %y: memref<?xf64>, %n: index, %step: index, %n32: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  scf.for %i = %c0 to %n step %c1 {
    %m = memref.load %len[%i] : memref<?xindex>
    scf.for %k = %c0 to %m step %c1 {
      memref.store %zero, %y[%k] : memref<?xf64>
    }
    scf.for %j = %c0 to %n step %c1 {
      %r = memref.load %idx[%j] : memref<?xi32>
      %ri = arith.index_cast %r : i32 to index
      %v = memref.load %y[%ri] : memref<?xf64>
      %ij = arith.muli %i, %j : index
      memref.store %v, %y[%ij] : memref<?xf64>
      %ne = arith.cmpi ne, %i, %j : index
      scf.if %ne {
        memref.store %zero, %y[%j] : memref<?xf64>
      }
    }
  }
  scf.for %i = %c0 to %n step %step {
    memref.store %zero, %y[%i] : memref<?xf64>
  }
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  scf.for %i = %c0_i32 to %n32 step %c1_i32 : i32 {
    %ii = arith.index_cast %i : i32 to index
    memref.store %zero, %y[%ii] : memref<?xf64>
  }
  return
}
// One summary per function, after the function's remarks on what it kept; an
// access inside a loop that stays scf.for is no loss of its own (the loop's remark
// says why), so it has none.
// REMARKS: remark: tessel: raised 2 scf.for loops to affine.for, 0 scf.if to affine.if and 3 memref loads and stores to affine ones
// REMARKS: remark: tessel: raised 2 scf.for loops to affine.for, 1 scf.if to affine.if and 2 memref loads and stores to affine ones
// REMARKS: remark: tessel: raised 1 scf.for loops to affine.for, 0 scf.if to affine.if and 2 memref loads and stores to affine ones
// REMARKS-DAG: remark: tessel: kept this 'scf.for': its upper bound is not affine: a value computed by 'memref.load'
// REMARKS-DAG: remark: tessel: kept this 'memref.load': its subscript is not affine: a value computed by 'arith.index_cast'
// REMARKS-DAG: remark: tessel: kept this 'memref.store': its subscript is not affine: a product of two values that are not constants
// REMARKS-DAG: remark: tessel: kept this 'scf.if': its condition is not a conjunction of signed comparisons
// REMARKS-DAG: remark: tessel: kept this 'scf.for': its step is not a positive constant
// REMARKS-DAG: remark: tessel: kept this 'scf.for': its counter is not of type index
// REMARKS-NOT: kept this
// REMARKS: remark: tessel: raised 2 scf.for loops to affine.for, 0 scf.if to affine.if and 3 memref loads and stores to affine ones
// REMARKS-NOT: kept this
// REMARKS: remark: tessel: raised 3 scf.for loops to affine.for, 0 scf.if to affine.if and 4 memref loads and stores to affine ones

// @main: runs @stencil, @triangle and @sum on small data and prints the results.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %c20 = arith.constant 20 : index
  %c10_i32 = arith.constant 10 : i32
  %a = memref.alloc() : memref<10x10xf64>
  %b = memref.alloc() : memref<10x10xf64>
  %x = memref.alloc() : memref<20xf64>
  %t = memref.alloc() : memref<10x10xf64>
  %out = memref.alloc() : memref<1xf64>
  %zero = arith.constant 0.0 : f64
  scf.for %i = %c0 to %c10 step %c1 {
    scf.for %j = %c0 to %c10 step %c1 {
      %ij = arith.muli %i, %j : index
      %s = arith.addi %ij, %i : index
      %s32 = arith.index_cast %s : index to i32
      %f = arith.sitofp %s32 : i32 to f64
      memref.store %f, %a[%i, %j] : memref<10x10xf64>
      memref.store %zero, %b[%i, %j] : memref<10x10xf64>
      memref.store %zero, %t[%i, %j] : memref<10x10xf64>
    }
  }
  scf.for %i = %c0 to %c20 step %c1 {
    %i32 = arith.index_cast %i : index to i32
    %f = arith.sitofp %i32 : i32 to f64
    %h = arith.constant 0.5 : f64
    %g = arith.mulf %f, %h : f64
    memref.store %g, %x[%i] : memref<20xf64>
  }
  %ad = memref.cast %a : memref<10x10xf64> to memref<?x?xf64>
  %bd = memref.cast %b : memref<10x10xf64> to memref<?x?xf64>
  %xd = memref.cast %x : memref<20xf64> to memref<?xf64>
  %td = memref.cast %t : memref<10x10xf64> to memref<?x?xf64>
  func.call @stencil(%ad, %bd, %c10_i32) : (memref<?x?xf64>, memref<?x?xf64>, i32) -> ()
  func.call @triangle(%xd, %td, %c10) : (memref<?xf64>, memref<?x?xf64>, index) -> ()
  func.call @sum(%xd, %out, %c20) : (memref<?xf64>, memref<1xf64>, index) -> ()
  %bu = memref.cast %b : memref<10x10xf64> to memref<*xf64>
  %tu = memref.cast %t : memref<10x10xf64> to memref<*xf64>
  %ou = memref.cast %out : memref<1xf64> to memref<*xf64>
  func.call @printMemrefF64(%bu) : (memref<*xf64>) -> ()
  func.call @printMemrefF64(%tu) : (memref<*xf64>) -> ()
  func.call @printMemrefF64(%ou) : (memref<*xf64>) -> ()
  return
}
func.func private @printMemrefF64(memref<*xf64>)
