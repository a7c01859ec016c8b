/* PolyBench/C 4.2 fdtd-2d: 2D finite-difference time-domain kernel.
   Fixed-size style: global arrays whose sizes are compile-time constants, used
   directly by the kernel (no array parameters); the loops run to the constants.
   Sizes: -DTESSEL_S0..S2 (suite.build_c). */
#include "tessel_c_fixed.h"

#define TMAX TESSEL_S0
#define NX TESSEL_S1
#define NY TESSEL_S2

static double ex[NX][NY];
static double ey[NX][NY];
static double hz[NX][NY];
static double _fict_[TMAX];

static void init_array(void)
{
  int i, j;

  for (i = 0; i < TMAX; i++)
    _fict_[i] = (double) i;
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++) {
      ex[i][j] = ((double) i*(j+1)) / NX;
      ey[i][j] = ((double) i*(j+2)) / NY;
      hz[i][j] = ((double) i*(j+3)) / NX;
    }
}

static void kernel_fdtd_2d(void)
{
  int t, i, j;

  for (t = 0; t < TMAX; t++) {
    for (j = 0; j < NY; j++)
      ey[0][j] = _fict_[t];
    for (i = 1; i < NX; i++)
      for (j = 0; j < NY; j++)
        ey[i][j] = ey[i][j] - 0.5*(hz[i][j]-hz[i-1][j]);
    for (i = 0; i < NX; i++)
      for (j = 1; j < NY; j++)
        ex[i][j] = ex[i][j] - 0.5*(hz[i][j]-hz[i][j-1]);
    for (i = 0; i < NX - 1; i++)
      for (j = 0; j < NY - 1; j++)
        hz[i][j] = hz[i][j] - 0.7*(ex[i][j+1] - ex[i][j] +
                                   ey[i+1][j] - ey[i][j]);
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array();
  tessel_timer_start();
  kernel_fdtd_2d();
  tessel_timer_stop();
  hash_f64_2d(NX, NY, ex);
  hash_f64_2d(NX, NY, ey);
  hash_f64_2d(NX, NY, hz);
}
