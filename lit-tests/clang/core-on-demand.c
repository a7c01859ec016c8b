// libtessel.so loads the core (libtessel_core.so, with libMLIR) only for a function
// with a nest worth optimizing: a file without one compiles without it, so Tessel
// costs such a file next to nothing. A core that cannot be loaded leaves each such
// nest alone with a remark, and the program is the plain one; mlir-opt says why it
// cannot use the plugin.
//
// RUN: env LD_DEBUG=files %clang -O3 -fpass-plugin=%tessel -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: env LD_DEBUG=files %clang -O3 -DNEST -fpass-plugin=%tessel -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOADED
// RUN: env TESSEL_CORE_LIBRARY=%t.missing.so %clang -O3 -DNEST -fpass-plugin=%tessel -Rpass=tessel -Rpass-missed=tessel %s -o %t.nocore 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: %clang -O3 -DNEST %s -o %t.plain
// RUN: %t.plain > %t.plain.out && %t.nocore > %t.nocore.out && diff %t.plain.out %t.nocore.out
// RUN: env TESSEL_CORE_LIBRARY=%t.missing.so not %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %S/../plugin/symbols.mlir 2>&1 | FileCheck %s --check-prefix=MLIR

// NONE-NOT: libtessel_core.so
// LOADED: file={{.*}}libtessel_core.so {{.*}}dynamically loaded by {{.*}}libtessel.so
// LOADED: file=libMLIR{{.*}} needed by {{.*}}libtessel_core.so

// MLIR: tessel: cannot load libtessel_core.so: tried {{.*}}missing.so (no such file)

#include <stdio.h>

double a[300][300], b[300][300], c[300][300];

// No loop at all.
int scale(int x) { return 3 * x + 1; }

// A single loop, left to -O3 without the core.
void copy(int n, double *x, double *y) {
  for (int i = 0; i < n; i++)
    y[i] = x[i];
}

#ifdef NEST
// MISSING: core-on-demand.c:[[@LINE+3]]:3: remark: loop nest left alone: cannot load libtessel_core.so: tried {{.*}}missing.so (no such file)
// MISSING-NOT: optimized SCoP
void matmul(void) {
  for (int i = 0; i < 300; i++)
    for (int j = 0; j < 300; j++)
      for (int k = 0; k < 300; k++)
        c[i][j] += a[i][k] * b[k][j];
}

int main(void) {
  for (int i = 0; i < 300; i++)
    for (int j = 0; j < 300; j++) {
      a[i][j] = (i * j % 7) / 7.0;
      b[i][j] = (i + j % 5) / 5.0;
    }
  copy(300, a[0], c[0]);
  matmul();
  double s = 0;
  for (int i = 0; i < 300; i++)
    s += c[i][i] * scale(i);
  printf("%.17g\n", s);
  return 0;
}
#endif
