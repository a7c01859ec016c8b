// tessel-raise-scf reads mod, floordiv and ceildiv by a positive constant back from
// the select forms lower-affine writes them in (remsi / divsi, which round towards
// zero, corrected on the sign). The raised function is Inputs/divisions.mlir again:
// the same maps, and the same code from tessel-optimize.
// RUN: %mlir-opt --pass-pipeline='builtin.module(func.func(lower-affine))' %S/Inputs/divisions.mlir -o %t.scf
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-raise-scf))' %t.scf 2>&1 | FileCheck %s
// CHECK-NOT: kept this
// CHECK: raised 2 scf.for loops to affine.for, 0 scf.if to affine.if and 2 memref loads and stores to affine ones
// CHECK-DAG: #[[LB:.*]] = affine_map<(d0) -> (d0 floordiv 2)>
// CHECK-DAG: #[[UB:.*]] = affine_map<(d0)[s0] -> (s0, d0 ceildiv 2 + 8)>
// CHECK: affine.for %[[I:.*]] = 0 to %{{.*}} {
// CHECK-NEXT: affine.for %[[J:.*]] = #[[LB]](%[[I]]) to min #[[UB]](%[[I]])[%{{.*}}] {
// CHECK-NEXT: affine.load %{{.*}}[%[[I]] floordiv 3 + %[[J]] mod 4 + %[[I]] ceildiv 5]
// CHECK-NEXT: affine.store
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-raise-scf,tessel-optimize))' %t.scf -o %t.raised 2>/dev/null
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %S/Inputs/divisions.mlir -o %t.affine 2>/dev/null
// RUN: diff %t.raised %t.affine
//
// A remsi or divsi alone rounds towards zero: no affine form, kept with the reason.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-raise-scf))' %s 2>&1 | FileCheck %s --check-prefix=BARE
// BARE: remark: tessel: kept this 'memref.load': its subscript is not affine: a value computed by 'arith.remsi'
// BARE: remark: tessel: kept this 'memref.store': its subscript is not affine: a value computed by 'arith.divsi'
func.func @bare(%A: memref<?xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %n step %c1 {
    %r = arith.remsi %i, %c4 : index
    %v = memref.load %A[%r] : memref<?xf64>
    %q = arith.divsi %i, %c4 : index
    memref.store %v, %A[%q] : memref<?xf64>
  }
  return
}
