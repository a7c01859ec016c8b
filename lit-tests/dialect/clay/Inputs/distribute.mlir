// Clay scripts for lit-tests/dialect/clay/distribute.mlir, one named sequence per RUN line,
// on the kernels of ../../Inputs/ (kernel-harness format).
// DISTRIBUTE(ρ, n).
// Statements of kernel_chain: S0, S1 in loop (0); S2, S3 in loop (1); S4 in loop (2).
module attributes {transform.with_named_sequence} {
  // Loop (1) into a loop of S2 and a loop of S3: legal (S2[i] -> S3[i] only).
  transform.named_sequence @split(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.distribute %s [1], 1 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // S1 first in loop (0), then distributed: the loop of the recurrence S1 runs
  // first, then the loop of S0, which reads C[i]: legal.
  transform.named_sequence @after_reorder(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.reorder %s [0], [1, 0] : !transform.any_op
    transform.tessel.distribute %s [0], 1 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // Loop (0) distributed with S0 first: S0[i + 1] reads C[i + 1], which S1[i] writes.
  transform.named_sequence @illegal(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.distribute %s [0], 1 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // Loop (1) has two children: n = 2 leaves the second loop empty.
  transform.named_sequence @too_many(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.distribute %s [1], 2 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }
}
