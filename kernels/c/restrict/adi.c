/* PolyBench/C 4.2 adi: alternating direction implicit solver.
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int n, double *restrict u)
{
  int i, j;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      u[i*n + j] = (double) (i + n-j) / n;
    }
}

/* Based on a Fortran code fragment from Figure 5 of
 * "Automatic Data and Computation Decomposition on Distributed Memory Parallel Computers"
 * by Peizong Lee and Zvi Meir Kedem, TOPLAS, 2002
 */
static void kernel_adi(int tsteps, int n, double *restrict u, double *restrict v,
                       double *restrict p, double *restrict q)
{
  int t, i, j;
  double DX, DY, DT;
  double B1, B2;
  double mul1, mul2;
  double a, b, c, d, e, f;

  DX = 1.0/(double)n;
  DY = 1.0/(double)n;
  DT = 1.0/(double)tsteps;
  B1 = 2.0;
  B2 = 1.0;
  mul1 = B1 * DT / (DX * DX);
  mul2 = B2 * DT / (DY * DY);

  a = -mul1 /  2.0;
  b = 1.0+mul1;
  c = a;
  d = -mul2 / 2.0;
  e = 1.0+mul2;
  f = d;

  for (t = 1; t <= tsteps; t++) {
    /* Column Sweep */
    for (i = 1; i < n-1; i++) {
      v[i] = 1.0;
      p[i*n] = 0.0;
      q[i*n] = v[i];
      for (j = 1; j < n-1; j++) {
        p[i*n + j] = -c / (a*p[i*n + j-1]+b);
        q[i*n + j] = (-d*u[j*n + i-1]+(1.0+2.0*d)*u[j*n + i] - f*u[j*n + i+1]-a*q[i*n + j-1])/(a*p[i*n + j-1]+b);
      }

      v[(n-1)*n + i] = 1.0;
      for (j = n-2; j >= 1; j--) {
        v[j*n + i] = p[i*n + j] * v[(j+1)*n + i] + q[i*n + j];
      }
    }
    /* Row Sweep */
    for (i = 1; i < n-1; i++) {
      u[i*n] = 1.0;
      p[i*n] = 0.0;
      q[i*n] = u[i*n];
      for (j = 1; j < n-1; j++) {
        p[i*n + j] = -f / (d*p[i*n + j-1]+e);
        q[i*n + j] = (-a*v[(i-1)*n + j]+(1.0+2.0*a)*v[i*n + j] - c*v[(i+1)*n + j]-d*q[i*n + j-1])/(d*p[i*n + j-1]+e);
      }
      u[i*n + n-1] = 1.0;
      for (j = n-2; j >= 1; j--) {
        u[i*n + j] = p[i*n + j] * u[i*n + j+1] + q[i*n + j];
      }
    }
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int tsteps = s0, n = s1;
  double *u = tessel_alloc(sizeof(double) * n * n);
  double *v = tessel_alloc(sizeof(double) * n * n);
  double *p = tessel_alloc(sizeof(double) * n * n);
  double *q = tessel_alloc(sizeof(double) * n * n);
  (void) s2; (void) s3; (void) s4;

  init_array(n, u);
  tessel_timer_start();
  kernel_adi(tsteps, n, u, v, p, q);
  tessel_timer_stop();
  hash_f64_2d(n, n, u);
  free(u);
  free(v);
  free(p);
  free(q);
}
