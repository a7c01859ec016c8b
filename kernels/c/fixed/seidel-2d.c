/* PolyBench/C 4.2 seidel-2d: 2D Gauss-Seidel stencil, in place.
   Fixed-size style: global arrays whose sizes are compile-time constants, used
   directly by the kernel; the loops run to the constants.
   Sizes: -DTESSEL_S0..S1 (suite.build_c). */
#include "tessel_c_fixed.h"

#define TSTEPS TESSEL_S0
#define N TESSEL_S1

static double A[N][N];

static void init_array(int n)
{
  int i, j;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = ((double) i*(j+2) + 2) / n;
}

static void kernel_seidel_2d(void)
{
  int t, i, j;

  for (t = 0; t <= TSTEPS - 1; t++)
    for (i = 1; i <= N - 2; i++)
      for (j = 1; j <= N - 2; j++)
        A[i][j] = (A[i-1][j-1] + A[i-1][j] + A[i-1][j+1]
                   + A[i][j-1] + A[i][j] + A[i][j+1]
                   + A[i+1][j-1] + A[i+1][j] + A[i+1][j+1])/9.0;
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array(N);
  tessel_timer_start();
  kernel_seidel_2d();
  tessel_timer_stop();
  hash_f64_2d(N, N, A);
}
