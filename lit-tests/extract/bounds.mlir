// Loop bounds (tessel-print-scop): max lower and min upper bound maps, bounds that
// depend on outer IVs, and steps other than 1 (an existential variable fixes the
// stride; with several lower bounds, the largest one is its origin).
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-scop))' %s -o /dev/null 2>&1 | FileCheck %s

// max(i - 2, n - 10) <= j < min(i + 3, n)
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK:   domain: [arg1] -> { S0[i0, i1] : 0 <= i0 < arg1 and i1 >= -10 + arg1 and -2 + i0 <= i1 <= 2 + i0 and i1 < arg1 }
// CHECK-NEXT:   schedule: [arg1] -> { S0[i0, i1] -> [0, i0, 0, i1, 0] }
// CHECK-NEXT:   must-write: [arg1] -> { S0[i0, i1] -> arg0[i0, i1] }
func.func @min_max(%A: memref<?x?xf64>, %n: index) {
  %cst = arith.constant 0.0 : f64
  affine.for %i = 0 to %n {
    affine.for %j = max affine_map<(d0)[s0] -> (d0 - 2, s0 - 10)>(%i)[%n] to min affine_map<(d0)[s0] -> (d0 + 3, s0)>(%i)[%n] {
      affine.store %cst, %A[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

// Triangular: i + 1 <= j < n, then 0 <= k <= j (an upper bound map on a dim).
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK:   domain: [arg1] -> { S0[i0, i1, i2] : 0 <= i0 < arg1 and i0 < i1 < arg1 and 0 <= i2 <= i1 }
func.func @triangular(%A: memref<?x?xf64>, %n: index) {
  %cst = arith.constant 0.0 : f64
  affine.for %i = 0 to %n {
    affine.for %j = affine_map<(d0) -> (d0 + 1)>(%i) to %n {
      affine.for %k = 0 to affine_map<(d0) -> (d0 + 1)>(%j) {
        affine.store %cst, %A[%j, %k] : memref<?x?xf64>
      }
    }
  }
  return
}

// Step 2 from 1: i = 1 + 2e, i.e. i odd. Step 3 from max(i, 5) to 20: j = max(i, 5)
// + 3e, i.e. j - i or j - 5 (whichever lower bound is the larger) is a multiple of 3.
// isl folds "i odd and j - i = 0 mod 3" into (3 + i + 2j) mod 6 = 0.
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK:   domain: [arg1] -> { S0[i0, i1] : (1 + i0) mod 2 = 0 and 0 < i0 < arg1 and i1 <= 19 and (((3 + i0 + 2i1) mod 6 = 0 and i0 >= 5 and i1 >= i0) or ((1 + i1) mod 3 = 0 and i0 <= 5 and i1 >= 5)) }
// CHECK-NEXT:   schedule: [arg1] -> { S0[i0, i1] -> [0, i0, 0, i1, 0] }
func.func @steps(%A: memref<?x?xf64>, %n: index) {
  %cst = arith.constant 0.0 : f64
  affine.for %i = 1 to %n step 2 {
    affine.for %j = max affine_map<(d0) -> (d0, 5)>(%i) to 20 step 3 {
      affine.store %cst, %A[%i, %j] : memref<?x?xf64>
    }
  }
  return
}
// CHECK-NOT: remark
