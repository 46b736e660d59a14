//===- Combine.cpp - The tkc-tkc-combine pass -----------------------------===//
//
// Peephole rewrites across tkc and arith ops: dot accumulation into an
// addend, addptr chains, selects that duplicate a masked load's `other`,
// and reshapes of loaded values that merge dimensions (the load takes the
// reshaped shape).
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKC/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tkc {
#define GEN_PASS_DEF_TKCCOMBINE
#include "compiler/Dialect/TKC/Transforms/Passes.h.inc"
} // namespace mlir::tkc

using namespace mlir;
using namespace mlir::tkc;

namespace {

/// add(dot(a, b, 0), c) -> dot(a, b, c), for arith.addf and arith.addi in
/// either operand order. The dot must have no other user.
template <typename AddOpTy>
struct DotAccumulate : public OpRewritePattern<AddOpTy> {
  using OpRewritePattern<AddOpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(AddOpTy add,
                                PatternRewriter &rewriter) const override {
    for (unsigned i = 0; i < 2; ++i) {
      auto dot = add->getOperand(i).template getDefiningOp<DotOp>();
      if (!dot || !dot->hasOneUse() || !isZero(dot.getC()))
        continue;
      Value addend = add->getOperand(1 - i);
      rewriter.replaceOpWithNewOp<DotOp>(
          add, dot.getType(), dot.getA(), dot.getB(), addend,
          dot.getInputPrecision(), dot.getMaxNumImpreciseAcc());
      rewriter.eraseOp(dot);
      return success();
    }
    return failure();
  }

  static bool isZero(Value v) {
    return matchPattern(v, m_AnyZeroFloat()) || matchPattern(v, m_Zero());
  }
};

/// addptr(addptr(p, a), b) -> addptr(p, a + b) for offsets of one type.
struct AddPtrChain : public OpRewritePattern<AddPtrOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AddPtrOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getPtr().getDefiningOp<AddPtrOp>();
    if (!inner || inner.getOffset().getType() != op.getOffset().getType())
      return failure();
    Value sum = arith::AddIOp::create(rewriter, op.getLoc(), inner.getOffset(),
                                      op.getOffset());
    rewriter.replaceOpWithNewOp<AddPtrOp>(op, op.getType(), inner.getPtr(),
                                          sum);
    return success();
  }
};

/// select(mask, load(p, mask[, other]), x) -> load(p, mask, x), when the
/// select is the load's only user.
struct SelectOfMaskedLoad : public OpRewritePattern<arith::SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::SelectOp select,
                                PatternRewriter &rewriter) const override {
    auto load = select.getTrueValue().getDefiningOp<LoadOp>();
    if (!load || !load->hasOneUse() || !load.getMask() ||
        load.getMask() != select.getCondition())
      return failure();
    auto combined = rewriter.replaceOpWithNewOp<LoadOp>(
        select, load.getPtr(), load.getMask(), select.getFalseValue());
    combined.setCacheAttr(load.getCacheAttr());
    combined.setEvictAttr(load.getEvictAttr());
    combined.setIsVolatile(load.getIsVolatile());
    rewriter.eraseOp(load);
    return success();
  }
};

/// reshape(load(p, mask, other)) -> load(reshape(p), reshape(mask),
/// reshape(other)), when the reshape keeps the elements' order, only merges
/// dimensions (so that no run of consecutive addresses is cut shorter) and
/// is the load's only user: the load is then laid out, and copied ahead in
/// loops, in the shape its value is used in (Native Sparse Attention's
/// linear compression loads a [64, 32, 8] window flattened into a
/// [64, 256] dot operand).
struct ReshapeOfLoad : public OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshapeOp reshape,
                                PatternRewriter &rewriter) const override {
    auto load = reshape.getSrc().getDefiningOp<LoadOp>();
    auto from = dyn_cast<RankedTensorType>(reshape.getSrc().getType());
    if (!load || !load->hasOneUse() || load.getDescriptor() ||
        reshape.getAllowReorder() || !from ||
        !getMergedDims(from.getShape(), reshape.getType().getShape()))
      return failure();
    auto reshaped = [&](Value value) -> Value {
      if (!value)
        return value;
      auto type = cast<RankedTensorType>(value.getType());
      return ReshapeOp::create(
          rewriter, reshape.getLoc(),
          RankedTensorType::get(reshape.getType().getShape(),
                                type.getElementType()),
          value);
    };
    rewriter.setInsertionPoint(load);
    Value ptr = reshaped(load.getPtr());
    Value mask = reshaped(load.getMask());
    Value other = reshaped(load.getOther());
    auto moved = rewriter.replaceOpWithNewOp<LoadOp>(reshape, ptr, mask, other);
    moved.setCacheAttr(load.getCacheAttr());
    moved.setEvictAttr(load.getEvictAttr());
    moved.setIsVolatile(load.getIsVolatile());
    rewriter.eraseOp(load);
    return success();
  }
};

struct TKCCombinePass : public mlir::tkc::impl::TKCCombineBase<TKCCombinePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<DotAccumulate<arith::AddFOp>, DotAccumulate<arith::AddIOp>,
                 AddPtrChain, SelectOfMaskedLoad, ReshapeOfLoad>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
