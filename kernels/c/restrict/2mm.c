/* PolyBench/C 4.2 2mm: D := alpha*A*B*C + beta*D.
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int ni, int nj, int nk, int nl, double *alpha, double *beta,
                       double *restrict A, double *restrict B, double *restrict C,
                       double *restrict D)
{
  int i, j;

  *alpha = 1.5;
  *beta = 1.2;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i*nk + j] = (double) ((i*j+1) % ni) / ni;
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i*nj + j] = (double) (i*(j+1) % nj) / nj;
  for (i = 0; i < nj; i++)
    for (j = 0; j < nl; j++)
      C[i*nl + j] = (double) ((i*(j+3)+1) % nl) / nl;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++)
      D[i*nl + j] = (double) (i*(j+2) % nk) / nk;
}

static void kernel_2mm(int ni, int nj, int nk, int nl, double alpha, double beta,
                       double *restrict tmp, const double *restrict A,
                       const double *restrict B, const double *restrict C,
                       double *restrict D)
{
  /* D := alpha*A*B*C + beta*D */
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      tmp[i*nj + j] = 0.0;
      for (int k = 0; k < nk; ++k)
        tmp[i*nj + j] += alpha * A[i*nk + k] * B[k*nj + j];
    }
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++) {
      D[i*nl + j] *= beta;
      for (int k = 0; k < nj; ++k)
        D[i*nl + j] += tmp[i*nj + k] * C[k*nl + j];
    }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int ni = s0, nj = s1, nk = s2, nl = s3;
  double alpha, beta;
  double *tmp = tessel_alloc(sizeof(double) * ni * nj);
  double *A = tessel_alloc(sizeof(double) * ni * nk);
  double *B = tessel_alloc(sizeof(double) * nk * nj);
  double *C = tessel_alloc(sizeof(double) * nj * nl);
  double *D = tessel_alloc(sizeof(double) * ni * nl);
  (void) s4;

  init_array(ni, nj, nk, nl, &alpha, &beta, A, B, C, D);
  tessel_timer_start();
  kernel_2mm(ni, nj, nk, nl, alpha, beta, tmp, A, B, C, D);
  tessel_timer_stop();
  hash_f64_2d(ni, nl, D);
  free(tmp);
  free(A);
  free(B);
  free(C);
  free(D);
}
