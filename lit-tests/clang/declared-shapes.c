// Fixed-size arrays whose address arithmetic hides their shape, as the unmodified
// PolyBench/C sources write them. Each nest must run its optimized code (the run-time
// check holds: -tessel-count-runs), with the output of the plain build.
//
// - gramschmidt's R[k][j] with j from k + 1 steps by N + 1 elements along k; only the
//   GEP's type says the rows hold N (the shape the array was declared with is now
//   the first candidate).
// - adi's v[n - 1][i] and u[i][n - 1]: SCEV's division puts the constant parts in
//   the column (column i - 999 of row n, column n + 999 of row i - 1, over rows of
//   1000), so the check failed at every size; the GEPs' own subscripts carry them.
// - nussinov's table[i][j] with i going down: 181n in the column.
//
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessel -mllvm -tessel-count-runs -Rpass=tessel -Rpass-missed=tessel %s -o %t.tessel %openmp_link 2>&1 | FileCheck %s
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessel -Rpass-missed=tessel %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSED
// RUN: env TESSEL_DUMP_MLIR=1 %clang -O3 -fopenmp -c -fpass-plugin=%tessel %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: %clang -O3 -fopenmp %s -o %t.plain %openmp_link
// RUN: %t.plain 60 > %t.plain.out
// RUN: %t.tessel 60 > %t.tessel.out 2> %t.runs && diff %t.plain.out %t.tessel.out
// RUN: FileCheck %s --check-prefix=RUNS < %t.runs

#include <stdio.h>
#include <stdlib.h>

// No nest of upper, boundaries or descending is refused (adi's failed "at every size").
// MISSED-NOT: declared-shapes.c:{{[3-5][0-9]}}:

#define N 100
static double A[N][N], Q[N][N], R[N][N], u[N][N], v[N][N], p[N][N];
static int table[N][N];

// CHECK-DAG: declared-shapes.c:[[@LINE+5]]:3: remark: optimized SCoP
// DUMP-NOT: x101xf64
// DUMP: func.func @__tessel_upper_0(%arg0: memref<?x100xf64>
// RUNS-DAG: tessel: __tessel_upper_0: 1 of 1 runs optimized
__attribute__((noinline)) static void upper(int n) {
  for (int k = 0; k < n; k++)
    for (int j = k + 1; j < n; j++) {
      R[k][j] = 0;
      for (int i = 0; i < n; i++)
        R[k][j] += Q[i][k] * A[i][j];
    }
}

// CHECK-DAG: declared-shapes.c:[[@LINE+3]]:3: remark: optimized SCoP
// RUNS-DAG: tessel: __tessel_boundaries_0: 1 of 1 runs optimized
__attribute__((noinline)) static void boundaries(int n) {
  for (int i = 1; i < n - 1; i++) {
    v[n - 1][i] = 1.0;
    u[i][n - 1] = 1.0;
    for (int j = n - 2; j >= 1; j--)
      v[j][i] = p[i][j] * v[j + 1][i] + u[i][j];
  }
}

// CHECK-DAG: declared-shapes.c:[[@LINE+3]]:3: remark: optimized SCoP
// RUNS-DAG: tessel: __tessel_descending_0: 1 of 1 runs optimized
__attribute__((noinline)) static void descending(int n) {
  for (int i = n - 1; i >= 0; i--)
    for (int j = i + 1; j < n; j++) {
      for (int k = i + 1; k < j; k++)
        table[i][j] = table[i][j] >= table[i][k] + table[k + 1][j]
                          ? table[i][j]
                          : table[i][k] + table[k + 1][j];
    }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : N;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * 7 + j) % 13) / 13;
      Q[i][j] = (double)((i + 3 * j) % 11) / 11;
      p[i][j] = (double)((i * j) % 5) / 5;
      u[i][j] = (double)(i + j) / N;
      v[i][j] = (double)(i - j) / N;
      table[i][j] = (i * 31 + j * 17) % 23;
    }
  upper(n);
  boundaries(n);
  descending(n);
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += (R[i][j] + u[i][j] + 2 * v[i][j]) * ((i + j) % 5 + 1) + table[i][j];
  printf("%.17g\n", sum);
  return 0;
}
