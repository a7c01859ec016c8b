// Clay scripts for lit-tests/dialect/clay/shift.mlir, one named sequence per RUN line,
// on the kernels of ../../Inputs/ (kernel-harness format).
// SHIFT(ρ, i, amount).
// Statements of kernel_chain: S0, S1 in loop (0); S2, S3 in loop (1); S4 in loop (2).
// The amount's parameter arg0 is N (tessel-print-scop's name for the first i32 argument).
module attributes {transform.with_named_sequence} {
  // S3 extracted into a loop of its own, shifted by -1 (α1 = i + 1: one iteration
  // later) and fused back: iteration t runs S2[t] and S3[t - 1]. Legal.
  transform.named_sequence @fused(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.distribute %s [1], 1 : !transform.any_op
    transform.tessel.shift %s [2], 1, -1 : !transform.any_op
    transform.tessel.fuse_next %s [1] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // Loop (2) shifted by N: α1 = i - N, so it runs from -N to 0.
  transform.named_sequence @parametric(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.shift %s [2], 1, "arg0" : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // S3 shifted by +1 (α1 = i - 1) and fused: S3[i] runs before S2[i] writes D[i].
  transform.named_sequence @illegal(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.distribute %s [1], 1 : !transform.any_op
    transform.tessel.shift %s [2], 1, 1 : !transform.any_op
    transform.tessel.fuse_next %s [1] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // An amount that uses an iterator.
  transform.named_sequence @iterator(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.shift %s [1], 1, "i1" : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }
}
