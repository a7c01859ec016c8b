// RESHAPE(ρ, i, k) (seed 003 Fig. 8): α_d ↦ α_d + k·ı_i (d = dim ρ, ı_i the i-th
// original iterator), so α_d = old - k·ı_i (erratum E9). Kernel
// ../Inputs/stencil.mlir (distances (1, 0) and (1, -1)), scripts
// Inputs/reshape.mlir; %arg2 is A.
//
// Legal: α2 = j + i: the inner loop runs over t = i .. i + M - 1, S0 on j = t - i
// (skew.mlir's INNER, written with the input dimension i).
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/reshape.mlir \
// RUN:   --entry inner --sizes 7,6 %S/../Inputs/stencil.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INNER
//
// Legal: α1 = i - j: the outer loop runs over s = i - j, from 1 - M to N - 1, the
// inner one over j = max(0, -s) .. min(M, N - s) - 1, and S0 on i = s + j.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/reshape.mlir \
// RUN:   --entry outer --sizes 7,6 --sizes 4,9 %S/../Inputs/stencil.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OUTER
//
// Illegal: α1 = i + j turns (1, -1) into (0, -1).
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/reshape.mlir \
// RUN:   --transform-interpreter=entry-point=illegal %S/../Inputs/stencil.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ILLEGAL
//
// Precondition (global validity, erratum E10): α2 = j - j = 0 no longer traverses j.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/reshape.mlir \
// RUN:   --transform-interpreter=entry-point=constant %S/../Inputs/stencil.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CONSTANT
//
// Precondition: S0 has two input dimensions.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/reshape.mlir \
// RUN:   --transform-interpreter=entry-point=no_such_input %S/../Inputs/stencil.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INPUT

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

// OUTER-DAG:    #[[LOW_S:map[0-9]*]] = affine_map<(d0) -> (-d0 + 1)>
// OUTER-DAG:    #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// OUTER-DAG:    #[[LOW_J:map[0-9]*]] = affine_map<(d0) -> (0, -d0)>
// OUTER-DAG:    #[[HIGH_J:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1 - d2)>
// OUTER-DAG:    #[[SUM:map[0-9]*]] = affine_map<(d0, d1) -> (d0 + d1)>
// OUTER-LABEL:  func.func @kernel_stencil(
// OUTER:          %[[N:[0-9]+]] = arith.index_cast %arg0
// OUTER-NEXT:     %[[M:[0-9]+]] = arith.index_cast %arg1
// OUTER:          affine.for %[[S:arg[0-9]+]] = #[[LOW_S]](%[[M]]) to #[[ID]](%[[N]]) {
// OUTER-NEXT:       affine.for %[[J:arg[0-9]+]] = max #[[LOW_J]](%[[S]]) to min #[[HIGH_J]](%[[M]], %[[N]], %[[S]]) {
// OUTER-NEXT:         %[[I:[0-9]+]] = affine.apply #[[SUM]](%[[S]], %[[J]])
// OUTER-NOT:          affine.{{for|if|store}}
// OUTER:              affine.store %{{.*}}, %arg2[%[[I]] + 1, %[[J]]]
// OUTER-NEXT:       }
// OUTER-NEXT:     }
// OUTER-NEXT:     return
// OUTER-LABEL:  func.func @init_stencil(
// OUTER:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 7,6
// OUTER:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 4,9

// ILLEGAL: reshape.mlir:{{[0-9]+}}:5: error: the script breaks a dependence: flow dependences not executed in order: [arg0, arg1] -> { S0[i0, i1] -> S0[i0' = 1 + i0, i1' = -1 + i1] : 0 <= i0 <= -2 + arg0 and 0 < i1 < arg1 }

// CONSTANT: error: directive 1: reshape((0, 0), 2, 1): S0 would run two instances at the same date (a loop no longer traverses its iterators; mark parallelism with parallelize instead)

// INPUT: error: directive 1: reshape((0, 0), 3, 1): S0 has 2 input dimensions, no ı3
