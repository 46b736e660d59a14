//===- NVIDIATargetInfo.h - TargetInfo for NVIDIA GPUs ----------*- C++ -*-===//
//
// NVIDIA's answers to the shared lowering's questions: NVVM special
// registers and barriers, predicated PTX loads and stores, warp size 32,
// address spaces 1 (global) and 3 (shared), libdevice calls for math,
// mma.sync matrix instructions, and NVVM kernel attributes.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_BACKENDS_NVIDIA_NVIDIATARGETINFO_H
#define TKC_BACKENDS_NVIDIA_NVIDIATARGETINFO_H

#include "compiler/Target/TargetInfo.h"

namespace tkc::nvidia {

/// TargetInfo for every sm_* architecture.
class NVIDIATargetInfo : public TargetInfo {
public:
  /// For an architecture of compute capability `computeCapability` (80 for
  /// sm_80, 90 for sm_90a); `archSpecific` for the `a` variants (sm_90a),
  /// whose instructions (wgmma) run on that architecture only.
  explicit NVIDIATargetInfo(unsigned computeCapability,
                            bool archSpecific = false)
      : computeCapability(computeCapability), archSpecific(archSpecific) {}

  unsigned getWarpSize() const override { return 32; }
  unsigned getGlobalAddressSpace() const override { return 1; }
  unsigned getSharedAddressSpace() const override { return 3; }
  int64_t getMaxSharedBytes() const override;
  void getDependentDialects(mlir::DialectRegistry &registry) const override;
  mlir::Value getThreadId(mlir::OpBuilder &b,
                          mlir::Location loc) const override;
  /// `mov.u32 %tid.x` as an asm with side effects.
  mlir::Value getThreadIdAfresh(mlir::OpBuilder &b,
                                mlir::Location loc) const override;
  mlir::Value getProgramId(mlir::OpBuilder &b, mlir::Location loc,
                           unsigned axis) const override;
  mlir::Value getNumPrograms(mlir::OpBuilder &b, mlir::Location loc,
                             unsigned axis) const override;
  void emitBarrier(mlir::OpBuilder &b, mlir::Location loc) const override;
  bool isBarrier(mlir::Operation *op) const override;
  mlir::Value warpUniform(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value value) const override;
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
  /// PTX adds up to 16 bytes of consecutive floats in one `atom` from sm_90
  /// on: 4 f32, or 8 f16 or bf16.
  unsigned getAtomicAddVectorWidth(mlir::Type type) const override {
    if (computeCapability < 90)
      return 1;
    return type.isF32() ? 4 : type.isF16() || type.isBF16() ? 8 : 1;
  }
  llvm::SmallVector<mlir::Value>
  atomicAddVector(mlir::OpBuilder &b, mlir::Location loc, mlir::Value ptr,
                  mlir::ValueRange values, mlir::LLVM::AtomicOrdering ordering,
                  AtomicScope scope) const override;
  mlir::Value atomicCAS(mlir::OpBuilder &b, mlir::Location loc, mlir::Value ptr,
                        mlir::Value cmp, mlir::Value value,
                        mlir::LLVM::AtomicOrdering ordering,
                        AtomicScope scope) const override;
  std::string getMathLibrarySymbol(llvm::StringRef name,
                                   mlir::Type type) const override;
  void populateMathPatterns(const mlir::LLVMTypeConverter &converter,
                            mlir::RewritePatternSet &patterns) const override;
  bool hasPrintf() const override { return true; }
  bool reportsAssertions() const override { return true; }
  void emitPrintf(mlir::OpBuilder &b, mlir::Location loc, mlir::Value format,
                  uint64_t formatBytes, mlir::ValueRange args) const override;
  void emitAssertFail(mlir::OpBuilder &b, mlir::Location loc,
                      mlir::Value message, mlir::Value file, mlir::Value line,
                      mlir::Value function) const override;
  void markKernel(mlir::LLVM::LLVMFuncOp func, unsigned threadsPerBlock,
                  unsigned maxRegisters) const override;

  std::optional<llvm::SmallVector<mlir::Value>>
  truncateToFp8(mlir::OpBuilder &b, mlir::Location loc,
                llvm::ArrayRef<mlir::Value> values,
                mlir::FloatType dst) const override;
  std::optional<llvm::SmallVector<mlir::Value>>
  extendFromFp8(mlir::OpBuilder &b, mlir::Location loc,
                llvm::ArrayRef<mlir::Value> values,
                mlir::FloatType src) const override;

  // NVIDIAMatrixInstructions.cpp: mma.sync on sm_80 and later, ldmatrix
  // on sm_75 and later.
  std::optional<MatrixInstruction>
  getMatrixInstruction(mlir::Type a, mlir::Type b, mlir::Type acc,
                       bool allowTF32) const override;
  llvm::SmallVector<mlir::Value>
  emitMatrixMultiply(mlir::OpBuilder &b, mlir::Location loc,
                     const MatrixInstruction &instruction,
                     llvm::ArrayRef<mlir::Value> a,
                     llvm::ArrayRef<mlir::Value> bValues,
                     llvm::ArrayRef<mlir::Value> c) const override;
  bool hasMatrixLoads() const override { return computeCapability >= 75; }
  llvm::SmallVector<mlir::Value>
  loadMatrices(mlir::OpBuilder &b, mlir::Location loc, mlir::Value rowAddress,
               unsigned count, bool transpose) const override;
  bool hasMatrixStores() const override { return computeCapability >= 90; }
  void storeMatrices(mlir::OpBuilder &b, mlir::Location loc,
                     mlir::Value rowAddress, llvm::ArrayRef<mlir::Value> words,
                     bool transpose) const override;
  bool hasAsyncCopies() const override { return computeCapability >= 80; }
  bool hasWarpgroupMma() const override {
    return computeCapability == 90 && archSpecific;
  }
  void beginWarpgroupMma(mlir::OpBuilder &b, mlir::Location loc) const override;
  void fenceStoresForWarpgroupMma(mlir::OpBuilder &b,
                                  mlir::Location loc) const override;
  llvm::SmallVector<mlir::Value>
  packWarpgroupAccumulators(mlir::OpBuilder &b, mlir::Location loc,
                            llvm::ArrayRef<mlir::Value> acc) const override;
  llvm::SmallVector<mlir::Value>
  unpackWarpgroupAccumulators(mlir::OpBuilder &b, mlir::Location loc,
                              llvm::ArrayRef<mlir::Value> registers,
                              mlir::Type elem) const override;
  llvm::SmallVector<mlir::Value> emitWarpgroupMma(
      mlir::OpBuilder &b, mlir::Location loc, mlir::Type elem, unsigned n,
      const WarpgroupOperand &a, const WarpgroupOperand &bOperand,
      llvm::ArrayRef<mlir::Value> acc, bool accumulate) const override;
  void commitWarpgroupMma(mlir::OpBuilder &b,
                          mlir::Location loc) const override;
  llvm::SmallVector<mlir::Value>
  waitWarpgroupMma(mlir::OpBuilder &b, mlir::Location loc, unsigned pending,
                   llvm::ArrayRef<mlir::Value> acc) const override;
  void asyncCopy(mlir::OpBuilder &b, mlir::Location loc, mlir::Value dst,
                 mlir::Value src, unsigned bytes,
                 mlir::Value readBytes) const override;
  void commitAsyncCopies(mlir::OpBuilder &b, mlir::Location loc) const override;
  void waitAsyncCopies(mlir::OpBuilder &b, mlir::Location loc,
                       unsigned pending) const override;
  /// sm_90 only: later architectures are compiled for an older PTX ISA.
  bool hasTensorCopies() const override { return computeCapability == 90; }
  void initMemoryBarrier(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value barrier) const override;
  void fenceBarrierInits(mlir::OpBuilder &b, mlir::Location loc) const override;
  void invalidateMemoryBarrier(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::Value barrier) const override;
  void expectMemoryBarrierBytes(mlir::OpBuilder &b, mlir::Location loc,
                                mlir::Value barrier, int64_t bytes,
                                mlir::Value pred) const override;
  void copyTensorBox(mlir::OpBuilder &b, mlir::Location loc, mlir::Value dst,
                     mlir::Value tensorMap, llvm::ArrayRef<mlir::Value> coords,
                     mlir::Value barrier, mlir::Value pred) const override;
  void fenceSharedForTensorCopies(mlir::OpBuilder &b,
                                  mlir::Location loc) const override;
  void storeTensorBox(mlir::OpBuilder &b, mlir::Location loc, mlir::Value src,
                      mlir::Value tensorMap, llvm::ArrayRef<mlir::Value> coords,
                      mlir::Value pred) const override;
  void waitTensorStoreReads(mlir::OpBuilder &b, mlir::Location loc,
                            mlir::Value pred) const override;
  void waitMemoryBarrier(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value barrier, mlir::Value phase) const override;
  void markTensorMapParameter(mlir::LLVM::LLVMFuncOp func,
                              unsigned index) const override;

private:
  unsigned computeCapability;
  bool archSpecific;
};

} // namespace tkc::nvidia

#endif // TKC_BACKENDS_NVIDIA_NVIDIATARGETINFO_H
