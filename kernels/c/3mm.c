/* PolyBench/C 4.2 3mm: G := (A*B)*(C*D). */
#include "tessel_c.h"

static void init_array(int ni, int nj, int nk, int nl, int nm,
                       double A[ni][nk], double B[nk][nj], double C[nj][nm], double D[nm][nl])
{
  int i, j;

  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i][j] = (double) ((i*j+1) % ni) / (5*ni);
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i][j] = (double) ((i*(j+1)+2) % nj) / (5*nj);
  for (i = 0; i < nj; i++)
    for (j = 0; j < nm; j++)
      C[i][j] = (double) (i*(j+3) % nl) / (5*nl);
  for (i = 0; i < nm; i++)
    for (j = 0; j < nl; j++)
      D[i][j] = (double) ((i*(j+2)+2) % nk) / (5*nk);
}

static void kernel_3mm(int ni, int nj, int nk, int nl, int nm,
                       double E[ni][nj], double A[ni][nk], double B[nk][nj],
                       double F[nj][nl], double C[nj][nm], double D[nm][nl],
                       double G[ni][nl])
{
  int i, j, k;

#pragma scop
  /* E := A*B */
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      E[i][j] = 0.0;
      for (k = 0; k < nk; ++k)
        E[i][j] += A[i][k] * B[k][j];
    }
  /* F := C*D */
  for (i = 0; i < nj; i++)
    for (j = 0; j < nl; j++) {
      F[i][j] = 0.0;
      for (k = 0; k < nm; ++k)
        F[i][j] += C[i][k] * D[k][j];
    }
  /* G := E*F */
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++) {
      G[i][j] = 0.0;
      for (k = 0; k < nj; ++k)
        G[i][j] += E[i][k] * F[k][j];
    }
#pragma endscop
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int ni = s0, nj = s1, nk = s2, nl = s3, nm = s4;
  double (*E)[nj] = tessel_alloc(sizeof(double[ni][nj]));
  double (*A)[nk] = tessel_alloc(sizeof(double[ni][nk]));
  double (*B)[nj] = tessel_alloc(sizeof(double[nk][nj]));
  double (*F)[nl] = tessel_alloc(sizeof(double[nj][nl]));
  double (*C)[nm] = tessel_alloc(sizeof(double[nj][nm]));
  double (*D)[nl] = tessel_alloc(sizeof(double[nm][nl]));
  double (*G)[nl] = tessel_alloc(sizeof(double[ni][nl]));

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
