// linalg.generic, elementwise with a transposed operand: O[i][j] = A[i][j] * alpha + B[j][i]
// SIZES MINI: 40 50
// SIZES SMALL: 120 140
// SIZES MEDIUM: 400 500
// SIZES LARGE: 2000 2400
// SIZES EXTRALARGE: 4000 4800
// tessel_run params: ni nj
// FRONT END: func.func(convert-linalg-to-affine-loops)

// An elementwise linalg.generic (all iterators parallel) whose second input is read
// through a transposed indexing map, lowered by the FRONT END pipeline above (see
// linalg-matmul.mlir). Row-major O and column-wise B pull in opposite directions.
#id = affine_map<(i, j) -> (i, j)>
#tr = affine_map<(i, j) -> (j, i)>
module {
  func.func @kernel_linalg_transpose_add(%alpha: f64, %A: memref<?x?xf64>, %B: memref<?x?xf64>, %O: memref<?x?xf64>) {
    linalg.generic {indexing_maps = [#id, #tr, #id], iterator_types = ["parallel", "parallel"]}
        ins(%A, %B : memref<?x?xf64>, memref<?x?xf64>) outs(%O : memref<?x?xf64>) {
    ^bb0(%a: f64, %b: f64, %o: f64):
      %0 = arith.mulf %a, %alpha : f64
      %1 = arith.addf %0, %b : f64
      linalg.yield %1 : f64
    }
    return
  }

  // x[i][j] = (double)((i*(j+c)+1) % d) / d
  func.func @init_2d(%X: memref<?x?xf64>, %c: i32, %d: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %n0 = memref.dim %X, %c0 : memref<?x?xf64>
    %n1 = memref.dim %X, %c1 : memref<?x?xf64>
    affine.for %i = 0 to %n0 {
      affine.for %j = 0 to %n1 {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.addi %jj, %c : i32
        %1 = arith.muli %ii, %0 : i32
        %2 = arith.addi %1, %one : i32
        %3 = arith.remsi %2, %d : i32
        %4 = arith.sitofp %3 : i32 to f64
        %5 = arith.sitofp %d : i32 to f64
        %6 = arith.divf %4, %5 : f64
        affine.store %6, %X[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %ni = arith.index_cast %s0 : i32 to index
    %nj = arith.index_cast %s1 : i32 to index
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %alpha = arith.constant 1.5 : f64
    %A = memref.alloc(%ni, %nj) : memref<?x?xf64>
    %B = memref.alloc(%nj, %ni) : memref<?x?xf64>
    %O = memref.alloc(%ni, %nj) : memref<?x?xf64>
    func.call @init_2d(%A, %c1, %s1) : (memref<?x?xf64>, i32, i32) -> ()
    func.call @init_2d(%B, %c2, %s0) : (memref<?x?xf64>, i32, i32) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_linalg_transpose_add(%alpha, %A, %B, %O) : (f64, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_2d(%O) : (memref<?x?xf64>) -> ()
    memref.dealloc %A : memref<?x?xf64>
    memref.dealloc %B : memref<?x?xf64>
    memref.dealloc %O : memref<?x?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_2d(memref<?x?xf64>)
}
