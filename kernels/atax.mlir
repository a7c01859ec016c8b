// PolyBench/C 4.2 atax: y := A^T * (A * x) (matrix transpose and vector multiplication)
// SIZES MINI: 38 42
// SIZES SMALL: 116 124
// SIZES MEDIUM: 390 410
// SIZES LARGE: 1900 2100
// SIZES EXTRALARGE: 1800 2200
// tessel_run params: m n
// Front-end style: the tmp[i] reduction is in registers (after mem2reg):
// an affine.for iter_args accumulator, stored to tmp[i] after the loop and
// used as an SSA value by the second j loop.

module {
  func.func @kernel_atax(%arg0: i32, %arg1: i32, %A: memref<?x?xf64>, %x: memref<?xf64>,
                         %y: memref<?xf64>, %tmp: memref<?xf64>) {
    %m = arith.index_cast %arg0 : i32 to index
    %n = arith.index_cast %arg1 : i32 to index
    %zero = arith.constant 0.0 : f64
    affine.for %i = 0 to %n {
      affine.store %zero, %y[%i] : memref<?xf64>
    }
    affine.for %i = 0 to %m {
      %t = affine.for %j = 0 to %n iter_args(%acc = %zero) -> (f64) {
        %0 = affine.load %A[%i, %j] : memref<?x?xf64>
        %1 = affine.load %x[%j] : memref<?xf64>
        %2 = arith.mulf %0, %1 : f64
        %3 = arith.addf %acc, %2 : f64
        affine.yield %3 : f64
      }
      affine.store %t, %tmp[%i] : memref<?xf64>
      affine.for %j = 0 to %n {
        %0 = affine.load %y[%j] : memref<?xf64>
        %1 = affine.load %A[%i, %j] : memref<?x?xf64>
        %2 = arith.mulf %1, %t : f64
        %3 = arith.addf %0, %2 : f64
        affine.store %3, %y[%j] : memref<?xf64>
      }
    }
    return
  }

  func.func @init_atax(%arg0: i32, %arg1: i32, %A: memref<?x?xf64>, %x: memref<?xf64>) {
    %m = arith.index_cast %arg0 : i32 to index
    %n = arith.index_cast %arg1 : i32 to index
    %c5 = arith.constant 5 : i32
    %one = arith.constant 1.0 : f64
    %fn = arith.sitofp %arg1 : i32 to f64
    // x[i] = 1 + (i / fn)
    affine.for %i = 0 to %n {
      %ii = arith.index_cast %i : index to i32
      %0 = arith.sitofp %ii : i32 to f64
      %1 = arith.divf %0, %fn : f64
      %2 = arith.addf %one, %1 : f64
      affine.store %2, %x[%i] : memref<?xf64>
    }
    // A[i][j] = (double)((i+j) % n) / (5*m)
    affine.for %i = 0 to %m {
      affine.for %j = 0 to %n {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.addi %ii, %jj : i32
        %1 = arith.remsi %0, %arg1 : i32
        %2 = arith.sitofp %1 : i32 to f64
        %3 = arith.muli %c5, %arg0 : i32
        %4 = arith.sitofp %3 : i32 to f64
        %5 = arith.divf %2, %4 : f64
        affine.store %5, %A[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %m = arith.index_cast %s0 : i32 to index
    %n = arith.index_cast %s1 : i32 to index
    %A = memref.alloc(%m, %n) : memref<?x?xf64>
    %x = memref.alloc(%n) : memref<?xf64>
    %y = memref.alloc(%n) : memref<?xf64>
    %tmp = memref.alloc(%m) : memref<?xf64>
    func.call @init_atax(%s0, %s1, %A, %x) : (i32, i32, memref<?x?xf64>, memref<?xf64>) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_atax(%s0, %s1, %A, %x, %y, %tmp)
        : (i32, i32, memref<?x?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_1d(%y) : (memref<?xf64>) -> ()
    memref.dealloc %A : memref<?x?xf64>
    memref.dealloc %x : memref<?xf64>
    memref.dealloc %y : memref<?xf64>
    memref.dealloc %tmp : memref<?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_1d(memref<?xf64>)
}
