// Clay scripts for lit-tests/dialect/clay/empty-split.mlir, one named sequence per RUN line,
// on the kernels of ../../Inputs/ (kernel-harness format).
// INDEXSETSPLIT whose one side is empty on the SCoP's domain.
// Statements of kernel_chain: S0, S1 in loop (0); S2, S3 in loop (1); S4 in loop (2).
// kernel_stencil: one statement S0 in the nest (0) -> (0, 0); α1 = i, α2 = j.
module attributes {transform.with_named_sequence} {
  // stencil: j split at j >= -5, always true on the domain: the j loop of the other
  // side is empty.
  transform.named_sequence @stencil(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_stencil"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.indexsetsplit %s [0], "i2 + 5 >= 0" : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // chain: seed 003 §6.2's dummy split (an always-false condition, which Chlore
  // uses), then the empty side distributed into a loop of its own.
  transform.named_sequence @always_false(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.indexsetsplit %s [0], "-1 >= 0" : !transform.any_op
    transform.tessel.distribute %s [0], 2 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }
}
