// Conditionals inside statements (tessel-print-scop): an scf.if or affine.if that
// yields a value computed from loads is a read-only expression of its statement (it
// reads everything both branches read); an scf.if whose branches store is a
// statement of its own whose stores are may-writes.
// Codegen clones such ops with the operands of their nested ops remapped.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-scop))' %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %mlir-opt %s %lower-to-llvm | %run-main | %strip-addresses > %t.orig
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{tile-sizes=2}))' %s 2>%t.remarks | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.opt
// RUN: diff %t.orig %t.opt
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl-reference tile-sizes=3}))' %s 2>>%t.remarks | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.opt2
// RUN: diff %t.orig %t.opt2
// RUN: FileCheck %s --check-prefix=OPT < %t.remarks
// OPT-NOT: skipped
// OPT-NOT: kept the original

// max_score as cgeist emits it for nussinov: T[i][j] = max(T[i][j], T[i][j-1]).
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK-NEXT: context: [arg1] -> {  :  }
// CHECK-NEXT: S0:
// CHECK-NEXT:   domain: [arg1] -> { S0[i0, i1] : 0 <= i0 < arg1 and 0 < i1 < arg1 }
// CHECK-NEXT:   schedule: [arg1] -> { S0[i0, i1] -> [0, i0, 0, i1, 0] }
// CHECK-NEXT:   read: [arg1] -> { S0[i0, i1] -> arg0[i0, i1] }
// CHECK-NEXT:   read: [arg1] -> { S0[i0, i1] -> arg0[i0, -1 + i1] }
// CHECK-NEXT:   read: [arg1] -> { S0[i0, i1] -> arg0[i0, i1] }
// CHECK-NEXT:   read: [arg1] -> { S0[i0, i1] -> arg0[i0, -1 + i1] }
// CHECK-NEXT:   must-write: [arg1] -> { S0[i0, i1] -> arg0[i0, i1] }
func.func @max_score(%T: memref<?x8xi32>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 1 to %n {
      %1 = affine.load %T[%i, %j] : memref<?x8xi32>
      %2 = affine.load %T[%i, %j - 1] : memref<?x8xi32>
      %3 = arith.cmpi sge, %1, %2 : i32
      %4 = scf.if %3 -> (i32) {
        %5 = affine.load %T[%i, %j] : memref<?x8xi32>
        scf.yield %5 : i32
      } else {
        %5 = affine.load %T[%i, %j - 1] : memref<?x8xi32>
        scf.yield %5 : i32
      }
      affine.store %4, %T[%i, %j] : memref<?x8xi32>
    }
  }
  return
}

// if (A[i] < 0) A[i] = 0; B[i + 1] = A[i]: the conditional store is a may-write (it
// does not kill the value A[i] had before, which S1 may read instead).
// CHECK-LABEL: remark: tessel: SCoP of 2 statements
// CHECK-NEXT: context: [arg2] -> {  :  }
// CHECK-NEXT: S0:
// CHECK-NEXT:   domain: [arg2] -> { S0[i0] : 0 <= i0 < arg2 }
// CHECK-NEXT:   schedule: [arg2] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT:   read: [arg2] -> { S0[i0] -> arg0[i0] }
// CHECK-NEXT:   may-write: [arg2] -> { S0[i0] -> arg0[i0] }
// CHECK-NEXT: S1:
// CHECK-NEXT:   domain: [arg2] -> { S1[i0] : 0 <= i0 < arg2 }
// CHECK-NEXT:   schedule: [arg2] -> { S1[i0] -> [0, i0, 1] }
// CHECK-NEXT:   read: [arg2] -> { S1[i0] -> arg0[i0] }
// CHECK-NEXT:   must-write: [arg2] -> { S1[i0] -> arg1[1 + i0] }
func.func @clamp(%A: memref<?xf64>, %B: memref<?xf64>, %n: index) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to %n {
    %a = affine.load %A[%i] : memref<?xf64>
    %neg = arith.cmpf olt, %a, %zero : f64
    scf.if %neg {
      affine.store %zero, %A[%i] : memref<?xf64>
    }
    %b = affine.load %A[%i] : memref<?xf64>
    affine.store %b, %B[%i + 1] : memref<?xf64>
  }
  return
}

// floyd-warshall's init: path[i][j] = (i*j) % 7 + 1, then 999 where (i + j) % 13,
// % 7 or % 11 is 0, written with scf.if on i32 arithmetic of the IVs.
// CHECK-LABEL: remark: tessel: SCoP of 2 statements
// CHECK:      S1:
// CHECK-NEXT:   domain: [arg1] -> { S1[i0, i1] : 0 <= i0 < arg1 and 0 <= i1 < arg1 }
// CHECK-NEXT:   schedule: [arg1] -> { S1[i0, i1] -> [0, i0, 0, i1, 1] }
// CHECK-NEXT:   may-write: [arg1] -> { S1[i0, i1] -> arg0[i0, i1] }
func.func @init_path(%P: memref<?x8xi32>, %n: index) {
  %c7 = arith.constant 7 : i32
  %c1 = arith.constant 1 : i32
  %c13 = arith.constant 13 : i32
  %c0 = arith.constant 0 : i32
  %c999 = arith.constant 999 : i32
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %m = arith.muli %ii, %jj : i32
      %r = arith.remsi %m, %c7 : i32
      %v = arith.addi %r, %c1 : i32
      affine.store %v, %P[%i, %j] : memref<?x8xi32>
      %s = arith.addi %ii, %jj : i32
      %q = arith.remsi %s, %c13 : i32
      %z = arith.cmpi eq, %q, %c0 : i32
      scf.if %z {
        affine.store %c999, %P[%i, %j] : memref<?x8xi32>
      }
    }
  }
  return
}

// affine.if yielding a value: A[i] = i >= 3 ? A[i - 1] : 1.
// CHECK-LABEL: remark: tessel: SCoP of 1 statements
// CHECK:        read: [arg1] -> { S0[i0] -> arg0[-1 + i0] }
// CHECK-NEXT:   must-write: [arg1] -> { S0[i0] -> arg0[i0] }
func.func @if_value(%A: memref<?xf64>, %n: index) {
  %c = arith.constant 1.0 : f64
  affine.for %i = 1 to %n {
    %r = affine.if affine_set<(d0) : (d0 - 3 >= 0)>(%i) -> f64 {
      %a = affine.load %A[%i - 1] : memref<?xf64>
      affine.yield %a : f64
    } else {
      affine.yield %c : f64
    }
    affine.store %r, %A[%i] : memref<?xf64>
  }
  return
}

func.func private @printMemrefF64(memref<*xf64>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %n = arith.constant 8 : index
  %T = memref.alloc() : memref<8x8xi32>
  %A = memref.alloc() : memref<8xf64>
  %B = memref.alloc() : memref<9xf64>
  %Tc = memref.cast %T : memref<8x8xi32> to memref<?x8xi32>
  %Ac = memref.cast %A : memref<8xf64> to memref<?xf64>
  %Bc = memref.cast %B : memref<9xf64> to memref<?xf64>
  affine.for %i = 0 to 8 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f64
    %c3 = arith.constant 3.0 : f64
    %g = arith.subf %f, %c3 : f64
    affine.store %g, %A[%i] : memref<8xf64>
    affine.store %g, %B[%i] : memref<9xf64>
    affine.for %j = 0 to 8 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 5 + d1 * 3) mod 7)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      affine.store %vi, %T[%i, %j] : memref<8x8xi32>
    }
  }
  func.call @max_score(%Tc, %n) : (memref<?x8xi32>, index) -> ()
  %Tu = memref.cast %T : memref<8x8xi32> to memref<*xi32>
  func.call @printMemrefI32(%Tu) : (memref<*xi32>) -> ()
  func.call @clamp(%Ac, %Bc, %n) : (memref<?xf64>, memref<?xf64>, index) -> ()
  %Bu = memref.cast %B : memref<9xf64> to memref<*xf64>
  func.call @printMemrefF64(%Bu) : (memref<*xf64>) -> ()
  func.call @init_path(%Tc, %n) : (memref<?x8xi32>, index) -> ()
  func.call @printMemrefI32(%Tu) : (memref<*xi32>) -> ()
  func.call @if_value(%Ac, %n) : (memref<?xf64>, index) -> ()
  %Au = memref.cast %A : memref<8xf64> to memref<*xf64>
  func.call @printMemrefF64(%Au) : (memref<*xf64>) -> ()
  return
}
