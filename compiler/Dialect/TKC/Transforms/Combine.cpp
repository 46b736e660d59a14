//===- Combine.cpp - The tkc-tkc-combine pass -----------------------------===//
//
// Peephole rewrites across tkc and arith ops: dot accumulation into an
// addend, addptr chains, and selects that duplicate a masked load's `other`.
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

struct TKCCombinePass : public mlir::tkc::impl::TKCCombineBase<TKCCombinePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<DotAccumulate<arith::AddFOp>, DotAccumulate<arith::AddIOp>,
                 AddPtrChain, SelectOfMaskedLoad>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
