// tessel-gpu-emulate as a race detector: every thread of the block writes its
// thread id to the same element. Forward, thread 15 writes last; reverse, thread 0
// does: the two orders disagree, which shows the race.
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate{thread-order=forward}))' %s \
// RUN:   | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.forward
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate{thread-order=reverse}))' %s \
// RUN:   | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.reverse
// RUN: not diff %t.forward %t.reverse
// RUN: FileCheck %s --check-prefix=FORWARD < %t.forward
// RUN: FileCheck %s --check-prefix=REVERSE < %t.reverse

// FORWARD: [15]
// REVERSE: [0]

func.func @racy(%out: memref<1xi32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %v = arith.index_cast %tx : index to i32
    memref.store %v, %out[%c0] : memref<1xi32>
    gpu.terminator
  }
  return
}

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %out = memref.alloc() : memref<1xi32>
  call @racy(%out) : (memref<1xi32>) -> ()
  %u = memref.cast %out : memref<1xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %out : memref<1xi32>
  return
}
