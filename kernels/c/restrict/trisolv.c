/* PolyBench/C 4.2 trisolv: solve L x = b by forward substitution.
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int n, double *restrict L, double *restrict x, double *restrict b)
{
  int i, j;

  for (i = 0; i < n; i++) {
    x[i] = - 999;
    b[i] = i;
    for (j = 0; j <= i; j++)
      L[i*n + j] = (double) (i+n-j+1)*2/n;
  }
}

static void kernel_trisolv(int n, const double *restrict L, double *restrict x,
                           const double *restrict b)
{
  int i, j;

  for (i = 0; i < n; i++) {
    x[i] = b[i];
    for (j = 0; j < i; j++)
      x[i] -= L[i*n + j] * x[j];
    x[i] = x[i] / L[i*n + i];
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int n = s0;
  double *L = tessel_alloc(sizeof(double) * n * n);
  double *x = tessel_alloc(sizeof(double) * n);
  double *b = tessel_alloc(sizeof(double) * n);
  (void) s1; (void) s2; (void) s3; (void) s4;

  init_array(n, L, x, b);
  tessel_timer_start();
  kernel_trisolv(n, L, x, b);
  tessel_timer_stop();
  hash_f64_1d(n, x);
  free(L);
  free(x);
  free(b);
}
