// Unsupported input never crashes mlir-opt: the nest gets a remark and the IR comes
// out exactly as it went in (compare with the plain round trip).
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s 2>&1 | FileCheck %s
// RUN: %mlir-opt %s > %t.orig.mlir
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s 2>/dev/null > %t.opt.mlir
// RUN: diff %t.orig.mlir %t.opt.mlir

// An indirect subscript: the load reads any element of A, which every iteration
// writes, so each iteration depends on those before it: the cost model keeps it.
// CHECK: remark: tessel: left SCoP of 1 statements as it was
func.func @indirect(%A: memref<?xf64>, %I: memref<?xf64>, %n: index) {
  affine.for %i = 0 to %n {
    %x = affine.load %I[%i] : memref<?xf64>
    %j32 = arith.fptosi %x : f64 to i32
    %j = arith.index_cast %j32 : i32 to index
    %v = memref.load %A[%j] : memref<?xf64>
    affine.store %v, %A[%i] : memref<?xf64>
  }
  return
}

// A loop bound read from memory inside the SCoP: the store before it could change it.
// CHECK: remark: tessel: skipped this loop nest: 'affine.for': an operand defined by 'affine.load' depends on a value read from memory inside the loop nest
func.func @bound_from_memory(%A: memref<?xf64>, %N: memref<index>, %n: index) {
  %c = arith.constant 1.0 : f64
  %c5 = arith.constant 5 : index
  affine.store %c5, %N[] : memref<index>
  %m = affine.load %N[] : memref<index>
  affine.for %i = 0 to %m {
    affine.store %c, %A[%i] : memref<?xf64>
  }
  return
}

// Parallel loops (here inside a loop nest) and vector accesses in the input.
// CHECK: remark: tessel: skipped this loop nest: 'affine.parallel': parallel loops in the input are not modelled (only affine.for)
// CHECK: remark: tessel: skipped this loop nest: 'affine.vector_store': has memory effects the polyhedral model can't represent
func.func @parallel_and_vector(%A: memref<?xf32>, %n: index) {
  %c = arith.constant 1.0 : f32
  %v = arith.constant dense<1.0> : vector<4xf32>
  affine.for %t = 0 to 2 {
    affine.parallel (%i) = (0) to (%n) {
      affine.store %c, %A[%i] : memref<?xf32>
    }
  }
  affine.for %i = 0 to %n step 4 {
    affine.vector_store %v, %A[%i] : memref<?xf32>, vector<4xf32>
  }
  return
}

// A statement value produced by a region op other than a conditional.
// CHECK: remark: tessel: skipped this loop nest: 'scf.execute_region': is control flow the polyhedral model can't represent (only affine.for and affine.if)
func.func @execute_region(%A: memref<?xf64>, %n: index) {
  affine.for %i = 0 to %n {
    %x = scf.execute_region -> f64 {
      %a = affine.load %A[%i] : memref<?xf64>
      scf.yield %a : f64
    }
    affine.store %x, %A[%i] : memref<?xf64>
  }
  return
}

// A conditional that both stores and yields a value.
// CHECK: remark: tessel: skipped this loop nest: 'scf.if': a conditional that both stores and yields values is not supported
func.func @if_store_and_yield(%A: memref<?xf64>, %n: index, %c: i1) {
  affine.for %i = 0 to %n {
    %x = scf.if %c -> f64 {
      %a = affine.load %A[%i] : memref<?xf64>
      affine.store %a, %A[%i + 1] : memref<?xf64>
      scf.yield %a : f64
    } else {
      %a = affine.load %A[%i] : memref<?xf64>
      scf.yield %a : f64
    }
    affine.store %x, %A[%i] : memref<?xf64>
  }
  return
}

// A product of IVs in a subscript: the store may write any element of A, so any two
// iterations may write one element and their order must stay: the cost model keeps
// the nest.
// CHECK: remark: tessel: left SCoP of 1 statements as it was
func.func @product(%A: memref<?xf64>, %n: index) {
  %c = arith.constant 1.0 : f64
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %p = arith.muli %i, %j : index
      memref.store %c, %A[%p] : memref<?xf64>
    }
  }
  return
}
// CHECK-NOT: remark
