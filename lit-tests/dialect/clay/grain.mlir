// GRAIN(ρ, i, g) (seed 003 Fig. 8): under ρ, every constraint on α_i keeps its α_i
// term and has its other terms multiplied by g, so α_i = g·old: consecutive
// executions along α_i are g apart. Kernels ../Inputs/chain.mlir (%arg1 .. %arg6
// are A .. F) and ../Inputs/stencil.mlir (%arg2 is A); scripts Inputs/grain.mlir.
//
// Legal: chain's loop (1) grained by 2 (α1 = 2i) and fused with loop (0): the fused
// loop runs t = 0 .. 2N - 2; S0, S1 run on i = t while t < N, S2, S3 at even t on
// i = t / 2: two iterations of the first loop per iteration of the second.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/grain.mlir \
// RUN:   --entry fused --sizes 10 --sizes 1 %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FUSED
//
// Legal: stencil's j grained alone. Its dates are 2j, yet the code is the
// original's: isl's AST generator scales a loop's stride down (its default
// ast_build_scale_strides), and the order of the instances is unchanged.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/grain.mlir \
// RUN:   --entry alone --sizes 7,6 %S/../Inputs/stencil.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ALONE
//
// Illegal: loop (0) grained instead and fused: S2[i] runs at i, before S0[i] and
// S1[i] at 2i.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/grain.mlir \
// RUN:   --transform-interpreter=entry-point=illegal %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ILLEGAL
//
// Precondition: ρ is a loop.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/grain.mlir \
// RUN:   --transform-interpreter=entry-point=statement %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STATEMENT

// The fused loop is generated separated (codegen's separate_fused_innermost): t
// below N runs S0, S1 and, at even t, S2, S3; then the even t from N (rounded up)
// to 2N - 2 run S2, S3 alone, stepping by 2.
// FUSED-DAG:    #[[TWICE:map[0-9]*]] = affine_map<(d0) -> (d0 * 2 - 1)>
// FUSED-DAG:    #[[HALF:map[0-9]*]] = affine_map<(d0) -> (d0 floordiv 2)>
// FUSED-DAG:    #[[EVEN_FROM:map[0-9]*]] = affine_map<(d0) -> (((d0 + 1) floordiv 2) * 2)>
// FUSED-DAG:    #[[EVEN:set[0-9]*]] = affine_set<(d0) : (d0 mod 2 == 0)>
// FUSED-LABEL:  func.func @kernel_chain(
// FUSED:          %[[N:[0-9]+]] = arith.index_cast %arg0
// FUSED:          affine.for %[[T:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%[[N]]) {
// FUSED-NOT:        affine.{{for|if|store}}
// FUSED:            affine.store %{{.*}}, %arg1[%[[T]]]
// FUSED-NOT:        affine.{{for|if|store}}
// FUSED:            affine.store %{{.*}}, %arg3[%[[T]] + 1]
// FUSED-NEXT:       affine.if #[[EVEN]](%[[T]]) {
// FUSED-NEXT:         %[[I:[0-9]+]] = affine.apply #[[HALF]](%[[T]])
// FUSED-NOT:          affine.{{for|if|store}}
// FUSED:              affine.store %{{.*}}, %arg4[%[[I]]]
// FUSED-NEXT:         %[[I:[0-9]+]] = affine.apply #[[HALF]](%[[T]])
// FUSED-NOT:          affine.{{for|if|store}}
// FUSED:              affine.store %{{.*}}, %arg5[%[[I]]]
// FUSED-NEXT:       }
// FUSED-NEXT:     }
// FUSED-NEXT:     affine.for %[[T:arg[0-9]+]] = #[[EVEN_FROM]](%[[N]]) to #[[TWICE]](%[[N]]) step 2 {
// FUSED-NEXT:       %[[I:[0-9]+]] = affine.apply #[[HALF]](%[[T]])
// FUSED-NOT:        affine.{{for|if|store}}
// FUSED:            affine.store %{{.*}}, %arg4[%[[I]]]
// FUSED-NEXT:       %[[I:[0-9]+]] = affine.apply #[[HALF]](%[[T]])
// FUSED-NOT:        affine.{{for|if|store}}
// FUSED:            affine.store %{{.*}}, %arg5[%[[I]]]
// FUSED-NEXT:     }
// FUSED-NEXT:     affine.for %[[I:arg[0-9]+]] = 0 to #{{map[0-9]*}}(%[[N]]) {
// FUSED-NOT:        affine.{{for|if|store}}
// FUSED:            affine.store %{{.*}}, %arg6[%[[I]]]
// FUSED-NEXT:     }
// FUSED-NEXT:     return
// FUSED-LABEL:  func.func @init_chain(
// FUSED:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 10
// FUSED:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 1

// ALONE-DAG:    #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// ALONE-LABEL:  func.func @kernel_stencil(
// ALONE:          %[[N:[0-9]+]] = arith.index_cast %arg0
// ALONE-NEXT:     %[[M:[0-9]+]] = arith.index_cast %arg1
// ALONE:          affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%[[N]]) {
// ALONE-NEXT:       affine.for %[[J:arg[0-9]+]] = 0 to #[[ID]](%[[M]]) {
// ALONE-NOT:          affine.{{for|if|store|apply}}
// ALONE:              affine.store %{{.*}}, %arg2[%[[I]] + 1, %[[J]]]
// ALONE-NEXT:       }
// ALONE-NEXT:     }
// ALONE-NEXT:     return
// ALONE-LABEL:  func.func @init_stencil(
// ALONE:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 7,6

// ILLEGAL: grain.mlir:{{[0-9]+}}:5: error: the script breaks a dependence: flow dependences not executed in order: [arg0] -> { S0[i0] -> S2[i0' = i0] : 0 < i0 < arg0; S1[i0] -> S2[i0' = i0] : 0 < i0 < arg0 }

// STATEMENT: error: directive 1: grain((0, 1), 2, 2): (0, 1) is the statement S1, not a loop
