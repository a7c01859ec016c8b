// COLLAPSE(ρ) (seed 003 Fig. 8): two members under ρ of one statement that differ
// only by complementary constraints (what INDEXSETSPLIT made) become one again.
// Kernel ../Inputs/chain.mlir, scripts Inputs/collapse.mlir; in the output,
// %arg1 .. %arg6 are A .. F.
//
// Legal: indexsetsplit((0), i1 - 3 >= 0) then collapse((0)): the original loop (0),
// with no affine.if (compare indexsetsplit.mlir's SPLIT).
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/collapse.mlir \
// RUN:   --entry roundtrip --sizes 10 %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ORIGINAL
//
// Legal: the halves swapped between the split and the collapse (they are not
// adjacent then: erratum E2): the original loop again.
// RUN: %python %S/../clay_exec.py --plugin %tessel --script %S/Inputs/collapse.mlir \
// RUN:   --entry reordered --sizes 10 %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ORIGINAL
//
// Precondition: nothing was split.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/collapse.mlir \
// RUN:   --transform-interpreter=entry-point=nothing_split %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOTHING
//
// Precondition: the i < 3 half was shifted after the split, so the halves differ by
// more than the split constraint.
// RUN: not %mlir-opt --load-dialect-plugin=%tessel \
// RUN:   --transform-preload-library=transform-library-paths=%S/Inputs/collapse.mlir \
// RUN:   --transform-interpreter=entry-point=not_complementary %S/../Inputs/chain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SHIFTED

// ORIGINAL-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// ORIGINAL-LABEL: func.func @kernel_chain(
// ORIGINAL:         affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%{{[0-9]+}}) {
// ORIGINAL-NOT:       affine.{{for|if|store}}
// ORIGINAL:           affine.store %{{.*}}, %arg1[%[[I]]]
// ORIGINAL-NOT:       affine.{{for|if|store}}
// ORIGINAL:           affine.store %{{.*}}, %arg3[%[[I]] + 1]
// ORIGINAL-NEXT:    }
// ORIGINAL-NEXT:    affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%{{[0-9]+}}) {
// ORIGINAL-NOT:       affine.{{for|if|store}}
// ORIGINAL:           affine.store %{{.*}}, %arg4[%[[I]]]
// ORIGINAL-NOT:       affine.{{for|if|store}}
// ORIGINAL:           affine.store %{{.*}}, %arg5[%[[I]]]
// ORIGINAL-NEXT:    }
// ORIGINAL-NEXT:    affine.for %[[I:arg[0-9]+]] = 0 to #[[ID]](%{{[0-9]+}}) {
// ORIGINAL-NOT:       affine.{{for|if|store}}
// ORIGINAL:           affine.store %{{.*}}, %arg6[%[[I]]]
// ORIGINAL-NEXT:    }
// ORIGINAL-NEXT:    return
// ORIGINAL-LABEL: func.func @init_chain(
// ORIGINAL:       clay-exec: hashes equal ({{[0-9a-f]+}}) at sizes 10

// NOTHING: error: directive 1: collapse((0)): no two members under (0) differ only by complementary constraints
// SHIFTED: error: directive 5: collapse((0)): no two members under (0) differ only by complementary constraints
