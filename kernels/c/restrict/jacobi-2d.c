/* PolyBench/C 4.2 jacobi-2d: 2D Jacobi stencil, alternating between A and B.
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int n, double *restrict A, double *restrict B)
{
  int i, j;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      A[i*n + j] = ((double) i*(j+2) + 2) / n;
      B[i*n + j] = ((double) i*(j+3) + 3) / n;
    }
}

static void kernel_jacobi_2d(int tsteps, int n, double *restrict A, double *restrict B)
{
  int t, i, j;

  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i*n + j] = 0.2 * (A[i*n + j] + A[i*n + j-1] + A[i*n + 1+j] + A[(1+i)*n + j]
                            + A[(i-1)*n + j]);
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i*n + j] = 0.2 * (B[i*n + j] + B[i*n + j-1] + B[i*n + 1+j] + B[(1+i)*n + j]
                            + B[(i-1)*n + j]);
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int tsteps = s0, n = s1;
  double *A = tessel_alloc(sizeof(double) * n * n);
  double *B = tessel_alloc(sizeof(double) * n * n);
  (void) s2; (void) s3; (void) s4;

  init_array(n, A, B);
  tessel_timer_start();
  kernel_jacobi_2d(tsteps, n, A, B);
  tessel_timer_stop();
  hash_f64_2d(n, n, A);
  free(A);
  free(B);
}
