// Unroll-and-jam split where the copies meet (passes/poly/src/transform/jam.rs,
// late_instances). Forward substitution: row i's chain y[i] -= M[i][j] * y[j] reads
// y[j] for j < i, which row j finishes at its last statement. Jamming rows 4b..4b+3
// into one j loop would let row i + 1 read y[i] at j = i before row i finishes it,
// so each block runs jammed for j < 4b (every y[j] there is final: a product of the
// rows and the columns) and the rest of the block after, row by row, as written.
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{distinct-arguments=false parallel=false}))' %s 2>&1 | FileCheck %s
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{distinct-arguments=false parallel=false unroll-jam=0}))' %s 2>&1 | FileCheck %s --check-prefix=OFF
//
// The same bits as the original for 1 to 9 rows (full blocks, a partial block, both):
// RUN: %mlir-opt %s %lower-to-llvm | %run-main | %strip-addresses > %t.orig
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{parallel=false}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.jam
// RUN: diff %t.orig %t.jam
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.default
// RUN: diff %t.orig %t.default

// CHECK-LABEL: remark: tessel: unroll-and-jam: 1 loop around the chains on arg2, unrolled by 4 and jammed, each copy on elements of its own; each block jammed up to the first position where its copies would meet, the rest of it after, in the original order
// The copies of a row read y[i] of the row before at every j: they meet at the
// block's first position, so nothing of the block could run jammed.
// CHECK: remark: tessel: unroll-and-jam of 1 loop around the chains on arg1, unrolled by 4: not kept (interleaving the copies would reverse a dependence)
// CHECK-LABEL: func.func @forward
// A block of 4 rows...
// CHECK: affine.for %[[B:.*]] = 0 to
// ...runs its columns before the block, 4 rows side by side...
// CHECK: affine.for %[[J:.*]] = 0 to #[[FIRST:.*]](%[[B]]) {
// CHECK-COUNT-4: arith.subf
// CHECK-NEXT: affine.store
// CHECK-NEXT: }
// ...then its own triangle, row by row: the rows' loop around the columns'.
// CHECK: affine.for %[[R:.*]] = 0 to
// CHECK: affine.for %{{.*}} = #[[FIRST]](%[[B]]) to
// CHECK-LABEL: func.func @previous_row

// OFF-NOT: remark: tessel: unroll-and-jam
// OFF-LABEL: func.func @forward

func.func @forward(%M: memref<?x?xf64>, %c: memref<?xf64>, %y: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %M, %c0 : memref<?x?xf64>
  %half = arith.constant 0.5 : f64
  affine.for %i = 0 to %n {
    %ci = affine.load %c[%i] : memref<?xf64>
    affine.store %ci, %y[%i] : memref<?xf64>
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %m = affine.load %M[%i, %j] : memref<?x?xf64>
      %yj = affine.load %y[%j] : memref<?xf64>
      %p = arith.mulf %m, %yj : f64
      %yi = affine.load %y[%i] : memref<?xf64>
      %d = arith.subf %yi, %p : f64
      affine.store %d, %y[%i] : memref<?xf64>
    }
    %yi = affine.load %y[%i] : memref<?xf64>
    %h = arith.mulf %yi, %half : f64
    affine.store %h, %y[%i] : memref<?xf64>
  }
  return
}

func.func @previous_row(%A: memref<?x?xf64>, %x: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?x?xf64>
  %m = memref.dim %A, %c1 : memref<?x?xf64>
  affine.for %i = 1 to %n {
    affine.for %j = 0 to %m {
      %a = affine.load %A[%i, %j] : memref<?x?xf64>
      %xp = affine.load %x[%i - 1] : memref<?xf64>
      %p = arith.mulf %a, %xp : f64
      %xi = affine.load %x[%i] : memref<?xf64>
      %s = arith.addf %xi, %p : f64
      affine.store %s, %x[%i] : memref<?xf64>
    }
  }
  return
}

func.func private @printMemrefI64(memref<*xi64>)

// For n = 1..9: M[i][j] = i * 0.1 + j * 0.37, c[i] = i - 1.5 and x[i] = c[i] / 8;
// prints the bits of y, then of x.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %f01 = arith.constant 0.1 : f64
  %f037 = arith.constant 0.37 : f64
  %f15 = arith.constant 1.5 : f64
  %f8 = arith.constant 0.125 : f64
  scf.for %n = %c1 to %c10 step %c1 {
    %M = memref.alloc(%n, %n) : memref<?x?xf64>
    %c = memref.alloc(%n) : memref<?xf64>
    %y = memref.alloc(%n) : memref<?xf64>
    %x = memref.alloc(%n) : memref<?xf64>
    %bits = memref.alloc(%n) : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i64
      %fi = arith.sitofp %ii : i64 to f64
      scf.for %j = %c0 to %n step %c1 {
        %jj = arith.index_cast %j : index to i64
        %fj = arith.sitofp %jj : i64 to f64
        %u = arith.mulf %fi, %f01 : f64
        %v = arith.mulf %fj, %f037 : f64
        %e = arith.addf %u, %v : f64
        memref.store %e, %M[%i, %j] : memref<?x?xf64>
      }
      %ci = arith.subf %fi, %f15 : f64
      memref.store %ci, %c[%i] : memref<?xf64>
      %xi = arith.mulf %ci, %f8 : f64
      memref.store %xi, %x[%i] : memref<?xf64>
    }
    func.call @forward(%M, %c, %y) : (memref<?x?xf64>, memref<?xf64>, memref<?xf64>) -> ()
    func.call @previous_row(%M, %x) : (memref<?x?xf64>, memref<?xf64>) -> ()
    %pb = memref.cast %bits : memref<?xi64> to memref<*xi64>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %y[%i] : memref<?xf64>
      %b = arith.bitcast %v : f64 to i64
      memref.store %b, %bits[%i] : memref<?xi64>
    }
    func.call @printMemrefI64(%pb) : (memref<*xi64>) -> ()
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %x[%i] : memref<?xf64>
      %b = arith.bitcast %v : f64 to i64
      memref.store %b, %bits[%i] : memref<?xi64>
    }
    func.call @printMemrefI64(%pb) : (memref<*xi64>) -> ()
    memref.dealloc %M : memref<?x?xf64>
    memref.dealloc %c : memref<?xf64>
    memref.dealloc %y : memref<?xf64>
    memref.dealloc %x : memref<?xf64>
    memref.dealloc %bits : memref<?xi64>
  }
  return
}
