/* PolyBench/C 4.2 heat-3d: 3D heat equation, alternating between A and B.
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int n, double *restrict A, double *restrict B)
{
  int i, j, k;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < n; k++)
        A[(i*n + j)*n + k] = B[(i*n + j)*n + k] = (double) (i + j + (n-k))*10/(n);
}

static void kernel_heat_3d(int tsteps, int n, double *restrict A, double *restrict B)
{
  int t, i, j, k;

  for (t = 1; t <= tsteps; t++) {
    for (i = 1; i < n-1; i++) {
      for (j = 1; j < n-1; j++) {
        for (k = 1; k < n-1; k++) {
          B[(i*n + j)*n + k] =
                 0.125 * (A[((i+1)*n + j)*n + k] - 2.0 * A[(i*n + j)*n + k]
                          + A[((i-1)*n + j)*n + k])
               + 0.125 * (A[(i*n + j+1)*n + k] - 2.0 * A[(i*n + j)*n + k]
                          + A[(i*n + j-1)*n + k])
               + 0.125 * (A[(i*n + j)*n + k+1] - 2.0 * A[(i*n + j)*n + k]
                          + A[(i*n + j)*n + k-1])
               + A[(i*n + j)*n + k];
        }
      }
    }
    for (i = 1; i < n-1; i++) {
      for (j = 1; j < n-1; j++) {
        for (k = 1; k < n-1; k++) {
          A[(i*n + j)*n + k] =
                 0.125 * (B[((i+1)*n + j)*n + k] - 2.0 * B[(i*n + j)*n + k]
                          + B[((i-1)*n + j)*n + k])
               + 0.125 * (B[(i*n + j+1)*n + k] - 2.0 * B[(i*n + j)*n + k]
                          + B[(i*n + j-1)*n + k])
               + 0.125 * (B[(i*n + j)*n + k+1] - 2.0 * B[(i*n + j)*n + k]
                          + B[(i*n + j)*n + k-1])
               + B[(i*n + j)*n + k];
        }
      }
    }
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int tsteps = s0, n = s1;
  double *A = tessel_alloc(sizeof(double) * n * n * n);
  double *B = tessel_alloc(sizeof(double) * n * n * n);
  (void) s2; (void) s3; (void) s4;

  init_array(n, A, B);
  tessel_timer_start();
  kernel_heat_3d(tsteps, n, A, B);
  tessel_timer_stop();
  hash_f64_3d(n, n, n, A);
  free(A);
  free(B);
}
