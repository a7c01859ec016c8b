/* PolyBench/C 4.2 3mm: G := (A*B)*(C*D).
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int ni, int nj, int nk, int nl, int nm,
                       double *restrict A, double *restrict B, double *restrict C,
                       double *restrict D)
{
  int i, j;

  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i*nk + j] = (double) ((i*j+1) % ni) / (5*ni);
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i*nj + j] = (double) ((i*(j+1)+2) % nj) / (5*nj);
  for (i = 0; i < nj; i++)
    for (j = 0; j < nm; j++)
      C[i*nm + j] = (double) (i*(j+3) % nl) / (5*nl);
  for (i = 0; i < nm; i++)
    for (j = 0; j < nl; j++)
      D[i*nl + j] = (double) ((i*(j+2)+2) % nk) / (5*nk);
}

static void kernel_3mm(int ni, int nj, int nk, int nl, int nm,
                       double *restrict E, const double *restrict A,
                       const double *restrict B, double *restrict F,
                       const double *restrict C, const double *restrict D,
                       double *restrict G)
{
  /* E := A*B */
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      E[i*nj + j] = 0.0;
      for (int k = 0; k < nk; ++k)
        E[i*nj + j] += A[i*nk + k] * B[k*nj + j];
    }
  /* F := C*D */
  for (int i = 0; i < nj; i++)
    for (int j = 0; j < nl; j++) {
      F[i*nl + j] = 0.0;
      for (int k = 0; k < nm; ++k)
        F[i*nl + j] += C[i*nm + k] * D[k*nl + j];
    }
  /* G := E*F */
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++) {
      G[i*nl + j] = 0.0;
      for (int k = 0; k < nj; ++k)
        G[i*nl + j] += E[i*nj + k] * F[k*nl + j];
    }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int ni = s0, nj = s1, nk = s2, nl = s3, nm = s4;
  double *E = tessel_alloc(sizeof(double) * ni * nj);
  double *A = tessel_alloc(sizeof(double) * ni * nk);
  double *B = tessel_alloc(sizeof(double) * nk * nj);
  double *F = tessel_alloc(sizeof(double) * nj * nl);
  double *C = tessel_alloc(sizeof(double) * nj * nm);
  double *D = tessel_alloc(sizeof(double) * nm * nl);
  double *G = tessel_alloc(sizeof(double) * ni * nl);

  init_array(ni, nj, nk, nl, nm, A, B, C, D);
  tessel_timer_start();
  kernel_3mm(ni, nj, nk, nl, nm, E, A, B, F, C, D, G);
  tessel_timer_stop();
  hash_f64_2d(ni, nl, G);
  free(E);
  free(A);
  free(B);
  free(F);
  free(C);
  free(D);
  free(G);
}
