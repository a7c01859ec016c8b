// Clay scripts for lit-tests/dialect/clay/densify.mlir, one named sequence per RUN line,
// on the kernels of ../../Inputs/ (kernel-harness format).
// DENSIFY(ρ, i).
// Statements of kernel_chain: S0, S1 in loop (0); S2, S3 in loop (1); S4 in loop (2).
module attributes {transform.with_named_sequence} {
  // Loop (1) grained by 2, densified again, then fused with loop (0): a plain fused
  // loop (compare grain.mlir's fused loop, which runs 2N - 1 iterations).
  transform.named_sequence @fused(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.grain %s [1], 1, 2 : !transform.any_op
    transform.tessel.densify %s [1], 1 : !transform.any_op
    transform.tessel.fuse_next %s [0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // Grained by 3 twice (α1 = 9i), densified once: α1 = i, the grain 9 removed at once
  // (DENSIFY deduces its factor, the gcd).
  transform.named_sequence @triple(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.grain %s [1], 1, 3 : !transform.any_op
    transform.tessel.grain %s [1], 1, 3 : !transform.any_op
    transform.tessel.densify %s [1], 1 : !transform.any_op
    transform.tessel.fuse_next %s [0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // The fused loop of grain.mlir holds α1 = 2i (S2, S3) and α1 = i (S0, S1): no
  // common grain.
  transform.named_sequence @mixed(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_chain"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.grain %s [1], 1, 2 : !transform.any_op
    transform.tessel.fuse_next %s [0] : !transform.any_op
    transform.tessel.densify %s [0], 1 : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }
}
