// A second run of tessel-optimize on its own output changes nothing (issue 42).
// Each op of Tessel's output that holds loops carries the unit attribute
// `tessel.generated`; a later run neither models it nor walks into it, and says so.
// Before the mark, a second run re-optimized the nests in both arms of the first
// run's parallel guard: @square grew from 49 to 97 lines, then to 163.
//
// Run 1, then run 2 on run 1's output: byte-identical, one remark per marked op.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s -o %t.1 2>/dev/null
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %t.1 -o %t.2 2>&1 | FileCheck %s --check-prefix=SECOND
// RUN: diff %t.1 %t.2
// SECOND-NOT: optimized SCoP
// SECOND: remark: tessel: left this loop nest as it is: Tessel generated it (it carries 'tessel.generated')
// SECOND-NOT: optimized SCoP
//
// Run 1's output: the guard of @square is marked, once; the nests inside it are not.
// RUN: FileCheck %s --check-prefix=FIRST < %t.1
// FIRST-LABEL: func.func @square(
// FIRST: scf.if
// FIRST: affine.parallel
// FIRST-NOT: tessel.generated
// FIRST: } else {
// FIRST-NOT: tessel.generated
// FIRST: } {tessel.generated}
// FIRST-NOT: tessel.generated
// FIRST: return
func.func @square(%m: memref<?x?xf32>, %n: index) {
  %c2 = arith.constant 2.0 : f32
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %v = affine.load %m[%i, %j] : memref<?x?xf32>
      %w = arith.mulf %v, %c2 : f32
      affine.store %w, %m[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// A marked nest inside a loop that is not marked (a later pass wrapped Tessel's
// output, say): the outer loop is no SCoP, with the reason; the marked nest stays as
// it is; the unmarked nest after it is still optimized (its outer loop is parallel).
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{parallel-min-work=0}))' %s 2>&1 | FileCheck %s --check-prefix=WRAPPED
// WRAPPED: remark: tessel: skipped this loop nest: 'affine.for': is Tessel's own output (tessel.generated): a second run keeps it as it is
// WRAPPED: remark: tessel: optimized SCoP of 1 statements
// WRAPPED-LABEL: func.func @wrapped(
// WRAPPED: affine.for %[[T:.*]] = 0 to 4 {
// WRAPPED-NEXT: affine.for %[[I:.*]] = 0 to 64 {
// WRAPPED-NEXT: affine.store %{{.*}}, %arg0[%[[T]], %[[I]]]
// WRAPPED-NEXT: }
// WRAPPED-NEXT: } {tessel.generated}
// WRAPPED-NEXT: }
// WRAPPED-NEXT: affine.parallel
func.func @wrapped(%a: memref<4x64xf32>, %b: memref<64x64xf32>) {
  %c0 = arith.constant 0.0 : f32
  affine.for %r = 0 to 1 {
    affine.for %t = 0 to 4 {
      affine.for %i = 0 to 64 {
        affine.store %c0, %a[%t, %i] : memref<4x64xf32>
      }
    } {tessel.generated}
  }
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      affine.store %c0, %b[%i, %j] : memref<64x64xf32>
    }
  }
  return
}
