/* PolyBench/C 4.2 correlation: correlation matrix of n observations of m variables.
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int m, int n, double *float_n, double *restrict data)
{
  int i, j;

  *float_n = (double) n;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i*m + j] = (double) (i*j) / m + i;
}

static void kernel_correlation(int m, int n, double float_n, double *restrict data,
                               double *restrict corr, double *restrict mean,
                               double *restrict stddev)
{
  double eps = 0.1;

  for (int j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < n; i++)
      mean[j] += data[i*m + j];
    mean[j] /= float_n;
  }

  for (int j = 0; j < m; j++) {
    stddev[j] = 0.0;
    for (int i = 0; i < n; i++)
      stddev[j] += (data[i*m + j] - mean[j]) * (data[i*m + j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = sqrt(stddev[j]);
    /* The following in an inelegant but usual way to handle
       near-zero std. dev. values, which below would cause a zero-
       divide. */
    stddev[j] = stddev[j] <= eps ? 1.0 : stddev[j];
  }

  /* Center and reduce the column vectors. */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      data[i*m + j] -= mean[j];
      data[i*m + j] /= sqrt(float_n) * stddev[j];
    }

  /* Calculate the m * m correlation matrix. */
  for (int i = 0; i < m-1; i++) {
    corr[i*m + i] = 1.0;
    for (int j = i+1; j < m; j++) {
      corr[i*m + j] = 0.0;
      for (int k = 0; k < n; k++)
        corr[i*m + j] += (data[k*m + i] * data[k*m + j]);
      corr[j*m + i] = corr[i*m + j];
    }
  }
  corr[(m-1)*m + m-1] = 1.0;
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int m = s0, n = s1;
  double float_n;
  double *data = tessel_alloc(sizeof(double) * n * m);
  double *corr = tessel_alloc(sizeof(double) * m * m);
  double *mean = tessel_alloc(sizeof(double) * m);
  double *stddev = tessel_alloc(sizeof(double) * m);
  (void) s2; (void) s3; (void) s4;

  init_array(m, n, &float_n, data);
  tessel_timer_start();
  kernel_correlation(m, n, float_n, data, corr, mean, stddev);
  tessel_timer_stop();
  hash_f64_2d(m, m, corr);
  free(data);
  free(corr);
  free(mean);
  free(stddev);
}
