/* PolyBench/C 4.2 jacobi-2d: 2D Jacobi stencil, alternating between A and B.
   Fixed-size style: global arrays whose sizes are compile-time constants, passed
   to the kernel as fixed-size array parameters; the loops run to the constants.
   Sizes: -DTESSEL_S0..S1 (suite.build_c). */
#include "tessel_c_fixed.h"

#define TSTEPS TESSEL_S0
#define N TESSEL_S1

static double A[N][N];
static double B[N][N];

static void init_array(int n, double A[N][N], double B[N][N])
{
  int i, j;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      A[i][j] = ((double) i*(j+2) + 2) / n;
      B[i][j] = ((double) i*(j+3) + 3) / n;
    }
}

static void kernel_jacobi_2d(double A[N][N], double B[N][N])
{
  int t, i, j;

  for (t = 0; t < TSTEPS; t++) {
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j-1] + A[i][1+j] + A[1+i][j] + A[i-1][j]);
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j-1] + B[i][1+j] + B[1+i][j] + B[i-1][j]);
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array(N, A, B);
  tessel_timer_start();
  kernel_jacobi_2d(A, B);
  tessel_timer_stop();
  hash_f64_2d(N, N, A);
}
