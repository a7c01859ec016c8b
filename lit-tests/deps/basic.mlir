// Exact value-based dependences (tessel-print-deps): flow (write then read), anti
// (read then write) and output (write then write) between statement instances,
// each from the last conflicting access only (isl's dataflow with must-writes as
// kills), derived here by hand.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-deps))' %s -o /dev/null 2>&1 | FileCheck %s

// A[i] = A[i - 1] + 1 for 0 < i < n: the value written at i is read at i + 1.
// Nothing is read after being overwritten or written twice.
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK-NEXT: flow: [arg1] -> { S0[i0] -> S0[i0' = 1 + i0] : 0 < i0 <= -2 + arg1 }
// CHECK-NEXT: anti: [arg1] -> {  }
// CHECK-NEXT: output: [arg1] -> {  }
func.func @recurrence(%A: memref<?xf64>, %n: index) {
  %one = arith.constant 1.0 : f64
  affine.for %i = 1 to %n {
    %a = affine.load %A[%i - 1] : memref<?xf64>
    %b = arith.addf %a, %one : f64
    affine.store %b, %A[%i] : memref<?xf64>
  }
  return
}

// S0: B[i] = A[i + 1]; S1: A[i] = 2. A[i + 1] is read at i before S1 writes it at
// i + 1: anti S0[i] -> S1[i + 1] for 0 <= i < n - 1. No flow (A[i] is written at i
// after its last read at i - 1).
// CHECK-LABEL: remark: tessel: SCoP of 2 statements
// CHECK-NEXT: flow: [arg2] -> {  }
// CHECK-NEXT: anti: [arg2] -> { S0[i0] -> S1[i0' = 1 + i0] : 0 <= i0 <= -2 + arg2 }
// CHECK-NEXT: output: [arg2] -> {  }
func.func @anti(%A: memref<?xf64>, %B: memref<?xf64>, %n: index) {
  %two = arith.constant 2.0 : f64
  affine.for %i = 0 to %n {
    %a = affine.load %A[%i + 1] : memref<?xf64>
    affine.store %a, %B[%i] : memref<?xf64>
    affine.store %two, %A[%i] : memref<?xf64>
  }
  return
}

// s += A[i] into a 0-d memref: every kind, each from one iteration to the next.
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK-NEXT: flow: [arg2] -> { S0[i0] -> S0[i0' = 1 + i0] : 0 <= i0 <= -2 + arg2 }
// CHECK-NEXT: anti: [arg2] -> { S0[i0] -> S0[i0' = 1 + i0] : 0 <= i0 <= -2 + arg2 }
// CHECK-NEXT: output: [arg2] -> { S0[i0] -> S0[i0' = 1 + i0] : 0 <= i0 <= -2 + arg2 }
func.func @reduction(%A: memref<?xf64>, %s: memref<f64>, %n: index) {
  affine.for %i = 0 to %n {
    %a = affine.load %A[%i] : memref<?xf64>
    %t = affine.load %s[] : memref<f64>
    %u = arith.addf %t, %a : f64
    affine.store %u, %s[] : memref<f64>
  }
  return
}

// A[i][j] = A[i - 1][j + 1]: distance (1, -1), for 1 <= i < n, 0 <= j < n - 1.
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK-NEXT: flow: [arg1] -> { S0[i0, i1] -> S0[i0' = 1 + i0, i1' = -1 + i1] : 0 < i0 <= -2 + arg1 and 0 < i1 <= -2 + arg1 }
// CHECK-NEXT: anti: [arg1] -> {  }
// CHECK-NEXT: output: [arg1] -> {  }
func.func @diagonal(%A: memref<?x?xf64>, %n: index) {
  affine.for %i = 1 to %n {
    affine.for %j = 0 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
      %a = affine.load %A[%i - 1, %j + 1] : memref<?x?xf64>
      affine.store %a, %A[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

// Killed sources: A[0] is written by S0 in every iteration and read by S1 after it,
// so S1 at i reads the value S0 wrote at the same i, not earlier ones. Output S0[i]
// -> S0[i + 1]; anti S1[i] -> S0[i + 1] on A[0], and S0[i] -> S1[i] on B[i] (S0
// reads it, S1 then overwrites it).
// CHECK-LABEL: remark: tessel: SCoP of 2 statements
// CHECK-NEXT: flow: [arg2] -> { S0[i0] -> S1[i0' = i0] : 0 <= i0 < arg2 }
// CHECK-NEXT: anti: [arg2] -> { S0[i0] -> S1[i0' = i0] : 0 <= i0 < arg2; S1[i0] -> S0[i0' = 1 + i0] : 0 <= i0 <= -2 + arg2 }
// CHECK-NEXT: output: [arg2] -> { S0[i0] -> S0[i0' = 1 + i0] : 0 <= i0 <= -2 + arg2 }
func.func @killed(%A: memref<?xf64>, %B: memref<?xf64>, %n: index) {
  affine.for %i = 0 to %n {
    %b = affine.load %B[%i] : memref<?xf64>
    affine.store %b, %A[0] : memref<?xf64>
    %a = affine.load %A[0] : memref<?xf64>
    affine.store %a, %B[%i] : memref<?xf64>
  }
  return
}

// Through a demoted scalar: %old = A[i] is read before A[i] is overwritten and used
// after, so S0 copies it to T0, S1 writes A[i], S2 reads T0. T0 carries flow S0 ->
// S2 in the same iteration, anti S2[i] -> S0[i + 1], output S0[i] -> S0[i + 1]; A[i]
// carries anti S0[i] -> S1[i].
// CHECK-LABEL: remark: tessel: SCoP of 3 statements
// CHECK-NEXT: flow: [arg2] -> { S0[i0] -> S2[i0' = i0] : 0 <= i0 < arg2 }
// CHECK-NEXT: anti: [arg2] -> { S0[i0] -> S1[i0' = i0] : 0 <= i0 < arg2; S2[i0] -> S0[i0' = 1 + i0] : 0 <= i0 <= -2 + arg2 }
// CHECK-NEXT: output: [arg2] -> { S0[i0] -> S0[i0' = 1 + i0] : 0 <= i0 <= -2 + arg2 }
func.func @demoted(%A: memref<?xf64>, %B: memref<?xf64>, %n: index) {
  %one = arith.constant 1.0 : f64
  affine.for %i = 0 to %n {
    %old = affine.load %A[%i] : memref<?xf64>
    affine.store %one, %A[%i] : memref<?xf64>
    affine.store %old, %B[%i] : memref<?xf64>
  }
  return
}
// CHECK-NOT: remark
