// SKEW(ρ, i, k) (seed 003 Fig. 8): α_d ↦ α_d + k·α_i (d = dim ρ), so
// α_d = old - k·α_i (erratum E9). Kernel ../Inputs/stencil.mlir (dependence
// distances (1, 0) and (1, -1)), scripts Inputs/skew.mlir; %arg2 is A.
//
// Legal: j skewed by i with k = -1: α2 = j + i. The inner loop runs over
// t = i .. i + M - 1 and S0 runs on j = t - i.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/skew.mlir \
// RUN:   --entry inner --sizes 7,6 %S/../Inputs/stencil.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INNER
//
// Illegal: i skewed by j (an inner loop, which Fig. 8 allows) with k = -1:
// α1 = i + j turns the distance (1, -1) into (0, -1).
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/skew.mlir \
// RUN:   --transform-interpreter=entry-point=illegal %S/../Inputs/stencil.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ILLEGAL
//
// Precondition: 1 <= i <= dim α.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/skew.mlir \
// RUN:   --transform-interpreter=entry-point=no_such_loop %S/../Inputs/stencil.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEPTH

// INNER-DAG:    #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// INNER-DAG:    #[[SUM:map[0-9]*]] = affine_map<(d0, d1) -> (d0 + d1)>
// INNER-DAG:    #[[DIFF:map[0-9]*]] = affine_map<(d0, d1) -> (-d0 + d1)>
// INNER-LABEL:  func.func @kernel_stencil(
// INNER:          %[[N:[0-9]+]] = arith.index_cast %arg0
// INNER-NEXT:     %[[M:[0-9]+]] = arith.index_cast %arg1
// INNER:          affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%[[N]]) {
// INNER-NEXT:       affine.for %[[T:arg[0-9]+]] = #[[ID]](%[[I]]) to #[[SUM]](%[[M]], %[[I]]) {
// INNER-NEXT:         %[[J:[0-9]+]] = affine.apply #[[DIFF]](%[[I]], %[[T]])
// INNER-NOT:          affine.{{for|if|store}}
// INNER:              affine.store %{{.*}}, %arg2[%[[I]] + 1, %[[J]]]
// INNER-NEXT:       }
// INNER-NEXT:     }
// INNER-NEXT:     return
// INNER-LABEL:  func.func @init_stencil(
// INNER:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 7,6

// ILLEGAL: skew.mlir:{{[0-9]+}}:5: error: the script breaks a dependence: flow dependences not executed in order: [arg0, arg1] -> { S0[i0, i1] -> S0[i0' = 1 + i0, i1' = -1 + i1] : 0 <= i0 <= -2 + arg0 and 0 < i1 < arg1 }
// ILLEGAL: stencil.mlir:{{[0-9]+}}:5: note: while generating code for this SCoP

// DEPTH: error: directive 1: skew((0, 0), 3, 1): S0 has only 2 loops, no α3
