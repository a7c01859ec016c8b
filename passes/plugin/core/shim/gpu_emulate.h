// What gpu_emulate.cpp (the emulation and the pass) and gpu_emulate_checks.cpp
// (the checks and the host side) share.

#ifndef TESSEL_GPU_EMULATE_H
#define TESSEL_GPU_EMULATE_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace tessel_gpu_emulate {

/// A memref in the GPU's workgroup (shared) memory.
bool isWorkgroup(mlir::Type t);
/// `t` without its GPU address space (the CPU has one).
mlir::Type stripGpuSpace(mlir::Type t);
/// Whether `v` is defined outside `op`.
bool definedOutside(mlir::Value v, mlir::Operation *op);

/// Checks on the original launch: emits an error and fails on what is not emulated.
mlir::LogicalResult checkLaunch(mlir::gpu::LaunchOp launch);
/// Checks the host-side gpu ops of `func` (outside the launches).
mlir::LogicalResult checkHost(mlir::func::FuncOp func);
/// The host-side gpu.alloc, gpu.memcpy and gpu.dealloc as memref ops; gpu.wait goes.
void convertHost(mlir::func::FuncOp func);

} // namespace tessel_gpu_emulate

#endif // TESSEL_GPU_EMULATE_H
