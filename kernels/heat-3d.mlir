// PolyBench/C 4.2 heat-3d: 3D heat equation, 7-point Jacobi-style stencil alternating between A and B
// SIZES MINI: 20 10
// SIZES SMALL: 40 20
// SIZES MEDIUM: 100 40
// SIZES LARGE: 500 120
// SIZES EXTRALARGE: 1000 200
// tessel_run params: tsteps n

#tplus1 = affine_map<()[s0] -> (s0 + 1)>
#nminus1 = affine_map<()[s0] -> (s0 - 1)>

module {
  func.func @kernel_heat_3d(%arg0: i32, %arg1: i32, %A: memref<?x?x?xf64>, %B: memref<?x?x?xf64>) {
    %tsteps = arith.index_cast %arg0 : i32 to index
    %n = arith.index_cast %arg1 : i32 to index
    %c0125 = arith.constant 0.125 : f64
    %two = arith.constant 2.0 : f64
    affine.for %t = 1 to #tplus1()[%tsteps] {
      affine.for %i = 1 to #nminus1()[%n] {
        affine.for %j = 1 to #nminus1()[%n] {
          affine.for %k = 1 to #nminus1()[%n] {
            %0 = affine.load %A[%i + 1, %j, %k] : memref<?x?x?xf64>
            %1 = affine.load %A[%i, %j, %k] : memref<?x?x?xf64>
            %2 = arith.mulf %two, %1 : f64
            %3 = arith.subf %0, %2 : f64
            %4 = affine.load %A[%i - 1, %j, %k] : memref<?x?x?xf64>
            %5 = arith.addf %3, %4 : f64
            %6 = arith.mulf %c0125, %5 : f64
            %7 = affine.load %A[%i, %j + 1, %k] : memref<?x?x?xf64>
            %8 = affine.load %A[%i, %j, %k] : memref<?x?x?xf64>
            %9 = arith.mulf %two, %8 : f64
            %10 = arith.subf %7, %9 : f64
            %11 = affine.load %A[%i, %j - 1, %k] : memref<?x?x?xf64>
            %12 = arith.addf %10, %11 : f64
            %13 = arith.mulf %c0125, %12 : f64
            %14 = arith.addf %6, %13 : f64
            %15 = affine.load %A[%i, %j, %k + 1] : memref<?x?x?xf64>
            %16 = affine.load %A[%i, %j, %k] : memref<?x?x?xf64>
            %17 = arith.mulf %two, %16 : f64
            %18 = arith.subf %15, %17 : f64
            %19 = affine.load %A[%i, %j, %k - 1] : memref<?x?x?xf64>
            %20 = arith.addf %18, %19 : f64
            %21 = arith.mulf %c0125, %20 : f64
            %22 = arith.addf %14, %21 : f64
            %23 = affine.load %A[%i, %j, %k] : memref<?x?x?xf64>
            %24 = arith.addf %22, %23 : f64
            affine.store %24, %B[%i, %j, %k] : memref<?x?x?xf64>
          }
        }
      }
      affine.for %i = 1 to #nminus1()[%n] {
        affine.for %j = 1 to #nminus1()[%n] {
          affine.for %k = 1 to #nminus1()[%n] {
            %0 = affine.load %B[%i + 1, %j, %k] : memref<?x?x?xf64>
            %1 = affine.load %B[%i, %j, %k] : memref<?x?x?xf64>
            %2 = arith.mulf %two, %1 : f64
            %3 = arith.subf %0, %2 : f64
            %4 = affine.load %B[%i - 1, %j, %k] : memref<?x?x?xf64>
            %5 = arith.addf %3, %4 : f64
            %6 = arith.mulf %c0125, %5 : f64
            %7 = affine.load %B[%i, %j + 1, %k] : memref<?x?x?xf64>
            %8 = affine.load %B[%i, %j, %k] : memref<?x?x?xf64>
            %9 = arith.mulf %two, %8 : f64
            %10 = arith.subf %7, %9 : f64
            %11 = affine.load %B[%i, %j - 1, %k] : memref<?x?x?xf64>
            %12 = arith.addf %10, %11 : f64
            %13 = arith.mulf %c0125, %12 : f64
            %14 = arith.addf %6, %13 : f64
            %15 = affine.load %B[%i, %j, %k + 1] : memref<?x?x?xf64>
            %16 = affine.load %B[%i, %j, %k] : memref<?x?x?xf64>
            %17 = arith.mulf %two, %16 : f64
            %18 = arith.subf %15, %17 : f64
            %19 = affine.load %B[%i, %j, %k - 1] : memref<?x?x?xf64>
            %20 = arith.addf %18, %19 : f64
            %21 = arith.mulf %c0125, %20 : f64
            %22 = arith.addf %14, %21 : f64
            %23 = affine.load %B[%i, %j, %k] : memref<?x?x?xf64>
            %24 = arith.addf %22, %23 : f64
            affine.store %24, %A[%i, %j, %k] : memref<?x?x?xf64>
          }
        }
      }
    }
    return
  }

  func.func @init_heat_3d(%arg0: i32, %A: memref<?x?x?xf64>, %B: memref<?x?x?xf64>) {
    %n = arith.index_cast %arg0 : i32 to index
    %ten = arith.constant 10.0 : f64
    // A[i][j][k] = B[i][j][k] = (double)(i + j + (n-k)) * 10 / n
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %n {
        affine.for %k = 0 to %n {
          %ii = arith.index_cast %i : index to i32
          %jj = arith.index_cast %j : index to i32
          %kk = arith.index_cast %k : index to i32
          %0 = arith.addi %ii, %jj : i32
          %1 = arith.subi %arg0, %kk : i32
          %2 = arith.addi %0, %1 : i32
          %3 = arith.sitofp %2 : i32 to f64
          %4 = arith.mulf %3, %ten : f64
          %5 = arith.sitofp %arg0 : i32 to f64
          %6 = arith.divf %4, %5 : f64
          affine.store %6, %B[%i, %j, %k] : memref<?x?x?xf64>
          affine.store %6, %A[%i, %j, %k] : memref<?x?x?xf64>
        }
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %n = arith.index_cast %s1 : i32 to index
    %A = memref.alloc(%n, %n, %n) : memref<?x?x?xf64>
    %B = memref.alloc(%n, %n, %n) : memref<?x?x?xf64>
    func.call @init_heat_3d(%s1, %A, %B) : (i32, memref<?x?x?xf64>, memref<?x?x?xf64>) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_heat_3d(%s0, %s1, %A, %B) : (i32, i32, memref<?x?x?xf64>, memref<?x?x?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_3d(%A) : (memref<?x?x?xf64>) -> ()
    memref.dealloc %A : memref<?x?x?xf64>
    memref.dealloc %B : memref<?x?x?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_3d(memref<?x?x?xf64>)
}
