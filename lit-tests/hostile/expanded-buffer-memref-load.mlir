// Found by scripts/difftest (generator seed 802630, variant id-t3-par-j3:
// scheduler=identity tile-sizes=3 parallel-min-work=0 unroll-jam=3;
// docs/difftest-2026-11-26.md, sixth run). Not reduced.
//
// The 0-d buffer %L0 lives only in the first SCoP, so it is a local
// buffer, and unroll-and-jam gives it one slot per jammed copy (memref<3xi64>). The
// SCoP also reads it with a `memref.load %L0[]` (no index: a 0-d memref's one element,
// which extraction models as an access). Codegen rebuilt only the affine.load/store
// of an expanded buffer at their slot, and cloned the memref.load with no index onto
// the 3-slot buffer: MLIR's verifier refused the function ("'memref.load' op
// incorrect number of indices for load, expected 1 but got 0", shown with
// TESSEL_SHOW_VERIFY=1), and the original was kept. It now reads the slot too. The
// variant's 19 runs on this program give the original's results, bit for bit
// (scripts/difftest --seed 802630 --variants-per-program 100).
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=identity tile=true tile-sizes=3 parallel=true parallel-min-work=0 unroll-jam=3}))' \
// RUN:   %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=identity tile=true tile-sizes=3 parallel=true parallel-min-work=0 unroll-jam=3}))' \
// RUN:   %s | FileCheck %s --check-prefix=IR

// CHECK-NOT: does not verify
// CHECK: expanded-buffer-memref-load.mlir:[[# @LINE + 22]]:5: remark: tessel: unroll-and-jam: 1 loop around the chains on T0, unrolled by 3 and jammed, with a copy of the scalar per unrolled iteration
// CHECK-NOT: does not verify
// CHECK: expanded-buffer-memref-load.mlir:[[# @LINE + 20]]:5: remark: tessel: optimized SCoP of 21 statements

// The buffer's slots, and no load of it without an index.
// IR: memref.alloca() : memref<3xi64>
// IR-NOT: memref.load %{{[a-z0-9_]+}}[] : memref<3xi64>
module {
  func.func @p802630(%s_n0: i32, %s_n1: i32, %s_n2: i32, %A0: memref<?x?xi64>, %A1: memref<?x?xi32>, %A2: memref<?x?xi64>, %A3: memref<9x19x11xi32>, %A4: memref<?x?xi64>) {
    %n0 = arith.index_cast %s_n0 : i32 to index
    %n1 = arith.index_cast %s_n1 : i32 to index
    %n2 = arith.index_cast %s_n2 : i32 to index
    %k0 = arith.constant 5 : i64
    %k1 = arith.constant -1 : i64
    %k2 = arith.constant 2 : i64
    %k3 = arith.constant 1 : i64
    %k4 = arith.constant 0 : index
    %k5 = arith.constant 7 : i64
    %k6 = arith.constant 3 : i64
    %k7 = arith.constant -3 : i64
    %k8 = arith.constant -1 : i32
    %L0 = memref.alloca() : memref<i64>
    affine.store %k6, %L0[] : memref<i64>
    affine.for %i1 = 1 to 10 {
      affine.for %i2 = 0 to affine_map<()[s0] -> (s0 - 1)>()[%n2] {
        %v1 = affine.load %A4[%i2 + 10, %i2 + %i1 + 10] : memref<?x?xi64>
        %v2 = arith.subi %k0, %v1 : i64
        %v3 = affine.load %A1[-%i2 + 6, %i2 + 3] : memref<?x?xi32>
        %v4 = arith.extsi %v3 : i32 to i64
        %v5 = arith.subi %v2, %v4 : i64
        %v6 = affine.load %A3[4, (%i2 floordiv 3) + 10, %i2] : memref<9x19x11xi32>
        %v7 = arith.extsi %v6 : i32 to i64
        %v8 = arith.muli %v5, %v7 : i64
        affine.store %v8, %L0[] : memref<i64>
        %r10 = affine.for %i3 = 0 to 8 iter_args(%acc9 = %k1) -> (i64) {
          %v11 = affine.load %A4[%i3 + 10, -%i3 + 10] : memref<?x?xi64>
          %v12 = arith.addi %acc9, %v11 : i64
          affine.yield %v12 : i64
        }
        affine.store %r10, %A0[%i1 + 2, %i2 + 2] : memref<?x?xi64>
        %v13 = affine.load %L0[] : memref<i64>
        %v14 = arith.muli %k2, %v13 : i64
        %v15 = affine.load %L0[] : memref<i64>
        %v16 = arith.muli %v14, %v15 : i64
        %v17 = affine.load %A2[%i2 + 3, %i2] : memref<?x?xi64>
        %v18 = arith.addi %v16, %v17 : i64
        affine.store %v18, %L0[] : memref<i64>
      }
      %v19 = affine.load %A3[%i1 - 1, -%i1 + 9, (%i1 mod 3) + 1] : memref<9x19x11xi32>
      %v20 = arith.extsi %v19 : i32 to i64
      %v21 = arith.subi %k3, %v20 : i64
      affine.store %v21, %A2[%i1 + 1, %i1 * 2 + 2] : memref<?x?xi64>
    }
    %v22 = memref.load %A4[%k4, %k4] : memref<?x?xi64>
    memref.store %v22, %A0[%k4, %k4] : memref<?x?xi64>
    affine.for %i4 = 0 to 4 {
      affine.for %i5 = 2 to 10 {
        affine.for %i6 = 1 to affine_map<()[s0] -> (s0)>()[%n0] {
          affine.if affine_set<(d0, d1) : (d0 - d1 + 1 >= 0)>(%i4, %i5) {
            %v23 = arith.subi %k5, %k1 : i64
            %v24 = affine.load %A3[%i4 + 1, %i5 + 9, %i6] : memref<9x19x11xi32>
            %v25 = arith.extsi %v24 : i32 to i64
            %v26 = arith.subi %v23, %v25 : i64
            %v27 = affine.load %A2[%i6 * 2 + 4, %i6 + 1] : memref<?x?xi64>
            %v28 = arith.muli %v26, %v27 : i64
            affine.store %v28, %A4[%i6 + 10, %i6 + 12] : memref<?x?xi64>
          }
          %v29 = affine.load %A2[%i5 + 2, %i6 * 2 + 2] : memref<?x?xi64>
          %v30 = arith.muli %k5, %v29 : i64
          %v31 = affine.load %A4[%i6 + 8, %i6 + 12] : memref<?x?xi64>
          %v32 = arith.subi %v30, %v31 : i64
          affine.store %v32, %L0[] : memref<i64>
          %v33 = affine.load %L0[] : memref<i64>
          %v34 = arith.muli %k2, %v33 : i64
          %v35 = affine.load %A4[%i6 + 7, -%i6 + 10] : memref<?x?xi64>
          %v36 = arith.addi %v34, %v35 : i64
          %v37 = arith.addi %v36, %k0 : i64
          affine.store %v37, %A4[%i6 + 7, -%i6 + 10] : memref<?x?xi64>
        }
        affine.for %i7 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n0] {
          %v38 = affine.load %A2[%i7 + 5, %i7] : memref<?x?xi64>
          %v39 = arith.addi %k5, %v38 : i64
          %v40 = affine.load %A2[%i7 + 2, (%i7 mod 2) + 2] : memref<?x?xi64>
          %v41 = arith.addi %v39, %v40 : i64
          %v42 = affine.load %A4[%i7 - %i5 + 8, %i7 + 9] : memref<?x?xi64>
          %v43 = arith.addi %v41, %v42 : i64
          %v44 = affine.load %A4[%i5 + 10, %i7 + 9] : memref<?x?xi64>
          %v45 = arith.muli %v43, %v44 : i64
          affine.store %v45, %A2[%i7 + 5, %i7] : memref<?x?xi64>
        }
      }
      %v46 = affine.load %A4[(%i4 mod 2) + 10, %i4 + 9] : memref<?x?xi64>
      %v47 = arith.subi %k6, %v46 : i64
      %v48 = affine.load %A1[-%i4 + 6, %i4 + 5] : memref<?x?xi32>
      %v49 = arith.extsi %v48 : i32 to i64
      %v50 = arith.subi %v47, %v49 : i64
      %v51 = affine.load %A3[%i4 * 2 + 1, %i4 + 9, %i4 * 2 + 1] : memref<9x19x11xi32>
      %v52 = arith.extsi %v51 : i32 to i64
      %v53 = arith.addi %v50, %v52 : i64
      %v54 = arith.subi %v53, %k6 : i64
      affine.store %v54, %A4[(%i4 mod 2) + 10, %i4 + 9] : memref<?x?xi64>
      affine.if affine_set<(d0) : (d0 >= 0)>(%i4) {
        %v55 = affine.load %A4[%i4 + 8, %i4 + 10] : memref<?x?xi64>
        %v56 = arith.muli %k1, %v55 : i64
        %v57 = affine.load %L0[] : memref<i64>
        %v58 = arith.addi %v56, %v57 : i64
        affine.store %v58, %A2[-%i4 + 3, %i4] : memref<?x?xi64>
      }
      %v59 = affine.load %A4[(%i4 mod 2) + 10, -%i4 + 10] : memref<?x?xi64>
      %v60 = arith.addi %k7, %v59 : i64
      %v61 = affine.load %A3[%i4 * 2 + 1, %i4 + 7, %i4 + 3] : memref<9x19x11xi32>
      %v62 = arith.extsi %v61 : i32 to i64
      %v63 = arith.addi %v60, %v62 : i64
      affine.store %v63, %L0[] : memref<i64>
      %v64 = affine.load %L0[] : memref<i64>
      %v65 = arith.trunci %v64 : i64 to i32
      %v66 = arith.muli %k8, %v65 : i32
      %v67 = affine.load %A3[%i4 + 1, -%i4 + 9, %i4 + 3] : memref<9x19x11xi32>
      %v68 = arith.muli %v66, %v67 : i32
      %v69 = affine.load %A0[%i4 + 1, %i4 + 1] : memref<?x?xi64>
      %v70 = arith.trunci %v69 : i64 to i32
      %v71 = arith.muli %v68, %v70 : i32
      affine.store %v71, %A1[%i4 * 2 + 6, %i4 + 7] : memref<?x?xi32>
    }
    %v72 = memref.load %L0[] : memref<i64>
    %v73 = arith.trunci %v72 : i64 to i32
    memref.store %v73, %A1[%k4, %k4] : memref<?x?xi32>
    affine.for %i8 = 0 to affine_map<()[s0] -> (s0 - 1)>()[%n2] {
      affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%i8) {
        %v74 = affine.load %A1[%i8 + 6, %i8 + 4] : memref<?x?xi32>
        %v75 = arith.extsi %v74 : i32 to i64
        %v76 = arith.subi %k3, %v75 : i64
        %v77 = affine.load %L0[] : memref<i64>
        %v78 = arith.muli %v76, %v77 : i64
        %v79 = affine.load %A1[%i8 + 7, (%i8 floordiv 2) + 6] : memref<?x?xi32>
        %v80 = arith.extsi %v79 : i32 to i64
        %v81 = arith.addi %v78, %v80 : i64
        affine.store %v81, %L0[] : memref<i64>
      }
      affine.for %i9 = 0 to affine_map<()[s0] -> (s0 - 1)>()[%n1] {
        affine.for %i10 = 2 to 6 {
          %v82 = affine.load %A1[%i8 + 7, -%i10 + 5] : memref<?x?xi32>
          %v83 = arith.extsi %v82 : i32 to i64
          %v84 = arith.addi %k6, %v83 : i64
          %v85 = affine.load %A0[%i10, %i10 + 1] : memref<?x?xi64>
          %v86 = arith.muli %v84, %v85 : i64
          affine.store %v86, %L0[] : memref<i64>
          %v87 = affine.load %L0[] : memref<i64>
          %v88 = arith.addi %k1, %v87 : i64
          %v89 = affine.load %A1[(%i10 floordiv 3) + 7, %i10 + %i8 + 5] : memref<?x?xi32>
          %v90 = arith.extsi %v89 : i32 to i64
          %v91 = arith.muli %v88, %v90 : i64
          %v92 = affine.load %A4[(%i10 floordiv 3) + 10, %i9 + 10] : memref<?x?xi64>
          %v93 = arith.muli %v91, %v92 : i64
          %v94 = arith.addi %v93, %k1 : i64
          affine.store %v94, %A4[%i10 + 7, -%i10 + 10] : memref<?x?xi64>
        }
      }
    }
    affine.for %i12 = 0 to affine_map<()[s0] -> (s0)>()[%n0] {
      affine.for %i13 = 0 to affine_map<()[s0] -> (s0)>()[%n1] {
        affine.for %i11 = 1 to 5 {
          %v95 = affine.load %A4[%i11 + 9, %i12 + 10] : memref<?x?xi64>
          %v96 = arith.muli %k7, %v95 : i64
          %v97 = affine.load %A0[%i11, %i13] : memref<?x?xi64>
          %v98 = arith.addi %v96, %v97 : i64
          %v99 = affine.load %A0[%i13, %i12] : memref<?x?xi64>
          %v100 = arith.muli %v98, %v99 : i64
          affine.store %v100, %A4[%i11 + 9, %i12 + 10] : memref<?x?xi64>
        }
      }
    }
    return
  }
}
