// tessel-gpu-emulate refuses what it cannot run faithfully, with an error naming
// the reason, and leaves the function unchanged.
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate))' %s \
// RUN:   -split-input-file -verify-diagnostics
//
// The IR after the failure is the input: the launch, the barrier and the scf.if on
// the thread id are all still there, and no emulation loop was added.
// RUN: not %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-gpu-emulate))' %s \
// RUN:   -split-input-file -mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=UNCHANGED

// UNCHANGED-LABEL: IR Dump After
// UNCHANGED-NOT:   scf.parallel
// UNCHANGED:       func.func @divergent_barrier(
// UNCHANGED:         gpu.launch blocks
// UNCHANGED:           %[[COND:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : index
// UNCHANGED-NEXT:      scf.if %[[COND]] {
// UNCHANGED-NEXT:        gpu.barrier
// UNCHANGED-NEXT:      }
// UNCHANGED-NEXT:      gpu.terminator
// UNCHANGED-NOT:   scf.parallel

func.func @divergent_barrier(%a: memref<16xf32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %c8 = arith.constant 8 : index
    %low = arith.cmpi ult, %tx, %c8 : index
    scf.if %low {
      // expected-error @below {{'gpu.barrier' op under thread-dependent control flow (a 'scf.if' whose operands depend on the thread ids) cannot be emulated}}
      gpu.barrier
    }
    gpu.terminator
  }
  return
}

// -----

// Through an affine.if on an affine map of the thread id, too.
func.func @divergent_affine_if(%a: memref<16xf32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %i = affine.apply affine_map<(d0) -> (d0 * 2)>(%tx)
    affine.if affine_set<(d0) : (d0 - 8 >= 0)>(%i) {
      // expected-error @below {{'gpu.barrier' op under thread-dependent control flow (a 'affine.if' whose operands depend on the thread ids) cannot be emulated}}
      gpu.barrier
    }
    gpu.terminator
  }
  return
}

// -----

// A loop whose trip count depends on the thread.
func.func @divergent_loop(%n: memref<16xindex>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : index
    %m = memref.load %n[%tx] : memref<16xindex>
    scf.for %k = %c0 to %m step %one {
      // expected-error @below {{'gpu.barrier' op under thread-dependent control flow (a 'scf.for' whose operands depend on the thread ids) cannot be emulated}}
      gpu.barrier
    }
    gpu.terminator
  }
  return
}

// -----

func.func @barrier_in_while(%a: memref<16xf32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %false = arith.constant false
    scf.while : () -> () {
      scf.condition(%false)
    } do {
      // expected-error @below {{'gpu.barrier' op inside 'scf.while' is not emulated}}
      gpu.barrier
      scf.yield
    }
    gpu.terminator
  }
  return
}

// -----

func.func @barrier_in_reduction(%a: memref<16xf32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %one = arith.constant 1 : index
    %s = scf.for %k = %c0 to %c4 step %one iter_args(%acc = %c0) -> (index) {
      // expected-error @below {{'gpu.barrier' op inside a 'scf.for' that yields values is not emulated}}
      gpu.barrier
      %next = arith.addi %acc, %one : index
      scf.yield %next : index
    }
    gpu.terminator
  }
  return
}

// -----

func.func @async_launch(%a: memref<16xf32>, %t0: !gpu.async.token) {
  %c1 = arith.constant 1 : index
  // expected-error @below {{'gpu.launch' op async tokens are not emulated (use the synchronous form)}}
  %t1 = gpu.launch async [%t0] blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

func.func @async_alloc(%n: index) {
  // expected-error @below {{'gpu.alloc' op async tokens are not emulated}}
  %m, %t = gpu.alloc async (%n) : memref<?xf32>
  return
}

// -----

func.func @shuffle(%a: memref<16xf32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %v = memref.load %a[%c0] : memref<16xf32>
    %one = arith.constant 1 : i32
    %w = arith.constant 16 : i32
    // expected-error @below {{'gpu.shuffle' op is not emulated (inside a gpu.launch)}}
    %r, %ok = gpu.shuffle xor %v, %one, %w : f32
    gpu.terminator
  }
  return
}

// -----

// A per-thread value that cannot go to a per-thread array.
func.func @view_across_barrier(%a: memref<16x16xf32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    // expected-error @below {{a value of type 'memref<16xf32, strided<[1], offset: ?>>' live across a 'gpu.barrier' cannot be kept per thread (not emulated)}}
    %row = memref.subview %a[%tx, 0] [1, 16] [1, 1] : memref<16x16xf32> to memref<16xf32, strided<[1], offset: ?>>
    gpu.barrier
    %c0 = arith.constant 0 : index
    %v = memref.load %row[%c0] : memref<16xf32, strided<[1], offset: ?>>
    gpu.terminator
  }
  return
}

// -----

// Private memory sized at run time is allocated once per block (the threads take
// turns with it between barriers): it may not live across one. (A static shape
// gets a copy per thread: lit-tests/gpu/emulate-private.mlir.)
func.func @dynamic_private_across_barrier(%a: memref<16xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    // expected-error @below {{private memory live across a 'gpu.barrier' is not emulated}}
    %p = memref.alloca(%n) : memref<?xf32>
    %v = memref.load %a[%tx] : memref<16xf32>
    memref.store %v, %p[%c0] : memref<?xf32>
    gpu.barrier
    %w = memref.load %p[%c0] : memref<?xf32>
    memref.store %w, %a[%tx] : memref<16xf32>
    gpu.terminator
  }
  return
}
