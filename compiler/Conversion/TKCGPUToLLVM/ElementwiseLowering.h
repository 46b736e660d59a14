//===- ElementwiseLowering.h - Lowering of per-register ops -----*- C++ -*-===//
//
// The patterns for ops that compute each register of their result on its
// own, from the thread's hardware ids or from the same register of their
// operands: program ids, make_range, splat, splat constants, elementwise
// arith/math ops and addptr.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_CONVERSION_TKCGPUTOLLVM_ELEMENTWISELOWERING_H
#define TKC_CONVERSION_TKCGPUTOLLVM_ELEMENTWISELOWERING_H

#include "compiler/Target/TargetInfo.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tkc::gpu {

/// Adds the lowerings of tkc.program_id, tkc.num_programs, tkc.make_range,
/// tkc.splat, splat-valued arith.constant tensors, elementwise arith/math
/// ops on laid-out tensors and tkc.addptr to `patterns`.
void populateElementwiseLoweringPatterns(const LLVMTypeConverter &converter,
                                         const ::tkc::TargetInfo &target,
                                         RewritePatternSet &patterns);

} // namespace mlir::tkc::gpu

#endif // TKC_CONVERSION_TKCGPUTOLLVM_ELEMENTWISELOWERING_H
