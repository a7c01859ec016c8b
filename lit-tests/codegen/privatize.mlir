// Privatization of scalars (analysis/privatization.rs): a loop whose iterations
// each use a scalar from its first write to its last read runs in parallel, with a
// copy of the scalar per iteration; a scalar whose value crosses iterations, or
// leaves the SCoP, keeps the loop sequential.
//
// (The FileCheck runs turn distinct-arguments off, so that the arrays keep their
// argument names; codegen/loops.mlir checks memref.distinct_objects.)
// (register-tile=1,1 where the IR is checked: no scalar replacement, whose
// iter_args codegen/scalar-replacement.mlir checks.)
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{distinct-arguments=false parallel-min-work=0 unroll-jam=0 register-tile=1,1}))' %s 2>/dev/null | FileCheck %s
// With live-range reordering the memory conflicts of the scalar take the place of
// its dependences; the same loops are private.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{distinct-arguments=false parallel-min-work=0 live-range-reordering=true register-tile=1,1}))' %s 2>/dev/null | FileCheck %s
//
// Row sums (atax, bicg, gesummv): the reduction of row i is demoted to a scalar
// that row i writes (0), updates along j and reads (the store to s[i]); nothing of
// it reaches another row. The copy is allocated in the parallel loop's body, and
// every access of the row uses it.
// CHECK-LABEL: func.func @row_sums
// CHECK: affine.parallel (%[[I:.*]]) =
// CHECK-NEXT: %[[COPY:.*]] = memref.alloca() : memref<f64>
// CHECK-NEXT: affine.store %{{.*}}, %[[COPY]][]
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.load %[[COPY]][]
// CHECK: affine.store %{{.*}}, %[[COPY]][]
// CHECK: affine.load %[[COPY]][]
// CHECK-NEXT: affine.store %{{.*}}, %arg1[%[[I]]]
// CHECK: return
//
// A running sum: row i starts from row i - 1's total, so the scalar's live range
// crosses iterations of i, and no loop is parallel (j carries the reduction).
// CHECK-LABEL: func.func @running_sums
// CHECK-NOT: affine.parallel
// CHECK: return
//
// The last row's sum is returned: the scalar that carries it out of the loop is
// live after the SCoP, written by every row, so i stays sequential.
// CHECK-LABEL: func.func @last_row_sum
// CHECK-NOT: affine.parallel
// CHECK: return
//
// A temporary the function allocates for the run alone (a C local, as front ends
// lower `double t;`): nothing reads it after the run, so it is private like a
// demoted scalar, and the parallel loop's body gets its own copy.
// CHECK-LABEL: func.func @local_row_sums
// CHECK: affine.parallel (%[[I:.*]]) =
// CHECK-NEXT: %[[COPY:.*]] = memref.alloca() : memref<f64>
// CHECK-NEXT: affine.store %{{.*}}, %[[COPY]][]
// CHECK: affine.load %[[COPY]][]
// CHECK: affine.store %{{.*}}, %[[COPY]][]
// CHECK: affine.load %[[COPY]][]
// CHECK-NEXT: affine.store %{{.*}}, %arg1[%[[I]]]
// CHECK: return
//
// The same temporary read after the run: its last value leaves the SCoP, so it is
// not killed and the loop over rows stays sequential.
// CHECK-LABEL: func.func @local_read_after
// CHECK-NOT: affine.parallel
// CHECK: return
//
// doitgen's shape with a local sum: the temporary is private to each (r, q, p), so
// the outermost loop runs in parallel with a copy per iteration of r.
// CHECK-LABEL: func.func @local_doitgen
// CHECK: %[[SHARED:.*]] = memref.alloca() : memref<f64>
// CHECK-NEXT: affine.parallel
// CHECK-NEXT: %[[COPY:.*]] = memref.alloca() : memref<f64>
// CHECK-NOT: %[[SHARED]][]
// CHECK: affine.store %{{.*}}, %[[COPY]][]
// CHECK: affine.store %{{.*}}, %[[COPY]][]
// CHECK-NEXT: }
// CHECK-NEXT: affine.load %[[COPY]][]
// CHECK-NEXT: affine.store %{{.*}}, %arg2
// CHECK: return
//
// The same results, bit for bit, as the original (mlir-runner runs parallel loops
// sequentially; lit-tests/execution runs the suite's atax, bicg and gesummv on 2
// threads).
// RUN: %mlir-opt %s %lower-to-llvm | %run-main | %strip-addresses > %t.orig
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{parallel-min-work=0}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.opt
// RUN: diff %t.orig %t.opt
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{parallel-min-work=0 live-range-reordering=true}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.lrr
// RUN: diff %t.orig %t.lrr

func.func @row_sums(%A: memref<?x?xf64>, %s: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?x?xf64>
  %m = memref.dim %A, %c1 : memref<?x?xf64>
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to %n {
    %r = affine.for %j = 0 to %m iter_args(%acc = %zero) -> (f64) {
      %v = affine.load %A[%i, %j] : memref<?x?xf64>
      %a = arith.addf %acc, %v : f64
      affine.yield %a : f64
    }
    affine.store %r, %s[%i] : memref<?xf64>
  }
  return
}

func.func @running_sums(%A: memref<?x?xf64>, %s: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?x?xf64>
  %m = memref.dim %A, %c1 : memref<?x?xf64>
  %zero = arith.constant 0.0 : f64
  %total = affine.for %i = 0 to %n iter_args(%run = %zero) -> (f64) {
    %r = affine.for %j = 0 to %m iter_args(%acc = %run) -> (f64) {
      %v = affine.load %A[%i, %j] : memref<?x?xf64>
      %a = arith.addf %acc, %v : f64
      affine.yield %a : f64
    }
    affine.store %r, %s[%i] : memref<?xf64>
    affine.yield %r : f64
  }
  return
}

func.func @last_row_sum(%A: memref<?x?xf64>, %s: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?x?xf64>
  %m = memref.dim %A, %c1 : memref<?x?xf64>
  %zero = arith.constant 0.0 : f64
  %last = affine.for %i = 0 to %n iter_args(%prev = %zero) -> (f64) {
    %r = affine.for %j = 0 to %m iter_args(%acc = %zero) -> (f64) {
      %v = affine.load %A[%i, %j] : memref<?x?xf64>
      %a = arith.addf %acc, %v : f64
      affine.yield %a : f64
    }
    affine.store %r, %s[%i] : memref<?xf64>
    affine.yield %r : f64
  }
  return %last : f64
}

func.func @local_row_sums(%A: memref<?x?xf64>, %s: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?x?xf64>
  %m = memref.dim %A, %c1 : memref<?x?xf64>
  %zero = arith.constant 0.0 : f64
  %t = memref.alloca() : memref<f64>
  affine.for %i = 0 to %n {
    affine.store %zero, %t[] : memref<f64>
    affine.for %j = 0 to %m {
      %v = affine.load %A[%i, %j] : memref<?x?xf64>
      %acc = affine.load %t[] : memref<f64>
      %a = arith.addf %acc, %v : f64
      affine.store %a, %t[] : memref<f64>
    }
    %r = affine.load %t[] : memref<f64>
    affine.store %r, %s[%i] : memref<?xf64>
  }
  return
}

func.func @local_read_after(%A: memref<?x?xf64>, %s: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?x?xf64>
  %m = memref.dim %A, %c1 : memref<?x?xf64>
  %zero = arith.constant 0.0 : f64
  %t = memref.alloca() : memref<f64>
  affine.for %i = 0 to %n {
    affine.store %zero, %t[] : memref<f64>
    affine.for %j = 0 to %m {
      %v = affine.load %A[%i, %j] : memref<?x?xf64>
      %acc = affine.load %t[] : memref<f64>
      %a = arith.addf %acc, %v : f64
      affine.store %a, %t[] : memref<f64>
    }
    %r = affine.load %t[] : memref<f64>
    affine.store %r, %s[%i] : memref<?xf64>
  }
  %last = affine.load %t[] : memref<f64>
  return %last : f64
}

// out[r][q][p] = sum over s of A[r][q][s] * C4[s][p], through a local sum.
func.func @local_doitgen(%A: memref<?x?x?xf64>, %C4: memref<?x?xf64>, %out: memref<?x?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %nr = memref.dim %A, %c0 : memref<?x?x?xf64>
  %nq = memref.dim %A, %c1 : memref<?x?x?xf64>
  %np = memref.dim %A, %c2 : memref<?x?x?xf64>
  %zero = arith.constant 0.0 : f64
  %sum = memref.alloca() : memref<f64>
  affine.for %r = 0 to %nr {
    affine.for %q = 0 to %nq {
      affine.for %p = 0 to %np {
        affine.store %zero, %sum[] : memref<f64>
        affine.for %s = 0 to %np {
          %a = affine.load %A[%r, %q, %s] : memref<?x?x?xf64>
          %c = affine.load %C4[%s, %p] : memref<?x?xf64>
          %m = arith.mulf %a, %c : f64
          %acc = affine.load %sum[] : memref<f64>
          %x = arith.addf %acc, %m : f64
          affine.store %x, %sum[] : memref<f64>
        }
        %v = affine.load %sum[] : memref<f64>
        affine.store %v, %out[%r, %q, %p] : memref<?x?x?xf64>
      }
    }
  }
  return
}

func.func private @printMemrefF64(memref<*xf64>)

// A[i][j] = ((3 i + 5 j) mod 11) / 4: every element differs from its neighbours.
func.func @fill(%X: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c11 = arith.constant 11 : index
  %four = arith.constant 4.0 : f64
  %rows = memref.dim %X, %c0 : memref<?x?xf64>
  %cols = memref.dim %X, %c1 : memref<?x?xf64>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %ai = arith.muli %c3, %i : index
      %bj = arith.muli %c5, %j : index
      %t = arith.addi %ai, %bj : index
      %v = arith.remui %t, %c11 : index
      %vi = arith.index_cast %v : index to i64
      %vf = arith.sitofp %vi : i64 to f64
      %q = arith.divf %vf, %four : f64
      memref.store %q, %X[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

// X[a][b][c] = ((3 a + 5 b + 7 c) mod 11) / 4.
func.func @fill3(%X: memref<?x?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %four = arith.constant 4.0 : f64
  %na = memref.dim %X, %c0 : memref<?x?x?xf64>
  %nb = memref.dim %X, %c1 : memref<?x?x?xf64>
  %nc = memref.dim %X, %c2 : memref<?x?x?xf64>
  scf.for %a = %c0 to %na step %c1 {
    scf.for %b = %c0 to %nb step %c1 {
      scf.for %c = %c0 to %nc step %c1 {
        %xa = arith.muli %c3, %a : index
        %xb = arith.muli %c5, %b : index
        %xc = arith.muli %c7, %c : index
        %t0 = arith.addi %xa, %xb : index
        %t = arith.addi %t0, %xc : index
        %v = arith.remui %t, %c11 : index
        %vi = arith.index_cast %v : index to i64
        %vf = arith.sitofp %vi : i64 to f64
        %q = arith.divf %vf, %four : f64
        memref.store %q, %X[%a, %b, %c] : memref<?x?x?xf64>
      }
    }
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %c13 = arith.constant 13 : index
  %A = memref.alloc(%c9, %c13) : memref<?x?xf64>
  %s = memref.alloc(%c9) : memref<?xf64>
  %last = memref.alloc(%c1) : memref<?xf64>
  func.call @fill(%A) : (memref<?x?xf64>) -> ()
  %su = memref.cast %s : memref<?xf64> to memref<*xf64>
  func.call @row_sums(%A, %s) : (memref<?x?xf64>, memref<?xf64>) -> ()
  func.call @printMemrefF64(%su) : (memref<*xf64>) -> ()
  func.call @running_sums(%A, %s) : (memref<?x?xf64>, memref<?xf64>) -> ()
  func.call @printMemrefF64(%su) : (memref<*xf64>) -> ()
  %r = func.call @last_row_sum(%A, %s) : (memref<?x?xf64>, memref<?xf64>) -> f64
  memref.store %r, %last[%c0] : memref<?xf64>
  %lu = memref.cast %last : memref<?xf64> to memref<*xf64>
  func.call @printMemrefF64(%lu) : (memref<*xf64>) -> ()
  func.call @local_row_sums(%A, %s) : (memref<?x?xf64>, memref<?xf64>) -> ()
  func.call @printMemrefF64(%su) : (memref<*xf64>) -> ()
  %r2 = func.call @local_read_after(%A, %s) : (memref<?x?xf64>, memref<?xf64>) -> f64
  memref.store %r2, %last[%c0] : memref<?xf64>
  func.call @printMemrefF64(%su) : (memref<*xf64>) -> ()
  func.call @printMemrefF64(%lu) : (memref<*xf64>) -> ()
  // doitgen with r = 3, q = 5, p = s = 13.
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %A3 = memref.alloc(%c3, %c5, %c13) : memref<?x?x?xf64>
  %out = memref.alloc(%c3, %c5, %c13) : memref<?x?x?xf64>
  %C4 = memref.alloc(%c13, %c13) : memref<?x?xf64>
  func.call @fill(%C4) : (memref<?x?xf64>) -> ()
  func.call @fill3(%A3) : (memref<?x?x?xf64>) -> ()
  func.call @local_doitgen(%A3, %C4, %out) : (memref<?x?x?xf64>, memref<?x?xf64>, memref<?x?x?xf64>) -> ()
  %ou = memref.cast %out : memref<?x?x?xf64> to memref<*xf64>
  func.call @printMemrefF64(%ou) : (memref<*xf64>) -> ()
  memref.dealloc %A3 : memref<?x?x?xf64>
  memref.dealloc %out : memref<?x?x?xf64>
  memref.dealloc %C4 : memref<?x?xf64>
  memref.dealloc %A : memref<?x?xf64>
  memref.dealloc %s : memref<?xf64>
  memref.dealloc %last : memref<?xf64>
  return
}
