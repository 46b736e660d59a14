//===- Fp8Lowering.cpp - Conversions to and from the fp8 kinds ------------===//
//
// tkc.fp_to_fp, one register at a time through f32. The software
// conversions work on the IEEE bit patterns: an fp8 byte widens through the
// binary16 pattern it is a prefix of (e5m2) or a rebiased one (e4m3fn); an
// f32 narrows by rounding its mantissa in the integer domain, or, below the
// smallest normal fp8 value, by rounding a scaled copy to an integer.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/TKCGPUToLLVM/Fp8Lowering.h"

#include "compiler/Conversion/TKCGPUToLLVM/LayoutLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/TargetPattern.h"
#include "compiler/Dialect/TKC/IR/TKCDialect.h"

#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// The parameters of an fp8 kind the software conversions handle.
struct Fp8Format {
  unsigned mantissaBits;
  int bias;
  float maxFinite;
};

/// `type`'s format, if it is e4m3fn or e5m2.
std::optional<Fp8Format> fp8Format(Type type) {
  if (isa<Float8E4M3FNType>(type))
    return Fp8Format{3, 7, 448.0f};
  if (isa<Float8E5M2Type>(type))
    return Fp8Format{2, 15, 57344.0f};
  return std::nullopt;
}

/// Whether `type` is a float kind the conversions reach through f32 exactly
/// (or, for f64, by rounding once on the way in).
bool isWideFloat(Type type) {
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}

Value i32Const(OpBuilder &b, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(value));
}

Value f32Const(OpBuilder &b, Location loc, float value) {
  return LLVM::ConstantOp::create(b, loc, b.getF32Type(),
                                  b.getF32FloatAttr(value));
}

/// `value` (of the LLVM type of `from`) as f32.
Value toF32(OpBuilder &b, Location loc, Value value, Type from) {
  if (from.isF32())
    return value;
  if (from.isF64())
    return LLVM::FPTruncOp::create(b, loc, b.getF32Type(), value);
  return LLVM::FPExtOp::create(b, loc, b.getF32Type(), value);
}

/// f32 `value` as the LLVM type `to` (which holds every fp8 value exactly).
Value fromF32(OpBuilder &b, Location loc, Value value, Type to) {
  if (to.isF32())
    return value;
  if (to.isF64())
    return LLVM::FPExtOp::create(b, loc, to, value);
  return LLVM::FPTruncOp::create(b, loc, to, value);
}

/// tkc.fp_to_fp: the source registers to f32 (widening fp8 bytes), then to
/// the destination (narrowing to fp8 bytes).
struct FpToFpLowering : public TargetPattern<FpToFpOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(FpToFpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto src = cast<FloatType>(getElementTypeOrSelf(op.getSrc().getType()));
    auto dst = cast<FloatType>(getElementTypeOrSelf(op.getType()));
    Type srcLLVM = getTypeConverter()->convertType(src);
    Type dstLLVM = getTypeConverter()->convertType(dst);
    SmallVector<Value> values =
        registersOf(rewriter, loc, op.getSrc(), adaptor.getSrc());
    if (fp8Format(src)) {
      if (auto wide = target.extendFromFp8(rewriter, loc, values, src))
        values = std::move(*wide);
      else
        for (Value &v : values)
          v = emitSoftwareFp8Extend(rewriter, loc, v, src);
    } else {
      for (Value &v : values)
        v = toF32(rewriter, loc, v, srcLLVM);
    }
    if (fp8Format(dst)) {
      if (auto narrow = target.truncateToFp8(rewriter, loc, values, dst))
        values = std::move(*narrow);
      else
        for (Value &v : values)
          v = emitSoftwareFp8Truncate(rewriter, loc, v, dst);
    } else {
      for (Value &v : values)
        v = fromF32(rewriter, loc, v, dstLLVM);
    }
    replaceWithRegisters(rewriter, op, *getTypeConverter(), values);
    return success();
  }
};

} // namespace

bool mlir::tkc::gpu::isFpToFpLowerable(Operation *op, std::string &reason) {
  auto convert = cast<FpToFpOp>(op);
  Type src = getElementTypeOrSelf(convert.getSrc().getType());
  Type dst = getElementTypeOrSelf(convert.getType());
  auto supported = [](Type t) { return fp8Format(t) || isWideFloat(t); };
  if (!supported(src) || !supported(dst) ||
      !(fp8Format(src) || fp8Format(dst))) {
    llvm::raw_string_ostream os(reason);
    os << "from " << src << " to " << dst;
    return false;
  }
  if (convert.getRounding() && *convert.getRounding() != RoundingMode::rtne) {
    llvm::raw_string_ostream os(reason);
    os << "to " << dst << " with rounding mode '"
       << stringifyRoundingMode(*convert.getRounding())
       << "' (fp8 conversions round to nearest even)";
    return false;
  }
  return true;
}

Value mlir::tkc::gpu::emitSoftwareFp8Truncate(OpBuilder &b, Location loc,
                                              Value value, FloatType dst) {
  Fp8Format f = *fp8Format(dst);
  Type i32 = b.getI32Type(), f32 = b.getF32Type();
  Value bits = LLVM::BitcastOp::create(b, loc, i32, value);
  Value magnitude =
      LLVM::AndOp::create(b, loc, bits, i32Const(b, loc, 0x7fffffff));
  Value isNaN = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ugt,
                                     magnitude, i32Const(b, loc, 0x7f800000));
  // Saturate first (infinities included); NaN is chosen apart below.
  Value a = LLVM::MinNumOp::create(
      b, loc, LLVM::BitcastOp::create(b, loc, f32, magnitude),
      f32Const(b, loc, f.maxFinite));
  Value aBits = LLVM::BitcastOp::create(b, loc, i32, a);
  // Normal: round the 23-bit mantissa to nearest even in the integer
  // domain (a carry moves into the exponent), then rebias the exponent.
  unsigned shift = 23 - f.mantissaBits;
  Value lsb = LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, aBits, i32Const(b, loc, shift)),
      i32Const(b, loc, 1));
  Value rounded = LLVM::AddOp::create(
      b, loc, aBits,
      LLVM::AddOp::create(b, loc, lsb,
                          i32Const(b, loc, (1 << (shift - 1)) - 1)));
  Value normal = LLVM::SubOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, rounded, i32Const(b, loc, shift)),
      i32Const(b, loc, (127 - f.bias) << f.mantissaBits));
  // Below the smallest normal value: a whole number of the smallest
  // subnormal step, rounded to nearest even (which may reach the smallest
  // normal, whose encoding follows the largest subnormal's).
  Value scaled = LLVM::FMulOp::create(
      b, loc, a,
      f32Const(b, loc, std::ldexp(1.0f, f.bias - 1 + f.mantissaBits)));
  Value subnormal = LLVM::FPToUIOp::create(
      b, loc, i32, LLVM::RoundEvenOp::create(b, loc, scaled));
  Value tiny =
      LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::olt, a,
                           f32Const(b, loc, std::ldexp(1.0f, 1 - f.bias)));
  Value encoded = LLVM::SelectOp::create(b, loc, tiny, subnormal, normal);
  Value sign = LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, bits, i32Const(b, loc, 24)),
      i32Const(b, loc, 0x80));
  encoded = LLVM::OrOp::create(b, loc, encoded, sign);
  encoded =
      LLVM::SelectOp::create(b, loc, isNaN, i32Const(b, loc, 0x7f), encoded);
  return LLVM::TruncOp::create(b, loc, b.getI8Type(), encoded);
}

Value mlir::tkc::gpu::emitSoftwareFp8Extend(OpBuilder &b, Location loc,
                                            Value byte, FloatType src) {
  Fp8Format f = *fp8Format(src);
  Type i16 = b.getI16Type(), f16 = b.getF16Type(), f32 = b.getF32Type();
  auto i16Const = [&](int64_t v) {
    return LLVM::ConstantOp::create(b, loc, i16, b.getI16IntegerAttr(v));
  };
  Value wide = LLVM::ZExtOp::create(b, loc, i16, byte);
  if (f.bias == 15) {
    // e5m2 is the top byte of binary16: infinities, NaNs and subnormals
    // included.
    Value half = LLVM::BitcastOp::create(
        b, loc, f16, LLVM::ShlOp::create(b, loc, wide, i16Const(8)));
    return LLVM::FPExtOp::create(b, loc, f32, half);
  }
  // e4m3fn: the magnitude bits placed as binary16's (exponent bias 15) and
  // scaled by 2^(15 - 7); the sign and the one NaN pattern apart.
  Value magnitude = LLVM::AndOp::create(b, loc, wide, i16Const(0x7f));
  Value half = LLVM::BitcastOp::create(
      b, loc, f16, LLVM::ShlOp::create(b, loc, magnitude, i16Const(7)));
  Value value =
      LLVM::FMulOp::create(b, loc, LLVM::FPExtOp::create(b, loc, f32, half),
                           f32Const(b, loc, std::ldexp(1.0f, 15 - f.bias)));
  Value negative = LLVM::ICmpOp::create(
      b, loc, LLVM::ICmpPredicate::ne,
      LLVM::AndOp::create(b, loc, wide, i16Const(0x80)), i16Const(0));
  value = LLVM::SelectOp::create(b, loc, negative,
                                 LLVM::FNegOp::create(b, loc, value), value);
  Value isNaN = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, magnitude,
                                     i16Const(0x7f));
  return LLVM::SelectOp::create(b, loc, isNaN, f32Const(b, loc, std::nanf("")),
                                value);
}

void mlir::tkc::gpu::populateFp8LoweringPatterns(
    const LLVMTypeConverter &converter, const ::tkc::TargetInfo &target,
    RewritePatternSet &patterns) {
  patterns.add<FpToFpLowering>(converter, target);
}
