/* PolyBench/C 4.2 atax: y := A^T * (A * x). */
#include "tessel_c.h"

static void init_array(int m, int n, double A[m][n], double x[n])
{
  int i, j;
  double fn;

  fn = (double) n;
  for (i = 0; i < n; i++)
    x[i] = 1 + (i / fn);
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++)
      A[i][j] = (double) ((i+j) % n) / (5*m);
}

static void kernel_atax(int m, int n, double A[m][n], double x[n], double y[n], double tmp[m])
{
  int i, j;

#pragma scop
  for (i = 0; i < n; i++)
    y[i] = 0;
  for (i = 0; i < m; i++) {
    tmp[i] = 0.0;
    for (j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
#pragma endscop
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int m = s0, n = s1;
  double (*A)[n] = tessel_alloc(sizeof(double[m][n]));
  double *x = tessel_alloc(sizeof(double[n]));
  double *y = tessel_alloc(sizeof(double[n]));
  double *tmp = tessel_alloc(sizeof(double[m]));
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
