// Clay scripts for lit-tests/dialect/clay/split_band.mlir, one named sequence per RUN
// line, on ../../Inputs/matmul.mlir (kernel-harness format): one statement S0 in
// the nest (0) -> (0, 0) -> (0, 0, 0); α = (i, j, k); and on
// ../../Inputs/stencil.mlir: S0 in (0) -> (0, 0), α = (i, j). `generate` tiles with fixed
// sizes, nothing else (no intra-tile reordering, unroll-and-jam, register blocks
// or parallel loops), so that only the bands decide the code.
module attributes {transform.with_named_sequence} {
  // No split: (i, j, k) is one permutable band, tiled by 4 in each loop.
  transform.named_sequence @whole(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_matmul"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.generate %s options "tile=1 tile-sizes=4,4,4 parallel=0 distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // k starts a band of its own: (i, j) is tiled by 4, k (a band of one loop) is not.
  transform.named_sequence @split_k(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_matmul"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.split_band %s [0, 0, 0] : !transform.any_op
    transform.tessel.generate %s options "tile=1 tile-sizes=4,4,4 parallel=0 distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // j and k each start a band: three bands of one loop, none tiled.
  transform.named_sequence @split_all(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_matmul"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.split_band %s [0, 0] : !transform.any_op
    transform.tessel.split_band %s [0, 0, 0] : !transform.any_op
    transform.tessel.generate %s options "tile=1 tile-sizes=4,4,4 parallel=0 distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // The stencil as it is: (i, j) is one perfect nest, but the distance (1, -1)
  // makes it no permutable band; generate cuts it before j, and neither band of
  // one loop is tiled. Skewed first (α2 = i + j: (1, 1), (1, 0)), it is one band,
  // tiled by 4 x 4.
  transform.named_sequence @stencil(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_stencil"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.generate %s options "tile=1 tile-sizes=4,4 parallel=0 distinct-arguments=false" : !transform.any_op
    transform.yield
  }
  transform.named_sequence @stencil_skewed(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_stencil"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.skew %s [0, 0], 1, -1 : !transform.any_op
    transform.tessel.generate %s options "tile=1 tile-sizes=4,4 parallel=0 distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // Precondition: loop ρ must exist.
  transform.named_sequence @no_loop(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_matmul"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.split_band %s [0, 0, 0, 0] : !transform.any_op
    transform.tessel.generate %s : !transform.any_op
    transform.yield
  }

  // With tiling on, the parallel loops are generate's to choose: parallelize is
  // refused, the payload left as it was.
  transform.named_sequence @parallel(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_matmul"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.parallelize %s [0] : !transform.any_op
    transform.tessel.generate %s options "tile=1" : !transform.any_op
    transform.yield
  }
}
