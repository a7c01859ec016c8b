// Seed 002's space of fusion structures at the outermost level
// (tessel-print-fusion-space) on its non-transitive example x = Ab; y = Bx;
// z = Cy, and the structures passed back to the scheduler (fusion-structure).
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-fusion-space))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPACE
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-schedule{scheduler=pluto tile=false parallel=false intra-tile=false unroll-jam=0 fusion-structure=0,0,1}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FIRST-TWO
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=pluto fusion-structure=0,0,1}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOTE
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-schedule{scheduler=pluto tile=false parallel=false intra-tile=false unroll-jam=0 fusion-structure=3,7,7}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LAST-TWO
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{fusion-structure=0,0,0}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{fusion-structure=1,0,0}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BACKWARD
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{fusion-structure=0,1}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SHORT

// S0 finishes x[i] at its last j; S1 reads x[j]: fused, S0's i runs with S1's j
// (M = {(i0,i1)}). S1 and S2 likewise. S1's loop would have to be both j and i:
// the path S0 - S1 - S2 is unfusable, and F^1 keeps the three other orders of
// the chain (O: 6 variables, 22 constraints, Fubini(3) = 13 points).
// SPACE-LABEL: remark: tessel: SCoP of 3 statements
// SPACE-NEXT: fusion space (seed 002, outermost level, slack 0): O: 6 variables, 22 constraints, 13 points; F^1: {{[0-9]+}} variables, {{[0-9]+}} constraints, 3 points; built in {{.*}} ms ({{.*}} ms with the dependences)
// SPACE-NEXT: tuning key: model {{[0-9a-f]+}}; space version 1; target {{.*}}; threads {{[0-9]+}}
// SPACE-NEXT: pair S0 S1: <= M = {(i0,i1)}
// SPACE-NEXT: pair S1 S2: <= M = {(i0,i1)}
// SPACE-NEXT: unfusable path: S0 - S1 - S2
// SPACE-NEXT: fusion-structure=0,0,1  (S0 S1) (S2)
// SPACE-NEXT: fusion-structure=0,1,1  (S0) (S1 S2)
// SPACE-NEXT: fusion-structure=0,1,2  (S0) (S1) (S2)

// x and y fused: one outer loop, S1's j along S0's i, each with its own inner
// loop (S0 finishes x[i] before S1 reads it); z after. tessel-optimize says so.
// FIRST-TWO: T(S0): (0, i0, 0, i1)
// FIRST-TWO-NEXT: T(S1): (0, i1, 1, i0)
// FIRST-TWO-NEXT: T(S2): (1, i0, i1, 0)

// NOTE: remark: tessel: fusion structure (S0 S1) (S2) (scheduler pluto, maximal fusion below it)
// NOTE: remark: tessel: optimized SCoP of 3 statements

// Any increasing positions name the same structure: y and z fused.
// LAST-TWO: T(S0): (0, i0, i1, 0)
// LAST-TWO-NEXT: T(S1): (1, i0, 0, i1)
// LAST-TWO-NEXT: T(S2): (1, i1, 1, i0)

// Not in F^1: no loop is common to all three. A structure that breaks a
// dependence, or does not fit the SCoP, is refused the same way; the SCoP is
// scheduled as without it.
// ALL: remark: tessel: fusion-structure (S0 S1 S2): no common outermost loop (non-negative coefficients, seed 002 section 4) for S0 S1 S2; scheduled without it
// ALL: remark: tessel: optimized SCoP of 3 statements
// BACKWARD: remark: tessel: fusion-structure (S1 S2) (S0): a dependence from S0 to S1 would go from a later group back to an earlier one; scheduled without it
// SHORT: remark: tessel: fusion-structure has 2 entries and the SCoP 3 statements; scheduled without it
func.func @chain(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>,
                 %b: memref<?xf64>, %x: memref<?xf64>, %y: memref<?xf64>,
                 %z: memref<?xf64>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %0 = affine.load %x[%i] : memref<?xf64>
      %1 = affine.load %A[%i, %j] : memref<?x?xf64>
      %2 = affine.load %b[%j] : memref<?xf64>
      %3 = arith.mulf %1, %2 : f64
      %4 = arith.addf %0, %3 : f64
      affine.store %4, %x[%i] : memref<?xf64>
    }
  }
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %0 = affine.load %y[%i] : memref<?xf64>
      %1 = affine.load %B[%i, %j] : memref<?x?xf64>
      %2 = affine.load %x[%j] : memref<?xf64>
      %3 = arith.mulf %1, %2 : f64
      %4 = arith.addf %0, %3 : f64
      affine.store %4, %y[%i] : memref<?xf64>
    }
  }
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %0 = affine.load %z[%i] : memref<?xf64>
      %1 = affine.load %C[%i, %j] : memref<?x?xf64>
      %2 = affine.load %y[%j] : memref<?xf64>
      %3 = arith.mulf %1, %2 : f64
      %4 = arith.addf %0, %3 : f64
      affine.store %4, %z[%i] : memref<?xf64>
    }
  }
  return
}
