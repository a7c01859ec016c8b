// REORDER(ρ, v) (seed 003 Fig. 8): the child of ρ at position k moves to position
// v[k]. Kernel ../Inputs/chain.mlir, scripts Inputs/reorder.mlir; in the output,
// %arg1 .. %arg6 are A .. F.
//
// Legal: S1 before S0 in loop (0). The loop keeps its bounds; its body stores
// C[i + 1] (S1), then A[i] (S0). The other loops are unchanged.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/reorder.mlir \
// RUN:   --entry swap --sizes 10 %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SWAP
//
// Illegal: S3 before S2 in loop (1) breaks S2[i] -> S3[i] (D[i]).
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/reorder.mlir \
// RUN:   --transform-interpreter=entry-point=illegal %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ILLEGAL
//
// Precondition: v must be a permutation of ρ's children (Rust's check; the
// verifier only sees that [2, 0, 1] is a permutation).
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/reorder.mlir \
// RUN:   --transform-interpreter=entry-point=wrong_length %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LENGTH

// SWAP-DAG:     #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// SWAP-LABEL:   func.func @kernel_chain(
// SWAP:           affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%{{[0-9]+}}) {
// SWAP-NOT:         affine.{{for|if|store}}
// SWAP:             affine.store %{{.*}}, %arg3[%[[I]] + 1]
// SWAP-NOT:         affine.{{for|if|store}}
// SWAP:             affine.store %{{.*}}, %arg1[%[[I]]]
// SWAP-NEXT:      }
// SWAP-NEXT:      affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%{{[0-9]+}}) {
// SWAP-NOT:         affine.{{for|if|store}}
// SWAP:             affine.store %{{.*}}, %arg4[%[[I]]]
// SWAP-NOT:         affine.{{for|if|store}}
// SWAP:             affine.store %{{.*}}, %arg5[%[[I]]]
// SWAP-NEXT:      }
// SWAP-NEXT:      affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%{{[0-9]+}}) {
// SWAP-NOT:         affine.{{for|if|store}}
// SWAP:             affine.store %{{.*}}, %arg6[%[[I]]]
// SWAP-NEXT:      }
// SWAP-NEXT:      return
// SWAP-LABEL:   func.func @init_chain(
// SWAP:         clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 10

// ILLEGAL: reorder.mlir:{{[0-9]+}}:5: error: the script breaks a dependence: flow dependences not executed in order: [arg0] -> { S2[i0] -> S3[i0' = i0] : 0 <= i0 < arg0 }
// ILLEGAL: chain.mlir:{{[0-9]+}}:5: note: while generating code for this SCoP

// LENGTH: error: directive 1: reorder((0), (2, 0, 1)): the order must be a permutation of 0..1 ((0) has 2 children)
// LENGTH: note: while applying `reorder((0), (2, 0, 1))` here
