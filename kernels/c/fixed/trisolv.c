/* PolyBench/C 4.2 trisolv: solve L x = b by forward substitution.
   Fixed-size style: global arrays whose sizes are compile-time constants, used
   directly by the kernel; the loops run to the constants.
   Sizes: -DTESSEL_S0 (suite.build_c). */
#include "tessel_c_fixed.h"

#define N TESSEL_S0

static double L[N][N];
static double x[N];
static double b[N];

static void init_array(int n)
{
  int i, j;

  for (i = 0; i < n; i++) {
    x[i] = - 999;
    b[i] = i;
    for (j = 0; j <= i; j++)
      L[i][j] = (double) (i+n-j+1)*2/n;
  }
}

static void kernel_trisolv(void)
{
  int i, j;

  for (i = 0; i < N; i++) {
    x[i] = b[i];
    for (j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array(N);
  tessel_timer_start();
  kernel_trisolv();
  tessel_timer_stop();
  hash_f64_1d(N, x);
}
