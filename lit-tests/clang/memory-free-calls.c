// Calls of functions that touch no memory (issue 42, item 1): C's
// `__attribute__((const))` declares `memory(none)`, so the call is a value of its
// arguments alone. Polly takes such `readnone` calls into its statements; Tessel now
// does too: the optimized code calls it (an `llvm.call` with no memory effects, which
// the core schedules as a computation), `static` functions as well. A `pure` function
// reads memory: its nest is left alone, with the reason. The optimized nests must run
// (-tessel-count-runs) and print what the plain build prints.
//
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessel -mllvm -tessel-count-runs -Rpass=tessel -Rpass-missed=tessel %s -o %t.tessel %openmp_link 2>&1 | FileCheck %s
// RUN: env TESSEL_DUMP_MLIR=1 %clang -O3 -fopenmp -c -fpass-plugin=%tessel %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: llvm-nm %t.tessel | FileCheck %s --check-prefix=SYMBOLS
// RUN: %clang -O3 -fopenmp %s -o %t.plain %openmp_link
// RUN: %t.plain > %t.plain.out
// RUN: %t.tessel > %t.tessel.out 2> %t.runs && diff %t.plain.out %t.tessel.out
// RUN: FileCheck %s --check-prefix=RUNS < %t.runs

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Inputs/hash.h"

__attribute__((const, noinline)) double weight(double x) { return x * 0.5 + 1.0; }

// The call stays in the statement, once per instance, with its argument loaded
// there; the function is declared in the nest's module with the same effects, under
// the nest's symbol for it.
// CHECK: memory-free-calls.c:[[@LINE+5]]:3: remark: optimized SCoP of 1 statements
// RUNS-DAG: tessel: __tessel_weighted_0: 3 of 3 runs optimized
// DUMP: llvm.call @__tessel_weighted_0_callee_0(%{{[0-9]+}}) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none{{.*}}>} : (f64) -> f64
// DUMP: llvm.func @__tessel_weighted_0_callee_0(f64) -> f64 attributes {memory_effects = #llvm.memory_effects<other = none
__attribute__((noinline)) void weighted(int n, double A[restrict n][n], const double B[restrict n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = weight(B[j][i]) + A[i][j];
}

static __attribute__((const, noinline)) double quarter(double x) { return x * 0.25; }

// A `static` function has no name another module could bind to: the nest's module
// declares it under a symbol of the nest's own, which the splice replaces by the
// function after linking (no call of that symbol is left in the object).
// CHECK: memory-free-calls.c:[[@LINE+4]]:3: remark: optimized SCoP of 1 statements
// RUNS-DAG: tessel: __tessel_quartered_0: 3 of 3 runs optimized
// SYMBOLS-NOT: callee
__attribute__((noinline)) void quartered(int n, double A[restrict n][n], const double B[restrict n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = quarter(B[j][i]) + A[i][j];
}

double table[4] = {1.0, 2.0, 3.0, 4.0};
__attribute__((pure, noinline)) double lookup(int k) { return table[k & 3]; }

// CHECK: memory-free-calls.c:[[@LINE+4]]:17: remark: loop nest left alone: a call may read or write memory
__attribute__((noinline)) void looked_up(int n, double A[restrict n][n], const double B[restrict n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = lookup(j) * B[j][i] + A[i][j];
}

int main(int argc, char **argv) {
  int sizes[] = {1, 7, 60};
  int extra = argc > 1 ? atoi(argv[1]) : 0;
  for (int s = 0; s < 3; s++) {
    int n = sizes[s] + extra;
    size_t count = (size_t)n * n;
    double *a = malloc(count * sizeof *a), *b = malloc(count * sizeof *b);
    for (size_t i = 0; i < count; i++) {
      a[i] = (double)(i % 7) / 3.0;
      b[i] = (double)(i % 11) / 5.0;
    }
    weighted(n, (void *)a, (void *)b);
    quartered(n, (void *)a, (void *)b);
    looked_up(n, (void *)a, (void *)b);
    printf("%d %llx\n", n, hash(a, count));
    free(a);
    free(b);
  }
  return 0;
}
