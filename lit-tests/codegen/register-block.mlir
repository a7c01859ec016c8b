// Register tiling (transform/register_tile.rs, codegen/register_block.rs,
// mlir codegen/emit/registers/; option register-tile, default: shaped by a load model).
//
// gemm's point band, after post-tile reordering, is (i, k, j): members 0, 1, 2.
// C[i][j] stays on one element along k (member 1) while A and B move there, j moves
// C within a line, i moves it to another row, and B[k][j] stays put along i. So the
// block is (i, j) = (members 0, 2), kept across member 1. The fused C *= beta (S0)
// has no k loop; it moves to its own copy of the band, before S1's: nothing flows
// from S1 back to S0 inside a tile.
//
// (The FileCheck runs turn distinct-arguments off, so that the arrays keep their
// argument names; codegen/loops.mlir checks memref.distinct_objects.)
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{distinct-arguments=false register-tile=2,2 parallel=false}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: tessel: register tile: 2x2 block of S1 (members 0 and 2) kept in registers across member 1; the band's other statements split off
// syrk's point band is (i, j, k) with j <= i: along k, A[i][k] and A[j][k] step
// within a line and C[i][j] stays (no misses), along j A[j][k] leaves its line, so k
// stays innermost and the block is (i, j), cut by the diagonal: blocks below it are
// full, those it crosses keep their loops.
// REMARK: remark: tessel: register tile: 2x2 block of S0 (members 0 and 1) kept in registers across member 2
// @upper (covariance's shape, j >= i): along j, C[i][j] and A[k][j] step within a
// line and A[k][i] stays, along k both A leave their line: (i, k, j), and the block
// (i, j) across k starts at the diagonal for the blocks it crosses.
// REMARK: remark: tessel: register tile: 2x2 block of S0 (members 0 and 2) kept in registers across member 1
// @trmm_like reads the written array B at a row that moves along k, k + n, never
// a row i < n of the block: the block is kept, and those reads load from memory.
// REMARK: remark: tessel: register tile: 2x2 block of S0 (members 0 and 2) kept in registers across member 1
// @trmm's rows k > i are no product with the rows i along k (a triangle), but in
// the tiles where k's tile lies past i's they are, and miss the block's rows there.
// REMARK: remark: tessel: register tile: 2x2 block of S0 (members 0 and 2) kept in registers across member 1 in the tiles where its instances span whole rows along that member and no other statement runs (the other tiles keep their loops)
// @overlap reads rows k of the block itself: no block.
// REMARK-NOT: register tile
//
// The default block is 8 vector registers of the written element (vector-bytes,
// the host's by default), shaped so that a step of k loads the fewest values, then
// brings in the fewest new cache lines (transform/register_tile.rs, shape). With
// AVX2 (32 doubles): for @gemm, A[i][k] loads one value per row and B[k][j] one
// vector of 4 doubles per 4 columns, 4 + 2 for 4x8 and 2 + 4 for 2x16; on the tie,
// A's rows stay in their lines along k (4/8 of a line per step for 4 rows) and B's
// row is new, 1 line for 8 doubles and 2 for 16: 4x8. @syrk's A[j][k] moves by a
// row along j, one value per column: 4 + 8 for 4x8 against 2 + 16 for 2x16. @upper
// (covariance's shape) ties like gemm, and its A[k][i] rows share one line: 4x8.
// (tile-sizes=64: the model's tile sizes follow the host's L2, and a block must
// divide its tile.)
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{distinct-arguments=false tile-sizes=64 parallel=false vector-bytes=32}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODEL
// MODEL: remark: tessel: register tile: 4x8 block of S1 (members 0 and 2) kept in registers across member 1 (of the shapes of 32 elements, the one with the fewest loads per step: 6); the band's other statements split off
// MODEL: remark: tessel: register tile: 4x8 block of S0 (members 0 and 1) kept in registers across member 2 (of the shapes of 32 elements, the one with the fewest loads per step: 12)
// MODEL: remark: tessel: register tile: 4x8 block of S0 (members 0 and 2) kept in registers across member 1 (of the shapes of 32 elements, the one with the fewest loads per step: 6)
// @trmm_like and @trmm load a value of A per row and B's moving row, one vector
// per 4 columns, as gemm: 4x8.
// MODEL: remark: tessel: register tile: 4x8 block of S0 (members 0 and 2) kept in registers across member 1 (of the shapes of 32 elements, the one with the fewest loads per step: 6)
// MODEL: remark: tessel: register tile: 4x8 block of S0 (members 0 and 2) kept in registers across member 1 (of the shapes of 32 elements, the one with the fewest loads per step: 6) in the tiles
// MODEL-NOT: register tile
//
// With AVX-512 (64 doubles, 8 to a vector): @gemm loads 8 + 1 for 8x8, 4 + 2 for
// 4x16, 2 + 4 for 2x32; on the tie 4x16 brings in 4/8 + 2 lines per step, 2x32
// 2/8 + 4. @syrk loads rows + columns: 8x8. @upper: 4x16 again.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{distinct-arguments=false tile-sizes=64 parallel=false vector-bytes=64}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WIDE
// WIDE: remark: tessel: register tile: 4x16 block of S1 (members 0 and 2) kept in registers across member 1 (of the shapes of 64 elements, the one with the fewest loads per step: 6); the band's other statements split off
// WIDE: remark: tessel: register tile: 8x8 block of S0 (members 0 and 1) kept in registers across member 2 (of the shapes of 64 elements, the one with the fewest loads per step: 16)
// WIDE: remark: tessel: register tile: 4x16 block of S0 (members 0 and 2) kept in registers across member 1 (of the shapes of 64 elements, the one with the fewest loads per step: 6)
// WIDE: remark: tessel: register tile: 4x16 block of S0 (members 0 and 2) kept in registers across member 1 (of the shapes of 64 elements, the one with the fewest loads per step: 6)
// WIDE: remark: tessel: register tile: 4x16 block of S0 (members 0 and 2) kept in registers across member 1 (of the shapes of 64 elements, the one with the fewest loads per step: 6) in the tiles
// WIDE-NOT: register tile
//
// A full 2 x 2 block: the four elements of C are loaded before the k loop, carried
// through it as iter_args (no access to C inside), and stored after it. Partial
// blocks run the loops as they were.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{distinct-arguments=false register-tile=2,2 parallel=false}))' %s 2>/dev/null | FileCheck %s --check-prefix=BLOCK
// BLOCK-LABEL: func.func @gemm(
// BLOCK: arith.mulf %{{.*}}, %arg3 : f64
// BLOCK: affine.if
// BLOCK-COUNT-4: affine.load %arg0[
// BLOCK-NEXT: affine.for %{{.*}} iter_args(%[[R0:.*]] = %{{.*}}, %[[R1:.*]] = %{{.*}}, %[[R2:.*]] = %{{.*}}, %[[R3:.*]] = %{{.*}}) -> (f64, f64, f64, f64) {
// BLOCK-NOT: %arg0
// BLOCK: arith.addf %[[R0]],
// BLOCK-NOT: %arg0
// BLOCK: arith.addf %[[R1]],
// BLOCK-NOT: %arg0
// BLOCK: arith.addf %[[R2]],
// BLOCK-NOT: %arg0
// BLOCK: arith.addf %[[R3]],
// BLOCK-NEXT: affine.yield %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : f64, f64, f64, f64
// BLOCK-NEXT: }
// BLOCK-COUNT-4: affine.store %{{.*}}#{{[0-3]}}, %arg0[
// BLOCK-NEXT: } else {
// BLOCK-LABEL: func.func @syrk(
// BLOCK: iter_args
// BLOCK-LABEL: func.func @upper(
// BLOCK: iter_args
// BLOCK-LABEL: func.func @trmm_like(
// BLOCK: affine.for %{{.*}} iter_args(
// BLOCK: affine.load %arg0[%{{.*}} + symbol(%arg2), %{{.*}}]
// BLOCK-LABEL: func.func @trmm(
// BLOCK: affine.for %{{.*}} iter_args(
// BLOCK-LABEL: func.func @overlap(
// BLOCK-NOT: iter_args
// BLOCK-LABEL: func.func @main(
//
// register-tile=1,1 turns it off.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{distinct-arguments=false register-tile=1,1}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// OFF-NOT: register tile
//
// The same results, bit for bit, as the original: with the default 4 x 8 blocks on
// 13 x 19 (full blocks and remainders in both directions), on the 21 x 21
// triangles and trmm's 21 x 19, and with 3 x 5 blocks in 12 x 10 x 10 tiles (i, j, k; partial tiles
// too).
// RUN: %mlir-opt %s %lower-to-llvm | %run-main | %strip-addresses > %t.orig
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{parallel=false}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.default
// RUN: diff %t.orig %t.default
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{parallel=false tile-sizes=12,10 register-tile=3,5}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.small
// RUN: diff %t.orig %t.small
// With tiles of 4, trmm's 21 rows have tiles past the diagonal (product tiles), and
// its 2x2 blocks run there.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{tile-sizes=4 register-tile=2,2}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.four
// RUN: diff %t.orig %t.four

func.func @gemm(%C: memref<?x?xf64>, %A: memref<?x?xf64>, %B: memref<?x?xf64>, %beta: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ni = memref.dim %C, %c0 : memref<?x?xf64>
  %nj = memref.dim %C, %c1 : memref<?x?xf64>
  %nk = memref.dim %A, %c1 : memref<?x?xf64>
  affine.for %i = 0 to %ni {
    affine.for %j = 0 to %nj {
      %0 = affine.load %C[%i, %j] : memref<?x?xf64>
      %1 = arith.mulf %0, %beta : f64
      affine.store %1, %C[%i, %j] : memref<?x?xf64>
    }
    affine.for %k = 0 to %nk {
      affine.for %j = 0 to %nj {
        %a = affine.load %A[%i, %k] : memref<?x?xf64>
        %b = affine.load %B[%k, %j] : memref<?x?xf64>
        %p = arith.mulf %a, %b : f64
        %c = affine.load %C[%i, %j] : memref<?x?xf64>
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}

// C[i][j] += A[i][k] * A[j][k] for j <= i.
func.func @syrk(%C: memref<?x?xf64>, %A: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %C, %c0 : memref<?x?xf64>
  %m = memref.dim %A, %c1 : memref<?x?xf64>
  affine.for %i = 0 to %n {
    affine.for %k = 0 to %m {
      affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
        %a = affine.load %A[%i, %k] : memref<?x?xf64>
        %b = affine.load %A[%j, %k] : memref<?x?xf64>
        %p = arith.mulf %a, %b : f64
        %c = affine.load %C[%i, %j] : memref<?x?xf64>
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}

func.func @upper(%C: memref<?x?xf64>, %A: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %C, %c0 : memref<?x?xf64>
  %m = memref.dim %A, %c0 : memref<?x?xf64>
  affine.for %i = 0 to %n {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to %n {
      affine.for %k = 0 to %m {
        %a = affine.load %A[%k, %i] : memref<?x?xf64>
        %b = affine.load %A[%k, %j] : memref<?x?xf64>
        %p = arith.mulf %a, %b : f64
        %c = affine.load %C[%i, %j] : memref<?x?xf64>
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}

// B[i][j] += A[i][k] * B[k + n][j]: B is written at (i, j) and read at a row that
// moves with k, so B cannot stay in registers across k.
func.func @trmm_like(%B: memref<?x?xf64>, %A: memref<?x?xf64>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %k = 0 to %n {
      affine.for %j = 0 to %n {
        %a = affine.load %A[%i, %k] : memref<?x?xf64>
        %b = affine.load %B[%k + symbol(%n), %j] : memref<?x?xf64>
        %p = arith.mulf %a, %b : f64
        %c = affine.load %B[%i, %j] : memref<?x?xf64>
        %s = arith.addf %c, %p : f64
        affine.store %s, %B[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}

// trmm's own triangle, B[i][j] += A[k][i] * B[k][j] for k > i: the instances
// are no product along k (k's range starts past i), but in the tiles where k's
// tile lies wholly past i's they are, and there the rows k that B[k][j] reads are
// never the rows i of the block: those tiles get a copy of the band and the block
// (register_block/product.rs), the others keep their loops.
func.func @trmm(%B: memref<?x?xf64>, %A: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %B, %c0 : memref<?x?xf64>
  %n = memref.dim %B, %c1 : memref<?x?xf64>
  affine.for %i = 0 to %m {
    affine.for %k = affine_map<(d0) -> (d0 + 1)>(%i) to %m {
      affine.for %j = 0 to %n {
        %a = affine.load %A[%k, %i] : memref<?x?xf64>
        %b = affine.load %B[%k, %j] : memref<?x?xf64>
        %p = arith.mulf %a, %b : f64
        %c = affine.load %B[%i, %j] : memref<?x?xf64>
        %s = arith.addf %c, %p : f64
        affine.store %s, %B[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}

// The same update with k over every row: B[k][j] reads the rows of the block
// itself (k = i), and a block in registers would hide their new values from those
// reads. No block, in any tile.
func.func @overlap(%B: memref<?x?xf64>, %A: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %B, %c0 : memref<?x?xf64>
  %n = memref.dim %B, %c1 : memref<?x?xf64>
  affine.for %i = 0 to %m {
    affine.for %k = 0 to %m {
      affine.for %j = 0 to %n {
        %a = affine.load %A[%k, %i] : memref<?x?xf64>
        %b = affine.load %B[%k, %j] : memref<?x?xf64>
        %p = arith.mulf %a, %b : f64
        %c = affine.load %B[%i, %j] : memref<?x?xf64>
        %s = arith.addf %c, %p : f64
        affine.store %s, %B[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}

func.func private @printMemrefF64(memref<*xf64>)

// Fills X[i][j] with ((a * i + b * j) mod m) / 4: small values, so that the printed
// results are short, but every element differs from its neighbours.
func.func @fill(%X: memref<?x?xf64>, %a: index, %b: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %X, %c0 : memref<?x?xf64>
  %cols = memref.dim %X, %c1 : memref<?x?xf64>
  %four = arith.constant 4.0 : f64
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %ai = arith.muli %a, %i : index
      %bj = arith.muli %b, %j : index
      %s = arith.addi %ai, %bj : index
      %v = arith.remui %s, %m : index
      %vi = arith.index_cast %v : index to i64
      %vf = arith.sitofp %vi : i64 to f64
      %q = arith.divf %vf, %four : f64
      memref.store %q, %X[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %c13 = arith.constant 13 : index
  %c19 = arith.constant 19 : index
  %C = memref.alloc(%c13, %c19) : memref<?x?xf64>
  %A = memref.alloc(%c13, %c7) : memref<?x?xf64>
  %B = memref.alloc(%c7, %c19) : memref<?x?xf64>
  func.call @fill(%C, %c3, %c5, %c11) : (memref<?x?xf64>, index, index, index) -> ()
  func.call @fill(%A, %c5, %c3, %c7) : (memref<?x?xf64>, index, index, index) -> ()
  func.call @fill(%B, %c7, %c3, %c13) : (memref<?x?xf64>, index, index, index) -> ()
  %beta = arith.constant 1.5 : f64
  func.call @gemm(%C, %A, %B, %beta) : (memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>, f64) -> ()
  %Cu = memref.cast %C : memref<?x?xf64> to memref<*xf64>
  func.call @printMemrefF64(%Cu) : (memref<*xf64>) -> ()
  // The triangles: 21 x 21, so that blocks fall below, across and above the diagonal.
  %c21 = arith.constant 21 : index
  %S = memref.alloc(%c21, %c21) : memref<?x?xf64>
  %SA = memref.alloc(%c21, %c7) : memref<?x?xf64>
  func.call @fill(%S, %c3, %c5, %c11) : (memref<?x?xf64>, index, index, index) -> ()
  func.call @fill(%SA, %c5, %c3, %c7) : (memref<?x?xf64>, index, index, index) -> ()
  func.call @syrk(%S, %SA) : (memref<?x?xf64>, memref<?x?xf64>) -> ()
  %Su = memref.cast %S : memref<?x?xf64> to memref<*xf64>
  func.call @printMemrefF64(%Su) : (memref<*xf64>) -> ()
  %U = memref.alloc(%c21, %c21) : memref<?x?xf64>
  %UA = memref.alloc(%c7, %c21) : memref<?x?xf64>
  func.call @fill(%U, %c5, %c3, %c13) : (memref<?x?xf64>, index, index, index) -> ()
  func.call @fill(%UA, %c3, %c7, %c11) : (memref<?x?xf64>, index, index, index) -> ()
  func.call @upper(%U, %UA) : (memref<?x?xf64>, memref<?x?xf64>) -> ()
  %Uu = memref.cast %U : memref<?x?xf64> to memref<*xf64>
  func.call @printMemrefF64(%Uu) : (memref<*xf64>) -> ()
  // trmm and the overlapping update on 21 x 19.
  %T = memref.alloc(%c21, %c19) : memref<?x?xf64>
  %TA = memref.alloc(%c21, %c21) : memref<?x?xf64>
  func.call @fill(%T, %c3, %c5, %c11) : (memref<?x?xf64>, index, index, index) -> ()
  func.call @fill(%TA, %c5, %c3, %c7) : (memref<?x?xf64>, index, index, index) -> ()
  func.call @trmm(%T, %TA) : (memref<?x?xf64>, memref<?x?xf64>) -> ()
  %Tu = memref.cast %T : memref<?x?xf64> to memref<*xf64>
  func.call @printMemrefF64(%Tu) : (memref<*xf64>) -> ()
  func.call @fill(%T, %c5, %c7, %c13) : (memref<?x?xf64>, index, index, index) -> ()
  func.call @overlap(%T, %TA) : (memref<?x?xf64>, memref<?x?xf64>) -> ()
  func.call @printMemrefF64(%Tu) : (memref<*xf64>) -> ()
  memref.dealloc %T : memref<?x?xf64>
  memref.dealloc %TA : memref<?x?xf64>
  memref.dealloc %S : memref<?x?xf64>
  memref.dealloc %SA : memref<?x?xf64>
  memref.dealloc %U : memref<?x?xf64>
  memref.dealloc %UA : memref<?x?xf64>
  memref.dealloc %C : memref<?x?xf64>
  memref.dealloc %A : memref<?x?xf64>
  memref.dealloc %B : memref<?x?xf64>
  return
}
