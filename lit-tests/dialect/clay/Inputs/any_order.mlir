// Clay scripts for lit-tests/dialect/clay/any_order.mlir, one named sequence per RUN
// line, on ../../Inputs/chain.mlir: loops (0) = {S0, S1}, (1) = {S2, S3}, (2) = {S4}.
module attributes {transform.with_named_sequence} {
  // Legal: S0 and S1 touch nothing in common at one i (S1[i] writes C[i + 1], which
  // S0[i + 1] reads, an iteration later).
  transform.named_sequence @loop0(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.any_order %s [0], [0, 1] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // S3[i] reads D[i], which S2[i] writes: the verified code keeps S2 first.
  transform.named_sequence @loop1(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.any_order %s [1], [0, 1] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // Precondition: one part number per child. Loop (2) holds S4 alone.
  transform.named_sequence @one_child(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.any_order %s [2], [0, 1] : !transform.any_op
    transform.tessel.generate %s : !transform.any_op
    transform.yield
  }

  // The root's three loops in two parts: loop (0), then loops (1) and (2) in order.
  transform.named_sequence @root_parts(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.any_order %s [], [0, 1, 1] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // Precondition: the directives that move statements come first.
  transform.named_sequence @then_move(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.any_order %s [0], [0, 1] : !transform.any_op
    transform.tessel.fuse_next %s [0] : !transform.any_op
    transform.tessel.generate %s : !transform.any_op
    transform.yield
  }
}
