//===- AMDTargetInfo.h - TargetInfo for AMD GPUs ----------------*- C++ -*-===//
//
// AMD's answers to the shared lowering's questions: ROCDL work-item and
// work-group ids, the workgroup barrier, masked global loads and stores
// through LLVM's masked memory intrinsics, the wavefront size of the target
// (64 on CDNA, 32 on RDNA unless asked otherwise), address spaces 1 (global)
// and 3 (LDS), ROCDL kernel attributes, math through the ROCm device
// library's __ocml_* functions where AMDGPU has no instruction for it, and
// the MFMA matrix instructions of gfx90a and gfx942
// (AMDMatrixInstructions.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TKC_BACKENDS_AMD_AMDTARGETINFO_H
#define TKC_BACKENDS_AMD_AMDTARGETINFO_H

#include "compiler/Target/TargetInfo.h"

#include <string>

namespace tkc::amd {

/// TargetInfo for one gfx* architecture and wavefront size.
class AMDTargetInfo : public TargetInfo {
public:
  /// The target `arch` (`gfx942`, ...) running `wavefrontSize` lanes.
  AMDTargetInfo(llvm::StringRef arch, unsigned wavefrontSize)
      : arch(arch.str()), wavefrontSize(wavefrontSize) {}

  unsigned getWarpSize() const override { return wavefrontSize; }
  unsigned getGlobalAddressSpace() const override { return 1; }
  unsigned getSharedAddressSpace() const override { return 3; }
  int64_t getMaxSharedBytes() const override;
  void getDependentDialects(mlir::DialectRegistry &registry) const override;
  mlir::Value getThreadId(mlir::OpBuilder &b,
                          mlir::Location loc) const override;
  mlir::Value getProgramId(mlir::OpBuilder &b, mlir::Location loc,
                           unsigned axis) const override;
  mlir::Value getNumPrograms(mlir::OpBuilder &b, mlir::Location loc,
                             unsigned axis) const override;
  void emitBarrier(mlir::OpBuilder &b, mlir::Location loc) const override;
  bool isBarrier(mlir::Operation *op) const override;
  mlir::Value shuffleXor(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value value, unsigned laneMask) const override;
  mlir::Value shuffleIdx(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value value, mlir::Value lane) const override;
  mlir::Value loadGlobal(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value ptr, mlir::Type type, mlir::Value pred,
                         mlir::Value other,
                         const CacheHints &hints) const override;
  void storeGlobal(mlir::OpBuilder &b, mlir::Location loc, mlir::Value ptr,
                   mlir::Value value, mlir::Value pred,
                   const CacheHints &hints) const override;
  mlir::Value atomicRMW(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::LLVM::AtomicBinOp op, mlir::Value ptr,
                        mlir::Value value, mlir::LLVM::AtomicOrdering ordering,
                        AtomicScope scope) const override;
  mlir::Value atomicCAS(mlir::OpBuilder &b, mlir::Location loc, mlir::Value ptr,
                        mlir::Value cmp, mlir::Value value,
                        mlir::LLVM::AtomicOrdering ordering,
                        AtomicScope scope) const override;
  std::string getMathLibrarySymbol(llvm::StringRef name,
                                   mlir::Type type) const override;
  void populateMathPatterns(const mlir::LLVMTypeConverter &converter,
                            mlir::RewritePatternSet &patterns) const override;
  void markKernel(mlir::LLVM::LLVMFuncOp func, unsigned threadsPerBlock,
                  unsigned maxRegisters) const override;

  /// The MFMA instructions for these element types on gfx90a and gfx942
  /// (wave64), 32x32 then 16x16; none elsewhere.
  llvm::SmallVector<MatrixInstruction>
  getMatrixInstructions(mlir::Type a, mlir::Type b, mlir::Type acc,
                        bool allowTF32) const override;
  /// The first of getMatrixInstructions(), the 32x32 block.
  std::optional<MatrixInstruction>
  getMatrixInstruction(mlir::Type a, mlir::Type b, mlir::Type acc,
                       bool allowTF32) const override;
  llvm::SmallVector<mlir::Value>
  emitMatrixMultiply(mlir::OpBuilder &b, mlir::Location loc,
                     const MatrixInstruction &instruction,
                     llvm::ArrayRef<mlir::Value> a,
                     llvm::ArrayRef<mlir::Value> bValues,
                     llvm::ArrayRef<mlir::Value> c) const override;
  bool hasPrintf() const override { return true; }
  void emitPrintf(mlir::OpBuilder &b, mlir::Location loc, mlir::Value format,
                  uint64_t formatBytes, mlir::ValueRange args) const override;

private:
  /// Whether the target has CDNA3's MFMA forms (gfx940, gfx941, gfx942, and
  /// CDNA4's gfx950, which keeps them): int8 blocks of 32x32x16 and 16x16x32.
  bool hasCdna3Mfma() const;

  /// Whether the target's fp8 MFMA reads the FNUZ encodings (CDNA3; gfx950's
  /// reads OCP's, which tkc leaves to FMAs).
  bool hasFnuzFp8Mfma() const;

  std::string arch;
  unsigned wavefrontSize;
};

} // namespace tkc::amd

#endif // TKC_BACKENDS_AMD_AMDTARGETINFO_H
