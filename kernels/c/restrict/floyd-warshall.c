/* PolyBench/C 4.2 floyd-warshall: all-pairs shortest paths. DATA_TYPE is int.
   Restrict style: a heap array passed as `int *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int n, int *restrict path)
{
  int i, j;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      path[i*n + j] = i*j%7+1;
      if ((i+j)%13 == 0 || (i+j)%7 == 0 || (i+j)%11 == 0)
        path[i*n + j] = 999;
    }
}

static void kernel_floyd_warshall(int n, int *restrict path)
{
  int i, j, k;

  for (k = 0; k < n; k++) {
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        path[i*n + j] = path[i*n + j] < path[i*n + k] + path[k*n + j] ?
          path[i*n + j] : path[i*n + k] + path[k*n + j];
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int n = s0;
  int *path = tessel_alloc(sizeof(int) * n * n);
  (void) s1; (void) s2; (void) s3; (void) s4;

  init_array(n, path);
  tessel_timer_start();
  kernel_floyd_warshall(n, path);
  tessel_timer_stop();
  hash_i32_2d(n, n, path);
  free(path);
}
