// A 2-D nest whose dependences run along i with distances (1, 0) and (1, -1), for
// Clay's α primitives (skew, reverse, interchange, reshape, grain, densify, tile),
// in the kernel-harness format (@tessel_run(N, M) initializes, times
// @kernel_stencil and hashes A):
//
//   for (i = 0; i < N; i++)
//     for (j = 0; j < M; j++)
//       A[i + 1][j] = (A[i][j] + A[i][j + 1]) * 0.5 + B[i][j];   // S0
//
// Legal: any order of j (reverse it, skew it by i), and, once j is skewed by i
// (α2 = i + j: distances (1, 1) and (1, 0)), interchange and tiling. Illegal:
// reversing i, interchanging or tiling the original nest ((1, -1) becomes
// (-1, 1)), skewing i by j. A is (N + 1) x (M + 1), B is N x M.
#map_plus1 = affine_map<()[s0] -> (s0 + 1)>
module {
  func.func @kernel_stencil(%argN: i32, %argM: i32, %A: memref<?x?xf64>,
                            %B: memref<?x?xf64>) {
    %n = arith.index_cast %argN : i32 to index
    %m = arith.index_cast %argM : i32 to index
    %half = arith.constant 0.5 : f64
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %m {
        %0 = affine.load %A[%i, %j] : memref<?x?xf64>
        %1 = affine.load %A[%i, %j + 1] : memref<?x?xf64>
        %2 = affine.load %B[%i, %j] : memref<?x?xf64>
        %3 = arith.addf %0, %1 : f64
        %4 = arith.mulf %3, %half : f64
        %5 = arith.addf %4, %2 : f64
        affine.store %5, %A[%i + 1, %j] : memref<?x?xf64>
      }
    }
    return
  }

  // A[i][j] = ((3i + 7j) % 17) / 17, B[i][j] = ((i + 2j) % 5) / 10 - 0.2.
  func.func @init_stencil(%argN: i32, %argM: i32, %A: memref<?x?xf64>,
                          %B: memref<?x?xf64>) {
    %n = arith.index_cast %argN : i32 to index
    %m = arith.index_cast %argM : i32 to index
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %c5 = arith.constant 5 : i32
    %c7 = arith.constant 7 : i32
    %c17 = arith.constant 17 : i32
    %f10 = arith.constant 10.0 : f64
    %f17 = arith.constant 17.0 : f64
    %fifth = arith.constant 0.2 : f64
    affine.for %i = 0 to #map_plus1()[%n] {
      affine.for %j = 0 to #map_plus1()[%m] {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.muli %ii, %c3 : i32
        %1 = arith.muli %jj, %c7 : i32
        %2 = arith.addi %0, %1 : i32
        %3 = arith.remsi %2, %c17 : i32
        %4 = arith.sitofp %3 : i32 to f64
        %5 = arith.divf %4, %f17 : f64
        affine.store %5, %A[%i, %j] : memref<?x?xf64>
      }
    }
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %m {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.muli %jj, %c2 : i32
        %1 = arith.addi %ii, %0 : i32
        %2 = arith.remsi %1, %c5 : i32
        %3 = arith.sitofp %2 : i32 to f64
        %4 = arith.divf %3, %f10 : f64
        %5 = arith.subf %4, %fifth : f64
        affine.store %5, %B[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %n = arith.index_cast %s0 : i32 to index
    %m = arith.index_cast %s1 : i32 to index
    %c1 = arith.constant 1 : index
    %n1 = arith.addi %n, %c1 : index
    %m1 = arith.addi %m, %c1 : index
    %A = memref.alloc(%n1, %m1) : memref<?x?xf64>
    %B = memref.alloc(%n, %m) : memref<?x?xf64>
    func.call @init_stencil(%s0, %s1, %A, %B)
        : (i32, i32, memref<?x?xf64>, memref<?x?xf64>) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_stencil(%s0, %s1, %A, %B)
        : (i32, i32, memref<?x?xf64>, memref<?x?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_2d(%A) : (memref<?x?xf64>) -> ()
    memref.dealloc %A : memref<?x?xf64>
    memref.dealloc %B : memref<?x?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_2d(memref<?x?xf64>)
}
