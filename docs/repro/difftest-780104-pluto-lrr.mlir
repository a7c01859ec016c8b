// seed 780104
module {
  func.func @p780104(%s_n0: i32, %A0: memref<17x13xi32>) {
    %n0 = arith.index_cast %s_n0 : i32 to index
    %k0 = arith.constant -1 : i32
    %k1 = arith.constant 7 : i64
    %k2 = arith.constant 3 : i64
    %L0 = memref.alloca() : memref<i64>
    affine.store %k2, %L0[] : memref<i64>
    affine.for %i3 = 1 to affine_map<()[s0] -> (s0 + 1)>()[%n0] {
      affine.for %i4 = 1 to 6 {
        affine.for %i5 = 0 to affine_map<()[s0] -> (s0)>()[%n0] step 3 {
          %v1 = affine.load %L0[] : memref<i64>
          %v2 = arith.trunci %v1 : i64 to i32
          %v3 = arith.addi %k0, %v2 : i32
          affine.store %v3, %A0[%i5 + 7, %i5 + 1] : memref<17x13xi32>
          affine.for %i6 = affine_map<(d0)[] -> (d0)>(%i5)[] to affine_map<()[s0] -> (s0 + 2)>()[%n0] {
            %v4 = affine.load %A0[-%i5 + 9, %i6 + 1] : memref<17x13xi32>
            %v5 = arith.extsi %v4 : i32 to i64
            %v6 = arith.muli %k1, %v5 : i64
            affine.store %v6, %L0[] : memref<i64>
          }
        }
      }
    }
    return
  }
}
