/* PolyBench/C 4.2 covariance: covariance matrix of n observations of m variables.
   Fixed-size style: global arrays whose sizes are compile-time constants, used
   directly by the kernel (no array parameters); the loops run to the constants.
   Sizes: -DTESSEL_S0..S1 (suite.build_c). */
#include "tessel_c_fixed.h"

#define M TESSEL_S0
#define N TESSEL_S1

static double data[N][M];
static double cov[M][M];
static double mean[M];

static void init_array(double *float_n)
{
  int i, j;

  *float_n = (double) N;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      data[i][j] = ((double) i*j) / M;
}

static void kernel_covariance(double float_n)
{
  int i, j, k;

  for (j = 0; j < M; j++) {
    mean[j] = 0.0;
    for (i = 0; i < N; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }

  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      data[i][j] -= mean[j];

  for (i = 0; i < M; i++)
    for (j = i; j < M; j++) {
      cov[i][j] = 0.0;
      for (k = 0; k < N; k++)
        cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (float_n - 1.0);
      cov[j][i] = cov[i][j];
    }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  double float_n;
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array(&float_n);
  tessel_timer_start();
  kernel_covariance(float_n);
  tessel_timer_stop();
  hash_f64_2d(M, M, cov);
}
