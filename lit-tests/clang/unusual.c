// Unusual C through clang with the Tessel pass plugin: clang must never crash, in
// either position, and must produce the same output (what the plugin optimizes runs
// behind its run-time check).
// Each function below is left alone with a reason or detected; the remarks are
// not checked here (detect.c does that), only that compilation and the program
// succeed and print what they print without the plugin.
//
// RUN: %clang -O3 -g -Rpass-analysis=tessel -Rpass-missed=tessel -fpass-plugin=%tessel -mllvm -tessel-position=vectorizer-start %s -o %t.plugin
// RUN: %clang -O3 -g -Rpass-analysis=tessel -Rpass-missed=tessel -fpass-plugin=%tessel %s -o %t.early
// RUN: %clang -O3 -g %s -o %t.plain
// RUN: %t.plain > %t.plain.out && %t.plugin > %t.plugin.out && %t.early > %t.early.out
// RUN: diff %t.plain.out %t.plugin.out && diff %t.plain.out %t.early.out
// And the 30 PolyBench kernels in C:
// RUN: for f in %kernels/c/*.c; do %clang -O3 -march=native -ffp-contract=off -I%kernels/c -c -fpass-plugin=%tessel -Rpass-analysis=tessel -Rpass-missed=tessel $f -o /dev/null 2>/dev/null || echo "FAILED: $f"; done > %t.kernels
// RUN: count 0 < %t.kernels

#include <limits.h>
#include <stdio.h>

static double a[64][64];

__attribute__((noinline)) long irreducible(int n) {
  long s = 0;
  int i = 0;
  if (n & 1)
    goto inside;
  for (; i < n; i++) {
    s += i;
  inside:
    s ^= i;
  }
  return s;
}

__attribute__((noinline)) long with_switch(int n) {
  long s = 0;
  for (int i = 0; i < n; i++)
    switch (i % 3) {
    case 0: s += i; break;
    case 1: s -= 2 * i; break;
    default: s ^= i;
    }
  return s;
}

__attribute__((noinline)) long recursive(int n) {
  return n <= 0 ? 0 : n + recursive(n - 1);
}

__attribute__((noinline)) unsigned wrapping(unsigned n) {
  unsigned s = 0;
  for (unsigned i = UINT_MAX - 4; i != n; i++) // wraps around through 0
    s += i;
  return s;
}

__attribute__((noinline)) double downward_big_step(int n) {
  double s = 0;
  for (long i = LONG_MAX / 2; i > LONG_MAX / 2 - 1000L * n; i -= 1000)
    s += (double)(i % 7);
  return s;
}

struct node { struct node *next; double v; };
__attribute__((noinline)) double chase(struct node *p) {
  double s = 0;
  for (; p; p = p->next)
    s += p->v;
  return s;
}

__attribute__((noinline)) void strided_2d(int n) {
  for (int i = 2; i < n; i += 3)
    for (int j = n - 1; j >= 0; j -= 2)
      a[i][j] = a[i - 2][j] + a[i][(j + 1) % n];
}

int main(void) {
  struct node nodes[3] = {{&nodes[1], 1.5}, {&nodes[2], 2.5}, {0, 3.5}};
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++)
      a[i][j] = i * 0.5 + j;
  strided_2d(64);
  double t = 0;
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++)
      t += a[i][j];
  printf("%ld %ld %ld %u %.1f %.1f %.3f\n", irreducible(17), with_switch(50),
         recursive(30), wrapping(3u), downward_big_step(20), chase(nodes), t);
  return 0;
}
