//===- NVIDIATargetInfo.h - TargetInfo for NVIDIA GPUs ----------*- C++ -*-===//
//
// NVIDIA's answers to the shared lowering's questions: NVVM special
// registers and barriers, predicated PTX loads and stores, warp size 32,
// address spaces 1 (global) and 3 (shared), libdevice calls for math, and
// NVVM kernel attributes.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_BACKENDS_NVIDIA_NVIDIATARGETINFO_H
#define TKC_BACKENDS_NVIDIA_NVIDIATARGETINFO_H

#include "compiler/Target/TargetInfo.h"

namespace tkc::nvidia {

/// TargetInfo for every sm_* architecture.
class NVIDIATargetInfo : public TargetInfo {
public:
  unsigned getWarpSize() const override { return 32; }
  unsigned getGlobalAddressSpace() const override { return 1; }
  unsigned getSharedAddressSpace() const override { return 3; }
  void getDependentDialects(mlir::DialectRegistry &registry) const override;
  mlir::Value getThreadId(mlir::OpBuilder &b,
                          mlir::Location loc) const override;
  mlir::Value getProgramId(mlir::OpBuilder &b, mlir::Location loc,
                           unsigned axis) const override;
  mlir::Value getNumPrograms(mlir::OpBuilder &b, mlir::Location loc,
                             unsigned axis) const override;
  void emitBarrier(mlir::OpBuilder &b, mlir::Location loc) const override;
  mlir::Value shuffleXor(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value value, unsigned laneMask) const override;
  mlir::Value loadGlobal(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value ptr, mlir::Type type, mlir::Value pred,
                         mlir::Value other) const override;
  void storeGlobal(mlir::OpBuilder &b, mlir::Location loc, mlir::Value ptr,
                   mlir::Value value, mlir::Value pred) const override;
  mlir::Value atomicRMW(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::LLVM::AtomicBinOp op, mlir::Value ptr,
                        mlir::Value value, mlir::LLVM::AtomicOrdering ordering,
                        AtomicScope scope) const override;
  mlir::Value atomicCAS(mlir::OpBuilder &b, mlir::Location loc, mlir::Value ptr,
                        mlir::Value cmp, mlir::Value value,
                        mlir::LLVM::AtomicOrdering ordering,
                        AtomicScope scope) const override;
  void populateMathPatterns(const mlir::LLVMTypeConverter &converter,
                            mlir::RewritePatternSet &patterns) const override;
  void markKernel(mlir::LLVM::LLVMFuncOp func,
                  unsigned threadsPerBlock) const override;
};

} // namespace tkc::nvidia

#endif // TKC_BACKENDS_NVIDIA_NVIDIATARGETINFO_H
