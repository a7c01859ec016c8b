// Fixed-size arrays: the shape of each array comes from the constant strides of its
// accesses (LLVM's delinearizeFixedSizeArray), one candidate per access. In
// covariance's triangle, `cov[i][j]` with j from i steps by N + 1 elements along i,
// which suggests rows of N + 1; under that shape `cov[j][i]` has a second subscript
// up to (N - 1) * N, and the run-time check `(N - 1) * N < N + 1` failed at every
// size: the nest was reported optimized and always ran its original loops. Now the
// candidate under which some subscript is provably beyond its dimension is passed
// over for the next (rows of N), and a check that SCEV proves false is refused with
// a remark instead of emitted.
//
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessel -Rpass=tessel -Rpass-missed=tessel %s -o %t.tessel %openmp_link 2>&1 | FileCheck %s
// RUN: %clang -O3 -c -fpass-plugin=%tessel -Rpass-analysis=tessel %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ANALYSIS
// RUN: env TESSEL_DUMP_MLIR=1 %clang -O3 -fopenmp -c -fpass-plugin=%tessel %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: %clang -O3 -fopenmp %s -o %t.plain %openmp_link
// RUN: %t.plain > %t.plain.out
// RUN: %t.tessel > %t.tessel.out && diff %t.plain.out %t.tessel.out

#include <stdio.h>

#define N 150
#define M 170

static double data[M][N];
static double cov[N][N];
static double corr[N][N];

// CHECK-NOT: fixed-size-shapes.c:[[@LINE+4]]:{{.*}}every size
// CHECK: fixed-size-shapes.c:[[@LINE+3]]:3: remark: optimized SCoP of {{[0-9]+}} statements ({{.*}}); no run-time check needed
// ANALYSIS-NOT: fixed-size-shapes.c:[[@LINE+2]]:3: remark: run-time check of the subscripts
__attribute__((noinline)) static void triangle(void) {
  for (int i = 0; i < N; i++)
    for (int j = i; j < N; j++) {
      cov[i][j] = 0.0;
      for (int k = 0; k < M; k++)
        cov[i][j] += data[k][i] * data[k][j];
      cov[j][i] = cov[i][j];
    }
}

// correlation's triangle: corr[i][i], then corr[i][j] with j from i + 1 and its
// mirror corr[j][i]. The accesses suggest rows of N + 1 (corr[i][i], corr[i][j]) or
// nothing (corr[j][i]: steps of N + 1 and N elements), and under rows of N + 1
// corr[j][i]'s column reaches past its row, so the array was one-dimensional
// (corr[1201*i + ...] at LARGE: a quarter of the MLIR path's speed). Each constant
// step of a two-loop access is now also a candidate row size (N), and where SCEV's
// division gives up on a step that N does not divide (N + 1 per i), the constant
// coefficients are split: corr[i][j] is row i, column j.
// DUMP: func.func @__tessel_mirror_0(%arg{{[01]}}: memref<?x150xf64>, %arg{{[01]}}: memref<?x150xf64>)
// CHECK: fixed-size-shapes.c:[[@LINE+2]]:3: remark: optimized SCoP of {{[0-9]+}} statements ({{.*}}); no run-time check needed
__attribute__((noinline)) static void mirror(void) {
  for (int i = 0; i < N - 1; i++) {
    corr[i][i] = 1.0;
    for (int j = i + 1; j < N; j++) {
      corr[i][j] = 0.0;
      for (int k = 0; k < M; k++)
        corr[i][j] += data[k][i] * data[k][j];
      corr[j][i] = corr[i][j];
    }
  }
}

int main(void) {
  for (int k = 0; k < M; k++)
    for (int i = 0; i < N; i++)
      data[k][i] = (double)((k * 3 + i * 7) % 13) / 13;
  triangle();
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += cov[i][j] * ((i + 2 * j) % 5 + 1);
  printf("%.17g\n", sum);
  mirror();
  sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += corr[i][j] * ((3 * i + j) % 7 + 1);
  printf("%.17g\n", sum);
  return 0;
}
