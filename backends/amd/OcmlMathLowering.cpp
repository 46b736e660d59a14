//===- OcmlMathLowering.cpp - Math through ROCm's ocml --------------------===//
//
// The call table is MLIR's own (MathToROCDL: math.tanh -> __ocml_tanh_f32,
// ...); this file picks from it, op by op, what beats the generic lowering
// to LLVM intrinsics on AMDGPU:
//   - the library, at every width: the ops AMDGPU cannot select at all
//     (tanh, erf, erfc, tan, the inverse and hyperbolic functions, atan2,
//     cbrt, expm1, log1p), those whose selection is approximate (sin and
//     cos: v_sin/v_cos lose accuracy on large arguments; pow: exp2(y *
//     log2(x))), rsqrt (one v_rsq with denormal scaling instead of a
//     correctly rounded sqrt and a division, as Triton's AMD backend does),
//     and arith.remf (an exact fmod instead of AMDGPU's x - trunc(x/y) * y);
//   - the library for f64 only: exp2, log2 and log10 (v_exp/v_log for f16
//     and f32, with AMDGPU's own denormal handling; there is no f64
//     instruction); exp and log already are so in MLIR's table;
//   - never: floor and ceil (one instruction at every width).
// math.clampf becomes v_med3 on gfx9 and later, also from MLIR's table.
//
//===----------------------------------------------------------------------===//

#include "backends/amd/OcmlMathLowering.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToROCDL/MathToROCDL.h"
#include "mlir/Dialect/AMDGPU/Utils/Chipset.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;

namespace {

/// Above the generic math and arith lowerings' benefit (1).
constexpr unsigned kBenefit = 10;

/// Where an op of MathToROCDL's table goes on AMD.
enum class Route {
  /// An __ocml_* call, at every width.
  Library,
  /// An __ocml_* call for f64, an LLVM intrinsic for f16 and f32.
  LibraryForF64,
  /// Always the LLVM intrinsic: MathToROCDL's pattern is dropped.
  Intrinsic,
};

Route routeOf(OperationName name) {
  if (name.getStringRef() == math::FloorOp::getOperationName() ||
      name.getStringRef() == math::CeilOp::getOperationName())
    return Route::Intrinsic;
  if (name.getStringRef() == math::Exp2Op::getOperationName() ||
      name.getStringRef() == math::Log2Op::getOperationName() ||
      name.getStringRef() == math::Log10Op::getOperationName())
    return Route::LibraryForF64;
  return Route::Library;
}

/// One of MathToROCDL's patterns, run at kBenefit (so that it wins over the
/// generic lowering of the same op) and, when `f64Only`, only on f64.
class OcmlCall : public ConversionPattern {
public:
  /// `inner` must be a ConversionPattern, as all of MathToROCDL's are.
  OcmlCall(const TypeConverter &converter,
           std::unique_ptr<RewritePattern> inner, bool f64Only)
      : ConversionPattern(converter, inner->getRootKind()->getStringRef(),
                          kBenefit, inner->getContext()),
        inner(std::move(inner)), f64Only(f64Only) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (f64Only && (op->getNumResults() != 1 ||
                    !getElementTypeOrSelf(op->getResult(0).getType()).isF64()))
      return rewriter.notifyMatchFailure(op, "lowered to an LLVM intrinsic");
    return static_cast<const ConversionPattern &>(*inner).matchAndRewrite(
        op, operands, rewriter);
  }

private:
  std::unique_ptr<RewritePattern> inner;
  bool f64Only;
};

} // namespace

void tkc::amd::populateOcmlMathPatterns(const LLVMTypeConverter &converter,
                                        RewritePatternSet &patterns,
                                        StringRef arch) {
  FailureOr<amdgpu::Chipset> chipset = amdgpu::Chipset::parse(arch);
  RewritePatternSet table(patterns.getContext());
  populateMathToROCDLConversionPatterns(
      converter, table,
      succeeded(chipset) ? std::optional(*chipset) : std::nullopt);
  for (std::unique_ptr<RewritePattern> &pattern : table.getNativePatterns()) {
    std::optional<OperationName> root = pattern->getRootKind();
    if (!root)
      continue;
    Route route = routeOf(*root);
    if (route == Route::Intrinsic)
      continue;
    patterns.add(std::make_unique<OcmlCall>(converter, std::move(pattern),
                                            route == Route::LibraryForF64));
  }
}
