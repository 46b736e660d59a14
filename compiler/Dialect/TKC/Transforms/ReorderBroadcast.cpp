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

/// Creates a clone of `op` taking `operands` and returning `resultType`.
static Operation *cloneWith(PatternRewriter &rewriter, Operation *op,
                            ValueRange operands, Type resultType) {
  OperationState state(op->getLoc(), op->getName(), operands, {resultType},
                       op->getAttrs());
  return rewriter.create(state);
}

/// elementwise(splat a, splat b, const-splat c) -> splat(elementwise(a, b, c))
struct MoveSplatAfterElementwise : public RewritePattern {
  MoveSplatAfterElementwise(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isMovableElementwise(op))
      return failure();
    bool sawSplat = false;
    SmallVector<Value> scalars;
    for (Value operand : op->getOperands()) {
      if (auto splat = operand.getDefiningOp<SplatOp>()) {
        sawSplat = true;
        scalars.push_back(splat.getSrc());
        continue;
      }
      if (auto attr = getSplatConstant(operand)) {
        scalars.push_back(arith::ConstantOp::create(
            rewriter, op->getLoc(), attr.getElementType(),
            cast<TypedAttr>(attr.getSplatValue<Attribute>())));
        continue;
      }
      return failure();
    }
    if (!sawSplat)
      return failure();
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    Operation *scalarOp =
        cloneWith(rewriter, op, scalars, resultType.getElementType());
    rewriter.replaceOpWithNewOp<SplatOp>(op, resultType,
                                         scalarOp->getResult(0));
    return success();
  }
};

/// elementwise(broadcast a, broadcast b, const-splat c), with a and b of
/// one shape -> broadcast(elementwise(a, b, c')).
struct MoveBroadcastAfterElementwise : public RewritePattern {
  MoveBroadcastAfterElementwise(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isMovableElementwise(op))
      return failure();
    ArrayRef<int64_t> srcShape;
    for (Value operand : op->getOperands()) {
      auto broadcast = operand.getDefiningOp<BroadcastOp>();
      if (!broadcast)
        continue;
      ArrayRef<int64_t> shape = broadcast.getSrc().getType().getShape();
      if (!srcShape.empty() && shape != srcShape)
        return failure();
      srcShape = shape;
    }
    if (srcShape.empty())
      return failure();
    SmallVector<Value> narrowed;
    for (Value operand : op->getOperands()) {
      if (auto broadcast = operand.getDefiningOp<BroadcastOp>()) {
        narrowed.push_back(broadcast.getSrc());
        continue;
      }
      auto attr = getSplatConstant(operand);
      if (!attr)
        return failure();
      auto narrowType = RankedTensorType::get(srcShape, attr.getElementType());
      narrowed.push_back(arith::ConstantOp::create(
          rewriter, op->getLoc(), narrowType,
          DenseElementsAttr::get(narrowType, attr.getSplatValue<Attribute>())));
    }
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    auto narrowResultType =
        RankedTensorType::get(srcShape, resultType.getElementType());
    Operation *narrowOp = cloneWith(rewriter, op, narrowed, narrowResultType);
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, resultType,
                                             narrowOp->getResult(0));
    return success();
  }
};

struct TKCReorderBroadcastPass
    : public mlir::tkc::impl::TKCReorderBroadcastBase<TKCReorderBroadcastPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<MoveSplatAfterElementwise, MoveBroadcastAfterElementwise>(
        &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
