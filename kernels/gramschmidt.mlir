// PolyBench/C 4.2 gramschmidt: QR decomposition with modified Gram-Schmidt (A = Q*R)
// SIZES MINI: 20 30
// SIZES SMALL: 60 80
// SIZES MEDIUM: 200 240
// SIZES LARGE: 1000 1200
// SIZES EXTRALARGE: 2000 2600
// tessel_run params: m n
// The C local scalar nrm is a 0-d memref.

#id_plus1 = affine_map<(d0) -> (d0 + 1)>

module {
  func.func @kernel_gramschmidt(%arg0: i32, %arg1: i32, %A: memref<?x?xf64>,
                                %R: memref<?x?xf64>, %Q: memref<?x?xf64>) {
    %nrm = memref.alloca() : memref<f64>
    %m = arith.index_cast %arg0 : i32 to index
    %n = arith.index_cast %arg1 : i32 to index
    %zero = arith.constant 0.0 : f64
    affine.for %k = 0 to %n {
      affine.store %zero, %nrm[] : memref<f64>
      affine.for %i = 0 to %m {
        %0 = affine.load %A[%i, %k] : memref<?x?xf64>
        %1 = affine.load %A[%i, %k] : memref<?x?xf64>
        %2 = arith.mulf %0, %1 : f64
        %3 = affine.load %nrm[] : memref<f64>
        %4 = arith.addf %3, %2 : f64
        affine.store %4, %nrm[] : memref<f64>
      }
      %5 = affine.load %nrm[] : memref<f64>
      %6 = math.sqrt %5 : f64
      affine.store %6, %R[%k, %k] : memref<?x?xf64>
      affine.for %i = 0 to %m {
        %7 = affine.load %A[%i, %k] : memref<?x?xf64>
        %8 = affine.load %R[%k, %k] : memref<?x?xf64>
        %9 = arith.divf %7, %8 : f64
        affine.store %9, %Q[%i, %k] : memref<?x?xf64>
      }
      affine.for %j = #id_plus1(%k) to %n {
        affine.store %zero, %R[%k, %j] : memref<?x?xf64>
        affine.for %i = 0 to %m {
          %10 = affine.load %Q[%i, %k] : memref<?x?xf64>
          %11 = affine.load %A[%i, %j] : memref<?x?xf64>
          %12 = arith.mulf %10, %11 : f64
          %13 = affine.load %R[%k, %j] : memref<?x?xf64>
          %14 = arith.addf %13, %12 : f64
          affine.store %14, %R[%k, %j] : memref<?x?xf64>
        }
        affine.for %i = 0 to %m {
          %15 = affine.load %A[%i, %j] : memref<?x?xf64>
          %16 = affine.load %Q[%i, %k] : memref<?x?xf64>
          %17 = affine.load %R[%k, %j] : memref<?x?xf64>
          %18 = arith.mulf %16, %17 : f64
          %19 = arith.subf %15, %18 : f64
          affine.store %19, %A[%i, %j] : memref<?x?xf64>
        }
      }
    }
    return
  }

  func.func @init_gramschmidt(%arg0: i32, %arg1: i32, %A: memref<?x?xf64>,
                              %R: memref<?x?xf64>, %Q: memref<?x?xf64>) {
    %m = arith.index_cast %arg0 : i32 to index
    %n = arith.index_cast %arg1 : i32 to index
    %zero = arith.constant 0.0 : f64
    %c100 = arith.constant 100.0 : f64
    %c10 = arith.constant 10.0 : f64
    %fm = arith.sitofp %arg0 : i32 to f64
    affine.for %i = 0 to %m {
      affine.for %j = 0 to %n {
        // A[i][j] = (((double)((i*j) % m) / m) * 100) + 10
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.muli %ii, %jj : i32
        %1 = arith.remsi %0, %arg0 : i32
        %2 = arith.sitofp %1 : i32 to f64
        %3 = arith.divf %2, %fm : f64
        %4 = arith.mulf %3, %c100 : f64
        %5 = arith.addf %4, %c10 : f64
        affine.store %5, %A[%i, %j] : memref<?x?xf64>
        affine.store %zero, %Q[%i, %j] : memref<?x?xf64>
      }
    }
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %n {
        affine.store %zero, %R[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %m = arith.index_cast %s0 : i32 to index
    %n = arith.index_cast %s1 : i32 to index
    %A = memref.alloc(%m, %n) : memref<?x?xf64>
    %R = memref.alloc(%n, %n) : memref<?x?xf64>
    %Q = memref.alloc(%m, %n) : memref<?x?xf64>
    func.call @init_gramschmidt(%s0, %s1, %A, %R, %Q)
        : (i32, i32, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_gramschmidt(%s0, %s1, %A, %R, %Q)
        : (i32, i32, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_2d(%R) : (memref<?x?xf64>) -> ()
    func.call @tessel_hash_f64_2d(%Q) : (memref<?x?xf64>) -> ()
    memref.dealloc %A : memref<?x?xf64>
    memref.dealloc %R : memref<?x?xf64>
    memref.dealloc %Q : memref<?x?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_2d(memref<?x?xf64>)
}
