/* PolyBench/C 4.2 lu: LU decomposition without pivoting, in place.
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int n, double *restrict A)
{
  int i, j;

  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      A[i*n + j] = (double) (-j % n) / n + 1;
    for (j = i+1; j < n; j++)
      A[i*n + j] = 0;
    A[i*n + i] = 1;
  }

  /* Make the matrix positive semi-definite. */
  int r, s, t;
  double *restrict B = tessel_alloc(sizeof(double) * n * n);
  for (r = 0; r < n; ++r)
    for (s = 0; s < n; ++s)
      B[r*n + s] = 0;
  for (t = 0; t < n; ++t)
    for (r = 0; r < n; ++r)
      for (s = 0; s < n; ++s)
        B[r*n + s] += A[r*n + t] * A[s*n + t];
  for (r = 0; r < n; ++r)
    for (s = 0; s < n; ++s)
      A[r*n + s] = B[r*n + s];
  free(B);
}

static void kernel_lu(int n, double *restrict A)
{
  int i, j, k;

  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      for (k = 0; k < j; k++) {
        A[i*n + j] -= A[i*n + k] * A[k*n + j];
      }
      A[i*n + j] /= A[j*n + j];
    }
    for (j = i; j < n; j++) {
      for (k = 0; k < i; k++) {
        A[i*n + j] -= A[i*n + k] * A[k*n + j];
      }
    }
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int n = s0;
  double *A = tessel_alloc(sizeof(double) * n * n);
  (void) s1; (void) s2; (void) s3; (void) s4;

  init_array(n, A);
  tessel_timer_start();
  kernel_lu(n, A);
  tessel_timer_stop();
  hash_f64_2d(n, n, A);
  free(A);
}
