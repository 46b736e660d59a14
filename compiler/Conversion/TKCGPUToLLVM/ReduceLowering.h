//===- ReduceLowering.h - Lowering of tkc.reduce ----------------*- C++ -*-===//
//
// The pattern that lowers reductions over one axis of a laid-out tensor in
// stages: within each thread's registers, across the lanes of a warp with
// XOR shuffles, and across warps through shared memory.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_CONVERSION_TKCGPUTOLLVM_REDUCELOWERING_H
#define TKC_CONVERSION_TKCGPUTOLLVM_REDUCELOWERING_H

#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Target/TargetInfo.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tkc::gpu {

/// Whether `op` would hold fewer registers in a kernel that favors
/// occupancy (TKCGPUDialect::kFavorOccupancy): its warps' partials are read
/// with shuffles there, and all at once otherwise.
bool hasOccupancyHeadroom(ReduceOp op);

/// Adds the tkc.reduce lowering to `patterns`.
void populateReduceLoweringPatterns(const LLVMTypeConverter &converter,
                                    const ::tkc::TargetInfo &target,
                                    RewritePatternSet &patterns);

} // namespace mlir::tkc::gpu

#endif // TKC_CONVERSION_TKCGPUTOLLVM_REDUCELOWERING_H
