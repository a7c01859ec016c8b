// PolyBench/C 4.2 correlation: correlation matrix of N observations of M variables
// SIZES MINI: 28 32
// SIZES SMALL: 80 100
// SIZES MEDIUM: 240 260
// SIZES LARGE: 1200 1400
// SIZES EXTRALARGE: 2600 3000
// tessel_run params: m n
// The C local scalar eps (= 0.1) is a 0-d memref.

#id_plus1 = affine_map<(d0) -> (d0 + 1)>
#minus1 = affine_map<()[s0] -> (s0 - 1)>

module {
  func.func @kernel_correlation(%arg0: i32, %arg1: i32, %float_n: f64, %data: memref<?x?xf64>,
                                %corr: memref<?x?xf64>, %mean: memref<?xf64>, %stddev: memref<?xf64>) {
    %eps = memref.alloca() : memref<f64>
    %m = arith.index_cast %arg0 : i32 to index
    %n = arith.index_cast %arg1 : i32 to index
    %zero = arith.constant 0.0 : f64
    %one = arith.constant 1.0 : f64
    %cst_eps = arith.constant 0.1 : f64
    affine.store %cst_eps, %eps[] : memref<f64>
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
    affine.for %j = 0 to %m {
      affine.store %zero, %stddev[%j] : memref<?xf64>
      affine.for %i = 0 to %n {
        %0 = affine.load %data[%i, %j] : memref<?x?xf64>
        %1 = affine.load %mean[%j] : memref<?xf64>
        %2 = arith.subf %0, %1 : f64
        %3 = affine.load %data[%i, %j] : memref<?x?xf64>
        %4 = affine.load %mean[%j] : memref<?xf64>
        %5 = arith.subf %3, %4 : f64
        %6 = arith.mulf %2, %5 : f64
        %7 = affine.load %stddev[%j] : memref<?xf64>
        %8 = arith.addf %7, %6 : f64
        affine.store %8, %stddev[%j] : memref<?xf64>
      }
      %9 = affine.load %stddev[%j] : memref<?xf64>
      %10 = arith.divf %9, %float_n : f64
      affine.store %10, %stddev[%j] : memref<?xf64>
      %11 = affine.load %stddev[%j] : memref<?xf64>
      %12 = math.sqrt %11 : f64
      affine.store %12, %stddev[%j] : memref<?xf64>
      // stddev[j] = stddev[j] <= eps ? 1.0 : stddev[j]
      %13 = affine.load %stddev[%j] : memref<?xf64>
      %14 = affine.load %eps[] : memref<f64>
      %15 = arith.cmpf ole, %13, %14 : f64
      %16 = affine.load %stddev[%j] : memref<?xf64>
      %17 = arith.select %15, %one, %16 : f64
      affine.store %17, %stddev[%j] : memref<?xf64>
    }
    // Center and reduce the column vectors.
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %m {
        %0 = affine.load %mean[%j] : memref<?xf64>
        %1 = affine.load %data[%i, %j] : memref<?x?xf64>
        %2 = arith.subf %1, %0 : f64
        affine.store %2, %data[%i, %j] : memref<?x?xf64>
        %3 = math.sqrt %float_n : f64
        %4 = affine.load %stddev[%j] : memref<?xf64>
        %5 = arith.mulf %3, %4 : f64
        %6 = affine.load %data[%i, %j] : memref<?x?xf64>
        %7 = arith.divf %6, %5 : f64
        affine.store %7, %data[%i, %j] : memref<?x?xf64>
      }
    }
    // Calculate the m * m correlation matrix.
    affine.for %i = 0 to #minus1()[%m] {
      affine.store %one, %corr[%i, %i] : memref<?x?xf64>
      affine.for %j = #id_plus1(%i) to %m {
        affine.store %zero, %corr[%i, %j] : memref<?x?xf64>
        affine.for %k = 0 to %n {
          %0 = affine.load %data[%k, %i] : memref<?x?xf64>
          %1 = affine.load %data[%k, %j] : memref<?x?xf64>
          %2 = arith.mulf %0, %1 : f64
          %3 = affine.load %corr[%i, %j] : memref<?x?xf64>
          %4 = arith.addf %3, %2 : f64
          affine.store %4, %corr[%i, %j] : memref<?x?xf64>
        }
        %5 = affine.load %corr[%i, %j] : memref<?x?xf64>
        affine.store %5, %corr[%j, %i] : memref<?x?xf64>
      }
    }
    affine.store %one, %corr[symbol(%m) - 1, symbol(%m) - 1] : memref<?x?xf64>
    return
  }

  func.func @init_correlation(%arg0: i32, %arg1: i32, %float_n: memref<f64>, %data: memref<?x?xf64>) {
    %m = arith.index_cast %arg0 : i32 to index
    %n = arith.index_cast %arg1 : i32 to index
    // *float_n = (double)N
    %fn = arith.sitofp %arg1 : i32 to f64
    affine.store %fn, %float_n[] : memref<f64>
    // data[i][j] = (double)(i*j)/M + i
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %m {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.muli %ii, %jj : i32
        %1 = arith.sitofp %0 : i32 to f64
        %2 = arith.sitofp %arg0 : i32 to f64
        %3 = arith.divf %1, %2 : f64
        %4 = arith.sitofp %ii : i32 to f64
        %5 = arith.addf %3, %4 : f64
        affine.store %5, %data[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %m = arith.index_cast %s0 : i32 to index
    %n = arith.index_cast %s1 : i32 to index
    %float_n = memref.alloca() : memref<f64>
    %data = memref.alloc(%n, %m) : memref<?x?xf64>
    %corr = memref.alloc(%m, %m) : memref<?x?xf64>
    %mean = memref.alloc(%m) : memref<?xf64>
    %stddev = memref.alloc(%m) : memref<?xf64>
    func.call @init_correlation(%s0, %s1, %float_n, %data) : (i32, i32, memref<f64>, memref<?x?xf64>) -> ()
    %fn = affine.load %float_n[] : memref<f64>
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_correlation(%s0, %s1, %fn, %data, %corr, %mean, %stddev)
        : (i32, i32, f64, memref<?x?xf64>, memref<?x?xf64>, memref<?xf64>, memref<?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_2d(%corr) : (memref<?x?xf64>) -> ()
    memref.dealloc %data : memref<?x?xf64>
    memref.dealloc %corr : memref<?x?xf64>
    memref.dealloc %mean : memref<?xf64>
    memref.dealloc %stddev : memref<?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_2d(memref<?x?xf64>)
}
