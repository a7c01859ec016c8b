// TILE(ρ, sizes) (seed 003 §5.3: STRIPMINE of each loop of the band from ρ on,
// then INTERCHANGEs that take the chunk loops outside the point loops). Kernels
// ../Inputs/matmul.mlir (%arg3 .. %arg5 are A, B, C) and ../Inputs/stencil.mlir
// (distances (1, 0), (1, -1); %arg2 is A); scripts Inputs/tile.mlir.
//
// Legal: matmul's i by 4 and j by 8: the loops are ti = 0 .. ceil(NI / 4) - 1,
// tj = 0 .. ceil(NJ / 8) - 1, i = 4 ti .. min(NI, 4 ti + 4) - 1,
// j = 8 tj .. min(NJ, 8 tj + 8) - 1, then k, untouched.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/tile.mlir \
// RUN:   --entry ij --sizes 9,10,7 %S/../Inputs/matmul.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=IJ
//
// Legal: the three loops by 4: three tile loops, then three point loops.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/tile.mlir \
// RUN:   --entry ijk --sizes 9,6,5 %S/../Inputs/matmul.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=IJK
//
// Legal: tiled, then the loop over the tiles of i parallel (NI = 64: 16 tiles of
// 4 x 64 x 64 instances, enough for the parallel copy to run).
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/tile.mlir \
// RUN:   --entry parallel --sizes 9,10,7 --sizes 64,64,64 %S/../Inputs/matmul.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PAR
//
// Legal: the stencil skewed (t = i + j), then tiled 4 x 4 (distances (1, 1) and
// (1, 0): a fully permutable band): ti, tt, then i in tile ti, t in tile tt and
// on row i (i .. i + M - 1), and S0 on j = t - i.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/tile.mlir \
// RUN:   --entry wavefront --sizes 7,6 --sizes 9,3 %S/../Inputs/stencil.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WAVE
//
// Illegal: the stencil tiled as it is: (1, -1) enters the previous tile of j.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/tile.mlir \
// RUN:   --transform-interpreter=entry-point=illegal %S/../Inputs/stencil.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ILLEGAL
//
// Precondition: as many sizes as loops in the perfect nest.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/tile.mlir \
// RUN:   --transform-interpreter=entry-point=too_deep %S/../Inputs/matmul.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEEP

// IJ-DAG:       #[[TILES4:map[0-9]*]] = affine_map<(d0) -> ((d0 - 1) floordiv 4 + 1)>
// IJ-DAG:       #[[TILES8:map[0-9]*]] = affine_map<(d0) -> ((d0 - 1) floordiv 8 + 1)>
// IJ-DAG:       #[[FIRST4:map[0-9]*]] = affine_map<(d0) -> (d0 * 4)>
// IJ-DAG:       #[[END4:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1 * 4 + 4)>
// IJ-DAG:       #[[FIRST8:map[0-9]*]] = affine_map<(d0) -> (d0 * 8)>
// IJ-DAG:       #[[END8:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1 * 8 + 8)>
// IJ-DAG:       #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// IJ-LABEL:     func.func @kernel_matmul(
// IJ:             %[[NI:[0-9]+]] = arith.index_cast %arg0
// IJ-NEXT:        %[[NJ:[0-9]+]] = arith.index_cast %arg1
// IJ-NEXT:        %[[NK:[0-9]+]] = arith.index_cast %arg2
// IJ-NEXT:        affine.for %[[TI:arg[0-9]+]] = 0 to #[[TILES4]](%[[NI]]) {
// IJ-NEXT:          affine.for %[[TJ:arg[0-9]+]] = 0 to #[[TILES8]](%[[NJ]]) {
// IJ-NEXT:            affine.for %[[I:arg[0-9]+]] = #[[FIRST4]](%[[TI]]) to min #[[END4]](%[[NI]], %[[TI]]) {
// IJ-NEXT:              affine.for %[[J:arg[0-9]+]] = #[[FIRST8]](%[[TJ]]) to min #[[END8]](%[[NJ]], %[[TJ]]) {
// IJ-NEXT:                affine.for %[[K:arg[0-9]+]] = 0 to #[[ID]](%[[NK]]) {
// IJ-NEXT:                  affine.load %arg3[%[[I]], %[[K]]]
// IJ-NEXT:                  affine.load %arg4[%[[K]], %[[J]]]
// IJ-NOT:                   affine.{{for|if|store}}
// IJ:                       affine.store %{{.*}}, %arg5[%[[I]], %[[J]]]
// IJ-NEXT:                }
// IJ-NEXT:              }
// IJ-NEXT:            }
// IJ-NEXT:          }
// IJ-NEXT:        }
// IJ-NEXT:        return
// IJ-LABEL:     func.func @init_matmul(
// IJ:           clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 9,10,7

// IJK-DAG:      #[[TILES:map[0-9]*]] = affine_map<(d0) -> ((d0 - 1) floordiv 4 + 1)>
// IJK-DAG:      #[[FIRST:map[0-9]*]] = affine_map<(d0) -> (d0 * 4)>
// IJK-DAG:      #[[END:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1 * 4 + 4)>
// IJK-LABEL:    func.func @kernel_matmul(
// IJK:            %[[NI:[0-9]+]] = arith.index_cast %arg0
// IJK-NEXT:       %[[NJ:[0-9]+]] = arith.index_cast %arg1
// IJK-NEXT:       %[[NK:[0-9]+]] = arith.index_cast %arg2
// IJK-NEXT:       affine.for %[[TI:arg[0-9]+]] = 0 to #[[TILES]](%[[NI]]) {
// IJK-NEXT:         affine.for %[[TJ:arg[0-9]+]] = 0 to #[[TILES]](%[[NJ]]) {
// IJK-NEXT:           affine.for %[[TK:arg[0-9]+]] = 0 to #[[TILES]](%[[NK]]) {
// IJK-NEXT:             affine.for %[[I:arg[0-9]+]] = #[[FIRST]](%[[TI]]) to min #[[END]](%[[NI]], %[[TI]]) {
// IJK-NEXT:               affine.for %[[J:arg[0-9]+]] = #[[FIRST]](%[[TJ]]) to min #[[END]](%[[NJ]], %[[TJ]]) {
// IJK-NEXT:                 affine.for %[[K:arg[0-9]+]] = #[[FIRST]](%[[TK]]) to min #[[END]](%[[NK]], %[[TK]]) {
// IJK-NEXT:                   affine.load %arg3[%[[I]], %[[K]]]
// IJK-NEXT:                   affine.load %arg4[%[[K]], %[[J]]]
// IJK-NOT:                    affine.{{for|if|store}}
// IJK:                        affine.store %{{.*}}, %arg5[%[[I]], %[[J]]]
// IJK-LABEL:    func.func @init_matmul(
// IJK:          clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 9,6,5

// PAR-LABEL:    func.func @kernel_matmul(
// PAR:            %[[NI:[0-9]+]] = arith.index_cast %arg0
// PAR:            scf.if %{{.*}} {
// PAR-NEXT:         affine.parallel (%[[TI:arg[0-9]+]]) = (0) to ((%[[NI]] - 1) floordiv 4 + 1) {
// PAR-NEXT:           affine.for %[[TJ:arg[0-9]+]] = 0 to
// PAR-NEXT:             affine.for %[[I:arg[0-9]+]] = #{{map[0-9]*}}(%[[TI]]) to min
// PAR-NEXT:               affine.for %[[J:arg[0-9]+]] = #{{map[0-9]*}}(%[[TJ]]) to min
// PAR-NEXT:                 affine.for %[[K:arg[0-9]+]] = 0 to
// PAR-NOT:                    affine.{{for|if|store|parallel}}
// PAR:                        affine.store %{{.*}}, %arg5[%[[I]], %[[J]]]
// PAR:              } else {
// PAR-NEXT:           affine.for
// PAR-LABEL:    func.func @init_matmul(
// PAR:          clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 9,10,7
// PAR-NEXT:     clay-exec: parallel regions at sizes 9,10,7: original 0, transformed 0
// PAR-NEXT:     clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 64,64,64
// PAR-NEXT:     clay-exec: parallel regions at sizes 64,64,64: original 0, transformed 1 (largest team 2)

// WAVE-DAG:     #[[TILES:map[0-9]*]] = affine_map<(d0) -> ((d0 - 1) floordiv 4 + 1)>
// WAVE-DAG:     #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// WAVE-DAG:     #[[TT_END:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0 + (d1 + 2) floordiv 4 + 1, (d1 + d2 + 2) floordiv 4)>
// WAVE-DAG:     #[[I_FIRST:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0 * 4, -d1 + d2 * 4 + 1)>
// WAVE-DAG:     #[[I_END:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1 * 4 + 4)>
// WAVE-DAG:     #[[T_FIRST:map[0-9]*]] = affine_map<(d0, d1) -> (d0 * 4, d1)>
// WAVE-DAG:     #[[T_END:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0 * 4 + 4, d1 + d2)>
// WAVE-DAG:     #[[DIFF:map[0-9]*]] = affine_map<(d0, d1) -> (-d0 + d1)>
// WAVE-LABEL:   func.func @kernel_stencil(
// WAVE:           %[[N:[0-9]+]] = arith.index_cast %arg0
// WAVE-NEXT:      %[[M:[0-9]+]] = arith.index_cast %arg1
// WAVE:           affine.for %[[TI:arg[0-9]+]] = 0 to #[[TILES]](%[[N]]) {
// WAVE-NEXT:        affine.for %[[TT:arg[0-9]+]] = #[[ID]](%[[TI]]) to min #[[TT_END]](%[[TI]], %[[M]], %[[N]]) {
// WAVE-NEXT:          affine.for %[[I:arg[0-9]+]] = max #[[I_FIRST]](%[[TI]], %[[M]], %[[TT]]) to min #[[I_END]](%[[N]], %[[TI]]) {
// WAVE-NEXT:            affine.for %[[T:arg[0-9]+]] = max #[[T_FIRST]](%[[TT]], %[[I]]) to min #[[T_END]](%[[TT]], %[[M]], %[[I]]) {
// WAVE-NEXT:              %[[J:[0-9]+]] = affine.apply #[[DIFF]](%[[I]], %[[T]])
// WAVE-NOT:               affine.{{for|if|store}}
// WAVE:                   affine.store %{{.*}}, %arg2[%[[I]] + 1, %[[J]]]
// WAVE-NEXT:            }
// WAVE-NEXT:          }
// WAVE-NEXT:        }
// WAVE-NEXT:      }
// WAVE-NEXT:      return
// WAVE-LABEL:   func.func @init_stencil(
// WAVE:         clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 7,6
// WAVE:         clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 9,3

// ILLEGAL: tile.mlir:{{[0-9]+}}:5: error: the script breaks a dependence: flow dependences not executed in order: [arg0, arg1] -> { S0[i0, i1] -> S0[i0' = 1 + i0, i1' = -1 + i1] : (i1) mod 4 = 0 and {{.*}} }

// DEEP: error: directive 1: tile((0), (4, 4, 4, 4)): the 4 loops from (0) on are not a perfect nest around S0
