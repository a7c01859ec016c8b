// Unsupported input never crashes mlir-opt: the nest gets a remark and the IR comes
// out exactly as it went in (compare with the plain round trip).
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s 2>&1 | FileCheck %s
// RUN: %mlir-opt %s > %t.orig.mlir
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s 2>/dev/null > %t.opt.mlir
// RUN: diff %t.orig.mlir %t.opt.mlir

// An indirect subscript: the access is named, and the op that makes it non-affine.
// CHECK: remark: tessel: skipped this loop nest: 'memref.load': an operand defined by 'arith.fptosi' depends on a value read from memory inside the loop nest
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

// A conditional value whose branches read the loop nest's values: modelled as a
// read-only expression, but codegen can't clone it yet (extract.rs,
// CLONE_REMAPS_NESTED_OPERANDS), so the nest is skipped.
// CHECK: remark: tessel: skipped this loop nest: 'affine.if': a conditional whose branches use values of the loop nest is not supported yet
func.func @if_results(%A: memref<?xf64>, %n: index) {
  %c = arith.constant 1.0 : f64
  affine.for %i = 0 to %n {
    %r = affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%i) -> f64 {
      affine.yield %c : f64
    } else {
      %z = affine.load %A[%i] : memref<?xf64>
      affine.yield %z : f64
    }
    affine.store %r, %A[%i] : memref<?xf64>
  }
  return
}
