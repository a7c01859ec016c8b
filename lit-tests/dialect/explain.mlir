// tessel-explain (issue 11; seed 003 §6, Chlore): per SCoP, a remark with the Clay
// script that takes the original schedule to the one Tessel's scheduler computes,
// as a Transform module with one named sequence, a comment per directive.
//
// Two statements over one i loop, S0 writing a[i] and S1 reading a[i] back: the
// isl preset keeps them fused in one loop, the original schedule, so the script
// has no directive; its generate repeats what tessel-optimize does after
// scheduling, with the options that are on by default (the others are off in
// generate): tiling with wavefronts, intra-tile reordering, register blocks (the
// empty list: the model) and unroll-and-jam by 4, then the parallel marks.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-explain{scheduler=isl}))' \
// RUN:   %s -o /dev/null 2>&1 | FileCheck %s
//
// With those transforms off, the script also says which loop is parallel: the
// single directive parallelize, and a generate with no options.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-explain{scheduler=isl tile=0 intra-tile=0 wavefront=0 unroll-jam=0 register-tile=1,1}))' \
// RUN:   %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNTILED
//
// seidel-2d under isl: the scheduler gives the band (4t + 2i + j), then the band
// (t, i) under it; Clay's loops would make one band of the perfect nest, which
// tiling would cut in three dimensions, so the script starts a band at (0, 0).
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-explain{scheduler=isl}))' \
// RUN:   %S/../../kernels/seidel-2d.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=SEIDEL
//
// The whole loop: explain, replay with the Transform interpreter, compare with
// tessel-optimize under the same options, byte for byte (scripts/explain exits 1
// when a recovered script replays to other code). By default (tiled): trisolv
// under pluto puts x[i] /= L[i][i] at (i, i), two loops over one iterator, and
// fdtd-2d under isl runs ey[0][j] = fict[t] in the first row of the ey update, a
// loop of one iteration for it: Chlore adds both by stripmine of size 1;
// seidel-2d and floyd-warshall under isl need split_band; adi's set nodes need
// any_order, and gramschmidt's set under a loop, whose first part is ordered by a
// sequence inside it, must be read as ordered; durbin under pluto runs its three
// statements with no loop at one iteration of the loop over k, which they get by
// embed. Untiled, a few of them again, with
// their parallelize directives.
// RUN: %python %S/../../scripts/explain --kernels gemm,atax,jacobi-2d,trisolv,fdtd-2d,seidel-2d,floyd-warshall,adi,gramschmidt,durbin \
// RUN:   --presets isl,pluto | FileCheck %s --check-prefix=REPLAY
// RUN: %python %S/../../scripts/explain --untiled --kernels gemm,trisolv,fdtd-2d \
// RUN:   --presets isl,pluto | FileCheck %s --check-prefix=REPLAY-UNTILED

// CHECK: remark: tessel: Clay script of SCoP 0 (0 directives for 2 statements, recovered in {{[0-9.]+}} ms); it gives the code of tessel-optimize{scheduler=isl}:
// CHECK-NEXT: module attributes {transform.with_named_sequence} {
// CHECK-NEXT:   transform.named_sequence @fused_scop0(%root: !transform.any_op {transform.readonly}) {
// CHECK-NEXT:     %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "fused"} in %root
// CHECK-NEXT:     %s = transform.tessel.scop %f index 0
// CHECK-NEXT:     // generate as tessel-optimize does: tile the permutable bands (sizes from the cache model), wavefront tiles with no parallel tile loop, reorder the loops inside tiles for locality, unroll-and-jam by 4, register blocks, then mark the parallel loops
// CHECK-NEXT:     transform.tessel.generate %s options "tile=1 wavefront=1 intra-tile=1 register-tile= unroll-jam=4" : !transform.any_op
// CHECK-NEXT:     transform.yield

// UNTILED: remark: tessel: Clay script of SCoP 0 (1 directives for 2 statements, recovered in {{[0-9.]+}} ms); it gives the code of tessel-optimize{scheduler=isl tile=0 wavefront=0 intra-tile=0 register-tile=1,1 unroll-jam=0}:
// UNTILED-NEXT: module attributes {transform.with_named_sequence} {
// UNTILED-NEXT:   transform.named_sequence @fused_scop0(%root: !transform.any_op {transform.readonly}) {
// UNTILED-NEXT:     %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "fused"} in %root
// UNTILED-NEXT:     %s = transform.tessel.scop %f index 0
// UNTILED-NEXT:     // run loop (0) in parallel
// UNTILED-NEXT:     transform.tessel.parallelize %s [0] : !transform.any_op
// UNTILED-NEXT:     transform.tessel.generate %s : !transform.any_op
// UNTILED-NEXT:     transform.yield

// SEIDEL: remark: tessel: Clay script of SCoP 0
// SEIDEL:     transform.tessel.split_band %s [0, 0] : !transform.any_op
// SEIDEL-NEXT:     // generate as tessel-optimize does
func.func @fused(%a: memref<100xf64>, %b: memref<100xf64>) {
  %c = arith.constant 2.0 : f64
  affine.for %i = 0 to 100 {
    affine.store %c, %a[%i] : memref<100xf64>
    %v = affine.load %a[%i] : memref<100xf64>
    %w = arith.mulf %v, %c : f64
    affine.store %w, %b[%i] : memref<100xf64>
  }
  return
}

// REPLAY: gemm isl recovered {{.*}}replay identical
// REPLAY: gemm pluto recovered {{.*}}replay identical
// REPLAY: atax isl recovered {{.*}}replay identical
// REPLAY: atax pluto recovered {{.*}}replay identical
// REPLAY: jacobi-2d isl recovered {{.*}}replay identical
// REPLAY: jacobi-2d pluto recovered {{.*}}replay identical
// REPLAY: trisolv isl recovered {{.*}}replay identical
// REPLAY: trisolv pluto recovered {{.*}}replay identical
// REPLAY: fdtd-2d isl recovered {{.*}}replay identical
// REPLAY: fdtd-2d pluto recovered {{.*}}replay identical
// REPLAY: seidel-2d isl recovered {{.*}}replay identical
// REPLAY: seidel-2d pluto recovered {{.*}}replay identical
// REPLAY: floyd-warshall isl recovered {{.*}}replay identical
// REPLAY: floyd-warshall pluto recovered {{.*}}replay identical
// REPLAY: adi isl recovered {{.*}}replay identical
// REPLAY: adi pluto recovered {{.*}}replay identical
// REPLAY: gramschmidt isl recovered {{.*}}replay identical
// REPLAY: gramschmidt pluto recovered {{.*}}replay identical
// REPLAY: durbin isl recovered {{.*}}replay identical
// REPLAY: durbin pluto recovered {{.*}}replay identical
// REPLAY: 20 of 20 (kernel, preset) pairs recovered; 20 replay byte-identical

// REPLAY-UNTILED: gemm isl recovered {{.*}}replay identical
// REPLAY-UNTILED: gemm pluto recovered {{.*}}replay identical
// REPLAY-UNTILED: trisolv isl recovered {{.*}}replay identical
// REPLAY-UNTILED: trisolv pluto recovered {{.*}}replay identical
// REPLAY-UNTILED: fdtd-2d isl recovered {{.*}}replay identical
// REPLAY-UNTILED: fdtd-2d pluto recovered {{.*}}replay identical
// REPLAY-UNTILED: 6 of 6 (kernel, preset) pairs recovered; 6 replay byte-identical
