// Parameters of the model (tessel-print-scop): function arguments, arith.index_cast
// of i32/i64 arguments, constants (folded into the expressions) and memref.dim
// (non-negative), each named after where it comes from.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-scop))' %s -o /dev/null 2>&1 | FileCheck %s

// Index argument %n (arg1), casts of i32 %m (arg2) and i64 %k (arg3), constant 1,
// and the dim of %A (arg0_dim1) in a min upper bound.
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK-NEXT: context: [arg1, arg2, arg3, arg0_dim1] -> {  : arg0_dim1 >= 0 }
// CHECK-NEXT: S0:
// CHECK-NEXT:   domain: [arg1, arg2, arg3, arg0_dim1] -> { S0[i0, i1, i2] : 0 < i0 < arg1 and 0 <= i1 < arg2 and 0 <= i2 < arg0_dim1 and i2 < arg3 }
// CHECK-NEXT:   schedule: [arg1, arg2, arg3, arg0_dim1] -> { S0[i0, i1, i2] -> [0, i0, 0, i1, 0, i2, 0] }
// CHECK-NEXT:   must-write: [arg1, arg2, arg3, arg0_dim1] -> { S0[i0, i1, i2] -> arg0[i0 + i1, i2] }
func.func @sources(%A: memref<?x?xf64>, %n: index, %m32: i32, %k64: i64) {
  %m = arith.index_cast %m32 : i32 to index
  %k = arith.index_cast %k64 : i64 to index
  %c1 = arith.constant 1 : index
  %d = memref.dim %A, %c1 : memref<?x?xf64>
  %cst = arith.constant 0.0 : f64
  affine.for %i = %c1 to %n {
    affine.for %j = 0 to %m {
      affine.for %l = 0 to min affine_map<()[s0, s1] -> (s0, s1)>()[%k, %d] {
        affine.store %cst, %A[%i + %j, %l] : memref<?x?xf64>
      }
    }
  }
  return
}

// A front end casts the same argument many times: one parameter. n - 1 computed in
// i32 and cast is arg1 - 1 (so 1 <= i < n - 1 reads as 0 < i0 <= n - 2).
// CHECK-LABEL: remark: tessel: SCoP of 3 statements
// CHECK-NEXT: context: [arg1] -> {  :  }
// CHECK-NEXT: S0:
// CHECK-NEXT:   domain: [arg1] -> { S0[i0] : 0 <= i0 < arg1 }
// CHECK:      S1:
// CHECK-NEXT:   domain: [arg1] -> { S1[i0] : 0 <= i0 < arg1 }
// CHECK:      S2:
// CHECK-NEXT:   domain: [arg1] -> { S2[i0] : 0 < i0 <= -2 + arg1 }
// CHECK-NEXT:   schedule: [arg1] -> { S2[i0] -> [2, i0, 0] }
// CHECK-NEXT:   read: [arg1] -> { S2[i0] -> arg0[-1 + i0] }
// CHECK-NEXT:   must-write: [arg1] -> { S2[i0] -> arg0[i0] }

func.func @same_symbol(%A: memref<?xf64>, %n32: i32) {
  %c-1 = arith.constant -1 : i32
  %cst = arith.constant 0.0 : f64
  %n = arith.index_cast %n32 : i32 to index
  %n_again = arith.index_cast %n32 : i32 to index
  %nm1_32 = arith.addi %n32, %c-1 : i32
  %nm1 = arith.index_cast %nm1_32 : i32 to index
  affine.for %i = 0 to %n {
    affine.store %cst, %A[%i] : memref<?xf64>
  }
  affine.for %i = 0 to %n_again {
    affine.store %cst, %A[%i] : memref<?xf64>
  }
  affine.for %i = 1 to %nm1 {
    %v = affine.load %A[%i - 1] : memref<?xf64>
    affine.store %v, %A[%i] : memref<?xf64>
  }
  return
}

// Without any index_cast of the i32 argument itself, n - 1 is a parameter of its own
// (p0), named by position.
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK-NEXT: context: [p0] -> {  :  }
// CHECK-NEXT: S0:
// CHECK-NEXT:   domain: [p0] -> { S0[i0] : 0 < i0 < p0 }
func.func @opaque_symbol(%A: memref<?xf64>, %n32: i32) {
  %c-1 = arith.constant -1 : i32
  %cst = arith.constant 0.0 : f64
  %nm1_32 = arith.addi %n32, %c-1 : i32
  %nm1 = arith.index_cast %nm1_32 : i32 to index
  affine.for %i = 1 to %nm1 {
    affine.store %cst, %A[%i] : memref<?xf64>
  }
  return
}
// An i32 argument used in a subscript computed in i32 inside the loop: the
// parameter is the index_cast of it that the function has before the nest.
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK-NEXT: context: [arg1, arg2] -> {  :  }
// CHECK-NEXT: S0:
// CHECK-NEXT:   domain: [arg1, arg2] -> { S0[i0] : 0 <= i0 < arg1 }
// CHECK-NEXT:   schedule: [arg1, arg2] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT:   read: [arg1, arg2] -> { S0[i0] -> arg0[arg2 + i0] }
// CHECK-NEXT:   must-write: [arg1, arg2] -> { S0[i0] -> arg0[i0] }
func.func @i32_in_subscript(%A: memref<?xf64>, %n32: i32, %off32: i32) {
  %n = arith.index_cast %n32 : i32 to index
  %off = arith.index_cast %off32 : i32 to index
  affine.for %i = 0 to %n {
    %ii = arith.index_cast %i : index to i32
    %x = arith.addi %ii, %off32 : i32
    %xi = arith.index_cast %x : i32 to index
    %v = memref.load %A[%xi] : memref<?xf64>
    memref.store %v, %A[%i] : memref<?xf64>
  }
  return
}

// Without an index value of %off32 before the nest there is nothing codegen could
// use for it: the nest is skipped, with the reason.
// CHECK: remark: tessel: skipped this loop nest: 'memref.load': symbol of type i32 has no index-typed value (arith.index_cast) before the loop nest
func.func @i32_without_index_form(%A: memref<?xf64>, %n32: i32, %off32: i32) {
  %n = arith.index_cast %n32 : i32 to index
  affine.for %i = 0 to %n {
    %ii = arith.index_cast %i : index to i32
    %x = arith.addi %ii, %off32 : i32
    %xi = arith.index_cast %x : i32 to index
    %v = memref.load %A[%xi] : memref<?xf64>
    memref.store %v, %A[%i] : memref<?xf64>
  }
  return
}

// The IV of an enclosing scf.for is a parameter of the nest inside it (p<k>: it
// has no name of its own), and t + 1 an expression of it; the scf.for itself is not
// part of any SCoP.
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK-NEXT: context: [arg1, p1] -> {  :  }
// CHECK-NEXT: S0:
// CHECK-NEXT:   domain: [arg1, p1] -> { S0[i0] : 0 <= i0 < arg1 }
// CHECK-NEXT:   schedule: [arg1, p1] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT:   read: [arg1, p1] -> { S0[i0] -> arg0[p1, i0] }
// CHECK-NEXT:   must-write: [arg1, p1] -> { S0[i0] -> arg0[1 + p1, i0] }
func.func @scf_iv(%A: memref<?x?xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %t = %c0 to %n step %c1 {
    %t1 = arith.addi %t, %c1 : index
    affine.for %i = 0 to %n {
      %v = memref.load %A[%t, %i] : memref<?x?xf64>
      memref.store %v, %A[%t1, %i] : memref<?x?xf64>
    }
  }
  return
}
// CHECK-NOT: remark
