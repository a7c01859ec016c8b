/* PolyBench/C 4.2 nussinov: RNA secondary-structure dynamic programming. DATA_TYPE
   is int and base is char. PolyBench's print_array dumps j >= i only; the whole
   table is hashed, as in kernels/nussinov.mlir (the rest stays 0 from init).
   Fixed-size style: global arrays whose sizes are compile-time constants, passed
   to the kernel as fixed-size array parameters; the loops run to the constants.
   Sizes: -DTESSEL_S0 (suite.build_c). */
#include "tessel_c_fixed.h"

typedef char base;

#define match(b1, b2) (((b1)+(b2)) == 3 ? 1 : 0)
#define max_score(s1, s2) ((s1 >= s2) ? s1 : s2)

#define N TESSEL_S0

static base seq[N];
static int table[N][N];

static void init_array(int n, base seq[N], int table[N][N])
{
  int i, j;

  /* base is AGCT/0..3 */
  for (i = 0; i < n; i++)
    seq[i] = (base) ((i+1)%4);

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      table[i][j] = 0;
}

static void kernel_nussinov(base seq[N], int table[N][N])
{
  int i, j, k;

  for (i = N-1; i >= 0; i--) {
    for (j = i+1; j < N; j++) {

      if (j-1 >= 0)
        table[i][j] = max_score(table[i][j], table[i][j-1]);
      if (i+1 < N)
        table[i][j] = max_score(table[i][j], table[i+1][j]);

      if (j-1 >= 0 && i+1 < N) {
        /* don't allow adjacent elements to bond */
        if (i < j-1)
          table[i][j] = max_score(table[i][j], table[i+1][j-1]+match(seq[i], seq[j]));
        else
          table[i][j] = max_score(table[i][j], table[i+1][j-1]);
      }

      for (k = i+1; k < j; k++) {
        table[i][j] = max_score(table[i][j], table[i][k] + table[k+1][j]);
      }
    }
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array(N, seq, table);
  tessel_timer_start();
  kernel_nussinov(seq, table);
  tessel_timer_stop();
  hash_i32_2d(N, N, table);
}
