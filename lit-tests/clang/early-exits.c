// Early exits (issue 42, item 1: "early exits: the region before them, where it is
// a SCoP"). A loop that can leave other than at its latch has no trip count, so it
// is no SCoP, in Tessel as in Polly ("Loop cannot be handled because it has multiple
// exits"); it keeps its remark, and the nests inside it and before it are SCoPs of
// their own:
// - a solver's sweep inside an iteration loop that breaks when converged is
//   optimized once per iteration;
// - a nest before a search loop that returns from the function is optimized.
// Each function runs at three sizes against the plain build, bit for bit, and every
// run of the optimized nests must take the optimized code (-tessel-count-runs).
//
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessel -mllvm -tessel-count-runs -Rpass=tessel -Rpass-missed=tessel %s -o %t.tessel %openmp_link 2>&1 | FileCheck %s
// RUN: %clang -O3 -fopenmp %s -o %t.plain %openmp_link
// RUN: %t.plain > %t.plain.out
// RUN: %t.tessel > %t.tessel.out 2> %t.runs && diff %t.plain.out %t.tessel.out
// RUN: FileCheck %s --check-prefix=RUNS < %t.runs

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Inputs/hash.h"

// Iterates a transposed update until its first element passes a limit. The counter
// is returned. Every iteration runs the sweep once, so the runs all take the
// optimized code, however many iterations the data asks for.
// (The iteration loop's remark is at its header's first instruction, the sweep's.)
// CHECK: early-exits.c:[[@LINE+6]]:5: remark: loop nest left alone: the loop has an exit other than its latch
// CHECK: early-exits.c:[[@LINE+5]]:5: remark: optimized SCoP of 1 statements
// RUNS-DAG: tessel: __tessel_until_converged_0: [[SWEEPS:[0-9]+]] of [[SWEEPS]] runs optimized
__attribute__((noinline)) int until_converged(int n, int maxit, double limit, double A[restrict n][n], double B[restrict n][n]) {
  int it;
  for (it = 0; it < maxit; it++) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        B[i][j] = A[j][i] * 0.5 + B[i][j] * 0.75;
    if (B[0][0] > limit)
      break;
  }
  return it;
}

// A nest, then a search that returns from inside its loop (its remark at the
// header's first instruction, the load of the test).
// CHECK: early-exits.c:[[@LINE+4]]:3: remark: optimized SCoP of 1 statements
// CHECK: early-exits.c:[[@LINE+7]]:9: remark: loop nest left alone: the loop has an exit other than its latch
// RUNS-DAG: tessel: __tessel_first_above_0: 3 of 3 runs optimized
__attribute__((noinline)) int first_above(int n, double limit, double A[restrict n][n], double C[restrict n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      C[i][j] = A[j][i] + C[i][j] * 0.5;
  for (int i = 0; i < n; i++)
    if (C[i][0] > limit)
      return i;
  return -1;
}

int main(int argc, char **argv) {
  int sizes[] = {1, 7, 50};
  int extra = argc > 1 ? atoi(argv[1]) : 0;
  for (int s = 0; s < 3; s++) {
    int n = sizes[s] + extra;
    size_t count = (size_t)n * n;
    double *a = malloc(count * sizeof *a), *b = malloc(count * sizeof *b), *c = malloc(count * sizeof *c);
    for (size_t i = 0; i < count; i++) {
      a[i] = (double)(i % 7) / 3.0 + 0.5;
      b[i] = (double)(i % 11) / 5.0;
      c[i] = (double)(i % 13) / 4.0;
    }
    int iterations = until_converged(n, 40, 0.5 + 0.1 * s, (void *)a, (void *)b);
    int row = first_above(n, 2.0, (void *)a, (void *)c);
    printf("%d %d %d %llx %llx\n", n, iterations, row, hash(b, count), hash(c, count));
    free(a);
    free(b);
    free(c);
  }
  return 0;
}
