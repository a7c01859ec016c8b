/* PolyBench/C 4.2 nussinov: RNA secondary-structure dynamic programming. DATA_TYPE
   is int and base is char. PolyBench's print_array dumps j >= i only; the whole
   table is hashed, as in kernels/nussinov.mlir (the rest stays 0 from init).
   Restrict style: heap arrays passed as `restrict` pointers, indexed by hand in
   row-major order. */
#include "tessel_c.h"

typedef char base;

#define match(b1, b2) (((b1)+(b2)) == 3 ? 1 : 0)
#define max_score(s1, s2) ((s1 >= s2) ? s1 : s2)

static void init_array(int n, base *restrict seq, int *restrict table)
{
  int i, j;

  /* base is AGCT/0..3 */
  for (i = 0; i < n; i++)
    seq[i] = (base) ((i+1)%4);

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      table[i*n + j] = 0;
}

static void kernel_nussinov(int n, const base *restrict seq, int *restrict table)
{
  int i, j, k;

  for (i = n-1; i >= 0; i--) {
    for (j = i+1; j < n; j++) {

      if (j-1 >= 0)
        table[i*n + j] = max_score(table[i*n + j], table[i*n + j-1]);
      if (i+1 < n)
        table[i*n + j] = max_score(table[i*n + j], table[(i+1)*n + j]);

      if (j-1 >= 0 && i+1 < n) {
        /* don't allow adjacent elements to bond */
        if (i < j-1)
          table[i*n + j] = max_score(table[i*n + j],
                                     table[(i+1)*n + j-1]+match(seq[i], seq[j]));
        else
          table[i*n + j] = max_score(table[i*n + j], table[(i+1)*n + j-1]);
      }

      for (k = i+1; k < j; k++) {
        table[i*n + j] = max_score(table[i*n + j], table[i*n + k] + table[(k+1)*n + j]);
      }
    }
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int n = s0;
  base *seq = tessel_alloc(sizeof(base) * n);
  int *table = tessel_alloc(sizeof(int) * n * n);
  (void) s1; (void) s2; (void) s3; (void) s4;

  init_array(n, seq, table);
  tessel_timer_start();
  kernel_nussinov(n, seq, table);
  tessel_timer_stop();
  hash_i32_2d(n, n, table);
  free(seq);
  free(table);
}
