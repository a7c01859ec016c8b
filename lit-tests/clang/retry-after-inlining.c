// A nest that a call keeps out of the model at the early position is tried again at
// the vectorizer's start, after the inliner (issue 42, item 1: Polly runs there and
// models such nests once their helper is inlined). The early pass marks it with loop
// metadata; the late one takes marked nests only, so a nest optimized early is not
// taken again. Each optimized nest must run (-tessel-count-runs) and print what the
// plain build prints.
//
// Every early remark comes before every late one (the early pass runs on the whole
// module first).
// RUN: %clang -O3 -fopenmp -g -fpass-plugin=%tessel -mllvm -tessel-count-runs -Rpass=tessel -Rpass-missed=tessel -Rpass-analysis=tessel %s -o %t.tessel %openmp_link 2> %t.remarks
// RUN: FileCheck %s --check-prefix=EARLY < %t.remarks
// RUN: FileCheck %s --check-prefix=LATE < %t.remarks
// RUN: FileCheck %s --check-prefix=ONCE < %t.remarks
// RUN: %clang -O3 -fopenmp -g -fpass-plugin=%tessel -mllvm -tessel-retry-after-inlining=false -Rpass=tessel -Rpass-missed=tessel %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=NORETRY
// RUN: %clang -O3 -fopenmp %s -o %t.plain %openmp_link
// RUN: %t.plain > %t.plain.out
// RUN: %t.tessel > %t.tessel.out 2> %t.runs && diff %t.plain.out %t.tessel.out
// RUN: FileCheck %s --check-prefix=RUNS < %t.runs

#include <stdio.h>
#include <stdlib.h>

#include "Inputs/hash.h"

double table[16];

// A `pure` helper reading a global table: at the early position a call that may read
// memory; after the inliner, `table[k & 15]` reads any element of the table (a mask
// is no affine subscript), which the nest does not write, so i stays parallel.
__attribute__((pure)) static double weight(int k, double x) {
  return 0.5 * table[k & 15] * x + table[(k + 5) & 15];
}

// EARLY: retry-after-inlining.c:[[@LINE+10]]:{{[0-9]+}}: remark: loop nest left alone: a call may read or write memory; tried again after the inliner
// LATE: retry-after-inlining.c:[[@LINE+7]]:3: remark: SCoP: {{.*}}2 of any element (no affine subscripts)
// LATE: retry-after-inlining.c:[[@LINE+6]]:3: remark: optimized SCoP of 1 statements ({{.*}}parallel loops=1{{.*}}); no run-time check needed
// NORETRY: retry-after-inlining.c:[[@LINE+7]]:{{[0-9]+}}: remark: loop nest left alone: a call may read or write memory{{ }}[
// NORETRY-NOT: retry-after-inlining.c:[[@LINE+4]]:3: remark: optimized SCoP
// RUNS-DAG: tessel: __tessel_weighted_0: 3 of 3 runs optimized
__attribute__((noinline)) void weighted(int n, double A[restrict n][n],
                                        const double B[restrict n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[j][i] = 0.4 * weight(j, B[j][i]) + 0.3 * B[i][j];
}

// A helper that is never inlined stays a call: tried again, and left alone again.
// EARLY: retry-after-inlining.c:[[@LINE+7]]:{{[0-9]+}}: remark: loop nest left alone: a call may read or write memory; tried again after the inliner
// LATE: retry-after-inlining.c:[[@LINE+6]]:{{[0-9]+}}: remark: loop nest left alone: a call may read or write memory{{ }}[
__attribute__((noinline)) double opaque(int k, double x) { return x * table[k & 15]; }
__attribute__((noinline)) void kept(int n, double A[restrict n][n],
                                    const double B[restrict n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = opaque(j, B[j][i]);
}

// A nest optimized early: its original loops, kept as the fallback, carry no mark,
// so the late pass does not take them (one remark, one optimized function).
// ONCE: retry-after-inlining.c:[[@LINE+4]]:3: remark: optimized SCoP of 1 statements
// ONCE-NOT: retry-after-inlining.c:[[@LINE+3]]:3: remark: optimized SCoP
// RUNS-DAG: tessel: __tessel_transpose_0: 3 of 3 runs optimized
__attribute__((noinline)) void transpose(int n, double A[restrict n][n], const double B[restrict n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = B[j][i] + A[i][j];
}

int main(int argc, char **argv) {
  int sizes[] = {1, 9, 70};
  int extra = argc > 1 ? atoi(argv[1]) : 0;
  for (int k = 0; k < 16; k++)
    table[k] = k * 0.125;
  for (int s = 0; s < 3; s++) {
    int n = sizes[s] + extra;
    size_t count = (size_t)n * n;
    double *a = malloc(count * sizeof *a), *b = malloc(count * sizeof *b);
    for (size_t i = 0; i < count; i++) {
      a[i] = (double)(i % 7) / 6.0;
      b[i] = (double)(i % 11) / 10.0;
    }
    weighted(n, (void *)a, (void *)b);
    kept(n, (void *)b, (void *)a);
    transpose(n, (void *)a, (void *)b);
    printf("%d %llx %llx\n", n, hash(a, count), hash(b, count));
    free(a);
    free(b);
  }
  return 0;
}
