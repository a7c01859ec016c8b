/* PolyBench/C 4.2 ludcmp: LU decomposition, then forward and backward substitution.
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int n, double *restrict A, double *restrict b, double *restrict x,
                       double *restrict y)
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

static void kernel_ludcmp(int n, double *restrict A, const double *restrict b,
                          double *restrict x, double *restrict y)
{
  int i, j, k;

  double w;

  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      w = A[i*n + j];
      for (k = 0; k < j; k++) {
        w -= A[i*n + k] * A[k*n + j];
      }
      A[i*n + j] = w / A[j*n + j];
    }
    for (j = i; j < n; j++) {
      w = A[i*n + j];
      for (k = 0; k < i; k++) {
        w -= A[i*n + k] * A[k*n + j];
      }
      A[i*n + j] = w;
    }
  }

  for (i = 0; i < n; i++) {
    w = b[i];
    for (j = 0; j < i; j++)
      w -= A[i*n + j] * y[j];
    y[i] = w;
  }

  for (i = n-1; i >= 0; i--) {
    w = y[i];
    for (j = i+1; j < n; j++)
      w -= A[i*n + j] * x[j];
    x[i] = w / A[i*n + i];
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int n = s0;
  double *A = tessel_alloc(sizeof(double) * n * n);
  double *b = tessel_alloc(sizeof(double) * n);
  double *x = tessel_alloc(sizeof(double) * n);
  double *y = tessel_alloc(sizeof(double) * n);
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
