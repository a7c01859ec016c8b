// A nest spoiled by an op in its outer loop still holds SCoPs of its own: the time
// loop below is skipped because of the call, and the nest inside it is optimized on
// its own (the time loop's IV is a parameter there).
//
// The driver (passes/mlir/src/lib.rs, Driver::range) walks into the regions of a
// skipped unit after its remark.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{parallel-min-work=0}))' %s 2>/dev/null | FileCheck %s

// REMARK: inner-nests.mlir:[[@LINE+11]]:3: remark: tessel: skipped this loop nest: 'func.call': calls a function whose effects are unknown
// REMARK: inner-nests.mlir:[[@LINE+11]]:5: remark: tessel: optimized SCoP of 1 statements
// CHECK-LABEL: func.func @time_loop(
// CHECK:         affine.for %[[T:.*]] = 0 to %{{.*}} {
// CHECK-NEXT:      affine.parallel
// CHECK:           func.call @report(%[[T]])
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func private @report(index)
func.func @time_loop(%A: memref<?x?xf64>, %n: index, %T: index) {
  %one = arith.constant 1.0 : f64
  affine.for %t = 0 to %T {
    affine.for %i = 0 to %n {
      affine.for %j = 1 to %n {
        %a = affine.load %A[%i, %j - 1] : memref<?x?xf64>
        %b = arith.addf %a, %one : f64
        affine.store %b, %A[%i, %j] : memref<?x?xf64>
      }
    }
    func.call @report(%t) : (index) -> ()
  }
  return
}
