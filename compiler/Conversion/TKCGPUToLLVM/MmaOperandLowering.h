//===- MmaOperandLowering.h - Dot operands through shared memory -*- C++
//-*-===//
//
// The conversion of a blocked tensor to a 16-bit operand layout of NVIDIA's
// mma.sync: stored to swizzled shared memory in wide vectors, loaded as 8x8
// matrices (ldmatrix) where the target has them; and the shared-memory
// tiles of pipelined loops, filled by asynchronous copies.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_CONVERSION_TKCGPUTOLLVM_MMAOPERANDLOWERING_H
#define TKC_CONVERSION_TKCGPUTOLLVM_MMAOPERANDLOWERING_H

#include "compiler/Target/TargetInfo.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tkc::gpu {

/// Adds the lowering of tkc_gpu.convert_layout to nvidia_mma operands, at
/// a benefit above the generic conversion's, which takes what it declines,
/// and of the shared-memory tile ops (local_alloc, tile, async_copy,
/// async_commit, async_wait, local_load).
void populateMmaOperandLoweringPatterns(const LLVMTypeConverter &converter,
                                        const ::tkc::TargetInfo &target,
                                        RewritePatternSet &patterns);

} // namespace mlir::tkc::gpu

#endif // TKC_CONVERSION_TKCGPUTOLLVM_MMAOPERANDLOWERING_H
