// linalg.conv_2d_nchw_fchw: O[n][f][h][w] += sum_{c,kh,kw} I[n][c][h+kh][w+kw] * K[f][c][kh][kw], 3x3 filters, unit strides
// SIZES MINI: 1 4 4 8 8
// SIZES SMALL: 1 16 16 14 14
// SIZES MEDIUM: 2 32 32 28 28
// SIZES LARGE: 4 64 64 56 56
// SIZES EXTRALARGE: 8 64 64 112 112
// tessel_run params: n f c h w
// FRONT END: func.func(convert-linalg-to-affine-loops)

// A named linalg convolution on dynamic memrefs, lowered by the FRONT END pipeline
// above (see linalg-matmul.mlir). The input is (n, c, h+2, w+2), the filter
// (f, c, 3, 3), the output (n, f, h, w).
module {
  func.func @kernel_linalg_conv2d(%I: memref<?x?x?x?xf64>, %K: memref<?x?x?x?xf64>, %O: memref<?x?x?x?xf64>) {
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%I, %K : memref<?x?x?x?xf64>, memref<?x?x?x?xf64>) outs(%O : memref<?x?x?x?xf64>)
    return
  }

  // x[a][b][c][d] = (double)((a*7 + b*5 + c*3 + d + s) % 17) / 17 - 0.5
  func.func @init_4d(%X: memref<?x?x?x?xf64>, %s: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %k7 = arith.constant 7 : i32
    %k5 = arith.constant 5 : i32
    %k3 = arith.constant 3 : i32
    %k17 = arith.constant 17 : i32
    %f17 = arith.constant 17.0 : f64
    %half = arith.constant 0.5 : f64
    %n0 = memref.dim %X, %c0 : memref<?x?x?x?xf64>
    %n1 = memref.dim %X, %c1 : memref<?x?x?x?xf64>
    %n2 = memref.dim %X, %c2 : memref<?x?x?x?xf64>
    %n3 = memref.dim %X, %c3 : memref<?x?x?x?xf64>
    affine.for %a = 0 to %n0 {
      affine.for %b = 0 to %n1 {
        affine.for %c = 0 to %n2 {
          affine.for %d = 0 to %n3 {
            %ai = arith.index_cast %a : index to i32
            %bi = arith.index_cast %b : index to i32
            %ci = arith.index_cast %c : index to i32
            %di = arith.index_cast %d : index to i32
            %0 = arith.muli %ai, %k7 : i32
            %1 = arith.muli %bi, %k5 : i32
            %2 = arith.muli %ci, %k3 : i32
            %3 = arith.addi %0, %1 : i32
            %4 = arith.addi %3, %2 : i32
            %5 = arith.addi %4, %di : i32
            %6 = arith.addi %5, %s : i32
            %7 = arith.remsi %6, %k17 : i32
            %8 = arith.sitofp %7 : i32 to f64
            %9 = arith.divf %8, %f17 : f64
            %10 = arith.subf %9, %half : f64
            affine.store %10, %X[%a, %b, %c, %d] : memref<?x?x?x?xf64>
          }
        }
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %n = arith.index_cast %s0 : i32 to index
    %f = arith.index_cast %s1 : i32 to index
    %c = arith.index_cast %s2 : i32 to index
    %h = arith.index_cast %s3 : i32 to index
    %w = arith.index_cast %s4 : i32 to index
    %k3 = arith.constant 3 : index
    %hi = affine.apply affine_map<()[s0] -> (s0 + 2)>()[%h]
    %wi = affine.apply affine_map<()[s0] -> (s0 + 2)>()[%w]
    %seed0 = arith.constant 0 : i32
    %seed1 = arith.constant 1 : i32
    %seed2 = arith.constant 2 : i32
    %I = memref.alloc(%n, %c, %hi, %wi) : memref<?x?x?x?xf64>
    %K = memref.alloc(%f, %c, %k3, %k3) : memref<?x?x?x?xf64>
    %O = memref.alloc(%n, %f, %h, %w) : memref<?x?x?x?xf64>
    func.call @init_4d(%I, %seed0) : (memref<?x?x?x?xf64>, i32) -> ()
    func.call @init_4d(%K, %seed1) : (memref<?x?x?x?xf64>, i32) -> ()
    func.call @init_4d(%O, %seed2) : (memref<?x?x?x?xf64>, i32) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_linalg_conv2d(%I, %K, %O) : (memref<?x?x?x?xf64>, memref<?x?x?x?xf64>, memref<?x?x?x?xf64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_4d(%O) : (memref<?x?x?x?xf64>) -> ()
    memref.dealloc %I : memref<?x?x?x?xf64>
    memref.dealloc %K : memref<?x?x?x?xf64>
    memref.dealloc %O : memref<?x?x?x?xf64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_4d(memref<?x?x?x?xf64>)
}
