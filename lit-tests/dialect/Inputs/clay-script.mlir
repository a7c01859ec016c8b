// Clay scripts in a file of their own, loaded with
// --transform-preload-library=transform-library-paths=<this file> and run with
// --transform-interpreter=entry-point=<sequence> (lit-tests/dialect/interpreter.mlir).
module attributes {transform.with_named_sequence} {
  // Seed 003's tiling of a 2-deep nest: take the function's first SCoP, tile its
  // loop (0) and the one inside by 32, generate.
  transform.named_sequence @tile(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.tile %s [0], [32, 32] : !transform.any_op
    transform.tessel.generate %s : !transform.any_op
    transform.yield
  }

  // A SCoP the function does not have.
  transform.named_sequence @missing_scop(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f index 3 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }

  // generate on loops no transform.tessel.scop started a session on.
  transform.named_sequence @generate_only(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["affine.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.tessel.generate %l : !transform.any_op
    transform.yield
  }

  // Two sessions on one SCoP: the second is refused, not a silent restart.
  transform.named_sequence @twice(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.reverse %s [0] : !transform.any_op
    %t = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
