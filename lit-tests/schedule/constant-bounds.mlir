// doitgen as the clang path builds it from C with fixed-size arrays: every bound a
// constant. Two things went wrong with it.
//
// 1. Feautrier's step (feautrier.rs), which the isl preset takes first here (no
// coincident first member: `sum[p]` is reused by every (r, q)), carried the self
// dependence of `sum[p]` (one disjunct over s, q and r) with the row
// 22260r + 159q + s, which coalesces the whole nest into one loop; seed 001's
// recovery (force c_q = 0) then carries nothing, and seed 001 keeps the coalescing
// row. With eq. (104)'s bounds (|c| <= 70 here: half the smallest other extent), the
// all-groups pass carries the (r, q) dependences with r, and the next row is q.
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-schedule{scheduler=isl}))' %s 2>&1 -o /dev/null | FileCheck %s --check-prefix=ROWS
// ROWS-NOT: 22260
// ROWS: schedule: "[{ S2[i0, i1, i2] -> [(i0)]; S1[i0, i1, i2, i3] -> [(i0)]; S0[i0, i1, i2] -> [(i0)] }]"
// ROWS: schedule: "[{ S2[i0, i1, i2] -> [(i1)]; S1[i0, i1, i2, i3] -> [(i1)]; S0[i0, i1, i2] -> [(i1)] }]"
//
// 2. The Farkas duals (seed 001 §3.3) carried those constants into every row ILP,
// whose exact lexmin crawled: Pluto's candidate took 4.8 s here, and 4.8 s on the
// three statements of trisolv at 2000 (below), where a parameter n takes well under
// a millisecond. The scheduler now sees constants of 16 and more as size parameters
// (scheduler/symbolic_sizes.rs: 150, 140 and 160 here; 1999 and 2000 become n and
// n + 1 in trisolv): both of auto's candidates are in hand within a time budget of
// one second, and none of them runs out of time.
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{time-budget=1}))' %s 2>&1 -o /dev/null | FileCheck %s
// CHECK-NOT: ran out
// CHECK-NOT: retried
// CHECK: remark: tessel: cost model: chose {{.*}}pluto {{[0-9]}}
// CHECK-NOT: ran out
// CHECK-NOT: retried
// CHECK: remark: tessel: optimized SCoP of 3 statements (scheduler=auto
// CHECK-NOT: ran out
// CHECK-NOT: retried
// CHECK: remark: tessel: {{optimized SCoP of 3 statements|left SCoP of 3 statements as it was}} (scheduler=auto
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=pluto time-budget=1}))' %s 2>&1 -o /dev/null | FileCheck %s --check-prefix=PLUTO
// PLUTO-NOT: ran out
// PLUTO: optimized SCoP of 3 statements (scheduler=pluto
// PLUTO-NOT: ran out
// PLUTO: optimized SCoP of 3 statements (scheduler=pluto

func.func @doitgen(%sum: memref<?xf64>, %A: memref<?x140x160xf64>, %C4: memref<?x160xf64>) {
  affine.for %r = 0 to 150 {
    affine.for %q = 0 to 140 {
      affine.for %p = 0 to 160 {
        %zero = arith.constant 0.0 : f64
        affine.store %zero, %sum[%p] : memref<?xf64>
        affine.for %s = 0 to 160 {
          %a = affine.load %A[%r, %q, %s] : memref<?x140x160xf64>
          %acc = affine.load %sum[%p] : memref<?xf64>
          %c = affine.load %C4[%s, %p] : memref<?x160xf64>
          %m = arith.mulf %a, %c : f64
          %n = arith.addf %acc, %m : f64
          affine.store %n, %sum[%p] : memref<?xf64>
        }
      }
      affine.for %p = 0 to 160 {
        %v = affine.load %sum[%p] : memref<?xf64>
        affine.store %v, %A[%r, %q, %p] : memref<?x140x160xf64>
      }
    }
  }
  return
}

// trisolv with n = 2000, as the clang path builds it from C with fixed-size arrays.
func.func @trisolv(%b: memref<?xf64>, %x: memref<?xf64>, %L: memref<?x2000xf64>) {
  affine.for %i = 0 to 2000 {
    %bi = affine.load %b[%i] : memref<?xf64>
    affine.store %bi, %x[%i] : memref<?xf64>
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %xi = affine.load %x[%i] : memref<?xf64>
      %l = affine.load %L[%i, %j] : memref<?x2000xf64>
      %xj = affine.load %x[%j] : memref<?xf64>
      %m = arith.mulf %l, %xj : f64
      %d = arith.subf %xi, %m : f64
      affine.store %d, %x[%i] : memref<?xf64>
    }
    %xi = affine.load %x[%i] : memref<?xf64>
    %lii = affine.load %L[%i, %i] : memref<?x2000xf64>
    %q = arith.divf %xi, %lii : f64
    affine.store %q, %x[%i] : memref<?xf64>
  }
  return
}
