/* Shared helpers of the C versions of the PolyBench kernels (kernels/c/<name>.c).
 *
 * Each kernels/c/<name>.c is PolyBench/C 4.2's kernel_<name> and init_array with
 * C99 variable-length array parameters (PolyBench's POLYBENCH_USE_C99_PROTO style,
 * without restrict), and a tessel_run that does what kernels/<name>.mlir's does:
 * allocate on the heap, init, tessel_timer_start(), kernel, tessel_timer_stop(),
 * then hash the arrays PolyBench's print_array prints, in the same order. It is
 * linked with kernels/harness.c, which provides main, the timer and the hashes.
 *
 * The harness's hash functions take a memref in MLIR's expanded calling convention,
 * (allocated, aligned, offset, sizes..., strides...); the hash_* helpers below pass
 * a row-major array that way (offset 0, unit innermost stride).
 */
#ifndef TESSEL_C_H
#define TESSEL_C_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* kernels/harness.c */
void tessel_timer_start(void);
void tessel_timer_stop(void);
void tessel_hash_f64_1d(double *alloc, double *aligned, int64_t off, int64_t n0, int64_t st0);
void tessel_hash_f64_2d(double *alloc, double *aligned, int64_t off, int64_t n0, int64_t n1,
                        int64_t st0, int64_t st1);
void tessel_hash_f64_3d(double *alloc, double *aligned, int64_t off, int64_t n0, int64_t n1,
                        int64_t n2, int64_t st0, int64_t st1, int64_t st2);
void tessel_hash_f32_2d(float *alloc, float *aligned, int64_t off, int64_t n0, int64_t n1,
                        int64_t st0, int64_t st1);
void tessel_hash_i32_2d(int32_t *alloc, int32_t *aligned, int64_t off, int64_t n0, int64_t n1,
                        int64_t st0, int64_t st1);

/* What each kernels/c/<name>.c defines; the harness calls it with the sizes in the
   order of the kernel's `// tessel_run params:` header line (unused ones are 0). */
void tessel_run(int32_t s0, int32_t s1, int32_t s2, int32_t s3, int32_t s4);

/* Heap arrays, as memref.alloc gives them (malloc; PolyBench's own allocator
   would align to a page, which the MLIR builds do not). */
static inline void *tessel_alloc(size_t bytes)
{
  void *p = malloc(bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "tessel_alloc: out of memory (%zu bytes)\n", bytes);
    abort();
  }
  return p;
}

/* A row-major array of n0 (x n1 (x n2)) elements as a memref descriptor. */
static inline void hash_f64_1d(int64_t n0, void *a)
{
  tessel_hash_f64_1d(a, a, 0, n0, 1);
}

static inline void hash_f64_2d(int64_t n0, int64_t n1, void *a)
{
  tessel_hash_f64_2d(a, a, 0, n0, n1, n1, 1);
}

static inline void hash_f64_3d(int64_t n0, int64_t n1, int64_t n2, void *a)
{
  tessel_hash_f64_3d(a, a, 0, n0, n1, n2, n1 * n2, n2, 1);
}

static inline void hash_f32_2d(int64_t n0, int64_t n1, void *a)
{
  tessel_hash_f32_2d(a, a, 0, n0, n1, n1, 1);
}

static inline void hash_i32_2d(int64_t n0, int64_t n1, void *a)
{
  tessel_hash_i32_2d(a, a, 0, n0, n1, n1, 1);
}

#endif /* TESSEL_C_H */
