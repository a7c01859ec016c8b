/* PolyBench/C 4.2 fdtd-2d: 2D finite-difference time-domain kernel.
   Restrict style: heap arrays passed as `double *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int tmax, int nx, int ny, double *restrict ex, double *restrict ey,
                       double *restrict hz, double *restrict _fict_)
{
  int i, j;

  for (i = 0; i < tmax; i++)
    _fict_[i] = (double) i;
  for (i = 0; i < nx; i++)
    for (j = 0; j < ny; j++) {
      ex[i*ny + j] = ((double) i*(j+1)) / nx;
      ey[i*ny + j] = ((double) i*(j+2)) / ny;
      hz[i*ny + j] = ((double) i*(j+3)) / nx;
    }
}

static void kernel_fdtd_2d(int tmax, int nx, int ny, double *restrict ex,
                           double *restrict ey, double *restrict hz,
                           const double *restrict _fict_)
{
  int t, i, j;

  for (t = 0; t < tmax; t++) {
    for (j = 0; j < ny; j++)
      ey[j] = _fict_[t];  /* row 0 */
    for (i = 1; i < nx; i++)
      for (j = 0; j < ny; j++)
        ey[i*ny + j] = ey[i*ny + j] - 0.5*(hz[i*ny + j]-hz[(i-1)*ny + j]);
    for (i = 0; i < nx; i++)
      for (j = 1; j < ny; j++)
        ex[i*ny + j] = ex[i*ny + j] - 0.5*(hz[i*ny + j]-hz[i*ny + j-1]);
    for (i = 0; i < nx - 1; i++)
      for (j = 0; j < ny - 1; j++)
        hz[i*ny + j] = hz[i*ny + j] - 0.7*(ex[i*ny + j+1] - ex[i*ny + j] +
                                           ey[(i+1)*ny + j] - ey[i*ny + j]);
  }
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int tmax = s0, nx = s1, ny = s2;
  double *ex = tessel_alloc(sizeof(double) * nx * ny);
  double *ey = tessel_alloc(sizeof(double) * nx * ny);
  double *hz = tessel_alloc(sizeof(double) * nx * ny);
  double *_fict_ = tessel_alloc(sizeof(double) * tmax);
  (void) s3; (void) s4;

  init_array(tmax, nx, ny, ex, ey, hz, _fict_);
  tessel_timer_start();
  kernel_fdtd_2d(tmax, nx, ny, ex, ey, hz, _fict_);
  tessel_timer_stop();
  hash_f64_2d(nx, ny, ex);
  hash_f64_2d(nx, ny, ey);
  hash_f64_2d(nx, ny, hz);
  free(ex);
  free(ey);
  free(hz);
  free(_fict_);
}
