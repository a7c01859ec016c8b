// Scripts for lit-tests/dialect/clay-exec.mlir, which checks that clay_exec.py
// fails when it should.
module attributes {transform.with_named_sequence} {
  // Changes what the kernel computes (t_val starts at 100 instead of DBL_MIN, so t
  // and t_val keep their first values): the upstream transform.structured.replace,
  // no Tessel op.
  transform.named_sequence @miscompile(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_beamforming"} in %root
      : (!transform.any_op) -> !transform.any_op
    %c = transform.structured.match ops{["arith.constant"]}
      attributes {value = 2.2250738585072014e-308 : f64} in %f
      : (!transform.any_op) -> !transform.any_op
    transform.structured.replace %c {
      %x = arith.constant 100.0 : f64
    } : (!transform.any_op) -> !transform.any_op
    transform.yield
  }

  // A session started and never generated: the payload keeps its `tessel.clay`.
  transform.named_sequence @no_generate(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_beamforming"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.reverse %s [2, 2] : !transform.any_op
    transform.yield
  }

  // A Tessel error: there is no loop (7).
  transform.named_sequence @error(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_beamforming"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.reverse %s [7] : !transform.any_op
    transform.tessel.generate %s : !transform.any_op
    transform.yield
  }
}
