// Clay scripts for lit-tests/dialect/clay/stripmine.mlir, one named sequence per RUN line,
// on the kernels of ../../Inputs/ (kernel-harness format).
// STRIPMINE(ρ, size).
// Statements of kernel_chain: S0, S1 in loop (0); S2, S3 in loop (1); S4 in loop (2).
// kernel_matmul: one statement S0 in the nest (0) -> (0, 0) -> (0, 0, 0); α = (i, j, k).
module attributes {transform.with_named_sequence} {
  // chain: loop (0) in chunks of 4: a loop over the chunks, and inside it a loop
  // over the at most 4 iterations of each.
  transform.named_sequence @chunks(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.stripmine %s [0], 4 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // matmul: the k loop in chunks of 2, inside j.
  transform.named_sequence @inner(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_matmul"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.stripmine %s [0, 0, 0], 2 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // chain: the chunks of loop (0) run backward: the recurrence of S1 crosses the
  // chunks.
  transform.named_sequence @illegal(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.stripmine %s [0], 4 : !transform.any_op
    transform.tessel.reverse %s [0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // chain: (0, 0) is the statement S0, not a loop.
  transform.named_sequence @statement(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.stripmine %s [0, 0], 4 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }
}
