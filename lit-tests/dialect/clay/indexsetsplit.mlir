// INDEXSETSPLIT(ρ, constraint) (seed 003 Fig. 8): every member under ρ splits into
// its instances with constraint >= 0, which keep their place, and the others, whose
// copy of ρ's body follows ρ's children. `a<k>` is α_k, `i<k>` the k-th original
// iterator, anything else a parameter (arg1 is M). Kernels ../Inputs/chain.mlir
// (%arg1 .. %arg6 are A .. F) and ../Inputs/stencil.mlir (%arg2 is A); scripts
// Inputs/indexsetsplit.mlir.
//
// Legal: chain's loop (0) split at i = 3. The loop stays one loop over i; its body
// runs the i >= 3 copy of S0, S1 or the i < 3 one.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/indexsetsplit.mlir \
// RUN:   --entry split --sizes 10 --sizes 2 %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SPLIT
//
// Legal: the same split, distributed and reordered: a loop over i < 3, then one
// over i >= 3 (loop splitting).
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/indexsetsplit.mlir \
// RUN:   --entry two_loops --sizes 10 --sizes 2 %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOOPS
//
// Legal: stencil's j split at M - 2 under (0): in each i, the loop over
// j >= M - 2 runs first, then the loop over j < M - 2.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/indexsetsplit.mlir \
// RUN:   --entry inner_swap --sizes 7,6 --sizes 3,1 %S/../Inputs/stencil.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INNER
//
// Illegal: the split distributed without the reorder: i >= 3 runs first, against
// the recurrence S1[2] -> S0[3], S1[3].
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/indexsetsplit.mlir \
// RUN:   --transform-interpreter=entry-point=illegal %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ILLEGAL
//
// Precondition: the constraint's names are dimensions of the statements or
// parameters.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/indexsetsplit.mlir \
// RUN:   --transform-interpreter=entry-point=unknown_name %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NAME

// SPLIT-DAG:    #[[GE3:set[0-9]*]] = affine_set<(d0) : (d0 - 3 >= 0)>
// SPLIT-LABEL:  func.func @kernel_chain(
// SPLIT:          affine.for %[[I:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%{{[0-9]+}}) {
// SPLIT-NEXT:       affine.if #[[GE3]](%[[I]]) {
// SPLIT-NOT:          affine.{{for|if|store}}
// SPLIT:              affine.store %{{.*}}, %arg1[%[[I]]]
// SPLIT-NOT:          affine.{{for|if|store}}
// SPLIT:              affine.store %{{.*}}, %arg3[%[[I]] + 1]
// SPLIT-NEXT:       } else {
// SPLIT-NOT:          affine.{{for|if|store}}
// SPLIT:              affine.store %{{.*}}, %arg1[%[[I]]]
// SPLIT-NOT:          affine.{{for|if|store}}
// SPLIT:              affine.store %{{.*}}, %arg3[%[[I]] + 1]
// SPLIT-NEXT:       }
// SPLIT-NEXT:     }
// SPLIT-NEXT:     affine.for
// SPLIT-NOT:        affine.if
// SPLIT-LABEL:  func.func @init_chain(
// SPLIT:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 10
// SPLIT:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 2

// LOOPS-DAG:    #[[MIN3:map[0-9]*]] = affine_map<(d0) -> (3, d0)>
// LOOPS-DAG:    #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// LOOPS-LABEL:  func.func @kernel_chain(
// LOOPS:          %[[N:[0-9]+]] = arith.index_cast %arg0
// LOOPS:          affine.for %[[I:arg[0-9]+]] = 0 to min #[[MIN3]](%[[N]]) {
// LOOPS-NOT:        affine.{{for|if|store}}
// LOOPS:            affine.store %{{.*}}, %arg1[%[[I]]]
// LOOPS-NOT:        affine.{{for|if|store}}
// LOOPS:            affine.store %{{.*}}, %arg3[%[[I]] + 1]
// LOOPS-NEXT:     }
// LOOPS-NEXT:     affine.for %[[I:arg[0-9]+]] = 3 to #[[ID]](%[[N]]) {
// LOOPS-NOT:        affine.{{for|if|store}}
// LOOPS:            affine.store %{{.*}}, %arg1[%[[I]]]
// LOOPS-NOT:        affine.{{for|if|store}}
// LOOPS:            affine.store %{{.*}}, %arg3[%[[I]] + 1]
// LOOPS-NEXT:     }
// LOOPS-NEXT:     affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%[[N]]) {
// LOOPS-NOT:        affine.{{for|if|store}}
// LOOPS:            affine.store %{{.*}}, %arg4[%[[I]]]
// LOOPS-LABEL:  func.func @init_chain(
// LOOPS:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 10
// LOOPS:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 2

// INNER-DAG:    #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// INNER-DAG:    #[[LAST2:map[0-9]*]] = affine_map<(d0) -> (0, d0 - 2)>
// INNER-DAG:    #[[BELOW:map[0-9]*]] = affine_map<(d0) -> (d0 - 2)>
// INNER-LABEL:  func.func @kernel_stencil(
// INNER:          %[[N:[0-9]+]] = arith.index_cast %arg0
// INNER-NEXT:     %[[M:[0-9]+]] = arith.index_cast %arg1
// INNER:          affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%[[N]]) {
// INNER-NEXT:       affine.for %[[J:arg[0-9]+]] = max #[[LAST2]](%[[M]]) to #[[ID]](%[[M]]) {
// INNER-NOT:          affine.{{for|if|store}}
// INNER:              affine.store %{{.*}}, %arg2[%[[I]] + 1, %[[J]]]
// INNER-NEXT:       }
// INNER-NEXT:       affine.for %[[J:arg[0-9]+]] = 0 to #[[BELOW]](%[[M]]) {
// INNER-NOT:          affine.{{for|if|store}}
// INNER:              affine.store %{{.*}}, %arg2[%[[I]] + 1, %[[J]]]
// INNER-NEXT:       }
// INNER-NEXT:     }
// INNER-NEXT:     return
// INNER-LABEL:  func.func @init_stencil(
// INNER:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 7,6
// INNER:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 3,1

// ILLEGAL: indexsetsplit.mlir:{{[0-9]+}}:5: error: the script breaks a dependence: flow dependences not executed in order: [arg0] -> { S1[i0 = 2] -> S0[i0' = 3] : arg0 >= 4; S1[i0 = 2] -> S1[i0' = 3] : arg0 >= 4 }

// NAME: error: directive 1: indexsetsplit((0), i2 >= 0): `i2` is neither a parameter nor a dimension of S0 (a1..a1, i1..i1)
