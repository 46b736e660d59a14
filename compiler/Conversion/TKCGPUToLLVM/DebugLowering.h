//===- DebugLowering.h - Lowering of device prints and asserts --*- C++ -*-===//
//
// The patterns that lower tkc.print to the target's printf, one line per
// element, and tkc.assert to the target's assertion failure.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_CONVERSION_TKCGPUTOLLVM_DEBUGLOWERING_H
#define TKC_CONVERSION_TKCGPUTOLLVM_DEBUGLOWERING_H

#include "compiler/Target/TargetInfo.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tkc::gpu {

/// Adds the lowerings of tkc.print and tkc.assert to `patterns`.
void populateDebugLoweringPatterns(const LLVMTypeConverter &converter,
                                   const ::tkc::TargetInfo &target,
                                   RewritePatternSet &patterns);

} // namespace mlir::tkc::gpu

#endif // TKC_CONVERSION_TKCGPUTOLLVM_DEBUGLOWERING_H
