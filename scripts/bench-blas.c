/* OpenBLAS reference for scripts/bench: the gemm, 2mm and 3mm kernels of the
 * suite, and linalg-matmul's C += A*B, computed with cblas_dgemm (Debian's
 * libopenblas-dev).
 *
 * Built by scripts/bench once per kernel, with -DKERNEL_GEMM, -DKERNEL_2MM or
 * -DKERNEL_3MM, and linked with kernels/harness.c, which provides main (the
 * size arguments, in the order of the kernel's `// SIZES` lines), the timer
 * and the output hash:
 *
 *   clang -O3 -march=native -DKERNEL_GEMM scripts/bench-blas.c kernels/harness.c \
 *         -lopenblas -o blas-gemm
 *   OMP_NUM_THREADS=2 ./blas-gemm 1000 1100 1200    # prints "time:" and "hash:"
 *
 * Same shapes, inputs (PolyBench 4.2.1's init functions, as in kernels/<name>.mlir),
 * alpha and beta as the MLIR kernel, row-major, no transposes:
 *   gemm  (ni nj nk):       C = alpha*A*B + beta*C                     one dgemm
 *   2mm   (ni nj nk nl):    tmp = alpha*A*B; D = beta*D + tmp*C        two dgemm
 *   3mm   (ni nj nk nl nm): E = A*B; F = C*D; G = E*F                  three dgemm
 *   linalg-matmul (ni nj nk): C = A*B + C                              one dgemm
 *
 * The thread count is OMP_NUM_THREADS (what scripts/suite.py sets for every
 * run; 1 when unset), passed to openblas_set_num_threads. The product is
 * computed once untimed (OpenBLAS's buffers and threads warm up), the inputs
 * are initialized again, and the second computation is timed. The hash is the
 * harness's hash of the output array; it is not expected to equal the
 * kernel's, since OpenBLAS sums in another order.
 *
 * With TESSEL_BLAS_CHECK=1 the output is also compared with a plain loop nest
 * in PolyBench's order, and the largest relative difference goes to stderr
 * (for checking the driver at small sizes; the loops are slow at LARGE).
 */
#include <cblas.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tessel_timer_start(void);
void tessel_timer_stop(void);
void tessel_hash_f64_2d(double *alloc, double *aligned, int64_t off, int64_t n0,
                        int64_t n1, int64_t st0, int64_t st1);

static double *alloc2(int rows, int cols) {
  size_t n = (size_t)(rows > 0 ? rows : 1) * (size_t)(cols > 0 ? cols : 1);
  double *p = malloc(n * sizeof(double));
  if (!p) {
    fprintf(stderr, "bench-blas: out of memory\n");
    exit(1);
  }
  return p;
}

static void hash2(double *m, int rows, int cols) {
  tessel_hash_f64_2d(m, m, 0, rows, cols, cols, 1);
}

/* C = alpha*A*B + beta*C, A is m x k, B is k x n, C is m x n, all row-major. */
static void dgemm(int m, int n, int k, double alpha, const double *A, const double *B,
                  double beta, double *C) {
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, alpha, A, k, B, n,
              beta, C, n);
}

/* The same product as a loop nest in PolyBench's order (TESSEL_BLAS_CHECK). */
static void ref_gemm(int m, int n, int k, double alpha, const double *A, const double *B,
                     double beta, double *C) {
  for (int i = 0; i < m; i++) {
    for (int j = 0; j < n; j++)
      C[(size_t)i * n + j] *= beta;
    for (int l = 0; l < k; l++)
      for (int j = 0; j < n; j++)
        C[(size_t)i * n + j] += alpha * A[(size_t)i * k + l] * B[(size_t)l * n + j];
  }
}

static void check(const char *what, const double *got, const double *want, size_t n) {
  double worst = 0.0;
  for (size_t i = 0; i < n; i++) {
    double d = fabs(got[i] - want[i]), s = fabs(want[i]);
    double rel = s > 0 ? d / s : d;
    if (!(rel <= worst))
      worst = rel; /* also catches NaN */
  }
  fprintf(stderr, "check %s: %zu elements, max relative difference %.3g\n", what, n, worst);
}

static int threads(void) {
  const char *s = getenv("OMP_NUM_THREADS");
  int n = s ? atoi(s) : 1;
  return n > 0 ? n : 1;
}

static int checking(void) {
  const char *s = getenv("TESSEL_BLAS_CHECK");
  return s && *s && strcmp(s, "0") != 0;
}

#if defined(KERNEL_GEMM)

static void init(int ni, int nj, int nk, double *C, double *A, double *B) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      C[(size_t)i * nj + j] = (double)((i * j + 1) % ni) / ni;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nk; j++)
      A[(size_t)i * nk + j] = (double)(i * (j + 1) % nk) / nk;
  for (int i = 0; i < nk; i++)
    for (int j = 0; j < nj; j++)
      B[(size_t)i * nj + j] = (double)(i * (j + 2) % nj) / nj;
}

void tessel_run(int32_t ni, int32_t nj, int32_t nk, int32_t s3, int32_t s4) {
  (void)s3, (void)s4;
  const double alpha = 1.5, beta = 1.2;
  double *C = alloc2(ni, nj), *A = alloc2(ni, nk), *B = alloc2(nk, nj);
  openblas_set_num_threads(threads());
  init(ni, nj, nk, C, A, B);
  dgemm(ni, nj, nk, alpha, A, B, beta, C); /* warm-up */
  init(ni, nj, nk, C, A, B);
  tessel_timer_start();
  dgemm(ni, nj, nk, alpha, A, B, beta, C);
  tessel_timer_stop();
  hash2(C, ni, nj);
  if (checking()) {
    double *R = alloc2(ni, nj);
    init(ni, nj, nk, R, A, B);
    ref_gemm(ni, nj, nk, alpha, A, B, beta, R);
    check("gemm C", C, R, (size_t)ni * nj);
    free(R);
  }
  free(C), free(A), free(B);
}

#elif defined(KERNEL_2MM)

static void init(int ni, int nj, int nk, int nl, double *A, double *B, double *C,
                 double *D) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nk; j++)
      A[(size_t)i * nk + j] = (double)((i * j + 1) % ni) / ni;
  for (int i = 0; i < nk; i++)
    for (int j = 0; j < nj; j++)
      B[(size_t)i * nj + j] = (double)(i * (j + 1) % nj) / nj;
  for (int i = 0; i < nj; i++)
    for (int j = 0; j < nl; j++)
      C[(size_t)i * nl + j] = (double)((i * (j + 3) + 1) % nl) / nl;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++)
      D[(size_t)i * nl + j] = (double)(i * (j + 2) % nk) / nk;
}

void tessel_run(int32_t ni, int32_t nj, int32_t nk, int32_t nl, int32_t s4) {
  (void)s4;
  const double alpha = 1.5, beta = 1.2;
  double *tmp = alloc2(ni, nj), *A = alloc2(ni, nk), *B = alloc2(nk, nj);
  double *C = alloc2(nj, nl), *D = alloc2(ni, nl);
  openblas_set_num_threads(threads());
  for (int rep = 0; rep < 2; rep++) { /* rep 0: warm-up */
    init(ni, nj, nk, nl, A, B, C, D);
    if (rep)
      tessel_timer_start();
    dgemm(ni, nj, nk, alpha, A, B, 0.0, tmp);
    dgemm(ni, nl, nj, 1.0, tmp, C, beta, D);
    if (rep)
      tessel_timer_stop();
  }
  hash2(D, ni, nl);
  if (checking()) {
    double *T = alloc2(ni, nj), *R = alloc2(ni, nl);
    init(ni, nj, nk, nl, A, B, C, R);
    memset(T, 0, (size_t)ni * nj * sizeof(double));
    ref_gemm(ni, nj, nk, alpha, A, B, 0.0, T);
    ref_gemm(ni, nl, nj, 1.0, T, C, beta, R);
    check("2mm D", D, R, (size_t)ni * nl);
    free(T), free(R);
  }
  free(tmp), free(A), free(B), free(C), free(D);
}

#elif defined(KERNEL_3MM)

static void init(int ni, int nj, int nk, int nl, int nm, double *A, double *B, double *C,
                 double *D) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nk; j++)
      A[(size_t)i * nk + j] = (double)((i * j + 1) % ni) / (5 * ni);
  for (int i = 0; i < nk; i++)
    for (int j = 0; j < nj; j++)
      B[(size_t)i * nj + j] = (double)((i * (j + 1) + 2) % nj) / (5 * nj);
  for (int i = 0; i < nj; i++)
    for (int j = 0; j < nm; j++)
      C[(size_t)i * nm + j] = (double)(i * (j + 3) % nl) / (5 * nl);
  for (int i = 0; i < nm; i++)
    for (int j = 0; j < nl; j++)
      D[(size_t)i * nl + j] = (double)((i * (j + 2) + 2) % nk) / (5 * nk);
}

void tessel_run(int32_t ni, int32_t nj, int32_t nk, int32_t nl, int32_t nm) {
  double *E = alloc2(ni, nj), *A = alloc2(ni, nk), *B = alloc2(nk, nj);
  double *F = alloc2(nj, nl), *C = alloc2(nj, nm), *D = alloc2(nm, nl);
  double *G = alloc2(ni, nl);
  openblas_set_num_threads(threads());
  for (int rep = 0; rep < 2; rep++) { /* rep 0: warm-up */
    init(ni, nj, nk, nl, nm, A, B, C, D);
    if (rep)
      tessel_timer_start();
    dgemm(ni, nj, nk, 1.0, A, B, 0.0, E);
    dgemm(nj, nl, nm, 1.0, C, D, 0.0, F);
    dgemm(ni, nl, nj, 1.0, E, F, 0.0, G);
    if (rep)
      tessel_timer_stop();
  }
  hash2(G, ni, nl);
  if (checking()) {
    double *E2 = calloc((size_t)ni * nj + 1, sizeof(double));
    double *F2 = calloc((size_t)nj * nl + 1, sizeof(double));
    double *R = calloc((size_t)ni * nl + 1, sizeof(double));
    ref_gemm(ni, nj, nk, 1.0, A, B, 0.0, E2);
    ref_gemm(nj, nl, nm, 1.0, C, D, 0.0, F2);
    ref_gemm(ni, nl, nj, 1.0, E2, F2, 0.0, R);
    check("3mm G", G, R, (size_t)ni * nl);
    free(E2), free(F2), free(R);
  }
  free(E), free(A), free(B), free(F), free(C), free(D), free(G);
}

#elif defined(KERNEL_LINALG_MATMUL)

/* kernels/linalg-matmul.mlir's init_2d: x[i][j] = ((i*(j+c)+1) % d) / d. */
static void init2(double *X, int rows, int cols, int c, int d) {
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      X[(size_t)i * cols + j] = (double)((i * (j + c) + 1) % d) / d;
}

void tessel_run(int32_t ni, int32_t nj, int32_t nk, int32_t s3, int32_t s4) {
  (void)s3, (void)s4;
  double *C = alloc2(ni, nj), *A = alloc2(ni, nk), *B = alloc2(nk, nj);
  openblas_set_num_threads(threads());
  init2(C, ni, nj, 0, ni), init2(A, ni, nk, 1, nk), init2(B, nk, nj, 2, nj);
  dgemm(ni, nj, nk, 1.0, A, B, 1.0, C); /* warm-up */
  init2(C, ni, nj, 0, ni);
  tessel_timer_start();
  dgemm(ni, nj, nk, 1.0, A, B, 1.0, C); /* linalg.matmul: C += A * B */
  tessel_timer_stop();
  hash2(C, ni, nj);
  if (checking()) {
    double *R = alloc2(ni, nj);
    init2(R, ni, nj, 0, ni);
    ref_gemm(ni, nj, nk, 1.0, A, B, 1.0, R);
    check("linalg-matmul C", C, R, (size_t)ni * nj);
    free(R);
  }
  free(C), free(A), free(B);
}

#else
#error "define KERNEL_GEMM, KERNEL_2MM, KERNEL_3MM or KERNEL_LINALG_MATMUL"
#endif
