// Subscripts that are no affine function (issue 42, item 1): `x[col[j]]`, `i * i`,
// `(i + j) % n`. As Polly over-approximates non-affine accesses, such an access is
// one of any element of its array: a load reads every element, a store may write
// every one. Translation computes the address as the original does (from
// ScalarEvolution's form of it), into a `memref.load`/`memref.store`. The memref
// lowering marks index arithmetic `nuw`, so the offset must never be below the
// array's base: ScalarEvolution proves it, or each index of the `inbounds` GEPs
// that make the address is never negative (an `unsigned` table, `x % c` of a
// non-negative x, `i * i` with nsw), else the nest is left alone. No byte range
// bounds such an array, so alias analysis must tell it apart from every array the
// nest writes. Each optimized nest must run (-tessel-count-runs) and print what the
// plain build prints, under the default and the isl preset.
//
// RUN: %clang -O3 -fopenmp -g -fpass-plugin=%tessel -mllvm -tessel-count-runs -Rpass=tessel -Rpass-missed=tessel -Rpass-analysis=tessel %s -o %t.tessel %openmp_link 2>&1 | FileCheck %s
// RUN: env TESSEL_DUMP_MLIR=1 %clang -O3 -fopenmp -c -fpass-plugin=%tessel %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: %clang -O3 -fopenmp %s -o %t.plain %openmp_link
// RUN: %t.plain > %t.plain.out
// RUN: %t.tessel > %t.tessel.out 2> %t.runs && diff %t.plain.out %t.tessel.out
// RUN: FileCheck %s --check-prefix=RUNS < %t.runs
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessel -mllvm -tessel-scheduler=isl -mllvm -tessel-count-runs %s -o %t.isl %openmp_link
// RUN: %t.isl > %t.isl.out 2> %t.isl.runs && diff %t.plain.out %t.isl.out
// RUN: FileCheck %s --check-prefix=ISL-RUNS < %t.isl.runs

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Inputs/hash.h"

// A gather through an `unsigned` table: the read of x covers all of x, which the
// nest does not write, so the rows i stay independent. Restrict arrays: no check.
// CHECK: non-affine-subscripts.c:[[@LINE+10]]:3: remark: SCoP: {{.*}}, 1 of any element (no affine subscripts)
// CHECK: non-affine-subscripts.c:[[@LINE+9]]:3: remark: optimized SCoP of 1 statements ({{.*}}parallel loops=1{{.*}}); no run-time check needed
// RUNS-DAG: tessel: __tessel_gather_0: 3 of 3 runs optimized
// DUMP-LABEL: func.func @__tessel_gather_0
// DUMP: %[[K:[0-9]+]] = affine.load %{{.*}} : memref<?xi32>
// DUMP: %[[W:[0-9]+]] = arith.extui %[[K]] : i32 to i64
// DUMP: %[[I:[0-9]+]] = arith.index_castui %[[W]] : i64 to index
// DUMP: memref.load %{{.*}}[%[[I]]] : memref<?xf64>
__attribute__((noinline)) void gather(int n, double y[restrict n], const double A[restrict n][n],
                                      const double x[restrict], const unsigned col[restrict n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[col[j]];
}

// A rotated row, (i + j) % n: `srem` of a non-negative value is non-negative. A's
// rows are n long (its affine access says so), and the offset is split by n into
// the two subscripts, so the check requires n > 0 (zero-extended: clang knows n is
// not negative where the loop runs).
// CHECK: non-affine-subscripts.c:[[@LINE+4]]:3: remark: run-time check of the subscripts: (zext i32 %{{[0-9]+}} to i64) sgt 0{{ }}
// CHECK: non-affine-subscripts.c:[[@LINE+3]]:3: remark: optimized SCoP of 1 statements ({{.*}}parallel loops=1
// RUNS-DAG: tessel: __tessel_rotate_0: 3 of 3 runs optimized
__attribute__((noinline)) void rotate(int n, double B[restrict n][n], const double A[restrict n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      B[i][j] = A[i][(i + j) % n] * 0.5 + A[j][i];
}

// A scatter into row i: the store may write any element of B, in any row, so two
// iterations may write one element and the last must stay last. No loop is
// parallel and the cost model keeps the nest; the isl preset regenerates it.
// CHECK: non-affine-subscripts.c:[[@LINE+4]]:3: remark: loop nest left alone: the core kept the original schedule
// ISL-RUNS-DAG: tessel: __tessel_scatter_0: 3 of 3 runs optimized
__attribute__((noinline)) void scatter(int n, double B[restrict n][n], const double A[restrict n][n],
                                       const unsigned col[restrict n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      B[i][col[j]] = A[i][j] + 1.0;
}

// Row i reads row i - 1 through a permutation. Over-approximated, that read covers
// all of B, the row being written too: nothing is parallel (at n = 1 the nest is
// not entered: 2 runs).
// CHECK: non-affine-subscripts.c:[[@LINE+4]]:3: remark: loop nest left alone: the core kept the original schedule
// ISL-RUNS-DAG: tessel: __tessel_chained_0: 2 of 2 runs optimized
__attribute__((noinline)) void chained(int n, double B[restrict n][n], const double A[restrict n][n],
                                       const unsigned col[restrict n]) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n; j++)
      B[i][j] = B[i - 1][col[j]] * 0.5 + A[j][i];
}

// A square subscript of a global: x[i * i]. ScalarEvolution's form of it is a
// quadratic recurrence, computed from the counter as k + k (k - 1), and the GEP's
// index (`mul nsw` of i by itself) is never negative.
// CHECK: non-affine-subscripts.c:[[@LINE+6]]:3: remark: optimized SCoP of 1 statements ({{.*}}parallel loops=1
// RUNS-DAG: tessel: __tessel_square_0: 3 of 3 runs optimized
// DUMP-LABEL: func.func @__tessel_square_0
// DUMP: arith.select
double squares[4096];
__attribute__((noinline)) void square(int n, double B[restrict n][n]) {
  for (int i = 0; i < n && i < 64; i++)
    for (int j = 0; j < n; j++)
      B[j][i] = squares[i * i] + B[j][i];
}

// An `int` table: its entries may be negative, and an offset below x's base
// (legal C off a pointer into an array) would be poison in the memref lowering.
// CHECK: non-affine-subscripts.c:[[@LINE+5]]:{{[0-9]+}}: remark: loop nest left alone: an array subscript is not affine, and the address may be below the array's base
__attribute__((noinline)) void signed_index(int n, double y[restrict n], const double A[restrict n][n],
                                            const double x[restrict], const int col[restrict n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[col[j]];
}

// Plain pointers: alias analysis can't tell x from y, and x has no byte range for
// the check to compare.
// CHECK: non-affine-subscripts.c:[[@LINE+2]]:3: remark: loop nest left alone: an access with no affine subscripts, to an array that may overlap another the nest writes
__attribute__((noinline)) void may_overlap(int n, double *y, const double *A, const double *x, const unsigned *col) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      y[i] += A[i * 64 + j] * x[col[j]];
}

int main(int argc, char **argv) {
  int sizes[] = {1, 9, 70};
  int extra = argc > 1 ? atoi(argv[1]) : 0;
  for (int k = 0; k < 4096; k++)
    squares[k] = (double)(k % 13) / 12.0;
  for (int s = 0; s < 3; s++) {
    int n = sizes[s] + extra;
    size_t count = (size_t)n * n;
    double *a = malloc(count * sizeof *a), *b = malloc(count * sizeof *b);
    double *y = malloc(n * sizeof *y), *x = malloc(count * sizeof *x);
    unsigned *col = malloc(n * sizeof *col);
    int *icol = malloc(n * sizeof *icol);
    for (size_t i = 0; i < count; i++) {
      a[i] = (double)(i % 7) / 6.0;
      b[i] = (double)(i % 11) / 10.0;
      x[i] = (double)(i % 5) / 4.0;
    }
    for (int i = 0; i < n; i++) {
      y[i] = i * 0.25;
      col[i] = (unsigned)((i * 7 + 3) % n);
      icol[i] = (i * 5 + 1) % n;
    }
    gather(n, y, (void *)a, x, col);
    rotate(n, (void *)b, (void *)a);
    scatter(n, (void *)b, (void *)a, col);
    chained(n, (void *)b, (void *)a, col);
    square(n, (void *)a);
    signed_index(n, y, (void *)a, x, icol);
    if (n <= 64)
      may_overlap(n, y, a, x, col);
    printf("%d %llx %llx %llx\n", n, hash(a, count), hash(b, count), hash(y, n));
    free(a);
    free(b);
    free(y);
    free(x);
    free(col);
    free(icol);
  }
  return 0;
}
