// The GPU runtime's stub mode (runtime/gpu/tessel_gpu_runtime.c): a host
// executable built by `scripts/gpu exe` from a mapped module links, runs to
// completion without a GPU, and records each launch and the copies.
//
// gemm from the contract (Inputs/contract-gemm.mlir), tessel_run(ni, nj, nk):
// one launch, grid (ceil(nj/16), ceil(ni/16), 1), block (16, 16, 1); copy-in of
// C (ni*nj), A (ni*nk), B (nk*nj) doubles, copy-out of C.
//
// RUN: %python %S/../../scripts/gpu exe gemm --mapped %S/Inputs/contract-gemm.mlir --out %t.gemm
//
// ni=60 nj=70 nk=80: grid (5, 4, 1); h2d (4200+4800+5600)*8 = 116800, d2h 4200*8 = 33600.
// RUN: env TESSEL_GPU_MODE=stub TESSEL_GPU_LOG=%t.gemm.log %t.gemm 60 70 80 2>&1 | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=GEMM < %t.gemm.log
// OUT: tessel-gpu-runtime: mode stub (TESSEL_GPU_MODE=stub)
// OUT: time:
// OUT: hash:
// GEMM:      tessel-gpu-runtime: summary mode=stub
// GEMM-NEXT: kernel kernel_gemm_kernel launches=1 grid=5,4,1 block=16,16,1 smem=0 gpu_ms=0.000000
// GEMM-NEXT: total kernels=1 launches=1 h2d_bytes=116800 d2h_bytes=33600 d2d_bytes=0 allocs=3
//
// ni=33 nj=17 nk=5: grid (2, 3, 1); h2d (561+165+85)*8 = 6488, d2h 561*8 = 4488; the
// summary goes to stderr without TESSEL_GPU_LOG.
// RUN: env TESSEL_GPU_MODE=stub %t.gemm 33 17 5 2>&1 >/dev/null | FileCheck %s --check-prefix=ODD
// ODD: kernel kernel_gemm_kernel launches=1 grid=2,3,1 block=16,16,1 smem=0
// ODD: total kernels=1 launches=1 h2d_bytes=6488 d2h_bytes=4488 d2d_bytes=0
//
// jacobi-1d hand-mapped (Inputs/mapped-jacobi-1d.mlir): two outlined kernels with
// the same function name in two gpu.modules, launched in a time loop;
// tsteps=7 n=130: 7 launches each, grid ceil(128/128) = 1, A and B copied both ways.
// RUN: %python %S/../../scripts/gpu exe jacobi-1d --mapped %S/Inputs/mapped-jacobi-1d.mlir --out %t.jacobi
// RUN: env TESSEL_GPU_MODE=stub %t.jacobi 7 130 2>&1 >/dev/null | FileCheck %s --check-prefix=JACOBI
// JACOBI:      kernel kernel_jacobi_1d_kernel#0 launches=7 grid=1,1,1 block=128,1,1 smem=0
// JACOBI-NEXT: kernel kernel_jacobi_1d_kernel#1 launches=7 grid=1,1,1 block=128,1,1 smem=0
// JACOBI-NEXT: total kernels=2 launches=14 h2d_bytes=2080 d2h_bytes=2080 d2d_bytes=0 allocs=2
//
// A bad mode is an error, not a silent fallback.
// RUN: not env TESSEL_GPU_MODE=bogus %t.gemm 4 4 4 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: TESSEL_GPU_MODE=bogus: expected stub, cuda or auto
