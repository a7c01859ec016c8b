// Subscripts computed by affine.apply inside the loops, as upstream MLIR's own tests
// write them (issue 42's reduced case). Scalar replacement (codegen/emit/registers/)
// reads an access's operands: an operand that is not one of the statement's IVs was
// taken as a value fixed around the loops. An affine.apply of the IVs is neither: it
// moves with the loop, and it does not exist before it. Taken as fixed, the store of
// @upstream looked loop-invariant along %i1, its address was computed before the loop
// from the original (erased) affine.apply results, and the generated code did not
// verify, so the SCoP was kept as it was. Such an operand now keeps the array out of
// registers; the statement is cloned with its affine.apply ops, as any other.
//
// @upstream: the outer loop is parallel (no dependence), the inner one sequential;
// every store stays inside the inner loop, its subscripts the cloned applies.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{parallel-min-work=0}))' %s 2>&1 | FileCheck %s
// CHECK-NOT: does not verify
// CHECK: remark: tessel: optimized SCoP of 1 statements
// CHECK-LABEL: func.func @upstream(
// CHECK: affine.parallel (%[[I:.*]]) = (0) to (10) {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to 10 {
// CHECK-NEXT: %[[A:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK-NEXT: %[[B:.*]] = affine.apply #{{.*}}(%[[J]])
// CHECK-NEXT: affine.store %{{.*}}, %arg0[%[[A]], %[[B]]] : memref<10x10xf32>
// CHECK-NOT: iter_args
// CHECK: return
func.func @upstream(%m: memref<10x10xf32>) {
  %cf7 = arith.constant 7.0 : f32
  affine.for %i0 = 0 to 10 {
    affine.for %i1 = 0 to 10 {
      %t0 = affine.apply affine_map<(d0) -> (d0)>(%i0)
      %t1 = affine.apply affine_map<(d0) -> (d0)>(%i1)
      affine.store %cf7, %m[%t0, %t1] : memref<10x10xf32>
    }
  }
  return
}

// @row_apply: y[i] through an affine.apply of i computed inside the j loop. The
// address does not move along j, but it is computed in the loop, so y stays in
// memory: a load and a store per iteration, no iter_args; the code verifies (with
// unroll-jam=0, since the rows' chains would be jammed otherwise).
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=identity distinct-arguments=false parallel=false tile=false unroll-jam=0}))' %s 2>&1 | FileCheck %s --check-prefix=ROW
// ROW-NOT: does not verify
// ROW-LABEL: func.func @row_apply(
// ROW: affine.for %[[I:.*]] = 0 to 64 {
// ROW-NEXT: affine.for %[[J:.*]] = 0 to 64 {
// ROW-NOT: iter_args
// ROW: %[[A:.*]] = affine.apply #{{.*}}(%[[I]])
// ROW: affine.load %arg0[%[[A]]]
// ROW: affine.store %{{.*}}, %arg0[%[[A]]]
// ROW: return
func.func @row_apply(%y: memref<64xf64>, %a: memref<64x64xf64>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %t = affine.apply affine_map<(d0) -> (d0)>(%i)
      %v = affine.load %y[%t] : memref<64xf64>
      %w = affine.load %a[%i, %j] : memref<64x64xf64>
      %s = arith.addf %v, %w : f64
      affine.store %s, %y[%t] : memref<64xf64>
    }
  }
  return
}
