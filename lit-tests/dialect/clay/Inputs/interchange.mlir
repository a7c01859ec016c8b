// Clay scripts for lit-tests/dialect/clay/interchange.mlir, one named sequence per RUN line,
// on the kernels of ../../Inputs/ (kernel-harness format).
// INTERCHANGE(ρ, i).
// kernel_matmul: one statement S0 in the nest (0) -> (0, 0) -> (0, 0, 0); α = (i, j, k).
// kernel_stencil: one statement S0 in the nest (0) -> (0, 0); α1 = i, α2 = j.
// Statements of kernel_chain: S0, S1 in loop (0); S2, S3 in loop (1); S4 in loop (2).
module attributes {transform.with_named_sequence} {
  // matmul: j and k swapped, (i, k, j). Legal: each C[i][j] still sums k in order.
  transform.named_sequence @jk(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_matmul"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.interchange %s [0, 0, 0], 2 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // matmul: i and k swapped, (k, j, i).
  transform.named_sequence @ik(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_matmul"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.interchange %s [0, 0, 0], 1 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // stencil: j skewed by i (α2 = i + j), then the two loops swapped: the outer
  // loop runs over the wavefronts t = i + j. Legal.
  transform.named_sequence @wavefront(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_stencil"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.skew %s [0, 0], 1, -1 : !transform.any_op
    transform.tessel.interchange %s [0, 0], 1 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // stencil: i and j swapped as they are: (1, -1) becomes (-1, 1).
  transform.named_sequence @illegal(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_stencil"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.interchange %s [0, 0], 1 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // chain: (0, 0) is the statement S0, not a loop.
  transform.named_sequence @statement(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.interchange %s [0, 0], 1 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }
}
