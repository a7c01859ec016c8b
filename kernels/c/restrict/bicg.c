/* PolyBench/C 4.2 bicg: s := A^T * r, q := A * p.
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int m, int n, double *restrict A, double *restrict r,
                       double *restrict p)
{
  int i, j;

  for (i = 0; i < m; i++)
    p[i] = (double) (i % m) / m;
  for (i = 0; i < n; i++) {
    r[i] = (double) (i % n) / n;
    for (j = 0; j < m; j++)
      A[i*m + j] = (double) (i*(j+1) % n) / n;
  }
}

static void kernel_bicg(int m, int n, const double *restrict A, double *restrict s,
                        double *restrict q, const double *restrict p,
                        const double *restrict r)
{
  for (int i = 0; i < m; i++)
    s[i] = 0;
  for (int i = 0; i < n; i++) {
    q[i] = 0.0;
    for (int j = 0; j < m; j++) {
      s[j] = s[j] + r[i] * A[i*m + j];
      q[i] = q[i] + A[i*m + j] * p[j];
    }
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int m = s0, n = s1;
  double *A = tessel_alloc(sizeof(double) * n * m);
  double *s = tessel_alloc(sizeof(double) * m);
  double *q = tessel_alloc(sizeof(double) * n);
  double *p = tessel_alloc(sizeof(double) * m);
  double *r = tessel_alloc(sizeof(double) * n);
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
