/* PolyBench/C 4.2 gramschmidt: QR decomposition with modified Gram-Schmidt.
   Fixed-size style: global arrays whose sizes are compile-time constants, used
   directly by the kernel (no array parameters); the loops run to the constants.
   Sizes: -DTESSEL_S0..S1 (suite.build_c). */
#include "tessel_c_fixed.h"

#define M TESSEL_S0
#define N TESSEL_S1

static double A[M][N];
static double R[N][N];
static double Q[M][N];

static void init_array(void)
{
  int i, j;

  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      A[i][j] = (((double) ((i*j) % M) / M )*100) + 10;
      Q[i][j] = 0.0;
    }
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      R[i][j] = 0.0;
}

static void kernel_gramschmidt(void)
{
  int i, j, k;

  double nrm;

  for (k = 0; k < N; k++) {
    nrm = 0.0;
    for (i = 0; i < M; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = sqrt(nrm);
    for (i = 0; i < M; i++)
      Q[i][k] = A[i][k] / R[k][k];
    for (j = k + 1; j < N; j++) {
      R[k][j] = 0.0;
      for (i = 0; i < M; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (i = 0; i < M; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array();
  tessel_timer_start();
  kernel_gramschmidt();
  tessel_timer_stop();
  hash_f64_2d(N, N, R);
  hash_f64_2d(M, N, Q);
}
