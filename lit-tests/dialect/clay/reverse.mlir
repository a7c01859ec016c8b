// REVERSE(ρ) (seed 003 Fig. 8): α_d ↦ -α_d (d = dim ρ): loop ρ runs downward.
// Kernel ../Inputs/stencil.mlir (dependence distances (1, 0) and (1, -1)), scripts
// Inputs/reverse.mlir; %arg2 is A.
//
// Legal: the j loop reversed. affine.for only counts up, so the loop runs over
// t = -(M - 1) .. 0 and S0 runs on j = -t: j = M - 1 first, down to 0.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/reverse.mlir \
// RUN:   --entry inner --sizes 7,6 %S/../Inputs/stencil.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INNER
//
// Illegal: the i loop reversed: row i + 1 is read before it is written.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/reverse.mlir \
// RUN:   --transform-interpreter=entry-point=illegal %S/../Inputs/stencil.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ILLEGAL
//
// Precondition: ρ is a loop, not the statement.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/reverse.mlir \
// RUN:   --transform-interpreter=entry-point=statement %S/../Inputs/stencil.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STATEMENT

// INNER-DAG:    #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// INNER-DAG:    #[[LOW:map[0-9]*]] = affine_map<(d0) -> (-d0 + 1)>
// INNER-DAG:    #[[NEG:map[0-9]*]] = affine_map<(d0) -> (-d0)>
// INNER-LABEL:  func.func @kernel_stencil(
// INNER:          %[[N:[0-9]+]] = arith.index_cast %arg0
// INNER-NEXT:     %[[M:[0-9]+]] = arith.index_cast %arg1
// INNER:          affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%[[N]]) {
// INNER-NEXT:       affine.for %[[T:arg[0-9]+]] = #[[LOW]](%[[M]]) to 1 {
// INNER-NEXT:         %[[J:[0-9]+]] = affine.apply #[[NEG]](%[[T]])
// INNER-NOT:          affine.{{for|if|store}}
// INNER:              affine.store %{{.*}}, %arg2[%[[I]] + 1, %[[J]]]
// INNER-NEXT:       }
// INNER-NEXT:     }
// INNER-NEXT:     return
// INNER-LABEL:  func.func @init_stencil(
// INNER:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 7,6

// ILLEGAL: reverse.mlir:{{[0-9]+}}:5: error: the script breaks a dependence: flow dependences not executed in order: [arg0, arg1] -> { S0[i0, i1] -> S0[i0' = 1 + i0, i1'] : {{.*}} }
// ILLEGAL: stencil.mlir:{{[0-9]+}}:5: note: while generating code for this SCoP

// STATEMENT: error: directive 1: reverse((0, 0, 0)): (0, 0, 0) is the statement S0, not a loop
