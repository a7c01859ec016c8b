// PolyBench/C 4.2 2mm: D := alpha*A*B*C + beta*D (two matrix multiplications)
// SIZES MINI: 16 18 22 24
// SIZES SMALL: 40 50 70 80
// SIZES MEDIUM: 180 190 210 220
// SIZES LARGE: 800 900 1100 1200
// SIZES EXTRALARGE: 1600 1800 2200 2400
// tessel_run params: ni nj nk nl

module {
  func.func @kernel_2mm(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i32, %alpha: f64, %beta: f64,
                        %tmp: memref<?x?xf64>, %A: memref<?x?xf64>, %B: memref<?x?xf64>,
                        %C: memref<?x?xf64>, %D: memref<?x?xf64>) {
    %ni = arith.index_cast %arg0 : i32 to index
    %nj = arith.index_cast %arg1 : i32 to index
    %nk = arith.index_cast %arg2 : i32 to index
    %nl = arith.index_cast %arg3 : i32 to index
    %zero = arith.constant 0.0 : f64
    affine.for %i = 0 to %ni {
      affine.for %j = 0 to %nj {
        affine.store %zero, %tmp[%i, %j] : memref<?x?xf64>
        affine.for %k = 0 to %nk {
          %0 = affine.load %A[%i, %k] : memref<?x?xf64>
          %1 = arith.mulf %alpha, %0 : f64
          %2 = affine.load %B[%k, %j] : memref<?x?xf64>
          %3 = arith.mulf %1, %2 : f64
          %4 = affine.load %tmp[%i, %j] : memref<?x?xf64>
          %5 = arith.addf %4, %3 : f64
          affine.store %5, %tmp[%i, %j] : memref<?x?xf64>
        }
      }
    }
    affine.for %i = 0 to %ni {
      affine.for %j = 0 to %nl {
        %0 = affine.load %D[%i, %j] : memref<?x?xf64>
        %1 = arith.mulf %0, %beta : f64
        affine.store %1, %D[%i, %j] : memref<?x?xf64>
        affine.for %k = 0 to %nj {
          %2 = affine.load %tmp[%i, %k] : memref<?x?xf64>
          %3 = affine.load %C[%k, %j] : memref<?x?xf64>
          %4 = arith.mulf %2, %3 : f64
          %5 = affine.load %D[%i, %j] : memref<?x?xf64>
          %6 = arith.addf %5, %4 : f64
          affine.store %6, %D[%i, %j] : memref<?x?xf64>
        }
      }
    }
    return
  }

  func.func @init_2mm(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i32,
                      %alpha: memref<f64>, %beta: memref<f64>,
                      %A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>, %D: memref<?x?xf64>) {
    %ni = arith.index_cast %arg0 : i32 to index
    %nj = arith.index_cast %arg1 : i32 to index
    %nk = arith.index_cast %arg2 : i32 to index
    %nl = arith.index_cast %arg3 : i32 to index
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %cst_alpha = arith.constant 1.5 : f64
    %cst_beta = arith.constant 1.2 : f64
    affine.store %cst_alpha, %alpha[] : memref<f64>
    affine.store %cst_beta, %beta[] : memref<f64>
    // A[i][j] = (double)((i*j+1) % ni) / ni
    affine.for %i = 0 to %ni {
      affine.for %j = 0 to %nk {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.muli %ii, %jj : i32
        %1 = arith.addi %0, %c1 : i32
        %2 = arith.remsi %1, %arg0 : i32
        %3 = arith.sitofp %2 : i32 to f64
        %4 = arith.sitofp %arg0 : i32 to f64
        %5 = arith.divf %3, %4 : f64
        affine.store %5, %A[%i, %j] : memref<?x?xf64>
      }
    }
    // B[i][j] = (double)(i*(j+1) % nj) / nj
    affine.for %i = 0 to %nk {
      affine.for %j = 0 to %nj {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.addi %jj, %c1 : i32
        %1 = arith.muli %ii, %0 : i32
        %2 = arith.remsi %1, %arg1 : i32
        %3 = arith.sitofp %2 : i32 to f64
        %4 = arith.sitofp %arg1 : i32 to f64
        %5 = arith.divf %3, %4 : f64
        affine.store %5, %B[%i, %j] : memref<?x?xf64>
      }
    }
    // C[i][j] = (double)((i*(j+3)+1) % nl) / nl
    affine.for %i = 0 to %nj {
      affine.for %j = 0 to %nl {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.addi %jj, %c3 : i32
        %1 = arith.muli %ii, %0 : i32
        %2 = arith.addi %1, %c1 : i32
        %3 = arith.remsi %2, %arg3 : i32
        %4 = arith.sitofp %3 : i32 to f64
        %5 = arith.sitofp %arg3 : i32 to f64
        %6 = arith.divf %4, %5 : f64
        affine.store %6, %C[%i, %j] : memref<?x?xf64>
      }
    }
    // D[i][j] = (double)(i*(j+2) % nk) / nk
    affine.for %i = 0 to %ni {
      affine.for %j = 0 to %nl {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.addi %jj, %c2 : i32
        %1 = arith.muli %ii, %0 : i32
        %2 = arith.remsi %1, %arg2 : i32
        %3 = arith.sitofp %2 : i32 to f64
        %4 = arith.sitofp %arg2 : i32 to f64
        %5 = arith.divf %3, %4 : f64
        affine.store %5, %D[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %ni = arith.index_cast %s0 : i32 to index
    %nj = arith.index_cast %s1 : i32 to index
    %nk = arith.index_cast %s2 : i32 to index
    %nl = arith.index_cast %s3 : i32 to index
    %alpha = memref.alloca() : memref<f64>
    %beta = memref.alloca() : memref<f64>
    %tmp = memref.alloc(%ni, %nj) : memref<?x?xf64>
    %A = memref.alloc(%ni, %nk) : memref<?x?xf64>
    %B = memref.alloc(%nk, %nj) : memref<?x?xf64>
    %C = memref.alloc(%nj, %nl) : memref<?x?xf64>
    %D = memref.alloc(%ni, %nl) : memref<?x?xf64>
    func.call @init_2mm(%s0, %s1, %s2, %s3, %alpha, %beta, %A, %B, %C, %D)
        : (i32, i32, i32, i32, memref<f64>, memref<f64>, memref<?x?xf64>, memref<?x?xf64>,
           memref<?x?xf64>, memref<?x?xf64>) -> ()
    %a = affine.load %alpha[] : memref<f64>
    %b = affine.load %beta[] : memref<f64>
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_2mm(%s0, %s1, %s2, %s3, %a, %b, %tmp, %A, %B, %C, %D)
        : (i32, i32, i32, i32, f64, f64, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>,
           memref<?x?xf64>, memref<?x?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_2d(%D) : (memref<?x?xf64>) -> ()
    memref.dealloc %tmp : memref<?x?xf64>
    memref.dealloc %A : memref<?x?xf64>
    memref.dealloc %B : memref<?x?xf64>
    memref.dealloc %C : memref<?x?xf64>
    memref.dealloc %D : memref<?x?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_2d(memref<?x?xf64>)
}
