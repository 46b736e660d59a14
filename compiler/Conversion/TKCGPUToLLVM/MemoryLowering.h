//===- MemoryLowering.h - Lowering of global memory accesses ----*- C++ -*-===//
//
// The patterns that lower tkc.load and tkc.store to vectorized, predicated
// global accesses through TargetInfo (as wide as tkc-gpu-record-vector-widths
// recorded), and tkc.barrier to the target's barrier.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_CONVERSION_TKCGPUTOLLVM_MEMORYLOWERING_H
#define TKC_CONVERSION_TKCGPUTOLLVM_MEMORYLOWERING_H

#include "compiler/Target/TargetInfo.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tkc::gpu {

/// Adds the lowerings of tkc.load, tkc.store and tkc.barrier to `patterns`.
void populateMemoryLoweringPatterns(const LLVMTypeConverter &converter,
                                    const ::tkc::TargetInfo &target,
                                    RewritePatternSet &patterns);

} // namespace mlir::tkc::gpu

#endif // TKC_CONVERSION_TKCGPUTOLLVM_MEMORYLOWERING_H
