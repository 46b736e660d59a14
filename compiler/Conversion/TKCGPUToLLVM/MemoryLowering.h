//===- MemoryLowering.h - Lowering of global memory accesses ----*- C++ -*-===//
//
// The patterns that lower tkc.load and tkc.store to vectorized, predicated
// global accesses through TargetInfo, and tkc.barrier to the target's
// barrier; and the step before conversion that records each access's
// vector width from the axis analysis.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_CONVERSION_TKCGPUTOLLVM_MEMORYLOWERING_H
#define TKC_CONVERSION_TKCGPUTOLLVM_MEMORYLOWERING_H

#include "compiler/Target/TargetInfo.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tkc::gpu {

/// Records on each tensor load and store in `module` the vector width its
/// lowering uses (`tkc_gpu.vector_width`): as wide as the layout's
/// contiguous registers, the pointers' contiguity and alignment, the mask's
/// constancy and 16 bytes allow. Runs on the tkc_gpu IR, before conversion.
void recordVectorWidths(ModuleOp module);

/// Adds the lowerings of tkc.load, tkc.store and tkc.barrier to `patterns`.
void populateMemoryLoweringPatterns(const LLVMTypeConverter &converter,
                                    const ::tkc::TargetInfo &target,
                                    RewritePatternSet &patterns);

} // namespace mlir::tkc::gpu

#endif // TKC_CONVERSION_TKCGPUTOLLVM_MEMORYLOWERING_H
