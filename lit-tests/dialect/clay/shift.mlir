// SHIFT(ρ, i, amount) (seed 003 Fig. 8): α_i ↦ α_i + amount under ρ, so
// α_i = old - amount (erratum E9: the literal substitution). The amount is an
// integer or an affine form of the SCoP's parameters (arg0 is N here). Kernel
// ../Inputs/chain.mlir, scripts Inputs/shift.mlir; in the output, %arg1 .. %arg6
// are A .. F.
//
// Legal: S3 extracted from loop (1), shifted by -1 (α1 = i + 1) and fused back.
// The fused loop runs t = 0 .. N: S2[t] while t <= N - 1, then S3[t - 1] from
// t = 1 on (a software-pipelined S2/S3: prologue, steady state, epilogue).
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/shift.mlir \
// RUN:   --entry fused --sizes 10 --sizes 1 %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FUSED
//
// Legal: loop (2) shifted by N: α1 = i - N, from -N to -1; S4 runs on i = t + N.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/shift.mlir \
// RUN:   --entry parametric --sizes 10 %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PARAM
//
// Illegal: S3 shifted by +1 (α1 = i - 1) and fused: S3[i] runs in iteration i - 1,
// before S2[i] writes D[i].
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/shift.mlir \
// RUN:   --transform-interpreter=entry-point=illegal %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ILLEGAL
//
// Precondition: the amount uses parameters only (Fig. 8: v·p + C).
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/shift.mlir \
// RUN:   --transform-interpreter=entry-point=iterator %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ITERATOR

// The fused loop is generated separated (codegen's separate_fused_innermost): t = 0
// runs S2[0] alone, t = 1 .. N - 1 both, and t = N runs S3[N - 1] alone.
// FUSED-DAG:    #[[ZERO:map[0-9]*]] = affine_map<() -> (0)>
// FUSED-DAG:    #[[MINUS1:map[0-9]*]] = affine_map<(d0) -> (d0 - 1)>
// FUSED-DAG:    #[[GE1:set[0-9]*]] = affine_set<(d0) : (d0 - 1 >= 0)>
// FUSED-LABEL:  func.func @kernel_chain(
// FUSED:          affine.for %[[I:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%[[N:[0-9]+]]) {
// FUSED-NOT:        affine.{{for|if|store}}
// FUSED:            affine.store %{{.*}}, %arg1[%[[I]]]
// FUSED-NOT:        affine.{{for|if|store}}
// FUSED:            affine.store %{{.*}}, %arg3[%[[I]] + 1]
// FUSED-NEXT:     }
// FUSED-NEXT:     affine.if #[[GE1]](%[[N]]) {
// FUSED-NEXT:       %[[FIRST:[0-9]+]] = affine.apply #[[ZERO]]()
// FUSED-NOT:        affine.{{for|if|store}}
// FUSED:            affine.store %{{.*}}, %arg4[%[[FIRST]]]
// FUSED-NEXT:     }
// FUSED-NEXT:     affine.for %[[T:arg[0-9]+]] = 1 to #{{map[0-9]*}}(%[[N]]) {
// FUSED-NOT:        affine.{{for|if|store}}
// FUSED:            affine.store %{{.*}}, %arg4[%[[T]]]
// FUSED-NEXT:       %[[PREV:[0-9]+]] = affine.apply #[[MINUS1]](%[[T]])
// FUSED-NOT:        affine.{{for|if|store}}
// FUSED:            affine.store %{{.*}}, %arg5[%[[PREV]]]
// FUSED-NEXT:     }
// FUSED-NEXT:     affine.if #[[GE1]](%[[N]]) {
// FUSED-NEXT:       %[[LAST:[0-9]+]] = affine.apply #[[MINUS1]](%[[N]])
// FUSED-NOT:        affine.{{for|if|store}}
// FUSED:            affine.store %{{.*}}, %arg5[%[[LAST]]]
// FUSED-NEXT:     }
// FUSED-NEXT:     affine.for %[[I:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%[[N]]) {
// FUSED-NOT:        affine.{{for|if|store}}
// FUSED:            affine.store %{{.*}}, %arg6[%[[I]]]
// FUSED-NEXT:     }
// FUSED-NEXT:     return
// FUSED-LABEL:  func.func @init_chain(
// FUSED:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 10
// FUSED:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 1

// PARAM-DAG:    #[[NEG:map[0-9]*]] = affine_map<(d0) -> (-d0)>
// PARAM-DAG:    #[[SUM:map[0-9]*]] = affine_map<(d0, d1) -> (d0 + d1)>
// PARAM-LABEL:  func.func @kernel_chain(
// PARAM:          affine.for
// PARAM:          affine.for
// PARAM:          affine.for %[[T:arg[0-9]+]] = #[[NEG]](%[[N:[0-9]+]]) to 0 {
// PARAM-NEXT:       %[[I:[0-9]+]] = affine.apply #[[SUM]](%[[N]], %[[T]])
// PARAM-NOT:        affine.{{for|if|store}}
// PARAM:            affine.store %{{.*}}, %arg6[%[[I]]]
// PARAM-NEXT:     }
// PARAM-NEXT:     return
// PARAM-LABEL:  func.func @init_chain(
// PARAM:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 10

// ILLEGAL: shift.mlir:{{[0-9]+}}:5: error: the script breaks a dependence: flow dependences not executed in order: [arg0] -> { S2[i0] -> S3[i0' = i0] : 0 <= i0 < arg0 }

// ITERATOR: error: directive 1: shift((1), 1, i1): the amount may use parameters only, and `i1` is not one
