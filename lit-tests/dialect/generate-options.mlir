// transform.tessel.generate takes Tessel's options as a pass pipeline writes them.
// A copy loop of 100 iterations, made parallel: under the default parallel-min-work
// (2^18 instances) the parallel loop comes twice, under a run-time test of its work
// against 262144 (parallel if enough, else sequential: as tessel-optimize emits
// it); with parallel-min-work=0 it is an affine.parallel alone. Both arguments are
// put through memref.distinct_objects (distinct-arguments, on by default), in
// argument order, and the loop reads %a through the first result and writes %b
// through the second.
// RUN: %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/generate-options.mlir \
// RUN:   --transform-interpreter=entry-point=min0 %s | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/generate-options.mlir \
// RUN:   --transform-interpreter=entry-point=default %s | FileCheck %s --check-prefix=DEFAULT
// A misspelt option is an error; the payload is left as it was.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/generate-options.mlir \
// RUN:   --transform-interpreter=entry-point=bad %s 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK-LABEL: func.func @f(
// CHECK-NOT:     scf.if
// CHECK-NEXT:    %[[D:.*]]:2 = memref.distinct_objects %arg0, %arg1 : memref<100xf64>, memref<100xf64>
// CHECK-NEXT:    affine.parallel (%[[I:.*]]) = (0) to (100) {
// CHECK-NEXT:      %[[V:.*]] = affine.load %[[D]]#0[%[[I]]]
// CHECK-NEXT:      affine.store %[[V]], %[[D]]#1[%[[I]]]

// DEFAULT-LABEL: func.func @f(
// DEFAULT:         %[[MIN:.*]] = arith.constant 262144 : index
// DEFAULT:         scf.if
// DEFAULT-NEXT:      affine.parallel
// DEFAULT:         } else {
// DEFAULT-NEXT:      affine.for

// BAD: error: transform.tessel.generate: unknown Tessel option 'parallel-min-wrk'
func.func @f(%a: memref<100xf64>, %b: memref<100xf64>) {
  affine.for %i = 0 to 100 {
    %v = affine.load %a[%i] : memref<100xf64>
    affine.store %v, %b[%i] : memref<100xf64>
  }
  return
}
