// FUSENEXT(ρ) (seed 003 Fig. 8): the loop after ρ is fused into ρ; its children
// follow ρ's. Kernel ../Inputs/chain.mlir, scripts Inputs/fuse_next.mlir; in the
// output, %arg1 .. %arg6 are A .. F.
//
// Legal: loops (0) and (1) become one loop over i whose body is S0, S1, S2, S3
// (A[i], C[i + 1], D[i], E[i]); loop (2) stays.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/fuse_next.mlir \
// RUN:   --entry fuse --sizes 10 %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FUSE
//
// Illegal: fusing (1) and (2) runs S4[i], which reads E[N - 1 - i], before S3
// writes it whenever N - 1 - i > i.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/fuse_next.mlir \
// RUN:   --transform-interpreter=entry-point=illegal %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ILLEGAL
//
// Precondition: there is a next loop.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/fuse_next.mlir \
// RUN:   --transform-interpreter=entry-point=no_next %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEXT

// FUSE-DAG:     #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// FUSE-LABEL:   func.func @kernel_chain(
// FUSE:           affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%{{[0-9]+}}) {
// FUSE-NOT:         affine.{{for|if|store}}
// FUSE:             affine.store %{{.*}}, %arg1[%[[I]]]
// FUSE-NOT:         affine.{{for|if|store}}
// FUSE:             affine.store %{{.*}}, %arg3[%[[I]] + 1]
// FUSE-NOT:         affine.{{for|if|store}}
// FUSE:             affine.store %{{.*}}, %arg4[%[[I]]]
// FUSE-NOT:         affine.{{for|if|store}}
// FUSE:             affine.store %{{.*}}, %arg5[%[[I]]]
// FUSE-NEXT:      }
// FUSE-NEXT:      affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%{{[0-9]+}}) {
// FUSE-NOT:         affine.{{for|if|store}}
// FUSE:             affine.store %{{.*}}, %arg6[%[[I]]]
// FUSE-NEXT:      }
// FUSE-NEXT:      return
// FUSE-LABEL:   func.func @init_chain(
// FUSE:         clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 10

// ILLEGAL: fuse_next.mlir:{{[0-9]+}}:5: error: the script breaks a dependence: flow dependences not executed in order: [arg0] -> { S3[i0] -> S4[i0' = -1 + arg0 - i0] : i0 < arg0 and 2i0 >= arg0 }
// ILLEGAL: chain.mlir:{{[0-9]+}}:5: note: while generating code for this SCoP

// NEXT: error: directive 1: fuse_next((2)): (2) has no next sibling
