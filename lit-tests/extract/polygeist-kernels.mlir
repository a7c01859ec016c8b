// Kernels in the shape Polygeist (cgeist) emits for PolyBench C code: i32 sizes cast
// to index at the top, arrays with static inner dimensions (memref<?x8xf64>), C
// scalars as memref.alloca at the function entry initialized with llvm.mlir.undef,
// bounds like n - 1 computed in i32, downward loops as affine.apply of an up-counting
// IV, `#map` aliases and llvm.linkage attributes.
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-scop))' %s -o /dev/null 2>&1 | FileCheck %s
//
// Execution check: optimized (default options, and tiles of 2 with isl's scheduler)
// the kernels compute what the originals compute.
// RUN: %mlir-opt %s %lower-to-llvm | %run-main | %strip-addresses > %t.orig
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s 2>%t.remarks | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.opt
// RUN: diff %t.orig %t.opt
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl-reference tile-sizes=2}))' %s 2>>%t.remarks | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.opt2
// RUN: diff %t.orig %t.opt2
// RUN: FileCheck %s --check-prefix=OPT < %t.remarks
// OPT-NOT: kept the original
// OPT-NOT: skipped this loop nest: {{.*}}kernel
// OPT-NOT: internal error

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0)[s0] -> (-d0 + s0 - 1)>
module attributes {llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128", llvm.target_triple = "x86_64-unknown-linux-gnu", "polygeist.target-cpu" = "x86-64"} {

  // gemm (C *= beta, then C += alpha A B) with arguments in PolyBench's order.
  // CHECK-LABEL: remark: tessel: SCoP of 2 statements
  // CHECK-NEXT: context: [arg0, arg1, arg2] -> {  :  }
  // CHECK:        domain: [arg0, arg1, arg2] -> { S1[i0, i1, i2] : 0 <= i0 < arg0 and 0 <= i1 < arg2 and 0 <= i2 < arg1 }
  // CHECK-NEXT:   schedule: [arg0, arg1, arg2] -> { S1[i0, i1, i2] -> [0, i0, 1, i1, 0, i2, 0] }
  // CHECK-NEXT:   read: [arg0, arg1, arg2] -> { S1[i0, i1, i2] -> arg5[i0, i2] }
  // CHECK-NEXT:   read: [arg0, arg1, arg2] -> { S1[i0, i1, i2] -> arg6[i0, i1] }
  // CHECK-NEXT:   read: [arg0, arg1, arg2] -> { S1[i0, i1, i2] -> arg7[i1, i2] }
  // CHECK-NEXT:   must-write: [arg0, arg1, arg2] -> { S1[i0, i1, i2] -> arg5[i0, i2] }
  func.func @kernel_gemm(%ni32: i32, %nj32: i32, %nk32: i32, %alpha: f64, %beta: f64, %C: memref<?x8xf64>, %A: memref<?x8xf64>, %B: memref<?x8xf64>) attributes {llvm.linkage = #llvm.linkage<internal>} {
    %ni = arith.index_cast %ni32 : i32 to index
    %nj = arith.index_cast %nj32 : i32 to index
    %nk = arith.index_cast %nk32 : i32 to index
    affine.for %i = 0 to %ni {
      affine.for %j = 0 to %nj {
        %c = affine.load %C[%i, %j] : memref<?x8xf64>
        %cb = arith.mulf %c, %beta : f64
        affine.store %cb, %C[%i, %j] : memref<?x8xf64>
      }
      affine.for %k = 0 to %nk {
        affine.for %j = 0 to %nj {
          %a = affine.load %A[%i, %k] : memref<?x8xf64>
          %aa = arith.mulf %alpha, %a : f64
          %b = affine.load %B[%k, %j] : memref<?x8xf64>
          %ab = arith.mulf %aa, %b : f64
          %c = affine.load %C[%i, %j] : memref<?x8xf64>
          %sum = arith.addf %c, %ab : f64
          affine.store %sum, %C[%i, %j] : memref<?x8xf64>
        }
      }
    }
    return
  }

  // durbin: the C scalars sum/beta/alpha are 0-d allocas (alloca0..2) stored with
  // undef, the local array z is a static alloca (alloca3). %new_beta is stored to
  // beta and read again after that store (demoted: T0); %new_alpha is used in a nested
  // loop (demoted: T1). The SCoP starts at the first store after the last alloca; the
  // load of r[0] before it stays in place.
  // CHECK-LABEL: remark: tessel: SCoP of 12 statements
  // CHECK-NEXT: context: [arg0] -> {  :  }
  // CHECK-NEXT: S0:
  // CHECK-NEXT:   domain: [arg0] -> { S0[] }
  // CHECK-NEXT:   schedule: [arg0] -> { S0[] -> [0] }
  // CHECK-NEXT:   must-write: [arg0] -> { S0[] -> arg2[0] }
  // CHECK:      S3:
  // CHECK-NEXT:   domain: [arg0] -> { S3[i0] : 0 < i0 < arg0 }
  // CHECK-NEXT:   schedule: [arg0] -> { S3[i0] -> [3, i0, 0] }
  // CHECK-NEXT:   read: [arg0] -> { S3[i0] -> alloca2[] }
  // CHECK-NEXT:   read: [arg0] -> { S3[i0] -> alloca1[] }
  // CHECK-NEXT:   must-write: [arg0] -> { S3[i0] -> T0[] }
  // CHECK:      S6:
  // CHECK-NEXT:   domain: [arg0] -> { S6[i0, i1] : 0 < i0 < arg0 and 0 <= i1 < i0 }
  // CHECK-NEXT:   schedule: [arg0] -> { S6[i0, i1] -> [3, i0, 3, i1, 0] }
  // CHECK-NEXT:   read: [arg0] -> { S6[i0, i1] -> alloca0[] }
  // CHECK-NEXT:   read: [arg0] -> { S6[i0, i1] -> arg1[-1 + i0 - i1] }
  // CHECK-NEXT:   read: [arg0] -> { S6[i0, i1] -> arg2[i1] }
  // CHECK-NEXT:   must-write: [arg0] -> { S6[i0, i1] -> alloca0[] }
  // CHECK:      S9:
  // CHECK-NEXT:   domain: [arg0] -> { S9[i0, i1] : 0 < i0 < arg0 and 0 <= i1 < i0 }
  // CHECK-NEXT:   schedule: [arg0] -> { S9[i0, i1] -> [3, i0, 6, i1, 0] }
  // CHECK-NEXT:   read: [arg0] -> { S9[i0, i1] -> arg2[i1] }
  // CHECK-NEXT:   read: [arg0] -> { S9[i0, i1] -> arg2[-1 + i0 - i1] }
  // CHECK-NEXT:   read: [arg0] -> { S9[i0, i1] -> T1[] }
  // CHECK-NEXT:   must-write: [arg0] -> { S9[i0, i1] -> alloca3[i1] }
  // CHECK:      S11:
  // CHECK-NEXT:   domain: [arg0] -> { S11[i0] : 0 < i0 < arg0 }
  // CHECK-NEXT:   schedule: [arg0] -> { S11[i0] -> [3, i0, 8] }
  // CHECK-NEXT:   read: [arg0] -> { S11[i0] -> T1[] }
  // CHECK-NEXT:   must-write: [arg0] -> { S11[i0] -> arg2[i0] }
  func.func @kernel_durbin(%n32: i32, %r: memref<?xf64>, %y: memref<?xf64>) attributes {llvm.linkage = #llvm.linkage<internal>} {
    %zero = arith.constant 0.000000e+00 : f64
    %one = arith.constant 1.000000e+00 : f64
    %sum = memref.alloca() : memref<f64>
    %undef = llvm.mlir.undef : f64
    affine.store %undef, %sum[] : memref<f64>
    %beta = memref.alloca() : memref<f64>
    affine.store %undef, %beta[] : memref<f64>
    %alpha = memref.alloca() : memref<f64>
    affine.store %undef, %alpha[] : memref<f64>
    %z = memref.alloca() : memref<16xf64>
    %r0 = affine.load %r[0] : memref<?xf64>
    %y0 = arith.negf %r0 : f64
    affine.store %y0, %y[0] : memref<?xf64>
    affine.store %one, %beta[] : memref<f64>
    %r0_again = affine.load %r[0] : memref<?xf64>
    %alpha0 = arith.negf %r0_again : f64
    affine.store %alpha0, %alpha[] : memref<f64>
    %n = arith.index_cast %n32 : i32 to index
    affine.for %k = 1 to %n {
      %a = affine.load %alpha[] : memref<f64>
      %a2 = arith.mulf %a, %a : f64
      %one_minus = arith.subf %one, %a2 : f64
      %b = affine.load %beta[] : memref<f64>
      %new_beta = arith.mulf %one_minus, %b : f64
      affine.store %new_beta, %beta[] : memref<f64>
      affine.store %zero, %sum[] : memref<f64>
      affine.for %i = 0 to #map(%k) {
        %rv = affine.load %r[%k - %i - 1] : memref<?xf64>
        %yv = affine.load %y[%i] : memref<?xf64>
        %p = arith.mulf %rv, %yv : f64
        %s = affine.load %sum[] : memref<f64>
        %s1 = arith.addf %s, %p : f64
        affine.store %s1, %sum[] : memref<f64>
      }
      %rk = affine.load %r[%k] : memref<?xf64>
      %s = affine.load %sum[] : memref<f64>
      %q = arith.addf %rk, %s : f64
      %nq = arith.negf %q : f64
      %new_alpha = arith.divf %nq, %new_beta : f64
      affine.store %new_alpha, %alpha[] : memref<f64>
      affine.for %i = 0 to #map(%k) {
        %yi = affine.load %y[%i] : memref<?xf64>
        %yk = affine.load %y[%k - %i - 1] : memref<?xf64>
        %t = arith.mulf %new_alpha, %yk : f64
        %zi = arith.addf %yi, %t : f64
        affine.store %zi, %z[%i] : memref<16xf64>
      }
      affine.for %i = 0 to #map(%k) {
        %zi = affine.load %z[%i] : memref<16xf64>
        affine.store %zi, %y[%i] : memref<?xf64>
      }
      affine.store %new_alpha, %y[%k] : memref<?xf64>
    }
    return
  }

  // jacobi-1d: the interior bound n - 1 is computed in i32 and cast; there is no
  // index_cast of n itself, so n - 1 is a parameter of its own (p1).
  // CHECK-LABEL: remark: tessel: SCoP of 2 statements
  // CHECK-NEXT: context: [arg0, p1] -> {  :  }
  // CHECK-NEXT: S0:
  // CHECK-NEXT:   domain: [arg0, p1] -> { S0[i0, i1] : 0 <= i0 < arg0 and 0 < i1 < p1 }
  // CHECK-NEXT:   schedule: [arg0, p1] -> { S0[i0, i1] -> [0, i0, 0, i1, 0] }
  // CHECK-NEXT:   read: [arg0, p1] -> { S0[i0, i1] -> arg2[-1 + i1] }
  // CHECK-NEXT:   read: [arg0, p1] -> { S0[i0, i1] -> arg2[i1] }
  // CHECK-NEXT:   read: [arg0, p1] -> { S0[i0, i1] -> arg2[1 + i1] }
  // CHECK-NEXT:   must-write: [arg0, p1] -> { S0[i0, i1] -> arg3[i1] }
  func.func @kernel_jacobi_1d(%arg0: i32, %arg1: i32, %arg2: memref<?xf64>, %arg3: memref<?xf64>) attributes {llvm.linkage = #llvm.linkage<internal>} {
    %cst = arith.constant 3.333300e-01 : f64
    %c-1_i32 = arith.constant -1 : i32
    %0 = arith.index_cast %arg0 : i32 to index
    %1 = arith.addi %arg1, %c-1_i32 : i32
    %2 = arith.index_cast %1 : i32 to index
    affine.for %arg4 = 0 to %0 {
      affine.for %arg5 = 1 to %2 {
        %3 = affine.load %arg2[%arg5 - 1] : memref<?xf64>
        %4 = affine.load %arg2[%arg5] : memref<?xf64>
        %5 = arith.addf %3, %4 : f64
        %6 = affine.load %arg2[%arg5 + 1] : memref<?xf64>
        %7 = arith.addf %5, %6 : f64
        %8 = arith.mulf %7, %cst : f64
        affine.store %8, %arg3[%arg5] : memref<?xf64>
      }
      affine.for %arg5 = 1 to %2 {
        %3 = affine.load %arg3[%arg5 - 1] : memref<?xf64>
        %4 = affine.load %arg3[%arg5] : memref<?xf64>
        %5 = arith.addf %3, %4 : f64
        %6 = affine.load %arg3[%arg5 + 1] : memref<?xf64>
        %7 = arith.addf %5, %6 : f64
        %8 = arith.mulf %7, %cst : f64
        affine.store %8, %arg2[%arg5] : memref<?xf64>
      }
    }
    return
  }

  // trisolv-like downward solve, for (i = n - 1; i >= 0; i--) with an i32 local
  // `sum` promoted to iter_args: cgeist counts %arg3 up and folds i = n - 1 - %arg3
  // in with affine.apply; the inner loop runs i + 1 <= j < n.
  // CHECK-LABEL: remark: tessel: SCoP of 4 statements
  // CHECK-NEXT: context: [arg0] -> {  :  }
  // CHECK-NEXT: S0:
  // CHECK-NEXT:   domain: [arg0] -> { S0[i0] : 0 <= i0 < arg0 }
  // CHECK-NEXT:   schedule: [arg0] -> { S0[i0] -> [0, i0, 0] }
  // CHECK-NEXT:   read: [arg0] -> { S0[i0] -> arg2[-1 + arg0 - i0] }
  // CHECK-NEXT:   must-write: [arg0] -> { S0[i0] -> T0[] }
  // CHECK-NEXT: S1:
  // CHECK-NEXT:   domain: [arg0] -> { S1[i0, i1] : 0 <= i0 < arg0 and arg0 - i0 <= i1 < arg0 }
  // CHECK-NEXT:   schedule: [arg0] -> { S1[i0, i1] -> [0, i0, 1, i1, 0] }
  // CHECK-NEXT:   read: [arg0] -> { S1[i0, i1] -> arg1[-1 + arg0 - i0, i1] }
  // CHECK-NEXT:   read: [arg0] -> { S1[i0, i1] -> arg3[i1] }
  // CHECK-NEXT:   read: [arg0] -> { S1[i0, i1] -> T0[] }
  // CHECK-NEXT:   must-write: [arg0] -> { S1[i0, i1] -> T0[] }
  // CHECK-NEXT: S2:
  // CHECK-NEXT:   domain: [arg0] -> { S2[i0] : 0 <= i0 < arg0 }
  // CHECK-NEXT:   schedule: [arg0] -> { S2[i0] -> [0, i0, 2] }
  // CHECK-NEXT:   read: [arg0] -> { S2[i0] -> arg1[-1 + arg0 - i0, -1 + arg0 - i0] }
  // CHECK-NEXT:   read: [arg0] -> { S2[i0] -> T0[] }
  // CHECK-NEXT:   must-write: [arg0] -> { S2[i0] -> arg3[-1 + arg0 - i0] }
  // CHECK-NEXT: S3:
  // CHECK-NEXT:   domain: [arg0] -> { S3[i0] : 0 <= i0 < arg0 }
  // CHECK-NEXT:   schedule: [arg0] -> { S3[i0] -> [0, i0, 3] }
  // CHECK-NEXT:   read: [arg0] -> { S3[i0] -> T0[] }
  // CHECK-NEXT:   must-write: [arg0] -> { S3[i0] -> arg4[-1 + arg0 - i0] }
  func.func @kernel_backsolve(%arg0: i32, %arg1: memref<?x8xf64>, %arg2: memref<?xf64>, %arg3: memref<?xf64>, %arg4: memref<?xf64>) attributes {llvm.linkage = #llvm.linkage<internal>} {
    %0 = arith.index_cast %arg0 : i32 to index
    affine.for %arg5 = 0 to %0 {
      %1 = affine.apply #map1(%arg5)[%0]
      %2 = affine.load %arg2[%1] : memref<?xf64>
      %3 = affine.for %arg6 = affine_map<(d0) -> (d0 + 1)>(%1) to %0 iter_args(%arg7 = %2) -> (f64) {
        %6 = affine.load %arg1[%1, %arg6] : memref<?x8xf64>
        %7 = affine.load %arg3[%arg6] : memref<?xf64>
        %8 = arith.mulf %6, %7 : f64
        %9 = arith.subf %arg7, %8 : f64
        affine.yield %9 : f64
      }
      %4 = affine.load %arg1[%1, %1] : memref<?x8xf64>
      %5 = arith.divf %3, %4 : f64
      affine.store %5, %arg3[%1] : memref<?xf64>
      affine.store %3, %arg4[%1] : memref<?xf64>
    }
    return
  }

  func.func private @printMemrefF64(memref<*xf64>)

  func.func @print1(%A: memref<?xf64>) {
    %u = memref.cast %A : memref<?xf64> to memref<*xf64>
    func.call @printMemrefF64(%u) : (memref<*xf64>) -> ()
    return
  }

  func.func @print2(%A: memref<?x8xf64>) {
    %u = memref.cast %A : memref<?x8xf64> to memref<*xf64>
    func.call @printMemrefF64(%u) : (memref<*xf64>) -> ()
    return
  }

  // X[i][j] = (i * 3 + j * 5) mod 11 / 4 + 1 (plus 8 on the diagonal), as init_array
  // code does it: i32 arithmetic on casts of the IVs, then sitofp.
  func.func @init2(%X: memref<?x8xf64>, %n: index) {
    %c3 = arith.constant 3 : i32
    %c5 = arith.constant 5 : i32
    %c11 = arith.constant 11 : i32
    %c4 = arith.constant 4.0 : f64
    %one = arith.constant 1.0 : f64
    %eight = arith.constant 8.0 : f64
    affine.for %i = 0 to %n {
      affine.for %j = 0 to 8 {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %a = arith.muli %ii, %c3 : i32
        %b = arith.muli %jj, %c5 : i32
        %s = arith.addi %a, %b : i32
        %r = arith.remsi %s, %c11 : i32
        %f = arith.sitofp %r : i32 to f64
        %q = arith.divf %f, %c4 : f64
        %v = arith.addf %q, %one : f64
        %eq = arith.cmpi eq, %ii, %jj : i32
        %d = arith.select %eq, %eight, %one : f64
        %w = arith.addf %v, %d : f64
        affine.store %w, %X[%i, %j] : memref<?x8xf64>
      }
    }
    return
  }

  func.func @init1(%X: memref<?xf64>, %n: index) {
    %one = arith.constant 1.0 : f64
    %c7 = arith.constant 7 : i32
    affine.for %i = 0 to %n {
      %ii = arith.index_cast %i : index to i32
      %r = arith.remsi %ii, %c7 : i32
      %f = arith.sitofp %r : i32 to f64
      %v = arith.addf %f, %one : f64
      affine.store %v, %X[%i] : memref<?xf64>
    }
    return
  }

  // durbin's init_array: r[i] = n + 1 - i.
  func.func @init_durbin(%X: memref<?xf64>, %n: index) {
    affine.for %i = 0 to %n {
      %v = affine.apply affine_map<(d0)[s0] -> (s0 + 1 - d0)>(%i)[%n]
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f64
      affine.store %f, %X[%i] : memref<?xf64>
    }
    return
  }

  func.func @main() {
    %c8_i32 = arith.constant 8 : i32
    %c6_i32 = arith.constant 6 : i32
    %c5_i32 = arith.constant 5 : i32
    %c3_i32 = arith.constant 3 : i32
    %c8 = arith.constant 8 : index
    %alpha = arith.constant 1.5 : f64
    %beta = arith.constant 1.2 : f64
    %alloc = memref.alloc() : memref<8x8xf64>
    %alloc_0 = memref.alloc() : memref<8x8xf64>
    %alloc_1 = memref.alloc() : memref<8x8xf64>
    %C = memref.cast %alloc : memref<8x8xf64> to memref<?x8xf64>
    %A = memref.cast %alloc_0 : memref<8x8xf64> to memref<?x8xf64>
    %B = memref.cast %alloc_1 : memref<8x8xf64> to memref<?x8xf64>
    func.call @init2(%C, %c8) : (memref<?x8xf64>, index) -> ()
    func.call @init2(%A, %c8) : (memref<?x8xf64>, index) -> ()
    func.call @init2(%B, %c8) : (memref<?x8xf64>, index) -> ()
    func.call @kernel_gemm(%c6_i32, %c5_i32, %c8_i32, %alpha, %beta, %C, %A, %B) : (i32, i32, i32, f64, f64, memref<?x8xf64>, memref<?x8xf64>, memref<?x8xf64>) -> ()
    func.call @print2(%C) : (memref<?x8xf64>) -> ()

    %r = memref.alloc() : memref<8xf64>
    %y = memref.alloc() : memref<8xf64>
    %rc = memref.cast %r : memref<8xf64> to memref<?xf64>
    %yc = memref.cast %y : memref<8xf64> to memref<?xf64>
    func.call @init_durbin(%rc, %c8) : (memref<?xf64>, index) -> ()
    func.call @kernel_durbin(%c8_i32, %rc, %yc) : (i32, memref<?xf64>, memref<?xf64>) -> ()
    func.call @print1(%yc) : (memref<?xf64>) -> ()

    func.call @kernel_jacobi_1d(%c3_i32, %c8_i32, %rc, %yc) : (i32, i32, memref<?xf64>, memref<?xf64>) -> ()
    func.call @print1(%rc) : (memref<?xf64>) -> ()
    func.call @print1(%yc) : (memref<?xf64>) -> ()

    %x = memref.alloc() : memref<8xf64>
    %xc = memref.cast %x : memref<8xf64> to memref<?xf64>
    func.call @init1(%xc, %c8) : (memref<?xf64>, index) -> ()
    func.call @kernel_backsolve(%c8_i32, %A, %rc, %yc, %xc) : (i32, memref<?x8xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>) -> ()
    func.call @print1(%yc) : (memref<?xf64>) -> ()
    func.call @print1(%xc) : (memref<?xf64>) -> ()
    return
  }
}
