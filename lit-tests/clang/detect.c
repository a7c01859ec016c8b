// SCoP detection on LLVM IR (issue 12): with -fpass-plugin, clang runs Tessel's
// detection and reports each outermost loop nest, as a SCoP (-Rpass-analysis=tessel)
// or with the reason it is left alone (-Rpass-missed=tessel), at its source line
// (optimize.c checks what happens to the SCoPs then).
//
// At the vectorizer's start, where Polly runs by default:
// RUN: %clang -O3 -g -c -fpass-plugin=%tessel -mllvm -tessel-position=vectorizer-start -Rpass-analysis=tessel -Rpass-missed=tessel %s -o /dev/null 2>&1 | FileCheck %s
// The default, early position (after the canonicalization prefix, like Polly's
// early position) sees the same nests before vectorization:
// RUN: %clang -O3 -g -c -fpass-plugin=%tessel -Rpass-analysis=tessel -Rpass-missed=tessel %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=EARLY
// Without -R flags clang prints nothing, and at -O0 the pass does not run:
// RUN: %clang -O3 -c -fpass-plugin=%tessel %s -o /dev/null 2>&1 | count 0
// RUN: %clang -O0 -c -fpass-plugin=%tessel -Rpass-analysis=tessel -Rpass-missed=tessel %s -o /dev/null 2>&1 | count 0

// gemm over VLA parameters: C[i][j] is (i * nj + j) * 8 bytes from C, which is not
// affine until delinearization splits it into [i][j] with the parametric row size.
// 3 arrays; every one of the 6 accesses (C twice per statement, A, B) has 2
// subscripts. (The loop over i may be versioned by clang; each version is a nest.)
// CHECK: detect.c:[[@LINE+3]]:3: remark: SCoP: a nest of {{[0-9]+}} loops, depth 3, {{[0-9]+}} reads and {{[0-9]+}} writes of 3 arrays ({{[0-9]+}} accesses with multi-dimensional subscripts)
void gemm(int ni, int nj, int nk, double alpha, double beta,
          double C[ni][nj], double A[ni][nk], double B[nk][nj]) {
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

// A subscript loaded from memory as an `int` is not affine, and may be below the
// array's base: no access of any element of the array covers it.
// CHECK: detect.c:[[@LINE+3]]:{{[0-9]+}}: remark: loop nest left alone: an array subscript is not affine
void indirect(int n, double *x, const int *idx) {
  for (int i = 0; i < n; i++)
    x[idx[i]] += 1.0;
}

// An opaque call may touch any memory.
extern void g(double *);
// CHECK: detect.c:[[@LINE+3]]:5: remark: loop nest left alone: a call may read or write memory
void calls(int n, double *x) {
  for (int i = 0; i < n; i++)
    g(&x[i]);
}

// A fixed-size global array: constant sizes [100][200] recovered; 2 reads (fixed
// [i][j] and [i-1][j]) and 1 write, all two-dimensional, no parameter.
double fixed[100][200];
// CHECK: detect.c:[[@LINE+2]]:3: remark: SCoP: a nest of 2 loops, depth 2, 2 reads and 1 writes of 1 arrays (3 accesses with multi-dimensional subscripts), 0 parameters
void fixed_size(void) {
  for (int i = 1; i < 100; i++)
    for (int j = 0; j < 200; j++)
      fixed[i][j] += fixed[i - 1][j];
}

// A loop that exits on data: no trip count.
// CHECK: detect.c:[[@LINE+3]]:{{[0-9]+}}: remark: loop nest left alone: the loop's trip count cannot be computed
void search(int n, double *x) {
  int i = 0;
  while (x[i] > 0.0 && i < n)
    i++;
  x[0] = i;
}

// A volatile store.
// CHECK: detect.c:[[@LINE+3]]:{{[0-9]+}}: remark: loop nest left alone: a volatile or atomic memory access
void with_volatile(int n, volatile double *x) {
  for (int i = 0; i < n; i++)
    x[i] = 0.0;
}

// A triangular bound is affine.
// CHECK: detect.c:[[@LINE+2]]:3: remark: SCoP: a nest of 2 loops, depth 2, 1 reads and 1 writes of 1 arrays (2 accesses with multi-dimensional subscripts), 1 parameters
void triangle(int n, double A[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      A[i][j] *= 0.5;
}

// sqrt may set errno (C's default -fmath-errno), its only other effect, which the
// nest never reads: a math function is modelled as its intrinsic either way
// (math-errno.c); under -fno-math-errno it is llvm.sqrt already.
// CHECK: detect.c:[[@LINE+3]]:3: remark: SCoP: a nest of 1 loops, depth 1, 1 reads and 1 writes of 1 arrays
// NOERRNO: detect.c:[[@LINE+2]]:3: remark: SCoP: a nest of 1 loops, depth 1, 1 reads and 1 writes of 1 arrays
void roots(int n, double *x) {
  for (int i = 0; i < n; i++)
    x[i] = __builtin_sqrt(x[i]);
}
// RUN: %clang -O3 -g -fno-math-errno -c -fpass-plugin=%tessel -Rpass-analysis=tessel %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOERRNO

// EARLY: detect.c:22:3: remark: SCoP: a nest of 4 loops, depth 3, 4 reads and 2 writes of 3 arrays (6 accesses with multi-dimensional subscripts), 3 parameters
// EARLY: remark: loop nest left alone: an array subscript is not affine
// EARLY: remark: loop nest left alone: a call may read or write memory
// EARLY: remark: SCoP: a nest of 2 loops, depth 2
// EARLY: remark: loop nest left alone: the loop's trip count cannot be computed
