// Regression (found by scripts/difftest, generator seeds 100005, 100008, 100014 and
// 100020): with live-range reordering, the verifier refused every scheduler's
// schedule with "two statement instances are scheduled at the same time". The
// schedules were right. A loop with one iteration (`0 to 1`, or `0 to 3 step 3`)
// fixes its iterator in the domain, so the schedulers rightly give it no row; the
// injectivity check ran on isl_schedule_get_map, which is defined off the domain
// too, where such a schedule is not injective. The check now runs on the domain.
// @reduced is the reduced form; @prog is seed 100005's program as generated.
// (The FileCheck runs turn distinct-arguments off, so that the arrays keep their
// argument names; codegen/loops.mlir checks memref.distinct_objects.)
// (register-tile=1,1 where the IR is checked: no scalar replacement, whose
// iter_args codegen/scalar-replacement.mlir checks.)
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{distinct-arguments=false scheduler=pluto live-range-reordering=true tile=false parallel=false time-budget=0 register-tile=1,1}))' %s 2>&1 | FileCheck %s --implicit-check-not="kept the original"
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{distinct-arguments=false scheduler=isl live-range-reordering=true tile=false parallel=false time-budget=0 register-tile=1,1}))' %s 2>&1 | FileCheck %s --implicit-check-not="kept the original"
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{distinct-arguments=false scheduler=feautrier live-range-reordering=true tile=false parallel=false time-budget=0 register-tile=1,1}))' %s 2>&1 | FileCheck %s --implicit-check-not="kept the original"

// The one-iteration loop %t goes (no schedule row), the loop over %i stays, and both
// statements stay in it in their order: the write of %S must reach the read of %S in
// the same iteration.
// CHECK: remark: tessel: optimized SCoP of 2 statements
// CHECK: remark: tessel: optimized SCoP of 5 statements
// CHECK-LABEL: func.func @reduced
// CHECK: affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NOT: affine.for
// CHECK: %[[A:.*]] = affine.load %arg0[%[[I]]]
// CHECK-NEXT: affine.store %[[A]], %arg2[]
// CHECK-NOT: affine.for
// CHECK: %[[S:.*]] = affine.load %arg2[]
// CHECK-NEXT: affine.store %[[S]], %arg1[%[[I]]]
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-LABEL: func.func @prog

module {
  func.func @reduced(%A: memref<8xf32>, %B: memref<8xf32>, %S: memref<f32>) {
    affine.for %t = 0 to 1 {
      affine.for %i = 0 to 8 {
        %v = affine.load %A[%i] : memref<8xf32>
        affine.store %v, %S[] : memref<f32>
        %w = affine.load %S[] : memref<f32>
        affine.store %w, %B[%i] : memref<8xf32>
      }
    }
    return
  }
  func.func @prog(%s_n0: i32, %s_n1: i32, %s_n2: i32, %A0: memref<?x?xf32>, %A1: memref<?x?xf32>, %A2: memref<13xf32>, %A3: memref<11x8xf32>, %S0: memref<f32>) {
    %n0 = arith.index_cast %s_n0 : i32 to index
    %n1 = arith.index_cast %s_n1 : i32 to index
    %n2 = arith.index_cast %s_n2 : i32 to index
    %k0 = arith.constant 1.0 : f32
    %k1 = arith.constant 2.0 : f32
    %k2 = arith.constant 0.5 : f32
    %k3 = arith.constant 3.0 : f32
    affine.for %i1 = 0 to 3 step 3 {
      affine.for %i2 = 2 to 8 {
        %v1 = affine.load %A1[%i1 + 4, %i2 + 1] : memref<?x?xf32>
        %v2 = arith.mulf %k0, %v1 : f32
        %v3 = affine.load %A3[%i2 + 3, %i2] : memref<11x8xf32>
        %v4 = arith.mulf %v2, %v3 : f32
        affine.store %v4, %A1[%i1 + 4, %i2 + 1] : memref<?x?xf32>
        affine.for %i3 = 0 to affine_map<()[s0] -> (s0)>()[%n0] {
          affine.for %i4 = 1 to 7 {
            affine.for %i5 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n1] {
              affine.if affine_set<(d0, d1) : (d0 - d1 >= 0)>(%i3, %i5) {
                %v5 = affine.load %A2[%i5 * 2] : memref<13xf32>
                %v6 = arith.mulf %k1, %v5 : f32
                %v7 = affine.load %A1[%i3 + 3, %i1 + 2] : memref<?x?xf32>
                %v8 = arith.addf %v6, %v7 : f32
                affine.store %v8, %S0[] : memref<f32>
              }
            }
          }
        }
      }
      %v9 = affine.load %S0[] : memref<f32>
      %v10 = arith.addf %k2, %v9 : f32
      %v11 = affine.load %A3[1, %i1 + 1] : memref<11x8xf32>
      %v12 = arith.addf %v10, %v11 : f32
      affine.store %v12, %A3[3, (%i1 floordiv 3) + 2] : memref<11x8xf32>
      affine.if affine_set<(d0) : (d0 >= 0)>(%i1) {
        %v13 = affine.load %A3[%i1, -%i1 + 2] : memref<11x8xf32>
        %v14 = arith.addf %k1, %v13 : f32
        %v15 = affine.load %A1[%i1 + 4, (%i1 mod 4)] : memref<?x?xf32>
        %v16 = arith.subf %v14, %v15 : f32
        %v17 = affine.load %A1[-%i1 + 2, %i1 + 1] : memref<?x?xf32>
        %v18 = arith.mulf %v16, %v17 : f32
        %v19 = affine.load %A0[%i1 + 1, %i1] : memref<?x?xf32>
        %v20 = arith.subf %v18, %v19 : f32
        affine.store %v20, %A3[%i1, -%i1 + 2] : memref<11x8xf32>
      }
      affine.if affine_set<(d0) : (d0 >= 0)>(%i1) {
        %v21 = affine.load %A0[%i1 + 1, %i1 + 2] : memref<?x?xf32>
        %v22 = arith.mulf %k3, %v21 : f32
        %v23 = affine.load %A1[(%i1 floordiv 2) + 2, 0] : memref<?x?xf32>
        %v24 = arith.addf %v22, %v23 : f32
        %v25 = affine.load %A0[(%i1 floordiv 3) + 1, %i1 + 3] : memref<?x?xf32>
        %v26 = arith.addf %v24, %v25 : f32
        %v27 = arith.subf %v26, %k1 : f32
        affine.store %v27, %A0[%i1 + 1, %i1 + 2] : memref<?x?xf32>
      }
    }
    return
  }
}
