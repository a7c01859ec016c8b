// More of what cgeist emits around and inside loop nests: arith.select/cmpi on IVs,
// memref.load/store with i32 index arithmetic, several SCoPs in one function with
// scalar stores and constants between them, accesses through memref.cast of a local
// buffer, nested affine.if with else on symbols, i32 iter_args, and nests inside
// scf.while. (Conditionals inside statements: conditionals.mlir.)
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-scop))' %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %mlir-opt %s %lower-to-llvm | %run-main | %strip-addresses > %t.orig
// scheduler=isl, a preset: the code is regenerated, where scheduler=auto's cost model
// may leave a SCoP with nothing to gain as it was.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl tile-sizes=2}))' %s 2>%t.remarks | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.opt
// RUN: diff %t.orig %t.opt
// RUN: FileCheck %s --check-prefix=OPT < %t.remarks

#set = affine_set<(d0)[s0] : (d0 - 1 >= 0, -d0 + s0 - 2 >= 0)>
#set1 = affine_set<(d0, d1) : (d0 - d1 >= 0)>
module {
  // B[i][j] = i < j ? A[i][j] : 0, and the larger of A[i][j] and A[j][i] (cmpf +
  // select): pure ops on IVs and loads stay inside the statement.
  // CHECK-LABEL: remark: tessel: SCoP of 2 statements
  // CHECK:      S0:
  // CHECK-NEXT:   domain: [arg0] -> { S0[i0, i1] : 0 <= i0 < arg0 and 0 <= i1 < arg0 }
  // CHECK-NEXT:   schedule: [arg0] -> { S0[i0, i1] -> [0, i0, 0, i1, 0] }
  // CHECK-NEXT:   read: [arg0] -> { S0[i0, i1] -> arg1[i0, i1] }
  // CHECK-NEXT:   must-write: [arg0] -> { S0[i0, i1] -> arg2[i0, i1] }
  // CHECK-NEXT: S1:
  // CHECK-NEXT:   domain: [arg0] -> { S1[i0, i1] : 0 <= i0 < arg0 and 0 <= i1 < arg0 }
  // CHECK-NEXT:   schedule: [arg0] -> { S1[i0, i1] -> [0, i0, 0, i1, 1] }
  // CHECK-NEXT:   read: [arg0] -> { S1[i0, i1] -> arg1[i0, i1] }
  // CHECK-NEXT:   read: [arg0] -> { S1[i0, i1] -> arg1[i1, i0] }
  // CHECK-NEXT:   must-write: [arg0] -> { S1[i0, i1] -> arg3[i0, i1] }
  // OPT: remark: tessel: optimized SCoP of 2 statements
  func.func @select_on_ivs(%arg0: i32, %arg1: memref<?x8xf64>, %arg2: memref<?x8xf64>, %arg3: memref<?x8xf64>) {
    %cst = arith.constant 0.000000e+00 : f64
    %0 = arith.index_cast %arg0 : i32 to index
    affine.for %arg4 = 0 to %0 {
      affine.for %arg5 = 0 to %0 {
        %1 = arith.index_cast %arg4 : index to i32
        %2 = arith.index_cast %arg5 : index to i32
        %3 = arith.cmpi slt, %1, %2 : i32
        %4 = affine.load %arg1[%arg4, %arg5] : memref<?x8xf64>
        %5 = arith.select %3, %4, %cst : f64
        affine.store %5, %arg2[%arg4, %arg5] : memref<?x8xf64>
        %6 = affine.load %arg1[%arg5, %arg4] : memref<?x8xf64>
        %7 = arith.cmpf ogt, %4, %6 : f64
        %8 = arith.select %7, %4, %6 : f64
        affine.store %8, %arg3[%arg4, %arg5] : memref<?x8xf64>
      }
    }
    return
  }

  // Subscripts cgeist did not raise: i32 arithmetic on the IV, cast back to index.
  // y[i] = x[i + 1] + x[n - 1 - i] for 0 <= i < n - 1.
  // CHECK-LABEL: remark: tessel: SCoP of 1 statements
  // CHECK-NEXT: context: [arg0] -> {  :  }
  // CHECK-NEXT: S0:
  // CHECK-NEXT:   domain: [arg0] -> { S0[i0] : 0 <= i0 <= -2 + arg0 }
  // CHECK-NEXT:   schedule: [arg0] -> { S0[i0] -> [0, i0, 0] }
  // CHECK-NEXT:   read: [arg0] -> { S0[i0] -> arg1[1 + i0] }
  // CHECK-NEXT:   read: [arg0] -> { S0[i0] -> arg1[-1 + arg0 - i0] }
  // CHECK-NEXT:   must-write: [arg0] -> { S0[i0] -> arg2[i0] }
  // OPT: remark: tessel: optimized SCoP of 1 statements
  func.func @index_arith(%arg0: i32, %arg1: memref<?xf64>, %arg2: memref<?xf64>) {
    %c1_i32 = arith.constant 1 : i32
    %c-1_i32 = arith.constant -1 : i32
    %0 = arith.index_cast %arg0 : i32 to index
    %1 = arith.addi %arg0, %c-1_i32 : i32
    %2 = arith.index_cast %1 : i32 to index
    affine.for %arg3 = 0 to %2 {
      %3 = arith.index_cast %arg3 : index to i32
      %4 = arith.addi %3, %c1_i32 : i32
      %5 = arith.index_cast %4 : i32 to index
      %6 = memref.load %arg1[%5] : memref<?xf64>
      %7 = arith.subi %1, %3 : i32
      %8 = arith.index_cast %7 : i32 to index
      %9 = memref.load %arg1[%8] : memref<?xf64>
      %10 = arith.addf %6, %9 : f64
      memref.store %10, %arg2[%arg3] : memref<?xf64>
    }
    return
  }

  // Two SCoPs separated by a call; between the nests of the second one, a scalar
  // store (the C local `s`, a memref<1xf64> alloca) and constants. The first SCoP
  // ends before the call, the second starts after it.
  // CHECK-LABEL: remark: tessel: SCoP of 1 statements
  // CHECK:        must-write: [arg0] -> { S0[i0] -> arg1[i0] }
  // CHECK-LABEL: remark: tessel: SCoP of 3 statements
  // CHECK:      S0:
  // CHECK-NEXT:   domain: [arg0] -> { S0[] }
  // CHECK-NEXT:   schedule: [arg0] -> { S0[] -> [0] }
  // CHECK-NEXT:   must-write: [arg0] -> { S0[] -> alloca0[0] }
  // CHECK-NEXT: S1:
  // CHECK-NEXT:   domain: [arg0] -> { S1[i0] : 0 <= i0 < arg0 }
  // CHECK-NEXT:   schedule: [arg0] -> { S1[i0] -> [1, i0, 0] }
  // CHECK-NEXT:   read: [arg0] -> { S1[i0] -> alloca0[0] }
  // CHECK-NEXT:   read: [arg0] -> { S1[i0] -> arg1[i0] }
  // CHECK-NEXT:   must-write: [arg0] -> { S1[i0] -> alloca0[0] }
  // CHECK-NEXT: S2:
  // CHECK-NEXT:   domain: [arg0] -> { S2[i0] : 0 <= i0 < arg0 }
  // CHECK-NEXT:   schedule: [arg0] -> { S2[i0] -> [2, i0, 0] }
  // CHECK-NEXT:   read: [arg0] -> { S2[i0] -> arg1[i0] }
  // CHECK-NEXT:   read: [arg0] -> { S2[i0] -> alloca0[0] }
  // CHECK-NEXT:   must-write: [arg0] -> { S2[i0] -> arg1[i0] }
  // OPT: remark: tessel: optimized SCoP of 1 statements
  // OPT: remark: tessel: optimized SCoP of 3 statements
  func.func @two_scops(%arg0: i32, %arg1: memref<?xf64>) {
    %alloca = memref.alloca() : memref<1xf64>
    %0 = llvm.mlir.undef : f64
    %cst = arith.constant 2.000000e+00 : f64
    %1 = arith.index_cast %arg0 : i32 to index
    affine.for %arg2 = 0 to %1 {
      %2 = affine.load %arg1[%arg2] : memref<?xf64>
      %3 = arith.mulf %2, %cst : f64
      affine.store %3, %arg1[%arg2] : memref<?xf64>
    }
    func.call @print1(%arg1) : (memref<?xf64>) -> ()
    %cst_0 = arith.constant 0.000000e+00 : f64
    affine.store %cst_0, %alloca[0] : memref<1xf64>
    affine.for %arg2 = 0 to %1 {
      %2 = affine.load %arg1[%arg2] : memref<?xf64>
      %3 = affine.load %alloca[0] : memref<1xf64>
      %4 = arith.addf %3, %2 : f64
      affine.store %4, %alloca[0] : memref<1xf64>
    }
    %cst_1 = arith.constant 1.000000e+00 : f64
    affine.for %arg2 = 0 to %1 {
      %2 = affine.load %alloca[0] : memref<1xf64>
      %3 = affine.load %arg1[%arg2] : memref<?xf64>
      %4 = arith.divf %3, %2 : f64
      affine.store %4, %arg1[%arg2] : memref<?xf64>
    }
    return
  }

  // A local buffer written through its alloc and read through a memref.cast of it:
  // one array (alloc0), so the flow from the first nest to the second is kept.
  // CHECK-LABEL: remark: tessel: SCoP of 2 statements
  // CHECK:        must-write: [arg0] -> { S0[i0] -> alloc0[i0] }
  // CHECK:        read: [arg0] -> { S1[i0] -> alloc0[-1 + arg0 - i0] }
  // CHECK-NEXT:   must-write: [arg0] -> { S1[i0] -> arg1[i0] }
  // OPT: remark: tessel: optimized SCoP of 2 statements
  func.func @through_cast(%arg0: i32, %arg1: memref<?xf64>) {
    %alloc = memref.alloc() : memref<8xf64>
    %cast = memref.cast %alloc : memref<8xf64> to memref<?xf64>
    %0 = arith.index_cast %arg0 : i32 to index
    affine.for %arg2 = 0 to %0 {
      %1 = affine.load %arg1[%arg2] : memref<?xf64>
      affine.store %1, %alloc[%arg2] : memref<8xf64>
    }
    affine.for %arg2 = 0 to %0 {
      %1 = affine.load %cast[-%arg2 + symbol(%0) - 1] : memref<?xf64>
      affine.store %1, %arg1[%arg2] : memref<?xf64>
    }
    memref.dealloc %alloc : memref<8xf64>
    return
  }

  // Nested affine.if with else, on an IV and a symbol (1 <= i <= n - 2, then j <= i).
  // The else branch of the outer if is the rows i = 0 and i = n - 1.
  // CHECK-LABEL: remark: tessel: SCoP of 3 statements
  // CHECK:      S0:
  // CHECK-NEXT:   domain: [arg0] -> { S0[i0, i1] : 0 < i0 <= -2 + arg0 and 0 <= i1 <= i0 and i1 < arg0 }
  // CHECK:      S1:
  // CHECK-NEXT:   domain: [arg0] -> { S1[i0, i1] : 0 < i0 <= -2 + arg0 and i1 > i0 and 0 <= i1 < arg0 }
  // CHECK:      S2:
  // CHECK-NEXT:   domain: [arg0] -> { S2[i0 = 0, i1] : arg0 > 0 and 0 <= i1 < arg0; S2[i0 = -1 + arg0, i1] : arg0 >= 2 and 0 <= i1 < arg0 }
  // OPT: remark: tessel: optimized SCoP of 3 statements
  func.func @nested_if(%arg0: i32, %arg1: memref<?x8xf64>) {
    %cst = arith.constant 1.000000e+00 : f64
    %cst_0 = arith.constant 2.000000e+00 : f64
    %cst_1 = arith.constant 3.000000e+00 : f64
    %0 = arith.index_cast %arg0 : i32 to index
    affine.for %arg2 = 0 to %0 {
      affine.for %arg3 = 0 to %0 {
        affine.if #set(%arg2)[%0] {
          affine.if #set1(%arg2, %arg3) {
            affine.store %cst, %arg1[%arg2, %arg3] : memref<?x8xf64>
          } else {
            affine.store %cst_0, %arg1[%arg2, %arg3] : memref<?x8xf64>
          }
        } else {
          affine.store %cst_1, %arg1[%arg2, %arg3] : memref<?x8xf64>
        }
      }
    }
    return
  }

  // An i32 reduction promoted to iter_args, and a nest inside scf.while.
  // CHECK-LABEL: remark: tessel: SCoP of 3 statements
  // CHECK:      S1:
  // CHECK-NEXT:   domain: [arg0] -> { S1[i0, i1] : 0 <= i0 < arg0 and 0 <= i1 <= i0 }
  // CHECK-NEXT:   schedule: [arg0] -> { S1[i0, i1] -> [0, i0, 1, i1, 0] }
  // CHECK-NEXT:   read: [arg0] -> { S1[i0, i1] -> arg1[i1] }
  // CHECK-NEXT:   read: [arg0] -> { S1[i0, i1] -> T0[] }
  // CHECK-NEXT:   must-write: [arg0] -> { S1[i0, i1] -> T0[] }
  // CHECK-LABEL: remark: tessel: SCoP of 1 statements
  // CHECK-NEXT: context: [arg0] -> {  :  }
  // CHECK-NEXT: S0:
  // CHECK-NEXT:   domain: [arg0] -> { S0[i0] : 0 < i0 < arg0 }
  // OPT: remark: tessel: optimized SCoP of 3 statements
  // OPT: remark: tessel: optimized SCoP of 1 statements
  func.func @i32_and_while(%arg0: i32, %arg1: memref<?xi32>, %arg2: memref<?xi32>) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c3_i32 = arith.constant 3 : i32
    %0 = arith.index_cast %arg0 : i32 to index
    affine.for %arg3 = 0 to %0 {
      %1 = affine.for %arg4 = 0 to affine_map<(d0) -> (d0 + 1)>(%arg3) iter_args(%arg5 = %c0_i32) -> (i32) {
        %2 = affine.load %arg1[%arg4] : memref<?xi32>
        %3 = arith.addi %arg5, %2 : i32
        affine.yield %3 : i32
      }
      affine.store %1, %arg2[%arg3] : memref<?xi32>
    }
    %4 = scf.while (%arg3 = %c0_i32) : (i32) -> i32 {
      %5 = arith.cmpi slt, %arg3, %c3_i32 : i32
      scf.condition(%5) %arg3 : i32
    } do {
    ^bb0(%arg3: i32):
      affine.for %arg4 = 1 to %0 {
        %6 = affine.load %arg2[%arg4 - 1] : memref<?xi32>
        %7 = affine.load %arg2[%arg4] : memref<?xi32>
        %8 = arith.addi %6, %7 : i32
        affine.store %8, %arg2[%arg4] : memref<?xi32>
      }
      %9 = arith.addi %arg3, %c1_i32 : i32
      scf.yield %9 : i32
    }
    return
  }

  func.func private @printMemrefF64(memref<*xf64>)
  func.func private @printMemrefI32(memref<*xi32>)

  func.func @print1(%A: memref<?xf64>) {
    %u = memref.cast %A : memref<?xf64> to memref<*xf64>
    func.call @printMemrefF64(%u) : (memref<*xf64>) -> ()
    return
  }

  func.func @main() {
    %c8_i32 = arith.constant 8 : i32
    %c8 = arith.constant 8 : index
    %one = arith.constant 1.0 : f64
    %A = memref.alloc() : memref<8x8xf64>
    %B = memref.alloc() : memref<8x8xf64>
    %C = memref.alloc() : memref<8x8xf64>
    %x = memref.alloc() : memref<8xf64>
    %y = memref.alloc() : memref<8xf64>
    %I = memref.alloc() : memref<8xi32>
    %J = memref.alloc() : memref<8xi32>
    %K = memref.alloc() : memref<8x8xi32>
    affine.for %i = 0 to 8 {
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f64
      affine.store %fi, %x[%i] : memref<8xf64>
      affine.store %one, %y[%i] : memref<8xf64>
      affine.store %ii, %I[%i] : memref<8xi32>
      affine.for %j = 0 to 8 {
        %v = affine.apply affine_map<(d0, d1) -> ((d0 * 5 + d1 * 3) mod 7)>(%i, %j)
        %vi = arith.index_cast %v : index to i32
        %vf = arith.sitofp %vi : i32 to f64
        affine.store %vf, %A[%i, %j] : memref<8x8xf64>
        affine.store %vi, %K[%i, %j] : memref<8x8xi32>
      }
    }
    %Ac = memref.cast %A : memref<8x8xf64> to memref<?x8xf64>
    %Bc = memref.cast %B : memref<8x8xf64> to memref<?x8xf64>
    %Cc = memref.cast %C : memref<8x8xf64> to memref<?x8xf64>
    %xc = memref.cast %x : memref<8xf64> to memref<?xf64>
    %yc = memref.cast %y : memref<8xf64> to memref<?xf64>
    %Ic = memref.cast %I : memref<8xi32> to memref<?xi32>
    %Jc = memref.cast %J : memref<8xi32> to memref<?xi32>
    %Kc = memref.cast %K : memref<8x8xi32> to memref<?x8xi32>
    func.call @select_on_ivs(%c8_i32, %Ac, %Bc, %Cc) : (i32, memref<?x8xf64>, memref<?x8xf64>, memref<?x8xf64>) -> ()
    %Bu = memref.cast %B : memref<8x8xf64> to memref<*xf64>
    %Cu = memref.cast %C : memref<8x8xf64> to memref<*xf64>
    func.call @printMemrefF64(%Bu) : (memref<*xf64>) -> ()
    func.call @printMemrefF64(%Cu) : (memref<*xf64>) -> ()
    func.call @index_arith(%c8_i32, %xc, %yc) : (i32, memref<?xf64>, memref<?xf64>) -> ()
    func.call @print1(%yc) : (memref<?xf64>) -> ()
    func.call @two_scops(%c8_i32, %xc) : (i32, memref<?xf64>) -> ()
    func.call @print1(%xc) : (memref<?xf64>) -> ()
    func.call @through_cast(%c8_i32, %xc) : (i32, memref<?xf64>) -> ()
    func.call @print1(%xc) : (memref<?xf64>) -> ()
    func.call @nested_if(%c8_i32, %Bc) : (i32, memref<?x8xf64>) -> ()
    func.call @printMemrefF64(%Bu) : (memref<*xf64>) -> ()
    func.call @i32_and_while(%c8_i32, %Ic, %Jc) : (i32, memref<?xi32>, memref<?xi32>) -> ()
    %Ju = memref.cast %J : memref<8xi32> to memref<*xi32>
    func.call @printMemrefI32(%Ju) : (memref<*xi32>) -> ()
    return
  }
}
