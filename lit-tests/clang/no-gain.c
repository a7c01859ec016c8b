// Nests that cannot gain are dropped cheaply, before the core runs (Polly's
// profitability rules, ScopDetection::isProfitableRegion): a single loop, which -O3
// vectorizes as it is; a nest that only writes (an initialization) or only reads;
// a nest whose constant bounds give it too few iterations. Each gets a remark and
// keeps its code; -mllvm -tessel-single-loops optimizes single loops anyway.
//
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessel -Rpass=tessel -Rpass-missed=tessel %s -o %t.tessel %openmp_link 2>&1 | FileCheck %s
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessel -mllvm -tessel-single-loops -Rpass=tessel -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SINGLE
// RUN: %clang -O3 -fopenmp %s -o %t.plain %openmp_link
// RUN: %t.plain 300 > %t.plain.out
// RUN: %t.tessel 300 > %t.tessel.out && diff %t.plain.out %t.tessel.out

#include <stdio.h>
#include <stdlib.h>

// CHECK: no-gain.c:[[@LINE+3]]:3: remark: loop nest left alone: a single loop, which -O3 vectorizes as it is
// SINGLE: no-gain.c:[[@LINE+2]]:3: remark: optimized SCoP
__attribute__((noinline)) void scale(int n, double *restrict y, const double *restrict x) {
  for (int i = 0; i < n; i++)
    y[i] = 2 * x[i];
}

// CHECK: no-gain.c:[[@LINE+2]]:3: remark: loop nest left alone: it only writes memory: no reuse to gain from reordering
__attribute__((noinline)) void fill(int n, double a[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i][j] = (double)(i * j % 7) / 7;
}

// 8 x 8 x 8 iterations at most.
// CHECK: no-gain.c:[[@LINE+2]]:3: remark: loop nest left alone: too few iterations to gain from a transformation (at most 512, from constant bounds)
__attribute__((noinline)) void small(double c[8][8], double a[8][8], double b[8][8]) {
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      for (int k = 0; k < 8; k++)
        c[i][j] += a[i][k] * b[k][j];
}

// A nest with parametric bounds, reads and writes: optimized.
// CHECK: no-gain.c:[[@LINE+2]]:3: remark: optimized SCoP
__attribute__((noinline)) void product(int n, double c[n][n], double a[n][n], double b[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        c[i][j] += a[i][k] * b[k][j];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100;
  double(*a)[n] = malloc(sizeof(double) * n * n), (*b)[n] = malloc(sizeof(double) * n * n);
  double(*c)[n] = calloc((size_t)n * n, sizeof(double));
  double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
  static double s[8][8], t[8][8], u[8][8];
  fill(n, a);
  fill(n, b);
  for (int i = 0; i < n; i++)
    x[i] = i % 5;
  scale(n, y, x);
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      s[i][j] = i + j, t[i][j] = i - j;
  small(u, s, t);
  product(n, c, a, b);
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += c[i][i] + y[i] + (i < 8 ? u[i][i] : 0);
  printf("%.17g\n", sum);
  return 0;
}
