// Found by the mutation fuzzer (scripts/mutate, mutation `many-scops`: a suite
// kernel's body replicated hundreds of times in one function, kernels/lu here).
//
// Was a bug (fixed in pass.rs, the budget is now the function's): tessel-optimize's `time-budget` is documented as the wall-clock
// seconds Tessel may spend on ONE FUNCTION, but it is only enforced per SCoP. A
// function with 150 cheap SCoPs (an lu nest each, separated by an unknown op) is
// optimized SCoP after SCoP with no budget remark: with time-budget=1 it takes about
// 8 s of CPU (20 s wall on the shared 2-core machine), and the fuzzer's 200-copy
// mutant of lu took 42 CPU s (110 s wall) under `scheduler=pluto tile-sizes=3`
// with the default budget of 8 s. Once the function's budget is spent, the
// remaining SCoPs should keep their original code, with a remark that says so.
//
// The check: with time-budget=1 the whole call must fit in 5 s of CPU (prlimit
// kills it with SIGXCPU otherwise; CPU time <= wall time for this single-threaded
// function, so a budget that holds leaves ample slack) and some remark must name
// the time budget.
// RUN: %python %S/Inputs/replicate.py %s 150 --keep A,n > %t.mlir
// RUN: prlimit --cpu=5 %tessel-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(tessel-optimize{time-budget=1}))' %t.mlir -o /dev/null 2>&1 | FileCheck %s
// CHECK: time budget exhausted in the earlier SCoPs of this function

func.func @many_scops(%A: memref<?x?xf64>, %n: index) {
  // BEGIN-REPLICATE
  affine.for %i = 0 to %n {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      affine.for %k = 0 to affine_map<(d0) -> (d0)>(%j) {
        %a = affine.load %A[%i, %k] : memref<?x?xf64>
        %b = affine.load %A[%k, %j] : memref<?x?xf64>
        %m = arith.mulf %a, %b : f64
        %c = affine.load %A[%i, %j] : memref<?x?xf64>
        %d = arith.subf %c, %m : f64
        affine.store %d, %A[%i, %j] : memref<?x?xf64>
      }
      %e = affine.load %A[%i, %j] : memref<?x?xf64>
      %f = affine.load %A[%j, %j] : memref<?x?xf64>
      %g = arith.divf %e, %f : f64
      affine.store %g, %A[%i, %j] : memref<?x?xf64>
    }
    affine.for %j = 0 to %n {
      affine.for %k = 0 to affine_map<(d0) -> (d0)>(%i) {
        %a = affine.load %A[%i, %k] : memref<?x?xf64>
        %b = affine.load %A[%k, %j] : memref<?x?xf64>
        %m = arith.mulf %a, %b : f64
        %c = affine.load %A[%i, %j] : memref<?x?xf64>
        %d = arith.subf %c, %m : f64
        affine.store %d, %A[%i, %j] : memref<?x?xf64>
      }
    }
  }
  "foo.sep"() : () -> ()
  // END-REPLICATE
  return
}
