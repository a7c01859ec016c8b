// Clay scripts for lit-tests/dialect/clay/reverse.mlir, one named sequence per RUN line,
// on the kernels of ../../Inputs/ (kernel-harness format).
// REVERSE(ρ).
// kernel_stencil: one statement S0 in the nest (0) -> (0, 0); α1 = i, α2 = j.
module attributes {transform.with_named_sequence} {
  // j runs downward: legal, i carries both dependences.
  transform.named_sequence @inner(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_stencil"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.reverse %s [0, 0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // i runs downward: row i + 1 would be read before it is written.
  transform.named_sequence @illegal(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_stencil"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.reverse %s [0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // (0, 0, 0) is the statement, not a loop.
  transform.named_sequence @statement(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_stencil"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.reverse %s [0, 0, 0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }
}
