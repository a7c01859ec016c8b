// tessel-gpu-emulate: a body split at a barrier. Each block of 16 threads reverses
// its 16-element tile of %in through workgroup memory. The global index %g and the
// mirrored index %r are computed before the barrier and used after it, so they go
// to per-thread arrays; the tile is allocated per block, in the default space. The
// private buffer gets a copy per thread (a block buffer with the linear thread id
// first), each load and store indexing its thread's copy.
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate))' %s | FileCheck %s
//
// Executed: every order reverses each tile (no race), so all three print the same.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate))' %s \
// RUN:   | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.forward
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate{thread-order=reverse}))' %s \
// RUN:   | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.reverse
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate{thread-order=shuffle}))' %s \
// RUN:   | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.shuffle
// RUN: diff %t.forward %t.reverse
// RUN: diff %t.forward %t.shuffle
// RUN: FileCheck %s --check-prefix=EXEC < %t.forward

// CHECK-LABEL: func.func @reverse_tiles(
// CHECK-SAME:      %[[IN:[^:]+]]: memref<32xi32>, %[[OUT:[^:]+]]: memref<32xi32>)
// CHECK-NOT:   gpu.
// CHECK:       scf.parallel (%{{.*}}, %{{.*}}, %[[BX:[^)]+]]) =
// The tile, once per block; the private buffer and the two per-thread arrays, one
// element per thread.
// CHECK-DAG:   %[[TILE:.*]] = memref.alloca() : memref<16xi32>
// CHECK-DAG:   %[[PRIV:.*]] = memref.alloca(%[[N:.*]]) : memref<?x1xi32>
// CHECK-DAG:   %[[GS:.*]] = memref.alloca(%[[N]]) : memref<?xindex>
// CHECK-DAG:   %[[RS:.*]] = memref.alloca(%[[N]]) : memref<?xindex>
// The same for all threads of a block: computed once per block.
// CHECK:       %[[BASE:.*]] = arith.muli %[[BX]], %{{.*}} : index
// Before the barrier: load the input into the tile, keep %g and %r.
// CHECK:       scf.for %[[TZ:.*]] =
// CHECK-NEXT:    scf.for %[[TY:.*]] =
// CHECK-NEXT:      scf.for %[[TX:.*]] =
// CHECK:             %[[G:.*]] = arith.addi %[[BASE]], %[[TX]] : index
// CHECK:             memref.store %[[G]], %{{.*}}[%[[LIN:.*]]] : memref<?xindex>
// CHECK:             %[[V:.*]] = memref.load %[[IN]][%[[G]]]
// CHECK:             memref.store %[[V]], %[[TILE]][%[[TX]]]
// CHECK:             %[[R:.*]] = arith.subi %{{.*}}, %[[TX]] : index
// CHECK:             memref.store %[[R]], %{{.*}}[%[[LIN]]] : memref<?xindex>
// After the barrier: a second thread loop reloads them.
// CHECK:       scf.for
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      scf.for
// CHECK:             %[[R2:.*]] = memref.load %[[RS]][%[[LIN2:.*]]] : memref<?xindex>
// CHECK:             %[[W:.*]] = memref.load %[[TILE]][%[[R2]]]
// CHECK:             memref.store %[[W]], %[[PRIV]][%[[LIN2]], %{{.*}}]
// CHECK:             %[[W2:.*]] = memref.load %[[PRIV]][%[[LIN2]], %{{.*}}]
// CHECK:             %[[G2:.*]] = memref.load %[[GS]][%[[LIN2]]] : memref<?xindex>
// CHECK:             memref.store %[[W2]], %[[OUT]][%[[G2]]]
// CHECK:       scf.reduce
// CHECK-NOT:   gpu.

// Tile b holds 16b..16b+15; reversed: 16b+15 down to 16b.
// EXEC: [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16]

func.func @reverse_tiles(%in: memref<32xi32>, %out: memref<32xi32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1)
             workgroup(%tile : memref<16xi32, #gpu.address_space<workgroup>>)
             private(%p : memref<1xi32, #gpu.address_space<private>>) {
    %c15 = arith.constant 15 : index
    %c16_ = arith.constant 16 : index
    %base = arith.muli %bx, %c16_ : index
    %g = arith.addi %base, %tx : index
    %v = memref.load %in[%g] : memref<32xi32>
    memref.store %v, %tile[%tx] : memref<16xi32, #gpu.address_space<workgroup>>
    %r = arith.subi %c15, %tx : index
    gpu.barrier
    %w = memref.load %tile[%r] : memref<16xi32, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    memref.store %w, %p[%c0] : memref<1xi32, #gpu.address_space<private>>
    %w2 = memref.load %p[%c0] : memref<1xi32, #gpu.address_space<private>>
    memref.store %w2, %out[%g] : memref<32xi32>
    gpu.terminator
  }
  return
}

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0 : i32
  %in = memref.alloc() : memref<32xi32>
  %out = memref.alloc() : memref<32xi32>
  scf.for %i = %c0 to %c32 step %c1 {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %in[%i] : memref<32xi32>
    memref.store %zero, %out[%i] : memref<32xi32>
  }
  call @reverse_tiles(%in, %out) : (memref<32xi32>, memref<32xi32>) -> ()
  %u = memref.cast %out : memref<32xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %in : memref<32xi32>
  memref.dealloc %out : memref<32xi32>
  return
}
