// A hand-mapped kernel_jacobi_1d in the form tessel-optimize{target=gpu} gives
// (copy-in, launches, copy-out): two launches per time step, inside a loop, with
// 1-D blocks of 128 threads over i in [1, n-1). For the GPU runtime's tests.
module {
  func.func @kernel_jacobi_1d(%arg0: i32, %arg1: i32, %A: memref<?xf64>, %B: memref<?xf64>) {
    %tsteps = arith.index_cast %arg0 : i32 to index
    %n = arith.index_cast %arg1 : i32 to index
    %third = arith.constant 0.33333 : f64
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %na = memref.dim %A, %c0 : memref<?xf64>
    %dA = gpu.alloc (%na) : memref<?xf64>
    gpu.memcpy %dA, %A : memref<?xf64>, memref<?xf64>
    %nb = memref.dim %B, %c0 : memref<?xf64>
    %dB = gpu.alloc (%nb) : memref<?xf64>
    gpu.memcpy %dB, %B : memref<?xf64>, memref<?xf64>
    %g = affine.apply affine_map<()[s0] -> ((s0 - 2) ceildiv 128)>()[%n]
    affine.for %t = 0 to %tsteps {
      gpu.launch blocks(%bx, %by, %bz) in (%sx = %g, %sy = %c1, %sz = %c1)
                 threads(%tx, %ty, %tz) in (%tsx = %c128, %tsy = %c1, %tsz = %c1) {
        %i = affine.apply affine_map<(d0, d1) -> (d0 * 128 + d1 + 1)>(%bx, %tx)
        affine.if affine_set<(d0)[s0] : (s0 - d0 - 2 >= 0)>(%i)[%n] {
          %0 = affine.load %dA[%i - 1] : memref<?xf64>
          %1 = affine.load %dA[%i] : memref<?xf64>
          %2 = arith.addf %0, %1 : f64
          %3 = affine.load %dA[%i + 1] : memref<?xf64>
          %4 = arith.addf %2, %3 : f64
          %5 = arith.mulf %third, %4 : f64
          affine.store %5, %dB[%i] : memref<?xf64>
        }
        gpu.terminator
      }
      gpu.launch blocks(%bx, %by, %bz) in (%sx = %g, %sy = %c1, %sz = %c1)
                 threads(%tx, %ty, %tz) in (%tsx = %c128, %tsy = %c1, %tsz = %c1) {
        %i = affine.apply affine_map<(d0, d1) -> (d0 * 128 + d1 + 1)>(%bx, %tx)
        affine.if affine_set<(d0)[s0] : (s0 - d0 - 2 >= 0)>(%i)[%n] {
          %0 = affine.load %dB[%i - 1] : memref<?xf64>
          %1 = affine.load %dB[%i] : memref<?xf64>
          %2 = arith.addf %0, %1 : f64
          %3 = affine.load %dB[%i + 1] : memref<?xf64>
          %4 = arith.addf %2, %3 : f64
          %5 = arith.mulf %third, %4 : f64
          affine.store %5, %dA[%i] : memref<?xf64>
        }
        gpu.terminator
      }
    }
    gpu.memcpy %A, %dA : memref<?xf64>, memref<?xf64>
    gpu.memcpy %B, %dB : memref<?xf64>, memref<?xf64>
    gpu.dealloc %dA : memref<?xf64>
    gpu.dealloc %dB : memref<?xf64>
    return
  }
}
