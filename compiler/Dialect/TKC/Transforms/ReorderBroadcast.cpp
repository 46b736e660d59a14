//===- ReorderBroadcast.cpp - The tkc-tkc-reorder-broadcast pass ----------===//
//
// Moves pure elementwise ops above tkc.splat and tkc.broadcast so that they
// compute on a scalar or on the smaller, pre-broadcast block.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKC/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tkc {
#define GEN_PASS_DEF_TKCREORDERBROADCAST
#include "compiler/Dialect/TKC/Transforms/Passes.h.inc"
} // namespace mlir::tkc

using namespace mlir;
using namespace mlir::tkc;

namespace {

/// True for a side-effect-free elementwise op with one tensor result, the
/// kind that commutes with splat and broadcast.
static bool isMovableElementwise(Operation *op) {
  return op->hasTrait<OpTrait::Elementwise>() && op->getNumResults() == 1 &&
         op->getNumOperands() > 0 && op->getNumRegions() == 0 &&
         isMemoryEffectFree(op) &&
         isa<RankedTensorType>(op->getResult(0).getType());
}

/// Returns the splat constant `v` is defined by, or null.
static SplatElementsAttr getSplatConstant(Value v) {
  SplatElementsAttr attr;
  if (matchPattern(v, m_Constant(&attr)))
    return attr;
  return {};
}

/// elementwise(widen a, widen b, const-splat c) -> widen(elementwise(a, b, c'))
/// where `widen` is tkc.splat (a, b scalars) or tkc.broadcast (a, b blocks of
/// one shape), and c' is the constant in the narrow shape.
template <typename WideningOp>
struct HoistElementwiseAboveWidening : public RewritePattern {
  HoistElementwiseAboveWidening(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isMovableElementwise(op))
      return failure();
    // Match first, so that nothing is created when the pattern fails.
    Value someNarrow;
    for (Value operand : op->getOperands()) {
      if (auto widen = operand.getDefiningOp<WideningOp>()) {
        Value narrow = widen.getSrc();
        if (someNarrow && getI1TypeLike(someNarrow.getType()) !=
                              getI1TypeLike(narrow.getType()))
          return failure();
        someNarrow = narrow;
      } else if (!getSplatConstant(operand)) {
        return failure();
      }
    }
    if (!someNarrow)
      return failure();

    Type narrowShape = someNarrow.getType();
    SmallVector<Value> narrowed;
    for (Value operand : op->getOperands()) {
      if (auto widen = operand.getDefiningOp<WideningOp>()) {
        narrowed.push_back(widen.getSrc());
        continue;
      }
      SplatElementsAttr attr = getSplatConstant(operand);
      Type type = getTypeLike(narrowShape, attr.getElementType());
      auto value = cast<TypedAttr>(attr.getSplatValue<Attribute>());
      if (auto tensor = dyn_cast<RankedTensorType>(type))
        value = DenseElementsAttr::get(tensor, value);
      narrowed.push_back(
          arith::ConstantOp::create(rewriter, op->getLoc(), type, value));
    }
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    OperationState state(
        op->getLoc(), op->getName(), narrowed,
        {getTypeLike(narrowShape, resultType.getElementType())},
        op->getAttrs());
    Operation *narrowOp = rewriter.create(state);
    rewriter.replaceOpWithNewOp<WideningOp>(op, resultType,
                                            narrowOp->getResult(0));
    return success();
  }
};

struct TKCReorderBroadcastPass
    : public mlir::tkc::impl::TKCReorderBroadcastBase<TKCReorderBroadcastPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<HoistElementwiseAboveWidening<SplatOp>,
                 HoistElementwiseAboveWidening<BroadcastOp>>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
