/* PolyBench/C 4.2 lu: LU decomposition without pivoting, in place. */
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

static void kernel_lu(int n, double A[n][n])
{
  int i, j, k;

#pragma scop
  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      for (k = 0; k < j; k++) {
        A[i][j] -= A[i][k] * A[k][j];
      }
      A[i][j] /= A[j][j];
    }
    for (j = i; j < n; j++) {
      for (k = 0; k < i; k++) {
        A[i][j] -= A[i][k] * A[k][j];
      }
    }
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
  kernel_lu(n, A);
  tessel_timer_stop();
  hash_f64_2d(n, n, A);
  free(A);
}
