// A band that needs no tiles for reuse is still tiled when post-tile reordering
// would move its only outer parallel member innermost (transform/tile.rs,
// `sinking_loses_parallelism`): the tile loop of that member stays outermost and
// parallel, and its point loop goes innermost, with stride one.
//
// @project is gramschmidt's projection step. Inside the sequential k loop:
// - S0, R[k][j] += A[i][k] * A[i][j], in band (j, i): j is parallel, i carries the
//   sum. Along j, A[i][j] steps within a line, so j goes innermost, and untiled
//   (i, j) would leave a sequential i around the parallel j (a fork per row). Tiled
//   32x32, the order is (j tiles, i tiles, i, j), and the j tiles are parallel.
// - S1, A[i][j] -= A[i][k] * R[k][j - 1], in band (j, i) too: j goes innermost the
//   same way, but i is parallel as well, so (i, j) keeps a parallel loop outermost and
//   the band stays untiled.
// S1 reads the sum of the column before its own (gramschmidt reads its own), which
// S0 may write in the tile before: so the two bands do not share one parallel tile
// loop (transform/tile_fusion.rs; schedule/tile-fusion-siblings.mlir has the case
// where they do).
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-schedule{scheduler=isl}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TREE
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl parallel-min-work=0}))' %s 2>/dev/null | FileCheck %s --check-prefix=CODE
// Without parallel loops, nothing is tiled for them.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl parallel=false}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SEQUENTIAL

// REMARK: remark: tessel: tiling: a band of 2 members tiled 32x32 (square, so that the parallel member's tile loop stays outermost while its point loop goes innermost); member 0 moved innermost (post-tile reordering)
// REMARK: remark: tessel: tiling: a band of 2 members left untiled (no reuse that the untiled loops would lose from the cache); member 0 moved innermost (post-tile reordering)
// REMARK-NOT: sibling bands
// SEQUENTIAL-NOT: tiled 32x32
// SEQUENTIAL: left untiled {{.*}} (2 such bands)

// S0's tile band: j's tile loop first and parallel, then i's, which carries the sum;
// its point band: i, then j innermost.
// TREE: - filter: "{{.*}} -> { S0[i0, i1, i2] }"
// TREE-NEXT: child:
// TREE-NEXT: mark: "parallel"
// TREE-NEXT: child:
// TREE-NEXT: schedule: "{{.*}} -> [{ S0[i0, i1, i2] -> [(i1 - (i1) mod 32)] }, { S0[i0, i1, i2] -> [(i2 - (i2) mod 32)] }]"
// TREE-NEXT: permutable: 1
// TREE-NEXT: coincident: [ 1, 0 ]
// TREE-NEXT: child:
// TREE-NEXT: schedule: "{{.*}} -> [{ S0[i0, i1, i2] -> [(i2)] }, { S0[i0, i1, i2] -> [(i1)] }]"

// CODE: affine.for %[[K:.*]] = 0 to
// CODE: affine.parallel (%[[JT:.*]]) =
// CODE: affine.for %[[IT:.*]] =
// CODE: affine.for %[[I:.*]] =
// CODE: affine.for %[[J:.*]] =
// CODE: affine.load %{{.*}}[%[[I]], %[[K]]]
// CODE: affine.load %{{.*}}[%[[I]], %[[J]]]

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
        %r = affine.load %R[%k, %j - 1] : memref<?x?xf64>
        %p = arith.mulf %q, %r : f64
        %d = arith.subf %a, %p : f64
        affine.store %d, %A[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}
