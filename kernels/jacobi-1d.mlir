// PolyBench/C 4.2 jacobi-1d: 1D Jacobi stencil (3-point average), alternating between A and B
// SIZES MINI: 20 30
// SIZES SMALL: 40 120
// SIZES MEDIUM: 100 400
// SIZES LARGE: 500 2000
// SIZES EXTRALARGE: 1000 4000
// tessel_run params: tsteps n

#nminus1 = affine_map<()[s0] -> (s0 - 1)>

module {
  func.func @kernel_jacobi_1d(%arg0: i32, %arg1: i32, %A: memref<?xf64>, %B: memref<?xf64>) {
    %tsteps = arith.index_cast %arg0 : i32 to index
    %n = arith.index_cast %arg1 : i32 to index
    %third = arith.constant 0.33333 : f64
    affine.for %t = 0 to %tsteps {
      affine.for %i = 1 to #nminus1()[%n] {
        // B[i] = 0.33333 * (A[i-1] + A[i] + A[i+1])
        %0 = affine.load %A[%i - 1] : memref<?xf64>
        %1 = affine.load %A[%i] : memref<?xf64>
        %2 = arith.addf %0, %1 : f64
        %3 = affine.load %A[%i + 1] : memref<?xf64>
        %4 = arith.addf %2, %3 : f64
        %5 = arith.mulf %third, %4 : f64
        affine.store %5, %B[%i] : memref<?xf64>
      }
      affine.for %i = 1 to #nminus1()[%n] {
        // A[i] = 0.33333 * (B[i-1] + B[i] + B[i+1])
        %0 = affine.load %B[%i - 1] : memref<?xf64>
        %1 = affine.load %B[%i] : memref<?xf64>
        %2 = arith.addf %0, %1 : f64
        %3 = affine.load %B[%i + 1] : memref<?xf64>
        %4 = arith.addf %2, %3 : f64
        %5 = arith.mulf %third, %4 : f64
        affine.store %5, %A[%i] : memref<?xf64>
      }
    }
    return
  }

  func.func @init_jacobi_1d(%arg0: i32, %A: memref<?xf64>, %B: memref<?xf64>) {
    %n = arith.index_cast %arg0 : i32 to index
    %two = arith.constant 2.0 : f64
    %three = arith.constant 3.0 : f64
    affine.for %i = 0 to %n {
      %ii = arith.index_cast %i : index to i32
      // A[i] = ((double)i + 2) / n
      %0 = arith.sitofp %ii : i32 to f64
      %1 = arith.addf %0, %two : f64
      %2 = arith.sitofp %arg0 : i32 to f64
      %3 = arith.divf %1, %2 : f64
      affine.store %3, %A[%i] : memref<?xf64>
      // B[i] = ((double)i + 3) / n
      %4 = arith.sitofp %ii : i32 to f64
      %5 = arith.addf %4, %three : f64
      %6 = arith.sitofp %arg0 : i32 to f64
      %7 = arith.divf %5, %6 : f64
      affine.store %7, %B[%i] : memref<?xf64>
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %n = arith.index_cast %s1 : i32 to index
    %A = memref.alloc(%n) : memref<?xf64>
    %B = memref.alloc(%n) : memref<?xf64>
    func.call @init_jacobi_1d(%s1, %A, %B) : (i32, memref<?xf64>, memref<?xf64>) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_jacobi_1d(%s0, %s1, %A, %B) : (i32, i32, memref<?xf64>, memref<?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_1d(%A) : (memref<?xf64>) -> ()
    memref.dealloc %A : memref<?xf64>
    memref.dealloc %B : memref<?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_1d(memref<?xf64>)
}
