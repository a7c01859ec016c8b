/* PolyBench/C 4.2 deriche: Deriche recursive edge-detection filter. DATA_TYPE is
   float here (PolyBench's default for deriche), with expf and powf.
   Restrict style: heap arrays passed as `float *restrict`, indexed by hand in
   row-major order. */
#include "tessel_c.h"

static void init_array(int w, int h, float *alpha, float *restrict imgIn,
                       float *restrict imgOut)
{
  int i, j;

  (void) imgOut;
  *alpha = 0.25f; /* parameter of the filter */

  /* input should be between 0 and 1 (grayscale image pixel) */
  for (i = 0; i < w; i++)
    for (j = 0; j < h; j++)
      imgIn[i*h + j] = (float) ((313*i+991*j) % 65536) / 65535.0f;
}

static void kernel_deriche(int w, int h, float alpha, const float *restrict imgIn,
                           float *restrict imgOut, float *restrict y1, float *restrict y2)
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

  for (i = 0; i < w; i++) {
    ym1 = 0.0f;
    ym2 = 0.0f;
    xm1 = 0.0f;
    for (j = 0; j < h; j++) {
      y1[i*h + j] = a1*imgIn[i*h + j] + a2*xm1 + b1*ym1 + b2*ym2;
      xm1 = imgIn[i*h + j];
      ym2 = ym1;
      ym1 = y1[i*h + j];
    }
  }

  for (i = 0; i < w; i++) {
    yp1 = 0.0f;
    yp2 = 0.0f;
    xp1 = 0.0f;
    xp2 = 0.0f;
    for (j = h-1; j >= 0; j--) {
      y2[i*h + j] = a3*xp1 + a4*xp2 + b1*yp1 + b2*yp2;
      xp2 = xp1;
      xp1 = imgIn[i*h + j];
      yp2 = yp1;
      yp1 = y2[i*h + j];
    }
  }

  for (i = 0; i < w; i++)
    for (j = 0; j < h; j++) {
      imgOut[i*h + j] = c1 * (y1[i*h + j] + y2[i*h + j]);
    }

  for (j = 0; j < h; j++) {
    tm1 = 0.0f;
    ym1 = 0.0f;
    ym2 = 0.0f;
    for (i = 0; i < w; i++) {
      y1[i*h + j] = a5*imgOut[i*h + j] + a6*tm1 + b1*ym1 + b2*ym2;
      tm1 = imgOut[i*h + j];
      ym2 = ym1;
      ym1 = y1[i*h + j];
    }
  }

  for (j = 0; j < h; j++) {
    tp1 = 0.0f;
    tp2 = 0.0f;
    yp1 = 0.0f;
    yp2 = 0.0f;
    for (i = w-1; i >= 0; i--) {
      y2[i*h + j] = a7*tp1 + a8*tp2 + b1*yp1 + b2*yp2;
      tp2 = tp1;
      tp1 = imgOut[i*h + j];
      yp2 = yp1;
      yp1 = y2[i*h + j];
    }
  }

  for (i = 0; i < w; i++)
    for (j = 0; j < h; j++)
      imgOut[i*h + j] = c2*(y1[i*h + j] + y2[i*h + j]);
}

void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
{
  int w = s0, h = s1;
  float alpha;
  float *imgIn = tessel_alloc(sizeof(float) * w * h);
  float *imgOut = tessel_alloc(sizeof(float) * w * h);
  float *y1 = tessel_alloc(sizeof(float) * w * h);
  float *y2 = tessel_alloc(sizeof(float) * w * h);
  (void) s2; (void) s3; (void) s4;

  init_array(w, h, &alpha, imgIn, imgOut);
  tessel_timer_start();
  kernel_deriche(w, h, alpha, imgIn, imgOut, y1, y2);
  tessel_timer_stop();
  hash_f32_2d(w, h, imgOut);
  free(imgIn);
  free(imgOut);
  free(y1);
  free(y2);
}
