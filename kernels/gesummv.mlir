// PolyBench/C 4.2 gesummv: y := alpha*A*x + beta*B*x (scalar, vector and matrix multiplication)
// SIZES MINI: 30
// SIZES SMALL: 90
// SIZES MEDIUM: 250
// SIZES LARGE: 1300
// SIZES EXTRALARGE: 2800
// tessel_run params: n
// Front-end style: tmp[i] and y[i] are two iter_args accumulators of the j
// loop (after mem2reg); tmp[i] is stored after the loop, and the final y[i]
// statement uses both loop results as SSA values.

module {
  func.func @kernel_gesummv(%arg0: i32, %alpha: f64, %beta: f64, %A: memref<?x?xf64>,
                            %B: memref<?x?xf64>, %tmp: memref<?xf64>, %x: memref<?xf64>,
                            %y: memref<?xf64>) {
    %n = arith.index_cast %arg0 : i32 to index
    %zero = arith.constant 0.0 : f64
    affine.for %i = 0 to %n {
      %r:2 = affine.for %j = 0 to %n iter_args(%t = %zero, %yy = %zero) -> (f64, f64) {
        %0 = affine.load %A[%i, %j] : memref<?x?xf64>
        %1 = affine.load %x[%j] : memref<?xf64>
        %2 = arith.mulf %0, %1 : f64
        %3 = arith.addf %2, %t : f64
        %4 = affine.load %B[%i, %j] : memref<?x?xf64>
        %5 = affine.load %x[%j] : memref<?xf64>
        %6 = arith.mulf %4, %5 : f64
        %7 = arith.addf %6, %yy : f64
        affine.yield %3, %7 : f64, f64
      }
      affine.store %r#0, %tmp[%i] : memref<?xf64>
      %8 = arith.mulf %alpha, %r#0 : f64
      %9 = arith.mulf %beta, %r#1 : f64
      %10 = arith.addf %8, %9 : f64
      affine.store %10, %y[%i] : memref<?xf64>
    }
    return
  }

  func.func @init_gesummv(%arg0: i32, %alpha: memref<f64>, %beta: memref<f64>, %A: memref<?x?xf64>,
                          %B: memref<?x?xf64>, %x: memref<?xf64>) {
    %n = arith.index_cast %arg0 : i32 to index
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %cst_alpha = arith.constant 1.5 : f64
    %cst_beta = arith.constant 1.2 : f64
    affine.store %cst_alpha, %alpha[] : memref<f64>
    affine.store %cst_beta, %beta[] : memref<f64>
    %fn = arith.sitofp %arg0 : i32 to f64
    affine.for %i = 0 to %n {
      %ii = arith.index_cast %i : index to i32
      // x[i] = (double)(i % n) / n
      %0 = arith.remsi %ii, %arg0 : i32
      %1 = arith.sitofp %0 : i32 to f64
      %2 = arith.divf %1, %fn : f64
      affine.store %2, %x[%i] : memref<?xf64>
      affine.for %j = 0 to %n {
        %jj = arith.index_cast %j : index to i32
        // A[i][j] = (double)((i*j+1) % n) / n
        %3 = arith.muli %ii, %jj : i32
        %4 = arith.addi %3, %c1 : i32
        %5 = arith.remsi %4, %arg0 : i32
        %6 = arith.sitofp %5 : i32 to f64
        %7 = arith.divf %6, %fn : f64
        affine.store %7, %A[%i, %j] : memref<?x?xf64>
        // B[i][j] = (double)((i*j+2) % n) / n
        %8 = arith.muli %ii, %jj : i32
        %9 = arith.addi %8, %c2 : i32
        %10 = arith.remsi %9, %arg0 : i32
        %11 = arith.sitofp %10 : i32 to f64
        %12 = arith.divf %11, %fn : f64
        affine.store %12, %B[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %n = arith.index_cast %s0 : i32 to index
    %alpha = memref.alloca() : memref<f64>
    %beta = memref.alloca() : memref<f64>
    %A = memref.alloc(%n, %n) : memref<?x?xf64>
    %B = memref.alloc(%n, %n) : memref<?x?xf64>
    %tmp = memref.alloc(%n) : memref<?xf64>
    %x = memref.alloc(%n) : memref<?xf64>
    %y = memref.alloc(%n) : memref<?xf64>
    func.call @init_gesummv(%s0, %alpha, %beta, %A, %B, %x)
        : (i32, memref<f64>, memref<f64>, memref<?x?xf64>, memref<?x?xf64>, memref<?xf64>) -> ()
    %a = affine.load %alpha[] : memref<f64>
    %b = affine.load %beta[] : memref<f64>
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_gesummv(%s0, %a, %b, %A, %B, %tmp, %x, %y)
        : (i32, f64, f64, memref<?x?xf64>, memref<?x?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_1d(%y) : (memref<?xf64>) -> ()
    memref.dealloc %A : memref<?x?xf64>
    memref.dealloc %B : memref<?x?xf64>
    memref.dealloc %tmp : memref<?xf64>
    memref.dealloc %x : memref<?xf64>
    memref.dealloc %y : memref<?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_1d(memref<?xf64>)
}
