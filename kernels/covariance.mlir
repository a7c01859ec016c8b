// PolyBench/C 4.2 covariance: covariance matrix of N observations of M variables
// SIZES MINI: 28 32
// SIZES SMALL: 80 100
// SIZES MEDIUM: 240 260
// SIZES LARGE: 1200 1400
// SIZES EXTRALARGE: 2600 3000
// tessel_run params: m n

#id = affine_map<(d0) -> (d0)>

module {
  func.func @kernel_covariance(%arg0: i32, %arg1: i32, %float_n: f64, %data: memref<?x?xf64>,
                               %cov: memref<?x?xf64>, %mean: memref<?xf64>) {
    %m = arith.index_cast %arg0 : i32 to index
    %n = arith.index_cast %arg1 : i32 to index
    %zero = arith.constant 0.0 : f64
    %one = arith.constant 1.0 : f64
    affine.for %j = 0 to %m {
      affine.store %zero, %mean[%j] : memref<?xf64>
      affine.for %i = 0 to %n {
        %0 = affine.load %data[%i, %j] : memref<?x?xf64>
        %1 = affine.load %mean[%j] : memref<?xf64>
        %2 = arith.addf %1, %0 : f64
        affine.store %2, %mean[%j] : memref<?xf64>
      }
      %3 = affine.load %mean[%j] : memref<?xf64>
      %4 = arith.divf %3, %float_n : f64
      affine.store %4, %mean[%j] : memref<?xf64>
    }
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %m {
        %0 = affine.load %mean[%j] : memref<?xf64>
        %1 = affine.load %data[%i, %j] : memref<?x?xf64>
        %2 = arith.subf %1, %0 : f64
        affine.store %2, %data[%i, %j] : memref<?x?xf64>
      }
    }
    affine.for %i = 0 to %m {
      affine.for %j = #id(%i) to %m {
        affine.store %zero, %cov[%i, %j] : memref<?x?xf64>
        affine.for %k = 0 to %n {
          %0 = affine.load %data[%k, %i] : memref<?x?xf64>
          %1 = affine.load %data[%k, %j] : memref<?x?xf64>
          %2 = arith.mulf %0, %1 : f64
          %3 = affine.load %cov[%i, %j] : memref<?x?xf64>
          %4 = arith.addf %3, %2 : f64
          affine.store %4, %cov[%i, %j] : memref<?x?xf64>
        }
        %5 = arith.subf %float_n, %one : f64
        %6 = affine.load %cov[%i, %j] : memref<?x?xf64>
        %7 = arith.divf %6, %5 : f64
        affine.store %7, %cov[%i, %j] : memref<?x?xf64>
        %8 = affine.load %cov[%i, %j] : memref<?x?xf64>
        affine.store %8, %cov[%j, %i] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @init_covariance(%arg0: i32, %arg1: i32, %float_n: memref<f64>, %data: memref<?x?xf64>) {
    %m = arith.index_cast %arg0 : i32 to index
    %n = arith.index_cast %arg1 : i32 to index
    // *float_n = (double)n
    %fn = arith.sitofp %arg1 : i32 to f64
    affine.store %fn, %float_n[] : memref<f64>
    // data[i][j] = ((double) i*j) / M
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %m {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.sitofp %ii : i32 to f64
        %1 = arith.sitofp %jj : i32 to f64
        %2 = arith.mulf %0, %1 : f64
        %3 = arith.sitofp %arg0 : i32 to f64
        %4 = arith.divf %2, %3 : f64
        affine.store %4, %data[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %m = arith.index_cast %s0 : i32 to index
    %n = arith.index_cast %s1 : i32 to index
    %float_n = memref.alloca() : memref<f64>
    %data = memref.alloc(%n, %m) : memref<?x?xf64>
    %cov = memref.alloc(%m, %m) : memref<?x?xf64>
    %mean = memref.alloc(%m) : memref<?xf64>
    func.call @init_covariance(%s0, %s1, %float_n, %data) : (i32, i32, memref<f64>, memref<?x?xf64>) -> ()
    %fn = affine.load %float_n[] : memref<f64>
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_covariance(%s0, %s1, %fn, %data, %cov, %mean)
        : (i32, i32, f64, memref<?x?xf64>, memref<?x?xf64>, memref<?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_2d(%cov) : (memref<?x?xf64>) -> ()
    memref.dealloc %data : memref<?x?xf64>
    memref.dealloc %cov : memref<?x?xf64>
    memref.dealloc %mean : memref<?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_2d(memref<?x?xf64>)
}
