/* PolyBench/C 4.2 correlation: correlation matrix of n observations of m variables.
   Fixed-size style: global arrays whose sizes are compile-time constants, passed
   to the kernel as fixed-size array parameters; the loops run to the constants.
   Sizes: -DTESSEL_S0..S1 (suite.build_c). */
#include "tessel_c_fixed.h"

#define M TESSEL_S0
#define N TESSEL_S1

static double data[N][M];
static double corr[M][M];
static double mean[M];
static double stddev[M];

static void init_array(int m, int n, double *float_n, double data[N][M])
{
  int i, j;

  *float_n = (double) n;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i][j] = (double) (i*j) / m + i;
}

static void kernel_correlation(double float_n, double data[N][M], double corr[M][M],
                               double mean[M], double stddev[M])
{
  int i, j, k;
  double eps = 0.1;

  for (j = 0; j < M; j++) {
    mean[j] = 0.0;
    for (i = 0; i < N; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }

  for (j = 0; j < M; j++) {
    stddev[j] = 0.0;
    for (i = 0; i < N; i++)
      stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = sqrt(stddev[j]);
    /* The following in an inelegant but usual way to handle
       near-zero std. dev. values, which below would cause a zero-
       divide. */
    stddev[j] = stddev[j] <= eps ? 1.0 : stddev[j];
  }

  /* Center and reduce the column vectors. */
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      data[i][j] -= mean[j];
      data[i][j] /= sqrt(float_n) * stddev[j];
    }

  /* Calculate the m * m correlation matrix. */
  for (i = 0; i < M-1; i++) {
    corr[i][i] = 1.0;
    for (j = i+1; j < M; j++) {
      corr[i][j] = 0.0;
      for (k = 0; k < N; k++)
        corr[i][j] += (data[k][i] * data[k][j]);
      corr[j][i] = corr[i][j];
    }
  }
  corr[M-1][M-1] = 1.0;
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  double float_n;
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array(M, N, &float_n, data);
  tessel_timer_start();
  kernel_correlation(float_n, data, corr, mean, stddev);
  tessel_timer_stop();
  hash_f64_2d(M, M, corr);
}
