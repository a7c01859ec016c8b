// Named linalg ops reach Tessel through convert-linalg-to-affine-loops, as an MLIR
// user's pipeline has them. With static shapes a tile loop can run only once; the
// parallel mark must then go to the first coincident loop that runs more than once
// (transform/parallel.rs), or the nest gets no parallel loop at all. The coincident
// loops right inside it run in parallel with it, as one collapsed affine.parallel
// (option parallel-collapse), so a short outer loop still feeds every thread.
//
// @conv: the band is (n, f, h, w, c), tiled by 8. n has 4 values, so its tile loop
// runs once and isl emits no loop for it; f's tile loop (0 to 16 step 8) is the
// outermost loop there is, and it is coincident; so are h's and w's (0 to 32 step
// 8); c's carries the sum. Without collapsing, f's tile loop alone is parallel.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(convert-linalg-to-affine-loops,tessel-optimize{tile-sizes=8 parallel-min-work=0}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(convert-linalg-to-affine-loops,tessel-optimize{tile-sizes=8 parallel-min-work=0}))' %s 2>/dev/null | FileCheck %s
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(convert-linalg-to-affine-loops,tessel-optimize{tile-sizes=8 parallel-min-work=0 parallel-collapse=false}))' %s 2>/dev/null | FileCheck %s --check-prefix=ONE
// CHECK-LABEL: func.func @conv
// CHECK-NOT: affine.for
// CHECK: affine.parallel (%{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) = (0, 0, 0) to (16, 32, 32) step (8, 8, 8)
// ONE-LABEL: func.func @conv
// ONE-NOT: affine.for
// ONE: affine.parallel (%{{[a-z0-9]+}}) = (0) to (16) step (8)
// ONE-NEXT: affine.for %{{.*}} = 0 to 32 step 8

// REMARK: linalg.mlir:[[@LINE+2]]:3: remark: tessel: optimized SCoP of 1 statements ({{.*}}parallel loops=1,
func.func @conv(%I: memref<4x8x34x34xf64>, %K: memref<16x8x3x3xf64>, %O: memref<4x16x32x32xf64>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %K : memref<4x8x34x34xf64>, memref<16x8x3x3xf64>) outs(%O : memref<4x16x32x32xf64>)
  return
}

// @matmul: with 64x64 tiles every tile loop of a 64x48x32 product runs once; the
// point band's i and j, in 4x8 register blocks, are the parallel loops.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(convert-linalg-to-affine-loops,tessel-optimize{tile-sizes=64 register-tile=4,8 parallel-min-work=0}))' %s 2>/dev/null | FileCheck %s --check-prefix=MATMUL
// MATMUL-LABEL: func.func @matmul
// MATMUL-NOT: affine.for
// MATMUL: affine.parallel (%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) = (0, 0) to (64, 48) step (4, 8)
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(convert-linalg-to-affine-loops,tessel-optimize{tile-sizes=64 register-tile=4,8 parallel-min-work=0}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MATMUL-REMARK
// MATMUL-REMARK: linalg.mlir:[[@LINE+2]]:3: remark: tessel: optimized SCoP of 1 statements ({{.*}}parallel loops=1,
func.func @matmul(%A: memref<64x32xf64>, %B: memref<32x48xf64>, %C: memref<64x48xf64>) {
  linalg.matmul ins(%A, %B : memref<64x32xf64>, memref<32x48xf64>) outs(%C : memref<64x48xf64>)
  return
}

// Execution: the optimized conv and product give the original's output bit for bit
// (parallel loops run sequentially under mlir-runner).
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(func.func(convert-linalg-to-affine-loops))' | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.orig
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(convert-linalg-to-affine-loops,tessel-optimize{tile-sizes=8 parallel-min-work=0}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.opt
// RUN: diff %t.orig %t.opt
// RUN: FileCheck %s --check-prefix=RUN-OUT < %t.orig
// The outputs are not empty: the 4-d conv result, then the 2-d product.
// RUN-OUT: {{^\[\[\[\[-?[0-9]}}
// RUN-OUT: {{^\[\[-?[0-9]}}
func.func @main() {
  %I = memref.alloc() : memref<4x8x34x34xf64>
  %K = memref.alloc() : memref<16x8x3x3xf64>
  %O = memref.alloc() : memref<4x16x32x32xf64>
  %A = memref.alloc() : memref<64x32xf64>
  %B = memref.alloc() : memref<32x48xf64>
  %C = memref.alloc() : memref<64x48xf64>
  func.call @fill4(%I) : (memref<4x8x34x34xf64>) -> ()
  func.call @fill4k(%K) : (memref<16x8x3x3xf64>) -> ()
  func.call @fill4o(%O) : (memref<4x16x32x32xf64>) -> ()
  func.call @fill2(%A) : (memref<64x32xf64>) -> ()
  func.call @fill2b(%B) : (memref<32x48xf64>) -> ()
  func.call @fill2c(%C) : (memref<64x48xf64>) -> ()
  func.call @conv(%I, %K, %O) : (memref<4x8x34x34xf64>, memref<16x8x3x3xf64>, memref<4x16x32x32xf64>) -> ()
  func.call @matmul(%A, %B, %C) : (memref<64x32xf64>, memref<32x48xf64>, memref<64x48xf64>) -> ()
  %Ou = memref.cast %O : memref<4x16x32x32xf64> to memref<*xf64>
  func.call @printMemrefF64(%Ou) : (memref<*xf64>) -> ()
  %Cu = memref.cast %C : memref<64x48xf64> to memref<*xf64>
  func.call @printMemrefF64(%Cu) : (memref<*xf64>) -> ()
  return
}
func.func private @printMemrefF64(memref<*xf64>)

// Fills: x = ((sum of index * weight) mod 13) / 13 - 0.5, so that sums round.
func.func @fill4(%X: memref<4x8x34x34xf64>) {
  affine.for %a = 0 to 4 { affine.for %b = 0 to 8 { affine.for %c = 0 to 34 { affine.for %d = 0 to 34 {
    %v = affine.apply affine_map<(a, b, c, d) -> ((a * 7 + b * 5 + c * 3 + d) mod 13)>(%a, %b, %c, %d)
    %f = func.call @scale(%v) : (index) -> f64
    affine.store %f, %X[%a, %b, %c, %d] : memref<4x8x34x34xf64>
  } } } }
  return
}
func.func @fill4k(%X: memref<16x8x3x3xf64>) {
  affine.for %a = 0 to 16 { affine.for %b = 0 to 8 { affine.for %c = 0 to 3 { affine.for %d = 0 to 3 {
    %v = affine.apply affine_map<(a, b, c, d) -> ((a * 3 + b * 7 + c * 5 + d + 1) mod 13)>(%a, %b, %c, %d)
    %f = func.call @scale(%v) : (index) -> f64
    affine.store %f, %X[%a, %b, %c, %d] : memref<16x8x3x3xf64>
  } } } }
  return
}
func.func @fill4o(%X: memref<4x16x32x32xf64>) {
  affine.for %a = 0 to 4 { affine.for %b = 0 to 16 { affine.for %c = 0 to 32 { affine.for %d = 0 to 32 {
    %v = affine.apply affine_map<(a, b, c, d) -> ((a + b * 2 + c * 3 + d * 5) mod 13)>(%a, %b, %c, %d)
    %f = func.call @scale(%v) : (index) -> f64
    affine.store %f, %X[%a, %b, %c, %d] : memref<4x16x32x32xf64>
  } } } }
  return
}
func.func @fill2(%X: memref<64x32xf64>) {
  affine.for %a = 0 to 64 { affine.for %b = 0 to 32 {
    %v = affine.apply affine_map<(a, b) -> ((a * 5 + b * 3) mod 13)>(%a, %b)
    %f = func.call @scale(%v) : (index) -> f64
    affine.store %f, %X[%a, %b] : memref<64x32xf64>
  } }
  return
}
func.func @fill2b(%X: memref<32x48xf64>) {
  affine.for %a = 0 to 32 { affine.for %b = 0 to 48 {
    %v = affine.apply affine_map<(a, b) -> ((a * 2 + b * 7 + 1) mod 13)>(%a, %b)
    %f = func.call @scale(%v) : (index) -> f64
    affine.store %f, %X[%a, %b] : memref<32x48xf64>
  } }
  return
}
func.func @fill2c(%X: memref<64x48xf64>) {
  affine.for %a = 0 to 64 { affine.for %b = 0 to 48 {
    %v = affine.apply affine_map<(a, b) -> ((a * 3 + b + 2) mod 13)>(%a, %b)
    %f = func.call @scale(%v) : (index) -> f64
    affine.store %f, %X[%a, %b] : memref<64x48xf64>
  } }
  return
}
func.func @scale(%v: index) -> f64 {
  %i = arith.index_cast %v : index to i64
  %f = arith.sitofp %i : i64 to f64
  %d = arith.constant 13.0 : f64
  %h = arith.constant 0.5 : f64
  %q = arith.divf %f, %d : f64
  %r = arith.subf %q, %h : f64
  return %r : f64
}
