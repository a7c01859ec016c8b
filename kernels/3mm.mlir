// PolyBench/C 4.2 3mm: G := (A*B)*(C*D) (three matrix multiplications)
// SIZES MINI: 16 18 20 22 24
// SIZES SMALL: 40 50 60 70 80
// SIZES MEDIUM: 180 190 200 210 220
// SIZES LARGE: 800 900 1000 1100 1200
// SIZES EXTRALARGE: 1600 1800 2000 2200 2400
// tessel_run params: ni nj nk nl nm

module {
  func.func @kernel_3mm(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i32, %arg4: i32,
                        %E: memref<?x?xf64>, %A: memref<?x?xf64>, %B: memref<?x?xf64>,
                        %F: memref<?x?xf64>, %C: memref<?x?xf64>, %D: memref<?x?xf64>,
                        %G: memref<?x?xf64>) {
    %ni = arith.index_cast %arg0 : i32 to index
    %nj = arith.index_cast %arg1 : i32 to index
    %nk = arith.index_cast %arg2 : i32 to index
    %nl = arith.index_cast %arg3 : i32 to index
    %nm = arith.index_cast %arg4 : i32 to index
    %zero = arith.constant 0.0 : f64
    // E := A*B
    affine.for %i = 0 to %ni {
      affine.for %j = 0 to %nj {
        affine.store %zero, %E[%i, %j] : memref<?x?xf64>
        affine.for %k = 0 to %nk {
          %0 = affine.load %A[%i, %k] : memref<?x?xf64>
          %1 = affine.load %B[%k, %j] : memref<?x?xf64>
          %2 = arith.mulf %0, %1 : f64
          %3 = affine.load %E[%i, %j] : memref<?x?xf64>
          %4 = arith.addf %3, %2 : f64
          affine.store %4, %E[%i, %j] : memref<?x?xf64>
        }
      }
    }
    // F := C*D
    affine.for %i = 0 to %nj {
      affine.for %j = 0 to %nl {
        affine.store %zero, %F[%i, %j] : memref<?x?xf64>
        affine.for %k = 0 to %nm {
          %0 = affine.load %C[%i, %k] : memref<?x?xf64>
          %1 = affine.load %D[%k, %j] : memref<?x?xf64>
          %2 = arith.mulf %0, %1 : f64
          %3 = affine.load %F[%i, %j] : memref<?x?xf64>
          %4 = arith.addf %3, %2 : f64
          affine.store %4, %F[%i, %j] : memref<?x?xf64>
        }
      }
    }
    // G := E*F
    affine.for %i = 0 to %ni {
      affine.for %j = 0 to %nl {
        affine.store %zero, %G[%i, %j] : memref<?x?xf64>
        affine.for %k = 0 to %nj {
          %0 = affine.load %E[%i, %k] : memref<?x?xf64>
          %1 = affine.load %F[%k, %j] : memref<?x?xf64>
          %2 = arith.mulf %0, %1 : f64
          %3 = affine.load %G[%i, %j] : memref<?x?xf64>
          %4 = arith.addf %3, %2 : f64
          affine.store %4, %G[%i, %j] : memref<?x?xf64>
        }
      }
    }
    return
  }

  func.func @init_3mm(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i32, %arg4: i32,
                      %A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>, %D: memref<?x?xf64>) {
    %ni = arith.index_cast %arg0 : i32 to index
    %nj = arith.index_cast %arg1 : i32 to index
    %nk = arith.index_cast %arg2 : i32 to index
    %nl = arith.index_cast %arg3 : i32 to index
    %nm = arith.index_cast %arg4 : i32 to index
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %c5 = arith.constant 5 : i32
    // A[i][j] = (double)((i*j+1) % ni) / (5*ni)
    affine.for %i = 0 to %ni {
      affine.for %j = 0 to %nk {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.muli %ii, %jj : i32
        %1 = arith.addi %0, %c1 : i32
        %2 = arith.remsi %1, %arg0 : i32
        %3 = arith.sitofp %2 : i32 to f64
        %4 = arith.muli %c5, %arg0 : i32
        %5 = arith.sitofp %4 : i32 to f64
        %6 = arith.divf %3, %5 : f64
        affine.store %6, %A[%i, %j] : memref<?x?xf64>
      }
    }
    // B[i][j] = (double)((i*(j+1)+2) % nj) / (5*nj)
    affine.for %i = 0 to %nk {
      affine.for %j = 0 to %nj {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.addi %jj, %c1 : i32
        %1 = arith.muli %ii, %0 : i32
        %2 = arith.addi %1, %c2 : i32
        %3 = arith.remsi %2, %arg1 : i32
        %4 = arith.sitofp %3 : i32 to f64
        %5 = arith.muli %c5, %arg1 : i32
        %6 = arith.sitofp %5 : i32 to f64
        %7 = arith.divf %4, %6 : f64
        affine.store %7, %B[%i, %j] : memref<?x?xf64>
      }
    }
    // C[i][j] = (double)(i*(j+3) % nl) / (5*nl)
    affine.for %i = 0 to %nj {
      affine.for %j = 0 to %nm {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.addi %jj, %c3 : i32
        %1 = arith.muli %ii, %0 : i32
        %2 = arith.remsi %1, %arg3 : i32
        %3 = arith.sitofp %2 : i32 to f64
        %4 = arith.muli %c5, %arg3 : i32
        %5 = arith.sitofp %4 : i32 to f64
        %6 = arith.divf %3, %5 : f64
        affine.store %6, %C[%i, %j] : memref<?x?xf64>
      }
    }
    // D[i][j] = (double)((i*(j+2)+2) % nk) / (5*nk)
    affine.for %i = 0 to %nm {
      affine.for %j = 0 to %nl {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.addi %jj, %c2 : i32
        %1 = arith.muli %ii, %0 : i32
        %2 = arith.addi %1, %c2 : i32
        %3 = arith.remsi %2, %arg2 : i32
        %4 = arith.sitofp %3 : i32 to f64
        %5 = arith.muli %c5, %arg2 : i32
        %6 = arith.sitofp %5 : i32 to f64
        %7 = arith.divf %4, %6 : f64
        affine.store %7, %D[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %ni = arith.index_cast %s0 : i32 to index
    %nj = arith.index_cast %s1 : i32 to index
    %nk = arith.index_cast %s2 : i32 to index
    %nl = arith.index_cast %s3 : i32 to index
    %nm = arith.index_cast %s4 : i32 to index
    %E = memref.alloc(%ni, %nj) : memref<?x?xf64>
    %A = memref.alloc(%ni, %nk) : memref<?x?xf64>
    %B = memref.alloc(%nk, %nj) : memref<?x?xf64>
    %F = memref.alloc(%nj, %nl) : memref<?x?xf64>
    %C = memref.alloc(%nj, %nm) : memref<?x?xf64>
    %D = memref.alloc(%nm, %nl) : memref<?x?xf64>
    %G = memref.alloc(%ni, %nl) : memref<?x?xf64>
    func.call @init_3mm(%s0, %s1, %s2, %s3, %s4, %A, %B, %C, %D)
        : (i32, i32, i32, i32, i32, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_3mm(%s0, %s1, %s2, %s3, %s4, %E, %A, %B, %F, %C, %D, %G)
        : (i32, i32, i32, i32, i32, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>,
           memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_2d(%G) : (memref<?x?xf64>) -> ()
    memref.dealloc %E : memref<?x?xf64>
    memref.dealloc %A : memref<?x?xf64>
    memref.dealloc %B : memref<?x?xf64>
    memref.dealloc %F : memref<?x?xf64>
    memref.dealloc %C : memref<?x?xf64>
    memref.dealloc %D : memref<?x?xf64>
    memref.dealloc %G : memref<?x?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_2d(memref<?x?xf64>)
}
