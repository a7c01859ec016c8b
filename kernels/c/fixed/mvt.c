/* PolyBench/C 4.2 mvt: x1 := x1 + A*y_1, x2 := x2 + A^T*y_2.
   Fixed-size style: global arrays whose sizes are compile-time constants, used
   directly by the kernel; the loops run to the constants.
   Sizes: -DTESSEL_S0 (suite.build_c). */
#include "tessel_c_fixed.h"

#define N TESSEL_S0

static double A[N][N];
static double x1[N];
static double x2[N];
static double y_1[N];
static double y_2[N];

static void init_array(int n)
{
  int i, j;

  for (i = 0; i < n; i++) {
    x1[i] = (double) (i % n) / n;
    x2[i] = (double) ((i + 1) % n) / n;
    y_1[i] = (double) ((i + 3) % n) / n;
    y_2[i] = (double) ((i + 4) % n) / n;
    for (j = 0; j < n; j++)
      A[i][j] = (double) (i*j % n) / n;
  }
}

static void kernel_mvt(void)
{
  int i, j;

  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      x1[i] = x1[i] + A[i][j] * y_1[j];
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      x2[i] = x2[i] + A[j][i] * y_2[j];
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array(N);
  tessel_timer_start();
  kernel_mvt();
  tessel_timer_stop();
  hash_f64_1d(N, x1);
  hash_f64_1d(N, x2);
}
