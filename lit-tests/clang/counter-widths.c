// Loop counters C programs write besides `int` (issue 42, item 1): `unsigned`
// counters that step by more than 1, count down with `i-- > 0` or stop at `<=`, and
// `unsigned` subscript arithmetic. Each may wrap in its own type, so ScalarEvolution
// gives no trip count (or no subscript without wrap flags) and Polly detects none of
// these nests. Tessel takes the counter and the subscripts in 64 bits, where they
// don't wrap, and the run-time check requires each to stay in [0, 2^32), where the
// 64-bit values are the `unsigned` ones. Each optimized nest must run (the check
// holds at these sizes: -tessel-count-runs) and print what the plain build prints,
// for sizes that are and are not multiples of the step, 0 and 1 among them (at 0 no
// nest is entered: 7 runs of 8 calls).
//
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessel -mllvm -tessel-count-runs -Rpass=tessel -Rpass-missed=tessel %s -o %t.tessel %openmp_link 2>&1 | FileCheck %s
// RUN: %clang -O3 -fopenmp -c -fpass-plugin=%tessel -Rpass-analysis=tessel %s -o /dev/null 2> %t.analysis
// RUN: FileCheck %s --check-prefix=ANALYSIS < %t.analysis
// RUN: not grep "trip count cannot be computed" %t.analysis
// RUN: %clang -O3 -fopenmp %s -o %t.plain %openmp_link
// RUN: %t.plain > %t.plain.out
// RUN: %t.tessel > %t.tessel.out 2> %t.runs && diff %t.plain.out %t.tessel.out
// RUN: FileCheck %s --check-prefix=RUNS < %t.runs

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Inputs/hash.h"

// `unsigned` flat subscripts: i*m + j in 32 bits, zero-extended, with no flag that
// says it can't wrap. The check bounds each subscript's greatest value by 2^32 - 1:
// (n - 1)*m + m - 1 = n*m - 1 for x, (m - 1)*n + n - 1 for y (SCEV writes n - 1
// zero-extended, the greatest i).
// CHECK: counter-widths.c:[[@LINE+4]]:3: remark: optimized SCoP of 1 statements
// ANALYSIS: counter-widths.c:[[@LINE+3]]:3: remark: run-time check of the subscripts: {{.*}}sle 4294967295{{.*}}sle 4294967295
// RUNS-DAG: tessel: __tessel_transpose_0: 7 of 7 runs optimized
__attribute__((noinline)) void transpose(unsigned n, unsigned m, double *restrict x, const double *restrict y) {
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; j < m; j++)
      x[i * m + j] = y[j * n + i] * 2.0 + x[i * m + j];
}

// Every other row, i += 2: the same subscripts over even i.
// CHECK: counter-widths.c:[[@LINE+3]]:3: remark: optimized SCoP of 1 statements
// RUNS-DAG: tessel: __tessel_even_rows_0: 7 of 7 runs optimized
__attribute__((noinline)) void even_rows(unsigned n, double *restrict out, const double *restrict in) {
  for (unsigned i = 0; i < n; i += 2)
    for (unsigned j = 0; j < n; j++)
      out[j * n + i] = in[i * n + j] + out[j * n + i];
}

// The countdown idiom: `i-- > 0` tests i and then steps it to i - 1, which wraps
// at i = 0, when the loop has ended.
// CHECK: counter-widths.c:[[@LINE+3]]:3: remark: optimized SCoP of 1 statements
// RUNS-DAG: tessel: __tessel_countdown_0: 7 of 7 runs optimized
__attribute__((noinline)) void countdown(unsigned n, double *restrict out, const double *restrict in) {
  for (unsigned i = n; i-- > 0;)
    for (unsigned j = 0; j < n; j++)
      out[j * n + i] = in[i * n + j] + out[j * n + i];
}

// i from 1 by 3 while i <= n: ScalarEvolution has no count, since i + 3 wraps where
// n > 2^32 - 4 (the loop never ends there). Tessel's count is (n - 1)/3 taken wide,
// and the check requires the last value tested, 1 + 3*(count + 1), to be at most
// 2^32 - 1: that is exactly where the loop ends.
// CHECK: counter-widths.c:[[@LINE+4]]:3: remark: optimized SCoP of 1 statements
// ANALYSIS: counter-widths.c:[[@LINE+3]]:3: remark: run-time check of the subscripts: {{.*}}(4 + (3 * ((-1 + (zext i32 %{{[0-9]+}} to i64))<nsw> /u 3))<nuw>) sle 4294967295
// RUNS-DAG: tessel: __tessel_thirds_0: 7 of 7 runs optimized
__attribute__((noinline)) void thirds(unsigned n, unsigned m, double *restrict out, const double *restrict in) {
  for (unsigned i = 1; i <= n; i += 3)
    for (unsigned j = 1; j <= n; j++)
      out[j * m + i] = in[i * m + j] + out[j * m + i];
}

int main(int argc, char **argv) {
  unsigned sizes[] = {0, 1, 2, 3, 4, 31, 64, 97};
  unsigned extra = argc > 1 ? (unsigned)atoi(argv[1]) : 0;
  for (unsigned s = 0; s < sizeof sizes / sizeof *sizes; s++) {
    unsigned n = sizes[s] + extra, m = n + 3;
    size_t count = (size_t)(n + 1) * (m + 1);
    double *x = malloc(count * sizeof *x), *y = malloc(count * sizeof *y);
    for (size_t i = 0; i < count; i++) {
      x[i] = (double)(i % 7) / 3.0;
      y[i] = (double)(i % 11) / 5.0;
    }
    transpose(n, m, x, y);
    printf("%u transpose %llx\n", n, hash(x, count));
    even_rows(n, x, y);
    printf("%u even_rows %llx\n", n, hash(x, count));
    countdown(n, x, y);
    printf("%u countdown %llx\n", n, hash(x, count));
    thirds(n, m, x, y);
    printf("%u thirds %llx\n", n, hash(x, count));
    free(x);
    free(y);
  }
  return 0;
}
