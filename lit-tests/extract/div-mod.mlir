// floordiv, ceildiv and mod (tessel-print-scop) in subscripts and bounds: isl
// represents them with existentially quantified variables and prints them back as
// floor(...) and mod.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-scop))' %s -o /dev/null 2>&1 | FileCheck %s

// A[i floordiv 2, i mod 3] = B[(i + 1) ceildiv 4] over 0 <= i < n floordiv 2:
// o0 = ceil((i + 1)/4) is i < 4 o0 <= i + 4, o0 = floor(i/2) is i - 1 <= 2 o0 <= i.
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK:   domain: [arg2] -> { S0[i0] : i0 >= 0 and 2i0 <= -2 + arg2 }
// CHECK-NEXT:   schedule: [arg2] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT:   read: [arg2] -> { S0[i0] -> arg1[o0] : i0 < 4o0 <= 4 + i0 }
// CHECK-NEXT:   must-write: [arg2] -> { S0[i0] -> arg0[o0, o1] : (-i0 + o1) mod 3 = 0 and -1 + i0 <= 2o0 <= i0 and 0 <= o1 <= 2 }
func.func @maps(%A: memref<?x?xf64>, %B: memref<?xf64>, %n: index) {
  affine.for %i = 0 to affine_map<()[s0] -> (s0 floordiv 2)>()[%n] {
    %v = affine.load %B[(%i + 1) ceildiv 4] : memref<?xf64>
    affine.store %v, %A[%i floordiv 2, %i mod 3] : memref<?x?xf64>
  }
  return
}

// The same divisions written with arith in memref subscripts: floordivsi and
// ceildivsi by a positive constant are affine.
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK:   read: [arg2] -> { S0[i0] -> arg1[o0] : i0 < 4o0 <= 4 + i0 }
// CHECK-NEXT:   must-write: [arg2] -> { S0[i0] -> arg0[o0, 0] : -1 + i0 <= 2o0 <= i0 }
func.func @arith_divisions(%A: memref<?x?xf64>, %B: memref<?xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  affine.for %i = 0 to %n {
    %i1 = arith.addi %i, %c1 : index
    %q = arith.ceildivsi %i1, %c4 : index
    %v = memref.load %B[%q] : memref<?xf64>
    %h = arith.floordivsi %i, %c2 : index
    memref.store %v, %A[%h, %c0] : memref<?x?xf64>
  }
  return
}

// remsi and divsi round towards zero: not affine functions of a possibly negative
// operand, so the store is one that may write any element of A.
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK:   may-write: [arg1] -> { S0[i0] -> arg0[any0] : any0 >= 0 }
func.func @remsi(%A: memref<?xf64>, %n: index) {
  %c3 = arith.constant 3 : index
  %cst = arith.constant 0.0 : f64
  affine.for %i = 0 to %n {
    %r = arith.remsi %i, %c3 : index
    memref.store %cst, %A[%r] : memref<?xf64>
  }
  return
}
// CHECK-NOT: remark
