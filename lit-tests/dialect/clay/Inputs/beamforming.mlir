// Seed 003's scripts for the beamforming kernel (../../Inputs/beamforming.mlir), in
// the transform.tessel.* syntax, with the digest's readings of the OCR damage
// (shared/design/seed-003-clay-chlore.md §5.4-5.5; the same scripts as FIG_4,
// FIG_9_LEFT and FIG_9_RIGHT in passes/poly/tests/seed_003_clay.rs).
//
// Our kernel has one statement more than the paper's: S7 is two stores (t, then
// t_val), so the loop (2) has six children, not five, and the S6/S7 loop three. No
// script addresses inside that loop, so they are the paper's, unchanged.
// Tessel's statement names: S0 t = 0, S1 t_val = DBL_MIN, S2 a_i = 0, S3 a_r = 0,
// S4 a_r +=, S5 a_i +=, S6 val =, S7 t = ..., S8 t_val = ...
module attributes {transform.with_named_sequence} {
  // Fig. 4: Fig. 1 -> Pluto's Fig. 2.
  transform.named_sequence @fig4(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_beamforming"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.distribute %s [2], 3 : !transform.any_op
    transform.tessel.distribute %s [2], 2 : !transform.any_op
    transform.tessel.distribute %s [2], 1 : !transform.any_op
    transform.tessel.distribute %s [4, 0], 1 : !transform.any_op
    transform.tessel.distribute %s [4], 1 : !transform.any_op
    transform.tessel.reorder %s [], [4, 5, 2, 0, 1, 3, 6] : !transform.any_op
    transform.tessel.parallelize %s [0] : !transform.any_op
    transform.tessel.parallelize %s [1] : !transform.any_op
    transform.tessel.parallelize %s [2] : !transform.any_op
    transform.tessel.parallelize %s [3] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // Fig. 9, right: Fig. 1 -> Fig. 3.
  transform.named_sequence @fig9_right(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_beamforming"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.distribute %s [2], 3 : !transform.any_op
    transform.tessel.reorder %s [], [1, 2, 0, 3] : !transform.any_op
    transform.tessel.reorder %s [0], [1, 0, 2] : !transform.any_op
    transform.tessel.parallelize %s [0] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // Fig. 4, then Fig. 9, left: Fig. 2 -> Fig. 3.
  transform.named_sequence @fig4_fig9_left(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_beamforming"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.distribute %s [2], 3 : !transform.any_op
    transform.tessel.distribute %s [2], 2 : !transform.any_op
    transform.tessel.distribute %s [2], 1 : !transform.any_op
    transform.tessel.distribute %s [4, 0], 1 : !transform.any_op
    transform.tessel.distribute %s [4], 1 : !transform.any_op
    transform.tessel.reorder %s [], [4, 5, 2, 0, 1, 3, 6] : !transform.any_op
    transform.tessel.parallelize %s [0] : !transform.any_op
    transform.tessel.parallelize %s [1] : !transform.any_op
    transform.tessel.parallelize %s [2] : !transform.any_op
    transform.tessel.parallelize %s [3] : !transform.any_op
    transform.tessel.reorder %s [], [0, 2, 1, 3, 4, 5, 6] : !transform.any_op
    transform.tessel.fuse_next %s [0] : !transform.any_op
    transform.tessel.fuse_next %s [0] : !transform.any_op
    transform.tessel.fuse_next %s [0] : !transform.any_op
    transform.tessel.fuse_next %s [0, 2] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }

  // Fig. 9, right, with the S6/S7 loop also parallel: it carries val, t and t_val.
  transform.named_sequence @illegal(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "kernel_beamforming"} in %root
      : (!transform.any_op) -> !transform.any_op
    %s = transform.tessel.scop %f : (!transform.any_op) -> !transform.any_op
    transform.tessel.distribute %s [2], 3 : !transform.any_op
    transform.tessel.reorder %s [], [1, 2, 0, 3] : !transform.any_op
    transform.tessel.reorder %s [0], [1, 0, 2] : !transform.any_op
    transform.tessel.parallelize %s [0] : !transform.any_op
    transform.tessel.parallelize %s [3] : !transform.any_op
    transform.tessel.generate %s options "distinct-arguments=false" : !transform.any_op
    transform.yield
  }
}
