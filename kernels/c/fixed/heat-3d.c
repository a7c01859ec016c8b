/* PolyBench/C 4.2 heat-3d: 3D heat equation, alternating between A and B.
   Fixed-size style: global arrays whose sizes are compile-time constants, passed
   to the kernel as fixed-size array parameters; the loops run to the constants.
   Sizes: -DTESSEL_S0..S1 (suite.build_c). */
#include "tessel_c_fixed.h"

#define TSTEPS TESSEL_S0
#define N TESSEL_S1

static double A[N][N][N];
static double B[N][N][N];

static void init_array(int n, double A[N][N][N], double B[N][N][N])
{
  int i, j, k;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < n; k++)
        A[i][j][k] = B[i][j][k] = (double) (i + j + (n-k))*10/(n);
}

static void kernel_heat_3d(double A[N][N][N], double B[N][N][N])
{
  int t, i, j, k;

  for (t = 1; t <= TSTEPS; t++) {
    for (i = 1; i < N-1; i++) {
      for (j = 1; j < N-1; j++) {
        for (k = 1; k < N-1; k++) {
          B[i][j][k] =   0.125 * (A[i+1][j][k] - 2.0 * A[i][j][k] + A[i-1][j][k])
                       + 0.125 * (A[i][j+1][k] - 2.0 * A[i][j][k] + A[i][j-1][k])
                       + 0.125 * (A[i][j][k+1] - 2.0 * A[i][j][k] + A[i][j][k-1])
                       + A[i][j][k];
        }
      }
    }
    for (i = 1; i < N-1; i++) {
      for (j = 1; j < N-1; j++) {
        for (k = 1; k < N-1; k++) {
          A[i][j][k] =   0.125 * (B[i+1][j][k] - 2.0 * B[i][j][k] + B[i-1][j][k])
                       + 0.125 * (B[i][j+1][k] - 2.0 * B[i][j][k] + B[i][j-1][k])
                       + 0.125 * (B[i][j][k+1] - 2.0 * B[i][j][k] + B[i][j][k-1])
                       + B[i][j][k];
        }
      }
    }
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array(N, A, B);
  tessel_timer_start();
  kernel_heat_3d(A, B);
  tessel_timer_stop();
  hash_f64_3d(N, N, N, A);
}
