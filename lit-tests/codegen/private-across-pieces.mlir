// Regression (found by scripts/difftest, generator seed 760060 under
// scheduler=isl-reference, reduced by it to these two nests): wrong code. The
// schedule fuses the first nest's i1 loop with the second nest's i6 loop at
// c1 = 2, marks that member parallel, and the scalar %acc of the second nest
// (demoted to T0) is private at it. isl split the member into pieces: a loop over
// c1 holding the accumulation, then the statements of c1 = 2 alone, among them
// the store that reads the sum. Every loop piece was marked parallel with its own
// copy of T0, so the store read the shared T0, which nothing had written.
// Check 4 now checks that a privatized scalar's live ranges stay inside one
// iteration of the loop that privatizes it; the AST is then generated again with
// such pieces run sequentially.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl-reference parallel-min-work=0}))' %s 2>&1 | FileCheck %s

// CHECK: remark: tessel: AST generation: {{.*}}T0 lives beyond one iteration of a loop that runs in parallel with a copy of it per iteration
// CHECK-SAME: with the pieces isl splits a parallel loop with private scalars into run sequentially
// CHECK: remark: tessel: optimized SCoP of 4 statements
// CHECK-LABEL: func.func @p760060
// The accumulations into T0 and the store of the sum, in the loop over the
// second nest's rows, all use the one T0: no parallel loop there.
// CHECK: affine.for %{{.*}} = 7 to 13 {
// CHECK-NOT: affine.parallel
// CHECK: affine.store %{{.*}}, %arg2[-%{{.*}} + 7, %{{.*}} * 2 + 1]
// CHECK-NEXT: }

module {
  func.func @p760060(%s_n0: i32, %s_n1: i32, %A0: memref<21x16xi32>) {
    %n0 = arith.index_cast %s_n0 : i32 to index
    %n1 = arith.index_cast %s_n1 : i32 to index
    %k0 = arith.constant 2 : i32
    %k1 = arith.constant 5 : i32
    affine.for %i1 = 0 to 3 {
      affine.for %i2 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n0] {
        affine.for %i3 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n1] {
          %v1 = affine.load %A0[%i2 + 8, %i3] : memref<21x16xi32>
          %v2 = arith.addi %k0, %v1 : i32
          affine.store %v2, %A0[%i2 + 7, %i3] : memref<21x16xi32>
        }
      }
    }
    affine.for %i6 = 2 to 8 {
      %r4 = affine.for %i7 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n0] iter_args(%acc3 = %k1) -> (i32) {
        %v5 = affine.load %A0[%i6 + 8, %i7 + 1] : memref<21x16xi32>
        %v6 = arith.addi %acc3, %v5 : i32
        affine.yield %v6 : i32
      }
      affine.store %r4, %A0[-%i6 + 7, %i6 * 2 + 1] : memref<21x16xi32>
    }
    return
  }
}
