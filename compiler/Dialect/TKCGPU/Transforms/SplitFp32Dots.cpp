//===- SplitFp32Dots.cpp - fp32 dots on tf32 or bf16 matrix units ---------===//
//
// Implements tkc-gpu-split-fp32-dots: an fp32 dot asked for at tf32x3,
// bf16x3 or bf16x6 becomes the sum of several dots of its operands' tf32 or
// bf16 parts, which the target's matrix instruction multiplies, where it has
// one for the dot's shape and none for exact fp32 (Passes.td has the
// scheme). The parts are computed in the layouts the operands had before
// TKCToTKCGPU's conversions to the FMA operand layouts, and converted to
// those, so tkc-gpu-accelerate-matmul treats the new dots as any other.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h"
#include "compiler/Target/TargetBackend.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include "llvm/ADT/SetVector.h"

namespace mlir::tkc::gpu {
#define GEN_PASS_DEF_TKCGPUSPLITFP32DOTS
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h.inc"
} // namespace mlir::tkc::gpu

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// How a dot's precision is emulated: the parts' element type and the
/// precision their dots ask for, how many parts each operand is split into,
/// and which products of parts (index 0 the highest) are summed, smallest
/// first; the last is always {0, 0}.
struct SplitScheme {
  bool tf32;
  unsigned parts;
  SmallVector<std::pair<unsigned, unsigned>> products;
};

/// The scheme of `precision`; none for precisions that need no split.
std::optional<SplitScheme> schemeOf(InputPrecision precision) {
  switch (precision) {
  case InputPrecision::tf32x3:
    return SplitScheme{true, 2, {{1, 0}, {0, 1}, {0, 0}}};
  case InputPrecision::bf16x3:
    return SplitScheme{false, 2, {{1, 0}, {0, 1}, {0, 0}}};
  case InputPrecision::bf16x6:
    return SplitScheme{
        false, 3, {{1, 1}, {2, 0}, {0, 2}, {1, 0}, {0, 1}, {0, 0}}};
  default:
    return std::nullopt;
  }
}

/// Whether one of `instructions` takes a dot of `m` x `k` by `k` x `n`.
bool anyFits(ArrayRef<::tkc::TargetInfo::MatrixInstruction> instructions,
             int64_t m, int64_t n, int64_t k) {
  return llvm::any_of(instructions, [&](const auto &instruction) {
    return instruction.fits(m, n, k);
  });
}

/// A constant of `type` whose every element is `element`.
Value splat(OpBuilder &b, Location loc, RankedTensorType type,
            TypedAttr element) {
  return arith::ConstantOp::create(b, loc, type,
                                   SplatElementsAttr::get(type, element));
}

/// `x` (fp32) rounded to tf32, kept in fp32: to nearest, ties away from
/// zero, as PTX's cvt.rna.tf32.f32. NaNs are kept as they are (adding the
/// half unit could carry a NaN's payload into its sign or exponent).
Value roundToTf32(OpBuilder &b, Location loc, Value x) {
  auto type = cast<RankedTensorType>(x.getType());
  auto bitsType = type.clone(b.getI32Type());
  // tf32 keeps the top 10 of fp32's 23 mantissa bits.
  Value half = splat(b, loc, bitsType, b.getI32IntegerAttr(1 << 12));
  Value keep = splat(b, loc, bitsType,
                     b.getI32IntegerAttr(static_cast<int32_t>(0xffffe000u)));
  Value bits = arith::BitcastOp::create(b, loc, bitsType, x);
  Value rounded = arith::AndIOp::create(
      b, loc, arith::AddIOp::create(b, loc, bits, half), keep);
  Value isNan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  return arith::SelectOp::create(
      b, loc, isNan, x, arith::BitcastOp::create(b, loc, type, rounded));
}

/// `x` (fp32) split into `parts` values (with `tf32`, f32 values the last
/// of which the instruction truncates to tf32; else bf16) whose sum is `x`
/// to about fp32's precision, the highest first.
SmallVector<Value> splitOperand(OpBuilder &b, Location loc, Value x,
                                unsigned parts, bool tf32) {
  auto type = cast<RankedTensorType>(x.getType());
  SmallVector<Value> result;
  Value rest = x;
  for (unsigned i = 0; i < parts; ++i) {
    if (tf32) {
      // The last part is left for the instruction to truncate.
      Value part = i + 1 < parts ? roundToTf32(b, loc, rest) : rest;
      result.push_back(part);
      if (i + 1 < parts)
        rest = arith::SubFOp::create(b, loc, rest, part);
      continue;
    }
    Value part =
        arith::TruncFOp::create(b, loc, type.clone(b.getBF16Type()), rest);
    result.push_back(part);
    if (i + 1 < parts)
      rest = arith::SubFOp::create(b, loc, rest,
                                   arith::ExtFOp::create(b, loc, type, part));
  }
  return result;
}

/// `operand` (of a dot, in an FMA operand layout) split by `scheme`, each
/// part computed where `operand` was before its conversion to that layout
/// and converted to it.
SmallVector<Value> splitDotOperand(OpBuilder &b, Location loc, Value operand,
                                   const SplitScheme &scheme) {
  auto operandType = cast<RankedTensorType>(operand.getType());
  Value source = operand;
  if (auto convert = operand.getDefiningOp<ConvertLayoutOp>())
    source = convert.getSrc();
  SmallVector<Value> parts =
      splitOperand(b, loc, source, scheme.parts, scheme.tf32);
  for (Value &part : parts) {
    auto partType = operandType.clone(getElementTypeOrSelf(part.getType()));
    if (part.getType() != partType)
      part = ConvertLayoutOp::create(b, loc, partType, part);
  }
  return parts;
}

struct SplitFp32DotsPass
    : public gpu::impl::TKCGPUSplitFp32DotsBase<SplitFp32DotsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::unique_ptr<::tkc::TargetInfo> info =
        ::tkc::createTargetInfoOrReport(target, module);
    if (!info)
      return signalPassFailure();
    SmallVector<DotOp> dots;
    module.walk([&](DotOp dot) { dots.push_back(dot); });
    for (DotOp dot : dots)
      split(dot, *info);
  }

  /// Replaces `dot` by its scheme's dots of split operands, where the
  /// target multiplies the parts on a matrix instruction.
  void split(DotOp dot, const ::tkc::TargetInfo &info) {
    std::optional<SplitScheme> scheme = schemeOf(dot.getInputPrecision());
    auto type = cast<RankedTensorType>(dot.getType());
    auto aType = cast<RankedTensorType>(dot.getA().getType());
    if (!scheme || type.getRank() != 2 || !aType.getElementType().isF32() ||
        !type.getElementType().isF32())
      return;
    int64_t m = type.getDimSize(0), n = type.getDimSize(1),
            k = aType.getDimSize(1);
    Type f32 = aType.getElementType();
    // A target that multiplies fp32 exactly on matrix units needs no split.
    if (anyFits(info.getMatrixInstructions(f32, f32, f32, /*allowTF32=*/false),
                m, n, k))
      return;
    OpBuilder b(dot);
    Type partElem = scheme->tf32 ? f32 : b.getBF16Type();
    if (!anyFits(info.getMatrixInstructions(partElem, partElem, f32,
                                            /*allowTF32=*/scheme->tf32),
                 m, n, k))
      return;
    Location loc = dot.getLoc();
    SmallVector<Value> aParts = splitDotOperand(b, loc, dot.getA(), *scheme);
    SmallVector<Value> bParts = splitDotOperand(b, loc, dot.getB(), *scheme);
    InputPrecision partPrecision =
        scheme->tf32 ? InputPrecision::tf32 : InputPrecision::ieee;
    Value zero = splat(b, loc, type, b.getF32FloatAttr(0.0));
    Value sum = zero;
    for (auto [i, j] : scheme->products) {
      if (i == 0 && j == 0) {
        Value isNan =
            arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, sum, sum);
        sum = arith::SelectOp::create(b, loc, isNan, zero, sum);
      }
      sum = DotOp::create(b, loc, type, aParts[i], bParts[j], sum,
                          partPrecision, dot.getMaxNumImpreciseAcc());
    }
    Value result = arith::AddFOp::create(b, loc, sum, dot.getC());
    dot.replaceAllUsesWith(result);
    // The whole operands' conversions to the FMA layouts (one, for
    // dot(x, x)), now unused.
    llvm::SmallSetVector<Operation *, 2> converts;
    for (Value operand : {dot.getA(), dot.getB()})
      if (auto convert = operand.getDefiningOp<ConvertLayoutOp>())
        converts.insert(convert);
    dot.erase();
    for (Operation *convert : converts)
      if (convert->use_empty())
        convert->erase();
  }
};

} // namespace
