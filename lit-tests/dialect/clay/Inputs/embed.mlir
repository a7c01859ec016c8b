// Clay scripts for lit-tests/dialect/clay/embed.mlir, one named sequence per RUN line,
// on ../../Inputs/scalar.mlir (kernel-harness format).
// EMBED(β) and UNEMBED(β), the Clay library's (not in seed 003's Fig. 8).
// Statements of kernel_scalar: S0 at (0), no loop; S1 in loop (1); S2 at (2), no loop.
module attributes {transform.with_named_sequence} {
  // S0 and S2 each in a loop of one iteration, fused with loop (1): S0 at its
  // first iteration before S1, S2 at its first iteration after S1.
  transform.named_sequence @fused(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_scalar"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.embed %s [0] : !transform.any_op
    transform.tessel.fuse_next %s [0] : !transform.any_op
    transform.tessel.embed %s [1] : !transform.any_op
    transform.tessel.fuse_next %s [0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // As fused, S2 shifted to the loop's last iteration (α1 = N - 1) before the fusion:
  // still after S1[0].
  transform.named_sequence @shifted_s2(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_scalar"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.embed %s [0] : !transform.any_op
    transform.tessel.fuse_next %s [0] : !transform.any_op
    transform.tessel.embed %s [1] : !transform.any_op
    transform.tessel.shift %s [1], 1, "-arg0 + 1" : !transform.any_op
    transform.tessel.fuse_next %s [0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // S0 shifted to the loop's last iteration before the fusion: S1[0..N-2] would read X[0] before S0
  // writes it.
  transform.named_sequence @shifted_s0(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_scalar"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.embed %s [0] : !transform.any_op
    transform.tessel.shift %s [0], 1, "-arg0 + 1" : !transform.any_op
    transform.tessel.fuse_next %s [0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // embed then unembed: the original code.
  transform.named_sequence @roundtrip(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_scalar"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.embed %s [0] : !transform.any_op
    transform.tessel.unembed %s [0, 0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // (1) is a loop.
  transform.named_sequence @on_loop(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_scalar"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.embed %s [1] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // S1's loop (1) runs N iterations.
  transform.named_sequence @unembed_loop(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_scalar"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.unembed %s [1, 0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // Fused, S0 shares loop (0) with S1.
  transform.named_sequence @unembed_shared(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_scalar"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.embed %s [0] : !transform.any_op
    transform.tessel.fuse_next %s [0] : !transform.any_op
    transform.tessel.unembed %s [0, 0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }
}
