/* PolyBench/C 4.2 symm: C := alpha*A*B + beta*C, A symmetric (lower part stored).
   Fixed-size style: global arrays whose sizes are compile-time constants, passed
   to the kernel as fixed-size array parameters; the loops run to the constants.
   Sizes: -DTESSEL_S0..S1 (suite.build_c). */
#include "tessel_c_fixed.h"

#define M TESSEL_S0
#define N TESSEL_S1

static double C[M][N];
static double A[M][M];
static double B[M][N];

static void init_array(int m, int n, double *alpha, double *beta,
                       double C[M][N], double A[M][M], double B[M][N])
{
  int i, j;

  *alpha = 1.5;
  *beta = 1.2;
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      C[i][j] = (double) ((i+j) % 100) / m;
      B[i][j] = (double) ((n+i-j) % 100) / m;
    }
  for (i = 0; i < m; i++) {
    for (j = 0; j <= i; j++)
      A[i][j] = (double) ((i+j) % 100) / m;
    for (j = i+1; j < m; j++)
      A[i][j] = -999; /* regions of arrays that should not be used */
  }
}

static void kernel_symm(double alpha, double beta,
                        double C[M][N], double A[M][M], double B[M][N])
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
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      temp2 = 0;
      for (k = 0; k < i; k++) {
        C[k][j] += alpha*B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha*B[i][j] * A[i][i] + alpha * temp2;
    }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  double alpha, beta;
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array(M, N, &alpha, &beta, C, A, B);
  tessel_timer_start();
  kernel_symm(alpha, beta, C, A, B);
  tessel_timer_stop();
  hash_f64_2d(M, N, C);
}
