/* PolyBench/C 4.2 floyd-warshall: all-pairs shortest paths. DATA_TYPE is int.
   Fixed-size style: a global array whose sizes are compile-time constants, passed
   to the kernel as a fixed-size array parameter; the loops run to the constants.
   Sizes: -DTESSEL_S0 (suite.build_c). */
#include "tessel_c_fixed.h"

#define N TESSEL_S0

static int path[N][N];

static void init_array(int n, int path[N][N])
{
  int i, j;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      path[i][j] = i*j%7+1;
      if ((i+j)%13 == 0 || (i+j)%7 == 0 || (i+j)%11 == 0)
        path[i][j] = 999;
    }
}

static void kernel_floyd_warshall(int path[N][N])
{
  int i, j, k;

  for (k = 0; k < N; k++) {
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j] ?
          path[i][j] : path[i][k] + path[k][j];
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array(N, path);
  tessel_timer_start();
  kernel_floyd_warshall(path);
  tessel_timer_stop();
  hash_i32_2d(N, N, path);
}
