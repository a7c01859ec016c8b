/* PolyBench/C 4.2 bicg: s := A^T * r, q := A * p. */
#include "tessel_c.h"

static void init_array(int m, int n, double A[n][m], double r[n], double p[m])
{
  int i, j;

  for (i = 0; i < m; i++)
    p[i] = (double) (i % m) / m;
  for (i = 0; i < n; i++) {
    r[i] = (double) (i % n) / n;
    for (j = 0; j < m; j++)
      A[i][j] = (double) (i*(j+1) % n) / n;
  }
}

static void kernel_bicg(int m, int n, double A[n][m], double s[m], double q[n],
                        double p[m], double r[n])
{
  int i, j;

#pragma scop
  for (i = 0; i < m; i++)
    s[i] = 0;
  for (i = 0; i < n; i++) {
    q[i] = 0.0;
    for (j = 0; j < m; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
#pragma endscop
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int m = s0, n = s1;
  double (*A)[m] = tessel_alloc(sizeof(double[n][m]));
  double *s = tessel_alloc(sizeof(double[m]));
  double *q = tessel_alloc(sizeof(double[n]));
  double *p = tessel_alloc(sizeof(double[m]));
  double *r = tessel_alloc(sizeof(double[n]));
  (void) s2; (void) s3; (void) s4;

  init_array(m, n, A, r, p);
  tessel_timer_start();
  kernel_bicg(m, n, A, s, q, p, r);
  tessel_timer_stop();
  hash_f64_1d(m, s);
  hash_f64_1d(n, q);
  free(A);
  free(s);
  free(q);
  free(p);
  free(r);
}
