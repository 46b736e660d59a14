//===- ShapeLowering.h - Ops that relabel a tensor's dimensions -*- C++ -*-===//
//
// The patterns for ops that give a tensor's elements new coordinates:
// tkc.trans, whose result layout is its operand's with the dimensions
// permuted, so each thread keeps its registers, and tkc.reshape, which
// keeps them where it can and goes through shared memory where it cannot.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_CONVERSION_TKCGPUTOLLVM_SHAPELOWERING_H
#define TKC_CONVERSION_TKCGPUTOLLVM_SHAPELOWERING_H

#include "compiler/Target/TargetInfo.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::tkc::gpu {

/// Whether `op` (a tkc.trans or tkc.reshape) can be lowered; if not, `reason`
/// says why, worded to follow "code generation does not support 'tkc.trans' ".
bool isShapeOpLowerable(Operation *op, std::string &reason);

/// Adds the lowerings of tkc.trans and tkc.reshape to `patterns`.
void populateShapeLoweringPatterns(const LLVMTypeConverter &converter,
                                   const ::tkc::TargetInfo &target,
                                   RewritePatternSet &patterns);

} // namespace mlir::tkc::gpu

#endif // TKC_CONVERSION_TKCGPUTOLLVM_SHAPELOWERING_H
