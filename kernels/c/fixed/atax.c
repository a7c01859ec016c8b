/* PolyBench/C 4.2 atax: y := A^T * (A * x).
   Fixed-size style: global arrays whose sizes are compile-time constants, used
   directly by the kernel (no array parameters); the loops run to the constants.
   Sizes: -DTESSEL_S0..S1 (suite.build_c). */
#include "tessel_c_fixed.h"

#define M TESSEL_S0
#define N TESSEL_S1

static double A[M][N];
static double x[N];
static double y[N];
static double tmp[M];

static void init_array(void)
{
  int i, j;
  double fn;

  fn = (double) N;
  for (i = 0; i < N; i++)
    x[i] = 1 + (i / fn);
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      A[i][j] = (double) ((i+j) % N) / (5*M);
}

static void kernel_atax(void)
{
  int i, j;

  for (i = 0; i < N; i++)
    y[i] = 0;
  for (i = 0; i < M; i++) {
    tmp[i] = 0.0;
    for (j = 0; j < N; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (j = 0; j < N; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array();
  tessel_timer_start();
  kernel_atax();
  tessel_timer_stop();
  hash_f64_1d(N, y);
}
