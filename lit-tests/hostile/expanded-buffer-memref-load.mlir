// Found by scripts/difftest (generator seed 802630, variant id-t3-par-j3:
// scheduler=identity tile-sizes=3 parallel-min-work=0 unroll-jam=3;
// difftest of 2026-11-26, sixth run). Reduced from 21 statements to these 6
// by the reducer's edits, on the build before the fix (80e5d23), with "does not
// verify" as the predicate.
//
// The 0-d buffer %L0 lives only in the SCoP, so it is a local buffer, and
// unroll-and-jam gives it one slot per jammed copy (memref<3xi64>). The SCoP also
// reads it with a `memref.load %L0[]` (no index: a 0-d memref's one element, which
// extraction models as an access). Codegen rebuilt only the affine.load/store of an
// expanded buffer at their slot, and cloned the memref.load with no index onto the
// 3-slot buffer: MLIR's verifier refused the function ("'memref.load' op incorrect
// number of indices for load, expected 1 but got 0", shown with
// TESSEL_SHOW_VERIFY=1), and the original was kept. It now reads the slot too
// (2ac6599). The jam runs i1 = 1..9 with copy i1 mod 3 in slot i1 mod 3 (prologue
// i1 = 1, 2; blocks 3..8; epilogue i1 = 9), so the read after the loop reads the
// slot of i1 = 9, slot 0. (Every write stores the same constant here, so running
// it cannot tell the slots apart: the slot is checked in the IR. The full
// program's 19 variants give the original's results, bit for bit: scripts/difftest
// --seed 802630 --variants-per-program 100.)
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=identity tile=true tile-sizes=3 parallel=true parallel-min-work=0 unroll-jam=3}))' \
// RUN:   %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=identity tile=true tile-sizes=3 parallel=true parallel-min-work=0 unroll-jam=3}))' \
// RUN:   %s | FileCheck %s --check-prefix=IR
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=identity tile=true tile-sizes=3 parallel=true parallel-min-work=0 unroll-jam=3}))' \
// RUN:   %s | grep -B1 'arith.trunci' | FileCheck %s --check-prefix=LAST

// CHECK-NOT: does not verify
// CHECK: remark: tessel: unroll-and-jam: 1 loop around the chains on T0, unrolled by 3 and jammed, with a copy of the scalar per unrolled iteration
// CHECK-NOT: does not verify
// CHECK: remark: tessel: optimized SCoP of 6 statements

// The buffer's slots, no load of it without an index, and the read after the loop
// (the line before the truncation) at slot 0.
// IR: memref.alloca() : memref<3xi64>
// IR-NOT: memref.load %{{[a-z0-9_]+}}[] : memref<3xi64>
// LAST: %[[V:.*]] = affine.load %{{[a-z0-9_]+}}[0] : memref<3xi64>
// LAST-NEXT: arith.trunci %[[V]] : i64 to i32
module {
  func.func @p802630(%s_n0: i32, %s_n1: i32, %s_n2: i32, %A0: memref<?x?xi64>, %A1: memref<?x?xi32>, %A4: memref<?x?xi64>) {
    %n0 = arith.index_cast %s_n0 : i32 to index
    %n1 = arith.index_cast %s_n1 : i32 to index
    %n2 = arith.index_cast %s_n2 : i32 to index
    %k0 = arith.constant 5 : i64
    %k1 = arith.constant -3 : i64
    %k2 = arith.constant -1 : i64
    %k3 = arith.constant 0 : index
    %k4 = arith.constant 3 : i64
    %L0 = memref.alloca() : memref<i64>
    affine.store %k4, %L0[] : memref<i64>
    affine.for %i1 = 1 to 10 {
      %v1 = arith.muli %k0, %k1 : i64
      affine.store %v1, %L0[] : memref<i64>
      %r3 = affine.for %i3 = 0 to 8 iter_args(%acc2 = %k2) -> (i64) {
        %v4 = affine.load %A4[%i3 + 10, -%i3 + 10] : memref<?x?xi64>
        %v5 = arith.addi %acc2, %v4 : i64
        affine.yield %v5 : i64
      }
      affine.store %r3, %A0[%i1 + 2, 2] : memref<?x?xi64>
    }
    %v6 = memref.load %L0[] : memref<i64>
    %v7 = arith.trunci %v6 : i64 to i32
    memref.store %v7, %A1[%k3, %k3] : memref<?x?xi32>
    return
  }
}
