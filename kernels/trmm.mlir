// PolyBench/C 4.2 trmm: B := alpha*A^T*B with A unit lower triangular (triangular matrix multiply)
// SIZES MINI: 20 30
// SIZES SMALL: 60 80
// SIZES MEDIUM: 200 240
// SIZES LARGE: 1000 1200
// SIZES EXTRALARGE: 2000 2600
// tessel_run params: m n

#id_plus1 = affine_map<(d0) -> (d0 + 1)>
#id = affine_map<(d0) -> (d0)>

module {
  func.func @kernel_trmm(%arg0: i32, %arg1: i32, %alpha: f64,
                         %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
    %m = arith.index_cast %arg0 : i32 to index
    %n = arith.index_cast %arg1 : i32 to index
    affine.for %i = 0 to %m {
      affine.for %j = 0 to %n {
        affine.for %k = #id_plus1(%i) to %m {
          %0 = affine.load %A[%k, %i] : memref<?x?xf64>
          %1 = affine.load %B[%k, %j] : memref<?x?xf64>
          %2 = arith.mulf %0, %1 : f64
          %3 = affine.load %B[%i, %j] : memref<?x?xf64>
          %4 = arith.addf %3, %2 : f64
          affine.store %4, %B[%i, %j] : memref<?x?xf64>
        }
        %5 = affine.load %B[%i, %j] : memref<?x?xf64>
        %6 = arith.mulf %alpha, %5 : f64
        affine.store %6, %B[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @init_trmm(%arg0: i32, %arg1: i32, %alpha: memref<f64>,
                       %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
    %m = arith.index_cast %arg0 : i32 to index
    %n = arith.index_cast %arg1 : i32 to index
    %one = arith.constant 1.0 : f64
    %cst_alpha = arith.constant 1.5 : f64
    affine.store %cst_alpha, %alpha[] : memref<f64>
    %fm = arith.sitofp %arg0 : i32 to f64
    %fn = arith.sitofp %arg1 : i32 to f64
    affine.for %i = 0 to %m {
      %ii = arith.index_cast %i : index to i32
      // A[i][j] = (double)((i+j) % m) / m for j < i
      affine.for %j = 0 to #id(%i) {
        %jj = arith.index_cast %j : index to i32
        %0 = arith.addi %ii, %jj : i32
        %1 = arith.remsi %0, %arg0 : i32
        %2 = arith.sitofp %1 : i32 to f64
        %3 = arith.divf %2, %fm : f64
        affine.store %3, %A[%i, %j] : memref<?x?xf64>
      }
      affine.store %one, %A[%i, %i] : memref<?x?xf64>
      // B[i][j] = (double)((n+(i-j)) % n) / n
      affine.for %j = 0 to %n {
        %jj = arith.index_cast %j : index to i32
        %4 = arith.subi %ii, %jj : i32
        %5 = arith.addi %arg1, %4 : i32
        %6 = arith.remsi %5, %arg1 : i32
        %7 = arith.sitofp %6 : i32 to f64
        %8 = arith.divf %7, %fn : f64
        affine.store %8, %B[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %m = arith.index_cast %s0 : i32 to index
    %n = arith.index_cast %s1 : i32 to index
    %alpha = memref.alloca() : memref<f64>
    %A = memref.alloc(%m, %m) : memref<?x?xf64>
    %B = memref.alloc(%m, %n) : memref<?x?xf64>
    func.call @init_trmm(%s0, %s1, %alpha, %A, %B)
        : (i32, i32, memref<f64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
    %a = affine.load %alpha[] : memref<f64>
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_trmm(%s0, %s1, %a, %A, %B)
        : (i32, i32, f64, memref<?x?xf64>, memref<?x?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_2d(%B) : (memref<?x?xf64>) -> ()
    memref.dealloc %A : memref<?x?xf64>
    memref.dealloc %B : memref<?x?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_2d(memref<?x?xf64>)
}
