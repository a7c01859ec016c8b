// Clay scripts for lit-tests/dialect/clay/reshape.mlir, one named sequence per RUN line,
// on the kernels of ../../Inputs/ (kernel-harness format).
// RESHAPE(ρ, i, k).
// kernel_stencil: one statement S0 in the nest (0) -> (0, 0); α1 = i, α2 = j.
// RESHAPE(ρ, i, k) substitutes α_d ↦ α_d + k·ı_i, so α_d = old - k·ı_i (ı1 = i, ı2 = j).
module attributes {transform.with_named_sequence} {
  // α2 = j + i: the same schedule as skew((0, 0), 1, -1), written with the input i.
  transform.named_sequence @inner(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_stencil"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.reshape %s [0, 0], 1, -1 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // α1 = i - j: the outer loop runs over i - j, from 1 - M to N - 1. Legal
  // (distances (1, 0), (1, -1) become (1, 0), (2, -1)).
  transform.named_sequence @outer(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_stencil"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.reshape %s [0], 2, 1 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // α1 = i + j: (1, -1) becomes (0, -1).
  transform.named_sequence @illegal(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_stencil"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.reshape %s [0], 2, -1 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // α2 = j - j = 0: the loop no longer traverses j (Fig. 8's w = -k case).
  transform.named_sequence @constant(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_stencil"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.reshape %s [0, 0], 2, 1 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // S0 has two input dimensions: there is no ı3.
  transform.named_sequence @no_such_input(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_stencil"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.reshape %s [0, 0], 3, 1 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }
}
