/* PolyBench/C 4.2 durbin: Levinson-Durbin recursion. z is a local array, as in
   PolyBench (there of the compile-time size N; here a VLA of n).
   Fixed-size style: global arrays whose sizes are compile-time constants, passed
   to the kernel as fixed-size array parameters; z is a local array of size N, as
   in PolyBench; the loops run to the constants. Sizes: -DTESSEL_S0 (suite.build_c). */
#include "tessel_c_fixed.h"

#define N TESSEL_S0

static double r[N];
static double y[N];

static void init_array(int n, double r[N])
{
  int i;

  for (i = 0; i < n; i++)
    r[i] = (n+1-i);
}

static void kernel_durbin(double r[N], double y[N])
{
  double z[N];
  double alpha;
  double beta;
  double sum;

  int i, k;

  y[0] = -r[0];
  beta = 1.0;
  alpha = -r[0];

  for (k = 1; k < N; k++) {
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
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array(N, r);
  tessel_timer_start();
  kernel_durbin(r, y);
  tessel_timer_stop();
  hash_f64_1d(N, y);
}
