// Clay scripts for lit-tests/dialect/clay/tile.mlir, one named sequence per RUN line,
// on the kernels of ../../Inputs/ (kernel-harness format).
// TILE(ρ, sizes): STRIPMINE each loop of the band, then INTERCHANGEs that take the
// chunk loops outside.
// kernel_matmul: one statement S0 in the nest (0) -> (0, 0) -> (0, 0, 0); α = (i, j, k).
// kernel_stencil: one statement S0 in the nest (0) -> (0, 0); α1 = i, α2 = j.
module attributes {transform.with_named_sequence} {
  // matmul: i by 4, j by 8: (ti, tj, i, j, k).
  transform.named_sequence @ij(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_matmul"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.tile %s [0], [4, 8] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // matmul: the three loops by 4: (ti, tj, tk, i, j, k).
  transform.named_sequence @ijk(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_matmul"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.tile %s [0], [4, 4, 4] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // matmul: tiled, then the loop over tiles of i parallel.
  transform.named_sequence @parallel(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_matmul"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.tile %s [0], [4, 8] : !transform.any_op
    transform.tessel.parallelize %s [0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // stencil: j skewed by i (α2 = i + j), then tiled by 4 x 4: legal, the distances
  // (1, 1), (1, 0) are non-negative.
  transform.named_sequence @wavefront(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_stencil"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.skew %s [0, 0], 1, -1 : !transform.any_op
    transform.tessel.tile %s [0], [4, 4] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // stencil: tiled as it is: the distance (1, -1) crosses tiles backward.
  transform.named_sequence @illegal(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_stencil"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.tile %s [0], [4, 4] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // matmul: four sizes for a nest of three loops.
  transform.named_sequence @too_deep(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_matmul"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.tile %s [0], [4, 4, 4, 4] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }
}
