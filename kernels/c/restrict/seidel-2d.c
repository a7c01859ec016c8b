/* PolyBench/C 4.2 seidel-2d: 2D Gauss-Seidel stencil, in place.
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int n, double *restrict A)
{
  int i, j;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i*n + j] = ((double) i*(j+2) + 2) / n;
}

static void kernel_seidel_2d(int tsteps, int n, double *restrict A)
{
  int t, i, j;

  for (t = 0; t <= tsteps - 1; t++)
    for (i = 1; i <= n - 2; i++)
      for (j = 1; j <= n - 2; j++)
        A[i*n + j] = (A[(i-1)*n + j-1] + A[(i-1)*n + j] + A[(i-1)*n + j+1]
                      + A[i*n + j-1] + A[i*n + j] + A[i*n + j+1]
                      + A[(i+1)*n + j-1] + A[(i+1)*n + j] + A[(i+1)*n + j+1])/9.0;
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int tsteps = s0, n = s1;
  double *A = tessel_alloc(sizeof(double) * n * n);
  (void) s2; (void) s3; (void) s4;

  init_array(n, A);
  tessel_timer_start();
  kernel_seidel_2d(tsteps, n, A);
  tessel_timer_stop();
  hash_f64_2d(n, n, A);
  free(A);
}
