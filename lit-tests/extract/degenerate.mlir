// Degenerate but valid nests never crash the pass, and optimized code computes what
// the original computes (execution check through mlir-runner).
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-scop,tessel-print-deps,tessel-print-schedule))' %s -o /dev/null
// RUN: %mlir-opt %s %lower-to-llvm | %run-main | %strip-addresses > %t.orig
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{tile-sizes=3}))' %s 2>/dev/null | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.opt
// RUN: diff %t.orig %t.opt

// CHECK-NOT: kept the original
// CHECK-NOT: skipped
// CHECK-NOT: internal error

// Empty, zero-trip, dead-code-only and single-iteration loops; a step larger than
// the range; an unused IV; a bound n - 100 that is negative for small n.
func.func @odd_loops(%A: memref<?xf64>, %n: index) {
  %c = arith.constant 2.0 : f64
  affine.for %i = 0 to %n {
  }
  affine.for %i = 10 to 0 {
    affine.store %c, %A[%i] : memref<?xf64>
  }
  affine.for %i = 0 to %n {
    %x = arith.addf %c, %c : f64
  }
  affine.for %i = 3 to 4 {
    affine.store %c, %A[%i] : memref<?xf64>
  }
  affine.for %i = 0 to 5 step 100 {
    %a = affine.load %A[%i + 1] : memref<?xf64>
    %b = arith.addf %a, %c : f64
    affine.store %b, %A[%i + 1] : memref<?xf64>
  }
  affine.for %i = 0 to %n {
    affine.for %j = 0 to affine_map<()[s0] -> (s0 - 100)>()[%n] {
      affine.store %c, %A[%i] : memref<?xf64>
    }
  }
  affine.for %i = 0 to 3 {
    %a = affine.load %A[5] : memref<?xf64>
    %b = arith.mulf %a, %c : f64
    affine.store %b, %A[5] : memref<?xf64>
  }
  return
}

// A deep nest of tiny loops.
func.func @deep(%A: memref<?xf64>) {
  %c = arith.constant 1.0 : f64
  affine.for %a = 0 to 2 {
    affine.for %b = 0 to 2 {
      affine.for %c1 = 0 to 2 {
        affine.for %d = 0 to 2 {
          affine.for %e = 0 to 2 {
            affine.for %f = 0 to 2 {
              affine.for %g = 0 to 2 {
                affine.for %h = 0 to 2 {
                  %i = affine.apply affine_map<(d0, d1, d2, d3) -> (d0 + d1 + d2 + d3)>(%a, %c1, %e, %g)
                  %x = affine.load %A[%i] : memref<?xf64>
                  %y = arith.addf %x, %c : f64
                  affine.store %y, %A[%i] : memref<?xf64>
                }
              }
            }
          }
        }
      }
    }
  }
  return
}

// Bounds near the limits of i64: modelled and generated, never run.
func.func @huge(%A: memref<?xf64>) {
  %c = arith.constant 1.0 : f64
  affine.for %i = 4611686018427387904 to 4611686018427387910 {
    affine.store %c, %A[%i - 4611686018427387904] : memref<?xf64>
  }
  return
}

// A store with no loop around it is not a SCoP on its own.
func.func @no_loop(%A: memref<?xf64>) {
  %c = arith.constant 1.0 : f64
  affine.store %c, %A[0] : memref<?xf64>
  return
}

func.func private @printMemrefF64(memref<*xf64>)

func.func @main() {
  %n = arith.constant 10 : index
  %A = memref.alloc(%n) : memref<?xf64>
  %one = arith.constant 1.0 : f64
  affine.for %i = 0 to 10 {
    affine.store %one, %A[%i] : memref<?xf64>
  }
  func.call @odd_loops(%A, %n) : (memref<?xf64>, index) -> ()
  func.call @deep(%A) : (memref<?xf64>) -> ()
  %u = memref.cast %A : memref<?xf64> to memref<*xf64>
  func.call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}
