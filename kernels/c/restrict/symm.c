/* PolyBench/C 4.2 symm: C := alpha*A*B + beta*C, A symmetric (lower part stored).
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int m, int n, double *alpha, double *beta,
                       double *restrict C, double *restrict A, double *restrict B)
{
  int i, j;

  *alpha = 1.5;
  *beta = 1.2;
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      C[i*n + j] = (double) ((i+j) % 100) / m;
      B[i*n + j] = (double) ((n+i-j) % 100) / m;
    }
  for (i = 0; i < m; i++) {
    for (j = 0; j <= i; j++)
      A[i*m + j] = (double) ((i+j) % 100) / m;
    for (j = i+1; j < m; j++)
      A[i*m + j] = -999; /* regions of arrays that should not be used */
  }
}

static void kernel_symm(int m, int n, double alpha, double beta,
                        double *restrict C, const double *restrict A,
                        const double *restrict B)
{
  int i, j, k;
  double temp2;

  /* BLAS PARAMS
     SIDE = 'L'
     UPLO = 'L'
     =>  Form  C := alpha*A*B + beta*C
     A is MxM
     B is MxN
     C is MxN
  */
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      temp2 = 0;
      for (k = 0; k < i; k++) {
        C[k*n + j] += alpha*B[i*n + j] * A[i*m + k];
        temp2 += B[k*n + j] * A[i*m + k];
      }
      C[i*n + j] = beta * C[i*n + j] + alpha*B[i*n + j] * A[i*m + i] + alpha * temp2;
    }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int m = s0, n = s1;
  double alpha, beta;
  double *C = tessel_alloc(sizeof(double) * m * n);
  double *A = tessel_alloc(sizeof(double) * m * m);
  double *B = tessel_alloc(sizeof(double) * m * n);
  (void) s2; (void) s3; (void) s4;

  init_array(m, n, &alpha, &beta, C, A, B);
  tessel_timer_start();
  kernel_symm(m, n, alpha, beta, C, A, B);
  tessel_timer_stop();
  hash_f64_2d(m, n, C);
  free(C);
  free(A);
  free(B);
}
