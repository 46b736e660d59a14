//===- ScanLowering.h - Lowering of tkc.scan --------------------*- C++ -*-===//
//
// The pattern that lowers inclusive scans, forward or reverse, along one
// axis of a laid-out tensor: runs of registers in each thread, butterflies
// across the lanes of a warp, warp totals through shared memory, and a
// carry across repetitions of the layout's tile.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_CONVERSION_TKCGPUTOLLVM_SCANLOWERING_H
#define TKC_CONVERSION_TKCGPUTOLLVM_SCANLOWERING_H

#include "compiler/Target/TargetInfo.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tkc::gpu {

/// Adds the tkc.scan lowering to `patterns`.
void populateScanLoweringPatterns(const LLVMTypeConverter &converter,
                                  const ::tkc::TargetInfo &target,
                                  RewritePatternSet &patterns);

} // namespace mlir::tkc::gpu

#endif // TKC_CONVERSION_TKCGPUTOLLVM_SCANLOWERING_H
