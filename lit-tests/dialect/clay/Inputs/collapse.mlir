// Clay scripts for lit-tests/dialect/clay/collapse.mlir, one named sequence per RUN line,
// on the kernels of ../../Inputs/ (kernel-harness format).
// COLLAPSE(ρ).
// Statements of kernel_chain: S0, S1 in loop (0); S2, S3 in loop (1); S4 in loop (2).
module attributes {transform.with_named_sequence} {
  // indexsetsplit then collapse: the original loop.
  transform.named_sequence @roundtrip(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.indexsetsplit %s [0], "i1 - 3 >= 0" : !transform.any_op
    transform.tessel.collapse %s [0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // The two halves swapped before the collapse (erratum E2: the pairs need not be
  // adjacent): the original loop again.
  transform.named_sequence @reordered(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.indexsetsplit %s [0], "i1 - 3 >= 0" : !transform.any_op
    transform.tessel.reorder %s [0], [2, 3, 0, 1] : !transform.any_op
    transform.tessel.collapse %s [0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // No split to collapse.
  transform.named_sequence @nothing_split(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.collapse %s [0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // One half shifted after the split: the halves no longer differ only by the
  // split constraint.
  transform.named_sequence @not_complementary(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.indexsetsplit %s [0], "i1 - 3 >= 0" : !transform.any_op
    transform.tessel.distribute %s [0], 2 : !transform.any_op
    transform.tessel.shift %s [1], 1, 1 : !transform.any_op
    transform.tessel.fuse_next %s [0] : !transform.any_op
    transform.tessel.collapse %s [0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }
}
