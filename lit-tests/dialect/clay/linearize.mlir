// LINEARIZE(ρ) (seed 003 Fig. 8, erratum E3: i = dim ρ): the inverse of STRIPMINE;
// loop ρ must be a chunk loop (size·α_d <= α_{d+1} <= size·α_d + size - 1 and
// nothing else on α_d) with one child. Kernels ../Inputs/chain.mlir (%arg1 ..
// %arg6 are A .. F) and ../Inputs/matmul.mlir (%arg3 .. %arg5 are A, B, C);
// scripts Inputs/linearize.mlir.
//
// Legal: chain's loop (0) stripmined by 4, then linearized: the original loop.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/linearize.mlir \
// RUN:   --entry roundtrip --sizes 10 %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHAIN
//
// Legal: matmul's j loop stripmined by 3 and linearized: the original nest.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/linearize.mlir \
// RUN:   --entry matmul_j --sizes 5,6,7 %S/../Inputs/matmul.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MATMUL
//
// Precondition: loop (0) was never stripmined.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/linearize.mlir \
// RUN:   --transform-interpreter=entry-point=not_stripmined %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PLAIN
//
// Precondition: (0, 0) is the loop inside the chunks, not a chunk loop.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/linearize.mlir \
// RUN:   --transform-interpreter=entry-point=point_loop %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=POINT
//
// Precondition: the loop inside the chunks was distributed: two children.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/linearize.mlir \
// RUN:   --transform-interpreter=entry-point=two_children %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHILDREN

// CHAIN-DAG:    #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// CHAIN-LABEL:  func.func @kernel_chain(
// CHAIN:          affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%{{[0-9]+}}) {
// CHAIN-NOT:        affine.{{for|if|store}}
// CHAIN:            affine.store %{{.*}}, %arg1[%[[I]]]
// CHAIN-NOT:        affine.{{for|if|store}}
// CHAIN:            affine.store %{{.*}}, %arg3[%[[I]] + 1]
// CHAIN-NEXT:     }
// CHAIN-NEXT:     affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%{{[0-9]+}}) {
// CHAIN-NOT:        affine.{{for|if|store}}
// CHAIN:            affine.store %{{.*}}, %arg4[%[[I]]]
// CHAIN-NOT:        affine.{{for|if|store}}
// CHAIN:            affine.store %{{.*}}, %arg5[%[[I]]]
// CHAIN-NEXT:     }
// CHAIN-NEXT:     affine.for
// CHAIN-NOT:        affine.{{for|if}}
// CHAIN-LABEL:  func.func @init_chain(
// CHAIN:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 10

// MATMUL-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// MATMUL-LABEL: func.func @kernel_matmul(
// MATMUL:         %[[NI:[0-9]+]] = arith.index_cast %arg0
// MATMUL-NEXT:    %[[NJ:[0-9]+]] = arith.index_cast %arg1
// MATMUL-NEXT:    %[[NK:[0-9]+]] = arith.index_cast %arg2
// MATMUL-NEXT:    affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%[[NI]]) {
// MATMUL-NEXT:      affine.for %[[J:arg[0-9]+]] = 0 to #[[ID]](%[[NJ]]) {
// MATMUL-NEXT:        affine.for %[[K:arg[0-9]+]] = 0 to #[[ID]](%[[NK]]) {
// MATMUL-NEXT:          affine.load %arg3[%[[I]], %[[K]]]
// MATMUL-NOT:           affine.{{for|if|store}}
// MATMUL:               affine.store %{{.*}}, %arg5[%[[I]], %[[J]]]
// MATMUL-LABEL: func.func @init_matmul(
// MATMUL:       clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 5,6,7

// PLAIN: error: directive 1: linearize((0)): (0) is not a stripmined loop: α1 of S0 is not a chunk of α2 (size·α1 <= α2 <= size·α1 + size - 1, and nothing else)
// POINT: error: directive 2: linearize((0, 0)): (0, 0) is not a stripmined loop: α2 of S0 is not a chunk of α3
// CHILDREN: error: directive 3: linearize((0)): the loop (0) has more than one child
