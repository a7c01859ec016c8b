// Two forms of the unmodified PolyBench/C sources that kept nests out.
//
// Loop rotation guards every inner loop whose count may be zero: `for (i = 0; i < m;
// i++)` inside a k loop reaches the plugin as `if (m > 0) { loop }`. An affine.if
// around a loop is beyond the core's model (the whole k nest was skipped). The
// guard says nothing the loop's bounds don't, once IndVarSimplify's zero extension of
// the `int` bound (`zext(m) - 1` iterations) is read as the sign extension: the two
// agree where m >= 0, which the run-time check then requires, and at m <= 0 the loop
// runs no iteration either way. So the guard is dropped with or without a value the
// loop carries (gramschmidt).
//
// A nest inside a loop that is not a SCoP (here a call in its body) may still be one:
// the outer counter is one of its parameters.
//
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessel -mllvm -tessel-count-runs -Rpass=tessel -Rpass-analysis=tessel %s -o %t.tessel %openmp_link -lm 2>&1 | FileCheck %s
// RUN: %clang -O3 -fopenmp %s -o %t.plain %openmp_link -lm
// RUN: %t.plain 70 50 > %t.plain.out
// RUN: %t.tessel 70 50 > %t.tessel.out 2> %t.runs && diff %t.plain.out %t.tessel.out
// RUN: FileCheck %s --check-prefix=RUNS < %t.runs
// RUN: %t.plain 0 50 > %t.plain0.out
// RUN: %t.tessel 0 50 > %t.tessel0.out 2> /dev/null && diff %t.plain0.out %t.tessel0.out

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 80
static double A[N][N], Q[N][N], R[N][N];

// CHECK-DAG: guards-and-outer-counters.c:[[@LINE+6]]:3: remark: run-time check of the subscripts: {{.*}}%0 sge 0
// CHECK-DAG: guards-and-outer-counters.c:[[@LINE+5]]:3: remark: optimized SCoP of {{[0-9]+}} statements
// CHECK-NOT: guards-and-outer-counters.c:[[@LINE+4]]:3: remark: tessel: skipped this loop nest
// RUNS-DAG: tessel: __tessel_gramschmidt_0: 1 of 1 runs optimized
__attribute__((noinline)) static void gramschmidt(int m, int n) {
  double nrm;
  for (int k = 0; k < n; k++) {
    nrm = 0.0;
    for (int i = 0; i < m; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = sqrt(nrm);
    for (int i = 0; i < m; i++)
      Q[i][k] = A[i][k] / R[k][k];
    for (int j = k + 1; j < n; j++) {
      R[k][j] = 0.0;
      for (int i = 0; i < m; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (int i = 0; i < m; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
}

// The t loop calls printf (not a SCoP); the (i, j) nest below it depends on t.
// CHECK-DAG: guards-and-outer-counters.c:[[@LINE+4]]:{{[0-9]+}}: remark: optimized SCoP of 1 statements
// RUNS-DAG: tessel: __tessel_inside_0: 3 of 3 runs optimized
__attribute__((noinline)) static void inside(int n) {
  for (int t = 0; t < 3; t++) {
    for (int i = t; i < n; i++)
      for (int j = 0; j < i - t; j++)
        Q[i][j] += A[j][i] * (t + 1);
    printf("step %d\n", t);
  }
}

int main(int argc, char **argv) {
  int m = argc > 1 ? atoi(argv[1]) : N, n = argc > 2 ? atoi(argv[2]) : N;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i * 7 + j * 3) % 17) / 17 + (i == j);
  gramschmidt(m, n);
  inside(n);
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += (A[i][j] + Q[i][j] + R[i][j]) * ((i + 2 * j) % 7 + 1);
  printf("%.17g\n", sum);
  return 0;
}
