// PolyBench/C 4.2 floyd-warshall: all-pairs shortest paths (int path lengths)
// SIZES MINI: 60
// SIZES SMALL: 180
// SIZES MEDIUM: 500
// SIZES LARGE: 2800
// SIZES EXTRALARGE: 5600
// tessel_run params: n
// DATA_TYPE is int in PolyBench's floyd-warshall: path is memref<?x?xi32>.
// The `a < b ? a : b` selection is arith.cmpi slt + arith.select.

module {
  func.func @kernel_floyd_warshall(%arg0: i32, %path: memref<?x?xi32>) {
    %n = arith.index_cast %arg0 : i32 to index
    affine.for %k = 0 to %n {
      affine.for %i = 0 to %n {
        affine.for %j = 0 to %n {
          // path[i][j] = path[i][j] < path[i][k] + path[k][j] ? path[i][j] : path[i][k] + path[k][j]
          %0 = affine.load %path[%i, %j] : memref<?x?xi32>
          %1 = affine.load %path[%i, %k] : memref<?x?xi32>
          %2 = affine.load %path[%k, %j] : memref<?x?xi32>
          %3 = arith.addi %1, %2 : i32
          %4 = arith.cmpi slt, %0, %3 : i32
          %5 = arith.select %4, %0, %3 : i32
          affine.store %5, %path[%i, %j] : memref<?x?xi32>
        }
      }
    }
    return
  }

  func.func @init_floyd_warshall(%arg0: i32, %path: memref<?x?xi32>) {
    %n = arith.index_cast %arg0 : i32 to index
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c7 = arith.constant 7 : i32
    %c11 = arith.constant 11 : i32
    %c13 = arith.constant 13 : i32
    %c999 = arith.constant 999 : i32
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %n {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        // path[i][j] = i*j%7+1
        %0 = arith.muli %ii, %jj : i32
        %1 = arith.remsi %0, %c7 : i32
        %2 = arith.addi %1, %c1 : i32
        affine.store %2, %path[%i, %j] : memref<?x?xi32>
        // if ((i+j)%13 == 0 || (i+j)%7 == 0 || (i+j)%11 == 0) path[i][j] = 999
        %3 = arith.addi %ii, %jj : i32
        %4 = arith.remsi %3, %c13 : i32
        %5 = arith.cmpi eq, %4, %c0 : i32
        %6 = arith.remsi %3, %c7 : i32
        %7 = arith.cmpi eq, %6, %c0 : i32
        %8 = arith.ori %5, %7 : i1
        %9 = arith.remsi %3, %c11 : i32
        %10 = arith.cmpi eq, %9, %c0 : i32
        %11 = arith.ori %8, %10 : i1
        scf.if %11 {
          affine.store %c999, %path[%i, %j] : memref<?x?xi32>
        }
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %n = arith.index_cast %s0 : i32 to index
    %path = memref.alloc(%n, %n) : memref<?x?xi32>
    func.call @init_floyd_warshall(%s0, %path) : (i32, memref<?x?xi32>) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_floyd_warshall(%s0, %path) : (i32, memref<?x?xi32>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_i32_2d(%path) : (memref<?x?xi32>) -> ()
    memref.dealloc %path : memref<?x?xi32>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_i32_2d(memref<?x?xi32>)
}
