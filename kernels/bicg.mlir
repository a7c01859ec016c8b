// PolyBench/C 4.2 bicg: s := A^T * r, q := A * p (BiCG sub-kernel)
// SIZES MINI: 38 42
// SIZES SMALL: 116 124
// SIZES MEDIUM: 390 410
// SIZES LARGE: 1900 2100
// SIZES EXTRALARGE: 1800 2200
// tessel_run params: m n
// Front-end style: the q[i] reduction is an affine.for iter_args accumulator
// (after mem2reg), stored to q[i] after the j loop; s[j] stays in memory.

module {
  func.func @kernel_bicg(%arg0: i32, %arg1: i32, %A: memref<?x?xf64>, %s: memref<?xf64>,
                         %q: memref<?xf64>, %p: memref<?xf64>, %r: memref<?xf64>) {
    %m = arith.index_cast %arg0 : i32 to index
    %n = arith.index_cast %arg1 : i32 to index
    %zero = arith.constant 0.0 : f64
    affine.for %i = 0 to %m {
      affine.store %zero, %s[%i] : memref<?xf64>
    }
    affine.for %i = 0 to %n {
      %qi = affine.for %j = 0 to %m iter_args(%acc = %zero) -> (f64) {
        %0 = affine.load %s[%j] : memref<?xf64>
        %1 = affine.load %r[%i] : memref<?xf64>
        %2 = affine.load %A[%i, %j] : memref<?x?xf64>
        %3 = arith.mulf %1, %2 : f64
        %4 = arith.addf %0, %3 : f64
        affine.store %4, %s[%j] : memref<?xf64>
        %5 = affine.load %A[%i, %j] : memref<?x?xf64>
        %6 = affine.load %p[%j] : memref<?xf64>
        %7 = arith.mulf %5, %6 : f64
        %8 = arith.addf %acc, %7 : f64
        affine.yield %8 : f64
      }
      affine.store %qi, %q[%i] : memref<?xf64>
    }
    return
  }

  func.func @init_bicg(%arg0: i32, %arg1: i32, %A: memref<?x?xf64>, %r: memref<?xf64>, %p: memref<?xf64>) {
    %m = arith.index_cast %arg0 : i32 to index
    %n = arith.index_cast %arg1 : i32 to index
    %c1 = arith.constant 1 : i32
    // p[i] = (double)(i % m) / m
    affine.for %i = 0 to %m {
      %ii = arith.index_cast %i : index to i32
      %0 = arith.remsi %ii, %arg0 : i32
      %1 = arith.sitofp %0 : i32 to f64
      %2 = arith.sitofp %arg0 : i32 to f64
      %3 = arith.divf %1, %2 : f64
      affine.store %3, %p[%i] : memref<?xf64>
    }
    affine.for %i = 0 to %n {
      // r[i] = (double)(i % n) / n
      %ii = arith.index_cast %i : index to i32
      %0 = arith.remsi %ii, %arg1 : i32
      %1 = arith.sitofp %0 : i32 to f64
      %2 = arith.sitofp %arg1 : i32 to f64
      %3 = arith.divf %1, %2 : f64
      affine.store %3, %r[%i] : memref<?xf64>
      // A[i][j] = (double)(i*(j+1) % n) / n
      affine.for %j = 0 to %m {
        %jj = arith.index_cast %j : index to i32
        %4 = arith.addi %jj, %c1 : i32
        %5 = arith.muli %ii, %4 : i32
        %6 = arith.remsi %5, %arg1 : i32
        %7 = arith.sitofp %6 : i32 to f64
        %8 = arith.sitofp %arg1 : i32 to f64
        %9 = arith.divf %7, %8 : f64
        affine.store %9, %A[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %m = arith.index_cast %s0 : i32 to index
    %n = arith.index_cast %s1 : i32 to index
    %A = memref.alloc(%n, %m) : memref<?x?xf64>
    %s = memref.alloc(%m) : memref<?xf64>
    %q = memref.alloc(%n) : memref<?xf64>
    %p = memref.alloc(%m) : memref<?xf64>
    %r = memref.alloc(%n) : memref<?xf64>
    func.call @init_bicg(%s0, %s1, %A, %r, %p) : (i32, i32, memref<?x?xf64>, memref<?xf64>, memref<?xf64>) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_bicg(%s0, %s1, %A, %s, %q, %p, %r)
        : (i32, i32, memref<?x?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_1d(%s) : (memref<?xf64>) -> ()
    func.call @tessel_hash_f64_1d(%q) : (memref<?xf64>) -> ()
    memref.dealloc %A : memref<?x?xf64>
    memref.dealloc %s : memref<?xf64>
    memref.dealloc %q : memref<?xf64>
    memref.dealloc %p : memref<?xf64>
    memref.dealloc %r : memref<?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_1d(memref<?xf64>)
}
