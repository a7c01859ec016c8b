// DENSIFY(ρ, i) (seed 003 Fig. 8): the inverse of GRAIN, its factor g deduced (the
// gcd of the other coefficients of α_i's constraints, which must be > 1). Kernel
// ../Inputs/chain.mlir, scripts Inputs/densify.mlir; in the output, %arg1 .. %arg6
// are A .. F.
//
// Legal: loop (1) grained by 2, densified, then fused with loop (0): a plain fused
// loop over i = 0 .. N - 1 with S0, S1, S2, S3 (grain.mlir's FUSED, without the
// grain, runs 2N - 1 iterations with guards).
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/densify.mlir \
// RUN:   --entry fused --sizes 10 %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FUSED
//
// Legal: grained by 3 twice (α1 = 9i), densified once: the factor 9 goes at once.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/densify.mlir \
// RUN:   --entry triple --sizes 10 %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FUSED
//
// Precondition: the fused loop of grain.mlir holds α1 = 2i (S2, S3) and α1 = i
// (S0, S1): no common factor.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/densify.mlir \
// RUN:   --transform-interpreter=entry-point=mixed %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MIXED

// FUSED-DAG:    #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// FUSED-LABEL:  func.func @kernel_chain(
// FUSED:          %[[N:[0-9]+]] = arith.index_cast %arg0
// FUSED:          affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%[[N]]) {
// FUSED-NOT:        affine.{{for|if|store|apply}}
// FUSED:            affine.store %{{.*}}, %arg1[%[[I]]]
// FUSED-NOT:        affine.{{for|if|store|apply}}
// FUSED:            affine.store %{{.*}}, %arg3[%[[I]] + 1]
// FUSED-NOT:        affine.{{for|if|store|apply}}
// FUSED:            affine.store %{{.*}}, %arg4[%[[I]]]
// FUSED-NOT:        affine.{{for|if|store|apply}}
// FUSED:            affine.store %{{.*}}, %arg5[%[[I]]]
// FUSED-NEXT:     }
// FUSED-NEXT:     affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%[[N]]) {
// FUSED-NOT:        affine.{{for|if|store}}
// FUSED:            affine.store %{{.*}}, %arg6[%[[I]]]
// FUSED-NEXT:     }
// FUSED-NEXT:     return
// FUSED-LABEL:  func.func @init_chain(
// FUSED:        clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 10

// MIXED: error: directive 3: densify((0), 1): α1 has no grain to remove (the gcd of its constraints' other coefficients is 1)
