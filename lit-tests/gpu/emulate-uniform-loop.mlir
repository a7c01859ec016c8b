// tessel-gpu-emulate with barriers inside thread-uniform control flow: an scf.for
// whose bound is loaded in the body, an affine.for (affine accesses on the thread
// ids) and an scf.if on the block id. Each op is hoisted out of the thread loops and
// its body split at its barriers. The tile is a memref.alloca in workgroup memory:
// allocated once per block. Every round rotates each block's 16-element tile
// left by one through workgroup memory; the second barrier of a round keeps the
// next round's tile writes after this round's reads.
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate))' %s | FileCheck %s
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate))' %s \
// RUN:   | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.forward
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate{thread-order=reverse}))' %s \
// RUN:   | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.reverse
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate{thread-order=shuffle}))' %s \
// RUN:   | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.shuffle
// RUN: diff %t.forward %t.reverse
// RUN: diff %t.forward %t.shuffle
// RUN: FileCheck %s --check-prefix=EXEC < %t.forward
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate))' %s \
// RUN:   | %mlir-opt %suite-lowering -o /dev/null

// CHECK-LABEL: func.func @rotate(
// CHECK:       scf.parallel (%{{.*}}, %{{.*}}, %[[BX:[^)]+]]) =
// CHECK:         memref.alloca() : memref<16xi32>
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// Segment 0 loads the round count and keeps it per thread.
// CHECK:         scf.for
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        scf.for
// CHECK:               %[[N:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<1xindex>
// CHECK:               memref.store %[[N]], %[[NS:.*]][%{{.*}}] : memref<?xindex>
// The scf.for runs once per block, with thread 0's bound, around two thread loops.
// CHECK:         %[[N0:.*]] = memref.load %[[NS]][%[[C0]]] : memref<?xindex>
// CHECK-NEXT:    scf.for %{{.*}} = %{{.*}} to %[[N0]] step
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        scf.for
// CHECK-NEXT:          scf.for
// CHECK:           scf.for
// CHECK-NEXT:        scf.for
// CHECK-NEXT:          scf.for
// The affine.for, lowered, likewise (its block offset computed per block).
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step
// CHECK:           %[[OFF:.*]] = arith.muli %[[BX]], %{{.*}} : index
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        scf.for
// CHECK-NEXT:          scf.for
// CHECK:           scf.for
// CHECK-NEXT:        scf.for
// CHECK-NEXT:          scf.for
// CHECK:         %[[ONE:.*]] = arith.cmpi eq, %[[BX]], %{{.*}} : index
// CHECK-NEXT:    scf.if %[[ONE]] {
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        scf.for
// CHECK-NEXT:          scf.for
// CHECK:           scf.for
// CHECK-NEXT:        scf.for
// CHECK-NEXT:          scf.for
// CHECK-NOT:   gpu.
// CHECK-NOT:   affine.

// Block 0 rotates 3 + 2 = 5 times, block 1 six times.
// EXEC: [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 16, 17, 18, 19, 20, 21]

func.func @rotate(%a: memref<32xi32>, %steps: memref<1xindex>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %tile = memref.alloca() : memref<16xi32, #gpu.address_space<workgroup>>
    %one = arith.constant 1 : index
    %sixteen = arith.constant 16 : index
    %base = arith.muli %bx, %sixteen : index
    %g = arith.addi %base, %tx : index
    %next0 = arith.addi %tx, %one : index
    %next = arith.remui %next0, %sixteen : index
    %n = memref.load %steps[%c0] : memref<1xindex>
    scf.for %k = %c0 to %n step %one {
      %v = memref.load %a[%g] : memref<32xi32>
      memref.store %v, %tile[%tx] : memref<16xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %tile[%next] : memref<16xi32, #gpu.address_space<workgroup>>
      memref.store %w, %a[%g] : memref<32xi32>
      gpu.barrier
    }
    affine.for %k = 0 to 2 {
      %v = affine.load %a[%bx * 16 + %tx] : memref<32xi32>
      affine.store %v, %tile[%tx] : memref<16xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = affine.load %tile[(%tx + 1) mod 16] : memref<16xi32, #gpu.address_space<workgroup>>
      affine.store %w, %a[%bx * 16 + %tx] : memref<32xi32>
      gpu.barrier
    }
    %is1 = arith.cmpi eq, %bx, %one : index
    scf.if %is1 {
      %v = memref.load %a[%g] : memref<32xi32>
      memref.store %v, %tile[%tx] : memref<16xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %tile[%next] : memref<16xi32, #gpu.address_space<workgroup>>
      memref.store %w, %a[%g] : memref<32xi32>
    }
    gpu.terminator
  }
  return
}

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  %a = memref.alloc() : memref<32xi32>
  %steps = memref.alloc() : memref<1xindex>
  memref.store %c3, %steps[%c0] : memref<1xindex>
  scf.for %i = %c0 to %c32 step %c1 {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %a[%i] : memref<32xi32>
  }
  call @rotate(%a, %steps) : (memref<32xi32>, memref<1xindex>) -> ()
  %u = memref.cast %a : memref<32xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %a : memref<32xi32>
  memref.dealloc %steps : memref<1xindex>
  return
}
