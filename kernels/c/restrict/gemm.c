/* PolyBench/C 4.2 gemm: C := alpha*A*B + beta*C.
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int ni, int nj, int nk, double *alpha, double *beta,
                       double *restrict C, double *restrict A, double *restrict B)
{
  int i, j;

  *alpha = 1.5;
  *beta = 1.2;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      C[i*nj + j] = (double) ((i*j+1) % ni) / ni;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i*nk + j] = (double) (i*(j+1) % nk) / nk;
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i*nj + j] = (double) (i*(j+2) % nj) / nj;
}

static void kernel_gemm(int ni, int nj, int nk, double alpha, double beta,
                        double *restrict C, const double *restrict A,
                        const double *restrict B)
{
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++)
      C[i*nj + j] *= beta;
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++)
        C[i*nj + j] += alpha * A[i*nk + k] * B[k*nj + j];
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int ni = s0, nj = s1, nk = s2;
  double alpha, beta;
  double *C = tessel_alloc(sizeof(double) * ni * nj);
  double *A = tessel_alloc(sizeof(double) * ni * nk);
  double *B = tessel_alloc(sizeof(double) * nk * nj);
  (void) s3; (void) s4;

  init_array(ni, nj, nk, &alpha, &beta, C, A, B);
  tessel_timer_start();
  kernel_gemm(ni, nj, nk, alpha, beta, C, A, B);
  tessel_timer_stop();
  hash_f64_2d(ni, nj, C);
  free(C);
  free(A);
  free(B);
}
