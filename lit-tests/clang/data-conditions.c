// Branches on data (issue 42, item 1): `if (B[j][i] > 0.5) ...` inside a nest is no
// affine condition, but it is a conditional part of one statement, as Polly's
// non-affine subregion. Translation makes it an `scf.if` on the condition's value,
// whose stores the core takes as may-writes (and whose loads as reads), so that the
// dependences cover whichever side runs. A side with a loop of its own is beyond
// that: its nest is left alone and the nests inside are tried. Each optimized nest
// must run (-tessel-count-runs) and print what the plain build prints.
//
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessel -mllvm -tessel-count-runs -Rpass=tessel -Rpass-missed=tessel %s -o %t.tessel %openmp_link 2>&1 | FileCheck %s
// RUN: env TESSEL_DUMP_MLIR=1 %clang -O3 -fopenmp -c -fpass-plugin=%tessel %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: %clang -O3 -fopenmp %s -o %t.plain %openmp_link
// RUN: %t.plain > %t.plain.out
// RUN: %t.tessel > %t.tessel.out 2> %t.runs && diff %t.plain.out %t.tessel.out
// RUN: FileCheck %s --check-prefix=RUNS < %t.runs
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessel -mllvm -tessel-scheduler=isl -mllvm -tessel-count-runs %s -o %t.isl %openmp_link
// RUN: %t.isl > %t.isl.out 2> %t.isl.runs && diff %t.plain.out %t.isl.out
// RUN: FileCheck %s --check-prefix=ISL-RUNS < %t.isl.runs

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Inputs/hash.h"

// A store under a test on what it reads: i and j are both parallel.
// CHECK: data-conditions.c:[[@LINE+7]]:3: remark: optimized SCoP of 1 statements
// RUNS-DAG: tessel: __tessel_clip_0: 3 of 3 runs optimized
// DUMP-LABEL: func.func @__tessel_clip_0
// DUMP: %[[X:[0-9]+]] = affine.load
// DUMP: %[[C:[0-9]+]] = arith.cmpf ogt, %[[X]]
// DUMP: scf.if %[[C]] {
__attribute__((noinline)) void clip(int n, double A[restrict n][n], const double B[restrict n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if (B[j][i] > 0.5)
        A[i][j] = B[j][i] * 2.0 + A[i][j];
}

// Both sides store, under a condition that mixes data and an affine test (one i1
// value, the && as InstCombine's select).
// CHECK: data-conditions.c:[[@LINE+5]]:3: remark: optimized SCoP of 1 statements
// RUNS-DAG: tessel: __tessel_either_0: 3 of 3 runs optimized
// DUMP-LABEL: func.func @__tessel_either_0
// DUMP: } else {
__attribute__((noinline)) void either(int n, double A[restrict n][n], const double B[restrict n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      if (B[j][i] > 0.5 && i < n - 2)
        A[i][j] = B[j][i] * 2.0;
      else
        A[i][j] += 1.0;
    }
}

// The condition reads the row the previous i wrote: i carries the dependence
// (through the may-write), so the order of the rows must stay; what each row does
// depends on the one before. Each column j is independent of the others, so j is
// parallel, but it must stay innermost for stride one: the band is tiled so that the
// column tiles run in parallel, each walking its rows in order (transform/tile.rs,
// `sinking_loses_parallelism`). The code must compute the same (at n = 1 the nest is
// not entered: 2 runs of 3 calls).
// CHECK: data-conditions.c:[[@LINE+4]]:3: remark: optimized SCoP of 1 statements (scheduler=auto, tiled bands=1, parallel loops=1
// RUNS-DAG: tessel: __tessel_chained_0: 2 of 2 runs optimized
// ISL-RUNS-DAG: tessel: __tessel_chained_0: 2 of 2 runs optimized
__attribute__((noinline)) void chained(int n, double A[restrict n][n]) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n; j++)
      if (A[i - 1][j] > 0.7)
        A[i][j] = A[i - 1][j] * 0.5 + A[i][j];
}

// A side with a loop of its own: no statement holds it.
// CHECK: data-conditions.c:[[@LINE+3]]:{{[0-9]+}}: remark: loop nest left alone: a branch condition is not an affine comparison
__attribute__((noinline)) void inner_loop(int n, double A[restrict n][n], const double B[restrict n][n]) {
  for (int i = 0; i < n; i++)
    if (B[i][0] > 0.5)
      for (int j = 0; j < n; j++)
        A[i][j] = B[j][i] + A[i][j];
}

int main(int argc, char **argv) {
  int sizes[] = {1, 9, 70};
  int extra = argc > 1 ? atoi(argv[1]) : 0;
  for (int s = 0; s < 3; s++) {
    int n = sizes[s] + extra;
    size_t count = (size_t)n * n;
    double *a = malloc(count * sizeof *a), *b = malloc(count * sizeof *b);
    for (size_t i = 0; i < count; i++) {
      a[i] = (double)(i % 7) / 6.0;
      b[i] = (double)(i % 11) / 10.0;
    }
    clip(n, (void *)a, (void *)b);
    either(n, (void *)a, (void *)b);
    chained(n, (void *)a);
    inner_loop(n, (void *)a, (void *)b);
    printf("%d %llx\n", n, hash(a, count));
    free(a);
    free(b);
  }
  return 0;
}
