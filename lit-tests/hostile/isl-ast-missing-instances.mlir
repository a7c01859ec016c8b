// Found by scripts/difftest (generator seed 800647, variants auto-t3-noreorder and
// spatial-t3-hlim0-lrr; difftest of 2026-11-26). Reduced from 6 statements to
// these 4 by the reducer's edits, with the first remark below as the predicate; the
// instance named next is the full program's.
//
// With tile size 3 the schedule of this SCoP is valid, but the loop AST that isl
// generates for it misses statement instances: with arg0 = 6, S3[0, 3, 1, 4, 5]
// (the A0[%i5] store at i1 = 0, i2 = 3, i3 = 1, i4 = 4, i5 = 5) is in the domain and
// in none of the AST's loops. Checked by running isl's printed AST by hand, with
// floor division and with C's truncating division alike: 841 instances, S3[0, 3, 1,
// 4, 0..4] among them, S3[0, 3, 1, 4, 5] not. Seen on the plugin before 11a33bd
// too, so it is not from the dataflow through the original tree. An isl fault, left
// to isl.
//
// Tessel's check of the generated AST (verify/ast.rs, check 4) reads the AST back
// and finds that it does not run the SCoP's instances; every retry of the AST
// (without shifting, whole private loops) fails the same way. The SCoP then loses a
// rung of the degradation ladder at a time (pipeline.rs, `degrade`): the tree
// without fusion fails the same check, and the one without tiling passes it, with
// one remark per refused rung. That tree has no parallel loop and crosses no fewer
// cache lines than the original order, so the cost model then leaves the original
// code (the last remark), as it does for any such SCoP.
// Both variants' runs of the program give the original's results, bit for bit
// (scripts/difftest --programs 1 --seed 800647 --variants
// auto-t3-noreorder,spatial-t3-hlim0-lrr).
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=auto tile-sizes=3 intra-tile=false parallel-min-work=0 time-budget=0}))' %s 2>&1 -o /dev/null | FileCheck %s
// CHECK: remark: tessel: refused as asked (schedule violates dependences: the generated AST does not follow the schedule: it does not run exactly the statement instances of the SCoP); retried without fusion
// CHECK: remark: tessel: refused without fusion (schedule violates dependences: the generated AST does not follow the schedule: it does not run exactly the statement instances of the SCoP); retried without tiling
// CHECK: remark: tessel: left SCoP of 4 statements as it was (scheduler=auto, {{.*}}): the cost model finds no gain: no parallel loop, tile or unroll-and-jam
module {
  func.func @p800647(%s_n0: i32, %A0: memref<4xf64>) {
    %n0 = arith.index_cast %s_n0 : i32 to index
    %k0 = arith.constant 0.125 : f64
    %k1 = arith.constant 1.5 : f64
    %k2 = arith.constant -0.75 : f64
    %k3 = arith.constant 1.0 : f64
    %L0 = memref.alloca() : memref<f64>
    affine.store %k1, %L0[] : memref<f64>
    affine.for %i1 = 0 to affine_map<()[s0] -> (s0)>()[%n0] {
      affine.for %i2 = 0 to affine_map<()[s0] -> (s0)>()[%n0] step 3 {
        affine.for %i3 = 1 to 13 {
          affine.for %i4 = 0 to affine_map<()[s0] -> (s0)>()[%n0] {
            %v1 = arith.mulf %k0, %k1 : f64
            affine.store %v1, %L0[] : memref<f64>
            affine.for %i5 = 0 to affine_map<()[s0] -> (s0)>()[%n0] {
              affine.if affine_set<(d0) : (d0 - 3 >= 0)>(%i4) {
                %v2 = arith.subf %k1, %k2 : f64
                affine.store %v2, %A0[%i5] : memref<4xf64>
              }
            }
            %v3 = affine.load %L0[] : memref<f64>
            %v4 = arith.addf %k3, %v3 : f64
            affine.store %v4, %A0[(%i2 floordiv 2) + 1] : memref<4xf64>
          }
        }
      }
    }
    return
  }
}
