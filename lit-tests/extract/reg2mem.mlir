// Virtual reg2mem (tessel-print-scop): SSA values that cross statements are demoted
// to scalars T<k>[] (one statement writes T<k>, the others read it), iter_args and
// loop results included. A load is kept in its statement only when nothing between
// it and the statement could change what it reads.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-scop))' %s -o /dev/null 2>&1 | FileCheck %s
//
// Execution check: every function optimized (tiles of 2, so that tiles are partial)
// computes what the original computes.
// RUN: %mlir-opt %s %lower-to-llvm | %run-main | %strip-addresses > %t.orig
// scheduler=isl, a preset: the code is regenerated, where scheduler=auto's cost model
// may leave a SCoP with nothing to gain as it was.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl tile-sizes=2}))' %s 2>%t.remarks | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.opt
// RUN: diff %t.orig %t.opt
// RUN: FileCheck %s --check-prefix=OPT < %t.remarks
// OPT-NOT: skipped
// OPT-NOT: kept the original
// OPT-COUNT-7: remark: tessel: optimized SCoP
// OPT-NOT: skipped
// OPT-NOT: kept the original

// iter_args: sum_j A[j] for j < n - i, stored to B[i]. The init is a statement (S0,
// T0 := 0), the yield another (S1: T0 := T0 + A[j]), and the result is read from T0
// by the store (S2).
// CHECK-LABEL: remark: tessel: SCoP of 3 statements
// CHECK:      S0:
// CHECK-NEXT:   domain: [arg2] -> { S0[i0] : 0 <= i0 < arg2 }
// CHECK-NEXT:   schedule: [arg2] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT:   must-write: [arg2] -> { S0[i0] -> T0[] }
// CHECK-NEXT: S1:
// CHECK-NEXT:   domain: [arg2] -> { S1[i0, i1] : 0 <= i0 < arg2 and 0 <= i1 < arg2 - i0 }
// CHECK-NEXT:   schedule: [arg2] -> { S1[i0, i1] -> [0, i0, 1, i1, 0] }
// CHECK-NEXT:   read: [arg2] -> { S1[i0, i1] -> arg0[i1] }
// CHECK-NEXT:   read: [arg2] -> { S1[i0, i1] -> T0[] }
// CHECK-NEXT:   must-write: [arg2] -> { S1[i0, i1] -> T0[] }
// CHECK-NEXT: S2:
// CHECK-NEXT:   domain: [arg2] -> { S2[i0] : 0 <= i0 < arg2 }
// CHECK-NEXT:   schedule: [arg2] -> { S2[i0] -> [0, i0, 2] }
// CHECK-NEXT:   read: [arg2] -> { S2[i0] -> T0[] }
// CHECK-NEXT:   must-write: [arg2] -> { S2[i0] -> arg1[i0] }
func.func @iter_args(%A: memref<?xf64>, %B: memref<?xf64>, %n: index) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to %n {
    %s = affine.for %j = 0 to affine_map<(d0)[s0] -> (s0 - d0)>(%i)[%n] iter_args(%acc = %zero) -> (f64) {
      %a = affine.load %A[%j] : memref<?xf64>
      %t = arith.addf %acc, %a : f64
      affine.yield %t : f64
    }
    affine.store %s, %B[%i] : memref<?xf64>
  }
  return
}

// i32 iter_args over the whole nest, the result used after it (returned): the
// reload of T0 after the new code replaces it.
// CHECK-LABEL: remark: tessel: SCoP of 2 statements
// CHECK:      S0:
// CHECK-NEXT:   domain: [arg1] -> { S0[] }
// CHECK-NEXT:   schedule: [arg1] -> { S0[] -> [0] }
// CHECK-NEXT:   must-write: [arg1] -> { S0[] -> T0[] }
// CHECK-NEXT: S1:
// CHECK-NEXT:   domain: [arg1] -> { S1[i0] : 0 <= i0 < arg1 }
// CHECK-NEXT:   schedule: [arg1] -> { S1[i0] -> [1, i0, 0] }
// CHECK-NEXT:   read: [arg1] -> { S1[i0] -> arg0[i0] }
// CHECK-NEXT:   read: [arg1] -> { S1[i0] -> T0[] }
// CHECK-NEXT:   must-write: [arg1] -> { S1[i0] -> T0[] }
func.func @iter_i32(%A: memref<?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : i32
  %s = affine.for %i = 0 to %n iter_args(%acc = %c0) -> (i32) {
    %a = affine.load %A[%i] : memref<?xi32>
    %t = arith.addi %acc, %a : i32
    affine.yield %t : i32
  }
  return %s : i32
}

// One loaded value, two stores: the store to B between them can't change A[i], so
// each statement reads A[i] itself and nothing is demoted.
// CHECK-LABEL: remark: tessel: SCoP of 2 statements
// CHECK:      S0:
// CHECK-NEXT:   domain: [arg2] -> { S0[i0] : 0 <= i0 < arg2 }
// CHECK-NEXT:   schedule: [arg2] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT:   read: [arg2] -> { S0[i0] -> arg0[i0] }
// CHECK-NEXT:   must-write: [arg2] -> { S0[i0] -> arg1[i0] }
// CHECK-NEXT: S1:
// CHECK-NEXT:   domain: [arg2] -> { S1[i0] : 0 <= i0 < arg2 }
// CHECK-NEXT:   schedule: [arg2] -> { S1[i0] -> [0, i0, 1] }
// CHECK-NEXT:   read: [arg2] -> { S1[i0] -> arg0[i0] }
// CHECK-NEXT:   must-write: [arg2] -> { S1[i0] -> arg1[1 + i0] }
func.func @two_users(%A: memref<?xf64>, %B: memref<?xf64>, %n: index) {
  affine.for %i = 0 to %n {
    %a = affine.load %A[%i] : memref<?xf64>
    %d = arith.addf %a, %a : f64
    affine.store %d, %B[%i] : memref<?xf64>
    affine.store %a, %B[%i + 1] : memref<?xf64>
  }
  return
}

// Read before a write of the same element: %old must be read before A[i] is
// overwritten, so it is demoted (S0); the value stored to B (S2) comes from T0, not
// from a load of A[i] placed after S1.
// CHECK-LABEL: remark: tessel: SCoP of 3 statements
// CHECK:      S0:
// CHECK-NEXT:   domain: [arg2] -> { S0[i0] : 0 <= i0 < arg2 }
// CHECK-NEXT:   schedule: [arg2] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT:   read: [arg2] -> { S0[i0] -> arg0[i0] }
// CHECK-NEXT:   must-write: [arg2] -> { S0[i0] -> T0[] }
// CHECK-NEXT: S1:
// CHECK-NEXT:   domain: [arg2] -> { S1[i0] : 0 <= i0 < arg2 }
// CHECK-NEXT:   schedule: [arg2] -> { S1[i0] -> [0, i0, 1] }
// CHECK-NEXT:   must-write: [arg2] -> { S1[i0] -> arg0[i0] }
// CHECK-NEXT: S2:
// CHECK-NEXT:   domain: [arg2] -> { S2[i0] : 0 <= i0 < arg2 }
// CHECK-NEXT:   schedule: [arg2] -> { S2[i0] -> [0, i0, 2] }
// CHECK-NEXT:   read: [arg2] -> { S2[i0] -> T0[] }
// CHECK-NEXT:   must-write: [arg2] -> { S2[i0] -> arg1[i0] }
func.func @read_before_write(%A: memref<?xf64>, %B: memref<?xf64>, %n: index) {
  %one = arith.constant 1.0 : f64
  affine.for %i = 0 to %n {
    %old = affine.load %A[%i] : memref<?xf64>
    affine.store %one, %A[%i] : memref<?xf64>
    %x = arith.mulf %old, %old : f64
    affine.store %x, %B[%i] : memref<?xf64>
  }
  return
}

// The same with the write in a nested loop, and a load that stays in its statement
// (no write between it and its store: S2 reads A[i] itself).
// CHECK-LABEL: remark: tessel: SCoP of 3 statements
// CHECK:      S0:
// CHECK-NEXT:   domain: [arg2] -> { S0[i0] : 0 <= i0 < arg2 }
// CHECK-NEXT:   schedule: [arg2] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT:   read: [arg2] -> { S0[i0] -> arg0[i0] }
// CHECK-NEXT:   must-write: [arg2] -> { S0[i0] -> T0[] }
// CHECK-NEXT: S1:
// CHECK-NEXT:   domain: [arg2] -> { S1[i0, i1] : 0 <= i0 < arg2 and 0 <= i1 < arg2 }
// CHECK-NEXT:   schedule: [arg2] -> { S1[i0, i1] -> [0, i0, 1, i1, 0] }
// CHECK-NEXT:   read: [arg2] -> { S1[i0, i1] -> arg1[i1] }
// CHECK-NEXT:   must-write: [arg2] -> { S1[i0, i1] -> arg0[i1] }
// CHECK-NEXT: S2:
// CHECK-NEXT:   domain: [arg2] -> { S2[i0] : 0 <= i0 < arg2 }
// CHECK-NEXT:   schedule: [arg2] -> { S2[i0] -> [0, i0, 2] }
// CHECK-NEXT:   read: [arg2] -> { S2[i0] -> arg0[i0] }
// CHECK-NEXT:   read: [arg2] -> { S2[i0] -> T0[] }
// CHECK-NEXT:   must-write: [arg2] -> { S2[i0] -> arg1[i0] }
func.func @write_in_nested_loop(%A: memref<?xf64>, %B: memref<?xf64>, %n: index) {
  affine.for %i = 0 to %n {
    %old = affine.load %A[%i] : memref<?xf64>
    affine.for %j = 0 to %n {
      %b = affine.load %B[%j] : memref<?xf64>
      affine.store %b, %A[%j] : memref<?xf64>
    }
    %new = affine.load %A[%i] : memref<?xf64>
    %d = arith.subf %new, %old : f64
    affine.store %d, %B[%i] : memref<?xf64>
  }
  return
}

// A value of an outer loop body used in an inner loop: demoted before the inner
// loop (S0), read in it (S1). The pure i32 arithmetic on the IV is recomputed in S1.
// CHECK-LABEL: remark: tessel: SCoP of 2 statements
// CHECK:      S0:
// CHECK-NEXT:   domain: [arg2] -> { S0[i0] : 0 <= i0 < arg2 }
// CHECK-NEXT:   schedule: [arg2] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT:   read: [arg2] -> { S0[i0] -> arg0[i0, i0] }
// CHECK-NEXT:   must-write: [arg2] -> { S0[i0] -> T0[] }
// CHECK-NEXT: S1:
// CHECK-NEXT:   domain: [arg2] -> { S1[i0, i1] : 0 <= i0 < arg2 and 0 <= i1 < arg2 }
// CHECK-NEXT:   schedule: [arg2] -> { S1[i0, i1] -> [0, i0, 1, i1, 0] }
// CHECK-NEXT:   read: [arg2] -> { S1[i0, i1] -> arg0[i0, i1] }
// CHECK-NEXT:   read: [arg2] -> { S1[i0, i1] -> T0[] }
// CHECK-NEXT:   must-write: [arg2] -> { S1[i0, i1] -> arg1[i0, i1] }
func.func @outer_value(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %n: index) {
  affine.for %i = 0 to %n {
    %d = affine.load %A[%i, %i] : memref<?x?xf64>
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f64
    affine.for %j = 0 to %n {
      %a = affine.load %A[%i, %j] : memref<?x?xf64>
      %q = arith.divf %a, %d : f64
      %r = arith.addf %q, %fi : f64
      affine.store %r, %B[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

func.func private @printMemrefF64(memref<*xf64>)
func.func private @printI64(i64)
func.func private @printNewline()

func.func @print1(%A: memref<?xf64>) {
  %u = memref.cast %A : memref<?xf64> to memref<*xf64>
  func.call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}

func.func @print2(%A: memref<?x?xf64>) {
  %u = memref.cast %A : memref<?x?xf64> to memref<*xf64>
  func.call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}

// A[i] = 1 + (i * 7) mod 5, A2[i][j] = 1 + (i + 2j) mod 7; B, B2 = 0.
func.func @init(%A: memref<?xf64>, %B: memref<?xf64>, %A2: memref<?x?xf64>, %B2: memref<?x?xf64>, %I: memref<?xi32>, %n: index) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to %n {
    %v = affine.apply affine_map<(d0) -> ((d0 * 7) mod 5 + 1)>(%i)
    %vi = arith.index_cast %v : index to i32
    %vf = arith.sitofp %vi : i32 to f64
    affine.store %vf, %A[%i] : memref<?xf64>
    affine.store %vi, %I[%i] : memref<?xi32>
    affine.store %zero, %B[%i] : memref<?xf64>
    affine.store %zero, %B[%i + 1] : memref<?xf64>
    affine.for %j = 0 to %n {
      %w = affine.apply affine_map<(d0, d1) -> ((d0 + d1 * 2) mod 7 + 1)>(%i, %j)
      %wi = arith.index_cast %w : index to i32
      %wf = arith.sitofp %wi : i32 to f64
      affine.store %wf, %A2[%i, %j] : memref<?x?xf64>
      affine.store %zero, %B2[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

func.func @main() {
  %n = arith.constant 6 : index
  %n1 = arith.constant 7 : index
  %A = memref.alloc(%n) : memref<?xf64>
  %B = memref.alloc(%n1) : memref<?xf64>
  %A2 = memref.alloc(%n, %n) : memref<?x?xf64>
  %B2 = memref.alloc(%n, %n) : memref<?x?xf64>
  %I = memref.alloc(%n) : memref<?xi32>
  func.call @init(%A, %B, %A2, %B2, %I, %n) : (memref<?xf64>, memref<?xf64>, memref<?x?xf64>, memref<?x?xf64>, memref<?xi32>, index) -> ()
  func.call @iter_args(%A, %B, %n) : (memref<?xf64>, memref<?xf64>, index) -> ()
  func.call @print1(%B) : (memref<?xf64>) -> ()
  %s = func.call @iter_i32(%I, %n) : (memref<?xi32>, index) -> i32
  %s64 = arith.extsi %s : i32 to i64
  func.call @printI64(%s64) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @two_users(%A, %B, %n) : (memref<?xf64>, memref<?xf64>, index) -> ()
  func.call @print1(%B) : (memref<?xf64>) -> ()
  func.call @read_before_write(%A, %B, %n) : (memref<?xf64>, memref<?xf64>, index) -> ()
  func.call @print1(%A) : (memref<?xf64>) -> ()
  func.call @print1(%B) : (memref<?xf64>) -> ()
  func.call @init(%A, %B, %A2, %B2, %I, %n) : (memref<?xf64>, memref<?xf64>, memref<?x?xf64>, memref<?x?xf64>, memref<?xi32>, index) -> ()
  func.call @write_in_nested_loop(%A, %B, %n) : (memref<?xf64>, memref<?xf64>, index) -> ()
  func.call @print1(%A) : (memref<?xf64>) -> ()
  func.call @print1(%B) : (memref<?xf64>) -> ()
  func.call @outer_value(%A2, %B2, %n) : (memref<?x?xf64>, memref<?x?xf64>, index) -> ()
  func.call @print2(%B2) : (memref<?x?xf64>) -> ()
  return
}
