// Loop nests whose run-time check used to fail at every size, or whose trip count
// SCEV could not give, so that the original loops always ran.
//
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessel -Rpass=tessel -Rpass-missed=tessel %s -o %t.tessel %openmp_link 2>&1 | FileCheck %s
// RUN: %clang -O3 -fopenmp -c -fpass-plugin=%tessel -Rpass-analysis=tessel %s -o /dev/null 2> %t.analysis
// RUN: FileCheck %s --check-prefix=ANALYSIS < %t.analysis
// RUN: not grep -F "(-8 * (sext" %t.analysis
// RUN: not grep "trip count cannot be computed" %t.analysis
// RUN: %clang -O3 -fopenmp %s -o %t.plain %openmp_link
// RUN: %t.plain > %t.plain.out
// RUN: %t.tessel > %t.tessel.out && diff %t.plain.out %t.tessel.out

#include <stdio.h>
#include <stdlib.h>

#define MAX(a, b) ((a) >= (b) ? (a) : (b))

// nussinov (PolyBench's kernel), restrict pointer, i going down and j from i + 1.
// SCEV's division splits `table[i*n + j]` as row i + 1, column j - n: the column is
// below 0 over the whole nest, so the check required `-n >= 0`. The column now borrows from the row
// (row i, column j: the same address). The column's greatest value needs the j
// loop's trip count n - 2 - i taken wide, though it is -1 at i = n - 1; there the
// loop's entry is guarded by i + 1 < n, so it does not run. Every bound then holds
// at compile time.
// CHECK: run-time-check-forms.c:[[@LINE+3]]:3: remark: optimized SCoP of 5 statements {{.*}}; no run-time check needed
// ANALYSIS-NOT: run-time-check-forms.c:[[@LINE+2]]:3: remark: run-time check
__attribute__((noinline)) void pairs(int n, const char *restrict seq, int *restrict table) {
  for (int i = n - 1; i >= 0; i--)
    for (int j = i + 1; j < n; j++) {
      if (j - 1 >= 0)
        table[i*n + j] = MAX(table[i*n + j], table[i*n + j - 1]);
      if (i + 1 < n)
        table[i*n + j] = MAX(table[i*n + j], table[(i + 1)*n + j]);
      if (j - 1 >= 0 && i + 1 < n) {
        if (i < j - 1)
          table[i*n + j] = MAX(table[i*n + j], table[(i + 1)*n + j - 1] + (seq[i] + seq[j] == 3));
        else
          table[i*n + j] = MAX(table[i*n + j], table[(i + 1)*n + j - 1]);
      }
      for (int k = i + 1; k < j; k++)
        table[i*n + j] = MAX(table[i*n + j], table[i*n + k] + table[(k + 1)*n + j]);
    }
}

// adi's backward sweep, restrict pointers: v[j*n + i] with j going down has the
// step -8n, whose sign SCEV can't tell (n is an `int`, and the outer loop runs over
// t, so nothing says n > 0). It was taken as non-negative, and with v[(n-1)*n + i]'s
// step 8n the check required both `8 * n >= 0` and `-8 * n >= 0`: n = 0 only. A step whose form is a negative
// multiple is now assumed non-positive: the check requires `8 * n >= 0` once (the
// RUN line above: no `-8 * n` in it).
// CHECK: run-time-check-forms.c:[[@LINE+3]]:3: remark: optimized SCoP of 2 statements
// ANALYSIS: run-time-check-forms.c:[[@LINE+2]]:3: remark: run-time check of the subscripts: {{.*}}(8 * (sext i32 %{{[0-9]+}} to i64))<nsw> sge 0
__attribute__((noinline)) void sweep(int steps, int n, const double *restrict p, double *restrict v) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++) {
      v[(n - 1)*n + i] = 1.0;
      for (int j = n - 2; j >= 1; j--)
        v[j*n + i] = p[i*n + j] * v[(j + 1)*n + i] + 0.5;
    }
}

// nussinov again, VLA parameter: in its k loop `k + 1` is computed in `int` for
// table[k+1][j], and indvars leaves the exit test as `sext(trunc(k + 1)) < j`, for
// which SCEV has no trip count ("left alone: the loop's trip count cannot be
// computed"). The count SCEV gives on the predicate that the `int` recurrence
// doesn't wrap is taken, with that predicate checked as the recurrence's range (at
// most 2147483647). (The RUN line above: no trip count is missing.)
// CHECK: run-time-check-forms.c:[[@LINE+3]]:3: remark: optimized SCoP of 5 statements
// ANALYSIS: run-time-check-forms.c:[[@LINE+2]]:3: remark: run-time check of the subscripts: {{.*}}sle 2147483647
__attribute__((noinline)) void intervals(int n, const char *seq, int table[n][n]) {
  for (int i = n - 1; i >= 0; i--)
    for (int j = i + 1; j < n; j++) {
      if (j - 1 >= 0)
        table[i][j] = MAX(table[i][j], table[i][j - 1]);
      if (i + 1 < n)
        table[i][j] = MAX(table[i][j], table[i + 1][j]);
      if (j - 1 >= 0 && i + 1 < n) {
        if (i < j - 1)
          table[i][j] = MAX(table[i][j], table[i + 1][j - 1] + (seq[i] + seq[j] == 3));
        else
          table[i][j] = MAX(table[i][j], table[i + 1][j - 1]);
      }
      for (int k = i + 1; k < j; k++)
        table[i][j] = MAX(table[i][j], table[i][k] + table[k + 1][j]);
    }
}

int main(void) {
  int n = 83;
  char *seq = malloc(n);
  int *table = malloc(sizeof(int) * n * n);
  for (int i = 0; i < n; i++)
    seq[i] = (char)((i * 5 + 1) % 4);
  for (int i = 0; i < n * n; i++)
    table[i] = (i * 7) % 5;
  pairs(n, seq, table);
  intervals(n, seq, (int (*)[n])table);
  long sum = 0;
  for (int i = 0; i < n * n; i++)
    sum += (long)table[i] * (i % 13 + 1);
  printf("table sum = %ld\n", sum);
  double *p = malloc(sizeof(double) * n * n), *v = malloc(sizeof(double) * n * n);
  for (int i = 0; i < n * n; i++) {
    p[i] = (double)(i % 11) / 11;
    v[i] = (double)(i % 7) / 7;
  }
  sweep(3, n, p, v);
  double vsum = 0;
  for (int i = 0; i < n * n; i++)
    vsum += v[i] * (i % 17 + 1);
  printf("v sum = %.17g\n", vsum);
  free(v);
  free(p);
  free(table);
  free(seq);
  return 0;
}
