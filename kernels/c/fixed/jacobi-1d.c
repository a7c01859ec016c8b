/* PolyBench/C 4.2 jacobi-1d: 1D Jacobi stencil, alternating between A and B.
   Fixed-size style: global arrays whose sizes are compile-time constants, used
   directly by the kernel (no array parameters); the loops run to the constants.
   Sizes: -DTESSEL_S0..S1 (suite.build_c). */
#include "tessel_c_fixed.h"

#define TSTEPS TESSEL_S0
#define N TESSEL_S1

static double A[N];
static double B[N];

static void init_array(void)
{
  int i;

  for (i = 0; i < N; i++) {
    A[i] = ((double) i+ 2) / N;
    B[i] = ((double) i+ 3) / N;
  }
}

static void kernel_jacobi_1d(void)
{
  int t, i;

  for (t = 0; t < TSTEPS; t++) {
    for (i = 1; i < N - 1; i++)
      B[i] = 0.33333 * (A[i-1] + A[i] + A[i + 1]);
    for (i = 1; i < N - 1; i++)
      A[i] = 0.33333 * (B[i-1] + B[i] + B[i + 1]);
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array();
  tessel_timer_start();
  kernel_jacobi_1d();
  tessel_timer_stop();
  hash_f64_1d(N, A);
}
