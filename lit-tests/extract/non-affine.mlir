// Ops the model can't represent (tessel-optimize): the nest they are in is skipped
// with a remark that names the op and the reason, the rest of the function is still
// optimized, and what is skipped comes out exactly as it went in.
// scheduler=isl, a preset: the code is regenerated, where scheduler=auto's cost model
// may leave a SCoP with nothing to gain as it was.
// RUN: %tessel-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl}))' %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %tessel-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl}))' %s 2>/dev/null | FileCheck %s --check-prefix=IR

func.func private @f(f64) -> f64

// An undef initial value and a call between two nests: each nest is its own SCoP.
// CHECK: non-affine.mlir:[[@LINE+9]]:3: remark: tessel: optimized SCoP of 1 statements
// CHECK: non-affine.mlir:[[@LINE+12]]:3: remark: tessel: optimized SCoP of 1 statements
// IR-LABEL: func.func @call_between
// IR: llvm.mlir.undef
// IR: affine.parallel
// IR: call @f
// IR: affine.parallel
func.func @call_between(%A: memref<?xf64>, %n: index) {
  %u = llvm.mlir.undef : f64
  affine.for %i = 0 to %n {
    affine.store %u, %A[%i] : memref<?xf64>
  }
  %x = func.call @f(%u) : (f64) -> f64
  affine.for %i = 0 to %n {
    affine.store %x, %A[%i] : memref<?xf64>
  }
  return
}

// Inside a nest: a call, an alloca, an scf.for, an scf.while, an unregistered op.
// CHECK: non-affine.mlir:[[@LINE+6]]:3: remark: tessel: skipped this loop nest: 'func.call': calls a function whose effects are unknown
// CHECK: non-affine.mlir:[[@LINE+10]]:3: remark: tessel: skipped this loop nest: 'memref.alloca': allocates or frees memory inside the loop nest
// CHECK: non-affine.mlir:[[@LINE+16]]:3: remark: tessel: skipped this loop nest: 'scf.for': is an scf.for: raise it to affine.for with tessel-raise-scf first (its bounds must be affine)
// CHECK: non-affine.mlir:[[@LINE+21]]:3: remark: tessel: skipped this loop nest: 'scf.while': is control flow the polyhedral model can't represent (only affine.for and affine.if)
// CHECK: non-affine.mlir:[[@LINE+32]]:3: remark: tessel: skipped this loop nest: 'polygeist.subindex': has memory effects the polyhedral model can't represent
func.func @spoiled(%A: memref<?xf64>, %n: index) {
  affine.for %i = 0 to %n {
    %a = affine.load %A[%i] : memref<?xf64>
    %b = func.call @f(%a) : (f64) -> f64
    affine.store %b, %A[%i] : memref<?xf64>
  }
  affine.for %i = 0 to %n {
    %t = memref.alloca() : memref<f64>
    %a = affine.load %A[%i] : memref<?xf64>
    affine.store %a, %t[] : memref<f64>
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  affine.for %i = 0 to %n {
    scf.for %k = %c0 to %i step %c1 {
      %a = memref.load %A[%k] : memref<?xf64>
      memref.store %a, %A[%i] : memref<?xf64>
    }
  }
  affine.for %i = 0 to %n {
    %r = scf.while (%k = %c0) : (index) -> index {
      %c = arith.cmpi slt, %k, %i : index
      scf.condition(%c) %k : index
    } do {
    ^bb0(%k: index):
      %k1 = arith.addi %k, %c1 : index
      scf.yield %k1 : index
    }
    %a = memref.load %A[%r] : memref<?xf64>
    affine.store %a, %A[%i] : memref<?xf64>
  }
  affine.for %i = 0 to %n {
    %s = "polygeist.subindex"(%A, %i) : (memref<?xf64>, index) -> memref<?xf64>
  }
  return
}
// IR-LABEL: func.func @spoiled
// IR:      affine.for %[[I:.*]] = 0 to %{{.*}} {
// IR-NEXT:   %[[A:.*]] = affine.load %{{.*}}[%[[I]]]
// IR-NEXT:   func.call @f(%[[A]])

// Nests inside scf.for and scf.while bodies are found and optimized.
// CHECK: non-affine.mlir:[[@LINE+8]]:5: remark: tessel: optimized SCoP of 1 statements
// CHECK: non-affine.mlir:[[@LINE+18]]:5: remark: tessel: optimized SCoP of 1 statements
func.func @around(%A: memref<?xf64>, %n: index, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  scf.for %t = %c0 to %steps step %c1 {
    affine.for %i = 1 to %n {
      %a = affine.load %A[%i - 1] : memref<?xf64>
      %b = arith.addf %a, %one : f64
      affine.store %b, %A[%i] : memref<?xf64>
    }
  }
  %r = scf.while (%k = %c0) : (index) -> index {
    %c = arith.cmpi slt, %k, %steps : index
    scf.condition(%c) %k : index
  } do {
  ^bb0(%k: index):
    affine.for %i = 0 to %n {
      affine.store %one, %A[%i] : memref<?xf64>
    }
    %k1 = arith.addi %k, %c1 : index
    scf.yield %k1 : index
  }
  return
}
// CHECK-NOT: remark
