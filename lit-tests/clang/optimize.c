// Tessel from clang (issue 12): a detected nest goes through tessel-optimize, in
// process, and replaces the original behind a run-time check, the original loops
// as the fallback. The program must print the same with and without the plugin,
// in both positions, with and without OpenMP, and when the arrays overlap (the
// check fails and the original loops run).
//
// RUN: %clang -O3 -g -fopenmp -fpass-plugin=%tessel -Rpass=tessel -Rpass-missed=tessel %s -o %t.tessel %openmp_link 2>&1 | FileCheck %s
// RUN: %clang -O3 -g -fpass-plugin=%tessel -Rpass=tessel %s -o %t.sequential 2>&1 | FileCheck %s --check-prefix=SEQ
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessel -mllvm -tessel-position=vectorizer-start %s -o %t.late %openmp_link
// RUN: %clang -O3 -fopenmp %s -o %t.plain %openmp_link
// RUN: %t.plain > %t.plain.out
// RUN: %t.tessel > %t.tessel.out && diff %t.plain.out %t.tessel.out
// RUN: %t.sequential > %t.sequential.out && diff %t.plain.out %t.sequential.out
// RUN: %t.late > %t.late.out && diff %t.plain.out %t.late.out
// The run-time check's conditions, for inspection:
// RUN: %clang -O3 -c -fpass-plugin=%tessel -Rpass-analysis=tessel -Rpass=tessel %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ANALYSIS
//
// Options of tessel-optimize through -mllvm -tessel-<name> (the one table):
// RUN: %clang -O3 -c -fpass-plugin=%tessel -mllvm -tessel-scheduler=identity -mllvm -tessel-tile=false -Rpass=tessel %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=IDENTITY
// and a bad value fails the compilation once, with an error, not a crash:
// RUN: not %clang -O3 -c -fpass-plugin=%tessel -mllvm -tessel-scheduler=nonsense %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

#include <stdio.h>
#include <stdlib.h>

// gemm over VLA parameters that may alias: C, A and B are three pairs to check
// (every pair has a write, and nothing proves them apart). The subscripts of the
// dimensions after the first stay below their sizes by the loop bounds (j < nj,
// k < nk), which SCEV proves, so no subscript bound is checked at run time. The two
// conditions checked are nj >= 0 and nk >= 0: the loops' bounds zext(nj), zext(nk)
// are read as the inner guards' nj, nk, one parameter each, which holds where
// they are non-negative (the entry of the nest doesn't guard them). The band
// (i, j, k) is permutable: tiled.
// CHECK: optimize.c:[[@LINE+4]]:3: remark: optimized SCoP of 2 statements ({{.*}}tiled bands=1{{.*}}); behind a run-time check (3 array pairs that may overlap, 2 subscript bounds), the original loops as the fallback
// SEQ: optimize.c:[[@LINE+3]]:3: remark: optimized SCoP of 2 statements ({{.*}}parallel loops=0{{.*}}); behind a run-time check (3 array pairs that may overlap, 2 subscript bounds), the original loops as the fallback; sequential: compile with -fopenmp for parallel loops
__attribute__((noinline)) void gemm(int ni, int nj, int nk, double alpha, double beta,
                                    double C[ni][nj], double A[ni][nk], double B[nk][nj]) {
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

// The same with restrict pointers and manual indexing: alias analysis proves the
// three arrays apart, and the one-dimensional offsets i * n + j delinearize into
// [i][j] with the parametric row size n. No bound is left to the run-time check: the
// row size `n`, sign-extended in the offsets, is taken zero-extended (the nest's
// entry proves n > 0), as the loop bound is, so SCEV proves the inner subscripts'
// greatest value n - 1 below it and the row stride 8 * n non-negative. (Before,
// with the two extensions apart, both were checked at run time.)
// CHECK: optimize.c:[[@LINE+4]]:3: remark: optimized SCoP of 2 statements ({{.*}}tiled bands=1{{.*}}); no run-time check needed
// ANALYSIS-NOT: optimize.c:[[@LINE+3]]:3: remark: run-time check of the subscripts
// ANALYSIS: optimize.c:[[@LINE+2]]:3: remark: optimized SCoP
void gemm_restrict(int n, double *restrict c, const double *restrict a, const double *restrict b) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      c[i * n + j] *= 0.5;
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        c[i * n + j] += a[i * n + k] * b[k * n + j];
  }
}

// A transposition into a second array that main passes overlapping the first (dst
// is src shifted by one row): the byte ranges overlap, the check fails at run time
// and the original loops run; had the tiled code run, the order of the reads and
// writes, hence the output, would differ from the original's.
// CHECK: optimize.c:[[@LINE+2]]:3: remark: optimized SCoP of 1 statements ({{.*}}); behind a run-time check (1 array pairs that may overlap
__attribute__((noinline)) void transpose(int n, double dst[n][n], double src[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      dst[j][i] = src[i][j] + 1.0;
}

// A fixed-size global array and a static function inlined into main: the nest is
// optimized in the function, before clang inlines it (early position). Distinct
// globals need no alias check, and the constant bounds need no subscript check.
#define N 96
static double ga[N][N], gb[N][N];
// CHECK: optimize.c:[[@LINE+2]]:3: remark: optimized SCoP of 1 statements ({{.*}}); no run-time check needed
static void stencil(void) {
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      gb[i][j] = 0.25 * (ga[i - 1][j] + ga[i + 1][j] + ga[i][j - 1] + ga[i][j + 1]);
}

// IDENTITY: remark: optimized SCoP of 2 statements (scheduler=identity, tiled bands=0
// BAD: error: tessel: bad -mllvm -tessel-* option (scheduler=nonsense)
// BAD-NOT: remark
// BAD-NOT: Stack dump

static double checksum(int n, int m, double *x) {
  double s = 0;
  for (int i = 0; i < n * m; i++)
    s += x[i] * (double)(i % 7 + 1);
  return s;
}

int main(void) {
  int n = 70, m = 50, k = 60;
  double *c = malloc(sizeof(double) * n * m), *a = malloc(sizeof(double) * n * k),
         *b = malloc(sizeof(double) * k * m);
  for (int i = 0; i < n * m; i++)
    c[i] = (double)(i % 13) / 13;
  for (int i = 0; i < n * k; i++)
    a[i] = (double)(i % 17) / 17;
  for (int i = 0; i < k * m; i++)
    b[i] = (double)(i % 19) / 19;
  gemm(n, m, k, 1.5, 1.2, (double(*)[m])c, (double(*)[k])a, (double(*)[m])b);
  printf("gemm %.17g\n", checksum(n, m, c));

  int s = 64;
  double *p = malloc(sizeof(double) * s * s), *q = malloc(sizeof(double) * s * s),
         *r = malloc(sizeof(double) * s * s);
  for (int i = 0; i < s * s; i++) {
    p[i] = (double)(i % 11) / 11;
    q[i] = (double)(i % 5) / 5;
    r[i] = 0;
  }
  gemm_restrict(s, r, p, q);
  printf("gemm_restrict %.17g\n", checksum(s, s, r));

  // Overlapping: dst starts one row into a buffer that src starts at.
  double *buffer = malloc(sizeof(double) * (s + 1) * s);
  for (int i = 0; i < (s + 1) * s; i++)
    buffer[i] = (double)(i % 23);
  transpose(s, (double(*)[s])(buffer + s), (double(*)[s])buffer);
  printf("transpose %.17g\n", checksum(s + 1, s, buffer));
  // And apart, where the optimized code runs.
  transpose(s, (double(*)[s])r, (double(*)[s])p);
  printf("transpose apart %.17g\n", checksum(s, s, r));

  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      ga[i][j] = (double)((i * 7 + j) % 29);
  stencil();
  printf("stencil %.17g\n", checksum(N, N, &gb[0][0]));
  return 0;
}
