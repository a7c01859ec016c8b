// INTERCHANGE(ρ, i) (seed 003 Fig. 8): α_i and α_d swap (d = dim ρ). Kernels
// ../Inputs/matmul.mlir (C += A B; %arg3 .. %arg5 are A, B, C) and
// ../Inputs/stencil.mlir (distances (1, 0) and (1, -1); %arg2 is A); scripts
// Inputs/interchange.mlir.
//
// Legal: matmul with j and k swapped: the loops are i (NI), k (NK), j (NJ).
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/interchange.mlir \
// RUN:   --entry jk --sizes 5,6,7 %S/../Inputs/matmul.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=JK
//
// Legal: matmul with i and k swapped: k (NK), j (NJ), i (NI).
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/interchange.mlir \
// RUN:   --entry ik --sizes 5,6,7 %S/../Inputs/matmul.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=IK
//
// Legal: the stencil skewed (α2 = i + j), then interchanged: the outer loop runs
// over the wavefronts t = i + j (0 .. N + M - 2), the inner one over the i of each,
// max(0, t - M + 1) .. min(N - 1, t); S0 runs on j = t - i.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/interchange.mlir \
// RUN:   --entry wavefront --sizes 7,6 --sizes 3,9 %S/../Inputs/stencil.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WAVE
//
// Illegal: the stencil interchanged as it is: (1, -1) becomes (-1, 1).
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/interchange.mlir \
// RUN:   --transform-interpreter=entry-point=illegal %S/../Inputs/stencil.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ILLEGAL
//
// Precondition: ρ is a loop (chain's (0, 0) is the statement S0).
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/interchange.mlir \
// RUN:   --transform-interpreter=entry-point=statement %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STATEMENT

// JK-DAG:       #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// JK-LABEL:     func.func @kernel_matmul(
// JK:             %[[NI:[0-9]+]] = arith.index_cast %arg0
// JK-NEXT:        %[[NJ:[0-9]+]] = arith.index_cast %arg1
// JK-NEXT:        %[[NK:[0-9]+]] = arith.index_cast %arg2
// JK-NEXT:        affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%[[NI]]) {
// JK-NEXT:          affine.for %[[K:arg[0-9]+]] = 0 to #[[ID]](%[[NK]]) {
// JK-NEXT:            affine.for %[[J:arg[0-9]+]] = 0 to #[[ID]](%[[NJ]]) {
// JK-NEXT:              affine.load %arg3[%[[I]], %[[K]]]
// JK-NEXT:              affine.load %arg4[%[[K]], %[[J]]]
// JK-NOT:               affine.{{for|if|store}}
// JK:                   affine.store %{{.*}}, %arg5[%[[I]], %[[J]]]
// JK-NEXT:            }
// JK-NEXT:          }
// JK-NEXT:        }
// JK-NEXT:        return
// JK-LABEL:     func.func @init_matmul(
// JK:           clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 5,6,7

// IK-DAG:       #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// IK-LABEL:     func.func @kernel_matmul(
// IK:             %[[NI:[0-9]+]] = arith.index_cast %arg0
// IK-NEXT:        %[[NJ:[0-9]+]] = arith.index_cast %arg1
// IK-NEXT:        %[[NK:[0-9]+]] = arith.index_cast %arg2
// IK-NEXT:        affine.for %[[K:arg[0-9]+]] = 0 to #[[ID]](%[[NK]]) {
// IK-NEXT:          affine.for %[[J:arg[0-9]+]] = 0 to #[[ID]](%[[NJ]]) {
// IK-NEXT:            affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%[[NI]]) {
// IK-NEXT:              affine.load %arg3[%[[I]], %[[K]]]
// IK-NEXT:              affine.load %arg4[%[[K]], %[[J]]]
// IK-NOT:               affine.{{for|if|store}}
// IK:                   affine.store %{{.*}}, %arg5[%[[I]], %[[J]]]
// IK-NEXT:            }
// IK-NEXT:          }
// IK-NEXT:        }
// IK-NEXT:        return
// IK-LABEL:     func.func @init_matmul(
// IK:           clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 5,6,7

// WAVE-DAG:     #[[FRONTS:map[0-9]*]] = affine_map<(d0, d1) -> (d0 + d1 - 1)>
// WAVE-DAG:     #[[LOW:map[0-9]*]] = affine_map<(d0, d1) -> (0, -d0 + d1 + 1)>
// WAVE-DAG:     #[[HIGH:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1 + 1)>
// WAVE-DAG:     #[[DIFF:map[0-9]*]] = affine_map<(d0, d1) -> (d0 - d1)>
// WAVE-LABEL:   func.func @kernel_stencil(
// WAVE:           %[[N:[0-9]+]] = arith.index_cast %arg0
// WAVE-NEXT:      %[[M:[0-9]+]] = arith.index_cast %arg1
// WAVE:           affine.for %[[T:arg[0-9]+]] = 0 to #[[FRONTS]](%[[N]], %[[M]]) {
// WAVE-NEXT:        affine.for %[[I:arg[0-9]+]] = max #[[LOW]](%[[M]], %[[T]]) to min #[[HIGH]](%[[N]], %[[T]]) {
// WAVE-NEXT:          %[[J:[0-9]+]] = affine.apply #[[DIFF]](%[[T]], %[[I]])
// WAVE-NOT:           affine.{{for|if|store}}
// WAVE:               affine.store %{{.*}}, %arg2[%[[I]] + 1, %[[J]]]
// WAVE-NEXT:        }
// WAVE-NEXT:      }
// WAVE-NEXT:      return
// WAVE-LABEL:   func.func @init_stencil(
// WAVE:         clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 7,6
// WAVE:         clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 3,9

// ILLEGAL: interchange.mlir:{{[0-9]+}}:5: error: the script breaks a dependence: flow dependences not executed in order: [arg0, arg1] -> { S0[i0, i1] -> S0[i0' = 1 + i0, i1' = -1 + i1] : 0 <= i0 <= -2 + arg0 and 0 < i1 < arg1 }
// ILLEGAL: stencil.mlir:{{[0-9]+}}:5: note: while generating code for this SCoP

// STATEMENT: error: directive 1: interchange((0, 0), 1): (0, 0) is the statement S0, not a loop
