// Clay scripts for lit-tests/dialect/clay/grain.mlir, one named sequence per RUN line,
// on the kernels of ../../Inputs/ (kernel-harness format).
// GRAIN(ρ, i, g).
// Statements of kernel_chain: S0, S1 in loop (0); S2, S3 in loop (1); S4 in loop (2).
// kernel_stencil: one statement S0 in the nest (0) -> (0, 0); α1 = i, α2 = j.
module attributes {transform.with_named_sequence} {
  // chain: loop (1) grained by 2 (α1 = 2i), then fused with loop (0): the fused loop
  // runs 2N - 1 iterations; S0, S1 run at t < N, S2, S3 at even t, on i = t / 2.
  // Legal: S2[i] runs at 2i >= i, after S0[i] and S1[i].
  transform.named_sequence @fused(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.grain %s [1], 1, 2 : !transform.any_op
    transform.tessel.fuse_next %s [0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // stencil: j grained by 2 alone. The dates are 2j, but isl's AST generator
  // scales the stride down (its default ast_build_scale_strides): the code is the
  // original's.
  transform.named_sequence @alone(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_stencil"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.grain %s [0, 0], 2, 2 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // chain: loop (0) grained instead (α1 = 2i) and fused with loop (1): S2[i] runs at
  // i, before S0[i] at 2i.
  transform.named_sequence @illegal(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.grain %s [0], 1, 2 : !transform.any_op
    transform.tessel.fuse_next %s [0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // chain: (0, 1) is the statement S1, not a loop.
  transform.named_sequence @statement(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.grain %s [0, 1], 2, 2 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }
}
