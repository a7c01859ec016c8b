// The schedule stage (tessel-print-schedule) with the identity scheduler: the
// original order as a tree of bands and sequences, the coincidence of each band
// member (no dependence carried by it), tiling of permutable bands of depth >= 2
// (tile loops over tile origins i - i mod 4, then point loops), and the parallel
// mark on the outermost coincident loop: "parallel-collapsed" when the coincident
// members after it in its band run in parallel with it (option parallel-collapse).
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-schedule{scheduler=identity tile=false parallel=false}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-schedule{scheduler=identity tile-sizes=4}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TILED

// No dependences: one permutable band, both members coincident. Tiled, the tile
// band is outermost and parallel, both of its members together.
// PLAIN-LABEL: remark: tessel: SCoP of 1 statements
// PLAIN-NEXT: domain: "[arg2] -> { S0[i0, i1] : 0 <= i0 < arg2 and 0 <= i1 < arg2 }"
// PLAIN-NEXT: child:
// PLAIN-NEXT:   schedule: "[arg2] -> [{ S0[i0, i1] -> [(i0)] }, { S0[i0, i1] -> [(i1)] }]"
// PLAIN-NEXT:   permutable: 1
// PLAIN-NEXT:   coincident: [ 1, 1 ]
// PLAIN-NEXT: T(S0): (i0, i1)
// TILED-LABEL: remark: tessel: SCoP of 1 statements
// TILED-NEXT: domain: "[arg2] -> { S0[i0, i1] : 0 <= i0 < arg2 and 0 <= i1 < arg2 }"
// TILED-NEXT: child:
// TILED-NEXT:   mark: "parallel-collapsed"
// TILED-NEXT:   child:
// TILED-NEXT:     schedule: "[arg2] -> [{ S0[i0, i1] -> [(i0 - (i0) mod 4)] }, { S0[i0, i1] -> [(i1 - (i1) mod 4)] }]"
// TILED-NEXT:     permutable: 1
// TILED-NEXT:     coincident: [ 1, 1 ]
// TILED-NEXT:     child:
// TILED-NEXT:       schedule: "[arg2] -> [{ S0[i0, i1] -> [(i0)] }, { S0[i0, i1] -> [(i1)] }]"
// TILED-NEXT:       permutable: 1
// TILED-NEXT:       coincident: [ 1, 1 ]
// TILED-NEXT: T(S0): (i0 - (i0) mod 4, i1 - (i1) mod 4, i0, i1)
func.func @copy(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %a = affine.load %A[%i, %j] : memref<?x?xf64>
      affine.store %a, %B[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

// Two nests: a sequence of two bands. The first carries its recurrence (not
// coincident, so no coincident line), the second is parallel.
// PLAIN-LABEL: remark: tessel: SCoP of 2 statements
// PLAIN-NEXT: domain: "[arg2] -> { S1[i0] : 0 <= i0 < arg2; S0[i0] : 0 < i0 < arg2 }"
// PLAIN-NEXT: child:
// PLAIN-NEXT:   sequence:
// PLAIN-NEXT:   - filter: "[arg2] -> { S0[i0] }"
// PLAIN-NEXT:     child:
// PLAIN-NEXT:       schedule: "[arg2] -> [{ S0[i0] -> [(i0)] }]"
// PLAIN-NEXT:       permutable: 1
// PLAIN-NEXT:   - filter: "[arg2] -> { S1[i0] }"
// PLAIN-NEXT:     child:
// PLAIN-NEXT:       schedule: "[arg2] -> [{ S1[i0] -> [(i0)] }]"
// PLAIN-NEXT:       permutable: 1
// PLAIN-NEXT:       coincident: [ 1 ]
// PLAIN-NEXT: T(S0): (0, i0)
// PLAIN-NEXT: T(S1): (1, i0)
// TILED-LABEL: remark: tessel: SCoP of 2 statements
// TILED:        - filter: "[arg2] -> { S1[i0] }"
// TILED-NEXT:     child:
// TILED-NEXT:       mark: "parallel"
// TILED-NEXT:       child:
// TILED-NEXT:         schedule: "[arg2] -> [{ S1[i0] -> [(i0)] }]"
// TILED-NEXT:         permutable: 1
// TILED-NEXT:         coincident: [ 1 ]
// TILED-NEXT: T(S0): (0, i0)
// TILED-NEXT: T(S1): (1, i0)
func.func @sequence(%A: memref<?xf64>, %B: memref<?xf64>, %n: index) {
  affine.for %i = 1 to %n {
    %a = affine.load %A[%i - 1] : memref<?xf64>
    affine.store %a, %A[%i] : memref<?xf64>
  }
  affine.for %i = 0 to %n {
    %a = affine.load %A[%i] : memref<?xf64>
    affine.store %a, %B[%i] : memref<?xf64>
  }
  return
}

// A[i][j] = A[i-1][j]: distance (1, 0), so the band is permutable but only j is
// coincident. Tiled, the tile band splits so that the parallel mark sits on the
// outermost coincident loop, the j tile loop.
// PLAIN-LABEL: remark: tessel: SCoP of 1 statements
// PLAIN:        schedule: "[arg1] -> [{ S0[i0, i1] -> [(i0)] }, { S0[i0, i1] -> [(i1)] }]"
// PLAIN-NEXT:   permutable: 1
// PLAIN-NEXT:   coincident: [ 0, 1 ]
// TILED-LABEL: remark: tessel: SCoP of 1 statements
// TILED-NEXT: domain: "[arg1] -> { S0[i0, i1] : 0 < i0 < arg1 and 0 <= i1 < arg1 }"
// TILED-NEXT: child:
// TILED-NEXT:   schedule: "[arg1] -> [{ S0[i0, i1] -> [(i0 - (i0) mod 4)] }]"
// TILED-NEXT:   permutable: 1
// TILED-NEXT:   child:
// TILED-NEXT:     mark: "parallel"
// TILED-NEXT:     child:
// TILED-NEXT:       schedule: "[arg1] -> [{ S0[i0, i1] -> [(i1 - (i1) mod 4)] }]"
// TILED-NEXT:       permutable: 1
// TILED-NEXT:       coincident: [ 1 ]
// TILED-NEXT:       child:
// TILED-NEXT:         schedule: "[arg1] -> [{ S0[i0, i1] -> [(i0)] }, { S0[i0, i1] -> [(i1)] }]"
// TILED-NEXT:         permutable: 1
// TILED-NEXT:         coincident: [ 0, 1 ]
// TILED-NEXT: T(S0): (i0 - (i0) mod 4, i1 - (i1) mod 4, i0, i1)
func.func @outer_carried(%A: memref<?x?xf64>, %n: index) {
  affine.for %i = 1 to %n {
    affine.for %j = 0 to %n {
      %a = affine.load %A[%i - 1, %j] : memref<?x?xf64>
      affine.store %a, %A[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

// A[i][j] = A[i-1][j+1]: distance (1, -1) is not non-negative in j, so i and j are
// separate one-member bands (nothing to tile); the dependence is carried by i, which
// leaves j coincident.
// TILED-LABEL: remark: tessel: SCoP of 1 statements
// TILED-NEXT: domain: "[arg1] -> { S0[i0, i1] : 0 < i0 < arg1 and 0 <= i1 <= -2 + arg1 }"
// TILED-NEXT: child:
// TILED-NEXT:   schedule: "[arg1] -> [{ S0[i0, i1] -> [(i0)] }]"
// TILED-NEXT:   permutable: 1
// TILED-NEXT:   child:
// TILED-NEXT:     mark: "parallel"
// TILED-NEXT:     child:
// TILED-NEXT:       schedule: "[arg1] -> [{ S0[i0, i1] -> [(i1)] }]"
// TILED-NEXT:       permutable: 1
// TILED-NEXT:       coincident: [ 1 ]
// TILED-NEXT: T(S0): (i0, i1)
func.func @skewed(%A: memref<?x?xf64>, %n: index) {
  affine.for %i = 1 to %n {
    affine.for %j = 0 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
      %a = affine.load %A[%i - 1, %j + 1] : memref<?x?xf64>
      affine.store %a, %A[%i, %j] : memref<?x?xf64>
    }
  }
  return
}
