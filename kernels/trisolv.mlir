// PolyBench/C 4.2 trisolv: solve L x = b by forward substitution (L lower triangular)
// SIZES MINI: 40
// SIZES SMALL: 120
// SIZES MEDIUM: 400
// SIZES LARGE: 2000
// SIZES EXTRALARGE: 4000
// tessel_run params: n

#id = affine_map<(d0) -> (d0)>
#id_plus1 = affine_map<(d0) -> (d0 + 1)>

module {
  func.func @kernel_trisolv(%arg0: i32, %L: memref<?x?xf64>, %x: memref<?xf64>, %b: memref<?xf64>) {
    %n = arith.index_cast %arg0 : i32 to index
    affine.for %i = 0 to %n {
      %0 = affine.load %b[%i] : memref<?xf64>
      affine.store %0, %x[%i] : memref<?xf64>
      affine.for %j = 0 to #id(%i) {
        %1 = affine.load %L[%i, %j] : memref<?x?xf64>
        %2 = affine.load %x[%j] : memref<?xf64>
        %3 = arith.mulf %1, %2 : f64
        %4 = affine.load %x[%i] : memref<?xf64>
        %5 = arith.subf %4, %3 : f64
        affine.store %5, %x[%i] : memref<?xf64>
      }
      %6 = affine.load %x[%i] : memref<?xf64>
      %7 = affine.load %L[%i, %i] : memref<?x?xf64>
      %8 = arith.divf %6, %7 : f64
      affine.store %8, %x[%i] : memref<?xf64>
    }
    return
  }

  func.func @init_trisolv(%arg0: i32, %L: memref<?x?xf64>, %x: memref<?xf64>, %b: memref<?xf64>) {
    %n = arith.index_cast %arg0 : i32 to index
    %c1_i32 = arith.constant 1 : i32
    %m999 = arith.constant -999.0 : f64
    %two = arith.constant 2.0 : f64
    affine.for %i = 0 to %n {
      %ii = arith.index_cast %i : index to i32
      affine.store %m999, %x[%i] : memref<?xf64>
      %0 = arith.sitofp %ii : i32 to f64
      affine.store %0, %b[%i] : memref<?xf64>
      // L[i][j] = (double)(i+n-j+1)*2/n for j <= i
      affine.for %j = 0 to #id_plus1(%i) {
        %jj = arith.index_cast %j : index to i32
        %1 = arith.addi %ii, %arg0 : i32
        %2 = arith.subi %1, %jj : i32
        %3 = arith.addi %2, %c1_i32 : i32
        %4 = arith.sitofp %3 : i32 to f64
        %5 = arith.mulf %4, %two : f64
        %6 = arith.sitofp %arg0 : i32 to f64
        %7 = arith.divf %5, %6 : f64
        affine.store %7, %L[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %n = arith.index_cast %s0 : i32 to index
    %L = memref.alloc(%n, %n) : memref<?x?xf64>
    %x = memref.alloc(%n) : memref<?xf64>
    %b = memref.alloc(%n) : memref<?xf64>
    func.call @init_trisolv(%s0, %L, %x, %b) : (i32, memref<?x?xf64>, memref<?xf64>, memref<?xf64>) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_trisolv(%s0, %L, %x, %b) : (i32, memref<?x?xf64>, memref<?xf64>, memref<?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_1d(%x) : (memref<?xf64>) -> ()
    memref.dealloc %L : memref<?x?xf64>
    memref.dealloc %x : memref<?xf64>
    memref.dealloc %b : memref<?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_1d(memref<?xf64>)
}
