// EMBED(β) and UNEMBED(β), the open-source Clay library's `embed`/`unembed` (not in
// seed 003's Fig. 8; the digest's §4.4 lists them). EMBED puts the statement whose
// whole β-vector is β in a loop of one iteration (its new α is 0); the dates are the
// old ones padded with zeros, so it is always legal. Fused with a loop, a statement
// with no loop of its own then runs at one iteration of it, as schedulers place it
// (durbin's and correlation's scalars under pluto). UNEMBED is the inverse.
// Kernel ../Inputs/scalar.mlir (%arg1 is A, %arg2 B, %arg3 X): S0 writes X[0] before
// the loop, S1 reads it in every iteration, S2 reads A[0] after the loop.
//
// S0 and S2 embedded and fused with the loop: S0 at its first iteration, before
// S1; S2 at its first iteration, after S1[0]. isl's code separates that iteration:
// S0 (which runs at iteration 0 whatever N), then, when N >= 1, S1[0], S2 and the
// loop from 1; when N < 1, S2 alone.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/embed.mlir \
// RUN:   --entry fused --sizes 9 --sizes 1 %S/../Inputs/scalar.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FUSED
//
// S2 shifted to the last iteration (α1 = N - 1) before the fusion: when N >= 2, the
// loop runs S1 from 1 to N - 2, then S1[N - 1] and S2.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/embed.mlir \
// RUN:   --entry shifted_s2 --sizes 9 --sizes 1 %S/../Inputs/scalar.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LAST
//
// embed then unembed: the original code.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/embed.mlir \
// RUN:   --entry roundtrip --sizes 9 %S/../Inputs/scalar.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ROUNDTRIP
//
// Illegal: S0 at the last iteration, so S1[0 .. N - 2] read X[0] before S0 writes it.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/embed.mlir \
// RUN:   --transform-interpreter=entry-point=shifted_s0 %S/../Inputs/scalar.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ILLEGAL
//
// Preconditions: EMBED takes a statement, not a loop; UNEMBED a statement alone in a
// loop of one iteration.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/embed.mlir \
// RUN:   --transform-interpreter=entry-point=on_loop %S/../Inputs/scalar.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ONLOOP
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/embed.mlir \
// RUN:   --transform-interpreter=entry-point=unembed_loop %S/../Inputs/scalar.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MANY
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/embed.mlir \
// RUN:   --transform-interpreter=entry-point=unembed_shared %S/../Inputs/scalar.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SHARED

// FUSED-LABEL:  func.func @kernel_scalar(
// FUSED:          affine.store %{{.*}}, %arg3[0]
// FUSED-NEXT:     affine.if #{{set[0-9]*}}(%{{[0-9]+}}) {
// FUSED:            affine.store %{{.*}}, %arg1[%{{[0-9]+}}]
// FUSED:            affine.store %{{.*}}, %arg3[1]
// FUSED-NEXT:       affine.for %[[I:arg[0-9]+]] = 1 to #{{map[0-9]*}}(%{{[0-9]+}}) {
// FUSED:              affine.store %{{.*}}, %arg1[%[[I]]]
// FUSED-NEXT:       }
// FUSED-NEXT:     } else {
// FUSED-NOT:        affine.store %{{.*}}, %arg1
// FUSED:            affine.store %{{.*}}, %arg3[1]
// FUSED-NEXT:     }
// FUSED-NEXT:     return
// FUSED-LABEL:  func.func @init_scalar(
// FUSED:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 9
// FUSED:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 1

// LAST-LABEL:   func.func @kernel_scalar(
// LAST:           affine.if #{{set[0-9]*}}(%{{[0-9]+}}) {
// LAST-NEXT:        affine.store %{{.*}}, %arg3[0]
// LAST:             affine.store %{{.*}}, %arg1[%{{[0-9]+}}]
// LAST-NEXT:        affine.for %[[I:arg[0-9]+]] = 1 to #{{map[0-9]*}}(%{{[0-9]+}}) {
// LAST:               affine.store %{{.*}}, %arg1[%[[I]]]
// LAST-NEXT:        }
// LAST:             affine.store %{{.*}}, %arg1[%{{[0-9]+}}]
// LAST:             affine.store %{{.*}}, %arg3[1]
// LAST-NEXT:      } else {
// LAST-LABEL:   func.func @init_scalar(
// LAST:         clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 9
// LAST:         clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 1

// ROUNDTRIP-LABEL: func.func @kernel_scalar(
// ROUNDTRIP:         affine.store %{{.*}}, %arg3[0]
// ROUNDTRIP-NEXT:    affine.for %[[I:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%{{[0-9]+}}) {
// ROUNDTRIP:           affine.store %{{.*}}, %arg1[%[[I]]]
// ROUNDTRIP-NEXT:    }
// ROUNDTRIP:         affine.store %{{.*}}, %arg3[1]
// ROUNDTRIP-NEXT:    return
// ROUNDTRIP-LABEL: func.func @init_scalar(
// ROUNDTRIP:       clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 9

// ILLEGAL: error: the script breaks a dependence: flow dependences not executed in order: [arg0] -> { S0[] -> S1[i0] : 0 <= i0 <= -2 + arg0 }

// ONLOOP: error: directive 1: embed((1)): (1) is a loop, not a statement (give a whole β-vector)

// MANY: error: directive 1: unembed((1, 0)): the loop (1) runs more than one iteration of S1: α1 is not fixed by one equality to a value of the parameters

// SHARED: error: directive 3: unembed((0, 0)): S0 is not alone in the loop (0) around it
