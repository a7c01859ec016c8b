// Sibling bands that need no tiles of their own but touch the same data along their
// parallel first member share one parallel tile loop of it (transform/tile_fusion.rs;
// Pluto tiles gramschmidt so, seed 004 §1.8).
//
// @project is gramschmidt's projection step. Inside the sequential k loop:
// - S0, R[k][j] += A[i][k] * A[i][j], and S1, A[i][j] -= A[i][k] * R[k][j], are two
//   sibling bands (j, i): S1 reads every sum S0 makes, so the scheduler cannot fuse
//   them along i.
// - Each streams its columns of A once, so the footprint model tiles neither.
// - Both touch A[*][j] at the same j, and S1 reads R[k][j] at the j that S0 writes it:
//   every dependence between them stays in one j, so in one tile of j.
// So one parallel loop over tiles of 32 columns runs S0 then S1 on each tile: S1 finds
// the tile's columns of A in the cache (32 x m elements), where untiled it reads all
// of A again after S0, and the loop forks once per k rather than twice.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-schedule{scheduler=isl}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TREE
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl parallel-min-work=0}))' %s 2>/dev/null | FileCheck %s --check-prefix=CODE
// Without parallel loops, or with tile sizes given, no tile loop is shared; nor with
// an L2 of 256 KiB, which a tile of 32 columns of A at the model's nominal 2048 rows
// (512 KiB) overflows before the second band could reuse it.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl l2-size=262144}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFUSE
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl parallel=false}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFUSE
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl tile-sizes=32}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFUSE

// REMARK: remark: tessel: tiling: 2 sibling bands that touch the same data along their parallel first member fused under one tile loop of 32 of it
// REMARK: remark: tessel: tiling: a band of 2 members left untiled {{.*}}; member 0 moved innermost (post-tile reordering) (2 such bands)
// NOFUSE-NOT: sibling bands

// Under k, the tile loop of j (parallel), then each band in order.
// TREE: schedule: "{{.*}} -> [{ S{{[01]}}[i0, i1, i2] -> [(i0)]; S{{[01]}}[i0, i1, i2] -> [(i0)] }]"
// TREE-NEXT: permutable: 1
// TREE-NEXT: child:
// TREE-NEXT: mark: "parallel"
// TREE-NEXT: child:
// TREE-NEXT: schedule: "{{.*}} -> [{ S{{[01]}}[i0, i1, i2] -> [(i1 - (i1) mod 32)]; S{{[01]}}[i0, i1, i2] -> [(i1 - (i1) mod 32)] }]"
// TREE-NEXT: permutable: 1
// TREE-NEXT: coincident: [ 1 ]
// TREE-NEXT: child:
// TREE-NEXT: sequence:
// TREE-NEXT: - filter: "{{.*}} -> { S0[i0, i1, i2] }"
// TREE-NEXT: child:
// TREE-NEXT: schedule: "{{.*}} -> [{ S0[i0, i1, i2] -> [(i2)] }, { S0[i0, i1, i2] -> [(i1)] }]"
// TREE: - filter: "{{.*}} -> { S1[i0, i1, i2] }"
// TREE-NEXT: child:
// TREE-NEXT: schedule: "{{.*}} -> [{ S1[i0, i1, i2] -> [(i2)] }, { S1[i0, i1, i2] -> [(i1)] }]"

// CODE: affine.for %[[K:.*]] = 0 to
// CODE: affine.parallel (%[[JT:.*]]) =
// CODE: affine.for %[[I:.*]] =
// CODE: affine.for %[[J:.*]] =
// CODE: affine.load %{{.*}}[%[[I]], %[[J]]]
// CODE: affine.store %{{.*}}, %{{.*}}[%[[K]], %[[J]]]
// The second band inside the same parallel loop:
// CODE-NOT: affine.parallel
// CODE: affine.for %[[I2:.*]] =
// CODE: affine.for %[[J2:.*]] =
// CODE: affine.store %{{.*}}, %{{.*}}[%[[I2]], %[[J2]]]

#next = affine_map<(d0) -> (d0 + 1)>
func.func @project(%n: index, %m: index, %A: memref<?x?xf64>, %R: memref<?x?xf64>) {
  affine.for %k = 0 to %n {
    affine.for %j = #next(%k) to %n {
      affine.for %i = 0 to %m {
        %q = affine.load %A[%i, %k] : memref<?x?xf64>
        %a = affine.load %A[%i, %j] : memref<?x?xf64>
        %p = arith.mulf %q, %a : f64
        %r = affine.load %R[%k, %j] : memref<?x?xf64>
        %s = arith.addf %r, %p : f64
        affine.store %s, %R[%k, %j] : memref<?x?xf64>
      }
    }
    affine.for %j = #next(%k) to %n {
      affine.for %i = 0 to %m {
        %a = affine.load %A[%i, %j] : memref<?x?xf64>
        %q = affine.load %A[%i, %k] : memref<?x?xf64>
        %r = affine.load %R[%k, %j] : memref<?x?xf64>
        %p = arith.mulf %q, %r : f64
        %d = arith.subf %a, %p : f64
        affine.store %d, %A[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}
