/* PolyBench/C 4.2 gemver: vector multiplication and matrix addition.
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int n, double *alpha, double *beta, double *restrict A,
                       double *restrict u1, double *restrict v1, double *restrict u2,
                       double *restrict v2, double *restrict w, double *restrict x,
                       double *restrict y, double *restrict z)
{
  int i, j;

  *alpha = 1.5;
  *beta = 1.2;

  double fn = (double) n;

  for (i = 0; i < n; i++) {
    u1[i] = i;
    u2[i] = ((i+1)/fn)/2.0;
    v1[i] = ((i+1)/fn)/4.0;
    v2[i] = ((i+1)/fn)/6.0;
    y[i] = ((i+1)/fn)/8.0;
    z[i] = ((i+1)/fn)/9.0;
    x[i] = 0.0;
    w[i] = 0.0;
    for (j = 0; j < n; j++)
      A[i*n + j] = (double) (i*j % n) / n;
  }
}

static void kernel_gemver(int n, double alpha, double beta, double *restrict A,
                          const double *restrict u1, const double *restrict v1,
                          const double *restrict u2, const double *restrict v2,
                          double *restrict w, double *restrict x,
                          const double *restrict y, const double *restrict z)
{
  int i, j;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i*n + j] = A[i*n + j] + u1[i] * v1[j] + u2[i] * v2[j];

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x[i] = x[i] + beta * A[j*n + i] * y[j];

  for (i = 0; i < n; i++)
    x[i] = x[i] + z[i];

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      w[i] = w[i] + alpha * A[i*n + j] * x[j];
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int n = s0;
  double alpha, beta;
  double *A = tessel_alloc(sizeof(double) * n * n);
  double *u1 = tessel_alloc(sizeof(double) * n);
  double *v1 = tessel_alloc(sizeof(double) * n);
  double *u2 = tessel_alloc(sizeof(double) * n);
  double *v2 = tessel_alloc(sizeof(double) * n);
  double *w = tessel_alloc(sizeof(double) * n);
  double *x = tessel_alloc(sizeof(double) * n);
  double *y = tessel_alloc(sizeof(double) * n);
  double *z = tessel_alloc(sizeof(double) * n);
  (void) s1; (void) s2; (void) s3; (void) s4;

  init_array(n, &alpha, &beta, A, u1, v1, u2, v2, w, x, y, z);
  tessel_timer_start();
  kernel_gemver(n, alpha, beta, A, u1, v1, u2, v2, w, x, y, z);
  tessel_timer_stop();
  hash_f64_1d(n, w);
  free(A);
  free(u1);
  free(v1);
  free(u2);
  free(v2);
  free(w);
  free(x);
  free(y);
  free(z);
}
