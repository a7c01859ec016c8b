// Seed 003's worked examples on the beamforming kernel of its Fig. 1
// (../Inputs/beamforming.mlir; scripts Inputs/beamforming.mlir, from
// passes/poly/tests/seed_003_clay.rs with the digest's OCR readings). In the
// output, %arg2, %arg3 are a_r, a_i and %arg8, %arg9, %arg10 are t, t_val, val.
// Tessel's statements: S0 t = 0, S1 t_val = DBL_MIN, S2 a_i = 0, S3 a_r = 0,
// S4 a_r +=, S5 a_i +=, S6 val =, S7 t = (val >= t_val) ? i : t,
// S8 t_val = (val >= t_val) ? val : t_val (the paper's S7 is two stores).
//
// The kernel is one SCoP of nine statements, with the β-vectors the scripts
// assume: (0), (1), (2, 0), (2, 1), (2, 2, 0), (2, 2, 1), (2, 3), (2, 4), (2, 5).
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-scop))' \
// RUN:   %S/../Inputs/beamforming.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCOP
//
// Each parallel loop is guarded by its work (2^18 instances): the small sizes run
// the sequential copies, N = 2^18 the parallel ones, on two threads.
//
// Fig. 4 (Fig. 1 -> Pluto's Fig. 2): four parallel loops, a_r = 0, the a_r nest,
// a_i = 0, the a_i nest; then t = 0, t_val = DBL_MIN; then the sequential loop of
// val, t, t_val.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/beamforming.mlir \
// RUN:   --entry fig4 --sizes 9,5 --sizes 262144,2 %S/../Inputs/beamforming.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FIG2
//
// Fig. 9, right (Fig. 1 -> Fig. 3): one parallel loop over i holding a_r = 0,
// a_i = 0 and the j loop of both updates; then t = 0, t_val = DBL_MIN; then the
// sequential loop.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/beamforming.mlir \
// RUN:   --entry fig9_right --sizes 9,5 --sizes 262144,2 %S/../Inputs/beamforming.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FIG3
//
// Fig. 4, then Fig. 9, left (Fig. 2 -> Fig. 3): the same code. The parallel marks
// of Fig. 4 travel with the loops through the fusions.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/beamforming.mlir \
// RUN:   --entry fig4_fig9_left --sizes 9,5 --sizes 262144,2 %S/../Inputs/beamforming.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FIG3
//
// Illegal: Fig. 9, right, with the last loop parallel too: it carries val, t and
// t_val from one i to the next.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/beamforming.mlir \
// RUN:   --transform-interpreter=entry-point=illegal %S/../Inputs/beamforming.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ILLEGAL

// SCOP:      Inputs/beamforming.mlir:{{[0-9]+}}:5: remark: tessel: SCoP of 9 statements
// SCOP-NEXT: context: [arg0, arg1] -> {  :  }
// SCOP-NEXT: S0:
// SCOP-NEXT:   domain: [arg0, arg1] -> { S0[] }
// SCOP-NEXT:   schedule: [arg0, arg1] -> { S0[] -> [0] }
// SCOP-NEXT:   must-write: [arg0, arg1] -> { S0[] -> arg8[] }
// SCOP-NEXT: S1:
// SCOP-NEXT:   domain: [arg0, arg1] -> { S1[] }
// SCOP-NEXT:   schedule: [arg0, arg1] -> { S1[] -> [1] }
// SCOP-NEXT:   must-write: [arg0, arg1] -> { S1[] -> arg9[] }
// SCOP-NEXT: S2:
// SCOP-NEXT:   domain: [arg0, arg1] -> { S2[i0] : 0 <= i0 < arg0 }
// SCOP-NEXT:   schedule: [arg0, arg1] -> { S2[i0] -> [2, i0, 0] }
// SCOP-NEXT:   must-write: [arg0, arg1] -> { S2[i0] -> arg3[i0] }
// SCOP-NEXT: S3:
// SCOP-NEXT:   domain: [arg0, arg1] -> { S3[i0] : 0 <= i0 < arg0 }
// SCOP-NEXT:   schedule: [arg0, arg1] -> { S3[i0] -> [2, i0, 1] }
// SCOP-NEXT:   must-write: [arg0, arg1] -> { S3[i0] -> arg2[i0] }
// SCOP-NEXT: S4:
// SCOP-NEXT:   domain: [arg0, arg1] -> { S4[i0, i1] : 0 <= i0 < arg0 and 0 <= i1 < arg1 }
// SCOP-NEXT:   schedule: [arg0, arg1] -> { S4[i0, i1] -> [2, i0, 2, i1, 0] }
// SCOP:        must-write: [arg0, arg1] -> { S4[i0, i1] -> arg2[i0] }
// SCOP-NEXT: S5:
// SCOP-NEXT:   domain: [arg0, arg1] -> { S5[i0, i1] : 0 <= i0 < arg0 and 0 <= i1 < arg1 }
// SCOP-NEXT:   schedule: [arg0, arg1] -> { S5[i0, i1] -> [2, i0, 2, i1, 1] }
// SCOP:        must-write: [arg0, arg1] -> { S5[i0, i1] -> arg3[i0] }
// SCOP-NEXT: S6:
// SCOP-NEXT:   domain: [arg0, arg1] -> { S6[i0] : 0 <= i0 < arg0 }
// SCOP-NEXT:   schedule: [arg0, arg1] -> { S6[i0] -> [2, i0, 3] }
// SCOP:        must-write: [arg0, arg1] -> { S6[i0] -> arg10[] }
// SCOP-NEXT: S7:
// SCOP-NEXT:   domain: [arg0, arg1] -> { S7[i0] : 0 <= i0 < arg0 }
// SCOP-NEXT:   schedule: [arg0, arg1] -> { S7[i0] -> [2, i0, 4] }
// SCOP-NEXT:   read: [arg0, arg1] -> { S7[i0] -> arg10[] }
// SCOP-NEXT:   read: [arg0, arg1] -> { S7[i0] -> arg9[] }
// SCOP-NEXT:   read: [arg0, arg1] -> { S7[i0] -> arg8[] }
// SCOP-NEXT:   must-write: [arg0, arg1] -> { S7[i0] -> arg8[] }
// SCOP-NEXT: S8:
// SCOP-NEXT:   domain: [arg0, arg1] -> { S8[i0] : 0 <= i0 < arg0 }
// SCOP-NEXT:   schedule: [arg0, arg1] -> { S8[i0] -> [2, i0, 5] }
// SCOP-NEXT:   read: [arg0, arg1] -> { S8[i0] -> arg10[] }
// SCOP-NEXT:   read: [arg0, arg1] -> { S8[i0] -> arg9[] }
// SCOP-NEXT:   must-write: [arg0, arg1] -> { S8[i0] -> arg9[] }
// SCOP-EMPTY:

// FIG2-LABEL:   func.func @kernel_beamforming(
// FIG2:           %[[N:[0-9]+]] = arith.index_cast %arg0
// FIG2-NEXT:      %[[M:[0-9]+]] = arith.index_cast %arg1
// FIG2-NOT:       affine.{{for|store|parallel}}
// FIG2:           scf.if %{{.*}} {
// FIG2-NEXT:        affine.parallel (%[[I:arg[0-9]+]]) = (0) to (%[[N]]) {
// FIG2-NEXT:          affine.store %{{.*}}, %arg2[%[[I]]]
// FIG2-NEXT:        }
// FIG2-NEXT:      } else {
// FIG2-NOT:       affine.{{parallel|load}}
// FIG2:           scf.if %{{.*}} {
// FIG2-NEXT:        affine.parallel (%[[I:arg[0-9]+]]) = (0) to (%[[N]]) {
// FIG2-NEXT:          affine.for %[[J:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%[[M]]) {
// FIG2-NOT:             affine.{{for|store|parallel}}
// FIG2:                 affine.store %{{.*}}, %arg2[%[[I]]]
// FIG2-NEXT:          }
// FIG2-NEXT:        }
// FIG2-NEXT:      } else {
// FIG2-NOT:       affine.parallel
// FIG2:           scf.if %{{.*}} {
// FIG2-NEXT:        affine.parallel (%[[I:arg[0-9]+]]) = (0) to (%[[N]]) {
// FIG2-NEXT:          affine.store %{{.*}}, %arg3[%[[I]]]
// FIG2-NEXT:        }
// FIG2-NEXT:      } else {
// FIG2-NOT:       affine.{{parallel|load}}
// FIG2:           scf.if %{{.*}} {
// FIG2-NEXT:        affine.parallel (%[[I:arg[0-9]+]]) = (0) to (%[[N]]) {
// FIG2-NEXT:          affine.for %[[J:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%[[M]]) {
// FIG2-NOT:             affine.{{for|store|parallel}}
// FIG2:                 affine.store %{{.*}}, %arg3[%[[I]]]
// FIG2-NEXT:          }
// FIG2-NEXT:        }
// FIG2-NEXT:      } else {
// FIG2-NOT:       affine.parallel
// FIG2:           affine.store %{{.*}}, %arg8[]
// FIG2-NEXT:      affine.store %{{.*}}, %arg9[]
// FIG2-NEXT:      affine.for %[[I:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%[[N]]) {
// FIG2-NOT:         affine.{{for|store|parallel}}
// FIG2:             affine.store %{{.*}}, %arg10[]
// FIG2-NOT:         affine.{{for|store|parallel}}
// FIG2:             affine.store %{{.*}}, %arg8[]
// FIG2-NOT:         affine.{{for|store|parallel}}
// FIG2:             affine.store %{{.*}}, %arg9[]
// FIG2-NEXT:      }
// FIG2-NEXT:      return
// FIG2-LABEL:   func.func @init_beamforming(
// FIG2:         clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 9,5
// FIG2-NEXT:    clay-exec: parallel regions at sizes 9,5: original 0, transformed 0
// FIG2-NEXT:    clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 262144,2
// FIG2-NEXT:    clay-exec: parallel regions at sizes 262144,2: original 0, transformed 4 (largest team 2)

// FIG3-LABEL:   func.func @kernel_beamforming(
// FIG3:           %[[N:[0-9]+]] = arith.index_cast %arg0
// FIG3-NEXT:      %[[M:[0-9]+]] = arith.index_cast %arg1
// FIG3-NOT:       affine.{{for|store|parallel}}
// FIG3:           scf.if %{{.*}} {
// FIG3-NEXT:        affine.parallel (%[[I:arg[0-9]+]]) = (0) to (%[[N]]) {
// FIG3-NEXT:          affine.store %{{.*}}, %arg2[%[[I]]]
// FIG3-NEXT:          affine.store %{{.*}}, %arg3[%[[I]]]
// FIG3-NEXT:          affine.for %[[J:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%[[M]]) {
// FIG3-NOT:             affine.{{for|store|parallel}}
// FIG3:                 affine.store %{{.*}}, %arg2[%[[I]]]
// FIG3-NOT:             affine.{{for|store|parallel}}
// FIG3:                 affine.store %{{.*}}, %arg3[%[[I]]]
// FIG3-NEXT:          }
// FIG3-NEXT:        }
// FIG3-NEXT:      } else {
// FIG3-NEXT:        affine.for %[[I:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%[[N]]) {
// FIG3-NEXT:          affine.store %{{.*}}, %arg2[%[[I]]]
// FIG3-NEXT:          affine.store %{{.*}}, %arg3[%[[I]]]
// FIG3-NEXT:          affine.for %[[J:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%[[M]]) {
// FIG3-NOT:             affine.{{for|store|parallel}}
// FIG3:                 affine.store %{{.*}}, %arg2[%[[I]]]
// FIG3-NOT:             affine.{{for|store|parallel}}
// FIG3:                 affine.store %{{.*}}, %arg3[%[[I]]]
// FIG3-NEXT:          }
// FIG3-NEXT:        }
// FIG3-NEXT:      }
// FIG3-NEXT:      affine.store %{{.*}}, %arg8[]
// FIG3-NEXT:      affine.store %{{.*}}, %arg9[]
// FIG3-NEXT:      affine.for %[[I:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%[[N]]) {
// FIG3-NOT:         affine.{{for|store|parallel}}
// FIG3:             affine.store %{{.*}}, %arg10[]
// FIG3-NOT:         affine.{{for|store|parallel}}
// FIG3:             affine.store %{{.*}}, %arg8[]
// FIG3-NOT:         affine.{{for|store|parallel}}
// FIG3:             affine.store %{{.*}}, %arg9[]
// FIG3-NEXT:      }
// FIG3-NEXT:      return
// FIG3-LABEL:   func.func @init_beamforming(
// FIG3:         clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 9,5
// FIG3-NEXT:    clay-exec: parallel regions at sizes 9,5: original 0, transformed 0
// FIG3-NEXT:    clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 262144,2
// FIG3-NEXT:    clay-exec: parallel regions at sizes 262144,2: original 0, transformed 1 (largest team 2)

// ILLEGAL: beamforming.mlir:{{[0-9]+}}:5: error: the script breaks a dependence: parallel loop at depth 0 carries dependences: [arg0, arg1] -> { S6[i0] -> S6[i0' = 1 + i0] : {{.*}}; S8[i0] -> S8[i0' = 1 + i0] : {{.*}} }
