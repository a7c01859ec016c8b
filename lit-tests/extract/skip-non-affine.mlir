// Ops the model can't represent spoil only the nest they are in: that nest is skipped
// with a remark naming the op, the other nests are still optimized, and the skipped
// nest comes out unchanged.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{parallel-min-work=0}))' %s 2>/dev/null | FileCheck %s --check-prefix=IR

func.func private @opaque(index)

// Remarks come in walk order: the first run of nests fails on the call (line 26),
// then what comes before that nest is handled (line 21); the scf.for body is visited
// when the walk reaches it (line 33), then the last nest (line 38).
// REMARK: skip-non-affine.mlir:26:3: remark: tessel: skipped this loop nest: 'func.call'
// REMARK: skip-non-affine.mlir:21:3: remark: tessel: optimized SCoP of 1 statements
// REMARK: skip-non-affine.mlir:33:5: remark: tessel: skipped this loop nest: 'memref.alloca'
// REMARK: skip-non-affine.mlir:38:3: remark: tessel: optimized SCoP of 1 statements
// REMARK-NOT: remark
// IR-LABEL: func.func @mixed
func.func @mixed(%A: memref<?xf64>, %B: memref<?xf64>, %n: index) {
  %u = llvm.mlir.undef : f64
  %s = memref.alloca() : memref<f64>
  affine.for %i = 0 to %n {
    affine.store %u, %A[%i] : memref<?xf64>
  }
  // IR: affine.for
  // IR-NEXT: func.call @opaque
  affine.for %i = 0 to %n {
    func.call @opaque(%i) : (index) -> ()
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // IR: scf.for
  scf.for %k = %c0 to %n step %c1 {
    affine.for %i = 0 to %n {
      %t = memref.alloca() : memref<f64>
      affine.store %u, %t[] : memref<f64>
    }
  }
  affine.for %i = 0 to %n {
    %v = affine.load %A[%i] : memref<?xf64>
    affine.store %v, %B[%i] : memref<?xf64>
  }
  return
}
