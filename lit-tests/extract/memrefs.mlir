// Memref shapes and origins (tessel-print-scop): dynamic and partly static shapes,
// 0-d scalars, memref<1xf64> scalars, and local buffers; arrays are named after where
// they come from: argK, allocaK / allocK (K-th such op in the function),
// global_<name>.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-scop))' %s -o /dev/null 2>&1 | FileCheck %s

memref.global "private" @coeffs : memref<4xf64> = dense<[1.0, 2.0, 3.0, 4.0]>

// s_out (0-d) = s_in + sum A[i][j] * coeffs[j], accumulated in tmp[0] (a
// memref<1xf64> alloca, the second of the function: alloca1). The load of s_in comes
// before the first statement, so it stays where it is, outside the SCoP: S0 stores
// its value. Reads are listed in the order the statement's operands reach them.
// CHECK-LABEL: remark: tessel: SCoP of 3 statements
// CHECK:      S0:
// CHECK-NEXT:   domain: [arg3] -> { S0[] }
// CHECK-NEXT:   schedule: [arg3] -> { S0[] -> [0] }
// CHECK-NEXT:   must-write: [arg3] -> { S0[] -> alloca1[0] }
// CHECK-NEXT: S1:
// CHECK-NEXT:   domain: [arg3] -> { S1[i0, i1] : 0 <= i0 < arg3 and 0 <= i1 <= 3 }
// CHECK-NEXT:   schedule: [arg3] -> { S1[i0, i1] -> [1, i0, 0, i1, 0] }
// CHECK-NEXT:   read: [arg3] -> { S1[i0, i1] -> alloca1[0] }
// CHECK-NEXT:   read: [arg3] -> { S1[i0, i1] -> arg0[i0, i1] }
// CHECK-NEXT:   read: [arg3] -> { S1[i0, i1] -> global_coeffs[i1] }
// CHECK-NEXT:   must-write: [arg3] -> { S1[i0, i1] -> alloca1[0] }
// CHECK-NEXT: S2:
// CHECK-NEXT:   domain: [arg3] -> { S2[] }
// CHECK-NEXT:   schedule: [arg3] -> { S2[] -> [2] }
// CHECK-NEXT:   read: [arg3] -> { S2[] -> alloca1[0] }
// CHECK-NEXT:   must-write: [arg3] -> { S2[] -> arg2[] }
func.func @shapes(%A: memref<?x1200xf64>, %s_in: memref<f64>, %s_out: memref<f64>, %n: index) {
  %unused = memref.alloca() : memref<1xf64>
  %tmp = memref.alloca() : memref<1xf64>
  %g = memref.get_global @coeffs : memref<4xf64>
  %s0 = affine.load %s_in[] : memref<f64>
  affine.store %s0, %tmp[0] : memref<1xf64>
  affine.for %i = 0 to %n {
    affine.for %j = 0 to 4 {
      %a = affine.load %A[%i, %j] : memref<?x1200xf64>
      %c = affine.load %g[%j] : memref<4xf64>
      %p = arith.mulf %a, %c : f64
      %t = affine.load %tmp[0] : memref<1xf64>
      %u = arith.addf %t, %p : f64
      affine.store %u, %tmp[0] : memref<1xf64>
    }
  }
  %r = affine.load %tmp[0] : memref<1xf64>
  affine.store %r, %s_out[] : memref<f64>
  return
}

// A dynamically sized local buffer (memref.alloca(%n)) and a 0-d accumulator in a
// loop: sum += A[i][i]; z[i] = sum.
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK:      S0:
// CHECK-NEXT:   domain: [arg0_dim0] -> { S0[i0] : 0 <= i0 < arg0_dim0 }
// CHECK-NEXT:   schedule: [arg0_dim0] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT:   read: [arg0_dim0] -> { S0[i0] -> arg1[] }
// CHECK-NEXT:   read: [arg0_dim0] -> { S0[i0] -> arg0[i0, i0] }
// CHECK-NEXT:   must-write: [arg0_dim0] -> { S0[i0] -> arg1[] }
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK:      S0:
// CHECK-NEXT:   domain: [arg0_dim0] -> { S0[i0] : 0 <= i0 < arg0_dim0 }
// CHECK-NEXT:   schedule: [arg0_dim0] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT:   read: [arg0_dim0] -> { S0[i0] -> arg1[] }
// CHECK-NEXT:   must-write: [arg0_dim0] -> { S0[i0] -> alloca0[i0] }
func.func @dynamic(%A: memref<?x?xf64>, %sum: memref<f64>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?x?xf64>
  %z = memref.alloca(%n) : memref<?xf64>
  affine.for %i = 0 to %n {
    %s = affine.load %sum[] : memref<f64>
    %a = affine.load %A[%i, %i] : memref<?x?xf64>
    %t = arith.addf %s, %a : f64
    affine.store %t, %sum[] : memref<f64>
  }
  func.call @use(%z) : (memref<?xf64>) -> ()
  affine.for %i = 0 to %n {
    %s = affine.load %sum[] : memref<f64>
    affine.store %s, %z[%i] : memref<?xf64>
  }
  return
}
func.func private @use(memref<?xf64>)
// CHECK-NOT: remark
