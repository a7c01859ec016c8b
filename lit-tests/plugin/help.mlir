// Smoke test: the plugin loads into Debian's stock mlir-opt, and --help lists the
// Tessel passes with tessel-optimize's options.
//
// RUN: %mlir-opt --load-pass-plugin=%tessel --help 2>&1 | FileCheck %s

// CHECK-NOT: Failed to load
// CHECK-LABEL: --tessel-optimize
// CHECK-DAG: --max-operations
// CHECK-DAG: --parallel
// CHECK-DAG: --scheduler
// CHECK-DAG: --tile
// CHECK-DAG: --tile-sizes
// CHECK-LABEL: --tessel-print-deps
// CHECK-LABEL: --tessel-print-schedule
// CHECK-LABEL: --tessel-print-scop
