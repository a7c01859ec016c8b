/* Shared helpers of the fixed-size C versions (kernels/c/fixed/<name>.c).
 *
 * A fixed-size version is PolyBench/C 4.2's kernel written as with PolyBench's
 * default (non-C99) prototypes: arrays whose sizes are compile-time constants,
 * global (static storage, as a C program with fixed problem sizes declares them),
 * passed to the kernel as fixed-size array parameters or used directly. The sizes
 * come from -DTESSEL_S0 .. -DTESSEL_S4, in the order of the kernel's
 * `// tessel_run params:` line (suite.build_c gives them; unused ones are 0).
 * tessel_run checks that the harness asks for the sizes it was built for.
 */
#ifndef TESSEL_C_FIXED_H
#define TESSEL_C_FIXED_H

#include "tessel_c.h"

#if !defined(TESSEL_S0)
#error "a fixed-size kernel needs its sizes: -DTESSEL_S0=.. (suite.build_c does it)"
#endif
#ifndef TESSEL_S1
#define TESSEL_S1 0
#endif
#ifndef TESSEL_S2
#define TESSEL_S2 0
#endif
#ifndef TESSEL_S3
#define TESSEL_S3 0
#endif
#ifndef TESSEL_S4
#define TESSEL_S4 0
#endif

/* Aborts unless the harness's sizes are the ones this build was compiled for. */
static inline void tessel_check_sizes(int32_t s0, int32_t s1, int32_t s2, int32_t s3,
                                      int32_t s4)
{
  if (s0 != TESSEL_S0 || s1 != TESSEL_S1 || s2 != TESSEL_S2 || s3 != TESSEL_S3
      || s4 != TESSEL_S4) {
    fprintf(stderr, "fixed-size kernel built for sizes %d %d %d %d %d, run with "
            "%d %d %d %d %d\n", TESSEL_S0, TESSEL_S1, TESSEL_S2, TESSEL_S3, TESSEL_S4,
            (int) s0, (int) s1, (int) s2, (int) s3, (int) s4);
    abort();
  }
}

#endif /* TESSEL_C_FIXED_H */
