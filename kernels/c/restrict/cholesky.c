/* PolyBench/C 4.2 cholesky: A = L*L^T, L in the lower triangle of A.
   PolyBench's print_array dumps the lower triangle only; the whole array is
   hashed, as in kernels/cholesky.mlir (the upper triangle is init's).
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

static void kernel_cholesky(int n, double *restrict A)
{
  for (int i = 0; i < n; i++) {
    /* j < i */
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i*n + j] -= A[i*n + k] * A[j*n + k];
      A[i*n + j] /= A[j*n + j];
    }
    /* i == j case */
    for (int k = 0; k < i; k++)
      A[i*n + i] -= A[i*n + k] * A[i*n + k];
    A[i*n + i] = sqrt(A[i*n + i]);
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int n = s0;
  double *A = tessel_alloc(sizeof(double) * n * n);
  (void) s1; (void) s2; (void) s3; (void) s4;

  init_array(n, A);
  tessel_timer_start();
  kernel_cholesky(n, A);
  tessel_timer_stop();
  hash_f64_2d(n, n, A);
  free(A);
}
