// One symbol per C value. IndVarSimplify writes a loop bound over `int n` as
// zext(n) and the bound of `i < n - 1` as zext(n - 1), while the guards compare n
// signed; taken as they come these are three unrelated parameters of the model, and
// every unrelated pair doubles the cases isl's AST generation and the AST check
// split on (fdtd-2d, LARGE: 7 parameters for its 3 values, the tiled rung out of
// time, 0.49x the MLIR path's speedup). Tessel reads zext(n) as n where n >= 0, and
// zext(n - 1) as n - 1 where n - 1 stays in [0, 2^32): the entry guard proves it or
// the run-time check requires it. Each nest must run its optimized code where the
// check holds (-tessel-count-runs) and print what the plain build prints.
//
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessel -mllvm -tessel-count-runs -Rpass=tessel %s -o %t.tessel %openmp_link 2>&1 | FileCheck %s
// RUN: env TESSEL_DUMP_MLIR=1 %clang -O3 -fopenmp -c -fpass-plugin=%tessel %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: %clang -O3 -fopenmp %s -o %t.plain %openmp_link
// RUN: %t.plain > %t.plain.out
// RUN: %t.tessel > %t.tessel.out 2> %t.runs && diff %t.plain.out %t.tessel.out
// RUN: FileCheck %s --check-prefix=RUNS < %t.runs

#include <stdio.h>

#include "Inputs/hash.h"

#define N 100
static double A[N][N], B[N][N];

// fdtd-2d's shape: rows from 1 to n, and rows and columns to n - 1. Two values
// (steps, n), two symbols. The check requires n - 1 >= 0 and n - 1 < 100: at n = 0
// the fallback runs, the other five sizes run optimized.
// CHECK-DAG: one-symbol-per-value.c:[[@LINE+4]]:3: remark: optimized SCoP of 2 statements
// DUMP-DAG: func.func @__tessel_shifted_0(%arg0: memref<?x100xf64>, %arg1: memref<?x100xf64>, %arg2: index, %arg3: index) {
// RUNS-DAG: tessel: __tessel_shifted_0: 5 of 6 runs optimized
__attribute__((noinline)) static void shifted(int steps, int n) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n; i++)
      for (int j = 0; j < n; j++)
        A[i][j] = A[i][j] - 0.5 * (B[i][j] - B[i - 1][j]);
    for (int i = 0; i < n - 1; i++)
      for (int j = 0; j < n - 1; j++)
        B[i][j] = B[i][j] - 0.7 * (A[i][j + 1] - A[i][j] + A[i + 1][j]);
  }
}

// `unsigned m`, rows to m - 2: zext(m - 2) is m - 2 where m - 2 stays in
// [0, 2^32), and the guard's m is zext(m): one symbol. Sizes from 2 (at m < 2 the
// plain loop itself would run 2^32 - 2 rows); at m = 2 no row runs and the nest is
// not entered: 3 runs, all optimized.
// CHECK-DAG: one-symbol-per-value.c:[[@LINE+4]]:3: remark: optimized SCoP of 1 statements
// DUMP-DAG: func.func @__tessel_narrower_0(%arg0: memref<?x100xf64>, %arg1: memref<?x100xf64>, %arg2: index) {
// RUNS-DAG: tessel: __tessel_narrower_0: 3 of 3 runs optimized
__attribute__((noinline)) static void narrower(unsigned m) {
  for (unsigned i = 0; i < m - 2; i++)
    for (unsigned j = 0; j < m; j++)
      A[i][j] = A[i][j] + B[i + 2][j] * B[j][i];
}

static void fill(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * 7 + j) % 13) / 5.0;
      B[i][j] = (double)((i + 3 * j) % 11) / 7.0;
    }
}

int main(void) {
  int sizes[] = {0, 1, 2, 5, 37, 100};
  for (int s = 0; s < 6; s++) {
    fill();
    shifted(3, sizes[s]);
    printf("shifted %d: %016llx %016llx\n", sizes[s], hash(&A[0][0], N * N), hash(&B[0][0], N * N));
  }
  unsigned widths[] = {2, 3, 50, 98};
  for (int s = 0; s < 4; s++) {
    fill();
    narrower(widths[s]);
    printf("narrower %u: %016llx\n", widths[s], hash(&A[0][0], N * N));
  }
  return 0;
}
