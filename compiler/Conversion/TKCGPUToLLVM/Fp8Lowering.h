//===- Fp8Lowering.h - Conversions to and from the fp8 kinds ----*- C++ -*-===//
//
// The lowering of tkc.fp_to_fp, the conversions that have an fp8 end (OCP
// e4m3fn and e5m2, as Triton's float8e4nv and float8e5). Each goes through
// f32: the target's conversion instructions where it has them, otherwise a
// software conversion with the same results (rounded to nearest even,
// saturated to the largest finite value, NaN to NaN).
//
//===----------------------------------------------------------------------===//

#ifndef TKC_CONVERSION_TKCGPUTOLLVM_FP8LOWERING_H
#define TKC_CONVERSION_TKCGPUTOLLVM_FP8LOWERING_H

#include "compiler/Target/TargetInfo.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::tkc::gpu {

/// Whether `op` (a tkc.fp_to_fp) can be lowered; if not, `reason` says why,
/// worded to follow "code generation does not support 'tkc.fp_to_fp' ".
bool isFpToFpLowerable(Operation *op, std::string &reason);

/// f32 `value` converted in software to the fp8 type `dst` (Float8E4M3FN or
/// Float8E5M2) as an i8: rounded to nearest even, saturated to the largest
/// finite value (infinities too), NaN to 0x7f.
Value emitSoftwareFp8Truncate(OpBuilder &b, Location loc, Value value,
                              FloatType dst);

/// i8 `byte`, holding the fp8 type `src` (Float8E4M3FN or Float8E5M2),
/// converted exactly to f32 in software.
Value emitSoftwareFp8Extend(OpBuilder &b, Location loc, Value byte,
                            FloatType src);

/// Adds the lowering of tkc.fp_to_fp to `patterns`.
void populateFp8LoweringPatterns(const LLVMTypeConverter &converter,
                                 const ::tkc::TargetInfo &target,
                                 RewritePatternSet &patterns);

} // namespace mlir::tkc::gpu

#endif // TKC_CONVERSION_TKCGPUTOLLVM_FP8LOWERING_H
