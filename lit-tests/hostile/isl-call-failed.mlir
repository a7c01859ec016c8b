// Found by scripts/difftest (generator seed 800941, variant
// pluto-t4-fnone-nowf-rt2x4: scheduler=pluto tile-sizes=4 fuse=none wavefront=false
// register-tile=2,4; difftest of 2026-11-26). Reduced from 14 statements to these
// 5 by the reducer's edits, with the remark below as the predicate.
//
// isl 0.27 fails inside AST generation with "input involves unknown divs": the
// tree's guards are built by `insert_pending_guard_nodes` (isl_ast_graft.c), which
// makes an expression of a basic set whose integer divisions have no explicit
// definition, and `isl_basic_map_get_constraint_list` refuses that
// (isl_constraint.c:282). Reproduced with isl alone: the tree that Tessel hands
// to `isl_ast_build_node_from_schedule` (TESSEL_LOG=trace, "isl AST input"), under
// the same three AST options, gives the same error (backtrace in gdb). An isl
// fault, left to isl (docs/architecture-decisions.md, "Fixes to isl's source": a
// patch that makes isl build the AST gives a guard with a select, which Tessel's AST
// conversion cannot express). Tessel's remark now carries isl's message.
//
// The AST is retried without stride shifting (anchored leaves), which fails the
// same way; the SCoP then loses one rung of the degradation ladder (pipeline.rs,
// `degrade`; this variant asks no fusion, so the next rung is "without tiling"),
// which is verified and kept, with a remark for the refused
// rung. (Before, the original code was kept.) The variant's run of the program
// gives the original's results, bit for bit (scripts/difftest --programs 1 --seed
// 800941 --variants pluto-t4-fnone-nowf-rt2x4).
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=pluto tile-sizes=4 fuse=none wavefront=false register-tile=2,4 time-budget=0}))' %s 2>&1 -o /dev/null | FileCheck %s
// CHECK: remark: tessel: refused as asked (isl error: isl call failed: input involves unknown divs); retried without tiling
// CHECK: remark: tessel: optimized SCoP of 5 statements (scheduler=pluto, tiled bands=0,
module {
  func.func @p800941(%s_n0: i32, %s_n1: i32, %s_n2: i32, %A1: memref<?x?xf64>, %A2: memref<?x?xf32>) {
    %n0 = arith.index_cast %s_n0 : i32 to index
    %n1 = arith.index_cast %s_n1 : i32 to index
    %n2 = arith.index_cast %s_n2 : i32 to index
    %k0 = arith.constant 3.0 : f64
    %k1 = arith.constant 1.5 : f32
    %k2 = arith.constant 0.125 : f32
    %L0 = memref.alloca() : memref<f32>
    affine.store %k1, %L0[] : memref<f32>
    affine.for %i4 = 2 to 9 {
      affine.for %i5 = 2 to 7 {
        affine.for %i6 = 0 to affine_map<()[s0] -> (s0 - 1)>()[%n0] {
          %v1 = affine.load %A2[%i5 * 2 + 1, %i6 + 3] : memref<?x?xf32>
          %v2 = arith.extf %v1 : f32 to f64
          %v3 = arith.addf %k0, %v2 : f64
          affine.store %v3, %A1[-%i6 + 7, %i4 + 3] : memref<?x?xf64>
          affine.if affine_set<(d0, d1) : (d1 - d0 - 3 == 0)>(%i4, %i5) {
            %v4 = affine.load %A2[(%i6 floordiv 2), %i6 * 2 + 2] : memref<?x?xf32>
            %v5 = arith.subf %k1, %v4 : f32
            %v6 = affine.load %A1[%i6 + 7, %i6 * 2 + 2] : memref<?x?xf64>
            %v7 = arith.truncf %v6 : f64 to f32
            %v8 = arith.addf %v5, %v7 : f32
            affine.store %v8, %A2[%i6 + %i4, %i5 * 2 + 2] : memref<?x?xf32>
          }
        }
        %v9 = arith.addf %k1, %k2 : f32
        affine.store %v9, %L0[] : memref<f32>
        %v10 = affine.load %L0[] : memref<f32>
        %v11 = arith.extf %v10 : f32 to f64
        %v12 = arith.addf %k0, %v11 : f64
        affine.store %v12, %A1[%i4 + 7, %i5 + 1] : memref<?x?xf64>
      }
    }
    return
  }
}
