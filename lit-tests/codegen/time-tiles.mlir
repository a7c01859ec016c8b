// Time tiles (seed 004 §1.12; issue 9 item 6). jacobi-2d at the defaults: the isl
// preset keeps the time loop outermost, and every step walks A and B whole, more
// than half of L2 at the nominal sizes; Pluto's band (t, 2t + i, 2t + j) is tiled
// instead, with a wavefront over its first two tile loops (the parallel loop) and
// a long innermost tile. In each point (t, 2t + i), the innermost loop is
// distributed: the row of B (first statement), then the row of A (second), each a
// loop that reads one array and writes the other, as the original nests do.
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: tessel: cost model: chose pluto ({{.*}}; isl's time loop walks about {{[0-9]+}} KiB per step at the nominal sizes, over half of the L2, so pluto's time tiles)
// REMARK: remark: tessel: tiling: a band of 3 members tiled [[S:[0-9]+]]x[[S]]x{{[0-9]+}} (time tiles for a wavefront
// REMARK: remark: tessel: tiling: the innermost point loop distributed over the statements fused in it
//
// Diamonds (transform/diamond.rs, diamond=1): the tile loops cut along
// psi = c*t - phi1 + shift instead of t, phi1 being 2t + i for the first statement and
// 2t + i + 1 for the second. Within a step, the second statement writes A[i] after
// the first read A[i - 1..i + 1] and reads the B[i] the first wrote: phi1 advances
// by 0 to 2, so psi needs the second statement shifted by 2. Across a step, the
// first reads A[i - 1..i + 1] that the second wrote: t advances by 1 and phi1 by 0
// to 2, so c - 2 - 2 >= 0, c = 4 (3 fails). At t = 0 psi runs from -i up, so the
// wavefront of (psi, phi1) tiles starts below 0. A diamond spans (s0 + s1)/c steps,
// so with c = 4 its sizes are doubled, 64x64, to span the 32 steps of a time tile.
// DIAMOND-REMARK: remark: tessel: tiling: a band of 3 members tiled 64x64x{{[0-9]+}} (time tiles
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{diamond=1}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DIAMOND-REMARK
// DIAMOND-REMARK: remark: tessel: tiling: the time tiles cut as diamonds, along 4*time - space (1 statement shifted) instead of the time member, so that the wavefront starts with every tile of the first time steps (concurrent start)
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{diamond=1}))' %s 2>/dev/null | FileCheck %s --check-prefix=DIAMOND
// DIAMOND-LABEL: func.func @jacobi_2d(
// DIAMOND:      affine.for %[[W:.*]] = -1 to
// DIAMOND:        affine.parallel (%{{.*}}) = ({{.*}}) to ({{.*}}) step (64)
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NO-DIAMOND
// NO-DIAMOND-NOT: diamonds
// NO-DIAMOND: optimized SCoP of 2 statements
//
// By default (no diamonds), the tiles are the band's own:
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s 2>/dev/null | FileCheck %s
// CHECK-LABEL: func.func @jacobi_2d(
// CHECK:      %[[D:.*]]:2 = memref.distinct_objects %arg2, %arg3
// CHECK:      affine.for %[[W:.*]] = 0 to
// CHECK:        affine.parallel
// CHECK:          affine.for %[[T:.*]] = max
// CHECK-NEXT:       affine.for %[[I:.*]] = max
// CHECK:              affine.for
// CHECK-NOT:            affine.store
// CHECK:                affine.store %{{.*}}, %[[D]]#1[
// CHECK-NOT:            affine.store
// CHECK:              }
// CHECK:              affine.for
// CHECK-NOT:            affine.store
// CHECK:                affine.store %{{.*}}, %[[D]]#0[
// CHECK-NOT:            affine.store
// CHECK:              }
//
// The same printed results through the guard's sequential side (the default
// at these sizes) and its parallel side (parallel-min-work=1), across several time
// tiles (37 steps) and space tiles.
// RUN: %mlir-opt %s %lower-to-llvm | %run-main | %strip-addresses > %t.orig
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.opt
// RUN: diff %t.orig %t.opt
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{parallel-min-work=1}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.par
// RUN: diff %t.orig %t.par
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{diamond=1}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.diamonds
// RUN: diff %t.orig %t.diamonds
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{diamond=1 parallel-min-work=1}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.diamonds-par
// RUN: diff %t.orig %t.diamonds-par

func.func @jacobi_2d(%steps: index, %n: index, %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
  %c02 = arith.constant 0.2 : f64
  affine.for %t = 0 to %steps {
    affine.for %i = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
      affine.for %j = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
        %0 = affine.load %A[%i, %j] : memref<?x?xf64>
        %1 = affine.load %A[%i, %j - 1] : memref<?x?xf64>
        %2 = arith.addf %0, %1 : f64
        %3 = affine.load %A[%i, %j + 1] : memref<?x?xf64>
        %4 = arith.addf %2, %3 : f64
        %5 = affine.load %A[%i + 1, %j] : memref<?x?xf64>
        %6 = arith.addf %4, %5 : f64
        %7 = affine.load %A[%i - 1, %j] : memref<?x?xf64>
        %8 = arith.addf %6, %7 : f64
        %9 = arith.mulf %c02, %8 : f64
        affine.store %9, %B[%i, %j] : memref<?x?xf64>
      }
    }
    affine.for %i = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
      affine.for %j = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
        %0 = affine.load %B[%i, %j] : memref<?x?xf64>
        %1 = affine.load %B[%i, %j - 1] : memref<?x?xf64>
        %2 = arith.addf %0, %1 : f64
        %3 = affine.load %B[%i, %j + 1] : memref<?x?xf64>
        %4 = arith.addf %2, %3 : f64
        %5 = affine.load %B[%i + 1, %j] : memref<?x?xf64>
        %6 = arith.addf %4, %5 : f64
        %7 = affine.load %B[%i - 1, %j] : memref<?x?xf64>
        %8 = arith.addf %6, %7 : f64
        %9 = arith.mulf %c02, %8 : f64
        affine.store %9, %A[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}

func.func private @printMemrefF64(memref<*xf64>)

func.func @main() {
  %steps = arith.constant 37 : index
  %n = arith.constant 45 : index
  %A = memref.alloc(%n, %n) : memref<?x?xf64>
  %B = memref.alloc(%n, %n) : memref<?x?xf64>
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 7 + d1 * 3) mod 11)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %vf = arith.sitofp %vi : i32 to f64
      affine.store %vf, %A[%i, %j] : memref<?x?xf64>
      affine.store %vf, %B[%i, %j] : memref<?x?xf64>
    }
  }
  func.call @jacobi_2d(%steps, %n, %A, %B) : (index, index, memref<?x?xf64>, memref<?x?xf64>) -> ()
  %Au = memref.cast %A : memref<?x?xf64> to memref<*xf64>
  func.call @printMemrefF64(%Au) : (memref<*xf64>) -> ()
  %Bu = memref.cast %B : memref<?x?xf64> to memref<*xf64>
  func.call @printMemrefF64(%Bu) : (memref<*xf64>) -> ()
  memref.dealloc %A : memref<?x?xf64>
  memref.dealloc %B : memref<?x?xf64>
  return
}
