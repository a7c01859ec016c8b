/* PolyBench/C 4.2 covariance: covariance matrix of n observations of m variables.
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int m, int n, double *float_n, double *restrict data)
{
  int i, j;

  *float_n = (double) n;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i*m + j] = ((double) i*j) / m;
}

static void kernel_covariance(int m, int n, double float_n, double *restrict data,
                              double *restrict cov, double *restrict mean)
{
  for (int j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < n; i++)
      mean[j] += data[i*m + j];
    mean[j] /= float_n;
  }

  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      data[i*m + j] -= mean[j];

  for (int i = 0; i < m; i++)
    for (int j = i; j < m; j++) {
      cov[i*m + j] = 0.0;
      for (int k = 0; k < n; k++)
        cov[i*m + j] += data[k*m + i] * data[k*m + j];
      cov[i*m + j] /= (float_n - 1.0);
      cov[j*m + i] = cov[i*m + j];
    }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int m = s0, n = s1;
  double float_n;
  double *data = tessel_alloc(sizeof(double) * n * m);
  double *cov = tessel_alloc(sizeof(double) * m * m);
  double *mean = tessel_alloc(sizeof(double) * m);
  (void) s2; (void) s3; (void) s4;

  init_array(m, n, &float_n, data);
  tessel_timer_start();
  kernel_covariance(m, n, float_n, data, cov, mean);
  tessel_timer_stop();
  hash_f64_2d(m, m, cov);
  free(data);
  free(cov);
  free(mean);
}
