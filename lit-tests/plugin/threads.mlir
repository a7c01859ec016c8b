// Multi-threaded mlir-opt (the default) runs tessel-optimize on several functions at
// once. Every SCoP must still get its remark, and the output must be the
// single-threaded one. The module (Inputs/many_functions.py) has 32 functions with
// one optimized SCoP and a long body to verify, and 32 functions with 20 skipped
// nests each. When the quiet verification's handler swallowed every thread's
// diagnostics, this lost remarks in nearly every run on 2 cores. (On one core there
// is no race to catch, and the test passes either way.)
//
// RUN: %python %S/Inputs/many_functions.py 32 4000 20 > %t.mlir
// RUN: %tessel-opt --mlir-disable-threading=false \
// RUN:   --pass-pipeline='builtin.module(func.func(tessel-optimize))' %t.mlir \
// RUN:   -o %t.threads.mlir 2> %t.err
// RUN: grep -c "remark: tessel: optimized SCoP" %t.err | FileCheck %s --check-prefix=OPT
// RUN: grep -c "remark: tessel: skipped this loop nest" %t.err | FileCheck %s --check-prefix=SKIP
// RUN: %tessel-opt --mlir-disable-threading \
// RUN:   --pass-pipeline='builtin.module(func.func(tessel-optimize))' %t.mlir \
// RUN:   -o %t.single.mlir 2>/dev/null
// RUN: diff %t.single.mlir %t.threads.mlir

// OPT: {{^}}32{{$}}
// SKIP: {{^}}640{{$}}
