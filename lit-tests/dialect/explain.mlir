// tessel-explain (issue 11; seed 003 §6, Chlore): per SCoP, a remark with the Clay
// script that takes the original schedule to the one Tessel's scheduler computes,
// as a Transform module with one named sequence, a comment per directive.
//
// Two statements over one i loop, S0 writing a[i] and S1 reading a[i] back: the
// isl preset keeps them fused in one parallel loop, and the script says so with
// a single directive.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-explain{scheduler=isl}))' \
// RUN:   %s -o /dev/null 2>&1 | FileCheck %s
//
// The whole loop: explain, replay with the Transform interpreter, compare with
// tessel-optimize under the same options, byte for byte (scripts/explain exits 1
// when a recovered script replays to other code).
// trisolv under pluto puts x[i] /= L[i][i] at (i, i), two loops over one iterator,
// and fdtd-2d under isl runs ey[0][j] = fict[t] in the first row of the ey update,
// a loop of one iteration for it: Chlore adds both by stripmine of size 1.
// RUN: %python %S/../../scripts/explain --kernels gemm,atax,jacobi-2d,trisolv,fdtd-2d \
// RUN:   --presets isl,pluto | FileCheck %s --check-prefix=REPLAY

// CHECK: remark: tessel: Clay script of SCoP 0 (1 directives for 2 statements, recovered in {{[0-9.]+}} ms); it gives the schedule of tessel-optimize{scheduler=isl tile=0 intra-tile=0 wavefront=0 unroll-jam=0 register-tile=1,1}:
// CHECK-NEXT: module attributes {transform.with_named_sequence} {
// CHECK-NEXT:   transform.named_sequence @fused_scop0(%root: !transform.any_op {transform.readonly}) {
// CHECK-NEXT:     %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "fused"} in %root
// CHECK-NEXT:     %s = transform.tessel.scop %f index 0
// CHECK-NEXT:     // run loop (0) in parallel
// CHECK-NEXT:     transform.tessel.parallelize %s [0] : !transform.any_op
// CHECK-NEXT:     transform.tessel.generate %s : !transform.any_op
// CHECK-NEXT:     transform.yield
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
// REPLAY: 10 of 10 (kernel, preset) pairs recovered; 10 replay byte-identical
