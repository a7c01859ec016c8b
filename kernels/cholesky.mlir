// PolyBench/C 4.2 cholesky: Cholesky decomposition A = L*L^T, L stored in the lower triangle of A
// SIZES MINI: 40
// SIZES SMALL: 120
// SIZES MEDIUM: 400
// SIZES LARGE: 2000
// SIZES EXTRALARGE: 4000
// tessel_run params: n
// PolyBench's print_array dumps only the lower triangle (j <= i); the whole
// array is hashed here (the upper triangle is written by init only).

#id = affine_map<(d0) -> (d0)>
#id_plus1 = affine_map<(d0) -> (d0 + 1)>

module {
  func.func @kernel_cholesky(%arg0: i32, %A: memref<?x?xf64>) {
    %n = arith.index_cast %arg0 : i32 to index
    affine.for %i = 0 to %n {
      // j < i
      affine.for %j = 0 to #id(%i) {
        affine.for %k = 0 to #id(%j) {
          %0 = affine.load %A[%i, %k] : memref<?x?xf64>
          %1 = affine.load %A[%j, %k] : memref<?x?xf64>
          %2 = arith.mulf %0, %1 : f64
          %3 = affine.load %A[%i, %j] : memref<?x?xf64>
          %4 = arith.subf %3, %2 : f64
          affine.store %4, %A[%i, %j] : memref<?x?xf64>
        }
        %5 = affine.load %A[%j, %j] : memref<?x?xf64>
        %6 = affine.load %A[%i, %j] : memref<?x?xf64>
        %7 = arith.divf %6, %5 : f64
        affine.store %7, %A[%i, %j] : memref<?x?xf64>
      }
      // i == j case
      affine.for %k = 0 to #id(%i) {
        %0 = affine.load %A[%i, %k] : memref<?x?xf64>
        %1 = affine.load %A[%i, %k] : memref<?x?xf64>
        %2 = arith.mulf %0, %1 : f64
        %3 = affine.load %A[%i, %i] : memref<?x?xf64>
        %4 = arith.subf %3, %2 : f64
        affine.store %4, %A[%i, %i] : memref<?x?xf64>
      }
      %8 = affine.load %A[%i, %i] : memref<?x?xf64>
      %9 = math.sqrt %8 : f64
      affine.store %9, %A[%i, %i] : memref<?x?xf64>
    }
    return
  }

  func.func @init_cholesky(%arg0: i32, %A: memref<?x?xf64>) {
    %n = arith.index_cast %arg0 : i32 to index
    %c0_i32 = arith.constant 0 : i32
    %zero = arith.constant 0.0 : f64
    %one = arith.constant 1.0 : f64
    // for (i < n) { A[i][j] = (double)(-j % n) / n + 1 for j <= i; 0 for j > i; A[i][i] = 1 }
    affine.for %i = 0 to %n {
      affine.for %j = 0 to #id_plus1(%i) {
        %jj = arith.index_cast %j : index to i32
        %0 = arith.subi %c0_i32, %jj : i32
        %1 = arith.remsi %0, %arg0 : i32
        %2 = arith.sitofp %1 : i32 to f64
        %3 = arith.sitofp %arg0 : i32 to f64
        %4 = arith.divf %2, %3 : f64
        %5 = arith.addf %4, %one : f64
        affine.store %5, %A[%i, %j] : memref<?x?xf64>
      }
      affine.for %j = #id_plus1(%i) to %n {
        affine.store %zero, %A[%i, %j] : memref<?x?xf64>
      }
      affine.store %one, %A[%i, %i] : memref<?x?xf64>
    }
    // Make the matrix positive semi-definite: B = A*A^T, A = B.
    %B = memref.alloc(%n, %n) : memref<?x?xf64>
    affine.for %r = 0 to %n {
      affine.for %s = 0 to %n {
        affine.store %zero, %B[%r, %s] : memref<?x?xf64>
      }
    }
    affine.for %t = 0 to %n {
      affine.for %r = 0 to %n {
        affine.for %s = 0 to %n {
          %0 = affine.load %A[%r, %t] : memref<?x?xf64>
          %1 = affine.load %A[%s, %t] : memref<?x?xf64>
          %2 = arith.mulf %0, %1 : f64
          %3 = affine.load %B[%r, %s] : memref<?x?xf64>
          %4 = arith.addf %3, %2 : f64
          affine.store %4, %B[%r, %s] : memref<?x?xf64>
        }
      }
    }
    affine.for %r = 0 to %n {
      affine.for %s = 0 to %n {
        %0 = affine.load %B[%r, %s] : memref<?x?xf64>
        affine.store %0, %A[%r, %s] : memref<?x?xf64>
      }
    }
    memref.dealloc %B : memref<?x?xf64>
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %n = arith.index_cast %s0 : i32 to index
    %A = memref.alloc(%n, %n) : memref<?x?xf64>
    func.call @init_cholesky(%s0, %A) : (i32, memref<?x?xf64>) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_cholesky(%s0, %A) : (i32, memref<?x?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_2d(%A) : (memref<?x?xf64>) -> ()
    memref.dealloc %A : memref<?x?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_2d(memref<?x?xf64>)
}
