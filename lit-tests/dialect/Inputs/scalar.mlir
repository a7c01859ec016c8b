// A kernel for EMBED and UNEMBED: statements with no loop before and after a loop,
// in the kernel-harness format (kernels/harness.c: @tessel_run(N) initializes,
// times @kernel_scalar and hashes A and X).
//
//   X[0] = B[0] * 0.5;            // S0 (0): no loop
//   for (i = 0; i < N; i++)       // (1)
//     A[i] = B[i] + X[0];         // S1 (1, 0): every iteration reads S0
//   X[1] = A[0] * 2.0;            // S2 (2): no loop, reads S1[0]
//
// So S0 may run at the loop's first iteration, before S1[0], and at no later one;
// S2 may run at any iteration, after S1[0]. X has 2 elements.
module {
  func.func @kernel_scalar(%argN: i32, %A: memref<?xf64>, %B: memref<?xf64>,
      %X: memref<?xf64>) {
    %n = arith.index_cast %argN : i32 to index
    %half = arith.constant 0.5 : f64
    %two = arith.constant 2.0 : f64
    %b0 = affine.load %B[0] : memref<?xf64>
    %x0 = arith.mulf %b0, %half : f64
    affine.store %x0, %X[0] : memref<?xf64>
    affine.for %i = 0 to %n {
      %b = affine.load %B[%i] : memref<?xf64>
      %x = affine.load %X[0] : memref<?xf64>
      %0 = arith.addf %b, %x : f64
      affine.store %0, %A[%i] : memref<?xf64>
    }
    %a0 = affine.load %A[0] : memref<?xf64>
    %x1 = arith.mulf %a0, %two : f64
    affine.store %x1, %X[1] : memref<?xf64>
    return
  }

  // B[i] = (i % 7 - 3) / 4.
  func.func @init_scalar(%argN: i32, %B: memref<?xf64>) {
    %n = arith.index_cast %argN : i32 to index
    %c3 = arith.constant 3 : i32
    %c7 = arith.constant 7 : i32
    %f4 = arith.constant 4.0 : f64
    affine.for %i = 0 to %n {
      %ii = arith.index_cast %i : index to i32
      %0 = arith.remsi %ii, %c7 : i32
      %1 = arith.subi %0, %c3 : i32
      %2 = arith.sitofp %1 : i32 to f64
      %3 = arith.divf %2, %f4 : f64
      affine.store %3, %B[%i] : memref<?xf64>
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %n = arith.index_cast %s0 : i32 to index
    %c2 = arith.constant 2 : index
    %A = memref.alloc(%n) : memref<?xf64>
    %B = memref.alloc(%n) : memref<?xf64>
    %X = memref.alloc(%c2) : memref<?xf64>
    func.call @init_scalar(%s0, %B) : (i32, memref<?xf64>) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_scalar(%s0, %A, %B, %X)
        : (i32, memref<?xf64>, memref<?xf64>, memref<?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_1d(%A) : (memref<?xf64>) -> ()
    func.call @tessel_hash_f64_1d(%X) : (memref<?xf64>) -> ()
    memref.dealloc %A : memref<?xf64>
    memref.dealloc %B : memref<?xf64>
    memref.dealloc %X : memref<?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_1d(memref<?xf64>)
}
