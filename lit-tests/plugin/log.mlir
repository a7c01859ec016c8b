// TESSEL_LOG (EnvFilter syntax) turns on the `tracing` output on stderr: the core's
// stage events, inside a span per pass run that reports its time when it closes.
// Without it, stderr holds the remarks only.
//
// RUN: env TESSEL_LOG=debug %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// RUN: env -u TESSEL_LOG %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET

// LOG: DEBUG tessel{pass="tessel-optimize"}:scop{entry="optimize" statements=1}: tessel_poly::pipeline: stage stage="dependences" ms={{[0-9.]+}} ok=true
// LOG: DEBUG tessel{pass="tessel-optimize"}: tessel_mlir::pass: close time.busy={{[0-9.]+}}

// QUIET-NOT: DEBUG
// QUIET-NOT: tessel_poly
// QUIET: remark: tessel: optimized SCoP of 1 statements
// QUIET-NOT: DEBUG
// QUIET-NOT: tessel_poly

func.func @copy(%a: memref<100xf64>, %b: memref<100xf64>) {
  affine.for %i = 0 to 100 {
    %v = affine.load %a[%i] : memref<100xf64>
    affine.store %v, %b[%i] : memref<100xf64>
  }
  return
}
