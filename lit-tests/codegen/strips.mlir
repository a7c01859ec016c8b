// Strips along a parallel member in a streaming SCoP (passes/poly/src/transform/tile.rs,
// strip_parallel_member). mvt's second sum, x[i] += A[j][i] * y[j]: each x[i] is a
// chain along j, so i is the parallel loop; post-tile reordering moves i innermost
// for stride one on A, after which the outer loop j carries the chains and the sweep
// would run sequentially. Every matrix access is injective (a streaming SCoP), where
// square tiles break the prefetcher's streams: i is cut into strips of 256 instead,
// the strips' loop parallel and outermost, j in the middle, i innermost.
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{distinct-arguments=false}))' %s 2>&1 | FileCheck %s
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{distinct-arguments=false parallel=false}))' %s 2>&1 | FileCheck %s --check-prefix=SERIAL
//
// The same bits as the original, with 1, 255, 256, 300 and 520 columns (one strip,
// a full one, a full one and part of the next, three strips):
// RUN: %mlir-opt %s %lower-to-llvm | %run-main | %strip-addresses > %t.orig
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.strips
// RUN: diff %t.orig %t.strips

// CHECK: remark: tessel: tiling: a band of 2 members cut into strips of 256 along member 0, whose strip loop stays outermost and parallel while the member goes innermost
// CHECK-LABEL: func.func @column_sums
// CHECK: affine.parallel (%[[S:.*]]) = (0) to (%{{.*}}) step (256) {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to
// CHECK-NEXT: affine.for %[[I:.*]] = #{{.*}}(%[[S]]) to min #{{.*}}(%{{.*}}, %[[S]]) {
// CHECK: affine.load %{{.*}}[%[[J]], %[[I]]]
// CHECK-LABEL: func.func @main

// With no parallel loop to keep, the band is reordered whole, with no strips.
// SERIAL-NOT: cut into strips
// SERIAL: remark: tessel: tiling: a band of 2 members left untiled (no reuse that the untiled loops would lose from the cache); member 0 moved innermost (post-tile reordering)
// SERIAL-NOT: cut into strips

func.func @column_sums(%A: memref<?x?xf64>, %y: memref<?xf64>, %x: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %A, %c0 : memref<?x?xf64>
  %cols = memref.dim %A, %c1 : memref<?x?xf64>
  affine.for %i = 0 to %cols {
    affine.for %j = 0 to %rows {
      %xi = affine.load %x[%i] : memref<?xf64>
      %a = affine.load %A[%j, %i] : memref<?x?xf64>
      %yj = affine.load %y[%j] : memref<?xf64>
      %p = arith.mulf %a, %yj : f64
      %s = arith.addf %xi, %p : f64
      affine.store %s, %x[%i] : memref<?xf64>
    }
  }
  return
}

func.func private @printMemrefI64(memref<*xi64>)

// A 3 x cols matrix of i * 0.1 + j * 0.37, y[j] = j - 1.5, x[i] = 0.25 * i; prints
// the bits of x.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f01 = arith.constant 0.1 : f64
  %f037 = arith.constant 0.37 : f64
  %f025 = arith.constant 0.25 : f64
  %f15 = arith.constant 1.5 : f64
  %sizes = arith.constant dense<[1, 255, 256, 300, 520]> : vector<5xindex>
  %c5 = arith.constant 5 : index
  scf.for %k = %c0 to %c5 step %c1 {
    %cols = vector.extract %sizes[%k] : index from vector<5xindex>
    %A = memref.alloc(%c3, %cols) : memref<?x?xf64>
    %y = memref.alloc(%c3) : memref<?xf64>
    %x = memref.alloc(%cols) : memref<?xf64>
    %bits = memref.alloc(%cols) : memref<?xi64>
    scf.for %j = %c0 to %c3 step %c1 {
      %jj = arith.index_cast %j : index to i64
      %fj = arith.sitofp %jj : i64 to f64
      %yj = arith.subf %fj, %f15 : f64
      memref.store %yj, %y[%j] : memref<?xf64>
      scf.for %i = %c0 to %cols step %c1 {
        %ii = arith.index_cast %i : index to i64
        %fi = arith.sitofp %ii : i64 to f64
        %u = arith.mulf %fi, %f01 : f64
        %v = arith.mulf %fj, %f037 : f64
        %e = arith.addf %u, %v : f64
        memref.store %e, %A[%j, %i] : memref<?x?xf64>
      }
    }
    scf.for %i = %c0 to %cols step %c1 {
      %ii = arith.index_cast %i : index to i64
      %fi = arith.sitofp %ii : i64 to f64
      %xi = arith.mulf %fi, %f025 : f64
      memref.store %xi, %x[%i] : memref<?xf64>
    }
    func.call @column_sums(%A, %y, %x) : (memref<?x?xf64>, memref<?xf64>, memref<?xf64>) -> ()
    scf.for %i = %c0 to %cols step %c1 {
      %v = memref.load %x[%i] : memref<?xf64>
      %b = arith.bitcast %v : f64 to i64
      memref.store %b, %bits[%i] : memref<?xi64>
    }
    %pb = memref.cast %bits : memref<?xi64> to memref<*xi64>
    func.call @printMemrefI64(%pb) : (memref<*xi64>) -> ()
    memref.dealloc %A : memref<?x?xf64>
    memref.dealloc %y : memref<?xf64>
    memref.dealloc %x : memref<?xf64>
    memref.dealloc %bits : memref<?xi64>
  }
  return
}
