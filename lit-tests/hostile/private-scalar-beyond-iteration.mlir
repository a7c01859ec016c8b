// Found by scripts/difftest (generator seed 800016, variant pluto-t1-fmax:
// scheduler=pluto tile-sizes=1 fuse=max; difftest of 2026-11-26). Reduced from
// 7 statements to these 3 by the reducer's edits, with the remark below as the
// predicate.
//
// fuse=max puts S0 (the 0-d store of 1.5 into %L0), the %L0 chain S1 and the A0
// nest into one band, all of S0 and S1 at the first iteration of the parallel
// member (c1 = 0), which privatizes %L0 (alloca0: analysis/privatization.rs). isl
// generates S0 before the loops, as a 0-d statement alone, so the copy of %L0 that
// c1 = 0 would get misses S0's value: Tessel's check of the generated AST
// (verify/ast.rs, check 4) finds the live range leaving one iteration of the
// parallel loop, with every AST mode that keeps the loop parallel (with and
// without shifting; parallel only where isl generates the member as one loop).
// The last mode (AstMode::SequentialPrivate) runs each parallel loop that
// privatizes a scalar sequentially, and that AST passes: the SCoP keeps the fused,
// tiled schedule, with no parallel loop, and a remark says why. (Before, the
// rung was dropped and the schedule without fusion kept; before that, the
// original code.) The full program's run under the variant gives the original's
// results, bit for bit (scripts/difftest --programs 1 --seed 800016 --variants
// pluto-t1-fmax).
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=pluto tile-sizes=1 fuse=max parallel-min-work=0 time-budget=0}))' %s 2>&1 -o /dev/null | FileCheck %s
// CHECK: remark: tessel: AST generation: isl's first AST was refused (schedule violates dependences: the generated AST does not follow the schedule: alloca0 lives beyond one iteration of a loop that runs in parallel with a copy of it per iteration {{.*}}); regenerated without isl's stride shifting, and with every parallel loop that privatizes scalars run sequentially, which follows it
// CHECK-NOT: refused as asked
// CHECK: remark: tessel: optimized SCoP of 3 statements (scheduler=pluto, tiled bands=1, parallel loops=0,
module {
  func.func @p800016(%s_n0: i32, %s_n1: i32, %A0: memref<8x5xf64>) {
    %n0 = arith.index_cast %s_n0 : i32 to index
    %n1 = arith.index_cast %s_n1 : i32 to index
    %k0 = arith.constant 3.0 : f64
    %k1 = arith.constant -0.75 : f64
    %k2 = arith.constant 1.5 : f64
    %L0 = memref.alloca() : memref<f64>
    affine.store %k2, %L0[] : memref<f64>
    affine.for %i2 = 0 to affine_map<()[s0] -> (s0)>()[%n0] {
      %v1 = affine.load %L0[] : memref<f64>
      %v2 = arith.mulf %k0, %v1 : f64
      affine.store %v2, %L0[] : memref<f64>
    }
    affine.for %i4 = 0 to 5 {
      affine.for %i5 = 0 to affine_map<(d0)[] -> (d0 + 1)>(%i4)[] {
        affine.for %i3 = 0 to 6 {
          %v3 = affine.load %A0[%i3 + 2, %i5] : memref<8x5xf64>
          %v4 = arith.addf %k1, %v3 : f64
          %v5 = affine.load %A0[%i5 + 2, %i4] : memref<8x5xf64>
          %v6 = arith.mulf %v4, %v5 : f64
          affine.store %v6, %A0[%i3 + 2, %i4] : memref<8x5xf64>
        }
      }
    }
    return
  }
}
