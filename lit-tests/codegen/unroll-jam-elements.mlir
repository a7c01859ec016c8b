// Unroll-and-jam around chains kept in memory (passes/poly/src/transform/jam.rs,
// element_chains): bicg as C writes it, `q[i] = q[i] + A[i][j] * p[j]`, with no
// front end to put the sum in a scalar. Row i's sum is a chain along j on the one
// element q[i], and different rows never write the same element, so the rows are
// unrolled by 4 and jammed with no slots at all: each copy adds into its own q[4b+k],
// which scalar replacement keeps in a register along j (four f64 iter_args). `s[j]`
// makes `i` sequential (every row adds into every s[j]); jamming keeps each s[j]'s
// additions in row order. Without s (atax's tmp from C), `i` is parallel, and in this
// streaming SCoP (each matrix element read once) the rows are jammed under the
// parallel loop the same way.
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{distinct-arguments=false}))' %s 2>&1 | FileCheck %s
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{distinct-arguments=false unroll-jam=0}))' %s 2>&1 | FileCheck %s --check-prefix=OFF
//
// The same results, bit for bit, as the original (7 rows: a full block and 3 more):
// RUN: %mlir-opt %s %lower-to-llvm | %run-main | %strip-addresses > %t.orig
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.jam
// RUN: diff %t.orig %t.jam

// CHECK: remark: tessel: unroll-and-jam: 1 loop around the chains on arg4, unrolled by 4 and jammed, each copy on elements of its own
// CHECK: remark: tessel: unroll-and-jam: 1 loop around the chains on arg2, unrolled by 4 and jammed, each copy on elements of its own
// CHECK-LABEL: func.func @bicg
// CHECK-NOT: memref.alloca
// CHECK: affine.for {{.*}} iter_args({{.*}}) -> (f64, f64, f64, f64)
// CHECK-LABEL: func.func @row_sums_parallel
// The blocks of 4 rows are the parallel loop; each block's 4 sums ride along j.
// CHECK-NOT: memref.alloca
// CHECK: affine.parallel (%{{.*}}) = (0) to (%{{.*}} floordiv 4) {
// CHECK-NOT: func.func
// CHECK: affine.for {{.*}} iter_args({{.*}}) -> (f64, f64, f64, f64)
// CHECK-LABEL: func.func @main

// Without the jam, bicg's identity schedule gains nothing and stays as it was.
// OFF-NOT: unroll-and-jam:
// OFF: remark: tessel: left SCoP of 3 statements as it was

func.func @bicg(%A: memref<?x?xf64>, %r: memref<?xf64>, %p: memref<?xf64>, %s: memref<?xf64>, %q: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?x?xf64>
  %m = memref.dim %A, %c1 : memref<?x?xf64>
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to %n {
    affine.store %zero, %q[%i] : memref<?xf64>
    affine.for %j = 0 to %m {
      %sj = affine.load %s[%j] : memref<?xf64>
      %ri = affine.load %r[%i] : memref<?xf64>
      %a = affine.load %A[%i, %j] : memref<?x?xf64>
      %t = arith.mulf %ri, %a : f64
      %u = arith.addf %sj, %t : f64
      affine.store %u, %s[%j] : memref<?xf64>
      %qi = affine.load %q[%i] : memref<?xf64>
      %pj = affine.load %p[%j] : memref<?xf64>
      %v = arith.mulf %a, %pj : f64
      %w = arith.addf %qi, %v : f64
      affine.store %w, %q[%i] : memref<?xf64>
    }
  }
  return
}

func.func @row_sums_parallel(%A: memref<?x?xf64>, %p: memref<?xf64>, %q: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?x?xf64>
  %m = memref.dim %A, %c1 : memref<?x?xf64>
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to %n {
    affine.store %zero, %q[%i] : memref<?xf64>
    affine.for %j = 0 to %m {
      %qi = affine.load %q[%i] : memref<?xf64>
      %a = affine.load %A[%i, %j] : memref<?x?xf64>
      %pj = affine.load %p[%j] : memref<?xf64>
      %v = arith.mulf %a, %pj : f64
      %w = arith.addf %qi, %v : f64
      affine.store %w, %q[%i] : memref<?xf64>
    }
  }
  return
}

func.func private @printMemrefF64(memref<*xf64>)

// A 7 x 5 matrix of i * 0.1 + j * 0.37, r[i] = 0.5 - i, p[j] = j - 1.5, s = 0.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %a = memref.alloc(%c7, %c5) : memref<?x?xf64>
  %r = memref.alloc(%c7) : memref<?xf64>
  %p = memref.alloc(%c5) : memref<?xf64>
  %s = memref.alloc(%c5) : memref<?xf64>
  %q = memref.alloc(%c7) : memref<?xf64>
  %q2 = memref.alloc(%c7) : memref<?xf64>
  %f01 = arith.constant 0.1 : f64
  %f037 = arith.constant 0.37 : f64
  %f05 = arith.constant 0.5 : f64
  %f15 = arith.constant 1.5 : f64
  %zero = arith.constant 0.0 : f64
  scf.for %i = %c0 to %c7 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %fi = arith.sitofp %ii : i64 to f64
    %ri = arith.subf %f05, %fi : f64
    memref.store %ri, %r[%i] : memref<?xf64>
    scf.for %j = %c0 to %c5 step %c1 {
      %jj = arith.index_cast %j : index to i64
      %fj = arith.sitofp %jj : i64 to f64
      %u = arith.mulf %fi, %f01 : f64
      %v = arith.mulf %fj, %f037 : f64
      %e = arith.addf %u, %v : f64
      memref.store %e, %a[%i, %j] : memref<?x?xf64>
      %pj = arith.subf %fj, %f15 : f64
      memref.store %pj, %p[%j] : memref<?xf64>
      memref.store %zero, %s[%j] : memref<?xf64>
    }
  }
  func.call @bicg(%a, %r, %p, %s, %q) : (memref<?x?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>) -> ()
  func.call @row_sums_parallel(%a, %p, %q2) : (memref<?x?xf64>, memref<?xf64>, memref<?xf64>) -> ()
  %ps = memref.cast %s : memref<?xf64> to memref<*xf64>
  func.call @printMemrefF64(%ps) : (memref<*xf64>) -> ()
  %pq = memref.cast %q : memref<?xf64> to memref<*xf64>
  func.call @printMemrefF64(%pq) : (memref<*xf64>) -> ()
  %pq2 = memref.cast %q2 : memref<?xf64> to memref<*xf64>
  func.call @printMemrefF64(%pq2) : (memref<*xf64>) -> ()
  return
}
