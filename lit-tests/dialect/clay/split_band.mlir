// SPLIT_BAND(ρ) (a Tessel addition to seed 003's Clay): loop ρ starts a band of its
// own in the tree generate builds. No instance changes its date, so it is always
// legal; what changes is what the transforms of generate's options see: tiling
// tiles the loops of one permutable band together, and a band of one loop not at
// all. Kernel ../Inputs/matmul.mlir (%arg3 .. %arg5 are A, B, C); scripts
// Inputs/split_band.mlir, each generating with tile=1 tile-sizes=4,4,4 and no
// parallel loops.
//
// No split: (i, j, k) is one band, three tile loops (step 4) and three point loops.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/split_band.mlir \
// RUN:   --entry whole --sizes 9,10,7 %S/../Inputs/matmul.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WHOLE
//
// k split off: (i, j) tiled, then k whole inside the point loops.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/split_band.mlir \
// RUN:   --entry split_k --sizes 9,10,7 %S/../Inputs/matmul.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SPLITK
//
// j and k split off: three bands of one loop, no tiling: the original nest.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/split_band.mlir \
// RUN:   --entry split_all --sizes 9,10,7 %S/../Inputs/matmul.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ALL
//
// Bands come from dependences too (../Inputs/stencil.mlir, distances (1, 0) and
// (1, -1); %arg2 is A): the nest (i, j) is no permutable band, so generate cuts it
// before j and tiles neither part (tiling it would run (1, -1) backwards, and the
// verifier would refuse the code). Skewed (α2 = i + j: (1, 1), (1, 0)), it is one
// band, tiled 4 x 4 (tile loops stepping by 4, point loops bounded by them).
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/split_band.mlir \
// RUN:   --entry stencil --sizes 7,6 --sizes 9,3 %S/../Inputs/stencil.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STENCIL
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/split_band.mlir \
// RUN:   --entry stencil_skewed --sizes 7,6 --sizes 9,3 %S/../Inputs/stencil.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SKEWED
//
// Precondition: ρ is a loop. (0, 0, 0, 0) is S0 itself.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/split_band.mlir \
// RUN:   --transform-interpreter=entry-point=no_loop %S/../Inputs/matmul.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOLOOP
//
// With tiling on, generate chooses the parallel loops among the tile loops itself:
// a parallelize in the script is refused.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/split_band.mlir \
// RUN:   --transform-interpreter=entry-point=parallel %S/../Inputs/matmul.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PARALLEL

// WHOLE-LABEL:  func.func @kernel_matmul(
// WHOLE:          affine.for %[[TI:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%{{[0-9]+}}) step 4 {
// WHOLE-NEXT:       affine.for %[[TJ:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%{{[0-9]+}}) step 4 {
// WHOLE-NEXT:         affine.for %[[TK:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%{{[0-9]+}}) step 4 {
// WHOLE-NEXT:           affine.for %[[I:arg[0-9]+]] = #{{map[0-9]*}}(%[[TI]]) to min
// WHOLE-NEXT:             affine.for %[[J:arg[0-9]+]] = #{{map[0-9]*}}(%[[TJ]]) to min
// WHOLE-NEXT:               affine.for %[[K:arg[0-9]+]] = #{{map[0-9]*}}(%[[TK]]) to min
// WHOLE-NOT:                  affine.{{for|if|parallel}}
// WHOLE:                      affine.store %{{.*}}, %arg5[%[[I]], %[[J]]]
// WHOLE-LABEL:  func.func @init_matmul(
// WHOLE:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 9,10,7

// SPLITK-LABEL: func.func @kernel_matmul(
// SPLITK:         affine.for %[[TI:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%{{[0-9]+}}) step 4 {
// SPLITK-NEXT:      affine.for %[[TJ:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%{{[0-9]+}}) step 4 {
// SPLITK-NEXT:        affine.for %[[I:arg[0-9]+]] = #{{map[0-9]*}}(%[[TI]]) to min
// SPLITK-NEXT:          affine.for %[[J:arg[0-9]+]] = #{{map[0-9]*}}(%[[TJ]]) to min
// SPLITK-NEXT:            affine.for %[[K:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%{{[0-9]+}}) {
// SPLITK-NOT:               affine.{{for|if|parallel}}
// SPLITK:                   affine.store %{{.*}}, %arg5[%[[I]], %[[J]]]
// SPLITK-LABEL: func.func @init_matmul(
// SPLITK:       clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 9,10,7

// ALL-LABEL:    func.func @kernel_matmul(
// ALL:            affine.for %[[I:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%{{[0-9]+}}) {
// ALL-NEXT:         affine.for %[[J:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%{{[0-9]+}}) {
// ALL-NEXT:           affine.for %[[K:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%{{[0-9]+}}) {
// ALL-NOT:              affine.{{for|if|parallel}}
// ALL:                  affine.store %{{.*}}, %arg5[%[[I]], %[[J]]]
// ALL-LABEL:    func.func @init_matmul(
// ALL:          clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 9,10,7

// STENCIL-LABEL: func.func @kernel_stencil(
// STENCIL:         affine.for %[[I:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%{{[0-9]+}}) {
// STENCIL-NEXT:      affine.for %[[J:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%{{[0-9]+}}) {
// STENCIL-NOT:         affine.{{for|if|parallel}}
// STENCIL:             affine.store %{{.*}}, %arg2[%[[I]] + 1, %[[J]]]
// STENCIL-LABEL: func.func @init_stencil(
// STENCIL:       clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 7,6
// STENCIL:       clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 9,3

// SKEWED-LABEL:  func.func @kernel_stencil(
// SKEWED:          affine.for %[[TI:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%{{[0-9]+}}) step 4 {
// SKEWED-NEXT:       affine.for %[[TT:arg[0-9]+]] = #{{map[0-9]*}}(%[[TI]]) to min #{{map[0-9]*}}({{.*}}) step 4 {
// SKEWED-NEXT:         affine.for %[[I:arg[0-9]+]] = max #{{map[0-9]*}}({{.*}}) to min #{{map[0-9]*}}({{.*}}) {
// SKEWED-NEXT:           affine.for %[[T:arg[0-9]+]] = max #{{map[0-9]*}}({{.*}}) to min #{{map[0-9]*}}({{.*}}) {
// SKEWED-NEXT:             %[[JV:[0-9]+]] = affine.apply #{{map[0-9]*}}(%[[I]], %[[T]])
// SKEWED-NOT:              affine.{{for|if|parallel}}
// SKEWED:                  affine.store %{{.*}}, %arg2[%[[I]] + 1, %[[JV]]]
// SKEWED-LABEL:  func.func @init_stencil(
// SKEWED:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 7,6
// SKEWED:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 9,3

// NOLOOP: error: directive 1: split_band((0, 0, 0, 0)): (0, 0, 0, 0) is the statement S0, not a loop

// PARALLEL: error: parallelize (0): with tiling, unroll-and-jam or register blocks on, the parallel loops are chosen after them (option `parallel`); drop the directive, or turn those options off
