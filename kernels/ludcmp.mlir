// PolyBench/C 4.2 ludcmp: LU decomposition followed by forward and backward substitution (solve A x = b)
// SIZES MINI: 40
// SIZES SMALL: 120
// SIZES MEDIUM: 400
// SIZES LARGE: 2000
// SIZES EXTRALARGE: 4000
// tessel_run params: n
// The C local scalar w is a 0-d memref. The backward substitution loop
// `for (i = n-1; i >= 0; i--)` runs %ii = 0 .. n-1 with i = n-1-ii folded
// into the affine maps.

#id = affine_map<(d0) -> (d0)>
#id_plus1 = affine_map<(d0) -> (d0 + 1)>
#rev_plus1 = affine_map<(d0)[s0] -> (s0 - d0)>

module {
  func.func @kernel_ludcmp(%arg0: i32, %A: memref<?x?xf64>, %b: memref<?xf64>,
                           %x: memref<?xf64>, %y: memref<?xf64>) {
    %w = memref.alloca() : memref<f64>
    %n = arith.index_cast %arg0 : i32 to index
    affine.for %i = 0 to %n {
      affine.for %j = 0 to #id(%i) {
        %0 = affine.load %A[%i, %j] : memref<?x?xf64>
        affine.store %0, %w[] : memref<f64>
        affine.for %k = 0 to #id(%j) {
          %1 = affine.load %A[%i, %k] : memref<?x?xf64>
          %2 = affine.load %A[%k, %j] : memref<?x?xf64>
          %3 = arith.mulf %1, %2 : f64
          %4 = affine.load %w[] : memref<f64>
          %5 = arith.subf %4, %3 : f64
          affine.store %5, %w[] : memref<f64>
        }
        %6 = affine.load %w[] : memref<f64>
        %7 = affine.load %A[%j, %j] : memref<?x?xf64>
        %8 = arith.divf %6, %7 : f64
        affine.store %8, %A[%i, %j] : memref<?x?xf64>
      }
      affine.for %j = #id(%i) to %n {
        %0 = affine.load %A[%i, %j] : memref<?x?xf64>
        affine.store %0, %w[] : memref<f64>
        affine.for %k = 0 to #id(%i) {
          %1 = affine.load %A[%i, %k] : memref<?x?xf64>
          %2 = affine.load %A[%k, %j] : memref<?x?xf64>
          %3 = arith.mulf %1, %2 : f64
          %4 = affine.load %w[] : memref<f64>
          %5 = arith.subf %4, %3 : f64
          affine.store %5, %w[] : memref<f64>
        }
        %6 = affine.load %w[] : memref<f64>
        affine.store %6, %A[%i, %j] : memref<?x?xf64>
      }
    }
    affine.for %i = 0 to %n {
      %0 = affine.load %b[%i] : memref<?xf64>
      affine.store %0, %w[] : memref<f64>
      affine.for %j = 0 to #id(%i) {
        %1 = affine.load %A[%i, %j] : memref<?x?xf64>
        %2 = affine.load %y[%j] : memref<?xf64>
        %3 = arith.mulf %1, %2 : f64
        %4 = affine.load %w[] : memref<f64>
        %5 = arith.subf %4, %3 : f64
        affine.store %5, %w[] : memref<f64>
      }
      %6 = affine.load %w[] : memref<f64>
      affine.store %6, %y[%i] : memref<?xf64>
    }
    // for (i = n-1; i >= 0; i--), i = n-1-ii
    affine.for %ii = 0 to %n {
      %0 = affine.load %y[symbol(%n) - %ii - 1] : memref<?xf64>
      affine.store %0, %w[] : memref<f64>
      affine.for %j = #rev_plus1(%ii)[%n] to %n {
        %1 = affine.load %A[symbol(%n) - %ii - 1, %j] : memref<?x?xf64>
        %2 = affine.load %x[%j] : memref<?xf64>
        %3 = arith.mulf %1, %2 : f64
        %4 = affine.load %w[] : memref<f64>
        %5 = arith.subf %4, %3 : f64
        affine.store %5, %w[] : memref<f64>
      }
      %6 = affine.load %w[] : memref<f64>
      %7 = affine.load %A[symbol(%n) - %ii - 1, symbol(%n) - %ii - 1] : memref<?x?xf64>
      %8 = arith.divf %6, %7 : f64
      affine.store %8, %x[symbol(%n) - %ii - 1] : memref<?xf64>
    }
    return
  }

  func.func @init_ludcmp(%arg0: i32, %A: memref<?x?xf64>, %b: memref<?xf64>,
                         %x: memref<?xf64>, %y: memref<?xf64>) {
    %n = arith.index_cast %arg0 : i32 to index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %zero = arith.constant 0.0 : f64
    %one = arith.constant 1.0 : f64
    %two = arith.constant 2.0 : f64
    %four = arith.constant 4.0 : f64
    %fn = arith.sitofp %arg0 : i32 to f64
    affine.for %i = 0 to %n {
      affine.store %zero, %x[%i] : memref<?xf64>
      affine.store %zero, %y[%i] : memref<?xf64>
      // b[i] = (i+1)/fn/2.0 + 4
      %ii = arith.index_cast %i : index to i32
      %0 = arith.addi %ii, %c1_i32 : i32
      %1 = arith.sitofp %0 : i32 to f64
      %2 = arith.divf %1, %fn : f64
      %3 = arith.divf %2, %two : f64
      %4 = arith.addf %3, %four : f64
      affine.store %4, %b[%i] : memref<?xf64>
    }
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
    %b = memref.alloc(%n) : memref<?xf64>
    %x = memref.alloc(%n) : memref<?xf64>
    %y = memref.alloc(%n) : memref<?xf64>
    func.call @init_ludcmp(%s0, %A, %b, %x, %y)
        : (i32, memref<?x?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_ludcmp(%s0, %A, %b, %x, %y)
        : (i32, memref<?x?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_1d(%x) : (memref<?xf64>) -> ()
    memref.dealloc %A : memref<?x?xf64>
    memref.dealloc %b : memref<?xf64>
    memref.dealloc %x : memref<?xf64>
    memref.dealloc %y : memref<?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_1d(memref<?xf64>)
}
