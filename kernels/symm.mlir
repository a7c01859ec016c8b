// PolyBench/C 4.2 symm: C := alpha*A*B + beta*C with A symmetric (lower part stored)
// SIZES MINI: 20 30
// SIZES SMALL: 60 80
// SIZES MEDIUM: 200 240
// SIZES LARGE: 1000 1200
// SIZES EXTRALARGE: 2000 2600
// tessel_run params: m n

#id = affine_map<(d0) -> (d0)>

module {
  func.func @kernel_symm(%arg0: i32, %arg1: i32, %alpha: f64, %beta: f64,
                         %C: memref<?x?xf64>, %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
    %temp2 = memref.alloca() : memref<f64>
    %m = arith.index_cast %arg0 : i32 to index
    %n = arith.index_cast %arg1 : i32 to index
    %zero = arith.constant 0.0 : f64
    affine.for %i = 0 to %m {
      affine.for %j = 0 to %n {
        affine.store %zero, %temp2[] : memref<f64>
        affine.for %k = 0 to #id(%i) {
          %0 = affine.load %B[%i, %j] : memref<?x?xf64>
          %1 = arith.mulf %alpha, %0 : f64
          %2 = affine.load %A[%i, %k] : memref<?x?xf64>
          %3 = arith.mulf %1, %2 : f64
          %4 = affine.load %C[%k, %j] : memref<?x?xf64>
          %5 = arith.addf %4, %3 : f64
          affine.store %5, %C[%k, %j] : memref<?x?xf64>
          %6 = affine.load %B[%k, %j] : memref<?x?xf64>
          %7 = affine.load %A[%i, %k] : memref<?x?xf64>
          %8 = arith.mulf %6, %7 : f64
          %9 = affine.load %temp2[] : memref<f64>
          %10 = arith.addf %9, %8 : f64
          affine.store %10, %temp2[] : memref<f64>
        }
        %11 = affine.load %C[%i, %j] : memref<?x?xf64>
        %12 = arith.mulf %beta, %11 : f64
        %13 = affine.load %B[%i, %j] : memref<?x?xf64>
        %14 = arith.mulf %alpha, %13 : f64
        %15 = affine.load %A[%i, %i] : memref<?x?xf64>
        %16 = arith.mulf %14, %15 : f64
        %17 = arith.addf %12, %16 : f64
        %18 = affine.load %temp2[] : memref<f64>
        %19 = arith.mulf %alpha, %18 : f64
        %20 = arith.addf %17, %19 : f64
        affine.store %20, %C[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @init_symm(%arg0: i32, %arg1: i32, %alpha: memref<f64>, %beta: memref<f64>,
                       %C: memref<?x?xf64>, %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
    %m = arith.index_cast %arg0 : i32 to index
    %n = arith.index_cast %arg1 : i32 to index
    %c100 = arith.constant 100 : i32
    %cst_m999 = arith.constant -999.0 : f64
    %cst_alpha = arith.constant 1.5 : f64
    %cst_beta = arith.constant 1.2 : f64
    affine.store %cst_alpha, %alpha[] : memref<f64>
    affine.store %cst_beta, %beta[] : memref<f64>
    %fm = arith.sitofp %arg0 : i32 to f64
    affine.for %i = 0 to %m {
      affine.for %j = 0 to %n {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        // C[i][j] = (double)((i+j) % 100) / m
        %0 = arith.addi %ii, %jj : i32
        %1 = arith.remsi %0, %c100 : i32
        %2 = arith.sitofp %1 : i32 to f64
        %3 = arith.divf %2, %fm : f64
        affine.store %3, %C[%i, %j] : memref<?x?xf64>
        // B[i][j] = (double)((n+i-j) % 100) / m
        %4 = arith.addi %arg1, %ii : i32
        %5 = arith.subi %4, %jj : i32
        %6 = arith.remsi %5, %c100 : i32
        %7 = arith.sitofp %6 : i32 to f64
        %8 = arith.divf %7, %fm : f64
        affine.store %8, %B[%i, %j] : memref<?x?xf64>
      }
    }
    affine.for %i = 0 to %m {
      // A[i][j] = (double)((i+j) % 100) / m for j <= i
      affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.addi %ii, %jj : i32
        %1 = arith.remsi %0, %c100 : i32
        %2 = arith.sitofp %1 : i32 to f64
        %3 = arith.divf %2, %fm : f64
        affine.store %3, %A[%i, %j] : memref<?x?xf64>
      }
      // A[i][j] = -999 for j > i (regions of arrays that should not be used)
      affine.for %j = affine_map<(d0) -> (d0 + 1)>(%i) to %m {
        affine.store %cst_m999, %A[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %m = arith.index_cast %s0 : i32 to index
    %n = arith.index_cast %s1 : i32 to index
    %alpha = memref.alloca() : memref<f64>
    %beta = memref.alloca() : memref<f64>
    %C = memref.alloc(%m, %n) : memref<?x?xf64>
    %A = memref.alloc(%m, %m) : memref<?x?xf64>
    %B = memref.alloc(%m, %n) : memref<?x?xf64>
    func.call @init_symm(%s0, %s1, %alpha, %beta, %C, %A, %B)
        : (i32, i32, memref<f64>, memref<f64>, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
    %a = affine.load %alpha[] : memref<f64>
    %b = affine.load %beta[] : memref<f64>
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_symm(%s0, %s1, %a, %b, %C, %A, %B)
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
