// Clay scripts for lit-tests/dialect/clay/reorder.mlir, one named sequence per RUN line,
// on the kernels of ../../Inputs/ (kernel-harness format).
// REORDER(ρ, v).
// Statements of kernel_chain: S0, S1 in loop (0); S2, S3 in loop (1); S4 in loop (2).
module attributes {transform.with_named_sequence} {
  // S1 before S0 in loop (0): legal, S1[i] writes C[i + 1], which S0[i] does not read.
  transform.named_sequence @swap(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.reorder %s [0], [1, 0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // S3 before S2 in loop (1): S3[i] reads D[i], which S2[i] writes.
  transform.named_sequence @illegal(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.reorder %s [1], [1, 0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // A permutation of three children for a loop of two.
  transform.named_sequence @wrong_length(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.reorder %s [0], [2, 0, 1] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }
}
