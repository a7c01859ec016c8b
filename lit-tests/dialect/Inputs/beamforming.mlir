// Seed 003 (CGO'16) Fig. 1: the conventional beamforming kernel, in affine MLIR, in
// the kernel-harness format (kernels/harness.c): @tessel_run(N, M, ...) allocates,
// initializes, times @kernel_beamforming and hashes a_r, a_i, t, t_val and val.
//
//   t = 0;                                            // L0
//   t_val = DBL_MIN;                                  // S0
//   for (i = 0; i < N; i++) {
//     a_i[i] = 0;                                     // S2
//     a_r[i] = 0;                                     // S3
//     for (j = 0; j < M; j++) {
//       a_r[i] += s_r[j]*m_r[i][j] - s_i[j]*m_i[i][j];  // S4
//       a_i[i] += s_i[j]*m_r[i][j] + s_r[j]*m_i[i][j];  // S5
//     }
//     val = a_r[i]*a_r[i] + a_i[i]*a_i[i];            // S6
//     t = (val >= t_val) ? (t_val = val, i) : t;      // S7
//   }
//
// S7 is two stores, so two Tessel statements: t first (t = val >= t_val ? i : t),
// then t_val (t_val = val >= t_val ? val : t_val). In that order each reads the
// t_val of before the update, as the C does. t, t_val and val are 0-d memrefs; t
// holds the index as an f64.
module {
  func.func @kernel_beamforming(%argN: i32, %argM: i32,
      %a_r: memref<?xf64>, %a_i: memref<?xf64>,
      %s_r: memref<?xf64>, %s_i: memref<?xf64>,
      %m_r: memref<?x?xf64>, %m_i: memref<?x?xf64>,
      %t: memref<f64>, %t_val: memref<f64>, %val: memref<f64>) {
    %n = arith.index_cast %argN : i32 to index
    %m = arith.index_cast %argM : i32 to index
    %zero = arith.constant 0.0 : f64
    %dbl_min = arith.constant 2.2250738585072014e-308 : f64
    affine.store %zero, %t[] : memref<f64>
    affine.store %dbl_min, %t_val[] : memref<f64>
    affine.for %i = 0 to %n {
      affine.store %zero, %a_i[%i] : memref<?xf64>
      affine.store %zero, %a_r[%i] : memref<?xf64>
      affine.for %j = 0 to %m {
        %sr = affine.load %s_r[%j] : memref<?xf64>
        %si = affine.load %s_i[%j] : memref<?xf64>
        %mr = affine.load %m_r[%i, %j] : memref<?x?xf64>
        %mi = affine.load %m_i[%i, %j] : memref<?x?xf64>
        %ar = affine.load %a_r[%i] : memref<?xf64>
        %p0 = arith.mulf %sr, %mr : f64
        %p1 = arith.mulf %si, %mi : f64
        %d0 = arith.subf %p0, %p1 : f64
        %r0 = arith.addf %ar, %d0 : f64
        affine.store %r0, %a_r[%i] : memref<?xf64>
        %sr1 = affine.load %s_r[%j] : memref<?xf64>
        %si1 = affine.load %s_i[%j] : memref<?xf64>
        %mr1 = affine.load %m_r[%i, %j] : memref<?x?xf64>
        %mi1 = affine.load %m_i[%i, %j] : memref<?x?xf64>
        %ai = affine.load %a_i[%i] : memref<?xf64>
        %q0 = arith.mulf %si1, %mr1 : f64
        %q1 = arith.mulf %sr1, %mi1 : f64
        %d1 = arith.addf %q0, %q1 : f64
        %r1 = arith.addf %ai, %d1 : f64
        affine.store %r1, %a_i[%i] : memref<?xf64>
      }
      %ar2 = affine.load %a_r[%i] : memref<?xf64>
      %ai2 = affine.load %a_i[%i] : memref<?xf64>
      %sq0 = arith.mulf %ar2, %ar2 : f64
      %sq1 = arith.mulf %ai2, %ai2 : f64
      %v = arith.addf %sq0, %sq1 : f64
      affine.store %v, %val[] : memref<f64>
      // t = (val >= t_val) ? i : t
      %v1 = affine.load %val[] : memref<f64>
      %tv1 = affine.load %t_val[] : memref<f64>
      %t1 = affine.load %t[] : memref<f64>
      %c1 = arith.cmpf oge, %v1, %tv1 : f64
      %ii = arith.index_cast %i : index to i64
      %if = arith.sitofp %ii : i64 to f64
      %tn = arith.select %c1, %if, %t1 : f64
      affine.store %tn, %t[] : memref<f64>
      // t_val = (val >= t_val) ? val : t_val
      %v2 = affine.load %val[] : memref<f64>
      %tv2 = affine.load %t_val[] : memref<f64>
      %c2 = arith.cmpf oge, %v2, %tv2 : f64
      %tvn = arith.select %c2, %v2, %tv2 : f64
      affine.store %tvn, %t_val[] : memref<f64>
    }
    return
  }

  // s_r[j] = (j % 7 + 1) / 7, s_i[j] = (3j % 5 - 2) / 5,
  // m_r[i][j] = ((i*j + 1) % 11) / 11 - 0.5, m_i[i][j] = ((i + 2j) % 13) / 13 - 0.25.
  func.func @init_beamforming(%argN: i32, %argM: i32,
      %s_r: memref<?xf64>, %s_i: memref<?xf64>,
      %m_r: memref<?x?xf64>, %m_i: memref<?x?xf64>) {
    %n = arith.index_cast %argN : i32 to index
    %m = arith.index_cast %argM : i32 to index
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %c5 = arith.constant 5 : i32
    %c7 = arith.constant 7 : i32
    %c11 = arith.constant 11 : i32
    %c13 = arith.constant 13 : i32
    %f5 = arith.constant 5.0 : f64
    %f7 = arith.constant 7.0 : f64
    %f11 = arith.constant 11.0 : f64
    %f13 = arith.constant 13.0 : f64
    %half = arith.constant 0.5 : f64
    %quarter = arith.constant 0.25 : f64
    affine.for %j = 0 to %m {
      %jj = arith.index_cast %j : index to i32
      %0 = arith.remsi %jj, %c7 : i32
      %1 = arith.addi %0, %c1 : i32
      %2 = arith.sitofp %1 : i32 to f64
      %3 = arith.divf %2, %f7 : f64
      affine.store %3, %s_r[%j] : memref<?xf64>
      %4 = arith.muli %jj, %c3 : i32
      %5 = arith.remsi %4, %c5 : i32
      %6 = arith.subi %5, %c2 : i32
      %7 = arith.sitofp %6 : i32 to f64
      %8 = arith.divf %7, %f5 : f64
      affine.store %8, %s_i[%j] : memref<?xf64>
    }
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %m {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %0 = arith.muli %ii, %jj : i32
        %1 = arith.addi %0, %c1 : i32
        %2 = arith.remsi %1, %c11 : i32
        %3 = arith.sitofp %2 : i32 to f64
        %4 = arith.divf %3, %f11 : f64
        %5 = arith.subf %4, %half : f64
        affine.store %5, %m_r[%i, %j] : memref<?x?xf64>
        %6 = arith.muli %jj, %c2 : i32
        %7 = arith.addi %ii, %6 : i32
        %8 = arith.remsi %7, %c13 : i32
        %9 = arith.sitofp %8 : i32 to f64
        %10 = arith.divf %9, %f13 : f64
        %11 = arith.subf %10, %quarter : f64
        affine.store %11, %m_i[%i, %j] : memref<?x?xf64>
      }
    }
    return
  }

  func.func @tessel_run(%s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
    %n = arith.index_cast %s0 : i32 to index
    %m = arith.index_cast %s1 : i32 to index
    %a_r = memref.alloc(%n) : memref<?xf64>
    %a_i = memref.alloc(%n) : memref<?xf64>
    %s_r = memref.alloc(%m) : memref<?xf64>
    %s_i = memref.alloc(%m) : memref<?xf64>
    %m_r = memref.alloc(%n, %m) : memref<?x?xf64>
    %m_i = memref.alloc(%n, %m) : memref<?x?xf64>
    %t = memref.alloc() : memref<f64>
    %t_val = memref.alloc() : memref<f64>
    %val = memref.alloc() : memref<f64>
    func.call @init_beamforming(%s0, %s1, %s_r, %s_i, %m_r, %m_i)
        : (i32, i32, memref<?xf64>, memref<?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
    func.call @tessel_timer_start() : () -> ()
    func.call @kernel_beamforming(%s0, %s1, %a_r, %a_i, %s_r, %s_i, %m_r, %m_i, %t, %t_val, %val)
        : (i32, i32, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>,
           memref<?x?xf64>, memref<?x?xf64>, memref<f64>, memref<f64>, memref<f64>) -> ()
    func.call @tessel_timer_stop() : () -> ()
    func.call @tessel_hash_f64_1d(%a_r) : (memref<?xf64>) -> ()
    func.call @tessel_hash_f64_1d(%a_i) : (memref<?xf64>) -> ()
    func.call @tessel_hash_f64_0d(%t) : (memref<f64>) -> ()
    func.call @tessel_hash_f64_0d(%t_val) : (memref<f64>) -> ()
    func.call @tessel_hash_f64_0d(%val) : (memref<f64>) -> ()
    memref.dealloc %a_r : memref<?xf64>
    memref.dealloc %a_i : memref<?xf64>
    memref.dealloc %s_r : memref<?xf64>
    memref.dealloc %s_i : memref<?xf64>
    memref.dealloc %m_r : memref<?x?xf64>
    memref.dealloc %m_i : memref<?x?xf64>
    memref.dealloc %t : memref<f64>
    memref.dealloc %t_val : memref<f64>
    memref.dealloc %val : memref<f64>
    return
  }

  func.func private @tessel_timer_start()
  func.func private @tessel_timer_stop()
  func.func private @tessel_hash_f64_0d(memref<f64>)
  func.func private @tessel_hash_f64_1d(memref<?xf64>)
}
