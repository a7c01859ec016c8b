// `llvm.call` of a function with no memory effects (`memory(none)`, as clang's
// `__attribute__((const))` and mlir-translate's import of LLVM IR write it) is a
// computation inside a statement: the nest is a SCoP and is optimized, the call kept
// once per instance with its operand. A call whose effects are unknown keeps its nest
// out (non-affine.mlir), and so does one that may read memory. With target=gpu the
// SCoP stays on the host, where the function is (a note says so).
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl}))' %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl}))' %s 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{target=gpu}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=GPU

llvm.func @weight(f64) -> f64 attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>}
llvm.func @lookup(i64) -> f64 attributes {memory_effects = #llvm.memory_effects<other = read, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>}

// A transpose through the call: i is parallel (isl's schedule keeps it outermost).
// CHECK: memory-free-calls.mlir:[[@LINE+9]]:3: remark: tessel: optimized SCoP of 1 statements
// IR-LABEL: func.func @weighted
// IR: affine.parallel (%[[I:.*]]) =
// IR: affine.for %[[J:.*]] =
// IR: %[[X:.*]] = affine.load %{{.*}}[%[[J]], %[[I]]]
// IR: llvm.call @weight(%[[X]]) {memory_effects = #llvm.memory_effects<other = none
// GPU: memory-free-calls.mlir:[[@LINE+3]]:3: remark: tessel: kept on the host: it calls @weight, which the device does not have
// GPU-NOT: gpu.launch
func.func @weighted(%A: memref<64x64xf64>, %B: memref<64x64xf64>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %x = affine.load %B[%j, %i] : memref<64x64xf64>
      %y = llvm.call @weight(%x) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (f64) -> f64
      affine.store %y, %A[%i, %j] : memref<64x64xf64>
    }
  }
  return
}

// A call that may read memory: its nest is skipped.
// CHECK: memory-free-calls.mlir:[[@LINE+2]]:3: remark: tessel: skipped this loop nest: 'llvm.call': calls a function whose effects are unknown
func.func @reads(%A: memref<64xf64>) {
  affine.for %i = 0 to 64 {
    %k = arith.index_cast %i : index to i64
    %y = llvm.call @lookup(%k) {memory_effects = #llvm.memory_effects<other = read, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (i64) -> f64
    affine.store %y, %A[%i] : memref<64xf64>
  }
  return
}
