// tessel-optimize{target=gpu}: which loops become blocks and threads, which stay on
// the host or inside a thread, and the block sizes. The expected mappings follow
// from the dependences (a loop that carries one is never a thread dimension) and
// from the layout (the loop that walks the last subscript is thread x).
//
// RUN: %tessel-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(tessel-optimize{target=gpu}))' 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: %tessel-opt %s --pass-pipeline='builtin.module(func.func(tessel-optimize{target=gpu}))' 2>/dev/null | FileCheck %s
// RUN: %tessel-opt %s --pass-pipeline='builtin.module(func.func(tessel-optimize{target=gpu gpu-block=64}))' 2>/dev/null | FileCheck %s --check-prefix=WIDE

// Both loops are parallel; `j` is outermost in the source but walks the last
// subscript, so it is x: consecutive threads of a warp touch consecutive doubles.
// REMARK-LABEL: remark: tessel: mapped SCoP of 1 statements to the GPU: 1 kernels
// REMARK-NEXT: kernel 0: block 16x16x1, grid x, y, z: {{.*}} for [[X:c[0-9]]] x {{.*}} for [[Y:c[0-9]]]; launched once
// CHECK-LABEL: func.func @x_on_the_last_subscript
// The arrays go to the device first.
// CHECK: gpu.alloc
// CHECK: gpu.memcpy
// CHECK: gpu.launch blocks(%[[BX:.*]], %[[BY:.*]], %{{.*}}) in ({{.*}}) threads(%[[TX:.*]], %[[TY:.*]], %{{.*}}) in (%{{.*}} = %c16{{.*}}, %{{.*}} = %c16{{.*}}, %{{.*}} = %c1{{.*}})
// CHECK-DAG: %[[I:.*]] = affine.apply #{{.*}}(%{{.*}}, %[[BY]], %[[TY]])
// CHECK-DAG: %[[J:.*]] = affine.apply #{{.*}}(%{{.*}}, %[[BX]], %[[TX]])
// CHECK: affine.if
// CHECK: affine.load %{{.*}}[%[[I]], %[[J]]]
// CHECK: gpu.terminator
// Only the written array comes back.
// CHECK: gpu.memcpy %arg2, %
// CHECK-NOT: gpu.memcpy
// CHECK: return
func.func @x_on_the_last_subscript(%n: index, %m: index, %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
  affine.for %j = 0 to %m {
    affine.for %i = 0 to %n {
      %0 = affine.load %B[%i, %j] : memref<?x?xf64>
      affine.store %0, %A[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

// gemm without beta: `k` carries the accumulation into C[i][j], so it stays a
// loop inside each thread; i and j are the grid.
// REMARK-LABEL: remark: tessel: mapped SCoP of 1 statements to the GPU: 1 kernels
// REMARK-NEXT: kernel 0: block 16x16x1
// CHECK-LABEL: func.func @reduction_stays_in_the_thread
// CHECK: gpu.launch
// CHECK: affine.for %{{.*}} = 0 to
// CHECK: arith.addf
// CHECK: gpu.terminator
// WIDE-LABEL: func.func @reduction_stays_in_the_thread
// WIDE: threads({{.*}}) in (%{{.*}} = %c64{{.*}}, %{{.*}} = %c16{{.*}}, %{{.*}} = %c1{{.*}})
func.func @reduction_stays_in_the_thread(%n: index, %C: memref<?x?xf64>, %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      affine.for %k = 0 to %n {
        %a = affine.load %A[%i, %k] : memref<?x?xf64>
        %b = affine.load %B[%k, %j] : memref<?x?xf64>
        %p = arith.mulf %a, %b : f64
        %c = affine.load %C[%i, %j] : memref<?x?xf64>
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}

// A time loop carries the dependence between steps: it stays on the host, and each
// step launches the two sweeps (jacobi-1d). The arrays stay on the device across
// steps: one copy in before the loop, one copy out after it.
// REMARK-LABEL: remark: tessel: mapped SCoP of 2 statements to the GPU: 2 kernels
// REMARK-NEXT: kernel 0: block 16x1x1, {{.*}} launched once per iteration of host loops c0
// REMARK-NEXT: kernel 1: block 16x1x1, {{.*}} launched once per iteration of host loops c0
// CHECK-LABEL: func.func @host_time_loop
// CHECK: gpu.memcpy
// CHECK: gpu.memcpy
// CHECK: affine.for
// CHECK-NOT: gpu.memcpy
// CHECK: gpu.launch
// CHECK-NOT: gpu.memcpy
// CHECK: gpu.launch
// CHECK-NOT: gpu.memcpy
// CHECK: gpu.terminator
// CHECK-NEXT: }
// The launch's argument array is freed every step.
// CHECK-NEXT: llvm.intr.stackrestore
// CHECK-NEXT: }
// CHECK-NEXT: gpu.memcpy
// CHECK: return
func.func @host_time_loop(%t: index, %n: index, %A: memref<?xf64>, %B: memref<?xf64>) {
  %third = arith.constant 0.33333 : f64
  affine.for %s = 0 to %t {
    affine.for %i = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
      %0 = affine.load %A[%i - 1] : memref<?xf64>
      %1 = affine.load %A[%i + 1] : memref<?xf64>
      %2 = arith.addf %0, %1 : f64
      %3 = arith.mulf %third, %2 : f64
      affine.store %3, %B[%i] : memref<?xf64>
    }
    affine.for %i = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
      %0 = affine.load %B[%i - 1] : memref<?xf64>
      %1 = affine.load %B[%i + 1] : memref<?xf64>
      %2 = arith.addf %0, %1 : f64
      %3 = arith.mulf %third, %2 : f64
      affine.store %3, %A[%i] : memref<?xf64>
    }
  }
  return
}

// Three parallel loops of parametric extents: 16x16x16 would be 4096 threads, so
// the outermost (z) is halved twice: 16x16x4 = 1024. With gpu-block=64, 64x64x64 is
// halved down to 64x16x1 = 1024 (z first, to 1, then y).
// REMARK-LABEL: remark: tessel: mapped SCoP of 1 statements to the GPU: 1 kernels
// REMARK-NEXT: kernel 0: block 16x16x4
// CHECK-LABEL: func.func @at_most_1024_threads
// CHECK: threads({{.*}}) in (%{{.*}} = %c16{{.*}}, %{{.*}} = %c16{{.*}}, %{{.*}} = %c4{{.*}})
// WIDE-LABEL: func.func @at_most_1024_threads
// WIDE: threads({{.*}}) in (%{{.*}} = %c64{{.*}}, %{{.*}} = %c16{{.*}}, %{{.*}} = %c1{{.*}})
func.func @at_most_1024_threads(%n: index, %m: index, %p: index, %A: memref<?x?x?xf64>) {
  %one = arith.constant 1.0 : f64
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %m {
      affine.for %k = 0 to %p {
        %0 = affine.load %A[%i, %j, %k] : memref<?x?x?xf64>
        %1 = arith.addf %0, %one : f64
        affine.store %1, %A[%i, %j, %k] : memref<?x?x?xf64>
      }
    }
  }
  return
}

// A triangle (syrk's j <= i): j is mapped over its bounding box 0..n-1, and the
// guard keeps the threads above the diagonal idle.
// REMARK-LABEL: remark: tessel: mapped SCoP of 1 statements to the GPU: 1 kernels
// REMARK-NEXT: kernel 0: block 16x16x1
// CHECK-LABEL: func.func @triangle
// CHECK: gpu.launch
// CHECK: affine.if
// CHECK: affine.store
func.func @triangle(%n: index, %A: memref<?x?xf64>) {
  %two = arith.constant 2.0 : f64
  affine.for %i = 0 to %n {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      %0 = affine.load %A[%i, %j] : memref<?x?xf64>
      %1 = arith.mulf %0, %two : f64
      affine.store %1, %A[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

// A chain through one scalar has no parallel loop: it runs in a kernel of one
// thread, so that the data stays on the device.
// REMARK-LABEL: remark: tessel: mapped SCoP of {{[0-9]+}} statements to the GPU: 1 kernels
// REMARK-NEXT: kernel 0: block 1x1x1, grid x, y, z: 1; launched once
// CHECK-LABEL: func.func @sequential_chain
// CHECK: threads({{.*}}) in (%{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}})
func.func @sequential_chain(%n: index, %A: memref<?xf64>) {
  affine.for %i = 1 to %n {
    %0 = affine.load %A[%i - 1] : memref<?xf64>
    %1 = affine.load %A[%i] : memref<?xf64>
    %2 = arith.addf %0, %1 : f64
    affine.store %2, %A[%i] : memref<?xf64>
  }
  return
}
