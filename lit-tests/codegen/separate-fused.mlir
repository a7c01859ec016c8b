// The innermost loop of a fused band is generated as separate loops, one per part
// of its range where the same statements run (codegen/astgen.rs,
// separate_fused_innermost). @two_updates holds fdtd-2d's ey and ex updates: no
// dependence relates them, both read hz[i][j], so smart fusion with rar (the
// default) fuses them at distance 0. Their domains differ (ey: i >= 1, all j; ex:
// all i, j >= 1): without separation isl guards each statement inside the j loop,
// which LLVM does not vectorize. Separated, row 0 runs ex alone, and every other
// row runs ey at j = 0, then both statements unguarded for j >= 1.
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl parallel=false register-tile=1,1 distinct-arguments=false}))' %s 2>/dev/null | FileCheck %s
// CHECK-LABEL: func.func @two_updates(
// CHECK:      affine.for %[[I:.*]] = 0 to
// CHECK-NEXT:   affine.if #{{.*}}(%[[I]]) {
// CHECK:          affine.store %{{.*}}, %arg1[%[[I]], %{{.*}}] : memref<?x?xf64>
// CHECK-NEXT:     affine.for %[[J:.*]] = 1 to
// CHECK-NOT:        affine.if
// CHECK:            affine.store %{{.*}}, %arg1[%[[I]], %[[J]]] : memref<?x?xf64>
// CHECK-NOT:        affine.if
// CHECK:            affine.store %{{.*}}, %arg2[%[[I]], %[[J]]] : memref<?x?xf64>
// CHECK-NEXT:     }
// CHECK-NEXT:   } else {
// CHECK-NEXT:     affine.for %[[J2:.*]] = 1 to
// CHECK-NOT:        affine.if
// CHECK:            affine.store %{{.*}}, %arg2[%{{.*}}, %[[J2]]] : memref<?x?xf64>
// CHECK-NEXT:     }
//
// With rar=false nothing relates the two nests: they stay apart.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl parallel=false register-tile=1,1 distinct-arguments=false rar=false}))' %s 2>/dev/null | FileCheck %s --check-prefix=APART
// APART-LABEL: func.func @two_updates(
// APART:      affine.for %{{.*}} = 1 to
// APART-NEXT:   affine.for %{{.*}} = 0 to
// APART:      affine.for %{{.*}} = 0 to
// APART-NEXT:   affine.for %{{.*}} = 1 to
//
// The same results as the original, with n = 1 (no fused iteration) and n = 5:
// RUN: %mlir-opt %s %lower-to-llvm | %run-main | %strip-addresses > %t.orig
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.opt
// RUN: diff %t.orig %t.opt
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl parallel-min-work=0}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.par
// RUN: diff %t.orig %t.par

func.func @two_updates(%n: index, %ey: memref<?x?xf64>, %ex: memref<?x?xf64>,
                       %hz: memref<?x?xf64>) {
  affine.for %i = 1 to %n {
    affine.for %j = 0 to %n {
      %0 = affine.load %ey[%i, %j] : memref<?x?xf64>
      %1 = affine.load %hz[%i, %j] : memref<?x?xf64>
      %2 = affine.load %hz[%i - 1, %j] : memref<?x?xf64>
      %3 = arith.subf %1, %2 : f64
      %4 = arith.subf %0, %3 : f64
      affine.store %4, %ey[%i, %j] : memref<?x?xf64>
    }
  }
  affine.for %i = 0 to %n {
    affine.for %j = 1 to %n {
      %0 = affine.load %ex[%i, %j] : memref<?x?xf64>
      %1 = affine.load %hz[%i, %j] : memref<?x?xf64>
      %2 = affine.load %hz[%i, %j - 1] : memref<?x?xf64>
      %3 = arith.subf %1, %2 : f64
      %4 = arith.subf %0, %3 : f64
      affine.store %4, %ex[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

func.func private @printMemrefF64(memref<*xf64>)

func.func @run(%n: index) {
  %ey = memref.alloc(%n, %n) : memref<?x?xf64>
  %ex = memref.alloc(%n, %n) : memref<?x?xf64>
  %hz = memref.alloc(%n, %n) : memref<?x?xf64>
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1 * 7) mod 11)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %vf = arith.sitofp %vi : i32 to f64
      affine.store %vf, %ey[%i, %j] : memref<?x?xf64>
      affine.store %vf, %ex[%j, %i] : memref<?x?xf64>
      affine.store %vf, %hz[%i, %j] : memref<?x?xf64>
    }
  }
  func.call @two_updates(%n, %ey, %ex, %hz)
      : (index, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
  %a = memref.cast %ey : memref<?x?xf64> to memref<*xf64>
  func.call @printMemrefF64(%a) : (memref<*xf64>) -> ()
  %b = memref.cast %ex : memref<?x?xf64> to memref<*xf64>
  func.call @printMemrefF64(%b) : (memref<*xf64>) -> ()
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  func.call @run(%c1) : (index) -> ()
  func.call @run(%c5) : (index) -> ()
  return
}
