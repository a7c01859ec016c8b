// The PTX of the hand-written target=gpu contract for kernel_gemm
// (Inputs/contract-gemm.mlir: one gpu.launch, 16x16x1 blocks), with no CUDA
// toolkit: the device half of scripts/gpu's pipeline, run directly, leaves the
// PTX in the gpu.binary's `assembly` string (escaped, \0A for newlines) ...
//
// RUN: %mlir-opt %S/Inputs/contract-gemm.mlir --pass-pipeline='builtin.module(func.func(lower-affine),gpu-kernel-outlining,nvvm-attach-target{chip=sm_90},gpu.module(convert-scf-to-cf,convert-gpu-to-nvvm,reconcile-unrealized-casts),gpu-module-to-binary{format=isa})' | FileCheck %s --check-prefix=BINARY
//
// BINARY: gpu.launch_func @kernel_gemm_kernel::@kernel_gemm_kernel
// BINARY-SAME: blocks in ({{.*}}, {{.*}}, {{.*}}) threads in ({{.*}}, {{.*}}, {{.*}})
// BINARY: gpu.binary @kernel_gemm_kernel
// BINARY-SAME: #nvvm.target<chip = "sm_90">
// BINARY-SAME: assembly = "
// BINARY-SAME: .version 7.8\0A.target sm_90\0A.address_size 64
// BINARY-SAME: .visible .entry kernel_gemm_kernel(
// BINARY-SAME: \0A.maxntid 16, 16, 1\0A
//
// ... and `scripts/gpu ptx` (the whole pipeline, host lowering included)
// writes it unescaped, one file per outlined kernel.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../../scripts/gpu ptx gemm --mapped %S/Inputs/contract-gemm.mlir --out %t | FileCheck %s --check-prefix=SCRIPT
// RUN: FileCheck %s --check-prefix=PTX < %t/kernel_gemm_kernel.ptx
//
// SCRIPT: kernel_gemm_kernel: 1 .entry -> {{.*}}kernel_gemm_kernel.ptx
//
// PTX:      .version 7.8
// PTX-NEXT: .target sm_90
// PTX-NEXT: .address_size 64
// PTX:      .visible .entry kernel_gemm_kernel(
// PTX:      )
// PTX-NEXT: .maxntid 16, 16, 1
// PTX-NEXT: {
// PTX:      mov.u32 {{.*}}%ctaid.x;
// PTX:      mov.u32 {{.*}}%tid.x;
// No FMA contraction (the CPU build has none): the hashes stay bit-exact.
// PTX-NOT:  fma.rn.f64
// PTX:      mul.rn.f64
// PTX:      add.rn.f64
// PTX:      ret;
