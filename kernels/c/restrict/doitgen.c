/* PolyBench/C 4.2 doitgen: multiresolution analysis kernel (MADNESS).
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int nr, int nq, int np, double *restrict A, double *restrict C4)
{
  int i, j, k;

  for (i = 0; i < nr; i++)
    for (j = 0; j < nq; j++)
      for (k = 0; k < np; k++)
        A[(i*nq + j)*np + k] = (double) ((i*j + k) % np) / np;
  for (i = 0; i < np; i++)
    for (j = 0; j < np; j++)
      C4[i*np + j] = (double) (i*j % np) / np;
}

static void kernel_doitgen(int nr, int nq, int np, double *restrict A,
                           const double *restrict C4, double *restrict sum)
{
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < np; s++)
          sum[p] += A[(r*nq + q)*np + s] * C4[s*np + p];
      }
      for (int p = 0; p < np; p++)
        A[(r*nq + q)*np + p] = sum[p];
    }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int nr = s0, nq = s1, np = s2;
  double *A = tessel_alloc(sizeof(double) * nr * nq * np);
  double *sum = tessel_alloc(sizeof(double) * np);
  double *C4 = tessel_alloc(sizeof(double) * np * np);
  (void) s3; (void) s4;

  init_array(nr, nq, np, A, C4);
  tessel_timer_start();
  kernel_doitgen(nr, nq, np, A, C4, sum);
  tessel_timer_stop();
  hash_f64_3d(nr, nq, np, A);
  free(A);
  free(sum);
  free(C4);
}
