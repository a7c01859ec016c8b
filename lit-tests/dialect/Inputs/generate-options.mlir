// Scripts for lit-tests/dialect/generate-options.mlir.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @min0(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.parallelize %s [0] : !transform.any_op
    transform.tessel.generate %s options "parallel-min-work=0" : !transform.any_op
    transform.yield
  }
  transform.named_sequence @bad(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.generate %s options "parallel-min-wrk=0" : !transform.any_op
    transform.yield
  }
  transform.named_sequence @default(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.parallelize %s [0] : !transform.any_op
    transform.tessel.generate %s : !transform.any_op
    transform.yield
  }
}
