/* This machine's peak double-precision rate, for scripts/bench's "% of peak" columns
 * (issue 41: gemm, 2mm and 3mm as a fraction of what the cores can do).
 *
 *   clang -O3 -march=native -fopenmp scripts/bench-peak.c -o bench-peak
 *   OMP_NUM_THREADS=2 ./bench-peak      # prints "fma_gflops: ..." and the rest
 *
 * Each thread runs a register-blocked loop: ACCUMULATORS independent vectors of the
 * widest native double vector, each updated once per step, so that the loop is
 * bound by the floating-point pipes' throughput and not by any one operation's
 * latency. Nothing is loaded or stored in the loop.
 *
 *   fma:    acc = acc * m + a, contracted to one fused multiply-add (2 flops a lane);
 *           the machine's peak as BLAS counts it.
 *   muladd: a multiply into one set of accumulators and an add into another, not
 *           contracted (1 flop a lane each): the peak of code that may not contract,
 *           such as the MLIR path's, which keeps every rounding of the source.
 *
 * Each is timed for about 0.3 s, 3 times; the best time counts (a peak is the
 * fastest the pipes went). m is just below 1 and a small, so the values stay normal
 * numbers and the loop can't be folded; the sums are printed so that nothing is dead.
 */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#if defined(__AVX512F__)
#define LANES 8
#elif defined(__AVX__)
#define LANES 4
#else
#define LANES 2
#endif
/* Enough independent chains to cover an FMA's latency (4 cycles) on two pipes, and
 * few enough to stay in registers (16 vector registers without AVX-512). */
#if defined(__AVX512F__)
#define ACCUMULATORS 16
#else
#define ACCUMULATORS 10
#endif

typedef double vec __attribute__((vector_size(8 * LANES)));

static double seconds(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static volatile double multiplier = 0.999999999, addend = 1e-9;

/* `steps` steps of ACCUMULATORS fused multiply-adds; returns their sum. */
static double fma_loop(int64_t steps)
{
#pragma clang fp contract(fast)
  vec m = (vec){0} + multiplier, a = (vec){0} + addend;
  vec acc[ACCUMULATORS];
  for (int r = 0; r < ACCUMULATORS; r++)
    acc[r] = (vec){0} + (double)r;
  for (int64_t s = 0; s < steps; s++)
    for (int r = 0; r < ACCUMULATORS; r++)
      acc[r] = acc[r] * m + a;
  double sum = 0;
  for (int r = 0; r < ACCUMULATORS; r++)
    for (int l = 0; l < LANES; l++)
      sum += acc[r][l];
  return sum;
}

/* `steps` steps of ACCUMULATORS / 2 multiplies and as many adds, not contracted. */
static double muladd_loop(int64_t steps)
{
#pragma clang fp contract(off)
  vec m = (vec){0} + multiplier, a = (vec){0} + addend;
  vec product[ACCUMULATORS / 2], sum_[ACCUMULATORS / 2];
  for (int r = 0; r < ACCUMULATORS / 2; r++) {
    product[r] = (vec){0} + (double)(r + 1);
    sum_[r] = (vec){0} + (double)r;
  }
  for (int64_t s = 0; s < steps; s++)
    for (int r = 0; r < ACCUMULATORS / 2; r++) {
      product[r] = product[r] * m;
      sum_[r] = sum_[r] + a;
    }
  double sum = 0;
  for (int r = 0; r < ACCUMULATORS / 2; r++)
    for (int l = 0; l < LANES; l++)
      sum += product[r][l] + sum_[r][l];
  return sum;
}

/* Seconds of `steps` steps of `loop` on every thread at once. */
static double timed(double (*loop)(int64_t), int64_t steps, double *keep)
{
  double total = 0, t0 = seconds();
#pragma omp parallel reduction(+ : total)
  total += loop(steps);
  double t = seconds() - t0;
  *keep += total;
  return t;
}

/* GFLOP/s of `loop` on every thread at once (flops_per_step a thread's per step),
 * the best of 3 timings of about 0.3 s each. */
static double rate(double (*loop)(int64_t), double flops_per_step, double *keep)
{
  int64_t steps = 1 << 16;
  double t;
  /* Grow the step count until one timing takes about 0.3 s. */
  for (;;) {
    t = timed(loop, steps, keep);
    if (t > 0.3 || steps > ((int64_t)1 << 40))
      break;
    steps *= t < 0.03 ? 8 : 2;
  }
  double best = t;
  for (int k = 0; k < 3; k++) {
    t = timed(loop, steps, keep);
    if (t < best)
      best = t;
  }
  return (double)omp_get_max_threads() * (double)steps * flops_per_step / best * 1e-9;
}

int main(void)
{
  double keep = 0;
  double fma = rate(fma_loop, 2.0 * ACCUMULATORS * LANES, &keep);
  double muladd = rate(muladd_loop, 1.0 * ACCUMULATORS * LANES, &keep);
  printf("fma_gflops: %.3f\n", fma);
  printf("muladd_gflops: %.3f\n", muladd);
  printf("threads: %d\n", omp_get_max_threads());
  printf("lanes: %d\n", LANES);
  printf("accumulators: %d\n", ACCUMULATORS);
  fprintf(stderr, "(checksum %g)\n", keep);
  return 0;
}
