/* PolyBench/C 4.2 trmm: B := alpha*A^T*B, A unit lower triangular.
   Fixed-size style: global arrays whose sizes are compile-time constants, passed
   to the kernel as fixed-size array parameters; the loops run to the constants.
   Sizes: -DTESSEL_S0..S1 (suite.build_c). */
#include "tessel_c_fixed.h"

#define M TESSEL_S0
#define N TESSEL_S1

static double A[M][M];
static double B[M][N];

static void init_array(int m, int n, double *alpha, double A[M][M], double B[M][N])
{
  int i, j;

  *alpha = 1.5;
  for (i = 0; i < m; i++) {
    for (j = 0; j < i; j++) {
      A[i][j] = (double) ((i+j) % m) / m;
    }
    A[i][i] = 1.0;
    for (j = 0; j < n; j++) {
      B[i][j] = (double) ((n+(i-j)) % n) / n;
    }
  }
}

static void kernel_trmm(double alpha, double A[M][M], double B[M][N])
{
  int i, j, k;

  /* BLAS parameters
     SIDE   = 'L'
     UPLO   = 'L'
     TRANSA = 'T'
     DIAG   = 'U'
     => Form  B := alpha*A**T*B.
     A is MxM
     B is MxN
  */
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      for (k = i+1; k < M; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  double alpha;
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array(M, N, &alpha, A, B);
  tessel_timer_start();
  kernel_trmm(alpha, A, B);
  tessel_timer_stop();
  hash_f64_2d(M, N, B);
}
