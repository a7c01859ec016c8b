// Adversarial SSA graphs: index arithmetic that doubles at every step shares its
// subexpressions, so walking it without memoization would take 2^k steps; its
// coefficients leave i64 after 63 doublings and a floor chain's text doubles at every
// step. Extraction finishes at once, never wraps around, and skips what it can't
// represent exactly.
// scheduler=isl, a preset: the code is regenerated, where scheduler=auto's cost model
// may leave a SCoP with nothing to gain as it was.
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl}))' %s -o /dev/null 2>&1 | FileCheck %s

// CHECK: remark: tessel: skipped this loop nest: 'memref.store': an index expression overflows 64-bit integers or is too large
func.func @doubling(%A: memref<?xf64>, %n: index) {
  %c = arith.constant 1.0 : f64
  affine.for %i = 0 to %n {
    %x0 = arith.addi %i, %i : index
    %x1 = arith.addi %x0, %x0 : index
    %x2 = arith.addi %x1, %x1 : index
    %x3 = arith.addi %x2, %x2 : index
    %x4 = arith.addi %x3, %x3 : index
    %x5 = arith.addi %x4, %x4 : index
    %x6 = arith.addi %x5, %x5 : index
    %x7 = arith.addi %x6, %x6 : index
    %x8 = arith.addi %x7, %x7 : index
    %x9 = arith.addi %x8, %x8 : index
    %x10 = arith.addi %x9, %x9 : index
    %x11 = arith.addi %x10, %x10 : index
    %x12 = arith.addi %x11, %x11 : index
    %x13 = arith.addi %x12, %x12 : index
    %x14 = arith.addi %x13, %x13 : index
    %x15 = arith.addi %x14, %x14 : index
    %x16 = arith.addi %x15, %x15 : index
    %x17 = arith.addi %x16, %x16 : index
    %x18 = arith.addi %x17, %x17 : index
    %x19 = arith.addi %x18, %x18 : index
    %x20 = arith.addi %x19, %x19 : index
    %x21 = arith.addi %x20, %x20 : index
    %x22 = arith.addi %x21, %x21 : index
    %x23 = arith.addi %x22, %x22 : index
    %x24 = arith.addi %x23, %x23 : index
    %x25 = arith.addi %x24, %x24 : index
    %x26 = arith.addi %x25, %x25 : index
    %x27 = arith.addi %x26, %x26 : index
    %x28 = arith.addi %x27, %x27 : index
    %x29 = arith.addi %x28, %x28 : index
    %x30 = arith.addi %x29, %x29 : index
    %x31 = arith.addi %x30, %x30 : index
    %x32 = arith.addi %x31, %x31 : index
    %x33 = arith.addi %x32, %x32 : index
    %x34 = arith.addi %x33, %x33 : index
    %x35 = arith.addi %x34, %x34 : index
    %x36 = arith.addi %x35, %x35 : index
    %x37 = arith.addi %x36, %x36 : index
    %x38 = arith.addi %x37, %x37 : index
    %x39 = arith.addi %x38, %x38 : index
    %x40 = arith.addi %x39, %x39 : index
    %x41 = arith.addi %x40, %x40 : index
    %x42 = arith.addi %x41, %x41 : index
    %x43 = arith.addi %x42, %x42 : index
    %x44 = arith.addi %x43, %x43 : index
    %x45 = arith.addi %x44, %x44 : index
    %x46 = arith.addi %x45, %x45 : index
    %x47 = arith.addi %x46, %x46 : index
    %x48 = arith.addi %x47, %x47 : index
    %x49 = arith.addi %x48, %x48 : index
    %x50 = arith.addi %x49, %x49 : index
    %x51 = arith.addi %x50, %x50 : index
    %x52 = arith.addi %x51, %x51 : index
    %x53 = arith.addi %x52, %x52 : index
    %x54 = arith.addi %x53, %x53 : index
    %x55 = arith.addi %x54, %x54 : index
    %x56 = arith.addi %x55, %x55 : index
    %x57 = arith.addi %x56, %x56 : index
    %x58 = arith.addi %x57, %x57 : index
    %x59 = arith.addi %x58, %x58 : index
    %x60 = arith.addi %x59, %x59 : index
    %x61 = arith.addi %x60, %x60 : index
    %x62 = arith.addi %x61, %x61 : index
    %x63 = arith.addi %x62, %x62 : index
    %x64 = arith.addi %x63, %x63 : index
    %x65 = arith.addi %x64, %x64 : index
    %x66 = arith.addi %x65, %x65 : index
    %x67 = arith.addi %x66, %x66 : index
    %x68 = arith.addi %x67, %x67 : index
    %x69 = arith.addi %x68, %x68 : index
    memref.store %c, %A[%x69] : memref<?xf64>
  }
  return
}

// CHECK: remark: tessel: skipped this loop nest: 'memref.store': an index expression overflows 64-bit integers or is too large
func.func @floor_chain(%A: memref<?xf64>, %n: index) {
  %c = arith.constant 1.0 : f64
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  affine.for %i = 0 to %n {
    %y0 = arith.addi %i, %i : index
    %t1 = arith.floordivsi %y0, %c3 : index
    %s1 = arith.addi %y0, %t1 : index
    %y1 = arith.floordivsi %s1, %c2 : index
    %t2 = arith.floordivsi %y1, %c3 : index
    %s2 = arith.addi %y1, %t2 : index
    %y2 = arith.floordivsi %s2, %c2 : index
    %t3 = arith.floordivsi %y2, %c3 : index
    %s3 = arith.addi %y2, %t3 : index
    %y3 = arith.floordivsi %s3, %c2 : index
    %t4 = arith.floordivsi %y3, %c3 : index
    %s4 = arith.addi %y3, %t4 : index
    %y4 = arith.floordivsi %s4, %c2 : index
    %t5 = arith.floordivsi %y4, %c3 : index
    %s5 = arith.addi %y4, %t5 : index
    %y5 = arith.floordivsi %s5, %c2 : index
    %t6 = arith.floordivsi %y5, %c3 : index
    %s6 = arith.addi %y5, %t6 : index
    %y6 = arith.floordivsi %s6, %c2 : index
    %t7 = arith.floordivsi %y6, %c3 : index
    %s7 = arith.addi %y6, %t7 : index
    %y7 = arith.floordivsi %s7, %c2 : index
    %t8 = arith.floordivsi %y7, %c3 : index
    %s8 = arith.addi %y7, %t8 : index
    %y8 = arith.floordivsi %s8, %c2 : index
    %t9 = arith.floordivsi %y8, %c3 : index
    %s9 = arith.addi %y8, %t9 : index
    %y9 = arith.floordivsi %s9, %c2 : index
    %t10 = arith.floordivsi %y9, %c3 : index
    %s10 = arith.addi %y9, %t10 : index
    %y10 = arith.floordivsi %s10, %c2 : index
    %t11 = arith.floordivsi %y10, %c3 : index
    %s11 = arith.addi %y10, %t11 : index
    %y11 = arith.floordivsi %s11, %c2 : index
    %t12 = arith.floordivsi %y11, %c3 : index
    %s12 = arith.addi %y11, %t12 : index
    %y12 = arith.floordivsi %s12, %c2 : index
    %t13 = arith.floordivsi %y12, %c3 : index
    %s13 = arith.addi %y12, %t13 : index
    %y13 = arith.floordivsi %s13, %c2 : index
    %t14 = arith.floordivsi %y13, %c3 : index
    %s14 = arith.addi %y13, %t14 : index
    %y14 = arith.floordivsi %s14, %c2 : index
    %t15 = arith.floordivsi %y14, %c3 : index
    %s15 = arith.addi %y14, %t15 : index
    %y15 = arith.floordivsi %s15, %c2 : index
    %t16 = arith.floordivsi %y15, %c3 : index
    %s16 = arith.addi %y15, %t16 : index
    %y16 = arith.floordivsi %s16, %c2 : index
    %t17 = arith.floordivsi %y16, %c3 : index
    %s17 = arith.addi %y16, %t17 : index
    %y17 = arith.floordivsi %s17, %c2 : index
    %t18 = arith.floordivsi %y17, %c3 : index
    %s18 = arith.addi %y17, %t18 : index
    %y18 = arith.floordivsi %s18, %c2 : index
    %t19 = arith.floordivsi %y18, %c3 : index
    %s19 = arith.addi %y18, %t19 : index
    %y19 = arith.floordivsi %s19, %c2 : index
    %t20 = arith.floordivsi %y19, %c3 : index
    %s20 = arith.addi %y19, %t20 : index
    %y20 = arith.floordivsi %s20, %c2 : index
    %t21 = arith.floordivsi %y20, %c3 : index
    %s21 = arith.addi %y20, %t21 : index
    %y21 = arith.floordivsi %s21, %c2 : index
    %t22 = arith.floordivsi %y21, %c3 : index
    %s22 = arith.addi %y21, %t22 : index
    %y22 = arith.floordivsi %s22, %c2 : index
    %t23 = arith.floordivsi %y22, %c3 : index
    %s23 = arith.addi %y22, %t23 : index
    %y23 = arith.floordivsi %s23, %c2 : index
    %t24 = arith.floordivsi %y23, %c3 : index
    %s24 = arith.addi %y23, %t24 : index
    %y24 = arith.floordivsi %s24, %c2 : index
    %t25 = arith.floordivsi %y24, %c3 : index
    %s25 = arith.addi %y24, %t25 : index
    %y25 = arith.floordivsi %s25, %c2 : index
    %t26 = arith.floordivsi %y25, %c3 : index
    %s26 = arith.addi %y25, %t26 : index
    %y26 = arith.floordivsi %s26, %c2 : index
    %t27 = arith.floordivsi %y26, %c3 : index
    %s27 = arith.addi %y26, %t27 : index
    %y27 = arith.floordivsi %s27, %c2 : index
    %t28 = arith.floordivsi %y27, %c3 : index
    %s28 = arith.addi %y27, %t28 : index
    %y28 = arith.floordivsi %s28, %c2 : index
    %t29 = arith.floordivsi %y28, %c3 : index
    %s29 = arith.addi %y28, %t29 : index
    %y29 = arith.floordivsi %s29, %c2 : index
    %t30 = arith.floordivsi %y29, %c3 : index
    %s30 = arith.addi %y29, %t30 : index
    %y30 = arith.floordivsi %s30, %c2 : index
    %t31 = arith.floordivsi %y30, %c3 : index
    %s31 = arith.addi %y30, %t31 : index
    %y31 = arith.floordivsi %s31, %c2 : index
    %t32 = arith.floordivsi %y31, %c3 : index
    %s32 = arith.addi %y31, %t32 : index
    %y32 = arith.floordivsi %s32, %c2 : index
    %t33 = arith.floordivsi %y32, %c3 : index
    %s33 = arith.addi %y32, %t33 : index
    %y33 = arith.floordivsi %s33, %c2 : index
    %t34 = arith.floordivsi %y33, %c3 : index
    %s34 = arith.addi %y33, %t34 : index
    %y34 = arith.floordivsi %s34, %c2 : index
    %t35 = arith.floordivsi %y34, %c3 : index
    %s35 = arith.addi %y34, %t35 : index
    %y35 = arith.floordivsi %s35, %c2 : index
    %t36 = arith.floordivsi %y35, %c3 : index
    %s36 = arith.addi %y35, %t36 : index
    %y36 = arith.floordivsi %s36, %c2 : index
    %t37 = arith.floordivsi %y36, %c3 : index
    %s37 = arith.addi %y36, %t37 : index
    %y37 = arith.floordivsi %s37, %c2 : index
    %t38 = arith.floordivsi %y37, %c3 : index
    %s38 = arith.addi %y37, %t38 : index
    %y38 = arith.floordivsi %s38, %c2 : index
    %t39 = arith.floordivsi %y38, %c3 : index
    %s39 = arith.addi %y38, %t39 : index
    %y39 = arith.floordivsi %s39, %c2 : index
    memref.store %c, %A[%y39] : memref<?xf64>
  }
  return
}

// The same doubling on a loop-invariant value before the nest: it can't be written
// in terms of %n, so it is a parameter of its own, and the nest is optimized.
// CHECK: remark: tessel: optimized SCoP of 1 statements
func.func @doubling_symbol(%A: memref<?xf64>, %n: index) {
  %c = arith.constant 1.0 : f64
  %x0 = arith.addi %n, %n : index
  %x1 = arith.addi %x0, %x0 : index
  %x2 = arith.addi %x1, %x1 : index
  %x3 = arith.addi %x2, %x2 : index
  %x4 = arith.addi %x3, %x3 : index
  %x5 = arith.addi %x4, %x4 : index
  %x6 = arith.addi %x5, %x5 : index
  %x7 = arith.addi %x6, %x6 : index
  %x8 = arith.addi %x7, %x7 : index
  %x9 = arith.addi %x8, %x8 : index
  %x10 = arith.addi %x9, %x9 : index
  %x11 = arith.addi %x10, %x10 : index
  %x12 = arith.addi %x11, %x11 : index
  %x13 = arith.addi %x12, %x12 : index
  %x14 = arith.addi %x13, %x13 : index
  %x15 = arith.addi %x14, %x14 : index
  %x16 = arith.addi %x15, %x15 : index
  %x17 = arith.addi %x16, %x16 : index
  %x18 = arith.addi %x17, %x17 : index
  %x19 = arith.addi %x18, %x18 : index
  %x20 = arith.addi %x19, %x19 : index
  %x21 = arith.addi %x20, %x20 : index
  %x22 = arith.addi %x21, %x21 : index
  %x23 = arith.addi %x22, %x22 : index
  %x24 = arith.addi %x23, %x23 : index
  %x25 = arith.addi %x24, %x24 : index
  %x26 = arith.addi %x25, %x25 : index
  %x27 = arith.addi %x26, %x26 : index
  %x28 = arith.addi %x27, %x27 : index
  %x29 = arith.addi %x28, %x28 : index
  %x30 = arith.addi %x29, %x29 : index
  %x31 = arith.addi %x30, %x30 : index
  %x32 = arith.addi %x31, %x31 : index
  %x33 = arith.addi %x32, %x32 : index
  %x34 = arith.addi %x33, %x33 : index
  %x35 = arith.addi %x34, %x34 : index
  %x36 = arith.addi %x35, %x35 : index
  %x37 = arith.addi %x36, %x36 : index
  %x38 = arith.addi %x37, %x37 : index
  %x39 = arith.addi %x38, %x38 : index
  %x40 = arith.addi %x39, %x39 : index
  %x41 = arith.addi %x40, %x40 : index
  %x42 = arith.addi %x41, %x41 : index
  %x43 = arith.addi %x42, %x42 : index
  %x44 = arith.addi %x43, %x43 : index
  %x45 = arith.addi %x44, %x44 : index
  %x46 = arith.addi %x45, %x45 : index
  %x47 = arith.addi %x46, %x46 : index
  %x48 = arith.addi %x47, %x47 : index
  %x49 = arith.addi %x48, %x48 : index
  %x50 = arith.addi %x49, %x49 : index
  %x51 = arith.addi %x50, %x50 : index
  %x52 = arith.addi %x51, %x51 : index
  %x53 = arith.addi %x52, %x52 : index
  %x54 = arith.addi %x53, %x53 : index
  %x55 = arith.addi %x54, %x54 : index
  %x56 = arith.addi %x55, %x55 : index
  %x57 = arith.addi %x56, %x56 : index
  %x58 = arith.addi %x57, %x57 : index
  %x59 = arith.addi %x58, %x58 : index
  %x60 = arith.addi %x59, %x59 : index
  %x61 = arith.addi %x60, %x60 : index
  %x62 = arith.addi %x61, %x61 : index
  %x63 = arith.addi %x62, %x62 : index
  %x64 = arith.addi %x63, %x63 : index
  %x65 = arith.addi %x64, %x64 : index
  %x66 = arith.addi %x65, %x65 : index
  %x67 = arith.addi %x66, %x66 : index
  %x68 = arith.addi %x67, %x67 : index
  %x69 = arith.addi %x68, %x68 : index
  affine.for %i = 0 to %n {
    memref.store %c, %A[%x69] : memref<?xf64>
  }
  return
}
// CHECK-NOT: remark
