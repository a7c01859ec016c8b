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
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=pluto parallel-min-work=0}))' %s 2>/dev/null | FileCheck %s

// CHECK-LABEL: func.func @lu
// CHECK: affine.for %{{.*}} = 0 to
// CHECK-NEXT: affine.parallel
// CHECK-NOT: affine.parallel
// CHECK-LABEL: func.func @matmul
// CHECK-NOT: affine.for
// CHECK: affine.parallel
// CHECK-NOT: affine.parallel
// CHECK: return

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
