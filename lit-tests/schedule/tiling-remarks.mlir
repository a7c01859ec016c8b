// Each permutable band's tiling decision is a remark (transform/tile.rs): its sizes
// and where they come from, or why it was left untiled, and the member that post-tile
// reordering moved innermost.
//
// @matmul, band (i, j, k), sizes given: along j, C[i][j] and B[k][j] stay in their
// cache line and A[i][k] stays put (0 misses); along k, B[k][j] misses a line per
// step; along i, both C and A miss. So j (member 1) goes innermost.
// @copy: B[i][j] = A[i][j] reuses nothing along any member, so the footprint model
// leaves the band untiled. (The model's sizes depend on the host's L2, so the test
// gives sizes where it checks them.)
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl tile-sizes=16}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=GIVEN
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODEL

// GIVEN: remark: tessel: tiling: a band of 3 members tiled 16x16x16 (tile-sizes); member 1 moved innermost (post-tile reordering)
// GIVEN: remark: tessel: tiling: a band of 2 members tiled 16x16 (tile-sizes)
// MODEL: remark: tessel: tiling: a band of 3 members tiled {{[0-9]+x[0-9]+x[0-9]+}} (footprint model: a tile's data in half of the {{[0-9]+}} KiB L2); member 1 moved innermost (post-tile reordering)
// MODEL: remark: tessel: tiling: a band of 2 members left untiled (no reuse that the untiled loops would lose from the cache)

func.func @matmul(%n: index, %A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      affine.for %k = 0 to %n {
        %a = affine.load %A[%i, %k] : memref<?x?xf64>
        %b = affine.load %B[%k, %j] : memref<?x?xf64>
        %p = arith.mulf %a, %b : f64
        %c = affine.load %C[%i, %j] : memref<?x?xf64>
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}

func.func @copy(%n: index, %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %a = affine.load %A[%i, %j] : memref<?x?xf64>
      affine.store %a, %B[%i, %j] : memref<?x?xf64>
    }
  }
  return
}
