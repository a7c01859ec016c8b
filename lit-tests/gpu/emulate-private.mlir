// tessel-gpu-emulate: private memory lives across barriers and across the
// iterations of a loop that holds one, each thread with its own copy, as on a GPU.
// Each of 16 threads of one block sums in[tx] four times into its private scalar,
// with a barrier in each iteration, then writes it out: out[tx] = 4 * tx. If the
// threads shared one copy (taking turns between barriers), the sum would mix the
// threads' values and depend on their order.
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate))' %s \
// RUN:   | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses | FileCheck %s
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate{thread-order=reverse}))' %s \
// RUN:   | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses | FileCheck %s
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate{thread-order=shuffle}))' %s \
// RUN:   | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses | FileCheck %s

// CHECK: [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60]

func.func @sum_four_times(%in: memref<16xi32>, %out: memref<16xi32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %one = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %p = memref.alloca() : memref<i32>
    memref.store %zero, %p[] : memref<i32>
    scf.for %k = %c0 to %c4 step %one {
      %v = memref.load %in[%tx] : memref<16xi32>
      %s = memref.load %p[] : memref<i32>
      %t = arith.addi %s, %v : i32
      memref.store %t, %p[] : memref<i32>
      gpu.barrier
    }
    %r = memref.load %p[] : memref<i32>
    memref.store %r, %out[%tx] : memref<16xi32>
    gpu.terminator
  }
  return
}

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %in = memref.alloc() : memref<16xi32>
  %out = memref.alloc() : memref<16xi32>
  scf.for %i = %c0 to %c16 step %c1 {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %in[%i] : memref<16xi32>
  }
  call @sum_four_times(%in, %out) : (memref<16xi32>, memref<16xi32>) -> ()
  %u = memref.cast %out : memref<16xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %in : memref<16xi32>
  memref.dealloc %out : memref<16xi32>
  return
}
