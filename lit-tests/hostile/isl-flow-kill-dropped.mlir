// Found by scripts/difftest (generator seed 808240, variants feautrier-t1-fnone-lrr
// and spatial-t3-hlim0-lrr; difftest of 2026-11-26, ninth run). Reduced from 9
// statements to these 2 by the reducer's edits, with the first remark below as the
// predicate.
//
// S0 reads the scalar %S0 and S1 (i2 = 2 + i1 mod 2) overwrites it. With
// live-range reordering, Feautrier's schedule is S0[i1, i2] -> (3i1 + i2, 8 - i2),
// S1[i1, i2] -> (3 + 3i1, 2i2), S0 before S1 at equal times. Worked by hand, every
// read keeps its source: S1 runs at (9, 4), (12, 6), (15, 4), (18, 6) for
// (i1, i2) = (2, 2), (3, 3), (4, 2), (5, 3), and e.g. the read S0[3, 1], at (10, 7),
// follows only S1[2, 2], as in the original. The verifier (verify/dataflow.rs)
// refuses it: "reads get their values from other writes", S1[2, 2] -> S0[3, 1]
// among them. isl's fault: compute_flow with the reads as sinks, the writes as
// may-sources and kills, and the flattened schedule map drops S1[2, 2] -> S0[3, 1]
// (a 40-line C program on isl alone, the relations untagged and written by hand;
// without the kills it is there). docs/architecture-decisions.md, "isl's
// compute_flow drops a flow when kills are given". The rung is refused, and so is
// the rung without tiling (the same schedule); the original schedule is kept,
// with the remarks. An isl fix turns this into a SCoP optimized as asked.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=feautrier tile-sizes=1 fuse=none live-range-reordering=true time-budget=0}))' %s 2>&1 -o /dev/null | FileCheck %s
// CHECK: remark: tessel: refused as asked (schedule violates dependences: reads get their values from other writes: {{.*}}S1[i0, i1 = i0] -> S1_ref0[]] -> [S0[i0' = 1 + i0, i1'] -> S0_ref0[]] : 2 <= i0 <= 3 and 0 < i1' <= 2{{.*}}); retried without tiling
// CHECK: remark: tessel: refused without tiling
// CHECK: remark: tessel: optimized SCoP of 2 statements (scheduler=feautrier, tiled bands=0,
module {
  func.func @p808240(%s_n0: i32, %s_n1: i32, %s_n2: i32, %A2: memref<?x?xi64>, %S0: memref<i64>) {
    %n0 = arith.index_cast %s_n0 : i32 to index
    %n1 = arith.index_cast %s_n1 : i32 to index
    %n2 = arith.index_cast %s_n2 : i32 to index
    %k0 = arith.constant 5 : i64
    %k1 = arith.constant 7 : i64
    affine.for %i1 = 0 to 6 {
      affine.for %i2 = 0 to affine_map<(d0)[] -> (d0 + 1)>(%i1)[] {
        %v1 = affine.load %S0[] : memref<i64>
        %v2 = arith.addi %k0, %v1 : i64
        affine.store %v2, %A2[3, %i1 + 12] : memref<?x?xi64>
        affine.if affine_set<(d0, d1) : (d1 - (d0 mod 2) - 2 == 0)>(%i1, %i2) {
          %v3 = arith.addi %k1, %k0 : i64
          affine.store %v3, %S0[] : memref<i64>
        }
      }
    }
    return
  }
}
