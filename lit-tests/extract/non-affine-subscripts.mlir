// Subscripts that are no affine function (tessel-print-scop): a `memref.load` or
// `memref.store` whose index is computed from data (`x[idx[j]]`) or by a non-affine
// op (`i * i`) is an access of any element of its array, as Polly over-approximates
// non-affine accesses: a load reads every element, a store may write every element
// (a may-write, which kills nothing). The index computation is part of the
// statement, cloned with it. Each dimension is bounded below by 0 and above by its
// static extent (beyond is undefined for a memref).
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-scop))' %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %mlir-opt %s %lower-to-llvm | %run-main | %strip-addresses > %t.orig
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{parallel-min-work=0}))' %s 2>%t.remarks | FileCheck %s --check-prefix=OPT
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{parallel-min-work=0}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.opt
// RUN: diff %t.orig %t.opt
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl tile-sizes=3 parallel-min-work=0}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.isl
// RUN: diff %t.orig %t.isl
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=pluto tile-sizes=2 parallel-min-work=0}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.pluto
// RUN: diff %t.orig %t.pluto
// On the GPU target, emulated with the threads in reverse order: the same results.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{target=gpu parallel-min-work=0}),func.func(tessel-gpu-emulate{thread-order=reverse}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.gpu
// RUN: diff %t.orig %t.gpu

// A gather: y[i] += A[i][j] * x[idx[j]]. The read of x covers all of x, which the
// nest does not write, so rows i are still independent: i is parallel.
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK:   read: [arg4] -> { S0[i0, i1] -> arg2[any0] : any0 >= 0 }
// CHECK:   must-write: [arg4] -> { S0[i0, i1] -> arg0[i0] }
// OPT-LABEL: func.func @gather
// OPT: affine.parallel
// OPT: memref.load
func.func @gather(%y: memref<?xi64>, %A: memref<?x8xi64>, %x: memref<?xi64>, %idx: memref<?xindex>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to 8 {
      %k = affine.load %idx[%j] : memref<?xindex>
      %a = affine.load %A[%i, %j] : memref<?x8xi64>
      %b = memref.load %x[%k] : memref<?xi64>
      %c = arith.muli %a, %b : i64
      %y0 = affine.load %y[%i] : memref<?xi64>
      %s = arith.addi %y0, %c : i64
      affine.store %s, %y[%i] : memref<?xi64>
    }
  }
  return
}

// A scatter into row i: B[i][idx[j]] = A[i][j] + i. The store may write any element
// of B, in any row, so two iterations of i may write the same element and the last
// must stay last: no loop is parallel, and the cost model keeps the nest.
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK:   may-write: [arg3] -> { S0[i0, i1] -> arg0[any0, any1] : any0 >= 0 and 0 <= any1 <= 7 }
// OPT-LABEL: func.func @scatter
// OPT-NOT: affine.parallel
// OPT: return
func.func @scatter(%B: memref<?x8xi64>, %A: memref<?x8xi64>, %idx: memref<?xindex>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to 8 {
      %k = affine.load %idx[%j] : memref<?xindex>
      %a = affine.load %A[%i, %j] : memref<?x8xi64>
      %ii = arith.index_cast %i : index to i64
      %s = arith.addi %a, %ii : i64
      memref.store %s, %B[%i, %k] : memref<?x8xi64>
    }
  }
  return
}

// Row i reads row i - 1 through a permutation: B[i][j] = 3 * B[i - 1][idx[j]] + j.
// Over-approximated, the read covers all of B, rows i and i - 1 alike, so neither
// loop is parallel (j is in fact; the model may not see it).
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK:   read: [arg2] -> { S0[i0, i1] -> arg0[any0, any1] : any0 >= 0 and 0 <= any1 <= 7 }
// CHECK:   must-write: [arg2] -> { S0[i0, i1] -> arg0[i0, i1] }
// OPT-LABEL: func.func @chained
// OPT-NOT: affine.parallel
// OPT: return
func.func @chained(%B: memref<?x8xi64>, %idx: memref<?xindex>, %n: index) {
  affine.for %i = 1 to %n {
    affine.for %j = 0 to 8 {
      %k = affine.load %idx[%j] : memref<?xindex>
      %b = affine.load %B[%i - 1, %j] : memref<?x8xi64>
      %im1 = affine.apply affine_map<(d0) -> (d0 - 1)>(%i)
      %p = memref.load %B[%im1, %k] : memref<?x8xi64>
      %c3 = arith.constant 3 : i64
      %t = arith.muli %p, %c3 : i64
      %jj = arith.index_cast %j : index to i64
      %s = arith.addi %t, %jj : i64
      %s2 = arith.addi %s, %b : i64
      affine.store %s2, %B[%i, %j] : memref<?x8xi64>
    }
  }
  return
}

// A subscript that is a product of IVs: y[j][i] = x[i * i]. x is only read, so both
// loops are parallel; the statement recomputes i * i from its new loops.
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK:   read: [arg2] -> { S0[i0, i1] -> arg0[any0] : any0 >= 0 }
// CHECK:   must-write: [arg2] -> { S0[i0, i1] -> arg1[i1, i0] }
// OPT-LABEL: func.func @square
// OPT: affine.parallel
// OPT: arith.muli
// OPT: memref.load
func.func @square(%x: memref<?xi64>, %y: memref<?x8xi64>, %n: index) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to %n {
      %k = arith.muli %i, %i : index
      %a = memref.load %x[%k] : memref<?xi64>
      affine.store %a, %y[%j, %i] : memref<?x8xi64>
    }
  }
  return
}

func.func private @printMemrefI64(memref<*xi64>)

func.func @main() {
  %n = arith.constant 8 : index
  %y = memref.alloc() : memref<8xi64>
  %A = memref.alloc() : memref<8x8xi64>
  %B = memref.alloc() : memref<8x8xi64>
  %x = memref.alloc() : memref<64xi64>
  %idx = memref.alloc() : memref<8xindex>
  affine.for %i = 0 to 8 {
    %ii = arith.index_cast %i : index to i64
    affine.store %ii, %y[%i] : memref<8xi64>
    %p = affine.apply affine_map<(d0) -> ((d0 * 5 + 3) mod 8)>(%i)
    affine.store %p, %idx[%i] : memref<8xindex>
    affine.for %j = 0 to 8 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 7 + d1 * 3) mod 11)>(%i, %j)
      %vi = arith.index_cast %v : index to i64
      affine.store %vi, %A[%i, %j] : memref<8x8xi64>
      affine.store %vi, %B[%j, %i] : memref<8x8xi64>
      %w = affine.apply affine_map<(d0, d1) -> (d0 * 8 + d1)>(%i, %j)
      %wi = arith.index_cast %w : index to i64
      affine.store %wi, %x[%w] : memref<64xi64>
    }
  }
  %yc = memref.cast %y : memref<8xi64> to memref<?xi64>
  %Ac = memref.cast %A : memref<8x8xi64> to memref<?x8xi64>
  %Bc = memref.cast %B : memref<8x8xi64> to memref<?x8xi64>
  %xc = memref.cast %x : memref<64xi64> to memref<?xi64>
  %ic = memref.cast %idx : memref<8xindex> to memref<?xindex>
  func.call @gather(%yc, %Ac, %xc, %ic, %n) : (memref<?xi64>, memref<?x8xi64>, memref<?xi64>, memref<?xindex>, index) -> ()
  func.call @scatter(%Bc, %Ac, %ic, %n) : (memref<?x8xi64>, memref<?x8xi64>, memref<?xindex>, index) -> ()
  func.call @chained(%Bc, %ic, %n) : (memref<?x8xi64>, memref<?xindex>, index) -> ()
  func.call @square(%xc, %Ac, %n) : (memref<?xi64>, memref<?x8xi64>, index) -> ()
  %yu = memref.cast %y : memref<8xi64> to memref<*xi64>
  func.call @printMemrefI64(%yu) : (memref<*xi64>) -> ()
  %Au = memref.cast %A : memref<8x8xi64> to memref<*xi64>
  func.call @printMemrefI64(%Au) : (memref<*xi64>) -> ()
  %Bu = memref.cast %B : memref<8x8xi64> to memref<*xi64>
  func.call @printMemrefI64(%Bu) : (memref<*xi64>) -> ()
  return
}
