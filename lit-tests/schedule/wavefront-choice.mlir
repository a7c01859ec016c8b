// Which outermost tile bands get a wavefront (transform/tile.rs). The rule: only a
// band with no band above it, and only when every member of the band carries a
// dependence whatever the other members (no tile loop could be parallel then).
//
// @lu: pluto's band is (k, i, j). i is coincident given k, but only given k: once k
// is cut into tiles, i carries the dependences of consecutive k. With i parallel
// among the point loops only, each point iteration of k would fork (measured at
// LARGE: 1.13x). So the band gets the wavefront: the tile loop after the first one
// is the parallel one, and no point loop is.
// @matmul: i carries nothing, so no wavefront: the outermost tile loop is parallel.
// @trisolv: band (j, i) (pluto's), both members carry a dependence, so it is a
// wavefront's. With the work guard off (parallel-min-work=0), it gets one, and isl
// splits the parallel tile loop into a loop and an `if` for its last tile: the loop
// piece is still parallel (its tiles are a subset of one diagonal's).
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=pluto parallel-min-work=0}))' %s 2>/dev/null | FileCheck %s
//
// With the default work guard: a diagonal of trisolv's 32x32 tiles holds about
// 2048/32 tiles of 32*32 instances at a nominal extent of 2048 (65536, under 2^18),
// so the guard would run it sequentially, and its tiles buy no reuse (row i of L is
// read once; x fits in cache): the band stays untiled. lu's 3-member band holds
// 2048*32*2048 per diagonal and keeps its wavefront; so does nussinov's 2-member
// band, with a loop below it (2048 times more work per diagonal).
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=pluto}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=GUARD
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=pluto}))' %kernels/nussinov.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=BELOW

// CHECK-LABEL: func.func @lu
// CHECK: affine.for %{{.*}} = 0 to
// CHECK-NEXT: affine.parallel
// CHECK-NOT: affine.parallel
// CHECK-LABEL: func.func @matmul
// CHECK-NOT: affine.for
// CHECK: affine.parallel
// CHECK-NOT: affine.parallel
// CHECK: return
// CHECK-LABEL: func.func @trisolv
// CHECK: affine.for %{{.*}} = -1 to
// CHECK-NEXT: affine.parallel
// CHECK-NOT: affine.parallel
// CHECK: return

// GUARD: remark: tessel: tiling: a band of 3 members tiled 32x32x32 (square, for a wavefront)
// GUARD: remark: tessel: tiling: a band of 2 members left untiled (no reuse that the untiled loops would lose from the cache, nor a wavefront with the work to run in parallel (about 65536 statement instances per diagonal, under parallel-min-work=262144))
// GUARD: optimized SCoP of 3 statements (scheduler=pluto, tiled bands=0, parallel loops=0
// BELOW: remark: tessel: tiling: a band of 2 members tiled 32x32 (square, for a wavefront)
// BELOW: optimized SCoP of 5 statements (scheduler=pluto, tiled bands=1, parallel loops=1

#id = affine_map<(d0) -> (d0)>
func.func @lu(%arg0: i32, %A: memref<?x?xf64>) {
  %n = arith.index_cast %arg0 : i32 to index
  affine.for %i = 0 to %n {
    affine.for %j = 0 to #id(%i) {
      affine.for %k = 0 to #id(%j) {
        %0 = affine.load %A[%i, %k] : memref<?x?xf64>
        %1 = affine.load %A[%k, %j] : memref<?x?xf64>
        %2 = arith.mulf %0, %1 : f64
        %3 = affine.load %A[%i, %j] : memref<?x?xf64>
        %4 = arith.subf %3, %2 : f64
        affine.store %4, %A[%i, %j] : memref<?x?xf64>
      }
      %5 = affine.load %A[%j, %j] : memref<?x?xf64>
      %6 = affine.load %A[%i, %j] : memref<?x?xf64>
      %7 = arith.divf %6, %5 : f64
      affine.store %7, %A[%i, %j] : memref<?x?xf64>
    }
    affine.for %j = #id(%i) to %n {
      affine.for %k = 0 to #id(%i) {
        %0 = affine.load %A[%i, %k] : memref<?x?xf64>
        %1 = affine.load %A[%k, %j] : memref<?x?xf64>
        %2 = arith.mulf %0, %1 : f64
        %3 = affine.load %A[%i, %j] : memref<?x?xf64>
        %4 = arith.subf %3, %2 : f64
        affine.store %4, %A[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}

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

#id2 = affine_map<(d0) -> (d0)>
func.func @trisolv(%n: index, %L: memref<?x?xf64>, %x: memref<?xf64>, %b: memref<?xf64>) {
  affine.for %i = 0 to %n {
    %0 = affine.load %b[%i] : memref<?xf64>
    affine.store %0, %x[%i] : memref<?xf64>
    affine.for %j = 0 to #id2(%i) {
      %1 = affine.load %L[%i, %j] : memref<?x?xf64>
      %2 = affine.load %x[%j] : memref<?xf64>
      %3 = arith.mulf %1, %2 : f64
      %4 = affine.load %x[%i] : memref<?xf64>
      %5 = arith.subf %4, %3 : f64
      affine.store %5, %x[%i] : memref<?xf64>
    }
    %6 = affine.load %x[%i] : memref<?xf64>
    %7 = affine.load %L[%i, %i] : memref<?x?xf64>
    %8 = arith.divf %6, %7 : f64
    affine.store %8, %x[%i] : memref<?xf64>
  }
  return
}
