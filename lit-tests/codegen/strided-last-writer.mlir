// Regression (found by scripts/difftest, generator seed 780104 under
// scheduler=pluto live-range-reordering=true tile-sizes=3; reduced by it): wrong
// code, from a wrong dependence. %L0 is written by every S2[i3, i4, i5, i6] and
// read by S1[i3, i4, i5], with i5 in steps of 3, so S1 at i5 reads what S2 wrote
// last at i5 - 3. isl 0.27's lexmax answered "S2 at i5 = 0" for every i5 >= 3:
// its search for constraints that fix an output dimension (new in 0.26) assumes
// sorted constraints and, on unsorted ones, paired "i5' >= 0" with
// "i6' - i5' >= 0" as if they bounded i5' to [0, 0]. The dependences, and with
// them the verifier, then allowed S1 at i5 = 6 before S2 at i5 = 3.
// cmake/isl-lexopt-sorted-div-mod.patch sorts first (docs/architecture-decisions.md,
// "Fixes to isl's source").
//
// The flow into S1 comes from the previous i5, not from i5 = 0 (derived by hand:
// the i6 loop runs at least once, since i5 < n <= n + 1):
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-deps))' %s 2>&1 | FileCheck %s --check-prefix=DEPS
// DEPS: flow: [arg0] -> {
// DEPS-SAME: S2[i0, i1, i2, i3 = 1 + arg0] -> S1[i0' = i0, i1' = i1, i2' = 3 + i2] :
//
// The program's results are the original's, bit for bit, under the options that
// broke it and under the default:
// RUN: %mlir-opt %s %lower-to-llvm | %run-main | %strip-addresses > %t.orig
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=pluto live-range-reordering=true tile-sizes=3}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.lrr
// RUN: diff %t.orig %t.lrr
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.default
// RUN: diff %t.orig %t.default

module {
  func.func @p780104(%s_n0: i32, %A0: memref<17x13xi32>) {
    %n0 = arith.index_cast %s_n0 : i32 to index
    %k0 = arith.constant -1 : i32
    %k1 = arith.constant 7 : i64
    %k2 = arith.constant 3 : i64
    %L0 = memref.alloca() : memref<i64>
    affine.store %k2, %L0[] : memref<i64>
    affine.for %i3 = 1 to affine_map<()[s0] -> (s0 + 1)>()[%n0] {
      affine.for %i4 = 1 to 6 {
        affine.for %i5 = 0 to affine_map<()[s0] -> (s0)>()[%n0] step 3 {
          %v1 = affine.load %L0[] : memref<i64>
          %v2 = arith.trunci %v1 : i64 to i32
          %v3 = arith.addi %k0, %v2 : i32
          affine.store %v3, %A0[%i5 + 7, %i5 + 1] : memref<17x13xi32>
          affine.for %i6 = affine_map<(d0)[] -> (d0)>(%i5)[] to affine_map<()[s0] -> (s0 + 2)>()[%n0] {
            %v4 = affine.load %A0[-%i5 + 9, %i6 + 1] : memref<17x13xi32>
            %v5 = arith.extsi %v4 : i32 to i64
            %v6 = arith.muli %k1, %v5 : i64
            affine.store %v6, %L0[] : memref<i64>
          }
        }
      }
    }
    return
  }

  func.func private @printMemrefI32(memref<*xi32>)

  // A0[r][c] = 13 r + c: every element distinct, so reading another row's value
  // shows in the output.
  func.func @main() {
    %A = memref.alloc() : memref<17x13xi32>
    affine.for %r = 0 to 17 {
      affine.for %c = 0 to 13 {
        %ri = arith.index_cast %r : index to i32
        %ci = arith.index_cast %c : index to i32
        %k13 = arith.constant 13 : i32
        %m = arith.muli %ri, %k13 : i32
        %v = arith.addi %m, %ci : i32
        affine.store %v, %A[%r, %c] : memref<17x13xi32>
      }
    }
    %n = arith.constant 10 : i32
    call @p780104(%n, %A) : (i32, memref<17x13xi32>) -> ()
    %u = memref.cast %A : memref<17x13xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %A : memref<17x13xi32>
    return
  }
}
