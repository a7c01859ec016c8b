// Every transform.tessel.* op parses and prints back in its custom form
// (dialect/README.md), and again from its own output and from the generic form.
//
// RUN: %mlir-opt --load-dialect-plugin=%tessel %s | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%tessel %s \
// RUN:   | %mlir-opt --load-dialect-plugin=%tessel | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%tessel --mlir-print-op-generic %s \
// RUN:   | %mlir-opt --load-dialect-plugin=%tessel | FileCheck %s
// Without the plugin the ops are unknown.
// RUN: not %mlir-opt %s 2>&1 | FileCheck %s --check-prefix=STOCK
// STOCK: error: custom op 'transform.tessel.scop' is unknown

// CHECK-LABEL: transform.named_sequence @__transform_main(
// CHECK-SAME:    %[[ROOT:.*]]: !transform.any_op
// CHECK:         %[[F:.*]] = transform.structured.match
// CHECK-NEXT:    %[[S:.*]] = transform.tessel.scop %[[F]] : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT:    transform.tessel.scop %[[F]] index 2 : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT:    transform.tessel.reorder %[[S]] [], [4, 5, 2, 0, 1, 3, 6] : !transform.any_op
// CHECK-NEXT:    transform.tessel.fuse_next %[[S]] [0] : !transform.any_op
// CHECK-NEXT:    transform.tessel.distribute %[[S]] [4, 0], 1 : !transform.any_op
// CHECK-NEXT:    transform.tessel.shift %[[S]] [0], 1, "N - 1" : !transform.any_op
// CHECK-NEXT:    transform.tessel.shift %[[S]] [0, 1], 2, -3 : !transform.any_op
// CHECK-NEXT:    transform.tessel.skew %[[S]] [0, 0], 1, 2 : !transform.any_op
// CHECK-NEXT:    transform.tessel.skew %[[S]] [0, 0], 3, -1 : !transform.any_op
// CHECK-NEXT:    transform.tessel.reverse %[[S]] [0] : !transform.any_op
// CHECK-NEXT:    transform.tessel.interchange %[[S]] [0, 0], 1 : !transform.any_op
// CHECK-NEXT:    transform.tessel.reshape %[[S]] [0, 0], 1, 2 : !transform.any_op
// CHECK-NEXT:    transform.tessel.indexsetsplit %[[S]] [0], "i1 - 3 >= 0" : !transform.any_op
// CHECK-NEXT:    transform.tessel.collapse %[[S]] [0] : !transform.any_op
// CHECK-NEXT:    transform.tessel.grain %[[S]] [0, 0], 2, 4 : !transform.any_op
// CHECK-NEXT:    transform.tessel.densify %[[S]] [0, 0], 2 : !transform.any_op
// CHECK-NEXT:    transform.tessel.stripmine %[[S]] [0], 32 : !transform.any_op
// CHECK-NEXT:    transform.tessel.linearize %[[S]] [0] : !transform.any_op
// CHECK-NEXT:    transform.tessel.parallelize %[[S]] [0] : !transform.any_op
// CHECK-NEXT:    transform.tessel.embed %[[S]] [1] : !transform.any_op
// CHECK-NEXT:    transform.tessel.unembed %[[S]] [1, 0] : !transform.any_op
// CHECK-NEXT:    transform.tessel.split_band %[[S]] [0, 0] : !transform.any_op
// CHECK-NEXT:    transform.tessel.any_order %[[S]] [], [0, 1] : !transform.any_op
// CHECK-NEXT:    transform.tessel.tile %[[S]] [0], [32, 32] : !transform.any_op
// CHECK-NEXT:    transform.tessel.generate %[[S]] : !transform.any_op
// CHECK-NEXT:    transform.yield

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // `index 0` is the default and is not printed.
    %s = transform.tessel.scop %f index 0 : (!transform.any_op) -> !transform.any_op
    %s2 = transform.tessel.scop %f index 2 : (!transform.any_op) -> !transform.any_op
    transform.tessel.reorder %s [], [4, 5, 2, 0, 1, 3, 6] : !transform.any_op
    transform.tessel.fuse_next %s [0] : !transform.any_op
    transform.tessel.distribute %s [4, 0], 1 : !transform.any_op
    transform.tessel.shift %s [0], 1, "N - 1" : !transform.any_op
    transform.tessel.shift %s [0, 1], 2, -3 : !transform.any_op
    transform.tessel.skew %s [0, 0], 1, 2 : !transform.any_op
    transform.tessel.skew %s [0, 0], 3, -1 : !transform.any_op
    transform.tessel.reverse %s [0] : !transform.any_op
    transform.tessel.interchange %s [0, 0], 1 : !transform.any_op
    transform.tessel.reshape %s [0, 0], 1, 2 : !transform.any_op
    transform.tessel.indexsetsplit %s [0], "i1 - 3 >= 0" : !transform.any_op
    transform.tessel.collapse %s [0] : !transform.any_op
    transform.tessel.grain %s [0, 0], 2, 4 : !transform.any_op
    transform.tessel.densify %s [0, 0], 2 : !transform.any_op
    transform.tessel.stripmine %s [0], 32 : !transform.any_op
    transform.tessel.linearize %s [0] : !transform.any_op
    transform.tessel.parallelize %s [0] : !transform.any_op
    transform.tessel.embed %s [1] : !transform.any_op
    transform.tessel.unembed %s [1, 0] : !transform.any_op
    transform.tessel.split_band %s [0, 0] : !transform.any_op
    transform.tessel.any_order %s [], [0, 1] : !transform.any_op
    transform.tessel.tile %s [0], [32, 32] : !transform.any_op
    transform.tessel.generate %s : !transform.any_op
    transform.yield
  }
}
