// affine.if (tessel-print-scop): the condition joins the domain of what the then
// branch holds, its negation the domain of the else branch; statements of both
// branches continue the sequence of the enclosing block (2d+1 positions).
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-scop))' %s -o /dev/null 2>&1 | FileCheck %s

// Then: 5 <= i <= n - 3. Else: the rest of 0 <= i < n.
// CHECK-LABEL: remark: tessel: SCoP of 3 statements
// CHECK:      S0:
// CHECK-NEXT:   domain: [arg1] -> { S0[i0] : 0 <= i0 < arg1 }
// CHECK-NEXT:   schedule: [arg1] -> { S0[i0] -> [0, i0, 0] }
// CHECK:      S1:
// CHECK-NEXT:   domain: [arg1] -> { S1[i0] : 5 <= i0 <= -3 + arg1 }
// CHECK-NEXT:   schedule: [arg1] -> { S1[i0] -> [0, i0, 1] }
// CHECK-NEXT:   must-write: [arg1] -> { S1[i0] -> arg0[i0] }
// CHECK:      S2:
// CHECK-NEXT:   domain: [arg1] -> { S2[i0] : 0 <= i0 < arg1 and (i0 <= 4 or (i0 >= -2 + arg1 and i0 >= 5)) }
// CHECK-NEXT:   schedule: [arg1] -> { S2[i0] -> [0, i0, 2] }
// CHECK-NEXT:   must-write: [arg1] -> { S2[i0] -> arg0[1 + i0] }
func.func @then_else(%A: memref<?xf64>, %n: index) {
  %c = arith.constant 1.0 : f64
  affine.for %i = 0 to %n {
    affine.store %c, %A[%i] : memref<?xf64>
    affine.if affine_set<(d0)[s0] : (d0 - 5 >= 0, s0 - d0 - 3 >= 0)>(%i)[%n] {
      affine.store %c, %A[%i] : memref<?xf64>
    } else {
      affine.store %c, %A[%i + 1] : memref<?xf64>
    }
  }
  return
}

// Nested ifs with else, an equality, and a loop inside a branch:
//   if (i == j)            S0            else  { if (j >= 2i) S1 else S2 }
//   then the loop over k in the else branch of i == j: S3.
// (isl writes i != j as a union; j >= 2i with i >= 0 and i != j means j > i.)
// CHECK-LABEL: remark: tessel: SCoP of 4 statements
// CHECK:      S0:
// CHECK-NEXT:   domain: [arg1] -> { S0[i0, i1 = i0] : 0 <= i0 < arg1 }
// CHECK-NEXT:   schedule: [arg1] -> { S0[i0, i1] -> [0, i0, 0, i1, 0] }
// CHECK:      S1:
// CHECK-NEXT:   domain: [arg1] -> { S1[i0, i1] : i0 >= 0 and i1 >= 2i0 and i0 < i1 < arg1 }
// CHECK-NEXT:   schedule: [arg1] -> { S1[i0, i1] -> [0, i0, 0, i1, 1] }
// CHECK:      S2:
// CHECK-NEXT:   domain: [arg1] -> { S2[i0, i1] : (i0 < arg1 and 0 <= i1 < i0) or (i0 < i1 < 2i0 and i1 < arg1) }
// CHECK-NEXT:   schedule: [arg1] -> { S2[i0, i1] -> [0, i0, 0, i1, 2] }
// CHECK:      S3:
// CHECK-NEXT:   domain: [arg1] -> { S3[i0, i1, i2] : 0 <= i2 < i1 and ((i0 < arg1 and i1 < i0) or (i0 >= 0 and i0 < i1 < arg1)) }
// CHECK-NEXT:   schedule: [arg1] -> { S3[i0, i1, i2] -> [0, i0, 0, i1, 3, i2, 0] }
func.func @nested(%A: memref<?x?xf64>, %n: index) {
  %c = arith.constant 1.0 : f64
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      affine.if affine_set<(d0, d1) : (d0 - d1 == 0)>(%i, %j) {
        affine.store %c, %A[%i, %j] : memref<?x?xf64>
      } else {
        affine.if affine_set<(d0, d1) : (d1 - 2 * d0 >= 0)>(%i, %j) {
          affine.store %c, %A[%i, %j] : memref<?x?xf64>
        } else {
          affine.store %c, %A[%j, %i] : memref<?x?xf64>
        }
        affine.for %k = 0 to affine_map<(d0) -> (d0)>(%j) {
          affine.store %c, %A[%j, %k] : memref<?x?xf64>
        }
      }
    }
  }
  return
}

// An affine.if outside any loop, on parameters only.
// CHECK-LABEL: remark: tessel: SCoP of 2 statements
// CHECK:      S0:
// CHECK-NEXT:   domain: [arg1] -> { S0[] : arg1 >= 10 }
// CHECK-NEXT:   schedule: [arg1] -> { S0[] -> [0] }
// CHECK:      S1:
// CHECK-NEXT:   domain: [arg1] -> { S1[i0] : 0 <= i0 < arg1 }
// CHECK-NEXT:   schedule: [arg1] -> { S1[i0] -> [1, i0, 0] }
func.func @top_level_if(%A: memref<?xf64>, %n: index) {
  %c = arith.constant 1.0 : f64
  affine.if affine_set<()[s0] : (s0 - 10 >= 0)>()[%n] {
    affine.store %c, %A[0] : memref<?xf64>
  }
  affine.for %i = 0 to %n {
    affine.store %c, %A[%i] : memref<?xf64>
  }
  return
}
// CHECK-NOT: remark
