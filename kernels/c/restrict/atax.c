/* PolyBench/C 4.2 atax: y := A^T * (A * x).
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int m, int n, double *restrict A, double *restrict x)
{
  int i, j;
  double fn;

  fn = (double) n;
  for (i = 0; i < n; i++)
    x[i] = 1 + (i / fn);
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++)
      A[i*n + j] = (double) ((i+j) % n) / (5*m);
}

static void kernel_atax(int m, int n, const double *restrict A, const double *restrict x,
                        double *restrict y, double *restrict tmp)
{
  for (int i = 0; i < n; i++)
    y[i] = 0;
  for (int i = 0; i < m; i++) {
    tmp[i] = 0.0;
    for (int j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i*n + j] * x[j];
    for (int j = 0; j < n; j++)
      y[j] = y[j] + A[i*n + j] * tmp[i];
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int m = s0, n = s1;
  double *A = tessel_alloc(sizeof(double) * m * n);
  double *x = tessel_alloc(sizeof(double) * n);
  double *y = tessel_alloc(sizeof(double) * n);
  double *tmp = tessel_alloc(sizeof(double) * m);
  (void) s2; (void) s3; (void) s4;

  init_array(m, n, A, x);
  tessel_timer_start();
  kernel_atax(m, n, A, x, y, tmp);
  tessel_timer_stop();
  hash_f64_1d(n, y);
  free(A);
  free(x);
  free(y);
  free(tmp);
}
