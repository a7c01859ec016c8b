// The scf form of suite kernels gives the same code as their affine form (issue 42).
// Each kernel is lowered to scf.for / scf.if / memref.load / memref.store by
// upstream's lower-affine (which also turns its index maps into arith ops), then
// raised by tessel-raise-scf and optimized; the output must be byte-identical to
// tessel-optimize on the affine kernel. Chosen for their shapes: rectangular (gemm),
// triangular (lu, cholesky), a bound computed before the loops (heat-3d's tsteps+1),
// affine.if conditions (nussinov), a skewed stencil (seidel-2d), several nests
// (correlation), and a condition on data that stays scf.if (floyd-warshall).
// A difference means the raise lost an affine form (a map operand, a bound, a
// condition) or left dead index arithmetic behind.
//
// The lowered forms hold no affine op (the input is really scf), checked on gemm:
// RUN: %mlir-opt --pass-pipeline='builtin.module(func.func(lower-affine))' %kernels/gemm.mlir | FileCheck %s --implicit-check-not=affine.
// CHECK: scf.for
//
// RUN: %mlir-opt --pass-pipeline='builtin.module(func.func(lower-affine))' %kernels/gemm.mlir -o %t.gemm.scf
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-raise-scf,tessel-optimize))' %t.gemm.scf -o %t.gemm.raised 2>/dev/null
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %kernels/gemm.mlir -o %t.gemm.affine 2>/dev/null
// RUN: diff %t.gemm.raised %t.gemm.affine
// RUN: %mlir-opt --pass-pipeline='builtin.module(func.func(lower-affine))' %kernels/lu.mlir -o %t.lu.scf
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-raise-scf,tessel-optimize))' %t.lu.scf -o %t.lu.raised 2>/dev/null
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %kernels/lu.mlir -o %t.lu.affine 2>/dev/null
// RUN: diff %t.lu.raised %t.lu.affine
// RUN: %mlir-opt --pass-pipeline='builtin.module(func.func(lower-affine))' %kernels/cholesky.mlir -o %t.cholesky.scf
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-raise-scf,tessel-optimize))' %t.cholesky.scf -o %t.cholesky.raised 2>/dev/null
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %kernels/cholesky.mlir -o %t.cholesky.affine 2>/dev/null
// RUN: diff %t.cholesky.raised %t.cholesky.affine
// RUN: %mlir-opt --pass-pipeline='builtin.module(func.func(lower-affine))' %kernels/heat-3d.mlir -o %t.heat-3d.scf
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-raise-scf,tessel-optimize))' %t.heat-3d.scf -o %t.heat-3d.raised 2>/dev/null
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %kernels/heat-3d.mlir -o %t.heat-3d.affine 2>/dev/null
// RUN: diff %t.heat-3d.raised %t.heat-3d.affine
// RUN: %mlir-opt --pass-pipeline='builtin.module(func.func(lower-affine))' %kernels/nussinov.mlir -o %t.nussinov.scf
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-raise-scf,tessel-optimize))' %t.nussinov.scf -o %t.nussinov.raised 2>/dev/null
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %kernels/nussinov.mlir -o %t.nussinov.affine 2>/dev/null
// RUN: diff %t.nussinov.raised %t.nussinov.affine
// RUN: %mlir-opt --pass-pipeline='builtin.module(func.func(lower-affine))' %kernels/seidel-2d.mlir -o %t.seidel-2d.scf
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-raise-scf,tessel-optimize))' %t.seidel-2d.scf -o %t.seidel-2d.raised 2>/dev/null
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %kernels/seidel-2d.mlir -o %t.seidel-2d.affine 2>/dev/null
// RUN: diff %t.seidel-2d.raised %t.seidel-2d.affine
// RUN: %mlir-opt --pass-pipeline='builtin.module(func.func(lower-affine))' %kernels/correlation.mlir -o %t.correlation.scf
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-raise-scf,tessel-optimize))' %t.correlation.scf -o %t.correlation.raised 2>/dev/null
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %kernels/correlation.mlir -o %t.correlation.affine 2>/dev/null
// RUN: diff %t.correlation.raised %t.correlation.affine
// RUN: %mlir-opt --pass-pipeline='builtin.module(func.func(lower-affine))' %kernels/floyd-warshall.mlir -o %t.floyd-warshall.scf
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-raise-scf,tessel-optimize))' %t.floyd-warshall.scf -o %t.floyd-warshall.raised 2>/dev/null
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %kernels/floyd-warshall.mlir -o %t.floyd-warshall.affine 2>/dev/null
// RUN: diff %t.floyd-warshall.raised %t.floyd-warshall.affine
