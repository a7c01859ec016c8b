// Code generation (tessel-optimize, identity schedule, tiles of 4): tiled loops with
// min/max bounds, affine.parallel on the outermost coincident loop, affine.if only
// where a guard is needed, statement ops cloned with the IVs remapped, and demoted
// scalars as allocas at the function entry with a reload for values used after the
// nest.
// (register-tile=1,1 where the IR is checked: no scalar replacement, whose
// iter_args codegen/scalar-replacement.mlir checks.)
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=identity tile-sizes=4 parallel-min-work=0 register-tile=1,1}))' %s 2>/dev/null | FileCheck %s
//
// Execution check (n = 10 and 23: partial tiles, guards true and false): the
// optimized code computes what the original computes.
// RUN: %mlir-opt %s %lower-to-llvm | %run-main | %strip-addresses > %t.orig
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=identity tile-sizes=4}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.opt
// RUN: diff %t.orig %t.opt
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl-reference tile-sizes=3}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.opt2
// RUN: diff %t.orig %t.opt2

// The i and j tile loops carry nothing: they are one collapsed affine.parallel,
// stepping by 4 from 0 (option parallel-collapse); the point loops run from the
// tile origin to min(n, origin + 4). The body is the original one on the point
// IVs, the store still transposed. No guard anywhere. The SCoP accesses two
// distinct arguments: the new code reaches them through memref.distinct_objects
// (distinct-arguments), A through its first result and B through its second.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[TILE_END:.*]] = affine_map<(d0, d1) -> (d0, d1 + 4)>
// CHECK-LABEL: func.func @copy(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: memref<?x?xf64>, %[[B:[a-z0-9]+]]: memref<?x?xf64>, %[[N:[a-z0-9]+]]: index)
// CHECK-NEXT:    %[[D:.*]]:2 = memref.distinct_objects %[[A]], %[[B]] : memref<?x?xf64>, memref<?x?xf64>
// CHECK-NEXT:    affine.parallel (%[[TI:[a-z0-9]+]], %[[TJ:[a-z0-9]+]]) = (0, 0) to (%[[N]], %[[N]]) step (4, 4) {
// CHECK-NEXT:      affine.for %[[I:.*]] = #[[ID]](%[[TI]]) to min #[[TILE_END]](%[[N]], %[[TI]]) {
// CHECK-NEXT:        affine.for %[[J:.*]] = #[[ID]](%[[TJ]]) to min #[[TILE_END]](%[[N]], %[[TJ]]) {
// CHECK-NEXT:          %[[V:.*]] = affine.load %[[D]]#0[%[[I]], %[[J]]] : memref<?x?xf64>
// CHECK-NEXT:          %[[W:.*]] = arith.addf %[[V]], %[[V]] : f64
// CHECK-NEXT:          affine.store %[[W]], %[[D]]#1[%[[J]], %[[I]]] : memref<?x?xf64>
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// With parallel-collapse=false, the i tile loop alone is parallel.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=identity tile-sizes=4 parallel-min-work=0 parallel-collapse=false register-tile=1,1}))' %s 2>/dev/null | FileCheck %s --check-prefix=ONE
// ONE-LABEL: func.func @copy(
// ONE-NEXT:    memref.distinct_objects
// ONE-NEXT:    affine.parallel (%{{[a-z0-9]+}}) = (0) to (%{{.*}}) step (4) {
// ONE-NEXT:      affine.for %{{.*}} = 0 to #{{.*}}(%{{.*}}) step 4 {
func.func @copy(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %a = affine.load %A[%i, %j] : memref<?x?xf64>
      %b = arith.addf %a, %a : f64
      affine.store %b, %B[%j, %i] : memref<?x?xf64>
    }
  }
  return
}

// A guard on the IV alone becomes the loop's lower bound.
// CHECK-LABEL: func.func @guard_folded(
// CHECK-NOT:     affine.if
// CHECK:         affine.parallel (%[[I:.*]]) = (5) to (%{{.*}}) {
// CHECK-NEXT:      affine.store %{{.*}}, %{{.*}}[%[[I]]] : memref<?xf64>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @guard_folded(%A: memref<?xf64>, %n: index) {
  %c = arith.constant 1.0 : f64
  affine.for %i = 0 to %n {
    affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%i) {
      affine.store %c, %A[%i] : memref<?xf64>
    }
  }
  return
}

// then/else on one loop: one affine.if with both branches, inside the parallel loop.
// CHECK-LABEL: func.func @then_else(
// CHECK:         affine.parallel (%[[I:.*]]) = (0) to (%{{.*}}) {
// CHECK-NEXT:      affine.if #{{.*}}(%[[I]], %{{.*}}) {
// CHECK-NEXT:        affine.store %{{.*}}, %{{.*}}[%[[I]]] : memref<?xf64>
// CHECK-NEXT:      } else {
// CHECK-NEXT:        affine.store %{{.*}}, %{{.*}}[%[[I]]] : memref<?xf64>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @then_else(%A: memref<?xf64>, %n: index) {
  %c = arith.constant 1.0 : f64
  %d = arith.constant 2.0 : f64
  affine.for %i = 0 to %n {
    affine.if affine_set<(d0)[s0] : (d0 - 5 >= 0, s0 - d0 - 3 >= 0)>(%i)[%n] {
      affine.store %c, %A[%i] : memref<?xf64>
    } else {
      affine.store %d, %A[%i] : memref<?xf64>
    }
  }
  return
}

// A diagonal statement in a tiled nest: the innermost point loop is separated
// (astgen's separate_fused_innermost) into j < i, j == i (under a guard that the
// diagonal element is in the tile, both statements, in their original order) and
// j > i, so no loop has a guard inside; subscripts use the remapped IVs.
// CHECK-LABEL: func.func @diagonal(
// CHECK:           affine.for %[[I:[a-z0-9]+]] = #{{.*}} to min
// CHECK-NEXT:        affine.for %[[J:[a-z0-9]+]] = #{{.*}} to min #{{.*}}(%{{.*}}, %[[I]])
// CHECK-NEXT:          affine.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]] : memref<?x?xf64>
// CHECK-NEXT:        }
// CHECK-NEXT:        affine.if
// CHECK-NEXT:          affine.store %{{.*}}, %{{.*}}[%[[I]], %[[I]]] : memref<?x?xf64>
// CHECK-NEXT:          affine.store %{{.*}}, %{{.*}}[%[[I]], %[[I]]] : memref<?x?xf64>
// CHECK-NEXT:        }
// CHECK-NEXT:        affine.for %[[J2:[a-z0-9]+]] = max #{{.*}}(%{{.*}}, %[[I]]) to min
// CHECK-NEXT:          affine.store %{{.*}}, %{{.*}}[%[[I]], %[[J2]]] : memref<?x?xf64>
// CHECK-NEXT:        }
func.func @diagonal(%A: memref<?x?xf64>, %n: index) {
  %c = arith.constant 1.0 : f64
  %d = arith.constant 2.0 : f64
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      affine.store %c, %A[%i, %j] : memref<?x?xf64>
      affine.if affine_set<(d0, d1) : (d0 - d1 == 0)>(%i, %j) {
        affine.store %d, %A[%j, %i] : memref<?x?xf64>
      }
    }
  }
  return
}

// iter_args: the scalar is an alloca at the function entry, initialized before the
// loop, read and written by the update, and reloaded for the return.
// CHECK-LABEL: func.func @reduce(
// CHECK-NEXT:    %[[T:.*]] = memref.alloca() : memref<f64>
// CHECK:         affine.store %{{.*}}, %[[T]][] : memref<f64>
// CHECK-NEXT:    affine.for %[[I:.*]] =
// CHECK-NEXT:      %[[ACC:.*]] = affine.load %[[T]][] : memref<f64>
// CHECK-NEXT:      %[[X:.*]] = affine.load %{{.*}}[%[[I]]] : memref<?xf64>
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[ACC]], %[[X]] : f64
// CHECK-NEXT:      affine.store %[[S]], %[[T]][] : memref<f64>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[R:.*]] = affine.load %[[T]][] : memref<f64>
// CHECK-NEXT:    return %[[R]] : f64
func.func @reduce(%A: memref<?xf64>, %n: index) -> f64 {
  %z = arith.constant 0.0 : f64
  %s = affine.for %i = 0 to %n iter_args(%acc = %z) -> (f64) {
    %a = affine.load %A[%i] : memref<?xf64>
    %t = arith.addf %acc, %a : f64
    affine.yield %t : f64
  }
  return %s : f64
}

// Steps of 2 and 3 with a max lower bound, tiled: checked by execution only.
func.func @steps(%A: memref<?x?xf64>, %n: index) {
  %c = arith.constant 1.0 : f64
  affine.for %i = 1 to %n step 2 {
    affine.for %j = max affine_map<(d0) -> (d0, 5)>(%i) to 20 step 3 {
      %a = affine.load %A[%i, %j] : memref<?x?xf64>
      %b = arith.addf %a, %c : f64
      affine.store %b, %A[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

func.func private @printMemrefF64(memref<*xf64>)
func.func private @printF64(f64)
func.func private @printNewline()

func.func @run(%n: index) {
  %A = memref.alloc(%n, %n) : memref<?x?xf64>
  %B = memref.alloc(%n, %n) : memref<?x?xf64>
  %S = memref.alloc(%n, %n) : memref<?x?xf64>
  %V = memref.alloc(%n) : memref<?xf64>
  %c20 = arith.constant 20 : index
  %W = memref.alloc(%n, %c20) : memref<?x?xf64>
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1) mod 5)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %vf = arith.sitofp %vi : i32 to f64
      affine.store %vf, %A[%i, %j] : memref<?x?xf64>
      affine.store %vf, %S[%i, %j] : memref<?x?xf64>
    }
    affine.for %j = 0 to 20 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 + d1 * 7) mod 4)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %vf = arith.sitofp %vi : i32 to f64
      affine.store %vf, %W[%i, %j] : memref<?x?xf64>
    }
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f64
    affine.store %fi, %V[%i] : memref<?xf64>
  }
  func.call @copy(%A, %B, %n) : (memref<?x?xf64>, memref<?x?xf64>, index) -> ()
  %Bu = memref.cast %B : memref<?x?xf64> to memref<*xf64>
  func.call @printMemrefF64(%Bu) : (memref<*xf64>) -> ()
  func.call @guard_folded(%V, %n) : (memref<?xf64>, index) -> ()
  func.call @then_else(%V, %n) : (memref<?xf64>, index) -> ()
  %Vu = memref.cast %V : memref<?xf64> to memref<*xf64>
  func.call @printMemrefF64(%Vu) : (memref<*xf64>) -> ()
  func.call @diagonal(%S, %n) : (memref<?x?xf64>, index) -> ()
  %Su = memref.cast %S : memref<?x?xf64> to memref<*xf64>
  func.call @printMemrefF64(%Su) : (memref<*xf64>) -> ()
  %r = func.call @reduce(%V, %n) : (memref<?xf64>, index) -> f64
  func.call @printF64(%r) : (f64) -> ()
  func.call @printNewline() : () -> ()
  func.call @steps(%W, %n) : (memref<?x?xf64>, index) -> ()
  %Wu = memref.cast %W : memref<?x?xf64> to memref<*xf64>
  func.call @printMemrefF64(%Wu) : (memref<*xf64>) -> ()
  return
}

func.func @main() {
  %c10 = arith.constant 10 : index
  %c23 = arith.constant 23 : index
  func.call @run(%c10) : (index) -> ()
  func.call @run(%c23) : (index) -> ()
  return
}
