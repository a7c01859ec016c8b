// C loop nests that index arrays by hand in `int` arithmetic.
//
// A diagonal indexed by hand in `int` (`L[i*n + i]`) reaches the plugin as
// `sext (i * (n + 1))`: InstCombine factored `i*n + i` and dropped its `nsw`, so
// SCEV keeps the sign extension of `{0,+,(1 + n)}`, which delinearization can't see
// through, and the nest used to be left alone ("an array subscript is not affine").
// The extension is now taken over the widened operands, `{0,+,(1 + n)}` in 64 bits,
// which is [i][i] with row size n, and the run-time check requires the value to stay
// in `int`'s range: its greatest value over the nest, (n - 1) * (n + 1), at most
// 2147483647. The row size `n` is zero-extended elsewhere (indvars) and sign-extended
// here; inside the nest n > 0, so both are one size.
//
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessel -Rpass=tessel -Rpass-missed=tessel %s -o %t.tessel %openmp_link 2>&1 | FileCheck %s
// RUN: %clang -O3 -c -fpass-plugin=%tessel -Rpass-analysis=tessel %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ANALYSIS
// RUN: %clang -O3 -fopenmp %s -o %t.plain %openmp_link
// RUN: %t.plain > %t.plain.out
// RUN: %t.tessel > %t.tessel.out && diff %t.plain.out %t.tessel.out

#include <stdio.h>
#include <stdlib.h>

// lu, restrict pointer, manual indexing.
// CHECK-NOT: int-subscripts.c:[[@LINE+4]]:{{.*}}left alone
// CHECK: int-subscripts.c:[[@LINE+3]]:3: remark: optimized SCoP of 3 statements
// ANALYSIS: int-subscripts.c:[[@LINE+2]]:3: remark: run-time check of the subscripts: {{.*}}((1 + (zext i32 %[[N:[0-9]+]] to i64)){{.*}} * (-1 + (zext i32 %[[N]] to i64)){{.*}}) sle 2147483647
__attribute__((noinline)) void lu(int n, double *restrict A) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i*n + j] -= A[i*n + k] * A[k*n + j];
      A[i*n + j] /= A[j*n + j];
    }
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++)
        A[i*n + j] -= A[i*n + k] * A[k*n + j];
  }
}

// trmm, restrict pointers: the run-time check bounds the bytes each array's accesses
// touch. The greatest offset of A[k*m + i], k from i + 1 to m - 1, is reached at the
// k loop's last iteration: 8 * m * (trip count - 1) plus the start, a product of the
// row size and a trip count that depends on i. Such a product of invariant factors
// and one varying factor is bounded by the varying one's extreme (the factors' sign
// checked at run time where SCEV can't tell it); the nest used to be left alone with
// "no bounds for an address".
// CHECK-NOT: int-subscripts.c:[[@LINE+3]]:{{.*}}no bounds
// CHECK: int-subscripts.c:[[@LINE+2]]:3: remark: optimized SCoP of 2 statements
__attribute__((noinline)) void trmm(int m, int n, double alpha, const double *restrict A, double *restrict B) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      for (int k = i+1; k < m; k++)
        B[i*n + j] += A[k*m + i] * B[k*n + j];
      B[i*n + j] = alpha * B[i*n + j];
    }
}

int main(void) {
  int n = 67;
  double *A = malloc(sizeof(double) * n * n);
  // Diagonally dominant, so that no pivot is small.
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i*n + j] = i == j ? n + 1.0 : (double)((i * 7 + j * 3) % 11) / 11;
  lu(n, A);
  double sum = 0;
  for (int i = 0; i < n * n; i++)
    sum += A[i] * (i % 17 + 1);
  printf("A[0] = %g, sum = %.17g\n", A[0], sum);
  int m = 53, w = 41;
  double *B = malloc(sizeof(double) * m * w);
  for (int i = 0; i < m * w; i++)
    B[i] = (double)(i % 13) / 13;
  trmm(m, w, 1.5, A, B); // A's first m * m elements: lu's result, read only
  sum = 0;
  for (int i = 0; i < m * w; i++)
    sum += B[i] * (i % 7 + 1);
  printf("B sum = %.17g\n", sum);
  free(B);
  free(A);
  return 0;
}
