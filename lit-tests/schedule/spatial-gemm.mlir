// scheduler=spatial (seed 000 §4.6, issue 9 item 1) on PolyBench gemm. S1 is
// C[i][j] += alpha * A[i][k] * B[k][j] in loops (i, k, j) (iterators i0, i1, i2),
// S0 is C[i][j] *= beta in loops (i, j).
//
// Expected from the objectives (line of 64 bytes: 8 doubles). Member 1, with
// coincidence (S1's dependences are C's, along k): i has zero distance on every
// access group but B's temporal one (B[k][j] is read again at the next i), j
// (i2) carries C's spatial relation, and C leads the lexmin (rank 2 like the
// others, multiplicity 2): i. Member 2, without coincidence (i is coincident):
// B[k][j] still has rank 2, C and A rank 1, so B leads; j would carry B's spatial
// relation, k (i1) only C's temporal one, which comes later: k. Member 3 is the
// last, objective (4): j, carrying the spatial relations of B and C. One band of
// three members, (i, k, j), with j innermost; S0 is fused into it at k = 0 (its
// j with S1's j). The isl preset gives a band (i, j) and k below it.
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-schedule{scheduler=spatial tile=false intra-tile=false line-size=64 time-budget=0}))' \
// RUN:   %kernels/gemm.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=RAW
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-schedule{scheduler=isl tile=false intra-tile=false line-size=64 time-budget=0}))' \
// RUN:   %kernels/gemm.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=ISL
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=spatial line-size=64 time-budget=0}))' \
// RUN:   %kernels/gemm.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=spatial line-size=64 time-budget=0}))' \
// RUN:   %kernels/gemm.mlir | FileCheck %s --check-prefix=IR

// RAW-LABEL: remark: tessel: SCoP of 2 statements
// RAW:         mark: "parallel"
// RAW:         schedule: "[arg0, arg1, arg2] -> [{ S0[i0, i1] -> [(i0)]; S1[i0, i1, i2] -> [(i0)] }, { S0[i0, i1] -> [(0)]; S1[i0, i1, i2] -> [(i1)] }, { S0[i0, i1] -> [(i1)]; S1[i0, i1, i2] -> [(i2)] }]"
// RAW-NEXT:    permutable: 1
// RAW-NEXT:    coincident: [ 1, 0, 1 ]
// RAW:       T(S0): (i0, 0, i1, 0)
// RAW-NEXT:  T(S1): (i0, i1, i2, 1)

// ISL-LABEL: remark: tessel: SCoP of 2 statements
// ISL:         schedule: "[arg0, arg1, arg2] -> [{ S0[i0, i1] -> [(i0)]; S1[i0, i1, i2] -> [(i0)] }, { S0[i0, i1] -> [(i1)]; S1[i0, i1, i2] -> [(i2)] }]"
// ISL:         schedule: "[arg0, arg1, arg2] -> [{ S0[i0, i1] -> [(0)]; S1[i0, i1, i2] -> [(i1)] }]"

// The band of three is tiled (its sizes come from the host's L2) and verified.
// OPT:      remark: tessel: tiling: a band of 3 members tiled {{[0-9]+}}x{{[0-9]+}}x{{[0-9]+}}
// OPT:      remark: tessel: optimized SCoP of 2 statements (scheduler=spatial, tiled bands=1, parallel loops=1, schedule time={{[0-9.]+}} ms)
// OPT:      remark: tessel: optimized SCoP of 5 statements (scheduler=spatial,
// OPT-NOT:  kept the original code

// IR-LABEL: func.func @kernel_gemm
// IR:         affine.parallel
