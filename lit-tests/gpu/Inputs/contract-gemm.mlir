module {
  func.func @kernel_gemm(%arg0: i32, %arg1: i32, %arg2: i32, %alpha: f64, %beta: f64,
                         %C: memref<?x?xf64>, %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
    %ni = arith.index_cast %arg0 : i32 to index
    %nj = arith.index_cast %arg1 : i32 to index
    %nk = arith.index_cast %arg2 : i32 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %d0 = memref.dim %C, %c0 : memref<?x?xf64>
    %d1 = memref.dim %C, %c1 : memref<?x?xf64>
    %dC = gpu.alloc (%d0, %d1) : memref<?x?xf64>
    gpu.memcpy %dC, %C : memref<?x?xf64>, memref<?x?xf64>
    %a0 = memref.dim %A, %c0 : memref<?x?xf64>
    %a1 = memref.dim %A, %c1 : memref<?x?xf64>
    %dA = gpu.alloc (%a0, %a1) : memref<?x?xf64>
    gpu.memcpy %dA, %A : memref<?x?xf64>, memref<?x?xf64>
    %b0 = memref.dim %B, %c0 : memref<?x?xf64>
    %b1 = memref.dim %B, %c1 : memref<?x?xf64>
    %dB = gpu.alloc (%b0, %b1) : memref<?x?xf64>
    gpu.memcpy %dB, %B : memref<?x?xf64>, memref<?x?xf64>
    %gx = affine.apply affine_map<()[s0] -> (s0 ceildiv 16)>()[%nj]
    %gy = affine.apply affine_map<()[s0] -> (s0 ceildiv 16)>()[%ni]
    gpu.launch blocks(%bx, %by, %bz) in (%sgx = %gx, %sgy = %gy, %sgz = %c1)
               threads(%tx, %ty, %tz) in (%sbx = %c16, %sby = %c16, %sbz = %c1) {
      %i = affine.apply affine_map<(d0, d1) -> (d0 * 16 + d1)>(%by, %ty)
      %j = affine.apply affine_map<(d0, d1) -> (d0 * 16 + d1)>(%bx, %tx)
      affine.if affine_set<(d0, d1)[s0, s1] : (s0 - d0 - 1 >= 0, s1 - d1 - 1 >= 0)>(%i, %j)[%ni, %nj] {
        %0 = affine.load %dC[%i, %j] : memref<?x?xf64>
        %1 = arith.mulf %0, %beta : f64
        affine.store %1, %dC[%i, %j] : memref<?x?xf64>
        affine.for %k = 0 to %nk {
          %2 = affine.load %dA[%i, %k] : memref<?x?xf64>
          %3 = arith.mulf %alpha, %2 : f64
          %4 = affine.load %dB[%k, %j] : memref<?x?xf64>
          %5 = arith.mulf %3, %4 : f64
          %6 = affine.load %dC[%i, %j] : memref<?x?xf64>
          %7 = arith.addf %6, %5 : f64
          affine.store %7, %dC[%i, %j] : memref<?x?xf64>
        }
      }
      gpu.terminator
    }
    gpu.memcpy %C, %dC : memref<?x?xf64>, memref<?x?xf64>
    gpu.dealloc %dC : memref<?x?xf64>
    gpu.dealloc %dA : memref<?x?xf64>
    gpu.dealloc %dB : memref<?x?xf64>
    return
  }
}
