// tessel-gpu-emulate end to end on a mapped gemm, in the shape
// tessel-optimize{target=gpu} produces (16x16 thread blocks, guards, device copies
// of the arrays): the emulation runs it on the CPU and its result equals, bit for
// bit, that of the plain loop nest @gemm_ref, in every thread order; it also lowers
// with the suite's pipeline (scripts/suite.py, LOWERING_PIPELINE).
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate))' %s \
// RUN:   | %mlir-opt %suite-lowering -o /dev/null
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate))' %s \
// RUN:   | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses | FileCheck %s
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate{thread-order=reverse}))' %s \
// RUN:   | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses | FileCheck %s
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate{thread-order=shuffle}))' %s \
// RUN:   | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses | FileCheck %s

// The number of elements of C that differ (as bits) from the reference.
// CHECK: [0]

module {
  func.func @kernel_gemm(%arg0: i32, %arg1: i32, %arg2: i32, %alpha: f64, %beta: f64,
                         %C: memref<?x?xf64>, %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
    %ni = arith.index_cast %arg0 : i32 to index
    %nj = arith.index_cast %arg1 : i32 to index
    %nk = arith.index_cast %arg2 : i32 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %d0 = memref.dim %C, %c0 : memref<?x?xf64>
    %d1 = memref.dim %C, %c1 : memref<?x?xf64>
    %dC = gpu.alloc (%d0, %d1) : memref<?x?xf64>
    gpu.memcpy %dC, %C : memref<?x?xf64>, memref<?x?xf64>
    %a0 = memref.dim %A, %c0 : memref<?x?xf64>
    %a1 = memref.dim %A, %c1 : memref<?x?xf64>
    %dA = gpu.alloc (%a0, %a1) : memref<?x?xf64>
    gpu.memcpy %dA, %A : memref<?x?xf64>, memref<?x?xf64>
    %b0 = memref.dim %B, %c0 : memref<?x?xf64>
    %b1 = memref.dim %B, %c1 : memref<?x?xf64>
    %dB = gpu.alloc (%b0, %b1) : memref<?x?xf64>
    gpu.memcpy %dB, %B : memref<?x?xf64>, memref<?x?xf64>
    %gx = affine.apply affine_map<()[s0] -> (s0 ceildiv 16)>()[%nj]
    %gy = affine.apply affine_map<()[s0] -> (s0 ceildiv 16)>()[%ni]
    gpu.launch blocks(%bx, %by, %bz) in (%sgx = %gx, %sgy = %gy, %sgz = %c1)
               threads(%tx, %ty, %tz) in (%sbx = %c16, %sby = %c16, %sbz = %c1) {
      %i = affine.apply affine_map<(d0, d1) -> (d0 * 16 + d1)>(%by, %ty)
      %j = affine.apply affine_map<(d0, d1) -> (d0 * 16 + d1)>(%bx, %tx)
      affine.if affine_set<(d0, d1)[s0, s1] : (s0 - d0 - 1 >= 0, s1 - d1 - 1 >= 0)>(%i, %j)[%ni, %nj] {
        %0 = affine.load %dC[%i, %j] : memref<?x?xf64>
        %1 = arith.mulf %0, %beta : f64
        affine.store %1, %dC[%i, %j] : memref<?x?xf64>
        affine.for %k = 0 to %nk {
          %2 = affine.load %dA[%i, %k] : memref<?x?xf64>
          %3 = arith.mulf %alpha, %2 : f64
          %4 = affine.load %dB[%k, %j] : memref<?x?xf64>
          %5 = arith.mulf %3, %4 : f64
          %6 = affine.load %dC[%i, %j] : memref<?x?xf64>
          %7 = arith.addf %6, %5 : f64
          affine.store %7, %dC[%i, %j] : memref<?x?xf64>
        }
      }
      gpu.terminator
    }
    gpu.memcpy %C, %dC : memref<?x?xf64>, memref<?x?xf64>
    gpu.dealloc %dC : memref<?x?xf64>
    gpu.dealloc %dA : memref<?x?xf64>
    gpu.dealloc %dB : memref<?x?xf64>
    return
  }

  // C := beta * C + alpha * A * B, in the order the kernel computes each element.
  func.func @gemm_ref(%ni: index, %nj: index, %nk: index, %alpha: f64, %beta: f64,
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

  // m[i][j] = ((i * a + j * b) mod 13) / 7
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
    // ni = 20, nj = 18, nk = 7: partial blocks on both grid dimensions.
    %ni = arith.constant 20 : index
    %nj = arith.constant 18 : index
    %nk = arith.constant 7 : index
    %ni32 = arith.constant 20 : i32
    %nj32 = arith.constant 18 : i32
    %nk32 = arith.constant 7 : i32
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
    call @kernel_gemm(%ni32, %nj32, %nk32, %alpha, %beta, %C, %A, %B)
      : (i32, i32, i32, f64, f64, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
    call @gemm_ref(%ni, %nj, %nk, %alpha, %beta, %R, %A, %B)
      : (index, index, index, f64, f64, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
    %count = memref.alloc() : memref<1xi32>
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
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
