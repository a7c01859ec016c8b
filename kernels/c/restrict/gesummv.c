/* PolyBench/C 4.2 gesummv: y := alpha*A*x + beta*B*x.
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int n, double *alpha, double *beta, double *restrict A,
                       double *restrict B, double *restrict x)
{
  int i, j;

  *alpha = 1.5;
  *beta = 1.2;
  for (i = 0; i < n; i++) {
    x[i] = (double) (i % n) / n;
    for (j = 0; j < n; j++) {
      A[i*n + j] = (double) ((i*j+1) % n) / n;
      B[i*n + j] = (double) ((i*j+2) % n) / n;
    }
  }
}

static void kernel_gesummv(int n, double alpha, double beta, const double *restrict A,
                           const double *restrict B, double *restrict tmp,
                           const double *restrict x, double *restrict y)
{
  int i, j;

  for (i = 0; i < n; i++) {
    tmp[i] = 0.0;
    y[i] = 0.0;
    for (j = 0; j < n; j++) {
      tmp[i] = A[i*n + j] * x[j] + tmp[i];
      y[i] = B[i*n + j] * x[j] + y[i];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int n = s0;
  double alpha, beta;
  double *A = tessel_alloc(sizeof(double) * n * n);
  double *B = tessel_alloc(sizeof(double) * n * n);
  double *tmp = tessel_alloc(sizeof(double) * n);
  double *x = tessel_alloc(sizeof(double) * n);
  double *y = tessel_alloc(sizeof(double) * n);
  (void) s1; (void) s2; (void) s3; (void) s4;

  init_array(n, &alpha, &beta, A, B, x);
  tessel_timer_start();
  kernel_gesummv(n, alpha, beta, A, B, tmp, x, y);
  tessel_timer_stop();
  hash_f64_1d(n, y);
  free(A);
  free(B);
  free(tmp);
  free(x);
  free(y);
}
