// DISTRIBUTE(ρ, n) (seed 003 Fig. 8, erratum E1's corrected form): loop ρ becomes
// two loops, the first with ρ's first n children, the second with the others,
// right after it. Kernel ../Inputs/chain.mlir, scripts Inputs/distribute.mlir; in
// the output, %arg1 .. %arg6 are A .. F.
//
// Legal: loop (1) into a loop of S2 (D[i]) and a loop of S3 (E[i]): four loops.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/distribute.mlir \
// RUN:   --entry split --sizes 10 %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SPLIT
//
// Legal once S1 comes first: a loop of S1 (C[i + 1]), then a loop of S0 (A[i]).
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/distribute.mlir \
// RUN:   --entry after_reorder --sizes 10 %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REORDERED
//
// Illegal: loop (0) with S0 first: S0[i + 1] reads C[i + 1] before S1[i] writes it.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/distribute.mlir \
// RUN:   --transform-interpreter=entry-point=illegal %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ILLEGAL
//
// Precondition: 1 <= n <= (children of ρ) - 1.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/distribute.mlir \
// RUN:   --transform-interpreter=entry-point=too_many %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TOO-MANY

// SPLIT-DAG:    #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// SPLIT-LABEL:  func.func @kernel_chain(
// SPLIT:          affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%{{[0-9]+}}) {
// SPLIT-NOT:        affine.{{for|if|store}}
// SPLIT:            affine.store %{{.*}}, %arg1[%[[I]]]
// SPLIT-NOT:        affine.{{for|if|store}}
// SPLIT:            affine.store %{{.*}}, %arg3[%[[I]] + 1]
// SPLIT-NEXT:     }
// SPLIT-NEXT:     affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%{{[0-9]+}}) {
// SPLIT-NOT:        affine.{{for|if|store}}
// SPLIT:            affine.store %{{.*}}, %arg4[%[[I]]]
// SPLIT-NEXT:     }
// SPLIT-NEXT:     affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%{{[0-9]+}}) {
// SPLIT-NOT:        affine.{{for|if|store}}
// SPLIT:            affine.store %{{.*}}, %arg5[%[[I]]]
// SPLIT-NEXT:     }
// SPLIT-NEXT:     affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%{{[0-9]+}}) {
// SPLIT-NOT:        affine.{{for|if|store}}
// SPLIT:            affine.store %{{.*}}, %arg6[%[[I]]]
// SPLIT-NEXT:     }
// SPLIT-NEXT:     return
// SPLIT-LABEL:  func.func @init_chain(
// SPLIT:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 10

// REORDERED-LABEL: func.func @kernel_chain(
// REORDERED:         affine.for %[[I:arg[0-9]+]] = 0 to
// REORDERED-NOT:       affine.{{for|if|store}}
// REORDERED:           affine.store %{{.*}}, %arg3[%[[I]] + 1]
// REORDERED-NEXT:    }
// REORDERED-NEXT:    affine.for %[[I:arg[0-9]+]] = 0 to
// REORDERED-NOT:       affine.{{for|if|store}}
// REORDERED:           affine.store %{{.*}}, %arg1[%[[I]]]
// REORDERED-NEXT:    }
// REORDERED-NEXT:    affine.for %[[I:arg[0-9]+]] = 0 to
// REORDERED-NOT:       affine.{{for|if|store}}
// REORDERED:           affine.store %{{.*}}, %arg4[%[[I]]]
// REORDERED-NOT:       affine.{{for|if|store}}
// REORDERED:           affine.store %{{.*}}, %arg5[%[[I]]]
// REORDERED-NEXT:    }
// REORDERED-NEXT:    affine.for
// REORDERED-LABEL: func.func @init_chain(
// REORDERED:       clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 10

// ILLEGAL: distribute.mlir:{{[0-9]+}}:5: error: the script breaks a dependence: flow dependences not executed in order: [arg0] -> { S1[i0] -> S0[i0' = 1 + i0] : 0 <= i0 <= -2 + arg0 }
// ILLEGAL: chain.mlir:{{[0-9]+}}:5: note: while generating code for this SCoP

// TOO-MANY: error: directive 1: distribute((1), 2): (1) has 2 children; n must be in 1..1
