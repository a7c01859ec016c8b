/* PolyBench/C 4.2 gramschmidt: QR decomposition with modified Gram-Schmidt.
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int m, int n, double *restrict A, double *restrict R,
                       double *restrict Q)
{
  int i, j;

  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      A[i*n + j] = (((double) ((i*j) % m) / m )*100) + 10;
      Q[i*n + j] = 0.0;
    }
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      R[i*n + j] = 0.0;
}

static void kernel_gramschmidt(int m, int n, double *restrict A, double *restrict R,
                               double *restrict Q)
{
  int i, j, k;

  double nrm;

  for (k = 0; k < n; k++) {
    nrm = 0.0;
    for (i = 0; i < m; i++)
      nrm += A[i*n + k] * A[i*n + k];
    R[k*n + k] = sqrt(nrm);
    for (i = 0; i < m; i++)
      Q[i*n + k] = A[i*n + k] / R[k*n + k];
    for (j = k + 1; j < n; j++) {
      R[k*n + j] = 0.0;
      for (i = 0; i < m; i++)
        R[k*n + j] += Q[i*n + k] * A[i*n + j];
      for (i = 0; i < m; i++)
        A[i*n + j] = A[i*n + j] - Q[i*n + k] * R[k*n + j];
    }
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int m = s0, n = s1;
  double *A = tessel_alloc(sizeof(double) * m * n);
  double *R = tessel_alloc(sizeof(double) * n * n);
  double *Q = tessel_alloc(sizeof(double) * m * n);
  (void) s2; (void) s3; (void) s4;

  init_array(m, n, A, R, Q);
  tessel_timer_start();
  kernel_gramschmidt(m, n, A, R, Q);
  tessel_timer_stop();
  hash_f64_2d(n, n, R);
  hash_f64_2d(m, n, Q);
  free(A);
  free(R);
  free(Q);
}
