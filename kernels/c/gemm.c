/* PolyBench/C 4.2 gemm: C := alpha*A*B + beta*C. */
#include "tessel_c.h"

static void init_array(int ni, int nj, int nk, double *alpha, double *beta,
                       double C[ni][nj], double A[ni][nk], double B[nk][nj])
{
  int i, j;

  *alpha = 1.5;
  *beta = 1.2;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      C[i][j] = (double) ((i*j+1) % ni) / ni;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i][j] = (double) (i*(j+1) % nk) / nk;
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i][j] = (double) (i*(j+2) % nj) / nj;
}

static void kernel_gemm(int ni, int nj, int nk, double alpha, double beta,
                        double C[ni][nj], double A[ni][nk], double B[nk][nj])
{
  int i, j, k;

#pragma scop
  for (i = 0; i < ni; i++) {
    for (j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (k = 0; k < nk; k++) {
      for (j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
  }
#pragma endscop
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int ni = s0, nj = s1, nk = s2;
  double alpha, beta;
  double (*C)[nj] = tessel_alloc(sizeof(double[ni][nj]));
  double (*A)[nk] = tessel_alloc(sizeof(double[ni][nk]));
  double (*B)[nj] = tessel_alloc(sizeof(double[nk][nj]));
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
