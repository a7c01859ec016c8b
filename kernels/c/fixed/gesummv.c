/* PolyBench/C 4.2 gesummv: y := alpha*A*x + beta*B*x.
   Fixed-size style: global arrays whose sizes are compile-time constants, passed
   to the kernel as fixed-size array parameters; the loops run to the constants.
   Sizes: -DTESSEL_S0 (suite.build_c). */
#include "tessel_c_fixed.h"

#define N TESSEL_S0

static double A[N][N];
static double B[N][N];
static double tmp[N];
static double x[N];
static double y[N];

static void init_array(int n, double *alpha, double *beta, double A[N][N], double B[N][N],
                       double x[N])
{
  int i, j;

  *alpha = 1.5;
  *beta = 1.2;
  for (i = 0; i < n; i++) {
    x[i] = (double) (i % n) / n;
    for (j = 0; j < n; j++) {
      A[i][j] = (double) ((i*j+1) % n) / n;
      B[i][j] = (double) ((i*j+2) % n) / n;
    }
  }
}

static void kernel_gesummv(double alpha, double beta, double A[N][N], double B[N][N],
                           double tmp[N], double x[N], double y[N])
{
  int i, j;

  for (i = 0; i < N; i++) {
    tmp[i] = 0.0;
    y[i] = 0.0;
    for (j = 0; j < N; j++) {
      tmp[i] = A[i][j] * x[j] + tmp[i];
      y[i] = B[i][j] * x[j] + y[i];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  double alpha, beta;
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array(N, &alpha, &beta, A, B, x);
  tessel_timer_start();
  kernel_gesummv(alpha, beta, A, B, tmp, x, y);
  tessel_timer_stop();
  hash_f64_1d(N, y);
}
