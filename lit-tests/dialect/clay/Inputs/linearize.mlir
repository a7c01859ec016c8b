// Clay scripts for lit-tests/dialect/clay/linearize.mlir, one named sequence per RUN line,
// on the kernels of ../../Inputs/ (kernel-harness format).
// LINEARIZE(ρ).
// Statements of kernel_chain: S0, S1 in loop (0); S2, S3 in loop (1); S4 in loop (2).
module attributes {transform.with_named_sequence} {
  // stripmine then linearize: the original loop.
  transform.named_sequence @roundtrip(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.stripmine %s [0], 4 : !transform.any_op
    transform.tessel.linearize %s [0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // matmul: j stripmined by 3 and linearized again: the original nest.
  transform.named_sequence @matmul_j(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_matmul"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.stripmine %s [0, 0], 3 : !transform.any_op
    transform.tessel.linearize %s [0, 0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // Loop (0) was never stripmined.
  transform.named_sequence @not_stripmined(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.linearize %s [0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // (0, 0) is the point loop of the chunks, not a chunk loop.
  transform.named_sequence @point_loop(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.stripmine %s [0], 4 : !transform.any_op
    transform.tessel.linearize %s [0, 0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // The point loop distributed in two: the chunk loop has two children.
  transform.named_sequence @two_children(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.stripmine %s [0], 4 : !transform.any_op
    transform.tessel.distribute %s [0, 0], 1 : !transform.any_op
    transform.tessel.linearize %s [0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }
}
