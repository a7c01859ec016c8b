// C's math functions under the default -fmath-errno reach the plugin as calls of
// libm (cholesky's `A[i][i] = sqrt(A[i][i])`), whose only other effect is on errno.
// The nest never reads errno, and errno ends the same whatever the calls' order, so
// each call is modelled as its LLVM intrinsic (llvm.sqrt, llvm.exp, llvm.pow), whose
// values the library's are: the nest is a SCoP. A call of a function that is not a
// math function still keeps the nest out.
//
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessel -mllvm -tessel-count-runs -Rpass=tessel -Rpass-missed=tessel %s -o %t.tessel %openmp_link -lm 2>&1 | FileCheck %s
// RUN: %clang -O3 -fopenmp %s -o %t.plain %openmp_link -lm
// RUN: %t.plain > %t.plain.out
// RUN: %t.tessel > %t.tessel.out 2> %t.runs && diff %t.plain.out %t.tessel.out
// RUN: FileCheck %s --check-prefix=RUNS < %t.runs

#include <math.h>
#include <stdio.h>

#define N 64
static double A[N][N], B[N][N];

// cholesky, as PolyBench/C writes it.
// CHECK: math-errno.c:[[@LINE+3]]:3: remark: optimized SCoP of {{[0-9]+}} statements
// RUNS-DAG: tessel: __tessel_cholesky_0: 1 of 1 runs optimized
__attribute__((noinline)) static void cholesky(int n) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
    for (int k = 0; k < i; k++)
      A[i][i] -= A[i][k] * A[i][k];
    A[i][i] = sqrt(A[i][i]);
  }
}

// exp and pow of float and double values.
// CHECK: math-errno.c:[[@LINE+3]]:3: remark: optimized SCoP of {{[0-9]+}} statements
// RUNS-DAG: tessel: __tessel_elementwise_0: 1 of 1 runs optimized
__attribute__((noinline)) static void elementwise(int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      B[i][j] = exp(A[i][j] / n) + pow(A[j][i], 1.5) + (double)expf((float)j / n);
}

// puts writes memory: not a math function (the remark points at the call).
// CHECK: math-errno.c:[[@LINE+3]]:15: remark: loop nest left alone: a call may read or write memory
__attribute__((noinline)) static void prints(int n) {
  for (int i = 0; i < n; i++)
    B[i][0] = puts("") + sqrt(A[i][i]);
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = i == j ? N + 1.0 : 1.0 / (1 + i + j);
  cholesky(N);
  elementwise(N);
  prints(0);
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += A[i][j] * (i % 3 + 1) + B[i][j];
  printf("%.17g\n", sum);
  return 0;
}
