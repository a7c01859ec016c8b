// Seed 001's E24 (reference groups, syrk, Example 5) and E25 (copy-in and
// copy-out with a kill, Example 7) under tessel-optimize{target=gpu}.
//
// RUN: %tessel-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(tessel-optimize{target=gpu}))' 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: %tessel-opt %s --pass-pipeline='builtin.module(func.func(tessel-optimize{target=gpu}))' 2>/dev/null | FileCheck %s

// E24: A[i][k] and A[j][k] both only read A, so they do not conflict and stay in
// separate groups: two tiles, not one box over both. PPCG promotes only the first,
// because its schedule maps i alone and j then spans 0..i in a block, a tile with
// no fixed size. Tessel maps both i and j (the triangle over its bounding box), so
// j spans the block's 16 threads and A[j][k] has a fixed 16x16 tile too, with reuse
// across the block's i: both are staged, each in its own buffer. C is written, so
// it is never staged in shared memory; C[i][j] does not move with k and stays in
// a register. Blocks above the diagonal have no thread inside the triangle and
// skip the tiles (the scf.if around the tile loop). The x threads (j) read the
// second tile down a column: its rows get one padding element, so that they fall
// in different shared-memory banks (16x17).
// REMARK-LABEL: remark: tessel: mapped SCoP of 2 statements to the GPU: 1 kernels
// REMARK: kernel 0: reads %arg5[c0][c2] through a 16x16 tile in shared memory, copied per 16-iteration tile of c2 (reuse)
// REMARK-NEXT: kernel 0: reads %arg5[c1][c2] through a 16x16 tile in shared memory, rows padded by one against bank conflicts, copied per 16-iteration tile of c2 (reuse)
// REMARK-NEXT: kernel 0: keeps %arg4[c0][c1] in a register across c2
// REMARK-NOT: %arg4{{.*}}shared memory
// CHECK-LABEL: func.func @syrk
// CHECK: gpu.launch {{.*}} workgroup(%[[T1:.*]] : memref<16x16xf64, #gpu.address_space<workgroup>>, %[[T2:.*]] : memref<16x17xf64, #gpu.address_space<workgroup>>)
// CHECK: scf.if
// CHECK-NEXT: affine.for %{{.*}} = 0 to {{.*}} step 16 {
// CHECK: memref.store %{{.*}}, %[[T1]]
// CHECK: memref.store %{{.*}}, %[[T2]]
// CHECK: gpu.barrier
// CHECK-DAG: memref.load %[[T1]]
// CHECK-DAG: memref.load %[[T2]]
// CHECK: gpu.barrier
func.func @syrk(%n: index, %m: index, %alpha: f64, %beta: f64, %C: memref<?x?xf64>, %A: memref<?x?xf64>) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      %0 = affine.load %C[%i, %j] : memref<?x?xf64>
      %1 = arith.mulf %0, %beta : f64
      affine.store %1, %C[%i, %j] : memref<?x?xf64>
    }
    affine.for %k = 0 to %m {
      affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
        %2 = affine.load %A[%i, %k] : memref<?x?xf64>
        %3 = arith.mulf %alpha, %2 : f64
        %4 = affine.load %A[%j, %k] : memref<?x?xf64>
        %5 = arith.mulf %3, %4 : f64
        %6 = affine.load %C[%i, %j] : memref<?x?xf64>
        %7 = arith.addf %6, %5 : f64
        affine.store %7, %C[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}

// E25: A is allocated right before the SCoP (the allocation kills it: MLIR's form of
// __pencil_kill(A)), so its device copy is not filled from the host; A is written
// (where B[i] > 0) and read after the SCoP, so it is copied back. B is copied in and
// not back (only read).
// REMARK-LABEL: remark: tessel: mapped SCoP of 1 statements to the GPU: 1 kernels
// REMARK: a local array not copied in: allocated right before the SCoP, it holds nothing yet (a kill)
// CHECK-LABEL: func.func @kill_at_allocation
// CHECK-SAME: %[[B:[^:]+]]: memref<?xf64>
// CHECK: %[[A:.*]] = memref.alloc
// CHECK: gpu.memcpy %[[DB:.*]], %[[B]]
// CHECK-NOT: gpu.memcpy %{{[^,]+}}, %[[A]] :
// CHECK: gpu.launch
// CHECK: gpu.memcpy %[[A]], %
// CHECK-NOT: gpu.memcpy %[[B]]
// CHECK: memref.copy %[[A]]
func.func @kill_at_allocation(%n: index, %B: memref<?xf64>, %out: memref<?xf64>) {
  %A = memref.alloc(%n) : memref<?xf64>
  %z = arith.constant 0.0 : f64
  affine.for %i = 0 to %n {
    %b = affine.load %B[%i] : memref<?xf64>
    %p = arith.cmpf ogt, %b, %z : f64
    scf.if %p {
      affine.store %b, %A[%i] : memref<?xf64>
    }
  }
  memref.copy %A, %out : memref<?xf64> to memref<?xf64>
  memref.dealloc %A : memref<?xf64>
  return
}

// E25's negative test: without the kill (A comes from the caller), the elements the
// SCoP does not write must survive, so A is copied in as well as back.
// REMARK-LABEL: remark: tessel: mapped SCoP of 1 statements to the GPU: 1 kernels
// REMARK-NOT: not copied
// REMARK: remark: tessel: optimized SCoP
// CHECK-LABEL: func.func @no_kill
// CHECK-SAME: %[[A:[^:]+]]: memref<?xf64>) {
// CHECK: gpu.memcpy %{{[^,]+}}, %[[A]] :
// CHECK: gpu.launch
// CHECK: gpu.memcpy %[[A]], %
func.func @no_kill(%n: index, %B: memref<?xf64>, %A: memref<?xf64>) {
  %z = arith.constant 0.0 : f64
  affine.for %i = 0 to %n {
    %b = affine.load %B[%i] : memref<?xf64>
    %p = arith.cmpf ogt, %b, %z : f64
    scf.if %p {
      affine.store %b, %A[%i] : memref<?xf64>
    }
  }
  return
}

// A temporary that only the SCoP reads after writing it, then frees: dead at the
// end, so it is neither copied in (allocated just before) nor copied back.
// REMARK-LABEL: remark: tessel: mapped SCoP of 2 statements to the GPU
// REMARK-DAG: a local array not copied in: allocated right before the SCoP, it holds nothing yet (a kill)
// REMARK-DAG: a local array not copied back: nothing after the SCoP reads it (a kill)
// CHECK-LABEL: func.func @dead_temporary
// CHECK: %[[T:.*]] = memref.alloc
// CHECK-NOT: gpu.memcpy {{.*}}%[[T]]
// CHECK: memref.dealloc %[[T]]
func.func @dead_temporary(%n: index, %B: memref<?xf64>, %out: memref<?xf64>) {
  %T = memref.alloc(%n) : memref<?xf64>
  %two = arith.constant 2.0 : f64
  affine.for %i = 0 to %n {
    %b = affine.load %B[%i] : memref<?xf64>
    %t = arith.mulf %b, %two : f64
    affine.store %t, %T[%i] : memref<?xf64>
  }
  affine.for %i = 0 to %n {
    %t = affine.load %T[%i] : memref<?xf64>
    %o = arith.addf %t, %two : f64
    affine.store %o, %out[%i] : memref<?xf64>
  }
  memref.dealloc %T : memref<?xf64>
  return
}
