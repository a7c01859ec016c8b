// Values computed in a nest and used after it (issue 42, item 1: "values used after
// the nest and scalars live-out are demoted"). Polly demotes such a value to a
// scalar the SCoP writes; Tessel does the same in two ways:
// - a value ScalarEvolution computes from values before the nest (a counter's last
//   value, the address of the last row) is computed after the optimized call, as
//   IndVarSimplify computes exit values;
// - any other (a sum, a maximum, a value loaded in the last iteration) is carried
//   out of its loops as an iter_arg and stored into a 0-d memref argument, which the
//   splice loads after the call; the core sees a scalar written in every iteration,
//   so the order of its writes is kept.
// The nests before this change were left alone ("a value computed in the nest is
// used after it"). Each function runs at three sizes against the plain build, bit
// for bit; the optimized ones must run (-tessel-count-runs).
//
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessel -mllvm -tessel-count-runs -Rpass=tessel -Rpass-missed=tessel -Rpass-analysis=tessel %s -o %t.tessel %openmp_link 2>&1 | FileCheck %s
// RUN: env TESSEL_DUMP_MLIR=1 %clang -O3 -fopenmp -c -fpass-plugin=%tessel %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: %clang -O3 -fopenmp %s -o %t.plain %openmp_link
// RUN: %t.plain > %t.plain.out
// RUN: %t.tessel > %t.tessel.out 2> %t.runs && diff %t.plain.out %t.tessel.out
// RUN: FileCheck %s --check-prefix=RUNS < %t.runs
// CHECK-NOT: used after it

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Inputs/hash.h"

// The last row's first element: -O3 reads it after the loop, through the address of
// the last row, which SCEV computes there: no 0-d memref, the nest keeps its one
// statement, and its rows are independent, so the outer loop runs in parallel.
// CHECK: live-out-scalars.c:[[@LINE+6]]:3: remark: optimized SCoP of 1 statements (scheduler={{[a-z]+}}, tiled bands={{[0-9]+}}, parallel loops=1
// RUNS-DAG: tessel: __tessel_last_row_0: 3 of 3 runs optimized
// DUMP-LABEL: func.func @__tessel_last_row_0(
// DUMP-NOT: memref<f64>
__attribute__((noinline)) double last_row(int n, int m, double A[restrict n][m], double B[restrict n][m]) {
  double l = 0.0;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      B[i][j] = A[j % n][i % m] * 2.0 + B[i][j];
    l = B[i][0];
  }
  return l;
}

// A sum carried around a time loop and returned. Four statements: the sum's initial
// value, the sweep's store, the sum's update after the sweep, and the store of the
// last sum into the 0-d memref after the loop.
// CHECK: live-out-scalars.c:[[@LINE+9]]:3: remark: optimized SCoP of 4 statements
// RUNS-DAG: tessel: __tessel_running_sum_0: 3 of 3 runs optimized
// DUMP-LABEL: func.func @__tessel_running_sum_0(
// DUMP-SAME: %[[OUT:arg[0-9]+]]: memref<f64>) {
// DUMP: %[[LAST:[0-9]+]] = affine.for
// DUMP: affine.yield
// DUMP: affine.store %[[LAST]], %[[OUT]][] : memref<f64>
__attribute__((noinline)) double running_sum(int n, int steps, double A[restrict n][n], double B[restrict n][n]) {
  double sum = 0.0;
  for (int t = 0; t < steps; t++) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        B[i][j] = A[j][i] + B[i][j] * 0.5;
    sum += B[0][0];
  }
  return sum;
}

// A running maximum over the whole nest: a scalar read and written in every
// iteration, so no loop may run in parallel or be reordered, and the core keeps the
// original order (the fallback runs; still modelled, not refused).
// CHECK: live-out-scalars.c:[[@LINE+4]]:3: remark: SCoP: a nest of 2 loops
// CHECK: live-out-scalars.c:[[@LINE+3]]:3: remark: loop nest left alone: the core kept the original schedule
__attribute__((noinline)) double maximum(int n, int m, double A[restrict n][m], double B[restrict n][m]) {
  double mx = -1.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      double x = A[j % n][i % m] * 0.25 + B[i][j];
      B[i][j] = x;
      mx = x > mx ? x : mx;
    }
  return mx;
}

// A value of the inner loop's last iteration, used after it in the outer loop's
// body (carried out of the inner loop), and the outer loop's last one returned.
// CHECK: live-out-scalars.c:[[@LINE+3]]:3: remark: SCoP: a nest of 2 loops
__attribute__((noinline)) double row_ends(int n, int m, double A[restrict n][m], double B[restrict n][m], double C[restrict n]) {
  double e = 0.0;
  for (int i = 0; i < n; i++) {
    double s = 0.0;
    for (int j = 0; j < m; j++) {
      s = A[j % n][i % m] * 1.5 - B[i][j];
      B[i][j] = s;
    }
    e = s + 1.0;
    C[i] = e;
  }
  return e;
}

int main(int argc, char **argv) {
  int sizes[][2] = {{1, 1}, {7, 5}, {60, 70}};
  int extra = argc > 1 ? atoi(argv[1]) : 0;
  for (int k = 0; k < 3; k++) {
    int n = sizes[k][0] + extra, m = sizes[k][1] + extra;
    size_t count = (size_t)n * m, square = (size_t)n * n;
    double *a = malloc(count * sizeof *a), *b = malloc(count * sizeof *b);
    double *c = malloc(n * sizeof *c), *s = malloc(square * sizeof *s), *t = malloc(square * sizeof *t);
    for (size_t i = 0; i < count; i++) {
      a[i] = (double)(i % 7) / 3.0;
      b[i] = (double)(i % 11) / 5.0;
    }
    for (size_t i = 0; i < square; i++) {
      s[i] = (double)(i % 5) / 7.0;
      t[i] = (double)(i % 13) / 9.0;
    }
    for (int i = 0; i < n; i++)
      c[i] = 0.0;
    double r[4];
    r[0] = last_row(n, m, (void *)a, (void *)b);
    r[1] = running_sum(n, 4, (void *)s, (void *)t);
    r[2] = maximum(n, m, (void *)a, (void *)b);
    r[3] = row_ends(n, m, (void *)a, (void *)b, c);
    printf("%d %d %llx %llx %llx %llx\n", n, m, hash(r, 4), hash(b, count), hash(c, n), hash(t, square));
    free(a);
    free(b);
    free(c);
    free(s);
    free(t);
  }
  return 0;
}
