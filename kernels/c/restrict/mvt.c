/* PolyBench/C 4.2 mvt: x1 := x1 + A*y_1, x2 := x2 + A^T*y_2.
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int n, double *restrict x1, double *restrict x2,
                       double *restrict y_1, double *restrict y_2, double *restrict A)
{
  int i, j;

  for (i = 0; i < n; i++) {
    x1[i] = (double) (i % n) / n;
    x2[i] = (double) ((i + 1) % n) / n;
    y_1[i] = (double) ((i + 3) % n) / n;
    y_2[i] = (double) ((i + 4) % n) / n;
    for (j = 0; j < n; j++)
      A[i*n + j] = (double) (i*j % n) / n;
  }
}

static void kernel_mvt(int n, double *restrict x1, double *restrict x2,
                       const double *restrict y_1, const double *restrict y_2,
                       const double *restrict A)
{
  int i, j;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x1[i] = x1[i] + A[i*n + j] * y_1[j];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x2[i] = x2[i] + A[j*n + i] * y_2[j];
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int n = s0;
  double *A = tessel_alloc(sizeof(double) * n * n);
  double *x1 = tessel_alloc(sizeof(double) * n);
  double *x2 = tessel_alloc(sizeof(double) * n);
  double *y_1 = tessel_alloc(sizeof(double) * n);
  double *y_2 = tessel_alloc(sizeof(double) * n);
  (void) s1; (void) s2; (void) s3; (void) s4;

  init_array(n, x1, x2, y_1, y_2, A);
  tessel_timer_start();
  kernel_mvt(n, x1, x2, y_1, y_2, A);
  tessel_timer_stop();
  hash_f64_1d(n, x1);
  hash_f64_1d(n, x2);
  free(A);
  free(x1);
  free(x2);
  free(y_1);
  free(y_2);
}
