// A nest detection accepts but Tessel can't model whole is not the end: as for a
// nest detection rejects (Polly's region expansion in reverse), each nest inside it
// is tried (issue 42, item 1). Here the time loop carries a sum in `long double`, a
// type the model has no element type for (x87's 80 bits); the sweep inside the time
// loop has no such value, and is optimized on its own, once per time step (5 and
// then 4 steps at 3 sizes: 27 runs). The sum is left to the original code, which
// computes it in order. (A sum in `double` makes the whole nest a SCoP, its last
// value stored after it: live-out-scalars.c.)
//
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessel -mllvm -tessel-count-runs -Rpass=tessel -Rpass-missed=tessel %s -o %t.tessel %openmp_link 2>&1 | FileCheck %s
// RUN: %clang -O3 -fopenmp %s -o %t.plain %openmp_link
// RUN: %t.plain > %t.plain.out
// RUN: %t.tessel > %t.tessel.out 2> %t.runs && diff %t.plain.out %t.tessel.out
// RUN: FileCheck %s --check-prefix=RUNS < %t.runs

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Inputs/hash.h"

// A sum carried around the time loop in long double and returned.
// CHECK: inner-nests.c:[[@LINE+5]]:3: remark: loop nest left alone: a value carried around a loop has a type the model lacks
// CHECK: inner-nests.c:[[@LINE+5]]:5: remark: optimized SCoP of 1 statements
// RUNS-DAG: tessel: __tessel_long_sum_0: 27 of 27 runs optimized
__attribute__((noinline)) double long_sum(int n, int steps, double A[restrict n][n], double B[restrict n][n]) {
  long double sum = 0.0L;
  for (int t = 0; t < steps; t++) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        B[i][j] = A[j][i] + B[i][j] * 0.5;
    sum += B[t % n][0];
  }
  return (double)sum;
}

int main(int argc, char **argv) {
  int sizes[] = {1, 7, 50};
  int extra = argc > 1 ? atoi(argv[1]) : 0;
  for (int s = 0; s < 3; s++) {
    int n = sizes[s] + extra;
    size_t count = (size_t)n * n;
    double *a = malloc(count * sizeof *a), *b = malloc(count * sizeof *b);
    for (size_t i = 0; i < count; i++) {
      a[i] = (double)(i % 7) / 3.0;
      b[i] = (double)(i % 11) / 5.0;
    }
    double last = long_sum(n, 5, (void *)a, (void *)b);
    double sum = long_sum(n, 4, (void *)a, (void *)b);
    unsigned long long l, r;
    memcpy(&l, &last, sizeof l);
    memcpy(&r, &sum, sizeof r);
    printf("%d %llx %llx %llx\n", n, l, r, hash(b, count));
    free(a);
    free(b);
  }
  return 0;
}
