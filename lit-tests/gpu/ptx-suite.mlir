// PTX text for suite kernels by the documented commands (scripts/gpu ptx: the
// mapping, then gpu-kernel-outlining ... gpu-module-to-binary{format=isa}), with no
// CUDA toolkit. The block sizes are the mapping's: gemm 16x16 (i, j), jacobi-2d's
// sweeps 16x16 inside the host's time loop, lu's row update 16 threads. cholesky's
// square root is sqrt.rn.f64 (runtime/gpu/nv_math.ll): no call of libdevice, which
// the driver's JIT could not resolve.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../../scripts/gpu ptx gemm --out %t/gemm
// RUN: FileCheck %s --check-prefix=GEMM < %t/gemm/kernel_gemm_kernel.ptx
// RUN: %python %S/../../scripts/gpu ptx jacobi-2d --out %t/jacobi
// RUN: cat %t/jacobi/kernel_jacobi_2d_kernel*.ptx | FileCheck %s --check-prefix=JACOBI
// RUN: %python %S/../../scripts/gpu ptx lu --out %t/lu
// RUN: cat %t/lu/kernel_lu_kernel*.ptx | FileCheck %s --check-prefix=LU
// RUN: %python %S/../../scripts/gpu ptx cholesky --out %t/cholesky
// RUN: cat %t/cholesky/kernel_cholesky_kernel*.ptx | FileCheck %s --check-prefix=CHOLESKY

// GEMM: .target sm_90
// GEMM: .visible .entry kernel_gemm_kernel(
// GEMM: .maxntid 16, 16, 1
// GEMM-NOT: fma.rn

// JACOBI: .target sm_90
// JACOBI: .entry kernel_jacobi_2d_kernel
// JACOBI: .maxntid 16, 16, 1
// JACOBI: .target sm_90
// JACOBI: .entry kernel_jacobi_2d_kernel
// JACOBI: .maxntid 16, 16, 1

// LU: .entry kernel_lu_kernel
// LU: .maxntid 16, 1, 1

// CHOLESKY-NOT: __nv_
// CHOLESKY: sqrt.rn.f64
// CHOLESKY-NOT: __nv_
