// PolyBench/C 4.2 jacobi-2d: 2D Jacobi stencil (5-point average), alternating between A and B
// SIZES MINI: 20 30
// SIZES SMALL: 40 90
// SIZES MEDIUM: 100 250
// SIZES LARGE: 500 1300
// SIZES EXTRALARGE: 1000 2800
// tessel_run params: tsteps n

#nminus1 = affine_map<()[s0] -> (s0 - 1)>

module {
  func.func @kernel_jacobi_2d(%arg0: i32, %arg1: i32, %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
    %tsteps = arith.index_cast %arg0 : i32 to index
    %n = arith.index_cast %arg1 : i32 to index
    %c02 = arith.constant 0.2 : f64
    affine.for %t = 0 to %tsteps {
      affine.for %i = 1 to #nminus1()[%n] {
        affine.for %j = 1 to #nminus1()[%n] {
          // B[i][j] = 0.2 * (A[i][j] + A[i][j-1] + A[i][1+j] + A[1+i][j] + A[i-1][j])
          %0 = affine.load %A[%i, %j] : memref<?x?xf64>
          %1 = affine.load %A[%i, %j - 1] : memref<?x?xf64>
          %2 = arith.addf %0, %1 : f64
          %3 = affine.load %A[%i, %j + 1] : memref<?x?xf64>
          %4 = arith.addf %2, %3 : f64
          %5 = affine.load %A[%i + 1, %j] : memref<?x?xf64>
          %6 = arith.addf %4, %5 : f64
          %7 = affine.load %A[%i - 1, %j] : memref<?x?xf64>
          %8 = arith.addf %6, %7 : f64
          %9 = arith.mulf %c02, %8 : f64
          affine.store %9, %B[%i, %j] : memref<?x?xf64>
        }
      }
      affine.for %i = 1 to #nminus1()[%n] {
        affine.for %j = 1 to #nminus1()[%n] {
          // A[i][j] = 0.2 * (B[i][j] + B[i][j-1] + B[i][1+j] + B[1+i][j] + B[i-1][j])
          %0 = affine.load %B[%i, %j] : memref<?x?xf64>
          %1 = affine.load %B[%i, %j - 1] : memref<?x?xf64>
          %2 = arith.addf %0, %1 : f64
          %3 = affine.load %B[%i, %j + 1] : memref<?x?xf64>
          %4 = arith.addf %2, %3 : f64
          %5 = affine.load %B[%i + 1, %j] : memref<?x?xf64>
          %6 = arith.addf %4, %5 : f64
          %7 = affine.load %B[%i - 1, %j] : memref<?x?xf64>
          %8 = arith.addf %6, %7 : f64
          %9 = arith.mulf %c02, %8 : f64
          affine.store %9, %A[%i, %j] : memref<?x?xf64>
        }
      }
    }
    return
  }

  func.func @init_jacobi_2d(%arg0: i32, %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
    %n = arith.index_cast %arg0 : i32 to index
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %two = arith.constant 2.0 : f64
    %three = arith.constant 3.0 : f64
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %n {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        // A[i][j] = ((double)i*(j+2) + 2) / n
        %0 = arith.sitofp %ii : i32 to f64
        %1 = arith.addi %jj, %c2 : i32
        %2 = arith.sitofp %1 : i32 to f64
        %3 = arith.mulf %0, %2 : f64
        %4 = arith.addf %3, %two : f64
        %5 = arith.sitofp %arg0 : i32 to f64
        %6 = arith.divf %4, %5 : f64
        affine.store %6, %A[%i, %j] : memref<?x?xf64>
        // B[i][j] = ((double)i*(j+3) + 3) / n
        %7 = arith.sitofp %ii : i32 to f64
        %8 = arith.addi %jj, %c3 : i32
        %9 = arith.sitofp %8 : i32 to f64
        %10 = arith.mulf %7, %9 : f64
        %11 = arith.addf %10, %three : f64
        %12 = arith.sitofp %arg0 : i32 to f64
        %13 = arith.divf %11, %12 : f64
        affine.store %13, %B[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %n = arith.index_cast %s1 : i32 to index
    %A = memref.alloc(%n, %n) : memref<?x?xf64>
    %B = memref.alloc(%n, %n) : memref<?x?xf64>
    func.call @init_jacobi_2d(%s1, %A, %B) : (i32, memref<?x?xf64>, memref<?x?xf64>) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_jacobi_2d(%s0, %s1, %A, %B) : (i32, i32, memref<?x?xf64>, memref<?x?xf64>) -> ()
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
