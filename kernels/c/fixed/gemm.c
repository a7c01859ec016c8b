/* PolyBench/C 4.2 gemm: C := alpha*A*B + beta*C.
   Fixed-size style: global arrays whose sizes are compile-time constants, passed
   to the kernel as fixed-size array parameters; the loops run to the constants.
   Sizes: -DTESSEL_S0..S2 (suite.build_c). */
#include "tessel_c_fixed.h"

#define NI TESSEL_S0
#define NJ TESSEL_S1
#define NK TESSEL_S2

static double C[NI][NJ];
static double A[NI][NK];
static double B[NK][NJ];

static void init_array(int ni, int nj, int nk, double *alpha, double *beta,
                       double C[NI][NJ], double A[NI][NK], double B[NK][NJ])
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

static void kernel_gemm(double alpha, double beta,
                        double C[NI][NJ], double A[NI][NK], double B[NK][NJ])
{
  int i, j, k;

  for (i = 0; i < NI; i++) {
    for (j = 0; j < NJ; j++)
      C[i][j] *= beta;
    for (k = 0; k < NK; k++) {
      for (j = 0; j < NJ; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  double alpha, beta;
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array(NI, NJ, NK, &alpha, &beta, C, A, B);
  tessel_timer_start();
  kernel_gemm(alpha, beta, C, A, B);
  tessel_timer_stop();
  hash_f64_2d(NI, NJ, C);
}
