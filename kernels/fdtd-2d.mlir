// PolyBench/C 4.2 fdtd-2d: 2D finite-difference time-domain kernel (Yee's method, Ex/Ey/Hz fields)
// SIZES MINI: 20 20 30
// SIZES SMALL: 40 60 80
// SIZES MEDIUM: 100 200 240
// SIZES LARGE: 500 1000 1200
// SIZES EXTRALARGE: 1000 2000 2600
// tessel_run params: tmax nx ny

#minus1 = affine_map<()[s0] -> (s0 - 1)>

module {
  func.func @kernel_fdtd_2d(%arg0: i32, %arg1: i32, %arg2: i32, %ex: memref<?x?xf64>,
                            %ey: memref<?x?xf64>, %hz: memref<?x?xf64>, %fict: memref<?xf64>) {
    %tmax = arith.index_cast %arg0 : i32 to index
    %nx = arith.index_cast %arg1 : i32 to index
    %ny = arith.index_cast %arg2 : i32 to index
    %half = arith.constant 0.5 : f64
    %c07 = arith.constant 0.7 : f64
    affine.for %t = 0 to %tmax {
      affine.for %j = 0 to %ny {
        %0 = affine.load %fict[%t] : memref<?xf64>
        affine.store %0, %ey[0, %j] : memref<?x?xf64>
      }
      affine.for %i = 1 to %nx {
        affine.for %j = 0 to %ny {
          // ey[i][j] = ey[i][j] - 0.5*(hz[i][j] - hz[i-1][j])
          %0 = affine.load %ey[%i, %j] : memref<?x?xf64>
          %1 = affine.load %hz[%i, %j] : memref<?x?xf64>
          %2 = affine.load %hz[%i - 1, %j] : memref<?x?xf64>
          %3 = arith.subf %1, %2 : f64
          %4 = arith.mulf %half, %3 : f64
          %5 = arith.subf %0, %4 : f64
          affine.store %5, %ey[%i, %j] : memref<?x?xf64>
        }
      }
      affine.for %i = 0 to %nx {
        affine.for %j = 1 to %ny {
          // ex[i][j] = ex[i][j] - 0.5*(hz[i][j] - hz[i][j-1])
          %0 = affine.load %ex[%i, %j] : memref<?x?xf64>
          %1 = affine.load %hz[%i, %j] : memref<?x?xf64>
          %2 = affine.load %hz[%i, %j - 1] : memref<?x?xf64>
          %3 = arith.subf %1, %2 : f64
          %4 = arith.mulf %half, %3 : f64
          %5 = arith.subf %0, %4 : f64
          affine.store %5, %ex[%i, %j] : memref<?x?xf64>
        }
      }
      affine.for %i = 0 to #minus1()[%nx] {
        affine.for %j = 0 to #minus1()[%ny] {
          // hz[i][j] = hz[i][j] - 0.7*(ex[i][j+1] - ex[i][j] + ey[i+1][j] - ey[i][j])
          %0 = affine.load %hz[%i, %j] : memref<?x?xf64>
          %1 = affine.load %ex[%i, %j + 1] : memref<?x?xf64>
          %2 = affine.load %ex[%i, %j] : memref<?x?xf64>
          %3 = arith.subf %1, %2 : f64
          %4 = affine.load %ey[%i + 1, %j] : memref<?x?xf64>
          %5 = arith.addf %3, %4 : f64
          %6 = affine.load %ey[%i, %j] : memref<?x?xf64>
          %7 = arith.subf %5, %6 : f64
          %8 = arith.mulf %c07, %7 : f64
          %9 = arith.subf %0, %8 : f64
          affine.store %9, %hz[%i, %j] : memref<?x?xf64>
        }
      }
    }
    return
  }

  func.func @init_fdtd_2d(%arg0: i32, %arg1: i32, %arg2: i32, %ex: memref<?x?xf64>,
                          %ey: memref<?x?xf64>, %hz: memref<?x?xf64>, %fict: memref<?xf64>) {
    %tmax = arith.index_cast %arg0 : i32 to index
    %nx = arith.index_cast %arg1 : i32 to index
    %ny = arith.index_cast %arg2 : i32 to index
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    // _fict_[i] = (double)i
    affine.for %i = 0 to %tmax {
      %ii = arith.index_cast %i : index to i32
      %0 = arith.sitofp %ii : i32 to f64
      affine.store %0, %fict[%i] : memref<?xf64>
    }
    affine.for %i = 0 to %nx {
      affine.for %j = 0 to %ny {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        // ex[i][j] = ((double)i*(j+1)) / nx
        %0 = arith.sitofp %ii : i32 to f64
        %1 = arith.addi %jj, %c1 : i32
        %2 = arith.sitofp %1 : i32 to f64
        %3 = arith.mulf %0, %2 : f64
        %4 = arith.sitofp %arg1 : i32 to f64
        %5 = arith.divf %3, %4 : f64
        affine.store %5, %ex[%i, %j] : memref<?x?xf64>
        // ey[i][j] = ((double)i*(j+2)) / ny
        %6 = arith.sitofp %ii : i32 to f64
        %7 = arith.addi %jj, %c2 : i32
        %8 = arith.sitofp %7 : i32 to f64
        %9 = arith.mulf %6, %8 : f64
        %10 = arith.sitofp %arg2 : i32 to f64
        %11 = arith.divf %9, %10 : f64
        affine.store %11, %ey[%i, %j] : memref<?x?xf64>
        // hz[i][j] = ((double)i*(j+3)) / nx
        %12 = arith.sitofp %ii : i32 to f64
        %13 = arith.addi %jj, %c3 : i32
        %14 = arith.sitofp %13 : i32 to f64
        %15 = arith.mulf %12, %14 : f64
        %16 = arith.sitofp %arg1 : i32 to f64
        %17 = arith.divf %15, %16 : f64
        affine.store %17, %hz[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %tmax = arith.index_cast %s0 : i32 to index
    %nx = arith.index_cast %s1 : i32 to index
    %ny = arith.index_cast %s2 : i32 to index
    %ex = memref.alloc(%nx, %ny) : memref<?x?xf64>
    %ey = memref.alloc(%nx, %ny) : memref<?x?xf64>
    %hz = memref.alloc(%nx, %ny) : memref<?x?xf64>
    %fict = memref.alloc(%tmax) : memref<?xf64>
    func.call @init_fdtd_2d(%s0, %s1, %s2, %ex, %ey, %hz, %fict)
        : (i32, i32, i32, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>, memref<?xf64>) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_fdtd_2d(%s0, %s1, %s2, %ex, %ey, %hz, %fict)
        : (i32, i32, i32, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>, memref<?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_2d(%ex) : (memref<?x?xf64>) -> ()
    func.call @tessel_hash_f64_2d(%ey) : (memref<?x?xf64>) -> ()
    func.call @tessel_hash_f64_2d(%hz) : (memref<?x?xf64>) -> ()
    memref.dealloc %ex : memref<?x?xf64>
    memref.dealloc %ey : memref<?x?xf64>
    memref.dealloc %hz : memref<?x?xf64>
    memref.dealloc %fict : memref<?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_2d(memref<?x?xf64>)
}
