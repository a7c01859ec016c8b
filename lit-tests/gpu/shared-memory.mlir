// tessel-optimize{target=gpu} with promotion (seed 001 §1.8): gemm's `k` loop is
// run by each block in tiles of 16; per tile, the block copies the 16x16 tile of A
// (rows of its threads' i, columns of the tile's k) and of B (rows k, columns j)
// into shared memory, waits at a barrier, computes from the copies, and waits again
// before the next tile overwrites them. Both tiles are read by 16 threads each
// (A[i][k] does not move with j, B[k][j] not with i): reuse. C[i][j] does not move
// with k: each thread keeps it in a register across the tile's iterations.
//
// RUN: %tessel-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(tessel-optimize{target=gpu}))' 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: %tessel-opt %s --pass-pipeline='builtin.module(func.func(tessel-optimize{target=gpu}))' 2>/dev/null | FileCheck %s
// RUN: %tessel-opt %s --pass-pipeline='builtin.module(func.func(tessel-optimize{target=gpu gpu-promote=false}))' 2>/dev/null | FileCheck %s --check-prefix=OFF
//
// Executed under the emulation in two thread orders, at sizes that leave partial
// blocks and a partial last tile (ni 20, nj 18, nk 37): bit for bit the result of
// the same gemm written with scf.for (which Tessel leaves alone). Without the
// barrier that ends each tile, the next tile's copies race with the reads of this
// one; the emulation runs them in one thread loop (a loop holding barriers is
// rotated), and the count is no longer 0 (tried: 352, 357 and 340 elements differ
// in the three orders).
// RUN: %tessel-opt %s --pass-pipeline='builtin.module(func.func(tessel-optimize{target=gpu}),func.func(tessel-gpu-emulate))' \
// RUN:   | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses | FileCheck %s --check-prefix=EXEC
// RUN: %tessel-opt %s --pass-pipeline='builtin.module(func.func(tessel-optimize{target=gpu}),func.func(tessel-gpu-emulate{thread-order=reverse}))' \
// RUN:   | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses | FileCheck %s --check-prefix=EXEC

// REMARK-LABEL: remark: tessel: mapped SCoP of 2 statements to the GPU: 1 kernels
// REMARK: kernel 0: reads %arg6[c0][c2] through a 16x16 tile in shared memory, copied per 16-iteration tile of c2 (reuse)
// REMARK-NEXT: kernel 0: reads %arg7[c2][c1] through a 16x16 tile in shared memory, copied per 16-iteration tile of c2 (reuse)
// REMARK-NEXT: kernel 0: keeps %arg5[c0][c1] in a register across c2

// CHECK-LABEL: func.func @gemm
// CHECK: gpu.launch {{.*}} threads({{.*}}) in (%{{.*}} = %c16{{.*}}, %{{.*}} = %c16{{.*}}, %{{.*}} = %c1{{.*}}) workgroup(%[[SA:.*]] : memref<16x16xf64, #gpu.address_space<workgroup>>, %[[SB:.*]] : memref<16x16xf64, #gpu.address_space<workgroup>>)
// The k tiles: the same for every thread, outside the guard.
// CHECK: affine.for %[[KT:.*]] = 0 to {{.*}} step 16 {
// 256 elements per tile, 256 threads: one copy each.
// CHECK: affine.for %{{.*}} = {{.*}} to 256 step 256 {
// CHECK: scf.if
// CHECK: memref.store %{{.*}}, %[[SA]]
// CHECK: affine.for %{{.*}} = {{.*}} to 256 step 256 {
// CHECK: memref.store %{{.*}}, %[[SB]]
// CHECK: gpu.barrier
// CHECK-NEXT: affine.if
// C in a register: loaded once per tile, carried through the tile, stored after it.
// CHECK: affine.load
// CHECK: affine.for %{{.*}} = max {{.*}}(%[[KT]]) to min {{.*}} iter_args
// CHECK-DAG: memref.load %[[SA]]
// CHECK-DAG: memref.load %[[SB]]
// CHECK: affine.yield
// CHECK: affine.store
// CHECK: gpu.barrier
// CHECK: gpu.terminator

// OFF-LABEL: func.func @gemm
// OFF-NOT: workgroup
// OFF-NOT: gpu.barrier
// OFF: gpu.terminator

// The number of elements of C that differ (as bits) from the reference.
// EXEC: [0]

module {
  func.func @gemm(%ni: index, %nj: index, %nk: index, %alpha: f64, %beta: f64,
                  %C: memref<?x?xf64>, %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
    affine.for %i = 0 to %ni {
      affine.for %j = 0 to %nj {
        %0 = affine.load %C[%i, %j] : memref<?x?xf64>
        %1 = arith.mulf %0, %beta : f64
        affine.store %1, %C[%i, %j] : memref<?x?xf64>
        affine.for %k = 0 to %nk {
          %2 = affine.load %A[%i, %k] : memref<?x?xf64>
          %3 = arith.mulf %alpha, %2 : f64
          %4 = affine.load %B[%k, %j] : memref<?x?xf64>
          %5 = arith.mulf %3, %4 : f64
          %6 = affine.load %C[%i, %j] : memref<?x?xf64>
          %7 = arith.addf %6, %5 : f64
          affine.store %7, %C[%i, %j] : memref<?x?xf64>
        }
      }
    }
    return
  }

  // The same operations in the same order, in scf (not a SCoP for Tessel).
  func.func @gemm_ref(%ni: index, %nj: index, %nk: index, %alpha: f64, %beta: f64,
                      %C: memref<?x?xf64>, %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %ni step %c1 {
      scf.for %j = %c0 to %nj step %c1 {
        %0 = memref.load %C[%i, %j] : memref<?x?xf64>
        %1 = arith.mulf %0, %beta : f64
        memref.store %1, %C[%i, %j] : memref<?x?xf64>
        scf.for %k = %c0 to %nk step %c1 {
          %2 = memref.load %A[%i, %k] : memref<?x?xf64>
          %3 = arith.mulf %alpha, %2 : f64
          %4 = memref.load %B[%k, %j] : memref<?x?xf64>
          %5 = arith.mulf %3, %4 : f64
          %6 = memref.load %C[%i, %j] : memref<?x?xf64>
          %7 = arith.addf %6, %5 : f64
          memref.store %7, %C[%i, %j] : memref<?x?xf64>
        }
      }
    }
    return
  }

  func.func @fill(%m: memref<?x?xf64>, %a: index, %b: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c13 = arith.constant 13 : index
    %seven = arith.constant 7.0 : f64
    %d0 = memref.dim %m, %c0 : memref<?x?xf64>
    %d1 = memref.dim %m, %c1 : memref<?x?xf64>
    scf.for %i = %c0 to %d0 step %c1 {
      scf.for %j = %c0 to %d1 step %c1 {
        %x = arith.muli %i, %a : index
        %y = arith.muli %j, %b : index
        %s = arith.addi %x, %y : index
        %r = arith.remui %s, %c13 : index
        %ri = arith.index_cast %r : index to i64
        %f = arith.sitofp %ri : i64 to f64
        %v = arith.divf %f, %seven : f64
        memref.store %v, %m[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %ni = arith.constant 20 : index
    %nj = arith.constant 18 : index
    %nk = arith.constant 37 : index
    %alpha = arith.constant 1.5 : f64
    %beta = arith.constant 1.2 : f64
    %C = memref.alloc(%ni, %nj) : memref<?x?xf64>
    %R = memref.alloc(%ni, %nj) : memref<?x?xf64>
    %A = memref.alloc(%ni, %nk) : memref<?x?xf64>
    %B = memref.alloc(%nk, %nj) : memref<?x?xf64>
    call @fill(%C, %c2, %c3) : (memref<?x?xf64>, index, index) -> ()
    call @fill(%R, %c2, %c3) : (memref<?x?xf64>, index, index) -> ()
    call @fill(%A, %c3, %c5) : (memref<?x?xf64>, index, index) -> ()
    call @fill(%B, %c5, %c1) : (memref<?x?xf64>, index, index) -> ()
    call @gemm(%ni, %nj, %nk, %alpha, %beta, %C, %A, %B)
      : (index, index, index, f64, f64, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
    call @gemm_ref(%ni, %nj, %nk, %alpha, %beta, %R, %A, %B)
      : (index, index, index, f64, f64, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
    %count = memref.alloc() : memref<1xi32>
    %zero = arith.constant 0 : i32
    memref.store %zero, %count[%c0] : memref<1xi32>
    scf.for %i = %c0 to %ni step %c1 {
      scf.for %j = %c0 to %nj step %c1 {
        %x = memref.load %C[%i, %j] : memref<?x?xf64>
        %y = memref.load %R[%i, %j] : memref<?x?xf64>
        %xb = arith.bitcast %x : f64 to i64
        %yb = arith.bitcast %y : f64 to i64
        %ne = arith.cmpi ne, %xb, %yb : i64
        %inc = arith.extui %ne : i1 to i32
        %old = memref.load %count[%c0] : memref<1xi32>
        %new = arith.addi %old, %inc : i32
        memref.store %new, %count[%c0] : memref<1xi32>
      }
    }
    %u = memref.cast %count : memref<1xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %C : memref<?x?xf64>
    memref.dealloc %R : memref<?x?xf64>
    memref.dealloc %A : memref<?x?xf64>
    memref.dealloc %B : memref<?x?xf64>
    memref.dealloc %count : memref<1xi32>
    return
  }
}
