// Affine subscripts and bounds with mod, floordiv and ceildiv by constants, for
// raise-scf-divisions.mlir: lowered by lower-affine, then raised back.
#lb = affine_map<(d0) -> (d0 floordiv 2)>
#ub = affine_map<(d0)[s0] -> (s0, d0 ceildiv 2 + 8)>
func.func @divisions(%A: memref<?xf64>, %B: memref<?x?xf64>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = #lb(%i) to min #ub(%i)[%n] {
      %v = affine.load %A[%i floordiv 3 + %j mod 4 + %i ceildiv 5] : memref<?xf64>
      affine.store %v, %B[%i, %j] : memref<?x?xf64>
    }
  }
  return
}
