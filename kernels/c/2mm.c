/* PolyBench/C 4.2 2mm: D := alpha*A*B*C + beta*D. */
#include "tessel_c.h"

static void init_array(int ni, int nj, int nk, int nl, double *alpha, double *beta,
                       double A[ni][nk], double B[nk][nj], double C[nj][nl], double D[ni][nl])
{
  int i, j;

  *alpha = 1.5;
  *beta = 1.2;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i][j] = (double) ((i*j+1) % ni) / ni;
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i][j] = (double) (i*(j+1) % nj) / nj;
  for (i = 0; i < nj; i++)
    for (j = 0; j < nl; j++)
      C[i][j] = (double) ((i*(j+3)+1) % nl) / nl;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++)
      D[i][j] = (double) (i*(j+2) % nk) / nk;
}

static void kernel_2mm(int ni, int nj, int nk, int nl, double alpha, double beta,
                       double tmp[ni][nj], double A[ni][nk], double B[nk][nj],
                       double C[nj][nl], double D[ni][nl])
{
  int i, j, k;

#pragma scop
  /* D := alpha*A*B*C + beta*D */
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      tmp[i][j] = 0.0;
      for (k = 0; k < nk; ++k)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++) {
      D[i][j] *= beta;
      for (k = 0; k < nj; ++k)
        D[i][j] += tmp[i][k] * C[k][j];
    }
#pragma endscop
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int ni = s0, nj = s1, nk = s2, nl = s3;
  double alpha, beta;
  double (*tmp)[nj] = tessel_alloc(sizeof(double[ni][nj]));
  double (*A)[nk] = tessel_alloc(sizeof(double[ni][nk]));
  double (*B)[nj] = tessel_alloc(sizeof(double[nk][nj]));
  double (*C)[nl] = tessel_alloc(sizeof(double[nj][nl]));
  double (*D)[nl] = tessel_alloc(sizeof(double[ni][nl]));
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
