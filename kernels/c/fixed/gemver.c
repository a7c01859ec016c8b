/* PolyBench/C 4.2 gemver: vector multiplication and matrix addition.
   Fixed-size style: global arrays whose sizes are compile-time constants, used
   directly by the kernel (no array parameters); the loops run to the constants.
   Sizes: -DTESSEL_S0 (suite.build_c). */
#include "tessel_c_fixed.h"

#define N TESSEL_S0

static double A[N][N];
static double u1[N];
static double v1[N];
static double u2[N];
static double v2[N];
static double w[N];
static double x[N];
static double y[N];
static double z[N];

static void init_array(double *alpha, double *beta)
{
  int i, j;

  *alpha = 1.5;
  *beta = 1.2;

  double fn = (double) N;

  for (i = 0; i < N; i++) {
    u1[i] = i;
    u2[i] = ((i+1)/fn)/2.0;
    v1[i] = ((i+1)/fn)/4.0;
    v2[i] = ((i+1)/fn)/6.0;
    y[i] = ((i+1)/fn)/8.0;
    z[i] = ((i+1)/fn)/9.0;
    x[i] = 0.0;
    w[i] = 0.0;
    for (j = 0; j < N; j++)
      A[i][j] = (double) (i*j % N) / N;
  }
}

static void kernel_gemver(double alpha, double beta)
{
  int i, j;

  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];

  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      x[i] = x[i] + beta * A[j][i] * y[j];

  for (i = 0; i < N; i++)
    x[i] = x[i] + z[i];

  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      w[i] = w[i] + alpha * A[i][j] * x[j];
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  double alpha, beta;
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array(&alpha, &beta);
  tessel_timer_start();
  kernel_gemver(alpha, beta);
  tessel_timer_stop();
  hash_f64_1d(N, w);
}
