/* PolyBench/C 4.2 mvt: x1 := x1 + A*y_1, x2 := x2 + A^T*y_2. */
#include "tessel_c.h"

static void init_array(int n, double x1[n], double x2[n], double y_1[n], double y_2[n],
                       double A[n][n])
{
  int i, j;

  for (i = 0; i < n; i++) {
    x1[i] = (double) (i % n) / n;
    x2[i] = (double) ((i + 1) % n) / n;
    y_1[i] = (double) ((i + 3) % n) / n;
    y_2[i] = (double) ((i + 4) % n) / n;
    for (j = 0; j < n; j++)
      A[i][j] = (double) (i*j % n) / n;
  }
}

static void kernel_mvt(int n, double x1[n], double x2[n], double y_1[n], double y_2[n],
                       double A[n][n])
{
  int i, j;

#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x1[i] = x1[i] + A[i][j] * y_1[j];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x2[i] = x2[i] + A[j][i] * y_2[j];
#pragma endscop
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int n = s0;
  double (*A)[n] = tessel_alloc(sizeof(double[n][n]));
  double *x1 = tessel_alloc(sizeof(double[n]));
  double *x2 = tessel_alloc(sizeof(double[n]));
  double *y_1 = tessel_alloc(sizeof(double[n]));
  double *y_2 = tessel_alloc(sizeof(double[n]));
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
