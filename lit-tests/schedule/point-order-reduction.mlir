// In a point band, the member along which every written element stays put goes just
// outside the innermost (transform/tile.rs, `reduction_outside_innermost`), so that
// the written rows of a tile stay in L1 across it.
//
// @trmm: B[i][j] += A[k][i] * B[k][j] for k > i. The scheduler's band is (j, k, i);
// j goes innermost for stride one, which leaves (k, i, j): each k step would load
// and store every row B[i][*] of the tile. B[i][j] stays put along k, so k moves
// next to j: (i, k, j), and B[i][*] is one row per i, reused across all of k. The
// tile loops keep the scheduler's order, the j tiles outermost and parallel.
// (register-tile=1,1: the register block would split the point band.)
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-schedule{scheduler=isl tile-sizes=16 register-tile=1,1}))' %s -o /dev/null 2>&1 | FileCheck %s

// CHECK: schedule: "{{.*}} -> [{ S0[i0, i1, i2] -> [(i1 - (i1) mod 16)] }, { S0[i0, i1, i2] -> [(i2 - (i2) mod 16)] }, { S0[i0, i1, i2] -> [(i0 - (i0) mod 16)] }]"
// CHECK-NEXT: permutable: 1
// CHECK-NEXT: coincident: [ 1, 0, 0 ]
// CHECK-NEXT: child:
// CHECK-NEXT: schedule: "{{.*}} -> [{ S0[i0, i1, i2] -> [(i0)] }, { S0[i0, i1, i2] -> [(i2)] }, { S0[i0, i1, i2] -> [(i1)] }]"

#next = affine_map<(d0) -> (d0 + 1)>
func.func @trmm(%m: index, %n: index, %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
  affine.for %i = 0 to %m {
    affine.for %j = 0 to %n {
      affine.for %k = #next(%i) to %m {
        %a = affine.load %A[%k, %i] : memref<?x?xf64>
        %b = affine.load %B[%k, %j] : memref<?x?xf64>
        %p = arith.mulf %a, %b : f64
        %c = affine.load %B[%i, %j] : memref<?x?xf64>
        %s = arith.addf %c, %p : f64
        affine.store %s, %B[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}
