// PolyBench/C 4.2 seidel-2d: 2D Gauss-Seidel stencil (9-point average, in place)
// SIZES MINI: 20 40
// SIZES SMALL: 40 120
// SIZES MEDIUM: 100 400
// SIZES LARGE: 500 2000
// SIZES EXTRALARGE: 1000 4000
// tessel_run params: tsteps n

#nminus1 = affine_map<()[s0] -> (s0 - 1)>

module {
  func.func @kernel_seidel_2d(%arg0: i32, %arg1: i32, %A: memref<?x?xf64>) {
    %tsteps = arith.index_cast %arg0 : i32 to index
    %n = arith.index_cast %arg1 : i32 to index
    %nine = arith.constant 9.0 : f64
    // for (t = 0; t <= tsteps - 1; t++) for (i = 1; i <= n - 2; i++) for (j = 1; j <= n - 2; j++)
    affine.for %t = 0 to %tsteps {
      affine.for %i = 1 to #nminus1()[%n] {
        affine.for %j = 1 to #nminus1()[%n] {
          %0 = affine.load %A[%i - 1, %j - 1] : memref<?x?xf64>
          %1 = affine.load %A[%i - 1, %j] : memref<?x?xf64>
          %2 = arith.addf %0, %1 : f64
          %3 = affine.load %A[%i - 1, %j + 1] : memref<?x?xf64>
          %4 = arith.addf %2, %3 : f64
          %5 = affine.load %A[%i, %j - 1] : memref<?x?xf64>
          %6 = arith.addf %4, %5 : f64
          %7 = affine.load %A[%i, %j] : memref<?x?xf64>
          %8 = arith.addf %6, %7 : f64
          %9 = affine.load %A[%i, %j + 1] : memref<?x?xf64>
          %10 = arith.addf %8, %9 : f64
          %11 = affine.load %A[%i + 1, %j - 1] : memref<?x?xf64>
          %12 = arith.addf %10, %11 : f64
          %13 = affine.load %A[%i + 1, %j] : memref<?x?xf64>
          %14 = arith.addf %12, %13 : f64
          %15 = affine.load %A[%i + 1, %j + 1] : memref<?x?xf64>
          %16 = arith.addf %14, %15 : f64
          %17 = arith.divf %16, %nine : f64
          affine.store %17, %A[%i, %j] : memref<?x?xf64>
        }
      }
    }
    return
  }

  func.func @init_seidel_2d(%arg0: i32, %A: memref<?x?xf64>) {
    %n = arith.index_cast %arg0 : i32 to index
    %c2 = arith.constant 2 : i32
    %two = arith.constant 2.0 : f64
    // A[i][j] = ((double)i*(j+2) + 2) / n
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %n {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.sitofp %ii : i32 to f64
        %1 = arith.addi %jj, %c2 : i32
        %2 = arith.sitofp %1 : i32 to f64
        %3 = arith.mulf %0, %2 : f64
        %4 = arith.addf %3, %two : f64
        %5 = arith.sitofp %arg0 : i32 to f64
        %6 = arith.divf %4, %5 : f64
        affine.store %6, %A[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %n = arith.index_cast %s1 : i32 to index
    %A = memref.alloc(%n, %n) : memref<?x?xf64>
    func.call @init_seidel_2d(%s1, %A) : (i32, memref<?x?xf64>) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_seidel_2d(%s0, %s1, %A) : (i32, i32, memref<?x?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_2d(%A) : (memref<?x?xf64>) -> ()
    memref.dealloc %A : memref<?x?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_2d(memref<?x?xf64>)
}
