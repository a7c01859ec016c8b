// tessel-gpu-emulate on a 2-D launch without barrier: the blocks become one
// scf.parallel over the grid (z, y, x), the threads three scf.for loops over
// (tz, ty, tx) inside it; the id ops and the launch's arguments become the loops'
// values, and no gpu op is left.
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate))' %s \
// RUN:   | FileCheck %s --check-prefixes=CHECK,FORWARD
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate{thread-order=forward}))' %s \
// RUN:   | FileCheck %s --check-prefixes=CHECK,FORWARD
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate{thread-order=reverse}))' %s \
// RUN:   | FileCheck %s --check-prefixes=CHECK,REVERSE
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate{thread-order=shuffle}))' %s \
// RUN:   | FileCheck %s --check-prefix=SHUFFLE
// RUN: not %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate{thread-order=sideways}))' %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD-ORDER
// RUN: %mlir-opt --load-pass-plugin=%tessel --help | FileCheck %s --check-prefix=HELP --strict-whitespace
// The output lowers with the suite's pipeline.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate))' %s \
// RUN:   | %mlir-opt %suite-lowering -o /dev/null

// CHECK-LABEL: func.func @scale(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?xf32>, %[[GX:[^:]+]]: index, %[[GY:[^:]+]]: index)
// CHECK-DAG:   %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:   %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:   %[[C8:.*]] = arith.constant 8 : index
// CHECK:       scf.parallel (%[[BZ:.*]], %[[BY:.*]], %[[BX:.*]]) = (%{{.*}}, %{{.*}}, %{{.*}}) to (%[[C1]], %[[GY]], %[[GX]])
// Once per block: the block offsets (block id times block size).
// CHECK:         %[[OI:.*]] = arith.muli %[[BY]], %[[C4]] : index
// CHECK:         %[[OJ:.*]] = arith.muli %[[BX]], %[[C8]] : index
// CHECK:         scf.for %[[IZ:.*]] = %{{.*}} to %[[C1]] step
// CHECK-NEXT:      scf.for %[[IY:.*]] = %{{.*}} to %[[C4]] step
// CHECK-NEXT:        scf.for %[[IX:.*]] = %{{.*}} to %[[C8]] step
// Forward: the thread ids are the loop counters.
// FORWARD-NEXT:        %[[I:.*]] = arith.addi %[[OI]], %[[IY]] : index
// FORWARD-NEXT:        %[[J:.*]] = arith.addi %[[OJ]], %[[IX]] : index
// Reverse: every loop runs backwards, id = size - 1 - counter (tz is unused).
// REVERSE-NEXT:        %[[Y1:.*]] = arith.subi %[[C4]], %{{.*}} : index
// REVERSE-NEXT:        %[[TY:.*]] = arith.subi %[[Y1]], %[[IY]] : index
// REVERSE-NEXT:        %[[X1:.*]] = arith.subi %[[C8]], %{{.*}} : index
// REVERSE-NEXT:        %[[TX:.*]] = arith.subi %[[X1]], %[[IX]] : index
// REVERSE-NEXT:        %[[I:.*]] = arith.addi %[[OI]], %[[TY]] : index
// REVERSE-NEXT:        %[[J:.*]] = arith.addi %[[OJ]], %[[TX]] : index
// CHECK-NEXT:          %[[V:.*]] = memref.load %[[A]][%[[I]], %[[J]]] : memref<?x?xf32>
// CHECK-NEXT:          %[[W:.*]] = arith.addf %[[V]], %[[V]] : f32
// CHECK-NEXT:          memref.store %[[W]], %[[A]][%[[I]], %[[J]]] : memref<?x?xf32>
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.reduce
// CHECK-NOT:   gpu.

// Shuffle: one loop over the linear ids l, visited as p = (l * a + c) mod N, with
// tx = p mod 8, ty = (p div 8) mod 4, tz = p div 32.
// SHUFFLE:       scf.parallel
// SHUFFLE:         %[[NXY:.*]] = arith.muli %[[C8:.*]], %[[C4:.*]] : index
// SHUFFLE-NEXT:    %[[N:.*]] = arith.muli %[[NXY]], %{{.*}} : index
// SHUFFLE:         %[[MUL:.*]] = arith.remui %{{.*}}, %[[N]] : index
// SHUFFLE:         %[[ADD:.*]] = arith.remui %{{.*}}, %[[N]] : index
// SHUFFLE:         scf.for %[[L:.*]] = %{{.*}} to %[[N]] step
// SHUFFLE-NEXT:      %[[LM:.*]] = arith.muli %[[L]], %[[MUL]] : index
// SHUFFLE-NEXT:      %[[LA:.*]] = arith.addi %[[LM]], %[[ADD]] : index
// SHUFFLE-NEXT:      %[[P:.*]] = arith.remui %[[LA]], %[[N]] : index
// SHUFFLE-NEXT:      %[[TX:.*]] = arith.remui %[[P]], %[[C8]] : index
// SHUFFLE-NEXT:      %[[Q:.*]] = arith.divui %[[P]], %[[C8]] : index
// SHUFFLE-NEXT:      %[[TY:.*]] = arith.remui %[[Q]], %[[C4]] : index
// SHUFFLE:           arith.addi %{{.*}}, %[[TY]] : index
// SHUFFLE:           arith.addi %{{.*}}, %[[TX]] : index
// SHUFFLE-NOT:   scf.for
// SHUFFLE:         scf.reduce
// SHUFFLE-NOT:   gpu.

// HELP:      {{^      --tessel-gpu-emulate .*Run gpu.launch bodies on the CPU}}
// HELP-NEXT: {{^        --thread-order=<value> .*\(default: forward\)$}}
// HELP-NEXT: {{^    =forward }}
// HELP-NEXT: {{^    =reverse }}
// HELP-NEXT: {{^    =shuffle }}

// BAD-ORDER: thread-order option: Cannot find option named 'sideways'!

func.func @scale(%A: memref<?x?xf32>, %gx: index, %gy: index) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%sgx = %gx, %sgy = %gy, %sgz = %c1)
             threads(%tx, %ty, %tz) in (%sbx = %c8, %sby = %c4, %sbz = %c1) {
    %i0 = gpu.block_id y
    %i1 = gpu.block_dim y
    %i2 = arith.muli %i0, %i1 : index
    %i = arith.addi %i2, %ty : index
    %j0 = arith.muli %bx, %sbx : index
    %tid_x = gpu.thread_id x
    %j = arith.addi %j0, %tid_x : index
    %v = memref.load %A[%i, %j] : memref<?x?xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %A[%i, %j] : memref<?x?xf32>
    gpu.terminator
  }
  return
}
