/* PolyBench/C 4.2 jacobi-1d: 1D Jacobi stencil, alternating between A and B.
   Restrict style: heap arrays passed as `double *restrict`. */
#include "tessel_c.h"

static void init_array(int n, double *restrict A, double *restrict B)
{
  int i;

  for (i = 0; i < n; i++) {
    A[i] = ((double) i+ 2) / n;
    B[i] = ((double) i+ 3) / n;
  }
}

static void kernel_jacobi_1d(int tsteps, int n, double *restrict A, double *restrict B)
{
  int t, i;

  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      B[i] = 0.33333 * (A[i-1] + A[i] + A[i + 1]);
    for (i = 1; i < n - 1; i++)
      A[i] = 0.33333 * (B[i-1] + B[i] + B[i + 1]);
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int tsteps = s0, n = s1;
  double *A = tessel_alloc(sizeof(double) * n);
  double *B = tessel_alloc(sizeof(double) * n);
  (void) s2; (void) s3; (void) s4;

  init_array(n, A, B);
  tessel_timer_start();
  kernel_jacobi_1d(tsteps, n, A, B);
  tessel_timer_stop();
  hash_f64_1d(n, A);
  free(A);
  free(B);
}
