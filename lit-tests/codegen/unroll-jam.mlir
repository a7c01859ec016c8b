// Unroll-and-jam around scalar reduction chains (passes/poly/src/transform/jam.rs).
// Each row's sum is a chain of additions along j into one scalar (the iter_args
// accumulator, demoted to T0), which nothing can reassociate: the rows are unrolled
// by 4 and jammed, so that 4 chains run side by side, each in its own slot of a
// 4-element T0. Blocks of 4 full rows are generated apart from the last rows
// (isl's isolate option), so that in them every slot is a constant.
//
// (The FileCheck runs turn distinct-arguments off, so that the arrays keep their
// argument names; codegen/loops.mlir checks memref.distinct_objects.)
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{distinct-arguments=false parallel=false}))' %s 2>&1 | FileCheck %s
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{distinct-arguments=false parallel-min-work=0}))' %s 2>&1 | FileCheck %s --check-prefix=PAR
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{distinct-arguments=false unroll-jam=0}))' %s 2>&1 | FileCheck %s --check-prefix=OFF
//
// The same results, bit for bit, as the original, for 0 to 9 rows (full blocks,
// a partial block, both):
// RUN: %mlir-opt %s %lower-to-llvm | %run-main | %strip-addresses > %t.orig
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{parallel=false}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.jam
// RUN: diff %t.orig %t.jam
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{parallel-min-work=0}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.par
// RUN: diff %t.orig %t.par

// CHECK: remark: tessel: unroll-and-jam: 1 loop around the chains on T0, unrolled by 4 and jammed, with a copy of the scalar per unrolled iteration
// CHECK-LABEL: func.func @row_sums
// CHECK: %[[T:.*]] = memref.alloca() : memref<4xf64>
// A full block: four rows start their sums...
// CHECK: affine.for %[[B:.*]] = 0 to #{{.*}}(%{{.*}}) {
// CHECK: affine.store %{{.*}}, %[[T]][0]
// CHECK: affine.store %{{.*}}, %[[T]][1]
// CHECK: affine.store %{{.*}}, %[[T]][2]
// CHECK: affine.store %{{.*}}, %[[T]][3]
// ...then add along one j loop, row 4b + k into slot k...
// CHECK: affine.for %[[J:.*]] = 0 to
// CHECK: %[[R0:.*]] = affine.apply #{{.*}}(%[[B]])
// CHECK-NEXT: affine.load %[[T]][0]
// CHECK-NEXT: affine.load %arg0[%[[R0]], %[[J]]]
// CHECK: affine.store %{{.*}}, %[[T]][0]
// CHECK: affine.load %[[T]][1]
// CHECK: affine.store %{{.*}}, %[[T]][1]
// CHECK: affine.load %[[T]][2]
// CHECK: affine.store %{{.*}}, %[[T]][2]
// CHECK: affine.load %[[T]][3]
// CHECK: affine.store %{{.*}}, %[[T]][3]
// CHECK-NEXT: }
// ...and store the four sums.
// CHECK: affine.load %[[T]][0]
// CHECK-NEXT: affine.store %{{.*}}, %arg2
// CHECK: affine.load %[[T]][3]
// CHECK-NEXT: affine.store %{{.*}}, %arg2
// CHECK-NEXT: }
// The last rows, under conditions on the row count.
// CHECK: affine.if
// CHECK-LABEL: func.func @main

// In parallel, each block of rows gets its own 4 slots.
// PAR: affine.parallel
// PAR-NEXT: memref.alloca() : memref<4xf64>

// OFF-NOT: unroll-and-jam
// OFF-NOT: memref<4xf64>

func.func @row_sums(%A: memref<?x?xf64>, %x: memref<?xf64>, %s: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?x?xf64>
  %m = memref.dim %A, %c1 : memref<?x?xf64>
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to %n {
    %r = affine.for %j = 0 to %m iter_args(%acc = %zero) -> (f64) {
      %v = affine.load %A[%i, %j] : memref<?x?xf64>
      %w = affine.load %x[%j] : memref<?xf64>
      %p = arith.mulf %v, %w : f64
      %a = arith.addf %acc, %p : f64
      affine.yield %a : f64
    }
    affine.store %r, %s[%i] : memref<?xf64>
  }
  return
}

func.func private @printMemrefF64(memref<*xf64>)

// Rows 0..9 of a 9 x 5 matrix of i * 0.1 + j * 0.37, with x[j] = j - 1.5.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %a = memref.alloc(%c9, %c5) : memref<?x?xf64>
  %x = memref.alloc(%c5) : memref<?xf64>
  %s = memref.alloc(%c9) : memref<?xf64>
  %f01 = arith.constant 0.1 : f64
  %f037 = arith.constant 0.37 : f64
  %f15 = arith.constant 1.5 : f64
  scf.for %i = %c0 to %c9 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %fi = arith.sitofp %ii : i64 to f64
    scf.for %j = %c0 to %c5 step %c1 {
      %jj = arith.index_cast %j : index to i64
      %fj = arith.sitofp %jj : i64 to f64
      %u = arith.mulf %fi, %f01 : f64
      %v = arith.mulf %fj, %f037 : f64
      %e = arith.addf %u, %v : f64
      memref.store %e, %a[%i, %j] : memref<?x?xf64>
      %xj = arith.subf %fj, %f15 : f64
      memref.store %xj, %x[%j] : memref<?xf64>
    }
  }
  %sentinel = arith.constant -1.0 : f64
  scf.for %rows = %c0 to %c10 step %c1 {
    scf.for %i = %c0 to %c9 step %c1 {
      memref.store %sentinel, %s[%i] : memref<?xf64>
    }
    %sub = memref.subview %a[0, 0] [%rows, 5] [1, 1] : memref<?x?xf64> to memref<?x5xf64, strided<[?, 1]>>
    %view = memref.alloc(%rows, %c5) : memref<?x?xf64>
    memref.copy %sub, %view : memref<?x5xf64, strided<[?, 1]>> to memref<?x?xf64>
    func.call @row_sums(%view, %x, %s) : (memref<?x?xf64>, memref<?xf64>, memref<?xf64>) -> ()
    %p = memref.cast %s : memref<?xf64> to memref<*xf64>
    func.call @printMemrefF64(%p) : (memref<*xf64>) -> ()
    memref.dealloc %view : memref<?x?xf64>
  }
  return
}
