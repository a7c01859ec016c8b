// A function with several blocks (a C front end emits them for early returns): the
// SCoP in a later block is optimized, and the scalar that reg2mem needs goes to the
// entry block, which dominates it. Each `i` iteration's reduction lives in that
// scalar from its first write to its last read, so the `i` loop runs in parallel
// with a copy of the scalar per iteration (codegen/privatize.mlir); the sequential
// branch of the work guard uses the shared one.
// (register-tile=1,1 where the IR is checked: no scalar replacement, whose
// iter_args codegen/scalar-replacement.mlir checks.)
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{unroll-jam=0 register-tile=1,1}))' %s 2>&1 | FileCheck %s

// CHECK: remark: tessel: optimized SCoP of 3 statements
// CHECK-LABEL: func.func @early_return
// CHECK-NEXT: %[[SHARED:.*]] = memref.alloca() : memref<f64>
// CHECK-NEXT: cf.cond_br
// CHECK: ^bb1:
// CHECK: affine.parallel
// CHECK-NEXT: %[[COPY:.*]] = memref.alloca() : memref<f64>
// CHECK-NEXT: affine.store %{{.*}}, %[[COPY]][]
// CHECK-NEXT: affine.for
// CHECK: } else {
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.store %{{.*}}, %[[SHARED]][]
// CHECK-NEXT: affine.for
// CHECK: return
func.func @early_return(%A: memref<?x?xf64>, %s: memref<?xf64>, %n: index, %done: i1) {
  cf.cond_br %done, ^bb2, ^bb1
^bb1:
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to %n {
    %r = affine.for %j = 0 to %n iter_args(%acc = %zero) -> (f64) {
      %v = affine.load %A[%i, %j] : memref<?x?xf64>
      %a = arith.addf %acc, %v : f64
      affine.yield %a : f64
    }
    affine.store %r, %s[%i] : memref<?xf64>
  }
  return
^bb2:
  return
}
