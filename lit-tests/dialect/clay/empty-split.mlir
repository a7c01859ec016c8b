// INDEXSETSPLIT whose one side is empty on the SCoP's domain: Clay's primitives do
// not look at the domain (seed 003 §4.3), so a split may leave a loop with no
// instance, and seed 003 §6.2's Chlore even splits with an always-false condition on
// purpose. The empty loop generates no code, and the result runs as the original.
// (Found by these tests: `generate` failed with "isl error: [Invalid] cannot extract
// range space from empty input" until ClaySchedule::tree left empty members out.)
// Scripts: Inputs/empty-split.mlir.
//
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/empty-split.mlir \
// RUN:   --entry stencil --sizes 7,6 %S/../Inputs/stencil.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STENCIL
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/empty-split.mlir \
// RUN:   --entry always_false --sizes 10 %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FALSE

// STENCIL-LABEL: func.func @kernel_stencil(
// STENCIL:       clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 7,6

// FALSE-LABEL:   func.func @kernel_chain(
// FALSE:         clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 10
