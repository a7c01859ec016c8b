/* PolyBench/C 4.2 covariance: covariance matrix of n observations of m variables. */
#include "tessel_c.h"

static void init_array(int m, int n, double *float_n, double data[n][m])
{
  int i, j;

  *float_n = (double) n;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i][j] = ((double) i*j) / m;
}

static void kernel_covariance(int m, int n, double float_n, double data[n][m],
                              double cov[m][m], double mean[m])
{
  int i, j, k;

#pragma scop
  for (j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }

  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i][j] -= mean[j];

  for (i = 0; i < m; i++)
    for (j = i; j < m; j++) {
      cov[i][j] = 0.0;
      for (k = 0; k < n; k++)
        cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (float_n - 1.0);
      cov[j][i] = cov[i][j];
    }
#pragma endscop
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int m = s0, n = s1;
  double float_n;
  double (*data)[m] = tessel_alloc(sizeof(double[n][m]));
  double (*cov)[m] = tessel_alloc(sizeof(double[m][m]));
  double *mean = tessel_alloc(sizeof(double[m]));
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
