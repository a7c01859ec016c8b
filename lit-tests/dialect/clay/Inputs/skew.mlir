// Clay scripts for lit-tests/dialect/clay/skew.mlir, one named sequence per RUN line,
// on the kernels of ../../Inputs/ (kernel-harness format).
// SKEW(ρ, i, k).
// kernel_stencil: one statement S0 in the nest (0) -> (0, 0); α1 = i, α2 = j.
// SKEW(ρ, i, k) substitutes α_d ↦ α_d + k·α_i (d = dim ρ), so α_d = old - k·α_i.
module attributes {transform.with_named_sequence} {
  // j skewed by i with k = -1: α2 = j + i. Legal (distances (1, 0), (1, -1) become
  // (1, 1), (1, 0)).
  transform.named_sequence @inner(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_stencil"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.skew %s [0, 0], 1, -1 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // i skewed by j with k = -1: α1 = i + j, and (1, -1) becomes (0, -1).
  transform.named_sequence @illegal(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_stencil"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.skew %s [0], 2, -1 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // S0 has two loops: there is no α3 to skew by.
  transform.named_sequence @no_such_loop(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_stencil"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.skew %s [0, 0], 3, 1 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }
}
