// PolyBench/C 4.2 syr2k: C := alpha*A*B^T + alpha*B*A^T + beta*C, lower triangle (symmetric rank-2k update)
// SIZES MINI: 30 20
// SIZES SMALL: 80 60
// SIZES MEDIUM: 240 200
// SIZES LARGE: 1200 1000
// SIZES EXTRALARGE: 2600 2000
// tessel_run params: n m

#id_plus1 = affine_map<(d0) -> (d0 + 1)>

module {
  func.func @kernel_syr2k(%arg0: i32, %arg1: i32, %alpha: f64, %beta: f64,
                          %C: memref<?x?xf64>, %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
    %n = arith.index_cast %arg0 : i32 to index
    %m = arith.index_cast %arg1 : i32 to index
    affine.for %i = 0 to %n {
      affine.for %j = 0 to #id_plus1(%i) {
        %0 = affine.load %C[%i, %j] : memref<?x?xf64>
        %1 = arith.mulf %0, %beta : f64
        affine.store %1, %C[%i, %j] : memref<?x?xf64>
      }
      affine.for %k = 0 to %m {
        affine.for %j = 0 to #id_plus1(%i) {
          %0 = affine.load %A[%j, %k] : memref<?x?xf64>
          %1 = arith.mulf %0, %alpha : f64
          %2 = affine.load %B[%i, %k] : memref<?x?xf64>
          %3 = arith.mulf %1, %2 : f64
          %4 = affine.load %B[%j, %k] : memref<?x?xf64>
          %5 = arith.mulf %4, %alpha : f64
          %6 = affine.load %A[%i, %k] : memref<?x?xf64>
          %7 = arith.mulf %5, %6 : f64
          %8 = arith.addf %3, %7 : f64
          %9 = affine.load %C[%i, %j] : memref<?x?xf64>
          %10 = arith.addf %9, %8 : f64
          affine.store %10, %C[%i, %j] : memref<?x?xf64>
        }
      }
    }
    return
  }

  func.func @init_syr2k(%arg0: i32, %arg1: i32, %alpha: memref<f64>, %beta: memref<f64>,
                        %C: memref<?x?xf64>, %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
    %n = arith.index_cast %arg0 : i32 to index
    %m = arith.index_cast %arg1 : i32 to index
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %cst_alpha = arith.constant 1.5 : f64
    %cst_beta = arith.constant 1.2 : f64
    affine.store %cst_alpha, %alpha[] : memref<f64>
    affine.store %cst_beta, %beta[] : memref<f64>
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %m {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        // A[i][j] = (double)((i*j+1) % n) / n
        %0 = arith.muli %ii, %jj : i32
        %1 = arith.addi %0, %c1 : i32
        %2 = arith.remsi %1, %arg0 : i32
        %3 = arith.sitofp %2 : i32 to f64
        %4 = arith.sitofp %arg0 : i32 to f64
        %5 = arith.divf %3, %4 : f64
        affine.store %5, %A[%i, %j] : memref<?x?xf64>
        // B[i][j] = (double)((i*j+2) % m) / m
        %6 = arith.muli %ii, %jj : i32
        %7 = arith.addi %6, %c2 : i32
        %8 = arith.remsi %7, %arg1 : i32
        %9 = arith.sitofp %8 : i32 to f64
        %10 = arith.sitofp %arg1 : i32 to f64
        %11 = arith.divf %9, %10 : f64
        affine.store %11, %B[%i, %j] : memref<?x?xf64>
      }
    }
    // C[i][j] = (double)((i*j+3) % n) / m
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %n {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.muli %ii, %jj : i32
        %1 = arith.addi %0, %c3 : i32
        %2 = arith.remsi %1, %arg0 : i32
        %3 = arith.sitofp %2 : i32 to f64
        %4 = arith.sitofp %arg1 : i32 to f64
        %5 = arith.divf %3, %4 : f64
        affine.store %5, %C[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %n = arith.index_cast %s0 : i32 to index
    %m = arith.index_cast %s1 : i32 to index
    %alpha = memref.alloca() : memref<f64>
    %beta = memref.alloca() : memref<f64>
    %C = memref.alloc(%n, %n) : memref<?x?xf64>
    %A = memref.alloc(%n, %m) : memref<?x?xf64>
    %B = memref.alloc(%n, %m) : memref<?x?xf64>
    func.call @init_syr2k(%s0, %s1, %alpha, %beta, %C, %A, %B)
        : (i32, i32, memref<f64>, memref<f64>, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
    %a = affine.load %alpha[] : memref<f64>
    %b = affine.load %beta[] : memref<f64>
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_syr2k(%s0, %s1, %a, %b, %C, %A, %B)
        : (i32, i32, f64, f64, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_2d(%C) : (memref<?x?xf64>) -> ()
    memref.dealloc %C : memref<?x?xf64>
    memref.dealloc %A : memref<?x?xf64>
    memref.dealloc %B : memref<?x?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_2d(memref<?x?xf64>)
}
