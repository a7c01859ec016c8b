// PolyBench/C 4.2 doitgen: A[r][q][*] := A[r][q][*] * C4 (multiresolution analysis kernel, MADNESS)
// SIZES MINI: 10 8 12
// SIZES SMALL: 25 20 30
// SIZES MEDIUM: 50 40 60
// SIZES LARGE: 150 140 160
// SIZES EXTRALARGE: 250 220 270
// tessel_run params: nr nq np

module {
  func.func @kernel_doitgen(%arg0: i32, %arg1: i32, %arg2: i32, %A: memref<?x?x?xf64>,
                            %C4: memref<?x?xf64>, %sum: memref<?xf64>) {
    %nr = arith.index_cast %arg0 : i32 to index
    %nq = arith.index_cast %arg1 : i32 to index
    %np = arith.index_cast %arg2 : i32 to index
    %zero = arith.constant 0.0 : f64
    affine.for %r = 0 to %nr {
      affine.for %q = 0 to %nq {
        affine.for %p = 0 to %np {
          affine.store %zero, %sum[%p] : memref<?xf64>
          affine.for %s = 0 to %np {
            %0 = affine.load %A[%r, %q, %s] : memref<?x?x?xf64>
            %1 = affine.load %C4[%s, %p] : memref<?x?xf64>
            %2 = arith.mulf %0, %1 : f64
            %3 = affine.load %sum[%p] : memref<?xf64>
            %4 = arith.addf %3, %2 : f64
            affine.store %4, %sum[%p] : memref<?xf64>
          }
        }
        affine.for %p = 0 to %np {
          %0 = affine.load %sum[%p] : memref<?xf64>
          affine.store %0, %A[%r, %q, %p] : memref<?x?x?xf64>
        }
      }
    }
    return
  }

  func.func @init_doitgen(%arg0: i32, %arg1: i32, %arg2: i32, %A: memref<?x?x?xf64>, %C4: memref<?x?xf64>) {
    %nr = arith.index_cast %arg0 : i32 to index
    %nq = arith.index_cast %arg1 : i32 to index
    %np = arith.index_cast %arg2 : i32 to index
    // A[i][j][k] = (double)((i*j + k) % np) / np
    affine.for %i = 0 to %nr {
      affine.for %j = 0 to %nq {
        affine.for %k = 0 to %np {
          %ii = arith.index_cast %i : index to i32
          %jj = arith.index_cast %j : index to i32
          %kk = arith.index_cast %k : index to i32
          %0 = arith.muli %ii, %jj : i32
          %1 = arith.addi %0, %kk : i32
          %2 = arith.remsi %1, %arg2 : i32
          %3 = arith.sitofp %2 : i32 to f64
          %4 = arith.sitofp %arg2 : i32 to f64
          %5 = arith.divf %3, %4 : f64
          affine.store %5, %A[%i, %j, %k] : memref<?x?x?xf64>
        }
      }
    }
    // C4[i][j] = (double)(i*j % np) / np
    affine.for %i = 0 to %np {
      affine.for %j = 0 to %np {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.muli %ii, %jj : i32
        %1 = arith.remsi %0, %arg2 : i32
        %2 = arith.sitofp %1 : i32 to f64
        %3 = arith.sitofp %arg2 : i32 to f64
        %4 = arith.divf %2, %3 : f64
        affine.store %4, %C4[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %nr = arith.index_cast %s0 : i32 to index
    %nq = arith.index_cast %s1 : i32 to index
    %np = arith.index_cast %s2 : i32 to index
    %A = memref.alloc(%nr, %nq, %np) : memref<?x?x?xf64>
    %sum = memref.alloc(%np) : memref<?xf64>
    %C4 = memref.alloc(%np, %np) : memref<?x?xf64>
    func.call @init_doitgen(%s0, %s1, %s2, %A, %C4) : (i32, i32, i32, memref<?x?x?xf64>, memref<?x?xf64>) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_doitgen(%s0, %s1, %s2, %A, %C4, %sum)
        : (i32, i32, i32, memref<?x?x?xf64>, memref<?x?xf64>, memref<?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_3d(%A) : (memref<?x?x?xf64>) -> ()
    memref.dealloc %A : memref<?x?x?xf64>
    memref.dealloc %sum : memref<?xf64>
    memref.dealloc %C4 : memref<?x?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_3d(memref<?x?x?xf64>)
}
