// A 3-deep perfect nest (C += A * B) for tile, stripmine, interchange and
// parallelize, in the kernel-harness format (@tessel_run(NI, NJ, NK) initializes,
// times @kernel_matmul and hashes C):
//
//   for (i = 0; i < NI; i++)
//     for (j = 0; j < NJ; j++)
//       for (k = 0; k < NK; k++)
//         C[i][j] += A[i][k] * B[k][j];   // S0
//
// The only dependences are on C[i][j], carried by k: any order of the loops, any
// tiling and a parallel i or j keep each C[i][j]'s sum in the order of k, so the
// result is the same bit for bit.
module {
  func.func @kernel_matmul(%argNI: i32, %argNJ: i32, %argNK: i32,
      %A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>) {
    %ni = arith.index_cast %argNI : i32 to index
    %nj = arith.index_cast %argNJ : i32 to index
    %nk = arith.index_cast %argNK : i32 to index
    affine.for %i = 0 to %ni {
      affine.for %j = 0 to %nj {
        affine.for %k = 0 to %nk {
          %a = affine.load %A[%i, %k] : memref<?x?xf64>
          %b = affine.load %B[%k, %j] : memref<?x?xf64>
          %c = affine.load %C[%i, %j] : memref<?x?xf64>
          %0 = arith.mulf %a, %b : f64
          %1 = arith.addf %c, %0 : f64
          affine.store %1, %C[%i, %j] : memref<?x?xf64>
        }
      }
    }
    return
  }

  // A[i][k] = ((i*k + 1) % 7) / 7 - 0.5, B[k][j] = ((k + 3j) % 11) / 11,
  // C[i][j] = ((i + j) % 3) / 3.
  func.func @init_matmul(%argNI: i32, %argNJ: i32, %argNK: i32,
      %A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>) {
    %ni = arith.index_cast %argNI : i32 to index
    %nj = arith.index_cast %argNJ : i32 to index
    %nk = arith.index_cast %argNK : i32 to index
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %c7 = arith.constant 7 : i32
    %c11 = arith.constant 11 : i32
    %f3 = arith.constant 3.0 : f64
    %f7 = arith.constant 7.0 : f64
    %f11 = arith.constant 11.0 : f64
    %half = arith.constant 0.5 : f64
    affine.for %i = 0 to %ni {
      affine.for %k = 0 to %nk {
        %ii = arith.index_cast %i : index to i32
        %kk = arith.index_cast %k : index to i32
        %0 = arith.muli %ii, %kk : i32
        %1 = arith.addi %0, %c1 : i32
        %2 = arith.remsi %1, %c7 : i32
        %3 = arith.sitofp %2 : i32 to f64
        %4 = arith.divf %3, %f7 : f64
        %5 = arith.subf %4, %half : f64
        affine.store %5, %A[%i, %k] : memref<?x?xf64>
      }
    }
    affine.for %k = 0 to %nk {
      affine.for %j = 0 to %nj {
        %kk = arith.index_cast %k : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.muli %jj, %c3 : i32
        %1 = arith.addi %kk, %0 : i32
        %2 = arith.remsi %1, %c11 : i32
        %3 = arith.sitofp %2 : i32 to f64
        %4 = arith.divf %3, %f11 : f64
        affine.store %4, %B[%k, %j] : memref<?x?xf64>
      }
    }
    affine.for %i = 0 to %ni {
      affine.for %j = 0 to %nj {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.addi %ii, %jj : i32
        %1 = arith.remsi %0, %c3 : i32
        %2 = arith.sitofp %1 : i32 to f64
        %3 = arith.divf %2, %f3 : f64
        affine.store %3, %C[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %ni = arith.index_cast %s0 : i32 to index
    %nj = arith.index_cast %s1 : i32 to index
    %nk = arith.index_cast %s2 : i32 to index
    %A = memref.alloc(%ni, %nk) : memref<?x?xf64>
    %B = memref.alloc(%nk, %nj) : memref<?x?xf64>
    %C = memref.alloc(%ni, %nj) : memref<?x?xf64>
    func.call @init_matmul(%s0, %s1, %s2, %A, %B, %C)
        : (i32, i32, i32, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_matmul(%s0, %s1, %s2, %A, %B, %C)
        : (i32, i32, i32, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_2d(%C) : (memref<?x?xf64>) -> ()
    memref.dealloc %A : memref<?x?xf64>
    memref.dealloc %B : memref<?x?xf64>
    memref.dealloc %C : memref<?x?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_2d(memref<?x?xf64>)
}
