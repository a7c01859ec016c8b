/* PolyBench/C 4.2 cholesky: A = L*L^T, L in the lower triangle of A.
   PolyBench's print_array dumps the lower triangle only; the whole array is
   hashed, as in kernels/cholesky.mlir (the upper triangle is init's). */
#include "tessel_c.h"

static void init_array(int n, double A[n][n])
{
  int i, j;

  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      A[i][j] = (double) (-j % n) / n + 1;
    for (j = i+1; j < n; j++)
      A[i][j] = 0;
    A[i][i] = 1;
  }

  /* Make the matrix positive semi-definite. */
  int r, s, t;
  double (*B)[n] = tessel_alloc(sizeof(double[n][n]));
  for (r = 0; r < n; ++r)
    for (s = 0; s < n; ++s)
      B[r][s] = 0;
  for (t = 0; t < n; ++t)
    for (r = 0; r < n; ++r)
      for (s = 0; s < n; ++s)
        B[r][s] += A[r][t] * A[s][t];
  for (r = 0; r < n; ++r)
    for (s = 0; s < n; ++s)
      A[r][s] = B[r][s];
  free(B);
}

static void kernel_cholesky(int n, double A[n][n])
{
  int i, j, k;

#pragma scop
  for (i = 0; i < n; i++) {
    /* j < i */
    for (j = 0; j < i; j++) {
      for (k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
    /* i == j case */
    for (k = 0; k < i; k++)
      A[i][i] -= A[i][k] * A[i][k];
    A[i][i] = sqrt(A[i][i]);
  }
#pragma endscop
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int n = s0;
  double (*A)[n] = tessel_alloc(sizeof(double[n][n]));
  (void) s1; (void) s2; (void) s3; (void) s4;

  init_array(n, A);
  tessel_timer_start();
  kernel_cholesky(n, A);
  tessel_timer_stop();
  hash_f64_2d(n, n, A);
  free(A);
}
