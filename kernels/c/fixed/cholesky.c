/* PolyBench/C 4.2 cholesky: A = L*L^T, L in the lower triangle of A.
   PolyBench's print_array dumps the lower triangle only; the whole array is
   hashed, as in kernels/cholesky.mlir (the upper triangle is init's).
   Fixed-size style: global arrays whose sizes are compile-time constants, used
   directly by the kernel (no array parameters); the loops run to the constants.
   Sizes: -DTESSEL_S0 (suite.build_c). */
#include "tessel_c_fixed.h"

#define N TESSEL_S0

static double A[N][N];
static double B[N][N]; /* init_array's temporary */

static void init_array(void)
{
  int i, j;

  for (i = 0; i < N; i++) {
    for (j = 0; j <= i; j++)
      A[i][j] = (double) (-j % N) / N + 1;
    for (j = i+1; j < N; j++)
      A[i][j] = 0;
    A[i][i] = 1;
  }

  /* Make the matrix positive semi-definite. */
  int r, s, t;
  for (r = 0; r < N; ++r)
    for (s = 0; s < N; ++s)
      B[r][s] = 0;
  for (t = 0; t < N; ++t)
    for (r = 0; r < N; ++r)
      for (s = 0; s < N; ++s)
        B[r][s] += A[r][t] * A[s][t];
  for (r = 0; r < N; ++r)
    for (s = 0; s < N; ++s)
      A[r][s] = B[r][s];
}

static void kernel_cholesky(void)
{
  int i, j, k;

  for (i = 0; i < N; i++) {
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
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array();
  tessel_timer_start();
  kernel_cholesky();
  tessel_timer_stop();
  hash_f64_2d(N, N, A);
}
