/* PolyBench/C 4.2 syr2k: C := alpha*A*B^T + alpha*B*A^T + beta*C, lower triangle.
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int n, int m, double *alpha, double *beta,
                       double *restrict C, double *restrict A, double *restrict B)
{
  int i, j;

  *alpha = 1.5;
  *beta = 1.2;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      A[i*m + j] = (double) ((i*j+1)%n) / n;
      B[i*m + j] = (double) ((i*j+2)%m) / m;
    }
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      C[i*n + j] = (double) ((i*j+3)%n) / m;
    }
}

static void kernel_syr2k(int n, int m, double alpha, double beta,
                         double *restrict C, const double *restrict A,
                         const double *restrict B)
{
  int i, j, k;

  /* BLAS PARAMS
     UPLO  = 'L'
     TRANS = 'N'
     A is NxM
     B is NxM
     C is NxN
  */
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      C[i*n + j] *= beta;
    for (k = 0; k < m; k++)
      for (j = 0; j <= i; j++) {
        C[i*n + j] += A[j*m + k]*alpha*B[i*m + k] + B[j*m + k]*alpha*A[i*m + k];
      }
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int n = s0, m = s1;
  double alpha, beta;
  double *C = tessel_alloc(sizeof(double) * n * n);
  double *A = tessel_alloc(sizeof(double) * n * m);
  double *B = tessel_alloc(sizeof(double) * n * m);
  (void) s2; (void) s3; (void) s4;

  init_array(n, m, &alpha, &beta, C, A, B);
  tessel_timer_start();
  kernel_syr2k(n, m, alpha, beta, C, A, B);
  tessel_timer_stop();
  hash_f64_2d(n, n, C);
  free(C);
  free(A);
  free(B);
}
