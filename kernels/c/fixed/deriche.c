/* PolyBench/C 4.2 deriche: Deriche recursive edge-detection filter. DATA_TYPE is
   float here (PolyBench's default for deriche), with expf and powf.
   Fixed-size style: global arrays whose sizes are compile-time constants, passed
   to the kernel as fixed-size array parameters; the loops run to the constants.
   Sizes: -DTESSEL_S0..S1 (suite.build_c). */
#include "tessel_c_fixed.h"

#define W TESSEL_S0
#define H TESSEL_S1

/* The kernel's y1 and y2; named Y1 and Y2 here, since <math.h> declares a
   function y1 (Bessel). */
static float imgIn[W][H];
static float imgOut[W][H];
static float Y1[W][H];
static float Y2[W][H];

static void init_array(int w, int h, float *alpha, float imgIn[W][H], float imgOut[W][H])
{
  int i, j;

  (void) imgOut;
  *alpha = 0.25f; /* parameter of the filter */

  /* input should be between 0 and 1 (grayscale image pixel) */
  for (i = 0; i < w; i++)
    for (j = 0; j < h; j++)
      imgIn[i][j] = (float) ((313*i+991*j) % 65536) / 65535.0f;
}

static void kernel_deriche(float alpha, float imgIn[W][H], float imgOut[W][H],
                           float y1[W][H], float y2[W][H])
{
  int i, j;
  float xm1, tm1, ym1, ym2;
  float xp1, xp2;
  float tp1, tp2;
  float yp1, yp2;

  float k;
  float a1, a2, a3, a4, a5, a6, a7, a8;
  float b1, b2, c1, c2;

  k = (1.0f-expf(-alpha))*(1.0f-expf(-alpha))/(1.0f+2.0f*alpha*expf(-alpha)-expf(2.0f*alpha));
  a1 = a5 = k;
  a2 = a6 = k*expf(-alpha)*(alpha-1.0f);
  a3 = a7 = k*expf(-alpha)*(alpha+1.0f);
  a4 = a8 = -k*expf(-2.0f*alpha);
  b1 = powf(2.0f, -alpha);
  b2 = -expf(-2.0f*alpha);
  c1 = c2 = 1;

  for (i = 0; i < W; i++) {
    ym1 = 0.0f;
    ym2 = 0.0f;
    xm1 = 0.0f;
    for (j = 0; j < H; j++) {
      y1[i][j] = a1*imgIn[i][j] + a2*xm1 + b1*ym1 + b2*ym2;
      xm1 = imgIn[i][j];
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }

  for (i = 0; i < W; i++) {
    yp1 = 0.0f;
    yp2 = 0.0f;
    xp1 = 0.0f;
    xp2 = 0.0f;
    for (j = H-1; j >= 0; j--) {
      y2[i][j] = a3*xp1 + a4*xp2 + b1*yp1 + b2*yp2;
      xp2 = xp1;
      xp1 = imgIn[i][j];
      yp2 = yp1;
      yp1 = y2[i][j];
    }
  }

  for (i = 0; i < W; i++)
    for (j = 0; j < H; j++) {
      imgOut[i][j] = c1 * (y1[i][j] + y2[i][j]);
    }

  for (j = 0; j < H; j++) {
    tm1 = 0.0f;
    ym1 = 0.0f;
    ym2 = 0.0f;
    for (i = 0; i < W; i++) {
      y1[i][j] = a5*imgOut[i][j] + a6*tm1 + b1*ym1 + b2*ym2;
      tm1 = imgOut[i][j];
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }

  for (j = 0; j < H; j++) {
    tp1 = 0.0f;
    tp2 = 0.0f;
    yp1 = 0.0f;
    yp2 = 0.0f;
    for (i = W-1; i >= 0; i--) {
      y2[i][j] = a7*tp1 + a8*tp2 + b1*yp1 + b2*yp2;
      tp2 = tp1;
      tp1 = imgOut[i][j];
      yp2 = yp1;
      yp1 = y2[i][j];
    }
  }

  for (i = 0; i < W; i++)
    for (j = 0; j < H; j++)
      imgOut[i][j] = c2*(y1[i][j] + y2[i][j]);
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  float alpha;
  tessel_check_sizes(s0, s1, s2, s3, s4);

  init_array(W, H, &alpha, imgIn, imgOut);
  tessel_timer_start();
  kernel_deriche(alpha, imgIn, imgOut, Y1, Y2);
  tessel_timer_stop();
  hash_f32_2d(W, H, imgOut);
}
