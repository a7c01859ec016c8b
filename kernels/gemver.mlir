// PolyBench/C 4.2 gemver: vector multiplication and matrix addition (BLAS gemver)
// SIZES MINI: 40
// SIZES SMALL: 120
// SIZES MEDIUM: 400
// SIZES LARGE: 2000
// SIZES EXTRALARGE: 4000
// tessel_run params: n

module {
  func.func @kernel_gemver(%arg0: i32, %alpha: f64, %beta: f64, %A: memref<?x?xf64>,
                           %u1: memref<?xf64>, %v1: memref<?xf64>, %u2: memref<?xf64>,
                           %v2: memref<?xf64>, %w: memref<?xf64>, %x: memref<?xf64>,
                           %y: memref<?xf64>, %z: memref<?xf64>) {
    %n = arith.index_cast %arg0 : i32 to index
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %n {
        %0 = affine.load %A[%i, %j] : memref<?x?xf64>
        %1 = affine.load %u1[%i] : memref<?xf64>
        %2 = affine.load %v1[%j] : memref<?xf64>
        %3 = arith.mulf %1, %2 : f64
        %4 = arith.addf %0, %3 : f64
        %5 = affine.load %u2[%i] : memref<?xf64>
        %6 = affine.load %v2[%j] : memref<?xf64>
        %7 = arith.mulf %5, %6 : f64
        %8 = arith.addf %4, %7 : f64
        affine.store %8, %A[%i, %j] : memref<?x?xf64>
      }
    }
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %n {
        %0 = affine.load %x[%i] : memref<?xf64>
        %1 = affine.load %A[%j, %i] : memref<?x?xf64>
        %2 = arith.mulf %beta, %1 : f64
        %3 = affine.load %y[%j] : memref<?xf64>
        %4 = arith.mulf %2, %3 : f64
        %5 = arith.addf %0, %4 : f64
        affine.store %5, %x[%i] : memref<?xf64>
      }
    }
    affine.for %i = 0 to %n {
      %0 = affine.load %x[%i] : memref<?xf64>
      %1 = affine.load %z[%i] : memref<?xf64>
      %2 = arith.addf %0, %1 : f64
      affine.store %2, %x[%i] : memref<?xf64>
    }
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %n {
        %0 = affine.load %w[%i] : memref<?xf64>
        %1 = affine.load %A[%i, %j] : memref<?x?xf64>
        %2 = arith.mulf %alpha, %1 : f64
        %3 = affine.load %x[%j] : memref<?xf64>
        %4 = arith.mulf %2, %3 : f64
        %5 = arith.addf %0, %4 : f64
        affine.store %5, %w[%i] : memref<?xf64>
      }
    }
    return
  }

  func.func @init_gemver(%arg0: i32, %alpha: memref<f64>, %beta: memref<f64>, %A: memref<?x?xf64>,
                         %u1: memref<?xf64>, %v1: memref<?xf64>, %u2: memref<?xf64>,
                         %v2: memref<?xf64>, %w: memref<?xf64>, %x: memref<?xf64>,
                         %y: memref<?xf64>, %z: memref<?xf64>) {
    %n = arith.index_cast %arg0 : i32 to index
    %c1 = arith.constant 1 : i32
    %zero = arith.constant 0.0 : f64
    %two = arith.constant 2.0 : f64
    %four = arith.constant 4.0 : f64
    %six = arith.constant 6.0 : f64
    %eight = arith.constant 8.0 : f64
    %nine = arith.constant 9.0 : f64
    %cst_alpha = arith.constant 1.5 : f64
    %cst_beta = arith.constant 1.2 : f64
    affine.store %cst_alpha, %alpha[] : memref<f64>
    affine.store %cst_beta, %beta[] : memref<f64>
    %fn = arith.sitofp %arg0 : i32 to f64
    affine.for %i = 0 to %n {
      %ii = arith.index_cast %i : index to i32
      // u1[i] = i
      %0 = arith.sitofp %ii : i32 to f64
      affine.store %0, %u1[%i] : memref<?xf64>
      // (i+1)/fn
      %1 = arith.addi %ii, %c1 : i32
      %2 = arith.sitofp %1 : i32 to f64
      %3 = arith.divf %2, %fn : f64
      // u2[i] = ((i+1)/fn)/2.0
      %4 = arith.divf %3, %two : f64
      affine.store %4, %u2[%i] : memref<?xf64>
      // v1[i] = ((i+1)/fn)/4.0
      %5 = arith.addi %ii, %c1 : i32
      %6 = arith.sitofp %5 : i32 to f64
      %7 = arith.divf %6, %fn : f64
      %8 = arith.divf %7, %four : f64
      affine.store %8, %v1[%i] : memref<?xf64>
      // v2[i] = ((i+1)/fn)/6.0
      %9 = arith.addi %ii, %c1 : i32
      %10 = arith.sitofp %9 : i32 to f64
      %11 = arith.divf %10, %fn : f64
      %12 = arith.divf %11, %six : f64
      affine.store %12, %v2[%i] : memref<?xf64>
      // y[i] = ((i+1)/fn)/8.0
      %13 = arith.addi %ii, %c1 : i32
      %14 = arith.sitofp %13 : i32 to f64
      %15 = arith.divf %14, %fn : f64
      %16 = arith.divf %15, %eight : f64
      affine.store %16, %y[%i] : memref<?xf64>
      // z[i] = ((i+1)/fn)/9.0
      %17 = arith.addi %ii, %c1 : i32
      %18 = arith.sitofp %17 : i32 to f64
      %19 = arith.divf %18, %fn : f64
      %20 = arith.divf %19, %nine : f64
      affine.store %20, %z[%i] : memref<?xf64>
      affine.store %zero, %x[%i] : memref<?xf64>
      affine.store %zero, %w[%i] : memref<?xf64>
      // A[i][j] = (double)(i*j % n) / n
      affine.for %j = 0 to %n {
        %jj = arith.index_cast %j : index to i32
        %21 = arith.muli %ii, %jj : i32
        %22 = arith.remsi %21, %arg0 : i32
        %23 = arith.sitofp %22 : i32 to f64
        %24 = arith.sitofp %arg0 : i32 to f64
        %25 = arith.divf %23, %24 : f64
        affine.store %25, %A[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %n = arith.index_cast %s0 : i32 to index
    %alpha = memref.alloca() : memref<f64>
    %beta = memref.alloca() : memref<f64>
    %A = memref.alloc(%n, %n) : memref<?x?xf64>
    %u1 = memref.alloc(%n) : memref<?xf64>
    %v1 = memref.alloc(%n) : memref<?xf64>
    %u2 = memref.alloc(%n) : memref<?xf64>
    %v2 = memref.alloc(%n) : memref<?xf64>
    %w = memref.alloc(%n) : memref<?xf64>
    %x = memref.alloc(%n) : memref<?xf64>
    %y = memref.alloc(%n) : memref<?xf64>
    %z = memref.alloc(%n) : memref<?xf64>
    func.call @init_gemver(%s0, %alpha, %beta, %A, %u1, %v1, %u2, %v2, %w, %x, %y, %z)
        : (i32, memref<f64>, memref<f64>, memref<?x?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>,
           memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>) -> ()
    %a = affine.load %alpha[] : memref<f64>
    %b = affine.load %beta[] : memref<f64>
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_gemver(%s0, %a, %b, %A, %u1, %v1, %u2, %v2, %w, %x, %y, %z)
        : (i32, f64, f64, memref<?x?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>,
           memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_1d(%w) : (memref<?xf64>) -> ()
    memref.dealloc %A : memref<?x?xf64>
    memref.dealloc %u1 : memref<?xf64>
    memref.dealloc %v1 : memref<?xf64>
    memref.dealloc %u2 : memref<?xf64>
    memref.dealloc %v2 : memref<?xf64>
    memref.dealloc %w : memref<?xf64>
    memref.dealloc %x : memref<?xf64>
    memref.dealloc %y : memref<?xf64>
    memref.dealloc %z : memref<?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_1d(memref<?xf64>)
}
