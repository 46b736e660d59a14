//===- DotLowering.h - Lowering of tkc.dot ----------------------*- C++ -*-===//
//
// The pattern that lowers tkc.dot with scalar fused multiply-adds (the FMA
// path, no matrix units): operands in layouts in which each thread holds,
// for every element of its share of the result, the whole row of `a` and
// column of `b` that element needs, so the product is one multiply-add per
// result register and K step. And the check of what it supports, which the
// pass runs first.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_CONVERSION_TKCGPUTOLLVM_DOTLOWERING_H
#define TKC_CONVERSION_TKCGPUTOLLVM_DOTLOWERING_H

#include "compiler/Target/TargetInfo.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::tkc::gpu {

/// Whether the lowering handles the tkc.dot `op` on `target`; if not, sets
/// `reason` to what it is missing, as in "code generation does not support
/// 'tkc.dot' <reason> yet".
bool isDotLowerable(Operation *op, const ::tkc::TargetInfo &target,
                    std::string &reason);

/// Adds the tkc.dot lowering to `patterns`.
void populateDotLoweringPatterns(const LLVMTypeConverter &converter,
                                 const ::tkc::TargetInfo &target,
                                 RewritePatternSet &patterns);

} // namespace mlir::tkc::gpu

#endif // TKC_CONVERSION_TKCGPUTOLLVM_DOTLOWERING_H
