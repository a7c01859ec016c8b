// The tuning database (issue 40): tessel-optimize{tuning-db=FILE} applies the
// options recorded for a SCoP whose model and target match, and says so; a database
// that is missing, corrupt, locked or measured on another target gives a remark and
// the schedule without it. Inputs/tuning-db.py writes entries as scripts/tune does.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-fusion-space))' %s -o /dev/null 2> %t/space
// RUN: %python %S/Inputs/tuning-db.py write %t/db.sqlite %t/space 'scheduler=pluto fusion-structure=0,0,1' '(S0 S1) (S2)' 1.25
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{tuning-db=%t/db.sqlite}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=HIT
// RUN: %python %S/Inputs/tuning-db.py write %t/other.sqlite %t/space 'scheduler=pluto' '' 1.5 'Another CPU; L2 1; line 64; vector 16; threads 8'
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{tuning-db=%t/other.sqlite}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: echo 'not a database, just text long enough to have a header' > %t/junk.sqlite
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{tuning-db=%t/junk.sqlite}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CORRUPT
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{tuning-db=%t/none.sqlite}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: %python %S/Inputs/tuning-db.py lock %t/db.sqlite -- %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{tuning-db=%t/db.sqlite}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOCKED
// RUN: %python %S/Inputs/tuning-db.py write %t/bad.sqlite %t/space 'scheduler=fast' '' 1.1
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{tuning-db=%t/bad.sqlite}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// The entry's options are applied (the structure's own remark follows) and the
// SCoP is optimized with them.
// HIT: remark: tessel: tuned: (S0 S1) (S2) (scheduler=pluto fusion-structure=0,0,1), measured 1.25x over the default on CPU X, 2026-11-29
// HIT: remark: tessel: fusion structure (S0 S1) (S2) (scheduler pluto, maximal fusion below it)
// HIT: remark: tessel: optimized SCoP of 3 statements

// OTHER: remark: tessel: tuning database {{.*}}other.sqlite: no entry for this SCoP on this target (model {{[0-9a-f]+}}, {{.*}}; 1 for other targets or space versions); scheduled as without it
// OTHER: remark: tessel: optimized SCoP of 3 statements
// CORRUPT: remark: tessel: tuning database {{.*}}junk.sqlite: file is not a database; scheduled as without it
// CORRUPT: remark: tessel: optimized SCoP of 3 statements
// MISSING: remark: tessel: tuning database {{.*}}none.sqlite: no such file; scheduled as without it
// MISSING: remark: tessel: optimized SCoP of 3 statements
// LOCKED: remark: tessel: tuning database {{.*}}db.sqlite: database is locked; scheduled as without it
// LOCKED: remark: tessel: optimized SCoP of 3 statements
// BAD: remark: tessel: tuning database {{.*}}bad.sqlite: the entry's options 'scheduler=fast' do not apply (option 'scheduler' takes one of {{.*}}); scheduled as without it
// BAD: remark: tessel: optimized SCoP of 3 statements
func.func @chain(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>,
                 %b: memref<?xf64>, %x: memref<?xf64>, %y: memref<?xf64>,
                 %z: memref<?xf64>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %0 = affine.load %x[%i] : memref<?xf64>
      %1 = affine.load %A[%i, %j] : memref<?x?xf64>
      %2 = affine.load %b[%j] : memref<?xf64>
      %3 = arith.mulf %1, %2 : f64
      %4 = arith.addf %0, %3 : f64
      affine.store %4, %x[%i] : memref<?xf64>
    }
  }
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %0 = affine.load %y[%i] : memref<?xf64>
      %1 = affine.load %B[%i, %j] : memref<?x?xf64>
      %2 = affine.load %x[%j] : memref<?xf64>
      %3 = arith.mulf %1, %2 : f64
      %4 = arith.addf %0, %3 : f64
      affine.store %4, %y[%i] : memref<?xf64>
    }
  }
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %0 = affine.load %z[%i] : memref<?xf64>
      %1 = affine.load %C[%i, %j] : memref<?x?xf64>
      %2 = affine.load %y[%j] : memref<?xf64>
      %3 = arith.mulf %1, %2 : f64
      %4 = arith.addf %0, %3 : f64
      affine.store %4, %z[%i] : memref<?xf64>
    }
  }
  return
}
