// Which memrefs are the same buffer (tessel-print-scop). Casts are looked through: an
// access through memref.cast %A is an access to %A's array. Distinct function
// arguments and allocations are distinct arrays (as C `restrict` arrays). A buffer
// seen through a view (subview, expand/collapse_shape, transpose) is modelled through
// that view only if the SCoP never reaches it another way; memrefs of unknown origin
// may alias anything, and their nest is skipped.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-scop))' %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-deps))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEPS

// The store through %A and the load through its cast touch the same array arg0:
// B[i] = A[i - 1] + 1 after A[i] = 2 is a flow dependence at distance 1.
// CHECK-LABEL: remark: tessel: SCoP of 2 statements
// CHECK:      S0:
// CHECK:        must-write: [arg2] -> { S0[i0] -> arg0[i0] }
// CHECK:      S1:
// CHECK:        read: [arg2] -> { S1[i0] -> arg0[-1 + i0] }
// CHECK-NEXT:   must-write: [arg2] -> { S1[i0] -> arg1[i0] }
// DEPS-LABEL: remark: tessel: SCoP of 2 statements
// DEPS-NEXT: flow: [arg2] -> { S0[i0] -> S1[i0' = 1 + i0] : 0 < i0 <= -2 + arg2 }
func.func @cast(%A: memref<8xf64>, %B: memref<?xf64>, %n: index) {
  %Ac = memref.cast %A : memref<8xf64> to memref<?xf64>
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  affine.for %i = 1 to %n {
    affine.store %two, %A[%i] : memref<8xf64>
    %a = affine.load %Ac[%i - 1] : memref<?xf64>
    %b = arith.addf %a, %one : f64
    affine.store %b, %B[%i] : memref<?xf64>
  }
  return
}

// A subview that is the only way the SCoP reaches its buffer: an array of its own,
// indexed like the view.
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK:        must-write: [arg1] -> { S0[i0] -> arg0_view[i0] }
func.func @sole_view(%A: memref<?xf64>, %n: index) {
  %c0 = arith.constant 0.0 : f64
  %v = memref.subview %A[2] [%n] [1] : memref<?xf64> to memref<?xf64, strided<[1], offset: 2>>
  affine.for %i = 0 to %n {
    affine.store %c0, %v[%i] : memref<?xf64, strided<[1], offset: 2>>
  }
  return
}

// The same buffer through a view and directly: they may overlap.
// CHECK: remark: tessel: skipped this loop nest: 'affine.store': the same buffer is accessed through two different views: they may overlap
func.func @two_paths(%A: memref<?xf64>, %n: index) {
  %v = memref.subview %A[2] [%n] [1] : memref<?xf64> to memref<?xf64, strided<[1], offset: 2>>
  affine.for %i = 0 to %n {
    %a = affine.load %v[%i] : memref<?xf64, strided<[1], offset: 2>>
    affine.store %a, %A[%i] : memref<?xf64>
  }
  return
}

// reinterpret_cast can make any two elements the same.
// CHECK: remark: tessel: skipped this loop nest: 'affine.store': the memref comes from 'memref.reinterpret_cast': it may alias another array
func.func @reinterpret(%A: memref<?xf64>, %n: index) {
  %c0 = arith.constant 0.0 : f64
  %r = memref.reinterpret_cast %A to offset: [0], sizes: [%n, %n], strides: [0, 1] : memref<?xf64> to memref<?x?xf64, strided<[0, 1]>>
  affine.for %i = 0 to %n {
    affine.store %c0, %r[%i, %i] : memref<?x?xf64, strided<[0, 1]>>
  }
  return
}

// Buffers swapped between time steps (a pointer swap in C): the loop-carried memrefs
// may be the same buffer as each other in any step.
// CHECK: remark: tessel: skipped this loop nest: 'affine.load': the memref is a block argument of 'scf.for' (e.g. a pointer swapped between iterations): it may alias another array
func.func @swapped(%A: memref<?xf64>, %B: memref<?xf64>, %n: index, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %t = %c0 to %steps step %c1 iter_args(%src = %A, %dst = %B) -> (memref<?xf64>, memref<?xf64>) {
    affine.for %i = 1 to %n {
      %a = affine.load %src[%i - 1] : memref<?xf64>
      affine.store %a, %dst[%i] : memref<?xf64>
    }
    scf.yield %dst, %src : memref<?xf64>, memref<?xf64>
  }
  return
}

// A memref loaded from memory (a C array of pointers).
// CHECK: remark: tessel: skipped this loop nest: 'affine.store': the memref comes from 'affine.load': it may alias another array
func.func @pointer_in_memory(%P: memref<1xmemref<?xf64>>, %n: index) {
  %c0 = arith.constant 0.0 : f64
  %A = affine.load %P[0] : memref<1xmemref<?xf64>>
  affine.for %i = 0 to %n {
    affine.store %c0, %A[%i] : memref<?xf64>
  }
  return
}
// Arguments are the entry block's, wherever the nest is in a function with several
// blocks (early returns, breaks).
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK:        must-write: [arg1] -> { S0[i0] -> arg0[i0] }
func.func @multi_block(%A: memref<?xf64>, %n: index, %flag: i1) {
  %cst = arith.constant 1.0 : f64
  cf.cond_br %flag, ^bb1, ^bb2
^bb1:
  affine.for %i = 0 to %n {
    affine.store %cst, %A[%i] : memref<?xf64>
  }
  cf.br ^bb2
^bb2:
  return
}
// CHECK-NOT: remark
