/* PolyBench/C 4.2 trmm: B := alpha*A^T*B, A unit lower triangular.
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int m, int n, double *alpha, double *restrict A, double *restrict B)
{
  int i, j;

  *alpha = 1.5;
  for (i = 0; i < m; i++) {
    for (j = 0; j < i; j++) {
      A[i*m + j] = (double) ((i+j) % m) / m;
    }
    A[i*m + i] = 1.0;
    for (j = 0; j < n; j++) {
      B[i*n + j] = (double) ((n+(i-j)) % n) / n;
    }
  }
}

static void kernel_trmm(int m, int n, double alpha, const double *restrict A,
                        double *restrict B)
{
  int i, j, k;

  /* BLAS parameters
     SIDE   = 'L'
     UPLO   = 'L'
     TRANSA = 'T'
     DIAG   = 'U'
     => Form  B := alpha*A**T*B.
     A is MxM
     B is MxN
  */
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      for (k = i+1; k < m; k++)
        B[i*n + j] += A[k*m + i] * B[k*n + j];
      B[i*n + j] = alpha * B[i*n + j];
    }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int m = s0, n = s1;
  double alpha;
  double *A = tessel_alloc(sizeof(double) * m * m);
  double *B = tessel_alloc(sizeof(double) * m * n);
  (void) s2; (void) s3; (void) s4;

  init_array(m, n, &alpha, A, B);
  tessel_timer_start();
  kernel_trmm(m, n, alpha, A, B);
  tessel_timer_stop();
  hash_f64_2d(m, n, B);
  free(A);
  free(B);
}
