// clay_exec.py, the execution checker of the Clay tests (lit-tests/dialect/clay/),
// fails when the transformed kernel computes something else, when mlir-opt fails,
// and when a script leaves its session open. Scripts: Inputs/clay-exec-checks.mlir.
//
// RUN: not %python %S/clay_exec.py --plugin %tessel --script %S/Inputs/clay-exec-checks.mlir \
// RUN:   --entry miscompile --sizes 9,5 --sizes 3,2 %S/Inputs/beamforming.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIFFER
// RUN: not %python %S/clay_exec.py --plugin %tessel --script %S/Inputs/clay-exec-checks.mlir \
// RUN:   --entry no_generate --sizes 9,5 %S/Inputs/beamforming.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPEN
// RUN: not %python %S/clay_exec.py --plugin %tessel --script %S/Inputs/clay-exec-checks.mlir \
// RUN:   --entry error --sizes 9,5 %S/Inputs/beamforming.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERROR

// DIFFER:      arith.constant 1.000000e+02 : f64
// DIFFER:      clay-exec: HASHES DIFFER at sizes 9,5: original [[ORIG:[0-9a-f]+]], transformed [[NEW:[0-9a-f]+]]
// DIFFER-NEXT: clay-exec: parallel regions at sizes 9,5: original 0, transformed 0
// DIFFER-NEXT: clay-exec: HASHES DIFFER at sizes 3,2

// OPEN: tessel.clay = ["reverse((2, 2))"]
// OPEN: clay-exec: the transformed module still carries a `tessel.clay` script
// OPEN-NOT: clay-exec: hashes

// ERROR: error: directive 1: reverse((7)): no statement has the β-prefix (7)
// ERROR: clay-exec: mlir-opt failed (exit status 1)
// ERROR-NOT: clay-exec: hashes
