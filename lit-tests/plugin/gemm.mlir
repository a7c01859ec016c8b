// The issue's headline command: the default tessel-optimize on the suite's gemm
// prints tiled, parallel affine code and says so in a remark.
// (lit-tests/execution/run.py checks that this code lowers, runs and matches.)
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' \
// RUN:   %kernels/gemm.mlir 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' \
// RUN:   %kernels/gemm.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// IR-LABEL: func.func @kernel_gemm(
// IR:         {{affine.parallel|scf.parallel}}
// IR:         affine.store
// IR-LABEL: func.func @init_gemm(

// REMARK-NOT: kept the original code
// REMARK-NOT: skipped
// REMARK: remark: tessel: optimized SCoP of {{[0-9]+}} statements
// REMARK-NOT: kept the original code
// REMARK-NOT: skipped
