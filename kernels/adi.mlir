// PolyBench/C 4.2 adi: alternating direction implicit solver (2D heat equation, column then row sweeps)
// SIZES MINI: 20 20
// SIZES SMALL: 40 60
// SIZES MEDIUM: 100 200
// SIZES LARGE: 500 1000
// SIZES EXTRALARGE: 1000 2000
// tessel_run params: tsteps n
// The scalar coefficients (DX, DY, DT, B1, B2, mul1, mul2, a..f) are computed
// once at the top as SSA values. The downward loops `for (j = n-2; j >= 1; j--)`
// run %jj = 0 .. n-3 with j = n-2-jj folded into the subscripts.

#tplus1 = affine_map<()[s0] -> (s0 + 1)>
#nminus1 = affine_map<()[s0] -> (s0 - 1)>
#nminus2 = affine_map<()[s0] -> (s0 - 2)>

module {
  func.func @kernel_adi(%arg0: i32, %arg1: i32, %u: memref<?x?xf64>, %v: memref<?x?xf64>,
                        %p: memref<?x?xf64>, %q: memref<?x?xf64>) {
    %tsteps = arith.index_cast %arg0 : i32 to index
    %n = arith.index_cast %arg1 : i32 to index
    %zero = arith.constant 0.0 : f64
    %one = arith.constant 1.0 : f64
    %two = arith.constant 2.0 : f64
    %fn0 = arith.sitofp %arg1 : i32 to f64
    %DX = arith.divf %one, %fn0 : f64
    %fn1 = arith.sitofp %arg1 : i32 to f64
    %DY = arith.divf %one, %fn1 : f64
    %ft = arith.sitofp %arg0 : i32 to f64
    %DT = arith.divf %one, %ft : f64
    %B1 = arith.constant 2.0 : f64
    %B2 = arith.constant 1.0 : f64
    // mul1 = B1 * DT / (DX * DX)
    %m1a = arith.mulf %B1, %DT : f64
    %m1b = arith.mulf %DX, %DX : f64
    %mul1 = arith.divf %m1a, %m1b : f64
    // mul2 = B2 * DT / (DY * DY)
    %m2a = arith.mulf %B2, %DT : f64
    %m2b = arith.mulf %DY, %DY : f64
    %mul2 = arith.divf %m2a, %m2b : f64
    // a = -mul1 / 2.0; b = 1.0 + mul1; c = a
    %nm1 = arith.negf %mul1 : f64
    %a = arith.divf %nm1, %two : f64
    %b = arith.addf %one, %mul1 : f64
    // d = -mul2 / 2.0; e = 1.0 + mul2; f = d
    %nm2 = arith.negf %mul2 : f64
    %d = arith.divf %nm2, %two : f64
    %e = arith.addf %one, %mul2 : f64

    affine.for %t = 1 to #tplus1()[%tsteps] {
      // Column sweep
      affine.for %i = 1 to #nminus1()[%n] {
        affine.store %one, %v[0, %i] : memref<?x?xf64>
        affine.store %zero, %p[%i, 0] : memref<?x?xf64>
        %0 = affine.load %v[0, %i] : memref<?x?xf64>
        affine.store %0, %q[%i, 0] : memref<?x?xf64>
        affine.for %j = 1 to #nminus1()[%n] {
          // p[i][j] = -c / (a*p[i][j-1] + b)
          %1 = arith.negf %a : f64
          %2 = affine.load %p[%i, %j - 1] : memref<?x?xf64>
          %3 = arith.mulf %a, %2 : f64
          %4 = arith.addf %3, %b : f64
          %5 = arith.divf %1, %4 : f64
          affine.store %5, %p[%i, %j] : memref<?x?xf64>
          // q[i][j] = (-d*u[j][i-1] + (1.0+2.0*d)*u[j][i] - f*u[j][i+1] - a*q[i][j-1]) / (a*p[i][j-1] + b)
          %6 = arith.negf %d : f64
          %7 = affine.load %u[%j, %i - 1] : memref<?x?xf64>
          %8 = arith.mulf %6, %7 : f64
          %9 = arith.mulf %two, %d : f64
          %10 = arith.addf %one, %9 : f64
          %11 = affine.load %u[%j, %i] : memref<?x?xf64>
          %12 = arith.mulf %10, %11 : f64
          %13 = arith.addf %8, %12 : f64
          %14 = affine.load %u[%j, %i + 1] : memref<?x?xf64>
          %15 = arith.mulf %d, %14 : f64
          %16 = arith.subf %13, %15 : f64
          %17 = affine.load %q[%i, %j - 1] : memref<?x?xf64>
          %18 = arith.mulf %a, %17 : f64
          %19 = arith.subf %16, %18 : f64
          %20 = affine.load %p[%i, %j - 1] : memref<?x?xf64>
          %21 = arith.mulf %a, %20 : f64
          %22 = arith.addf %21, %b : f64
          %23 = arith.divf %19, %22 : f64
          affine.store %23, %q[%i, %j] : memref<?x?xf64>
        }
        affine.store %one, %v[symbol(%n) - 1, %i] : memref<?x?xf64>
        // for (j = n-2; j >= 1; j--), j = n-2-jj
        affine.for %jj = 0 to #nminus2()[%n] {
          // v[j][i] = p[i][j] * v[j+1][i] + q[i][j]
          %24 = affine.load %p[%i, symbol(%n) - %jj - 2] : memref<?x?xf64>
          %25 = affine.load %v[symbol(%n) - %jj - 1, %i] : memref<?x?xf64>
          %26 = arith.mulf %24, %25 : f64
          %27 = affine.load %q[%i, symbol(%n) - %jj - 2] : memref<?x?xf64>
          %28 = arith.addf %26, %27 : f64
          affine.store %28, %v[symbol(%n) - %jj - 2, %i] : memref<?x?xf64>
        }
      }
      // Row sweep
      affine.for %i = 1 to #nminus1()[%n] {
        affine.store %one, %u[%i, 0] : memref<?x?xf64>
        affine.store %zero, %p[%i, 0] : memref<?x?xf64>
        %0 = affine.load %u[%i, 0] : memref<?x?xf64>
        affine.store %0, %q[%i, 0] : memref<?x?xf64>
        affine.for %j = 1 to #nminus1()[%n] {
          // p[i][j] = -f / (d*p[i][j-1] + e)
          %1 = arith.negf %d : f64
          %2 = affine.load %p[%i, %j - 1] : memref<?x?xf64>
          %3 = arith.mulf %d, %2 : f64
          %4 = arith.addf %3, %e : f64
          %5 = arith.divf %1, %4 : f64
          affine.store %5, %p[%i, %j] : memref<?x?xf64>
          // q[i][j] = (-a*v[i-1][j] + (1.0+2.0*a)*v[i][j] - c*v[i+1][j] - d*q[i][j-1]) / (d*p[i][j-1] + e)
          %6 = arith.negf %a : f64
          %7 = affine.load %v[%i - 1, %j] : memref<?x?xf64>
          %8 = arith.mulf %6, %7 : f64
          %9 = arith.mulf %two, %a : f64
          %10 = arith.addf %one, %9 : f64
          %11 = affine.load %v[%i, %j] : memref<?x?xf64>
          %12 = arith.mulf %10, %11 : f64
          %13 = arith.addf %8, %12 : f64
          %14 = affine.load %v[%i + 1, %j] : memref<?x?xf64>
          %15 = arith.mulf %a, %14 : f64
          %16 = arith.subf %13, %15 : f64
          %17 = affine.load %q[%i, %j - 1] : memref<?x?xf64>
          %18 = arith.mulf %d, %17 : f64
          %19 = arith.subf %16, %18 : f64
          %20 = affine.load %p[%i, %j - 1] : memref<?x?xf64>
          %21 = arith.mulf %d, %20 : f64
          %22 = arith.addf %21, %e : f64
          %23 = arith.divf %19, %22 : f64
          affine.store %23, %q[%i, %j] : memref<?x?xf64>
        }
        affine.store %one, %u[%i, symbol(%n) - 1] : memref<?x?xf64>
        // for (j = n-2; j >= 1; j--), j = n-2-jj
        affine.for %jj = 0 to #nminus2()[%n] {
          // u[i][j] = p[i][j] * u[i][j+1] + q[i][j]
          %24 = affine.load %p[%i, symbol(%n) - %jj - 2] : memref<?x?xf64>
          %25 = affine.load %u[%i, symbol(%n) - %jj - 1] : memref<?x?xf64>
          %26 = arith.mulf %24, %25 : f64
          %27 = affine.load %q[%i, symbol(%n) - %jj - 2] : memref<?x?xf64>
          %28 = arith.addf %26, %27 : f64
          affine.store %28, %u[%i, symbol(%n) - %jj - 2] : memref<?x?xf64>
        }
      }
    }
    return
  }

  func.func @init_adi(%arg0: i32, %u: memref<?x?xf64>) {
    %n = arith.index_cast %arg0 : i32 to index
    // u[i][j] = (double)(i + n-j) / n
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %n {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.addi %ii, %arg0 : i32
        %1 = arith.subi %0, %jj : i32
        %2 = arith.sitofp %1 : i32 to f64
        %3 = arith.sitofp %arg0 : i32 to f64
        %4 = arith.divf %2, %3 : f64
        affine.store %4, %u[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %n = arith.index_cast %s1 : i32 to index
    %u = memref.alloc(%n, %n) : memref<?x?xf64>
    %v = memref.alloc(%n, %n) : memref<?x?xf64>
    %p = memref.alloc(%n, %n) : memref<?x?xf64>
    %q = memref.alloc(%n, %n) : memref<?x?xf64>
    func.call @init_adi(%s1, %u) : (i32, memref<?x?xf64>) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_adi(%s0, %s1, %u, %v, %p, %q)
        : (i32, i32, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_2d(%u) : (memref<?x?xf64>) -> ()
    memref.dealloc %u : memref<?x?xf64>
    memref.dealloc %v : memref<?x?xf64>
    memref.dealloc %p : memref<?x?xf64>
    memref.dealloc %q : memref<?x?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_2d(memref<?x?xf64>)
}
