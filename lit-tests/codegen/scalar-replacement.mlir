// Scalar replacement (ast::mark_register_loops, codegen/emit/registers/): an innermost
// sequential loop keeps the array elements it updates at an address that does not
// move along it in registers: loaded before the loop, carried in iter_args, stored
// after it. Each element gets the same operations in the same order. register-tile=1,1
// turns it off. The structural checks run with unroll-jam=0: y[i]'s chains would
// otherwise be jammed by 4 (passes/poly/src/transform/jam.rs), a different shape.
//
// @row_update: y[i] does not move along j. The j loop runs from 0 to m - 1, so it
// runs no iteration when m <= 0; y[i] is read and written around it, so the loop
// goes under a guard that it runs (m - 1 >= 0). The i loop stays as it was.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=identity distinct-arguments=false parallel=false tile=false unroll-jam=0}))' %s 2>/dev/null | FileCheck %s
// CHECK-LABEL: func.func @row_update(
// CHECK: affine.for %[[I:.*]] = 0 to
// CHECK-NEXT: affine.if
// CHECK-NEXT: %[[Y0:.*]] = affine.load %arg2[%[[I]]] : memref<?xf64>
// CHECK-NEXT: %[[R:.*]] = affine.for %[[J:.*]] = 0 to {{.*}} iter_args(%[[Y:.*]] = %[[Y0]]) -> (f64) {
// CHECK-NOT: %arg2
// CHECK: affine.yield
// CHECK-NEXT: }
// CHECK-NEXT: affine.store %[[R]], %arg2[%[[I]]] : memref<?xf64>
//
// @copy_rows: nothing stays put along j, so nothing is kept, and the loop needs no
// guard either (a loop that runs no iteration does nothing).
// CHECK-LABEL: func.func @copy_rows(
// CHECK-NOT: affine.if
// CHECK-NOT: iter_args
// CHECK: return
//
// Tiled by 4, the point loop of j runs from the tile loop's iterator, which is at
// most m - 1, to min(m - 1, that + 3): it runs at least once, and needs no guard.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=identity distinct-arguments=false parallel=false tile-sizes=4 unroll-jam=0}))' %s 2>/dev/null | FileCheck %s --check-prefix=TILE
// TILE-LABEL: func.func @row_update(
// TILE: affine.for %[[I:.*]] = #{{.*}} to min
// TILE-NEXT: %[[Y0:.*]] = affine.load %arg2[%[[I]]] : memref<?xf64>
// TILE-NEXT: affine.for %{{.*}} = #{{.*}} to min {{.*}} iter_args(%{{.*}} = %[[Y0]]) -> (f64) {
//
// Off: the loop loads and stores y[i] in every iteration.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=identity distinct-arguments=false parallel=false tile=false register-tile=1,1 unroll-jam=0}))' %s 2>/dev/null | FileCheck %s --check-prefix=OFF
// OFF-LABEL: func.func @row_update(
// OFF-NOT: iter_args
// OFF: return
//
// The same results, with m = 0 (no iteration of j, no access of y) and m = 7:
// RUN: %mlir-opt %s %lower-to-llvm | %run-main | %strip-addresses > %t.orig
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.opt
// RUN: diff %t.orig %t.opt
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=identity tile-sizes=4 parallel-min-work=0}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.tile
// RUN: diff %t.orig %t.tile

func.func @row_update(%A: memref<?x?xf64>, %x: memref<?xf64>, %y: memref<?xf64>,
                      %n: index, %m: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %m {
      %a = affine.load %A[%i, %j] : memref<?x?xf64>
      %b = affine.load %x[%j] : memref<?xf64>
      %p = arith.mulf %a, %b : f64
      %old = affine.load %y[%i] : memref<?xf64>
      %new = arith.addf %old, %p : f64
      affine.store %new, %y[%i] : memref<?xf64>
    }
  }
  return
}

func.func @copy_rows(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %n: index, %m: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %m {
      %a = affine.load %A[%i, %j] : memref<?x?xf64>
      affine.store %a, %B[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

func.func private @printMemrefF64(memref<*xf64>)

func.func @run(%n: index, %m: index) {
  %c1 = arith.constant 1 : index
  %cols = arith.maxui %m, %c1 : index
  %A = memref.alloc(%n, %cols) : memref<?x?xf64>
  %x = memref.alloc(%cols) : memref<?xf64>
  %y = memref.alloc(%n) : memref<?xf64>
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %cols {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1) mod 5)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %vf = arith.sitofp %vi : i32 to f64
      affine.store %vf, %A[%i, %j] : memref<?x?xf64>
      affine.store %vf, %x[%j] : memref<?xf64>
    }
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f64
    affine.store %fi, %y[%i] : memref<?xf64>
  }
  func.call @row_update(%A, %x, %y, %n, %m)
      : (memref<?x?xf64>, memref<?xf64>, memref<?xf64>, index, index) -> ()
  %yu = memref.cast %y : memref<?xf64> to memref<*xf64>
  func.call @printMemrefF64(%yu) : (memref<*xf64>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  func.call @run(%c6, %c0) : (index, index) -> ()
  func.call @run(%c6, %c7) : (index, index) -> ()
  return
}
