/* PolyBench/C 4.2 3mm: G := (A*B)*(C*D).
   Fixed-size style: global arrays whose sizes are compile-time constants, used
   directly by the kernel (no array parameters); the loops run to the constants.
   Sizes: -DTESSEL_S0..S4 (suite.build_c). */
#include "tessel_c_fixed.h"

#define NI TESSEL_S0
#define NJ TESSEL_S1
#define NK TESSEL_S2
#define NL TESSEL_S3
#define NM TESSEL_S4

static double E[NI][NJ];
static double A[NI][NK];
static double B[NK][NJ];
static double F[NJ][NL];
static double C[NJ][NM];
static double D[NM][NL];
static double G[NI][NL];

static void init_array(void)
{
  int i, j;

  for (i = 0; i < NI; i++)
    for (j = 0; j < NK; j++)
      A[i][j] = (double) ((i*j+1) % NI) / (5*NI);
  for (i = 0; i < NK; i++)
    for (j = 0; j < NJ; j++)
      B[i][j] = (double) ((i*(j+1)+2) % NJ) / (5*NJ);
  for (i = 0; i < NJ; i++)
    for (j = 0; j < NM; j++)
      C[i][j] = (double) (i*(j+3) % NL) / (5*NL);
  for (i = 0; i < NM; i++)
    for (j = 0; j < NL; j++)
      D[i][j] = (double) ((i*(j+2)+2) % NK) / (5*NK);
}

static void kernel_3mm(void)
{
  int i, j, k;

  /* E := A*B */
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++) {
      E[i][j] = 0.0;
      for (k = 0; k < NK; ++k)
        E[i][j] += A[i][k] * B[k][j];
    }
  /* F := C*D */
  for (i = 0; i < NJ; i++)
    for (j = 0; j < NL; j++) {
      F[i][j] = 0.0;
      for (k = 0; k < NM; ++k)
        F[i][j] += C[i][k] * D[k][j];
    }
  /* G := E*F */
  for (i = 0; i < NI; i++)
    for (j = 0; j < NL; j++) {
      G[i][j] = 0.0;
      for (k = 0; k < NJ; ++k)
        G[i][j] += E[i][k] * F[k][j];
    }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array();
  tessel_timer_start();
  kernel_3mm();
  tessel_timer_stop();
  hash_f64_2d(NI, NL, G);
}
