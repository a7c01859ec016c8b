/* PolyBench/C 4.2 bicg: s := A^T * r, q := A * p.
   Fixed-size style: global arrays whose sizes are compile-time constants, passed
   to the kernel as fixed-size array parameters; the loops run to the constants.
   Sizes: -DTESSEL_S0..S1 (suite.build_c). */
#include "tessel_c_fixed.h"

#define M TESSEL_S0
#define N TESSEL_S1

static double A[N][M];
static double s[M];
static double q[N];
static double p[M];
static double r[N];

static void init_array(int m, int n, double A[N][M], double r[N], double p[M])
{
  int i, j;

  for (i = 0; i < m; i++)
    p[i] = (double) (i % m) / m;
  for (i = 0; i < n; i++) {
    r[i] = (double) (i % n) / n;
    for (j = 0; j < m; j++)
      A[i][j] = (double) (i*(j+1) % n) / n;
  }
}

static void kernel_bicg(double A[N][M], double s[M], double q[N], double p[M], double r[N])
{
  int i, j;

  for (i = 0; i < M; i++)
    s[i] = 0;
  for (i = 0; i < N; i++) {
    q[i] = 0.0;
    for (j = 0; j < M; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array(M, N, A, r, p);
  tessel_timer_start();
  kernel_bicg(A, s, q, p, r);
  tessel_timer_stop();
  hash_f64_1d(M, s);
  hash_f64_1d(N, q);
}
