// A wall-clock budget in seconds (issue 8): this 6-deep imperfect nest with coupled
// subscripts (made by scripts/compile-time --imperfect, row 6x6) needs several seconds
// of exact dependence analysis, far over a 1 s budget. The pass must stop at the
// budget, keep the original code (byte for byte), and say which stage ran out.
// Without the budget the same input takes over 8 s here, so a broken budget fails
// the `timeout` below or the remark check.
// RUN: timeout 20 %tessel-opt --mlir-disable-threading --pass-pipeline='builtin.module(func.func(tessel-optimize{time-budget=1}))' %s 2>&1 -o /dev/null | FileCheck %s
// RUN: %mlir-opt %s > %t.orig.mlir
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{time-budget=1}))' %s 2>/dev/null > %t.opt.mlir
// RUN: diff %t.orig.mlir %t.opt.mlir
// The stage passes run under the same budget.
// RUN: timeout 20 %tessel-opt --mlir-disable-threading --pass-pipeline='builtin.module(func.func(tessel-print-deps{time-budget=1}))' %s 2>&1 -o /dev/null | FileCheck %s --check-prefix=DEPS

// CHECK: remark: tessel: kept the original code of this SCoP: time budget exhausted in dependences
// CHECK: remark: tessel: kept the original code of this SCoP: time budget exhausted in dependences
// CHECK: remark: tessel: kept the original code of this SCoP: time budget exhausted in the earlier SCoPs of this function
// DEPS: remark: tessel: cannot analyze this SCoP: time budget exhausted in dependences
// DEPS: remark: tessel: cannot analyze this SCoP: time budget exhausted in dependences
// DEPS: remark: tessel: cannot analyze this SCoP: time budget exhausted in the earlier SCoPs of this function

// deep nest: depth 6, 6 statements, seed 1
func.func @deep(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %n: index) {
  affine.for %i0 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
    affine.for %i1 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
      affine.for %i2 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
        affine.for %i3 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
          affine.for %i4 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
            affine.for %i5 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
              %v0 = affine.load %A[%i1 + %i2, %i3 - %i1] : memref<?x?xf64>
              %w0 = arith.addf %v0, %v0 : f64
              affine.store %w0, %B[%i5 + %i2, %i5 - %i5] : memref<?x?xf64>
              %v1 = affine.load %A[%i3 + %i4, %i0 - %i3] : memref<?x?xf64>
              %w1 = arith.addf %v1, %v1 : f64
              affine.store %w1, %A[%i0 + %i2, %i1 - %i0] : memref<?x?xf64>
            }
            affine.for %j2_5 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
              %v2 = affine.load %B[%i0 + %i4, %i2 - %i0] : memref<?x?xf64>
              %w2 = arith.addf %v2, %v2 : f64
              affine.store %w2, %B[%i1 + %j2_5, %i1 - %i1] : memref<?x?xf64>
            }
          }
        }
        affine.for %j3_3 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
          affine.for %j3_4 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
            affine.for %j3_5 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
              %v3 = affine.load %A[%i1 + %j3_5, %j3_5 - %i1] : memref<?x?xf64>
              %w3 = arith.addf %v3, %v3 : f64
              affine.store %w3, %B[%i0 + %j3_5, %i0 - %i0] : memref<?x?xf64>
              %v4 = affine.load %A[%i1 + %i2, %i0 - %i1] : memref<?x?xf64>
              %w4 = arith.addf %v4, %v4 : f64
              affine.store %w4, %B[%i1 + %j3_4, %j3_4 - %i1] : memref<?x?xf64>
              %v5 = affine.load %A[%j3_5 + %i1, %j3_4 - %j3_5] : memref<?x?xf64>
              %w5 = arith.addf %v5, %v5 : f64
              affine.store %w5, %B[%j3_5 + %i2, %j3_3 - %j3_5] : memref<?x?xf64>
            }
          }
        }
      }
    }
  }
  return
}

// The budget is per function: once the first nest has spent it, the second one is
// not started.
func.func private @opaque()
func.func @two(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %n: index) {
  affine.for %i0 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
    affine.for %i1 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
      affine.for %i2 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
        affine.for %i3 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
          affine.for %i4 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
            affine.for %i5 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
              %v0 = affine.load %A[%i1 + %i2, %i3 - %i1] : memref<?x?xf64>
              %w0 = arith.addf %v0, %v0 : f64
              affine.store %w0, %B[%i5 + %i2, %i5 - %i5] : memref<?x?xf64>
              %v1 = affine.load %A[%i3 + %i4, %i0 - %i3] : memref<?x?xf64>
              %w1 = arith.addf %v1, %v1 : f64
              affine.store %w1, %A[%i0 + %i2, %i1 - %i0] : memref<?x?xf64>
            }
            affine.for %j2_5 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
              %v2 = affine.load %B[%i0 + %i4, %i2 - %i0] : memref<?x?xf64>
              %w2 = arith.addf %v2, %v2 : f64
              affine.store %w2, %B[%i1 + %j2_5, %i1 - %i1] : memref<?x?xf64>
            }
          }
        }
        affine.for %j3_3 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
          affine.for %j3_4 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
            affine.for %j3_5 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
              %v3 = affine.load %A[%i1 + %j3_5, %j3_5 - %i1] : memref<?x?xf64>
              %w3 = arith.addf %v3, %v3 : f64
              affine.store %w3, %B[%i0 + %j3_5, %i0 - %i0] : memref<?x?xf64>
              %v4 = affine.load %A[%i1 + %i2, %i0 - %i1] : memref<?x?xf64>
              %w4 = arith.addf %v4, %v4 : f64
              affine.store %w4, %B[%i1 + %j3_4, %j3_4 - %i1] : memref<?x?xf64>
              %v5 = affine.load %A[%j3_5 + %i1, %j3_4 - %j3_5] : memref<?x?xf64>
              %w5 = arith.addf %v5, %v5 : f64
              affine.store %w5, %B[%j3_5 + %i2, %j3_3 - %j3_5] : memref<?x?xf64>
            }
          }
        }
      }
    }
  }
  func.call @opaque() : () -> ()
  affine.for %i0 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
    affine.for %i1 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
      affine.for %i2 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
        affine.for %i3 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
          affine.for %i4 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
            affine.for %i5 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
              %v0 = affine.load %A[%i1 + %i2, %i3 - %i1] : memref<?x?xf64>
              %w0 = arith.addf %v0, %v0 : f64
              affine.store %w0, %B[%i5 + %i2, %i5 - %i5] : memref<?x?xf64>
              %v1 = affine.load %A[%i3 + %i4, %i0 - %i3] : memref<?x?xf64>
              %w1 = arith.addf %v1, %v1 : f64
              affine.store %w1, %A[%i0 + %i2, %i1 - %i0] : memref<?x?xf64>
            }
            affine.for %j2_5 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
              %v2 = affine.load %B[%i0 + %i4, %i2 - %i0] : memref<?x?xf64>
              %w2 = arith.addf %v2, %v2 : f64
              affine.store %w2, %B[%i1 + %j2_5, %i1 - %i1] : memref<?x?xf64>
            }
          }
        }
        affine.for %j3_3 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
          affine.for %j3_4 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
            affine.for %j3_5 = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
              %v3 = affine.load %A[%i1 + %j3_5, %j3_5 - %i1] : memref<?x?xf64>
              %w3 = arith.addf %v3, %v3 : f64
              affine.store %w3, %B[%i0 + %j3_5, %i0 - %i0] : memref<?x?xf64>
              %v4 = affine.load %A[%i1 + %i2, %i0 - %i1] : memref<?x?xf64>
              %w4 = arith.addf %v4, %v4 : f64
              affine.store %w4, %B[%i1 + %j3_4, %j3_4 - %i1] : memref<?x?xf64>
              %v5 = affine.load %A[%j3_5 + %i1, %j3_4 - %j3_5] : memref<?x?xf64>
              %w5 = arith.addf %v5, %v5 : f64
              affine.store %w5, %B[%j3_5 + %i2, %j3_3 - %j3_5] : memref<?x?xf64>
            }
          }
        }
      }
    }
  }
  return
}
