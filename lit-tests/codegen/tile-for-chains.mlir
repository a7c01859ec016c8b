// A band that needs no tiles for reuse is still tiled 32x32 when its first member
// is parallel and its innermost member, the statements' innermost loop, carries a
// dependence within each row (transform/tile.rs, `chains_along_innermost`): each
// row is then one long chain of dependent operations (here a division waiting on
// the previous one), and the core overlaps two chains only where one row ends and
// the next begins. Tiles make the rows 32 long (adi's sweeps, nussinov's diagonals).
//
// - @rows: P[i][j] = V[i][j] / (P[i][j - 1] * W[0][j] + 1.5). i is parallel, j carries
//   the chain: tiled, the i tiles parallel, the point loops still (i, j).
// - @independent: the same, reading V[i][j - 1] instead: no chain, so untiled.
// - @loop_below: the chain runs along t with a j loop below the band (i, t); each
//   link is a whole row, so nothing is tiled for it.
// (W[0][j], read at every i, keeps the SCoPs from streaming: a streaming SCoP is
// never tiled for this.)
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-schedule))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TREE
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{parallel-min-work=0}))' %s 2>/dev/null | FileCheck %s --check-prefix=CODE
// Without parallel loops, nothing is tiled for this.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{parallel=false}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SEQUENTIAL

// REMARK: 45:3: remark: tessel: tiling: a band of 2 members tiled 32x32 (square, so that the dependence chain along each row of the innermost loop is short and the next row's chain overlaps it)
// REMARK: 61:3: remark: tessel: tiling: a band of 2 members left untiled (no reuse that the untiled loops would lose from the cache)
// REMARK: 78:3: remark: tessel: tiling: a band of 2 members left untiled (no reuse that the untiled loops would lose from the cache)
// SEQUENTIAL-NOT: tiled 32x32

// TREE: 45:3: remark: tessel: SCoP of 1 statements
// TREE: mark: "parallel"
// TREE-NEXT: child:
// TREE-NEXT: schedule: "{{.*}} -> [{ S0[i0, i1] -> [(i0 - (i0) mod 32)] }, { S0[i0, i1] -> [(i1 - (i1) mod 32)] }]"
// TREE-NEXT: permutable: 1
// TREE-NEXT: coincident: [ 1, 0 ]
// TREE-NEXT: child:
// TREE-NEXT: schedule: "{{.*}} -> [{ S0[i0, i1] -> [(i0)] }, { S0[i0, i1] -> [(i1)] }]"

// CODE-LABEL: func.func @rows(
// CODE: affine.parallel (%[[IT:.*]]) =
// CODE: affine.for %[[JT:.*]] =
// CODE: affine.for %[[I:.*]] =
// CODE: affine.for %[[J:.*]] =
// CODE: affine.load %{{.*}}[%[[I]], %[[J]] - 1]
// CODE-LABEL: func.func @independent(

func.func @rows(%n: index, %P: memref<?x?xf64>, %V: memref<?x?xf64>, %W: memref<?x?xf64>) {
  %e = arith.constant 1.5 : f64
  affine.for %i = 0 to %n {
    affine.for %j = 1 to %n {
      %p = affine.load %P[%i, %j - 1] : memref<?x?xf64>
      %w = affine.load %W[0, %j] : memref<?x?xf64>
      %v = affine.load %V[%i, %j] : memref<?x?xf64>
      %d = arith.mulf %p, %w : f64
      %s = arith.addf %d, %e : f64
      %q = arith.divf %v, %s : f64
      affine.store %q, %P[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

func.func @independent(%n: index, %P: memref<?x?xf64>, %V: memref<?x?xf64>, %W: memref<?x?xf64>) {
  %e = arith.constant 1.5 : f64
  affine.for %i = 0 to %n {
    affine.for %j = 1 to %n {
      %p = affine.load %V[%i, %j - 1] : memref<?x?xf64>
      %w = affine.load %W[0, %j] : memref<?x?xf64>
      %v = affine.load %V[%i, %j] : memref<?x?xf64>
      %d = arith.mulf %p, %w : f64
      %s = arith.addf %d, %e : f64
      %q = arith.divf %v, %s : f64
      affine.store %q, %P[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

func.func @loop_below(%T: index, %n: index, %P: memref<?x?xf64>, %V: memref<?x?xf64>) {
  %c = arith.constant 0.25 : f64
  %e = arith.constant 1.5 : f64
  affine.for %t = 0 to %T {
    affine.for %i = 0 to %n {
      affine.for %j = 1 to %n {
        %p = affine.load %P[%i, %j - 1] : memref<?x?xf64>
        %v = affine.load %V[%i, %j] : memref<?x?xf64>
        %d = arith.mulf %p, %c : f64
        %s = arith.addf %d, %e : f64
        %q = arith.divf %v, %s : f64
        affine.store %q, %P[%i, %j] : memref<?x?xf64>
      }
    }
    affine.for %i = 0 to %n {
      affine.for %j = 1 to %n {
        %p = affine.load %P[%i, %n - %j] : memref<?x?xf64>
        %v = affine.load %V[%i, %j] : memref<?x?xf64>
        %s = arith.addf %p, %v : f64
        affine.store %s, %V[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}

// The same results as the original (as printMemrefF64 prints them; the suite's
// adi and nussinov are compared bit for bit by lit-tests/execution/run.py): 70 x 70
// (two full tiles and a partial one along each member), tiled by the rule and with
// tiles of 5.
// RUN: %mlir-opt %s %lower-to-llvm | %run-main | %strip-addresses > %t.orig
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.default
// RUN: diff %t.orig %t.default
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{tile-sizes=5}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.five
// RUN: diff %t.orig %t.five

func.func private @printMemrefF64(memref<*xf64>)

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
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %c13 = arith.constant 13 : index
  %c70 = arith.constant 70 : index
  %P = memref.alloc(%c70, %c70) : memref<?x?xf64>
  %V = memref.alloc(%c70, %c70) : memref<?x?xf64>
  %W = memref.alloc(%c1, %c70) : memref<?x?xf64>
  func.call @fill(%P, %c3, %c5, %c11) : (memref<?x?xf64>, index, index, index) -> ()
  func.call @fill(%V, %c5, %c3, %c7) : (memref<?x?xf64>, index, index, index) -> ()
  func.call @fill(%W, %c7, %c3, %c13) : (memref<?x?xf64>, index, index, index) -> ()
  func.call @rows(%c70, %P, %V, %W) : (index, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
  %Pu = memref.cast %P : memref<?x?xf64> to memref<*xf64>
  func.call @printMemrefF64(%Pu) : (memref<*xf64>) -> ()
  func.call @independent(%c70, %P, %V, %W) : (index, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
  func.call @printMemrefF64(%Pu) : (memref<*xf64>) -> ()
  func.call @loop_below(%c3, %c70, %P, %V) : (index, index, memref<?x?xf64>, memref<?x?xf64>) -> ()
  func.call @printMemrefF64(%Pu) : (memref<*xf64>) -> ()
  %Vu = memref.cast %V : memref<?x?xf64> to memref<*xf64>
  func.call @printMemrefF64(%Vu) : (memref<*xf64>) -> ()
  memref.dealloc %P : memref<?x?xf64>
  memref.dealloc %V : memref<?x?xf64>
  memref.dealloc %W : memref<?x?xf64>
  return
}
