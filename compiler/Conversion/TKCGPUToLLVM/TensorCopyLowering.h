//===- TensorCopyLowering.h - Tensor copies and memory barriers -*- C++ -*-===//
//
// The lowering of the tensor copies of pipelined loops (tkc_gpu.tensor_copy,
// Hopper's TMA) and of the memory barriers they complete (barrier_init,
// barrier_expect, barrier_wait, barrier_inval).
//
//===----------------------------------------------------------------------===//

#ifndef TKC_CONVERSION_TKCGPUTOLLVM_TENSORCOPYLOWERING_H
#define TKC_CONVERSION_TKCGPUTOLLVM_TENSORCOPYLOWERING_H

#include "compiler/Target/TargetInfo.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tkc::gpu {

/// Adds the lowering of tkc_gpu.tensor_copy and of the memory barrier ops.
void populateTensorCopyLoweringPatterns(const LLVMTypeConverter &converter,
                                        const ::tkc::TargetInfo &target,
                                        RewritePatternSet &patterns);

} // namespace mlir::tkc::gpu

#endif // TKC_CONVERSION_TKCGPUTOLLVM_TENSORCOPYLOWERING_H
