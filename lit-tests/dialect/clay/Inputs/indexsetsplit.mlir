// Clay scripts for lit-tests/dialect/clay/indexsetsplit.mlir, one named sequence per RUN line,
// on the kernels of ../../Inputs/ (kernel-harness format).
// INDEXSETSPLIT(ρ, constraint).
// Statements of kernel_chain: S0, S1 in loop (0); S2, S3 in loop (1); S4 in loop (2).
// kernel_stencil: one statement S0 in the nest (0) -> (0, 0); α1 = i, α2 = j.
module attributes {transform.with_named_sequence} {
  // chain: loop (0) split at i = 3; the i < 3 copy of its body follows the i >= 3
  // one, in the same loop.
  transform.named_sequence @split(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.indexsetsplit %s [0], "i1 - 3 >= 0" : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // chain: the same split, distributed into two loops and reordered so that
  // i < 3 runs first: loop splitting. Legal.
  transform.named_sequence @two_loops(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.indexsetsplit %s [0], "i1 - 3 >= 0" : !transform.any_op
    transform.tessel.distribute %s [0], 2 : !transform.any_op
    transform.tessel.reorder %s [], [1, 0, 2, 3] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // stencil: j split at M - 2 (a constraint on α2 and the parameter arg1 = M); the
  // j >= M - 2 loop runs before the j < M - 2 loop, in each i. Legal: i carries the
  // dependences.
  transform.named_sequence @inner_swap(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_stencil"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.indexsetsplit %s [0], "a2 - arg1 + 2 >= 0" : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // chain: the split distributed without the reorder: i >= 3 runs before i < 3,
  // against the recurrence of S1.
  transform.named_sequence @illegal(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.indexsetsplit %s [0], "i1 - 3 >= 0" : !transform.any_op
    transform.tessel.distribute %s [0], 2 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // chain: S0 has one input dimension, no i2.
  transform.named_sequence @unknown_name(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.indexsetsplit %s [0], "i2 >= 0" : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }
}
