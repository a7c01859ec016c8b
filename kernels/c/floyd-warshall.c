/* PolyBench/C 4.2 floyd-warshall: all-pairs shortest paths. DATA_TYPE is int. */
#include "tessel_c.h"

static void init_array(int n, int path[n][n])
{
  int i, j;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      path[i][j] = i*j%7+1;
      if ((i+j)%13 == 0 || (i+j)%7 == 0 || (i+j)%11 == 0)
        path[i][j] = 999;
    }
}

static void kernel_floyd_warshall(int n, int path[n][n])
{
  int i, j, k;

#pragma scop
  for (k = 0; k < n; k++) {
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j] ?
          path[i][j] : path[i][k] + path[k][j];
  }
#pragma endscop
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int n = s0;
  int (*path)[n] = tessel_alloc(sizeof(int[n][n]));
  (void) s1; (void) s2; (void) s3; (void) s4;

  init_array(n, path);
  tessel_timer_start();
  kernel_floyd_warshall(n, path);
  tessel_timer_stop();
  hash_i32_2d(n, n, path);
  free(path);
}
