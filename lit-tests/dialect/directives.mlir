// Each directive op hands Rust the op itself; Rust reads the directive from its
// attributes, and the note of a failure gives that reading in seed 003's printed syntax
// (β-prefixes as `(a, b)`, `(a)` and `()`, then the arguments).
// Each op runs here on a loop, not on a handle from transform.tessel.scop, so Rust
// refuses it: the op carries no Clay script (passes/mlir/src/clay.rs). Rust parses
// the directive first, so that error also says that the directive parsed. The interpreter runs once per split: one failure
// each.
//
// RUN: not %mlir-opt --load-dialect-plugin=%tessel --split-input-file \
// RUN:   --transform-interpreter %s 2>&1 | FileCheck %s

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<64xf64>) {
    %c = arith.constant 1.0 : f64
    affine.for %i = 0 to 64 {
      affine.store %c, %m[%i] : memref<64xf64>
    }
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // CHECK: directives.mlir:[[# @LINE + 2]]:5: error: this op carries no `tessel.clay` script
    // CHECK: directives.mlir:[[# @LINE - 9]]:5: note: while applying `reorder((), (1, 0))` here
    transform.tessel.reorder %l [], [1, 0] : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<64xf64>) {
    %c = arith.constant 1.0 : f64
    affine.for %i = 0 to 64 {
      affine.store %c, %m[%i] : memref<64xf64>
    }
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // CHECK: directives.mlir:[[# @LINE + 2]]:5: error: this op carries no `tessel.clay` script
    // CHECK: directives.mlir:[[# @LINE - 9]]:5: note: while applying `reorder((), (4, 5, 2, 0, 1, 3, 6))` here
    transform.tessel.reorder %l [], [4, 5, 2, 0, 1, 3, 6] : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<64xf64>) {
    %c = arith.constant 1.0 : f64
    affine.for %i = 0 to 64 {
      affine.store %c, %m[%i] : memref<64xf64>
    }
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // CHECK: directives.mlir:[[# @LINE + 2]]:5: error: this op carries no `tessel.clay` script
    // CHECK: directives.mlir:[[# @LINE - 9]]:5: note: while applying `fuse_next((0))` here
    transform.tessel.fuse_next %l [0] : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<64xf64>) {
    %c = arith.constant 1.0 : f64
    affine.for %i = 0 to 64 {
      affine.store %c, %m[%i] : memref<64xf64>
    }
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // CHECK: directives.mlir:[[# @LINE + 2]]:5: error: this op carries no `tessel.clay` script
    // CHECK: directives.mlir:[[# @LINE - 9]]:5: note: while applying `distribute((4, 0), 1)` here
    transform.tessel.distribute %l [4, 0], 1 : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<64xf64>) {
    %c = arith.constant 1.0 : f64
    affine.for %i = 0 to 64 {
      affine.store %c, %m[%i] : memref<64xf64>
    }
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // CHECK: directives.mlir:[[# @LINE + 2]]:5: error: this op carries no `tessel.clay` script
    // CHECK: directives.mlir:[[# @LINE - 9]]:5: note: while applying `shift((0), 1, N - 1)` here
    transform.tessel.shift %l [0], 1, "N - 1" : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<64xf64>) {
    %c = arith.constant 1.0 : f64
    affine.for %i = 0 to 64 {
      affine.store %c, %m[%i] : memref<64xf64>
    }
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // CHECK: directives.mlir:[[# @LINE + 2]]:5: error: this op carries no `tessel.clay` script
    // CHECK: directives.mlir:[[# @LINE - 9]]:5: note: while applying `shift((0), 1, -2)` here
    transform.tessel.shift %l [0], 1, -2 : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<64xf64>) {
    %c = arith.constant 1.0 : f64
    affine.for %i = 0 to 64 {
      affine.store %c, %m[%i] : memref<64xf64>
    }
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // CHECK: directives.mlir:[[# @LINE + 2]]:5: error: this op carries no `tessel.clay` script
    // CHECK: directives.mlir:[[# @LINE - 9]]:5: note: while applying `skew((0, 0), 1, 2)` here
    transform.tessel.skew %l [0, 0], 1, 2 : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<64xf64>) {
    %c = arith.constant 1.0 : f64
    affine.for %i = 0 to 64 {
      affine.store %c, %m[%i] : memref<64xf64>
    }
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // CHECK: directives.mlir:[[# @LINE + 2]]:5: error: this op carries no `tessel.clay` script
    // CHECK: directives.mlir:[[# @LINE - 9]]:5: note: while applying `reverse((0))` here
    transform.tessel.reverse %l [0] : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<64xf64>) {
    %c = arith.constant 1.0 : f64
    affine.for %i = 0 to 64 {
      affine.store %c, %m[%i] : memref<64xf64>
    }
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // CHECK: directives.mlir:[[# @LINE + 2]]:5: error: this op carries no `tessel.clay` script
    // CHECK: directives.mlir:[[# @LINE - 9]]:5: note: while applying `interchange((0, 0), 1)` here
    transform.tessel.interchange %l [0, 0], 1 : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<64xf64>) {
    %c = arith.constant 1.0 : f64
    affine.for %i = 0 to 64 {
      affine.store %c, %m[%i] : memref<64xf64>
    }
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // CHECK: directives.mlir:[[# @LINE + 2]]:5: error: this op carries no `tessel.clay` script
    // CHECK: directives.mlir:[[# @LINE - 9]]:5: note: while applying `reshape((0, 0), 1, 2)` here
    transform.tessel.reshape %l [0, 0], 1, 2 : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<64xf64>) {
    %c = arith.constant 1.0 : f64
    affine.for %i = 0 to 64 {
      affine.store %c, %m[%i] : memref<64xf64>
    }
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // CHECK: directives.mlir:[[# @LINE + 2]]:5: error: this op carries no `tessel.clay` script
    // CHECK: directives.mlir:[[# @LINE - 9]]:5: note: while applying `indexsetsplit((0), i1 - 3 >= 0)` here
    transform.tessel.indexsetsplit %l [0], "i1 - 3 >= 0" : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<64xf64>) {
    %c = arith.constant 1.0 : f64
    affine.for %i = 0 to 64 {
      affine.store %c, %m[%i] : memref<64xf64>
    }
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // CHECK: directives.mlir:[[# @LINE + 2]]:5: error: this op carries no `tessel.clay` script
    // CHECK: directives.mlir:[[# @LINE - 9]]:5: note: while applying `collapse((0))` here
    transform.tessel.collapse %l [0] : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<64xf64>) {
    %c = arith.constant 1.0 : f64
    affine.for %i = 0 to 64 {
      affine.store %c, %m[%i] : memref<64xf64>
    }
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // CHECK: directives.mlir:[[# @LINE + 2]]:5: error: this op carries no `tessel.clay` script
    // CHECK: directives.mlir:[[# @LINE - 9]]:5: note: while applying `grain((0, 0), 2, 4)` here
    transform.tessel.grain %l [0, 0], 2, 4 : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<64xf64>) {
    %c = arith.constant 1.0 : f64
    affine.for %i = 0 to 64 {
      affine.store %c, %m[%i] : memref<64xf64>
    }
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // CHECK: directives.mlir:[[# @LINE + 2]]:5: error: this op carries no `tessel.clay` script
    // CHECK: directives.mlir:[[# @LINE - 9]]:5: note: while applying `densify((0, 0), 2)` here
    transform.tessel.densify %l [0, 0], 2 : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<64xf64>) {
    %c = arith.constant 1.0 : f64
    affine.for %i = 0 to 64 {
      affine.store %c, %m[%i] : memref<64xf64>
    }
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // CHECK: directives.mlir:[[# @LINE + 2]]:5: error: this op carries no `tessel.clay` script
    // CHECK: directives.mlir:[[# @LINE - 9]]:5: note: while applying `stripmine((0), 32)` here
    transform.tessel.stripmine %l [0], 32 : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<64xf64>) {
    %c = arith.constant 1.0 : f64
    affine.for %i = 0 to 64 {
      affine.store %c, %m[%i] : memref<64xf64>
    }
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // CHECK: directives.mlir:[[# @LINE + 2]]:5: error: this op carries no `tessel.clay` script
    // CHECK: directives.mlir:[[# @LINE - 9]]:5: note: while applying `linearize((0))` here
    transform.tessel.linearize %l [0] : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<64xf64>) {
    %c = arith.constant 1.0 : f64
    affine.for %i = 0 to 64 {
      affine.store %c, %m[%i] : memref<64xf64>
    }
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // CHECK: directives.mlir:[[# @LINE + 2]]:5: error: this op carries no `tessel.clay` script
    // CHECK: directives.mlir:[[# @LINE - 9]]:5: note: while applying `parallelize((0))` here
    transform.tessel.parallelize %l [0] : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<64xf64>) {
    %c = arith.constant 1.0 : f64
    affine.for %i = 0 to 64 {
      affine.store %c, %m[%i] : memref<64xf64>
    }
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // CHECK: directives.mlir:[[# @LINE + 2]]:5: error: this op carries no `tessel.clay` script
    // CHECK: directives.mlir:[[# @LINE - 9]]:5: note: while applying `split_band((0))` here
    transform.tessel.split_band %l [0] : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<64xf64>) {
    %c = arith.constant 1.0 : f64
    affine.for %i = 0 to 64 {
      affine.store %c, %m[%i] : memref<64xf64>
    }
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // CHECK: directives.mlir:[[# @LINE + 2]]:5: error: this op carries no `tessel.clay` script
    // CHECK: directives.mlir:[[# @LINE - 9]]:5: note: while applying `embed((0, 0))` here
    transform.tessel.embed %l [0, 0] : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<64xf64>) {
    %c = arith.constant 1.0 : f64
    affine.for %i = 0 to 64 {
      affine.store %c, %m[%i] : memref<64xf64>
    }
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // CHECK: directives.mlir:[[# @LINE + 2]]:5: error: this op carries no `tessel.clay` script
    // CHECK: directives.mlir:[[# @LINE - 9]]:5: note: while applying `unembed((0, 0))` here
    transform.tessel.unembed %l [0, 0] : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<64xf64>) {
    %c = arith.constant 1.0 : f64
    affine.for %i = 0 to 64 {
      affine.store %c, %m[%i] : memref<64xf64>
    }
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // CHECK: directives.mlir:[[# @LINE + 2]]:5: error: this op carries no `tessel.clay` script
    // CHECK: directives.mlir:[[# @LINE - 9]]:5: note: while applying `any_order((), (0, 1))` here
    transform.tessel.any_order %l [], [0, 1] : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<64xf64>) {
    %c = arith.constant 1.0 : f64
    affine.for %i = 0 to 64 {
      affine.store %c, %m[%i] : memref<64xf64>
    }
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // CHECK: directives.mlir:[[# @LINE + 2]]:5: error: this op carries no `tessel.clay` script
    // CHECK: directives.mlir:[[# @LINE - 9]]:5: note: while applying `tile((0), (32, 32))` here
    transform.tessel.tile %l [0], [32, 32] : !transform.any_op
    transform.yield
  }
}
