/* PolyBench/C 4.2 ludcmp: LU decomposition, then forward and backward substitution. */
#include "tessel_c.h"

static void init_array(int n, double A[n][n], double b[n], double x[n], double y[n])
{
  int i, j;
  double fn = (double) n;

  for (i = 0; i < n; i++) {
    x[i] = 0;
    y[i] = 0;
    b[i] = (i+1)/fn/2.0 + 4;
  }

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

static void kernel_ludcmp(int n, double A[n][n], double b[n], double x[n], double y[n])
{
  int i, j, k;

  double w;

#pragma scop
  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      w = A[i][j];
      for (k = 0; k < j; k++) {
        w -= A[i][k] * A[k][j];
      }
      A[i][j] = w / A[j][j];
    }
    for (j = i; j < n; j++) {
      w = A[i][j];
      for (k = 0; k < i; k++) {
        w -= A[i][k] * A[k][j];
      }
      A[i][j] = w;
    }
  }

  for (i = 0; i < n; i++) {
    w = b[i];
    for (j = 0; j < i; j++)
      w -= A[i][j] * y[j];
    y[i] = w;
  }

  for (i = n-1; i >= 0; i--) {
    w = y[i];
    for (j = i+1; j < n; j++)
      w -= A[i][j] * x[j];
    x[i] = w / A[i][i];
  }
#pragma endscop
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int n = s0;
  double (*A)[n] = tessel_alloc(sizeof(double[n][n]));
  double *b = tessel_alloc(sizeof(double[n]));
  double *x = tessel_alloc(sizeof(double[n]));
  double *y = tessel_alloc(sizeof(double[n]));
  (void) s1; (void) s2; (void) s3; (void) s4;

  init_array(n, A, b, x, y);
  tessel_timer_start();
  kernel_ludcmp(n, A, b, x, y);
  tessel_timer_stop();
  hash_f64_1d(n, x);
  free(A);
  free(b);
  free(x);
  free(y);
}
