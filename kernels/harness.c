/* Tessel kernel-suite harness.
 *
 * Linked with one lowered kernel module (kernels/<name>.mlir). It calls the
 * module's
 *     void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4)
 * with up to five integer size arguments from the command line (missing ones
 * are 0), and provides the runtime the module calls back into:
 *   - tessel_timer_start() / tessel_timer_stop(): CLOCK_MONOTONIC timestamps
 *     around the kernel call;
 *   - tessel_hash_{f64,f32,i32}_{0,1,2,3,4}d(memref): folds every element of the
 *     array into one running 64-bit FNV-1a hash over the raw bytes of each
 *     element (little-endian bit pattern), row-major in index order, across all
 *     hashed arrays in call order.
 *
 * Memrefs arrive in MLIR's default (non-bare-pointer) expanded calling
 * convention, as produced by finalize-memref-to-llvm / convert-func-to-llvm
 * for a `func.func private @f(memref<...>)` declaration:
 *     (T *allocated, T *aligned, int64_t offset,
 *      int64_t size_0, ..., int64_t size_{r-1},
 *      int64_t stride_0, ..., int64_t stride_{r-1})
 * e.g. memref<?x?xf64> -> (ptr, ptr, i64, i64, i64, i64, i64) and
 * memref<f64> -> (ptr, ptr, i64). Element (i,j) is aligned[offset + i*stride_0 + j*stride_1].
 *
 * Output, exactly two lines:
 *     time: <seconds, %.6f>
 *     hash: <16 lowercase hex digits>
 *
 * The OpenMP runtime is started before tessel_run (an empty parallel region), so
 * that the timer doesn't count the creation of its thread pool: measured here at
 * 1.2 to 1.4 ms for the first region of a process against 1 to 3 us for later ones,
 * a cost a program pays once, not per loop nest. TESSEL_NO_OMP_WARMUP=1 skips it.
 *
 * With TESSEL_HASH_STATS=1 in the environment, a summary of the hashed data
 * (element count, NaN and Inf counts) also goes to stderr.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

extern void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4);

#define FNV_OFFSET 0xcbf29ce484222325ULL
#define FNV_PRIME 0x100000001b3ULL

static uint64_t g_hash = FNV_OFFSET;
static struct timespec g_start, g_stop;
static int g_started, g_stopped;
static uint64_t g_count, g_nan, g_inf;

void tessel_timer_start(void) {
  clock_gettime(CLOCK_MONOTONIC, &g_start);
  g_started = 1;
}

void tessel_timer_stop(void) {
  clock_gettime(CLOCK_MONOTONIC, &g_stop);
  g_stopped = 1;
}

static inline void hash_bytes(const void *p, size_t n) {
  const unsigned char *b = (const unsigned char *)p;
  uint64_t h = g_hash;
  for (size_t i = 0; i < n; i++) {
    h ^= (uint64_t)b[i];
    h *= FNV_PRIME;
  }
  g_hash = h;
}

static inline void stat_f64(const double *p) {
  g_count++;
  if (*p != *p) g_nan++;
  else if (*p - *p != 0.0) g_inf++;
}
static inline void stat_f32(const float *p) {
  g_count++;
  if (*p != *p) g_nan++;
  else if (*p - *p != 0.0f) g_inf++;
}
static inline void stat_i32(const int32_t *p) { (void)p; g_count++; }

/* One hash function per element type and rank. */
#define DEFINE_HASH(NAME, T)                                                   \
  void tessel_hash_##NAME##_0d(T *alloc, T *aligned, int64_t off) {            \
    (void)alloc;                                                               \
    hash_bytes(aligned + off, sizeof(T));                                      \
    stat_##NAME(aligned + off);                                                \
  }                                                                            \
  void tessel_hash_##NAME##_1d(T *alloc, T *aligned, int64_t off, int64_t n0,  \
                               int64_t st0) {                                  \
    (void)alloc;                                                               \
    for (int64_t i = 0; i < n0; i++)                                           \
    {                                                                          \
      hash_bytes(aligned + off + i * st0, sizeof(T));                          \
      stat_##NAME(aligned + off + i * st0);                                    \
    }                                                                          \
  }                                                                            \
  void tessel_hash_##NAME##_2d(T *alloc, T *aligned, int64_t off, int64_t n0,  \
                               int64_t n1, int64_t st0, int64_t st1) {         \
    (void)alloc;                                                               \
    for (int64_t i = 0; i < n0; i++)                                           \
      for (int64_t j = 0; j < n1; j++)                                         \
      {                                                                        \
        hash_bytes(aligned + off + i * st0 + j * st1, sizeof(T));              \
        stat_##NAME(aligned + off + i * st0 + j * st1);                        \
      }                                                                        \
  }                                                                            \
  void tessel_hash_##NAME##_3d(T *alloc, T *aligned, int64_t off, int64_t n0,  \
                               int64_t n1, int64_t n2, int64_t st0,            \
                               int64_t st1, int64_t st2) {                     \
    (void)alloc;                                                               \
    for (int64_t i = 0; i < n0; i++)                                           \
      for (int64_t j = 0; j < n1; j++)                                         \
        for (int64_t k = 0; k < n2; k++)                                       \
        {                                                                      \
          const T *e_ = aligned + off + i * st0 + j * st1 + k * st2;           \
          hash_bytes(e_, sizeof(T));                                           \
          stat_##NAME(e_);                                                     \
        }                                                                      \
  }                                                                            \
  void tessel_hash_##NAME##_4d(T *alloc, T *aligned, int64_t off, int64_t n0,  \
                               int64_t n1, int64_t n2, int64_t n3,             \
                               int64_t st0, int64_t st1, int64_t st2,          \
                               int64_t st3) {                                  \
    (void)alloc;                                                               \
    for (int64_t i = 0; i < n0; i++)                                           \
      for (int64_t j = 0; j < n1; j++)                                         \
        for (int64_t k = 0; k < n2; k++)                                       \
          for (int64_t l = 0; l < n3; l++)                                     \
          {                                                                    \
            const T *e_ = aligned + off + i * st0 + j * st1 + k * st2 + l * st3; \
            hash_bytes(e_, sizeof(T));                                         \
            stat_##NAME(e_);                                                   \
          }                                                                    \
  }

DEFINE_HASH(f64, double)
DEFINE_HASH(f32, float)
DEFINE_HASH(i32, int32_t)

static int g_warm;

int main(int argc, char **argv) {
  int32_t s[5] = {0, 0, 0, 0, 0};
  if (argc > 6) {
    fprintf(stderr, "usage: %s [s0 [s1 [s2 [s3 [s4]]]]]\n", argv[0]);
    return 2;
  }
  for (int i = 1; i < argc; i++) {
    char *end = NULL;
    long v = strtol(argv[i], &end, 10);
    if (end == argv[i] || *end != '\0' || v < 0 || v > INT32_MAX) {
      fprintf(stderr, "%s: bad size argument '%s'\n", argv[0], argv[i]);
      return 2;
    }
    s[i - 1] = (int32_t)v;
  }

#ifdef _OPENMP
  const char *nw = getenv("TESSEL_NO_OMP_WARMUP");
  if (!(nw && *nw && strcmp(nw, "0") != 0)) {
    /* A side effect, so that the region is not optimized away. */
#pragma omp parallel
    {
#pragma omp atomic
      g_warm++;
    }
  }
#endif

  tessel_run(s[0], s[1], s[2], s[3], s[4]);

  double t = -1.0;
  if (g_started && g_stopped)
    t = (double)(g_stop.tv_sec - g_start.tv_sec) +
        (double)(g_stop.tv_nsec - g_start.tv_nsec) * 1e-9;
  printf("time: %.6f\n", t);
  printf("hash: %016llx\n", (unsigned long long)g_hash);
  const char *st = getenv("TESSEL_HASH_STATS");
  if (st && *st && strcmp(st, "0") != 0)
    fprintf(stderr, "stats: elements %llu nan %llu inf %llu\n",
            (unsigned long long)g_count, (unsigned long long)g_nan,
            (unsigned long long)g_inf);
  return 0;
}
