//===- LayoutConversionLowering.h - Values between layouts ------*- C++ -*-===//
//
// The patterns for ops whose result holds its source's elements in another
// layout: tkc.broadcast, tkc.expand_dims and tkc_gpu.convert_layout. Where
// no element changes thread, they permute the thread's registers; a
// conversion that moves elements between threads goes through shared
// memory.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_CONVERSION_TKCGPUTOLLVM_LAYOUTCONVERSIONLOWERING_H
#define TKC_CONVERSION_TKCGPUTOLLVM_LAYOUTCONVERSIONLOWERING_H

#include "compiler/Target/TargetInfo.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tkc::gpu {

/// Adds the lowerings of tkc.broadcast, tkc.expand_dims and
/// tkc_gpu.convert_layout to `patterns`.
void populateLayoutConversionLoweringPatterns(
    const LLVMTypeConverter &converter, const ::tkc::TargetInfo &target,
    RewritePatternSet &patterns);

} // namespace mlir::tkc::gpu

#endif // TKC_CONVERSION_TKCGPUTOLLVM_LAYOUTCONVERSIONLOWERING_H
