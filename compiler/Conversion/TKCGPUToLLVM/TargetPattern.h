//===- TargetPattern.h - Base of the target-dependent patterns --*- C++ -*-===//
//
// The base of the tkc_gpu → LLVM patterns whose output depends on the
// target: an LLVM conversion pattern that also holds the TargetInfo the pass
// was given, which it asks for hardware ids, barriers and memory accesses.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_CONVERSION_TKCGPUTOLLVM_TARGETPATTERN_H
#define TKC_CONVERSION_TKCGPUTOLLVM_TARGETPATTERN_H

#include "compiler/Target/TargetInfo.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

namespace mlir::tkc::gpu {

/// A conversion pattern of `Op` with the type converter and the target's
/// info.
template <typename Op>
struct TargetPattern : public ConvertOpToLLVMPattern<Op> {
  TargetPattern(const LLVMTypeConverter &converter,
                const ::tkc::TargetInfo &target, PatternBenefit benefit = 1)
      : ConvertOpToLLVMPattern<Op>(converter, benefit), target(target) {}
  /// The vendor-specific pieces of the lowering.
  const ::tkc::TargetInfo &target;
};

} // namespace mlir::tkc::gpu

#endif // TKC_CONVERSION_TKCGPUTOLLVM_TARGETPATTERN_H
