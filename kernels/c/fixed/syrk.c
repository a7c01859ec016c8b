/* PolyBench/C 4.2 syrk: C := alpha*A*A^T + beta*C, lower triangle.
   Fixed-size style: global arrays whose sizes are compile-time constants, passed
   to the kernel as fixed-size array parameters; the loops run to the constants.
   Sizes: -DTESSEL_S0..S1 (suite.build_c). */
#include "tessel_c_fixed.h"

#define N TESSEL_S0
#define M TESSEL_S1

static double C[N][N];
static double A[N][M];

static void init_array(int n, int m, double *alpha, double *beta,
                       double C[N][N], double A[N][M])
{
  int i, j;

  *alpha = 1.5;
  *beta = 1.2;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = (double) ((i*j+1)%n) / n;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      C[i][j] = (double) ((i*j+2)%m) / m;
}

static void kernel_syrk(double alpha, double beta, double C[N][N], double A[N][M])
{
  int i, j, k;

  /* BLAS PARAMS
     TRANS = 'N'
     UPLO  = 'L'
     =>  Form  C := alpha*A*A**T + beta*C.
     A is NxM
     C is NxN
  */
  for (i = 0; i < N; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < M; k++) {
      for (j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
    }
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  double alpha, beta;
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array(N, M, &alpha, &beta, C, A);
  tessel_timer_start();
  kernel_syrk(alpha, beta, C, A);
  tessel_timer_stop();
  hash_f64_2d(N, N, C);
}
