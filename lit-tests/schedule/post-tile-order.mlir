// Post-tile reordering (seed 000 §4.6, Pluto's intra-tile optimization) and the tile
// footprint model. Expected orders come from counting cache lines by hand:
//
// @matmul, loops (i, j, k): C[i][j] += A[i][k] * B[k][j]. Along j, C and B step
// within a line and A stays put: no miss. Along k, B[k][j] moves to the next row: a
// miss. Along i, C and A move to the next row: two misses. So j goes innermost and
// the point band is (i, k, j); with intra-tile=false it stays (i, j, k).
//
// @matvec_transposed, loops (i, j): x[i] += A[j][i] * y[j]. Along i, A and x step
// within a line (0 misses); along j, A moves a row (1 miss). So the point band is
// (j, i), with i (coincident) innermost. The model leaves it untiled: x[i] is reused
// along j, but between two j the i loop touches one row of A and all of x (at the
// model's nominal extent of 2048: 2 x 16 KiB), which stay in cache without tiles.
// (The untiled band is still reordered.)
//
// @copy, loops (i, j): B[i][j] = A[i][j]. Every access moves along both loops and
// nothing is reused outside the innermost loop, so the model does not tile it.
//
// With register-tile=1,1, the point band stays one band (a register block would
// split it further; codegen/register-block.mlir tests that).
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-schedule{tile-sizes=16 register-tile=1,1}))' \
// RUN:   %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-schedule{tile-sizes=16 intra-tile=false register-tile=1,1}))' \
// RUN:   %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=KEEP
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' \
// RUN:   %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODEL

// The point band is the second band of each tree: the tile band's members are tile
// origins, `i0 - (i0) mod 16`.
// ORDER-LABEL: remark: tessel: SCoP of 1 statements
// ORDER:       schedule: "[{ S0[i0, i1, i2] -> [(i0)] }, { S0[i0, i1, i2] -> [(i2)] }, { S0[i0, i1, i2] -> [(i1)] }]"
// ORDER-LABEL: remark: tessel: SCoP of 1 statements
// ORDER:       schedule: "[{ S0[i0, i1] -> [(i1)] }, { S0[i0, i1] -> [(i0)] }]"
// ORDER-LABEL: remark: tessel: SCoP of 1 statements

// KEEP-LABEL: remark: tessel: SCoP of 1 statements
// KEEP:       schedule: "[{ S0[i0, i1, i2] -> [(i0)] }, { S0[i0, i1, i2] -> [(i1)] }, { S0[i0, i1, i2] -> [(i2)] }]"
// KEEP-LABEL: remark: tessel: SCoP of 1 statements
// KEEP:       schedule: "[{ S0[i0, i1] -> [(i0)] }, { S0[i0, i1] -> [(i1)] }]"

// MODEL: remark: tessel: optimized SCoP of 1 statements ({{.*}}tiled bands=1,
// MODEL: remark: tessel: optimized SCoP of 1 statements ({{.*}}tiled bands=0,
// MODEL: remark: tessel: optimized SCoP of 1 statements ({{.*}}tiled bands=0,

func.func @matmul(%A: memref<256x256xf64>, %B: memref<256x256xf64>, %C: memref<256x256xf64>) {
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      affine.for %k = 0 to 256 {
        %a = affine.load %A[%i, %k] : memref<256x256xf64>
        %b = affine.load %B[%k, %j] : memref<256x256xf64>
        %c = affine.load %C[%i, %j] : memref<256x256xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<256x256xf64>
      }
    }
  }
  return
}

func.func @matvec_transposed(%A: memref<256x256xf64>, %x: memref<256xf64>, %y: memref<256xf64>) {
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      %a = affine.load %A[%j, %i] : memref<256x256xf64>
      %b = affine.load %y[%j] : memref<256xf64>
      %c = affine.load %x[%i] : memref<256xf64>
      %p = arith.mulf %a, %b : f64
      %s = arith.addf %c, %p : f64
      affine.store %s, %x[%i] : memref<256xf64>
    }
  }
  return
}

func.func @copy(%A: memref<256x256xf64>, %B: memref<256x256xf64>) {
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      %a = affine.load %A[%i, %j] : memref<256x256xf64>
      affine.store %a, %B[%i, %j] : memref<256x256xf64>
    }
  }
  return
}
