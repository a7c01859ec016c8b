// Found by the mutation fuzzer (scripts/mutate --seed 4 --only 124, mutations
// `huge-arith-const` + `view-expand-collapse`: the constant index of a `memref.dim`
// became -2^62). Reduced by hand.
//
// Was a bug (fixed in analysis/symbols.rs): a loop bound that is `memref.dim %A, %c` with a negative constant
// index `%c` (valid IR: the verifier accepts an out-of-range constant index; at
// run time it is undefined behaviour, but compiling must not fail) becomes an isl
// parameter named
// `arg0_dim-1`, which is not an isl identifier. isl can't parse the context
// (`[arg0_dim-1] -> { : arg0_dim-1 >= 0 }`) and Tessel keeps the original code
// with "isl error: cannot parse context ...: [Invalid] syntax error". Parameter
// names must be sanitized (or such a dim treated as an opaque symbol); an internal
// isl syntax error should never reach the user.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not="isl error"
// CHECK: remark: tessel: optimized SCoP of 1 statements

func.func @dim_negative_index(%A: memref<?x?xf64>, %B: memref<?xf64>) {
  %c = arith.constant -1 : index
  %z = arith.constant 0.0 : f64
  %d = memref.dim %A, %c : memref<?x?xf64>
  affine.for %i = 0 to %d {
    affine.store %z, %B[%i] : memref<?xf64>
  }
  return
}
