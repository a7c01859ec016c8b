// A loop that carries a value and may run no iteration (`for (k = 0; k < i; k++)`
// at i = 0) reaches the plugin behind loop rotation's guard: `if (i > 0) { loop }`,
// with the carried value merged after it from its initial value and the loop's last
// value. An affine.if with results around a loop is beyond the core's model, but the
// guard says nothing the loop's own bounds don't: at i = 0 the emitted loop runs no
// iteration and yields its initial value. So the translator drops such a guard when
// the skipping side is proved to give the loop no iteration, and keeps (and refuses)
// a branch whose skipping side merges another value.
//
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessel -Rpass=tessel -Rpass-missed=tessel -Rpass-analysis=tessel %s -o %t.tessel %openmp_link 2>&1 | FileCheck %s
// RUN: %clang -O3 -fopenmp %s -o %t.plain %openmp_link
// RUN: %t.plain > %t.plain.out
// RUN: %t.tessel > %t.tessel.out && diff %t.plain.out %t.tessel.out
// RUN: FileCheck %s --check-prefix=OUT < %t.tessel.out

#include <stdio.h>
#include <stdlib.h>

// symm's shape: t starts at 0 in every (i, j) and sums i products, none at i = 0.
// CHECK-NOT: zero-trip-guard.c:[[@LINE+3]]:{{.*}}affine.if
// CHECK: zero-trip-guard.c:[[@LINE+2]]:3: remark: optimized SCoP of {{[0-9]+}} statements
__attribute__((noinline)) void carried(int n, double *restrict c, const double *restrict a, const double *restrict b) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double t = 0;
      for (int k = 0; k < i; k++)
        t += a[i * n + k] * b[k * n + j];
      c[i * n + j] = 2 * c[i * n + j] + t;
    }
}

// Here the side without the loop merges 5, not the loop's initial value 0: the branch
// is a real conditional, and the nest keeps its code with the model's reason.
// CHECK: zero-trip-guard.c:[[@LINE+3]]:3: remark: {{.*}}a conditional the model can't represent: its branches contain 'affine.for'
// CHECK: zero-trip-guard.c:[[@LINE+2]]:3: remark: loop nest left alone: the core kept the original schedule
__attribute__((noinline)) void other_value(int n, double *restrict c, const double *restrict a) {
  for (int i = 0; i < n; i++) {
    double t;
    if (i > 0) {
      t = 0;
      for (int k = 0; k < i; k++)
        t += a[i * n + k];
    } else {
      t = 5;
    }
    c[i * n] = t;
  }
}

int main(void) {
  int n = 37;
  double *a = malloc(sizeof(double) * n * n), *b = malloc(sizeof(double) * n * n);
  double *c = malloc(sizeof(double) * n * n);
  for (int i = 0; i < n * n; i++) {
    a[i] = (double)(i % 7) / 7;
    b[i] = (double)(i % 11) / 11;
    c[i] = (double)(i % 5);
  }
  carried(n, c, a, b);
  other_value(n, c, a);
  double sum = 0;
  for (int i = 0; i < n * n; i++)
    sum += c[i] * (i % 13 + 1);
  // By hand: c[0] is other_value's 5 (i = 0 merges 5); c[1] = 2 * (1 % 5) + 0 (i = 0:
  // no product); c[n+1] = 2 * (38 % 5) + a[n] * b[1] = 6 + (2/7) * (1/11) = 6 + 2/77.
  // OUT: c[0] = 5 c[1] = 2 c[n+1] = 6.025974
  printf("c[0] = %g c[1] = %g c[n+1] = %f\n", c[0], c[1], c[n + 1]);
  printf("sum = %.17g\n", sum);
  return 0;
}
