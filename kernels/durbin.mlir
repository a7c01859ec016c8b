// PolyBench/C 4.2 durbin: Levinson-Durbin recursion (solve a Toeplitz system / Yule-Walker equations)
// SIZES MINI: 40
// SIZES SMALL: 120
// SIZES MEDIUM: 400
// SIZES LARGE: 2000
// SIZES EXTRALARGE: 4000
// tessel_run params: n
// C locals alpha, beta, sum are 0-d memrefs and the local array z[N] is a
// memref.alloca. The `sum` reduction is written front-end-after-mem2reg
// style: an iter_args accumulator whose result is stored to sum after the loop.

#id = affine_map<(d0) -> (d0)>

module {
  func.func @kernel_durbin(%arg0: i32, %r: memref<?xf64>, %y: memref<?xf64>) {
    %n = arith.index_cast %arg0 : i32 to index
    %z = memref.alloca(%n) : memref<?xf64>
    %alpha = memref.alloca() : memref<f64>
    %beta = memref.alloca() : memref<f64>
    %sum = memref.alloca() : memref<f64>
    %zero = arith.constant 0.0 : f64
    %one = arith.constant 1.0 : f64
    // y[0] = -r[0]; beta = 1.0; alpha = -r[0];
    %0 = affine.load %r[0] : memref<?xf64>
    %1 = arith.negf %0 : f64
    affine.store %1, %y[0] : memref<?xf64>
    affine.store %one, %beta[] : memref<f64>
    %2 = affine.load %r[0] : memref<?xf64>
    %3 = arith.negf %2 : f64
    affine.store %3, %alpha[] : memref<f64>
    affine.for %k = 1 to %n {
      // beta = (1 - alpha*alpha) * beta
      %4 = affine.load %alpha[] : memref<f64>
      %5 = affine.load %alpha[] : memref<f64>
      %6 = arith.mulf %4, %5 : f64
      %7 = arith.subf %one, %6 : f64
      %8 = affine.load %beta[] : memref<f64>
      %9 = arith.mulf %7, %8 : f64
      affine.store %9, %beta[] : memref<f64>
      // sum = 0; for (i < k) sum += r[k-i-1] * y[i]
      %s = affine.for %i = 0 to #id(%k) iter_args(%acc = %zero) -> (f64) {
        %10 = affine.load %r[%k - %i - 1] : memref<?xf64>
        %11 = affine.load %y[%i] : memref<?xf64>
        %12 = arith.mulf %10, %11 : f64
        %13 = arith.addf %acc, %12 : f64
        affine.yield %13 : f64
      }
      affine.store %s, %sum[] : memref<f64>
      // alpha = -(r[k] + sum) / beta
      %14 = affine.load %r[%k] : memref<?xf64>
      %15 = affine.load %sum[] : memref<f64>
      %16 = arith.addf %14, %15 : f64
      %17 = arith.negf %16 : f64
      %18 = affine.load %beta[] : memref<f64>
      %19 = arith.divf %17, %18 : f64
      affine.store %19, %alpha[] : memref<f64>
      affine.for %i = 0 to #id(%k) {
        %20 = affine.load %y[%i] : memref<?xf64>
        %21 = affine.load %alpha[] : memref<f64>
        %22 = affine.load %y[%k - %i - 1] : memref<?xf64>
        %23 = arith.mulf %21, %22 : f64
        %24 = arith.addf %20, %23 : f64
        affine.store %24, %z[%i] : memref<?xf64>
      }
      affine.for %i = 0 to #id(%k) {
        %25 = affine.load %z[%i] : memref<?xf64>
        affine.store %25, %y[%i] : memref<?xf64>
      }
      %26 = affine.load %alpha[] : memref<f64>
      affine.store %26, %y[%k] : memref<?xf64>
    }
    return
  }

  func.func @init_durbin(%arg0: i32, %r: memref<?xf64>) {
    %n = arith.index_cast %arg0 : i32 to index
    %c1_i32 = arith.constant 1 : i32
    // r[i] = (n+1-i)
    affine.for %i = 0 to %n {
      %ii = arith.index_cast %i : index to i32
      %0 = arith.addi %arg0, %c1_i32 : i32
      %1 = arith.subi %0, %ii : i32
      %2 = arith.sitofp %1 : i32 to f64
      affine.store %2, %r[%i] : memref<?xf64>
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %n = arith.index_cast %s0 : i32 to index
    %r = memref.alloc(%n) : memref<?xf64>
    %y = memref.alloc(%n) : memref<?xf64>
    func.call @init_durbin(%s0, %r) : (i32, memref<?xf64>) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_durbin(%s0, %r, %y) : (i32, memref<?xf64>, memref<?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_1d(%y) : (memref<?xf64>) -> ()
    memref.dealloc %r : memref<?xf64>
    memref.dealloc %y : memref<?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_1d(memref<?xf64>)
}
