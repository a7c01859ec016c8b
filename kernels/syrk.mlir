// PolyBench/C 4.2 syrk: C := alpha*A*A^T + beta*C, lower triangle (symmetric rank-k update)
// SIZES MINI: 30 20
// SIZES SMALL: 80 60
// SIZES MEDIUM: 240 200
// SIZES LARGE: 1200 1000
// SIZES EXTRALARGE: 2600 2000
// tessel_run params: n m

#id_plus1 = affine_map<(d0) -> (d0 + 1)>

module {
  func.func @kernel_syrk(%arg0: i32, %arg1: i32, %alpha: f64, %beta: f64,
                         %C: memref<?x?xf64>, %A: memref<?x?xf64>) {
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
          %0 = affine.load %A[%i, %k] : memref<?x?xf64>
          %1 = arith.mulf %alpha, %0 : f64
          %2 = affine.load %A[%j, %k] : memref<?x?xf64>
          %3 = arith.mulf %1, %2 : f64
          %4 = affine.load %C[%i, %j] : memref<?x?xf64>
          %5 = arith.addf %4, %3 : f64
          affine.store %5, %C[%i, %j] : memref<?x?xf64>
        }
      }
    }
    return
  }

  func.func @init_syrk(%arg0: i32, %arg1: i32, %alpha: memref<f64>, %beta: memref<f64>,
                       %C: memref<?x?xf64>, %A: memref<?x?xf64>) {
    %n = arith.index_cast %arg0 : i32 to index
    %m = arith.index_cast %arg1 : i32 to index
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %cst_alpha = arith.constant 1.5 : f64
    %cst_beta = arith.constant 1.2 : f64
    affine.store %cst_alpha, %alpha[] : memref<f64>
    affine.store %cst_beta, %beta[] : memref<f64>
    // A[i][j] = (double)((i*j+1) % n) / n
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %m {
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
    // C[i][j] = (double)((i*j+2) % m) / m
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %n {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.muli %ii, %jj : i32
        %1 = arith.addi %0, %c2 : i32
        %2 = arith.remsi %1, %arg1 : i32
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
    func.call @init_syrk(%s0, %s1, %alpha, %beta, %C, %A)
        : (i32, i32, memref<f64>, memref<f64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
    %a = affine.load %alpha[] : memref<f64>
    %b = affine.load %beta[] : memref<f64>
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_syrk(%s0, %s1, %a, %b, %C, %A)
        : (i32, i32, f64, f64, memref<?x?xf64>, memref<?x?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_2d(%C) : (memref<?x?xf64>) -> ()
    memref.dealloc %C : memref<?x?xf64>
    memref.dealloc %A : memref<?x?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_2d(memref<?x?xf64>)
}
