/* PolyBench/C 4.2 doitgen: multiresolution analysis kernel (MADNESS).
   Fixed-size style: global arrays whose sizes are compile-time constants, used
   directly by the kernel (no array parameters); the loops run to the constants.
   Sizes: -DTESSEL_S0..S2 (suite.build_c). */
#include "tessel_c_fixed.h"

#define NR TESSEL_S0
#define NQ TESSEL_S1
#define NP TESSEL_S2

static double A[NR][NQ][NP];
static double sum[NP];
static double C4[NP][NP];

static void init_array(void)
{
  int i, j, k;

  for (i = 0; i < NR; i++)
    for (j = 0; j < NQ; j++)
      for (k = 0; k < NP; k++)
        A[i][j][k] = (double) ((i*j + k) % NP) / NP;
  for (i = 0; i < NP; i++)
    for (j = 0; j < NP; j++)
      C4[i][j] = (double) (i*j % NP) / NP;
}

static void kernel_doitgen(void)
{
  int r, q, p, s;

  for (r = 0; r < NR; r++)
    for (q = 0; q < NQ; q++) {
      for (p = 0; p < NP; p++) {
        sum[p] = 0.0;
        for (s = 0; s < NP; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (p = 0; p < NP; p++)
        A[r][q][p] = sum[p];
    }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array();
  tessel_timer_start();
  kernel_doitgen();
  tessel_timer_stop();
  hash_f64_3d(NR, NQ, NP, A);
}
