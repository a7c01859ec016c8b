// PolyBench/C 4.2 mvt: x1 := x1 + A*y_1, x2 := x2 + A^T*y_2 (matrix vector product and transpose)
// SIZES MINI: 40
// SIZES SMALL: 120
// SIZES MEDIUM: 400
// SIZES LARGE: 2000
// SIZES EXTRALARGE: 4000
// tessel_run params: n

module {
  func.func @kernel_mvt(%arg0: i32, %x1: memref<?xf64>, %x2: memref<?xf64>, %y_1: memref<?xf64>,
                        %y_2: memref<?xf64>, %A: memref<?x?xf64>) {
    %n = arith.index_cast %arg0 : i32 to index
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %n {
        %0 = affine.load %x1[%i] : memref<?xf64>
        %1 = affine.load %A[%i, %j] : memref<?x?xf64>
        %2 = affine.load %y_1[%j] : memref<?xf64>
        %3 = arith.mulf %1, %2 : f64
        %4 = arith.addf %0, %3 : f64
        affine.store %4, %x1[%i] : memref<?xf64>
      }
    }
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %n {
        %0 = affine.load %x2[%i] : memref<?xf64>
        %1 = affine.load %A[%j, %i] : memref<?x?xf64>
        %2 = affine.load %y_2[%j] : memref<?xf64>
        %3 = arith.mulf %1, %2 : f64
        %4 = arith.addf %0, %3 : f64
        affine.store %4, %x2[%i] : memref<?xf64>
      }
    }
    return
  }

  func.func @init_mvt(%arg0: i32, %x1: memref<?xf64>, %x2: memref<?xf64>, %y_1: memref<?xf64>,
                      %y_2: memref<?xf64>, %A: memref<?x?xf64>) {
    %n = arith.index_cast %arg0 : i32 to index
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %fn = arith.sitofp %arg0 : i32 to f64
    affine.for %i = 0 to %n {
      %ii = arith.index_cast %i : index to i32
      // x1[i] = (double)(i % n) / n
      %0 = arith.remsi %ii, %arg0 : i32
      %1 = arith.sitofp %0 : i32 to f64
      %2 = arith.divf %1, %fn : f64
      affine.store %2, %x1[%i] : memref<?xf64>
      // x2[i] = (double)((i + 1) % n) / n
      %3 = arith.addi %ii, %c1 : i32
      %4 = arith.remsi %3, %arg0 : i32
      %5 = arith.sitofp %4 : i32 to f64
      %6 = arith.divf %5, %fn : f64
      affine.store %6, %x2[%i] : memref<?xf64>
      // y_1[i] = (double)((i + 3) % n) / n
      %7 = arith.addi %ii, %c3 : i32
      %8 = arith.remsi %7, %arg0 : i32
      %9 = arith.sitofp %8 : i32 to f64
      %10 = arith.divf %9, %fn : f64
      affine.store %10, %y_1[%i] : memref<?xf64>
      // y_2[i] = (double)((i + 4) % n) / n
      %11 = arith.addi %ii, %c4 : i32
      %12 = arith.remsi %11, %arg0 : i32
      %13 = arith.sitofp %12 : i32 to f64
      %14 = arith.divf %13, %fn : f64
      affine.store %14, %y_2[%i] : memref<?xf64>
      // A[i][j] = (double)(i*j % n) / n
      affine.for %j = 0 to %n {
        %jj = arith.index_cast %j : index to i32
        %15 = arith.muli %ii, %jj : i32
        %16 = arith.remsi %15, %arg0 : i32
        %17 = arith.sitofp %16 : i32 to f64
        %18 = arith.divf %17, %fn : f64
        affine.store %18, %A[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %n = arith.index_cast %s0 : i32 to index
    %A = memref.alloc(%n, %n) : memref<?x?xf64>
    %x1 = memref.alloc(%n) : memref<?xf64>
    %x2 = memref.alloc(%n) : memref<?xf64>
    %y_1 = memref.alloc(%n) : memref<?xf64>
    %y_2 = memref.alloc(%n) : memref<?xf64>
    func.call @init_mvt(%s0, %x1, %x2, %y_1, %y_2, %A)
        : (i32, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?x?xf64>) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_mvt(%s0, %x1, %x2, %y_1, %y_2, %A)
        : (i32, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?x?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_1d(%x1) : (memref<?xf64>) -> ()
    func.call @tessel_hash_f64_1d(%x2) : (memref<?xf64>) -> ()
    memref.dealloc %A : memref<?x?xf64>
    memref.dealloc %x1 : memref<?xf64>
    memref.dealloc %x2 : memref<?xf64>
    memref.dealloc %y_1 : memref<?xf64>
    memref.dealloc %y_2 : memref<?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_1d(memref<?xf64>)
}
