// A bad option value fails once, when the pipeline is parsed: not once per function
// (this module has two, and a declaration), and before any pass runs, so no IR is
// printed.
//
// An unknown enum value is rejected by MLIR's own option parser:
// RUN: not %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=foo}))' %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ENUM
// ENUM-COUNT-1: for the --scheduler option: Cannot find option named 'foo'!
// ENUM-NOT: Cannot find option
// ENUM-NOT: func.func @
//
// RUN: not %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-schedule{fuse=always}))' %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FUSE
// FUSE-COUNT-1: for the --fuse option: Cannot find option named 'always'!
// FUSE-NOT: Cannot find option
//
// A value the table's type allows but Tessel doesn't is checked by the Rust side at
// parse time too:
// RUN: not %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{tile-sizes=32,0}))' %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SIZE
// SIZE-COUNT-1: error: tessel: option 'tile-sizes' must be positive, got 0
// SIZE-NOT: must be positive
// SIZE-NOT: func.func @
//
// A pass has only the options it reads:
// RUN: not %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-scop{tile-sizes=4}))' %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SCOP
// SCOP: no such option tile-sizes
// RUN: not %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-deps{scheduler=isl}))' %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEPS
// DEPS: no such option scheduler
//
// The same options are accepted where they are read:
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-deps{live-range-reordering=true max-operations=1000}))' %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OK
// OK-NOT: error
// OK: func.func @a

func.func private @decl(memref<f64>)

func.func @a(%m: memref<f64>) {
  return
}

func.func @b(%m: memref<f64>) {
  return
}
