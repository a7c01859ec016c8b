// linalg.matmul: C += A * B on dynamic memrefs, as an MLIR user writes it (not PolyBench)
// SIZES MINI: 20 25 30
// SIZES SMALL: 60 70 80
// SIZES MEDIUM: 200 220 240
// SIZES LARGE: 1000 1100 1200
// SIZES EXTRALARGE: 2000 2300 2600
// tessel_run params: ni nj nk
// FRONT END: func.func(convert-linalg-to-affine-loops)

// The kernel is a single named linalg op; the suite lowers it with the FRONT END
// pipeline above (suite.affine_source) before the original build and before Tessel,
// which is what `func.func(convert-linalg-to-affine-loops, tessel-optimize)` does in
// one mlir-opt call. Inputs as gemm's init (PolyBench formulas), so values stay small.
module {
  func.func @kernel_linalg_matmul(%C: memref<?x?xf64>, %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
    linalg.matmul ins(%A, %B : memref<?x?xf64>, memref<?x?xf64>) outs(%C : memref<?x?xf64>)
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
    %nk = arith.index_cast %s2 : i32 to index
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %C = memref.alloc(%ni, %nj) : memref<?x?xf64>
    %A = memref.alloc(%ni, %nk) : memref<?x?xf64>
    %B = memref.alloc(%nk, %nj) : memref<?x?xf64>
    func.call @init_2d(%C, %c0, %s0) : (memref<?x?xf64>, i32, i32) -> ()
    func.call @init_2d(%A, %c1, %s2) : (memref<?x?xf64>, i32, i32) -> ()
    func.call @init_2d(%B, %c2, %s1) : (memref<?x?xf64>, i32, i32) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_linalg_matmul(%C, %A, %B) : (memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_2d(%C) : (memref<?x?xf64>) -> ()
    memref.dealloc %C : memref<?x?xf64>
    memref.dealloc %A : memref<?x?xf64>
    memref.dealloc %B : memref<?x?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_2d(memref<?x?xf64>)
}
