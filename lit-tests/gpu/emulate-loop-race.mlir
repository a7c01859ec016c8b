// tessel-gpu-emulate on a loop that holds a barrier: on a GPU, a thread runs the
// ops after the last barrier of one iteration and the ops before the first
// barrier of the next with no barrier between them. The emulation runs them in one
// thread loop, so a race between them shows.
//
// Each of 16 threads copies in[16k + tx] into a shared tile, waits, and adds
// tile[15 - tx] to its private sum, for k = 0..3: out[tx] = sum over k of
// (16k + 15 - tx) = 156 - 4 tx. @staged waits again before the next copy; @racy
// does not, so a fast thread overwrites the tile while a slow one still reads it.
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate{thread-order=forward}))' %s \
// RUN:   | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.forward
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate{thread-order=reverse}))' %s \
// RUN:   | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.reverse
// RUN: FileCheck %s < %t.forward
// RUN: FileCheck %s < %t.reverse
// RUN: not diff %t.forward %t.reverse

// @staged, in any order:
// CHECK: [156, 152, 148, 144, 140, 136, 132, 128, 124, 120, 116, 112, 108, 104, 100, 96]
// @racy differs from it (and between the orders):
// CHECK-NOT: [156, 152, 148, 144, 140, 136, 132, 128, 124, 120, 116, 112, 108, 104, 100, 96]

func.func @staged(%in: memref<64xi32>, %out: memref<16xi32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1)
             workgroup(%tile : memref<16xi32, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c15 = arith.constant 15 : index
    %c16_ = arith.constant 16 : index
    %zero = arith.constant 0 : i32
    %acc = memref.alloca() : memref<i32>
    memref.store %zero, %acc[] : memref<i32>
    %mirror = arith.subi %c15, %tx : index
    scf.for %k = %c0 to %c4 step %c1 {
      %base = arith.muli %k, %c16_ : index
      %g = arith.addi %base, %tx : index
      %v = memref.load %in[%g] : memref<64xi32>
      memref.store %v, %tile[%tx] : memref<16xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %tile[%mirror] : memref<16xi32, #gpu.address_space<workgroup>>
      %s = memref.load %acc[] : memref<i32>
      %t = arith.addi %s, %w : i32
      memref.store %t, %acc[] : memref<i32>
      gpu.barrier
    }
    %r = memref.load %acc[] : memref<i32>
    memref.store %r, %out[%tx] : memref<16xi32>
    gpu.terminator
  }
  return
}

func.func @racy(%in: memref<64xi32>, %out: memref<16xi32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1)
             workgroup(%tile : memref<16xi32, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c15 = arith.constant 15 : index
    %c16_ = arith.constant 16 : index
    %zero = arith.constant 0 : i32
    %acc = memref.alloca() : memref<i32>
    memref.store %zero, %acc[] : memref<i32>
    %mirror = arith.subi %c15, %tx : index
    scf.for %k = %c0 to %c4 step %c1 {
      %base = arith.muli %k, %c16_ : index
      %g = arith.addi %base, %tx : index
      %v = memref.load %in[%g] : memref<64xi32>
      memref.store %v, %tile[%tx] : memref<16xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %tile[%mirror] : memref<16xi32, #gpu.address_space<workgroup>>
      %s = memref.load %acc[] : memref<i32>
      %t = arith.addi %s, %w : i32
      memref.store %t, %acc[] : memref<i32>
    }
    %r = memref.load %acc[] : memref<i32>
    memref.store %r, %out[%tx] : memref<16xi32>
    gpu.terminator
  }
  return
}

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %in = memref.alloc() : memref<64xi32>
  %out = memref.alloc() : memref<16xi32>
  scf.for %i = %c0 to %c64 step %c1 {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %in[%i] : memref<64xi32>
  }
  %u = memref.cast %out : memref<16xi32> to memref<*xi32>
  call @staged(%in, %out) : (memref<64xi32>, memref<16xi32>) -> ()
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  call @racy(%in, %out) : (memref<64xi32>, memref<16xi32>) -> ()
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %in : memref<64xi32>
  memref.dealloc %out : memref<16xi32>
  return
}
