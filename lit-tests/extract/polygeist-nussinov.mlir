// PolyBench's nussinov in the shape cgeist gives it: the downward loop on i as an
// up-counting IV with i = n - 1 - ii folded into subscripts, bounds and affine.if
// sets (symbol(%n) in the maps), nested affine.if with else, max_score as scf.if
// yielding one of two loaded values, and match() on i8 sequence values in i32.
//
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-print-scop))' %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %mlir-opt %s %lower-to-llvm | %run-main | %strip-addresses > %t.orig
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize))' %s 2>%t.remarks | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.opt
// RUN: diff %t.orig %t.opt
// RUN: %tessel-opt --pass-pipeline='builtin.module(func.func(tessel-optimize{scheduler=isl-reference tile-sizes=3}))' %s 2>>%t.remarks | %mlir-opt %lower-to-llvm | %run-main | %strip-addresses > %t.opt2
// RUN: diff %t.orig %t.opt2
// RUN: FileCheck %s --check-prefix=OPT < %t.remarks
// OPT-NOT: skipped
// OPT-NOT: kept the original
// OPT: remark: tessel: optimized SCoP of 5 statements (scheduler={{[a-z-]+}},
// OPT: remark: tessel: optimized SCoP of 5 statements (scheduler=isl-reference

// Statements: the four ifs' updates (S0..S3, S2 and S3 the two branches of the
// nested if) and the k loop (S4). Every update reads table[i][j] in the condition
// and in one branch, and the other operand in the other branch; all write it.
// With i = n - 1 - ii: 0 <= ii < n, n - ii <= j < n; i + 1 < n is ii >= 1, and
// i < j - 1 is j > n - ii, so the else branch of the nested if is j = n - ii.
// CHECK-LABEL: remark: tessel: SCoP of 5 statements
// CHECK-NEXT: context: [arg0] -> {  :  }
// CHECK-NEXT: S0:
// CHECK-NEXT:   domain: [arg0] -> { S0[i0, i1] : 0 <= i0 < arg0 and i1 >= arg0 - i0 and 0 < i1 < arg0 }
// CHECK-NEXT:   schedule: [arg0] -> { S0[i0, i1] -> [0, i0, 0, i1, 0] }
// CHECK-NEXT:   read: [arg0] -> { S0[i0, i1] -> arg2[-1 + arg0 - i0, i1] }
// CHECK-NEXT:   read: [arg0] -> { S0[i0, i1] -> arg2[-1 + arg0 - i0, -1 + i1] }
// CHECK-NEXT:   read: [arg0] -> { S0[i0, i1] -> arg2[-1 + arg0 - i0, i1] }
// CHECK-NEXT:   read: [arg0] -> { S0[i0, i1] -> arg2[-1 + arg0 - i0, -1 + i1] }
// CHECK-NEXT:   must-write: [arg0] -> { S0[i0, i1] -> arg2[-1 + arg0 - i0, i1] }
// CHECK-NEXT: S1:
// CHECK-NEXT:   domain: [arg0] -> { S1[i0, i1] : 0 < i0 < arg0 and arg0 - i0 <= i1 < arg0 }
// CHECK:      S2:
// CHECK-NEXT:   domain: [arg0] -> { S2[i0, i1] : 0 < i0 < arg0 and i1 > arg0 - i0 and 0 < i1 < arg0 }
// CHECK-NEXT:   schedule: [arg0] -> { S2[i0, i1] -> [0, i0, 0, i1, 2] }
// CHECK:        read: [arg0] -> { S2[i0, i1] -> arg1[-1 + arg0 - i0] }
// CHECK-NEXT:   read: [arg0] -> { S2[i0, i1] -> arg1[i1] }
// CHECK:      S3:
// CHECK-NEXT:   domain: [arg0] -> { S3[i0, i1 = arg0 - i0] : 0 < i0 < arg0 }
// CHECK-NEXT:   schedule: [arg0] -> { S3[i0, i1] -> [0, i0, 0, i1, 3] }
// CHECK:      S4:
// CHECK-NEXT:   domain: [arg0] -> { S4[i0, i1, i2] : 0 <= i0 < arg0 and arg0 - i0 <= i1 < arg0 and arg0 - i0 <= i2 < i1 }
// CHECK-NEXT:   schedule: [arg0] -> { S4[i0, i1, i2] -> [0, i0, 0, i1, 4, i2, 0] }
#map_i = affine_map<(d0)[s0] -> (-d0 + s0 - 1)>
#map_j = affine_map<(d0)[s0] -> (-d0 + s0)>
#map_k = affine_map<(d0) -> (d0)>
#set_j = affine_set<(d0) : (d0 - 1 >= 0)>
#set_i = affine_set<(d0) : (d0 - 1 >= 0)>
#set_ij = affine_set<(d0, d1) : (d0 - 1 >= 0, d1 - 1 >= 0)>
#set_lt = affine_set<(d0, d1)[s0] : (d0 + d1 - s0 - 1 >= 0)>
module {
  func.func @kernel_nussinov(%n32: i32, %seq: memref<?xi8>, %table: memref<?x8xi32>) {
    %c3_i32 = arith.constant 3 : i32
    %n = arith.index_cast %n32 : i32 to index
    %n_again = arith.index_cast %n32 : i32 to index
    affine.for %ii = 0 to %n {
      affine.for %j = #map_j(%ii)[%n] to %n_again {
        affine.if #set_j(%j) {
          %t = affine.load %table[-%ii + symbol(%n) - 1, %j] : memref<?x8xi32>
          %l = affine.load %table[-%ii + symbol(%n) - 1, %j - 1] : memref<?x8xi32>
          %ge = arith.cmpi sge, %t, %l : i32
          %m = scf.if %ge -> (i32) {
            %v = affine.load %table[-%ii + symbol(%n) - 1, %j] : memref<?x8xi32>
            scf.yield %v : i32
          } else {
            %v = affine.load %table[-%ii + symbol(%n) - 1, %j - 1] : memref<?x8xi32>
            scf.yield %v : i32
          }
          affine.store %m, %table[-%ii + symbol(%n) - 1, %j] : memref<?x8xi32>
        }
        affine.if #set_i(%ii) {
          %t = affine.load %table[-%ii + symbol(%n) - 1, %j] : memref<?x8xi32>
          %d = affine.load %table[-%ii + symbol(%n), %j] : memref<?x8xi32>
          %ge = arith.cmpi sge, %t, %d : i32
          %m = scf.if %ge -> (i32) {
            %v = affine.load %table[-%ii + symbol(%n) - 1, %j] : memref<?x8xi32>
            scf.yield %v : i32
          } else {
            %v = affine.load %table[-%ii + symbol(%n), %j] : memref<?x8xi32>
            scf.yield %v : i32
          }
          affine.store %m, %table[-%ii + symbol(%n) - 1, %j] : memref<?x8xi32>
        }
        affine.if #set_ij(%j, %ii) {
          affine.if #set_lt(%ii, %j)[%n] {
            %t = affine.load %table[-%ii + symbol(%n) - 1, %j] : memref<?x8xi32>
            %dl = affine.load %table[-%ii + symbol(%n), %j - 1] : memref<?x8xi32>
            %si = affine.load %seq[-%ii + symbol(%n) - 1] : memref<?xi8>
            %si32 = arith.extsi %si : i8 to i32
            %sj = affine.load %seq[%j] : memref<?xi8>
            %sj32 = arith.extsi %sj : i8 to i32
            %pair = arith.addi %si32, %sj32 : i32
            %is3 = arith.cmpi eq, %pair, %c3_i32 : i32
            %match = arith.extui %is3 : i1 to i32
            %cand = arith.addi %dl, %match : i32
            %ge = arith.cmpi sge, %t, %cand : i32
            %m = scf.if %ge -> (i32) {
              %v = affine.load %table[-%ii + symbol(%n) - 1, %j] : memref<?x8xi32>
              scf.yield %v : i32
            } else {
              %v = affine.load %table[-%ii + symbol(%n), %j - 1] : memref<?x8xi32>
              %w = arith.addi %v, %match : i32
              scf.yield %w : i32
            }
            affine.store %m, %table[-%ii + symbol(%n) - 1, %j] : memref<?x8xi32>
          } else {
            %t = affine.load %table[-%ii + symbol(%n) - 1, %j] : memref<?x8xi32>
            %dl = affine.load %table[-%ii + symbol(%n), %j - 1] : memref<?x8xi32>
            %ge = arith.cmpi sge, %t, %dl : i32
            %m = scf.if %ge -> (i32) {
              %v = affine.load %table[-%ii + symbol(%n) - 1, %j] : memref<?x8xi32>
              scf.yield %v : i32
            } else {
              %v = affine.load %table[-%ii + symbol(%n), %j - 1] : memref<?x8xi32>
              scf.yield %v : i32
            }
            affine.store %m, %table[-%ii + symbol(%n) - 1, %j] : memref<?x8xi32>
          }
        }
        affine.for %k = #map_j(%ii)[%n] to #map_k(%j) {
          %t = affine.load %table[-%ii + symbol(%n) - 1, %j] : memref<?x8xi32>
          %a = affine.load %table[-%ii + symbol(%n) - 1, %k] : memref<?x8xi32>
          %b = affine.load %table[%k + 1, %j] : memref<?x8xi32>
          %s = arith.addi %a, %b : i32
          %ge = arith.cmpi sge, %t, %s : i32
          %m = scf.if %ge -> (i32) {
            %v = affine.load %table[-%ii + symbol(%n) - 1, %j] : memref<?x8xi32>
            scf.yield %v : i32
          } else {
            %v = affine.load %table[-%ii + symbol(%n) - 1, %k] : memref<?x8xi32>
            %w = arith.addi %v, %b : i32
            scf.yield %w : i32
          }
          affine.store %m, %table[-%ii + symbol(%n) - 1, %j] : memref<?x8xi32>
        }
      }
    }
    return
  }

  func.func private @printMemrefI32(memref<*xi32>)

  // PolyBench's init: seq[i] = (i + 1) % 4, table = 0.
  func.func @main() {
    %c8_i32 = arith.constant 8 : i32
    %zero = arith.constant 0 : i32
    %seq = memref.alloc() : memref<8xi8>
    %table = memref.alloc() : memref<8x8xi32>
    affine.for %i = 0 to 8 {
      %v = affine.apply affine_map<(d0) -> ((d0 + 1) mod 4)>(%i)
      %vi = arith.index_cast %v : index to i32
      %v8 = arith.trunci %vi : i32 to i8
      affine.store %v8, %seq[%i] : memref<8xi8>
      affine.for %j = 0 to 8 {
        affine.store %zero, %table[%i, %j] : memref<8x8xi32>
      }
    }
    %seqc = memref.cast %seq : memref<8xi8> to memref<?xi8>
    %tablec = memref.cast %table : memref<8x8xi32> to memref<?x8xi32>
    func.call @kernel_nussinov(%c8_i32, %seqc, %tablec) : (i32, memref<?xi8>, memref<?x8xi32>) -> ()
    %u = memref.cast %table : memref<8x8xi32> to memref<*xi32>
    func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
