// PARALLELIZE(ρ) (seed 003 Fig. 8, erratum E11: one argument): loop ρ is marked
// parallel and becomes an affine.parallel. Tessel guards it by its work: below
// 2^18 statement instances per execution the sequential copy (scf.if's else) runs,
// so each execution check also runs sizes that reach the parallel copy, on two
// threads, and checks the OpenMP regions clay_exec.py counted. Kernels
// ../Inputs/chain.mlir (%arg1 .. %arg6 are A .. F) and ../Inputs/matmul.mlir
// (%arg3 .. %arg5 are A, B, C); scripts Inputs/parallelize.mlir.
//
// Legal: chain's loop (1) (S2, S3: no dependence between iterations).
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/parallelize.mlir \
// RUN:   --entry loop1 --sizes 10 --sizes 262144 %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOOP1
//
// Legal: matmul's i loop (64^3 = 2^18 instances reach the parallel copy).
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/parallelize.mlir \
// RUN:   --entry matmul_i --sizes 5,6,7 --sizes 64,64,64 %S/../Inputs/matmul.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MATMUL
//
// Legal, but sequential: loop (1) marked, then fused with loop (0), which is not:
// the fused loop holds marked and unmarked members and stays an affine.for.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/parallelize.mlir \
// RUN:   --entry mixed --sizes 10 --sizes 262144 %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MIXED
// ... and generate says why, in a remark.
// RUN: %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/parallelize.mlir \
// RUN:   --transform-interpreter=entry-point=mixed %S/../Inputs/chain.mlir -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MIXED-NOTE
// MIXED-NOTE: remark: tessel: loop (0) stays sequential: parallelize marked only part of it
//
// Illegal: chain's loop (0) carries the recurrence of S1.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/parallelize.mlir \
// RUN:   --transform-interpreter=entry-point=illegal %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ILLEGAL
//
// Illegal: matmul's k loop carries the sum into C[i][j].
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/parallelize.mlir \
// RUN:   --transform-interpreter=entry-point=reduction %S/../Inputs/matmul.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REDUCTION

// LOOP1-LABEL:  func.func @kernel_chain(
// LOOP1:          affine.for %[[I:arg[0-9]+]] = 0 to
// LOOP1-NOT:        affine.{{for|if|store|parallel}}
// LOOP1:            affine.store %{{.*}}, %arg1[%[[I]]]
// LOOP1-NOT:        affine.{{for|if|store|parallel}}
// LOOP1:            affine.store %{{.*}}, %arg3[%[[I]] + 1]
// LOOP1-NEXT:     }
// LOOP1-NOT:      affine.{{for|if|store|parallel}}
// LOOP1:          scf.if %{{.*}} {
// LOOP1-NEXT:       affine.parallel (%[[P:arg[0-9]+]]) = (0) to (%{{[0-9]+}}) {
// LOOP1-NOT:          affine.{{for|if|store|parallel}}
// LOOP1:              affine.store %{{.*}}, %arg4[%[[P]]]
// LOOP1-NOT:          affine.{{for|if|store|parallel}}
// LOOP1:              affine.store %{{.*}}, %arg5[%[[P]]]
// LOOP1-NEXT:       }
// LOOP1-NEXT:     } else {
// LOOP1-NEXT:       affine.for %[[I:arg[0-9]+]] = 0 to
// LOOP1-NOT:          affine.{{for|if|store|parallel}}
// LOOP1:              affine.store %{{.*}}, %arg4[%[[I]]]
// LOOP1-NOT:          affine.{{for|if|store|parallel}}
// LOOP1:              affine.store %{{.*}}, %arg5[%[[I]]]
// LOOP1-NEXT:       }
// LOOP1-NEXT:     }
// LOOP1-NEXT:     affine.for %[[I:arg[0-9]+]] = 0 to
// LOOP1-NOT:        affine.{{for|if|store|parallel}}
// LOOP1:            affine.store %{{.*}}, %arg6[%[[I]]]
// LOOP1-NEXT:     }
// LOOP1-NEXT:     return
// LOOP1-LABEL:  func.func @init_chain(
// LOOP1:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 10
// LOOP1-NEXT:   clay-exec: parallel regions at sizes 10: original 0, transformed 0
// LOOP1-NEXT:   clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 262144
// LOOP1-NEXT:   clay-exec: parallel regions at sizes 262144: original 0, transformed 1 (largest team 2)

// MATMUL-LABEL: func.func @kernel_matmul(
// MATMUL:         scf.if %{{.*}} {
// MATMUL-NEXT:      affine.parallel (%[[I:arg[0-9]+]]) = (0) to (%{{[0-9]+}}) {
// MATMUL-NEXT:        affine.for %[[J:arg[0-9]+]] = 0 to
// MATMUL-NEXT:          affine.for %[[K:arg[0-9]+]] = 0 to
// MATMUL-NEXT:            affine.load %arg3[%[[I]], %[[K]]]
// MATMUL-NOT:             affine.{{for|if|store|parallel}}
// MATMUL:                 affine.store %{{.*}}, %arg5[%[[I]], %[[J]]]
// MATMUL-NEXT:          }
// MATMUL-NEXT:        }
// MATMUL-NEXT:      }
// MATMUL-NEXT:    } else {
// MATMUL-NEXT:      affine.for
// MATMUL-NEXT:        affine.for
// MATMUL-NEXT:          affine.for
// MATMUL-LABEL: func.func @init_matmul(
// MATMUL:       clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 5,6,7
// MATMUL-NEXT:  clay-exec: parallel regions at sizes 5,6,7: original 0, transformed 0
// MATMUL-NEXT:  clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 64,64,64
// MATMUL-NEXT:  clay-exec: parallel regions at sizes 64,64,64: original 0, transformed 1 (largest team 2)

// MIXED-LABEL:  func.func @kernel_chain(
// MIXED-NOT:      affine.parallel
// MIXED:          affine.for %[[I:arg[0-9]+]] = 0 to
// MIXED-NOT:        affine.{{for|if|store|parallel}}
// MIXED:            affine.store %{{.*}}, %arg1[%[[I]]]
// MIXED-NOT:        affine.{{for|if|store|parallel}}
// MIXED:            affine.store %{{.*}}, %arg3[%[[I]] + 1]
// MIXED-NOT:        affine.{{for|if|store|parallel}}
// MIXED:            affine.store %{{.*}}, %arg4[%[[I]]]
// MIXED-NOT:        affine.{{for|if|store|parallel}}
// MIXED:            affine.store %{{.*}}, %arg5[%[[I]]]
// MIXED-NEXT:     }
// MIXED-NOT:      affine.parallel
// MIXED-LABEL:  func.func @init_chain(
// MIXED:        clay-exec: parallel regions at sizes 262144: original 0, transformed 0

// ILLEGAL: parallelize.mlir:{{[0-9]+}}:5: error: the script breaks a dependence: parallel loop at depth 0 carries dependences: [arg0] -> { S1[i0] -> S0[i0' = 1 + i0] : 0 <= i0 <= -2 + arg0; S1[i0] -> S1[i0' = 1 + i0] : 0 <= i0 <= -2 + arg0 }

// REDUCTION: error: the script breaks a dependence: parallel loop at depth 2 carries dependences: [arg0, arg1, arg2] -> { S0[i0, i1, i2] -> S0[i0' = i0, i1' = i1, i2' = 1 + i2] : {{.*}} }
