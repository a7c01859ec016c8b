/* PolyBench/C 4.2 2mm: D := alpha*A*B*C + beta*D.
   Fixed-size style: global arrays whose sizes are compile-time constants, passed
   to the kernel as fixed-size array parameters; the loops run to the constants.
   Sizes: -DTESSEL_S0..S3 (suite.build_c). */
#include "tessel_c_fixed.h"

#define NI TESSEL_S0
#define NJ TESSEL_S1
#define NK TESSEL_S2
#define NL TESSEL_S3

static double tmp[NI][NJ];
static double A[NI][NK];
static double B[NK][NJ];
static double C[NJ][NL];
static double D[NI][NL];

static void init_array(int ni, int nj, int nk, int nl, double *alpha, double *beta,
                       double A[NI][NK], double B[NK][NJ], double C[NJ][NL], double D[NI][NL])
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

static void kernel_2mm(double alpha, double beta,
                       double tmp[NI][NJ], double A[NI][NK], double B[NK][NJ],
                       double C[NJ][NL], double D[NI][NL])
{
  int i, j, k;

  /* D := alpha*A*B*C + beta*D */
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++) {
      tmp[i][j] = 0.0;
      for (k = 0; k < NK; ++k)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (i = 0; i < NI; i++)
    for (j = 0; j < NL; j++) {
      D[i][j] *= beta;
      for (k = 0; k < NJ; ++k)
        D[i][j] += tmp[i][k] * C[k][j];
    }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  double alpha, beta;
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array(NI, NJ, NK, NL, &alpha, &beta, A, B, C, D);
  tessel_timer_start();
  kernel_2mm(alpha, beta, tmp, A, B, C, D);
  tessel_timer_stop();
  hash_f64_2d(NI, NL, D);
}
