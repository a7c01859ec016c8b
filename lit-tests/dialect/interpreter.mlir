// `mlir-opt --load-dialect-plugin --transform-interpreter` runs Clay scripts from a
// file of their own (Inputs/clay-script.mlir), and each op's apply() calls into Rust
// (passes/mlir/src/clay.rs) through the plugin's C ABI.
//
// The plumbing end to end: scop returns a handle to the SCoP's first op, tile
// (a directive) and generate take it, and the function comes back tiled.
// RUN: %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/clay-script.mlir \
// RUN:   --transform-interpreter=entry-point=tile %s 2>&1 | FileCheck %s --check-prefix=TILE
//
// A Rust error is a definite failure of the transform op, with a note at the payload
// op (mlir-opt then prints no IR).
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/clay-script.mlir \
// RUN:   --transform-interpreter=entry-point=missing_scop %s 2>&1 | FileCheck %s --check-prefix=SCOP
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/clay-script.mlir \
// RUN:   --transform-interpreter=entry-point=generate_only %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GENERATE
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/clay-script.mlir \
// RUN:   --transform-interpreter=entry-point=twice %s 2>&1 | FileCheck %s --check-prefix=TWICE

// TILE-NOT: error
// TILE-LABEL: func.func @transpose(
// TILE:         affine.for %[[TI:.*]] = 0 to 2 {
// TILE-NEXT:      affine.for %[[TJ:.*]] = 0 to 2 {
// TILE-NEXT:        affine.for %{{.*}} = #map(%[[TI]]) to #map1(%[[TI]]) {
// TILE-NEXT:          affine.for %{{.*}} = #map(%[[TJ]]) to #map1(%[[TJ]]) {
// TILE-NEXT:            affine.load
// TILE-NEXT:            affine.store
// TILE-NOT: tessel.clay

// SCOP: clay-script.mlir:{{[0-9]+}}:{{[0-9]+}}: error: the function has 1 SCoP; there is no SCoP 3
// SCOP: interpreter.mlir:[[# @LINE + 7]]:1: note: while applying transform.tessel.scop here

// TWICE: error: SCoP 0 already has a Clay session (1 directive so far): generate it, or use its handle

// GENERATE: clay-script.mlir:{{[0-9]+}}:5: error: this op carries no `tessel.clay` script
// GENERATE: interpreter.mlir:[[# @LINE + 4]]:5: note: while generating code for this SCoP

func.func @transpose(%a: memref<64x64xf64>, %b: memref<64x64xf64>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %v = affine.load %a[%j, %i] : memref<64x64xf64>
      affine.store %v, %b[%i, %j] : memref<64x64xf64>
    }
  }
  return
}
