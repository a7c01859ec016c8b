// Found by scripts/difftest (generator seed 800941, variant
// pluto-t4-fnone-nowf-rt2x4: scheduler=pluto tile-sizes=4 fuse=none wavefront=false
// register-tile=2,4; docs/difftest-2026-11-26.md). Not reduced yet.
//
// isl 0.27 fails inside AST generation with "input involves unknown divs": the
// tree's guards are built by `insert_pending_guard_nodes` (isl_ast_graft.c), which
// makes an expression of a basic set whose integer divisions have no explicit
// definition, and `isl_basic_map_get_constraint_list` refuses that
// (isl_constraint.c:282). Reproduced with isl alone: the tree that Tessel hands
// to `isl_ast_build_node_from_schedule` (TESSEL_LOG=trace, "isl AST input"), under
// the same three AST options, gives the same error (backtrace in gdb). An isl
// fault, left to isl. Tessel's remark now carries isl's message.
//
// The AST is retried without stride shifting (anchored leaves), which fails the
// same way; the SCoP then loses one rung of the degradation ladder (pipeline.rs,
// `degrade`; this variant asks no fusion, so the next rung is "without tiling"),
// which is verified and kept, with its parallel loop and a remark for the refused
// rung. (Before, the original code was kept.) The variant's run of the program
// gives the original's results, bit for bit (scripts/difftest --programs 1 --seed
// 800941 --variants pluto-t4-fnone-nowf-rt2x4).
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=pluto tile-sizes=4 fuse=none wavefront=false register-tile=2,4 time-budget=0}))' %s 2>&1 -o /dev/null | FileCheck %s
// CHECK: remark: tessel: refused as asked (isl error: isl call failed: input involves unknown divs); retried without tiling
// CHECK: remark: tessel: optimized SCoP of 14 statements (scheduler=pluto, tiled bands=0, parallel loops=1,
module {
  func.func @p800941(%s_n0: i32, %s_n1: i32, %s_n2: i32, %A0: memref<19x17x21xf32>, %A1: memref<?x?xf64>, %A2: memref<?x?xf32>, %A3: memref<?x?xf32>) {
    %n0 = arith.index_cast %s_n0 : i32 to index
    %n1 = arith.index_cast %s_n1 : i32 to index
    %n2 = arith.index_cast %s_n2 : i32 to index
    %k0 = arith.constant 0.5 : f32
    %k1 = arith.constant 2.0 : f32
    %k2 = arith.constant 1.0 : f32
    %k3 = arith.constant 0.5 : f64
    %k4 = arith.constant 1.5 : f32
    %k5 = arith.constant 1.5 : f64
    %k6 = arith.constant 1.0 : f64
    %k7 = arith.constant 3.0 : f64
    %L0 = memref.alloca() : memref<f32>
    affine.store %k4, %L0[] : memref<f32>
    affine.for %i1 = 1 to 11 {
      affine.for %i2 = 0 to affine_map<()[s0] -> (s0 - 1)>()[%n0] {
        affine.if affine_set<(d0, d1) : (d0 - d1 + 1 == 0)>(%i1, %i2) {
          %v1 = affine.load %L0[] : memref<f32>
          %v2 = arith.subf %k0, %v1 : f32
          %v3 = affine.load %A3[%i1 + 8, %i2 - %i1 + 10] : memref<?x?xf32>
          %v4 = arith.addf %v2, %v3 : f32
          %v5 = affine.load %L0[] : memref<f32>
          %v6 = arith.subf %v4, %v5 : f32
          affine.store %v6, %A3[%i2 + 9, 13] : memref<?x?xf32>
        }
        affine.if affine_set<(d0, d1) : (d0 - d1 - 2 >= 0)>(%i1, %i2) {
          %v7 = affine.load %A0[-%i1 + 10, (%i1 mod 3) + 1, %i2 + 1] : memref<19x17x21xf32>
          %v8 = arith.subf %k1, %v7 : f32
          %v9 = arith.addf %v8, %k2 : f32
          %v10 = affine.load %A2[%i1 + 2, %i1] : memref<?x?xf32>
          %v11 = arith.addf %v9, %v10 : f32
          %v12 = affine.load %A2[%i1, %i1 - 1] : memref<?x?xf32>
          %v13 = arith.addf %v11, %v12 : f32
          affine.store %v13, %A0[-%i1 + 10, (%i1 mod 3) + 1, %i2 + 1] : memref<19x17x21xf32>
        }
        affine.if affine_set<(d0) : ((d0 mod 2) >= 0)>(%i1) {
          %v14 = affine.load %A0[%i2 + 10, (%i2 floordiv 3) + 1, %i2 + 1] : memref<19x17x21xf32>
          %v15 = arith.extf %v14 : f32 to f64
          %v16 = arith.mulf %k3, %v15 : f64
          %v17 = affine.load %A3[%i1 * 2 + 11, %i2 * 2 + 10] : memref<?x?xf32>
          %v18 = arith.extf %v17 : f32 to f64
          %v19 = arith.subf %v16, %v18 : f64
          affine.store %v19, %A1[%i1 + 8, %i2] : memref<?x?xf64>
        }
      }
      affine.for %i3 = max affine_map<(d0)[] -> (0, d0 - 3)>(%i1)[] to min affine_map<(d0)[s0] -> (s0, d0 + 5)>(%i1)[%n0] {
        %v20 = affine.load %A3[%i3 + 12, %i3 * 2 + 10] : memref<?x?xf32>
        %v21 = arith.addf %k0, %v20 : f32
        %v22 = affine.load %A3[%i1 + 11, (%i1 floordiv 3) + 11] : memref<?x?xf32>
        %v23 = arith.subf %v21, %v22 : f32
        affine.store %v23, %L0[] : memref<f32>
        %v24 = affine.load %L0[] : memref<f32>
        %v25 = arith.addf %k2, %v24 : f32
        %v26 = arith.addf %v25, %k1 : f32
        %v27 = arith.subf %v26, %k4 : f32
        affine.store %v27, %A0[%i3 + 8, %i1 - 1, (%i3 mod 4)] : memref<19x17x21xf32>
        %v28 = affine.load %A0[%i3 + 10, %i1 + 1, %i1 * 2] : memref<19x17x21xf32>
        %v29 = arith.subf %k2, %v28 : f32
        %v30 = affine.load %A1[%i3 + 5, (%i3 mod 4) + 3] : memref<?x?xf64>
        %v31 = arith.truncf %v30 : f64 to f32
        %v32 = arith.addf %v29, %v31 : f32
        affine.store %v32, %L0[] : memref<f32>
        %v33 = affine.load %L0[] : memref<f32>
        %v34 = arith.extf %v33 : f32 to f64
        %v35 = arith.addf %k5, %v34 : f64
        %v36 = arith.mulf %v35, %k6 : f64
        affine.store %v36, %A1[(%i1 mod 2) + 8, %i3 * 2 + 2] : memref<?x?xf64>
        %v37 = affine.load %L0[] : memref<f32>
        %v38 = arith.addf %k0, %v37 : f32
        %v39 = affine.load %A2[%i1 + %i3 - 1, %i1 + 3] : memref<?x?xf32>
        %v40 = arith.subf %v38, %v39 : f32
        affine.store %v40, %L0[] : memref<f32>
        %v41 = affine.load %L0[] : memref<f32>
        %v42 = arith.mulf %k2, %v41 : f32
        %v43 = affine.load %A3[-%i1 + 10, -%i1 + 10] : memref<?x?xf32>
        %v44 = arith.addf %v42, %v43 : f32
        %v45 = affine.load %L0[] : memref<f32>
        %v46 = arith.addf %v44, %v45 : f32
        affine.store %v46, %A3[-%i1 + 10, -%i1 + 10] : memref<?x?xf32>
      }
    }
    affine.for %i4 = 2 to 9 {
      affine.for %i5 = 2 to 7 {
        affine.for %i6 = 0 to affine_map<()[s0] -> (s0 - 1)>()[%n0] {
          %v47 = affine.load %A2[%i5 * 2 + 1, %i6 + 3] : memref<?x?xf32>
          %v48 = arith.extf %v47 : f32 to f64
          %v49 = arith.addf %k7, %v48 : f64
          affine.store %v49, %A1[-%i6 + 7, %i4 + 3] : memref<?x?xf64>
          affine.if affine_set<(d0, d1) : (d1 - d0 - 3 == 0)>(%i4, %i5) {
            %v50 = affine.load %A3[%i5 + 9, %i6 + 12] : memref<?x?xf32>
            %v51 = arith.subf %k4, %v50 : f32
            %v52 = affine.load %A2[(%i6 floordiv 2), %i6 * 2 + 2] : memref<?x?xf32>
            %v53 = arith.subf %v51, %v52 : f32
            %v54 = affine.load %A1[%i6 + 7, %i6 * 2 + 2] : memref<?x?xf64>
            %v55 = arith.truncf %v54 : f64 to f32
            %v56 = arith.addf %v53, %v55 : f32
            affine.store %v56, %A2[%i6 + %i4, %i5 * 2 + 2] : memref<?x?xf32>
          }
        }
        %v57 = affine.load %L0[] : memref<f32>
        %v58 = arith.subf %k4, %v57 : f32
        %v59 = affine.load %A0[%i5 + 8, 3, (%i5 mod 3) + 1] : memref<19x17x21xf32>
        %v60 = arith.mulf %v58, %v59 : f32
        %v61 = affine.load %A3[%i5 + 10, %i5 + %i4 + 9] : memref<?x?xf32>
        %v62 = arith.addf %v60, %v61 : f32
        affine.store %v62, %L0[] : memref<f32>
        %v63 = affine.load %L0[] : memref<f32>
        %v64 = arith.extf %v63 : f32 to f64
        %v65 = arith.mulf %k7, %v64 : f64
        %v66 = affine.load %A0[%i4 + 10, %i4 + %i5 + 2, %i5 + 1] : memref<19x17x21xf32>
        %v67 = arith.extf %v66 : f32 to f64
        %v68 = arith.addf %v65, %v67 : f64
        %v69 = affine.load %L0[] : memref<f32>
        %v70 = arith.extf %v69 : f32 to f64
        %v71 = arith.addf %v68, %v70 : f64
        affine.store %v71, %A1[%i4 + 7, %i5 + 1] : memref<?x?xf64>
      }
    }
    return
  }
}
