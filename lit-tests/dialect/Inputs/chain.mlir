// A kernel for the β primitives of Clay (reorder, fuse_next, distribute,
// indexsetsplit, collapse) and for shift, grain, stripmine, linearize and
// parallelize: three 1-D loops, in the kernel-harness format (kernels/harness.c:
// @tessel_run(N) initializes, times @kernel_chain and hashes A, C, D, E, F).
//
//   for (i = 0; i < N; i++) {         // (0)
//     A[i] = B[i] * 0.5 + C[i];       // S0 (0, 0)
//     C[i + 1] = C[i] * 0.5 + B[i];   // S1 (0, 1): a recurrence; S1[i-1] -> S0[i]
//   }
//   for (i = 0; i < N; i++) {         // (1)
//     D[i] = A[i] * 2.0 + C[i + 1];   // S2 (1, 0): reads S0[i] and S1[i]
//     E[i] = D[i] - B[i];             // S3 (1, 1): reads S2[i]
//   }
//   for (i = 0; i < N; i++)           // (2)
//     F[i] = E[N - 1 - i] + D[i];     // S4 (2, 0): reads S3[N-1-i], reversed
//
// So: S0 and S1 may swap (S1[i] writes C[i+1], which S0[i] does not read), but loop
// (0) may not be distributed with S0 first, nor its iterations reordered, nor run
// in parallel; loops (0) and (1) may fuse, (1) and (2) may not; loop (1) may be
// distributed and run in parallel, and S2 must stay before S3. C has N + 1
// elements.
#map_plus1 = affine_map<()[s0] -> (s0 + 1)>
module {
  func.func @kernel_chain(%argN: i32, %A: memref<?xf64>, %B: memref<?xf64>,
      %C: memref<?xf64>, %D: memref<?xf64>, %E: memref<?xf64>, %F: memref<?xf64>) {
    %n = arith.index_cast %argN : i32 to index
    %half = arith.constant 0.5 : f64
    %two = arith.constant 2.0 : f64
    affine.for %i = 0 to %n {
      %b = affine.load %B[%i] : memref<?xf64>
      %c = affine.load %C[%i] : memref<?xf64>
      %0 = arith.mulf %b, %half : f64
      %1 = arith.addf %0, %c : f64
      affine.store %1, %A[%i] : memref<?xf64>
      %c1 = affine.load %C[%i] : memref<?xf64>
      %b1 = affine.load %B[%i] : memref<?xf64>
      %2 = arith.mulf %c1, %half : f64
      %3 = arith.addf %2, %b1 : f64
      affine.store %3, %C[%i + 1] : memref<?xf64>
    }
    affine.for %i = 0 to %n {
      %a = affine.load %A[%i] : memref<?xf64>
      %c = affine.load %C[%i + 1] : memref<?xf64>
      %0 = arith.mulf %a, %two : f64
      %1 = arith.addf %0, %c : f64
      affine.store %1, %D[%i] : memref<?xf64>
      %d = affine.load %D[%i] : memref<?xf64>
      %b = affine.load %B[%i] : memref<?xf64>
      %2 = arith.subf %d, %b : f64
      affine.store %2, %E[%i] : memref<?xf64>
    }
    affine.for %i = 0 to %n {
      %e = affine.load %E[symbol(%n) - %i - 1] : memref<?xf64>
      %d = affine.load %D[%i] : memref<?xf64>
      %0 = arith.addf %e, %d : f64
      affine.store %0, %F[%i] : memref<?xf64>
    }
    return
  }

  // B[i] = (i % 7 - 3) / 4, C[i] = (i % 5) / 8 (C[0] feeds the recurrence).
  func.func @init_chain(%argN: i32, %B: memref<?xf64>, %C: memref<?xf64>) {
    %n = arith.index_cast %argN : i32 to index
    %c3 = arith.constant 3 : i32
    %c5 = arith.constant 5 : i32
    %c7 = arith.constant 7 : i32
    %f4 = arith.constant 4.0 : f64
    %f8 = arith.constant 8.0 : f64
    affine.for %i = 0 to %n {
      %ii = arith.index_cast %i : index to i32
      %0 = arith.remsi %ii, %c7 : i32
      %1 = arith.subi %0, %c3 : i32
      %2 = arith.sitofp %1 : i32 to f64
      %3 = arith.divf %2, %f4 : f64
      affine.store %3, %B[%i] : memref<?xf64>
    }
    affine.for %i = 0 to #map_plus1()[%n] {
      %ii = arith.index_cast %i : index to i32
      %0 = arith.remsi %ii, %c5 : i32
      %1 = arith.sitofp %0 : i32 to f64
      %2 = arith.divf %1, %f8 : f64
      affine.store %2, %C[%i] : memref<?xf64>
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %n = arith.index_cast %s0 : i32 to index
    %c1 = arith.constant 1 : index
    %n1 = arith.addi %n, %c1 : index
    %A = memref.alloc(%n) : memref<?xf64>
    %B = memref.alloc(%n) : memref<?xf64>
    %C = memref.alloc(%n1) : memref<?xf64>
    %D = memref.alloc(%n) : memref<?xf64>
    %E = memref.alloc(%n) : memref<?xf64>
    %F = memref.alloc(%n) : memref<?xf64>
    func.call @init_chain(%s0, %B, %C) : (i32, memref<?xf64>, memref<?xf64>) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_chain(%s0, %A, %B, %C, %D, %E, %F)
        : (i32, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>,
           memref<?xf64>, memref<?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_1d(%A) : (memref<?xf64>) -> ()
    func.call @tessel_hash_f64_1d(%C) : (memref<?xf64>) -> ()
    func.call @tessel_hash_f64_1d(%D) : (memref<?xf64>) -> ()
    func.call @tessel_hash_f64_1d(%E) : (memref<?xf64>) -> ()
    func.call @tessel_hash_f64_1d(%F) : (memref<?xf64>) -> ()
    memref.dealloc %A : memref<?xf64>
    memref.dealloc %B : memref<?xf64>
    memref.dealloc %C : memref<?xf64>
    memref.dealloc %D : memref<?xf64>
    memref.dealloc %E : memref<?xf64>
    memref.dealloc %F : memref<?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_1d(memref<?xf64>)
}
