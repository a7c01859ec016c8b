// STRIPMINE(ρ, size) (seed 003 Fig. 8): loop ρ becomes a loop over chunks of
// `size` consecutive iterations (the new, implicitly defined α_d, ⌊old/size⌋) and,
// inside it, a loop over the iterations of each chunk. Kernels ../Inputs/chain.mlir
// (%arg1 .. %arg6 are A .. F) and ../Inputs/matmul.mlir (%arg3 .. %arg5 are A, B,
// C); scripts Inputs/stripmine.mlir.
//
// Legal: chain's loop (0) in chunks of 4: c = 0 .. ceil(N / 4) - 1, then
// i = 4c .. min(N, 4c + 4) - 1 around S0, S1.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/stripmine.mlir \
// RUN:   --entry chunks --sizes 10 --sizes 4 %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHUNKS
//
// Legal: matmul's k loop (0, 0, 0) in chunks of 2, inside i and j.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/stripmine.mlir \
// RUN:   --entry inner --sizes 5,6,7 %S/../Inputs/matmul.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INNER
//
// Illegal: the chunks reversed: S1[4c + 3] -> S0, S1[4c + 4] now run backward.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/stripmine.mlir \
// RUN:   --transform-interpreter=entry-point=illegal %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ILLEGAL
//
// Precondition: ρ is a loop.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/stripmine.mlir \
// RUN:   --transform-interpreter=entry-point=statement %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STATEMENT

// CHUNKS-DAG:   #[[NCHUNKS:map[0-9]*]] = affine_map<(d0) -> ((d0 - 1) floordiv 4 + 1)>
// CHUNKS-DAG:   #[[FIRST:map[0-9]*]] = affine_map<(d0) -> (d0 * 4)>
// CHUNKS-DAG:   #[[END:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1 * 4 + 4)>
// CHUNKS-LABEL: func.func @kernel_chain(
// CHUNKS:         %[[N:[0-9]+]] = arith.index_cast %arg0
// CHUNKS:         affine.for %[[C:arg[0-9]+]] = 0 to #[[NCHUNKS]](%[[N]]) {
// CHUNKS-NEXT:      affine.for %[[I:arg[0-9]+]] = #[[FIRST]](%[[C]]) to min #[[END]](%[[N]], %[[C]]) {
// CHUNKS-NOT:         affine.{{for|if|store}}
// CHUNKS:             affine.store %{{.*}}, %arg1[%[[I]]]
// CHUNKS-NOT:         affine.{{for|if|store}}
// CHUNKS:             affine.store %{{.*}}, %arg3[%[[I]] + 1]
// CHUNKS-NEXT:      }
// CHUNKS-NEXT:    }
// CHUNKS-NEXT:    affine.for %[[I:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%[[N]]) {
// CHUNKS-NOT:       affine.{{for|if|store}}
// CHUNKS:           affine.store %{{.*}}, %arg4[%[[I]]]
// CHUNKS-LABEL: func.func @init_chain(
// CHUNKS:       clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 10
// CHUNKS:       clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 4

// INNER-DAG:    #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// INNER-DAG:    #[[NCHUNKS:map[0-9]*]] = affine_map<(d0) -> ((d0 + 1) floordiv 2)>
// INNER-DAG:    #[[FIRST:map[0-9]*]] = affine_map<(d0) -> (d0 * 2)>
// INNER-DAG:    #[[END:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1 * 2 + 2)>
// INNER-LABEL:  func.func @kernel_matmul(
// INNER:          %[[NI:[0-9]+]] = arith.index_cast %arg0
// INNER-NEXT:     %[[NJ:[0-9]+]] = arith.index_cast %arg1
// INNER-NEXT:     %[[NK:[0-9]+]] = arith.index_cast %arg2
// INNER-NEXT:     affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%[[NI]]) {
// INNER-NEXT:       affine.for %[[J:arg[0-9]+]] = 0 to #[[ID]](%[[NJ]]) {
// INNER-NEXT:         affine.for %[[C:arg[0-9]+]] = 0 to #[[NCHUNKS]](%[[NK]]) {
// INNER-NEXT:           affine.for %[[K:arg[0-9]+]] = #[[FIRST]](%[[C]]) to min #[[END]](%[[NK]], %[[C]]) {
// INNER-NEXT:             affine.load %arg3[%[[I]], %[[K]]]
// INNER-NOT:              affine.{{for|if|store}}
// INNER:                  affine.store %{{.*}}, %arg5[%[[I]], %[[J]]]
// INNER-NEXT:           }
// INNER-NEXT:         }
// INNER-NEXT:       }
// INNER-NEXT:     }
// INNER-NEXT:     return
// INNER-LABEL:  func.func @init_matmul(
// INNER:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 5,6,7

// ILLEGAL: stripmine.mlir:{{[0-9]+}}:5: error: the script breaks a dependence: flow dependences not executed in order: [arg0] -> { S1[i0] -> S0[i0' = 1 + i0] : (1 + i0) mod 4 = 0 and {{.*}}; S1[i0] -> S1[i0' = 1 + i0] : (1 + i0) mod 4 = 0 and {{.*}} }

// STATEMENT: error: directive 1: stripmine((0, 0), 4): (0, 0) is the statement S0, not a loop
