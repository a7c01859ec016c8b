/* PolyBench/C 4.2 syr2k: C := alpha*A*B^T + alpha*B*A^T + beta*C, lower triangle.
   Fixed-size style: global arrays whose sizes are compile-time constants, used
   directly by the kernel; the loops run to the constants.
   Sizes: -DTESSEL_S0..S1 (suite.build_c). */
#include "tessel_c_fixed.h"

#define N TESSEL_S0
#define M TESSEL_S1

static double C[N][N];
static double A[N][M];
static double B[N][M];

static void init_array(int n, int m, double *alpha, double *beta)
{
  int i, j;

  *alpha = 1.5;
  *beta = 1.2;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      A[i][j] = (double) ((i*j+1)%n) / n;
      B[i][j] = (double) ((i*j+2)%m) / m;
    }
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      C[i][j] = (double) ((i*j+3)%n) / m;
    }
}

static void kernel_syr2k(double alpha, double beta)
{
  int i, j, k;

  /* BLAS PARAMS
     UPLO  = 'L'
     TRANS = 'N'
     A is NxM
     B is NxM
     C is NxN
  */
  for (i = 0; i < N; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < M; k++)
      for (j = 0; j <= i; j++) {
        C[i][j] += A[j][k]*alpha*B[i][k] + B[j][k]*alpha*A[i][k];
      }
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  double alpha, beta;
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array(N, M, &alpha, &beta);
  tessel_timer_start();
  kernel_syr2k(alpha, beta);
  tessel_timer_stop();
  hash_f64_2d(N, N, C);
}
