// ANY_ORDER(ρ, parts) (a Tessel addition to seed 003's Clay): the children of ρ
// fall into parts (runs of consecutive children, numbered 0, 1, ...), which form an
// isl set node that isl's AST generator may order or interleave, where Clay's
// β-vectors order them; inside a part the children stay in order. It is as legal as the β order it replaces: the tree
// is verified in that order, and the code isl generates from the set is verified
// against the exact dependences like all generated code. Kernel
// ../Inputs/chain.mlir (%arg1, %arg3 .. %arg6 are A, C, D, E, F); scripts
// Inputs/any_order.mlir.
//
// Legal: loop (0)'s S0 and S1 touch nothing in common at one i. Both stay in the
// loop (in an order the AST generator picks), and the kernel computes the same.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/any_order.mlir \
// RUN:   --entry loop0 --sizes 10 --sizes 37 %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOOP0
//
// Loop (1): S3[i] reads the D[i] that S2[i] writes; the generated code (verified)
// keeps S2 first.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/any_order.mlir \
// RUN:   --entry loop1 --sizes 10 --sizes 37 %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOOP1
//
// The root's loops in two parts, (0) and [(1), (2)]: (1) still runs before (2).
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/any_order.mlir \
// RUN:   --entry root_parts --sizes 10 %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ROOT
//
// Preconditions: one part number per child; and the directives that move
// statements (which would leave the mark on another β-prefix) come first.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/any_order.mlir \
// RUN:   --transform-interpreter=entry-point=one_child %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ONE
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/any_order.mlir \
// RUN:   --transform-interpreter=entry-point=then_move %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MOVE

// LOOP0-LABEL:  func.func @kernel_chain(
// LOOP0:          affine.for %[[I:arg[0-9]+]] = 0 to
// LOOP0-DAG:        affine.store %{{.*}}, %arg1[%[[I]]]
// LOOP0-DAG:        affine.store %{{.*}}, %arg3[%[[I]] + 1]
// LOOP0:          }
// LOOP0-NEXT:     affine.for %[[I:arg[0-9]+]] = 0 to
// LOOP0-NOT:        affine.{{for|if|store|parallel}}
// LOOP0:            affine.store %{{.*}}, %arg4[%[[I]]]
// LOOP0-NOT:        affine.{{for|if|store|parallel}}
// LOOP0:            affine.store %{{.*}}, %arg5[%[[I]]]
// LOOP0-LABEL:  func.func @init_chain(
// LOOP0:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 10
// LOOP0:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 37

// LOOP1-LABEL:  func.func @kernel_chain(
// LOOP1:          affine.for
// LOOP1:          affine.for %[[I:arg[0-9]+]] = 0 to
// LOOP1-NOT:        affine.{{for|if|store|parallel}}
// LOOP1:            affine.store %{{.*}}, %arg4[%[[I]]]
// LOOP1-NOT:        affine.{{for|if|store|parallel}}
// LOOP1:            affine.store %{{.*}}, %arg5[%[[I]]]
// LOOP1-LABEL:  func.func @init_chain(
// LOOP1:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 10
// LOOP1:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 37

// ROOT-LABEL:  func.func @kernel_chain(
// ROOT-DAG:       affine.store %{{.*}}, %arg1[%{{.*}}]
// ROOT-DAG:       affine.store %{{.*}}, %arg4[%[[D:.*]]]
// ROOT:           affine.store %{{.*}}, %arg6[
// ROOT-LABEL:  func.func @init_chain(
// ROOT:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 10

// ONE: error: directive 1: any_order((2), (0, 1)): (2): 2 part numbers for 1 children

// MOVE: error: directive 2: fuse_next((0)): it moves statements, and any_order((0), ..) marks the children of a β-prefix: put any_order after the directives that move statements
