/* PolyBench/C 4.2 durbin: Levinson-Durbin recursion. z is a local array, as in
   PolyBench (there of the compile-time size N; here a VLA of n).
   Restrict style: heap arrays passed as `double *restrict`; z stays a local VLA. */
#include "tessel_c.h"

static void init_array(int n, double *restrict r)
{
  int i;

  for (i = 0; i < n; i++)
    r[i] = (n+1-i);
}

static void kernel_durbin(int n, const double *restrict r, double *restrict y)
{
  double z[n];
  double alpha;
  double beta;
  double sum;

  int i, k;

  y[0] = -r[0];
  beta = 1.0;
  alpha = -r[0];

  for (k = 1; k < n; k++) {
    beta = (1-alpha*alpha)*beta;
    sum = 0.0;
    for (i = 0; i < k; i++)
      sum += r[k-i-1]*y[i];
    alpha = - (r[k] + sum)/beta;

    for (i = 0; i < k; i++)
      z[i] = y[i] + alpha*y[k-i-1];
    for (i = 0; i < k; i++)
      y[i] = z[i];
    y[k] = alpha;
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int n = s0;
  double *r = tessel_alloc(sizeof(double) * n);
  double *y = tessel_alloc(sizeof(double) * n);
  (void) s1; (void) s2; (void) s3; (void) s4;

  init_array(n, r);
  tessel_timer_start();
  kernel_durbin(n, r, y);
  tessel_timer_stop();
  hash_f64_1d(n, y);
  free(r);
  free(y);
}
