/* PolyBench/C 4.2 ludcmp: LU decomposition, then forward and backward substitution.
   Fixed-size style: global arrays whose sizes are compile-time constants, passed
   to the kernel as fixed-size array parameters; the loops run to the constants.
   Sizes: -DTESSEL_S0 (suite.build_c). */
#include "tessel_c_fixed.h"

#define N TESSEL_S0

static double A[N][N];
static double b[N];
static double x[N];
static double y[N];
static double B[N][N]; /* init_array's temporary */

static void init_array(int n, double A[N][N], double b[N], double x[N], double y[N])
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
}

static void kernel_ludcmp(double A[N][N], double b[N], double x[N], double y[N])
{
  int i, j, k;

  double w;

  for (i = 0; i < N; i++) {
    for (j = 0; j < i; j++) {
      w = A[i][j];
      for (k = 0; k < j; k++) {
        w -= A[i][k] * A[k][j];
      }
      A[i][j] = w / A[j][j];
    }
    for (j = i; j < N; j++) {
      w = A[i][j];
      for (k = 0; k < i; k++) {
        w -= A[i][k] * A[k][j];
      }
      A[i][j] = w;
    }
  }

  for (i = 0; i < N; i++) {
    w = b[i];
    for (j = 0; j < i; j++)
      w -= A[i][j] * y[j];
    y[i] = w;
  }

  for (i = N-1; i >= 0; i--) {
    w = y[i];
    for (j = i+1; j < N; j++)
      w -= A[i][j] * x[j];
    x[i] = w / A[i][i];
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array(N, A, b, x, y);
  tessel_timer_start();
  kernel_ludcmp(A, b, x, y);
  tessel_timer_stop();
  hash_f64_1d(N, x);
}
