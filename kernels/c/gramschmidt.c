/* PolyBench/C 4.2 gramschmidt: QR decomposition with modified Gram-Schmidt. */
#include "tessel_c.h"

static void init_array(int m, int n, double A[m][n], double R[n][n], double Q[m][n])
{
  int i, j;

  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      A[i][j] = (((double) ((i*j) % m) / m )*100) + 10;
      Q[i][j] = 0.0;
    }
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      R[i][j] = 0.0;
}

static void kernel_gramschmidt(int m, int n, double A[m][n], double R[n][n], double Q[m][n])
{
  int i, j, k;

  double nrm;

#pragma scop
  for (k = 0; k < n; k++) {
    nrm = 0.0;
    for (i = 0; i < m; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = sqrt(nrm);
    for (i = 0; i < m; i++)
      Q[i][k] = A[i][k] / R[k][k];
    for (j = k + 1; j < n; j++) {
      R[k][j] = 0.0;
      for (i = 0; i < m; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (i = 0; i < m; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
#pragma endscop
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int m = s0, n = s1;
  double (*A)[n] = tessel_alloc(sizeof(double[m][n]));
  double (*R)[n] = tessel_alloc(sizeof(double[n][n]));
  double (*Q)[n] = tessel_alloc(sizeof(double[m][n]));
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
