// tessel-gpu-emulate on the host side: gpu.alloc becomes memref.alloc (same
// dynamic sizes), gpu.memcpy %dst, %src becomes memref.copy %src, %dst,
// gpu.dealloc becomes memref.dealloc and the synchronous gpu.wait goes away.
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate))' %s | FileCheck %s
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate))' %s \
// RUN:   | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses | FileCheck %s --check-prefix=EXEC
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate))' %s \
// RUN:   | %mlir-opt %suite-lowering -o /dev/null

// CHECK-LABEL: func.func @double(
// CHECK-SAME:      %[[H:[^:]+]]: memref<?xf32>)
// CHECK:         %[[N:.*]] = memref.dim %[[H]], %{{.*}} : memref<?xf32>
// CHECK-NEXT:    %[[D:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// CHECK-NEXT:    memref.copy %[[H]], %[[D]] : memref<?xf32> to memref<?xf32>
// CHECK:         scf.parallel
// CHECK:           memref.load %[[D]]
// CHECK:           memref.store %{{.*}}, %[[D]]
// CHECK:         scf.reduce
// CHECK:         memref.copy %[[D]], %[[H]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT:    memref.dealloc %[[D]] : memref<?xf32>
// CHECK-NEXT:    return
// CHECK-NOT:   gpu.

// EXEC: [0, 2, 4, 6, 8, 10, 12, 14, 16, 18]

func.func @double(%h: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = memref.dim %h, %c0 : memref<?xf32>
  %d = gpu.alloc (%n) : memref<?xf32>
  gpu.memcpy %d, %h : memref<?xf32>, memref<?xf32>
  %blocks = arith.ceildivui %n, %c4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %blocks, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %i = gpu.global_id x
    %in = arith.cmpi ult, %i, %n : index
    scf.if %in {
      %v = memref.load %d[%i] : memref<?xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %d[%i] : memref<?xf32>
    }
    gpu.terminator
  }
  gpu.wait
  gpu.memcpy %h, %d : memref<?xf32>, memref<?xf32>
  gpu.dealloc %d : memref<?xf32>
  return
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %h = memref.alloc(%c10) : memref<?xf32>
  scf.for %i = %c0 to %c10 step %c1 {
    %j = arith.index_cast %i : index to i32
    %v = arith.sitofp %j : i32 to f32
    memref.store %v, %h[%i] : memref<?xf32>
  }
  call @double(%h) : (memref<?xf32>) -> ()
  %u = memref.cast %h : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %h : memref<?xf32>
  return
}
