//===- TensorCopyLowering.cpp - Tensor copies and memory barriers ---------===//
//
// tkc_gpu's tensor copies (Hopper's TMA) and memory barriers, through the
// target's hooks. The block's first thread makes and ends the barriers
// (the others wait for it at a block barrier), and arrives on them and
// issues the copies; a tile of several swizzle blocks of columns (a tile
// 128 elements wide of fp16, say) takes one copy per block, each the
// tensor map's box: the tile's rows by the block's columns, written where
// !tkc_gpu.shared places that block. Every thread waits on a barrier by
// itself.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/TKCGPUToLLVM/TensorCopyLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/LayoutLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/TargetPattern.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// An i32 constant.
Value i32Constant(OpBuilder &b, Location loc, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(v));
}

/// The address of barrier `slot` (i32) of the barriers at `base`.
Value barrierAddress(OpBuilder &b, Location loc, Value base, Value slot) {
  return elementAddress(b, loc, base, b.getI64Type(), slot);
}

/// Whether this thread is the block's first (i1), and `pred` (if given).
Value firstThreadAnd(OpBuilder &b, Location loc,
                     const ::tkc::TargetInfo &target, Value pred = Value()) {
  Value first =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                           target.getThreadId(b, loc), i32Constant(b, loc, 0));
  return pred ? LLVM::AndOp::create(b, loc, first, pred).getResult() : first;
}

/// The barriers of `type` (a 1-D stack of them) at `base`, for each of
/// which `body` runs in the block's first thread.
void forEachBarrierInFirstThread(ConversionPatternRewriter &rewriter,
                                 Location loc, const ::tkc::TargetInfo &target,
                                 SharedBufferType type, Value base,
                                 function_ref<void(Value)> body) {
  emitGuarded(rewriter, loc, firstThreadAnd(rewriter, loc, target), Type(),
              [&] {
                for (int64_t s = 0; s < type.getShape().front(); ++s)
                  body(barrierAddress(rewriter, loc, base,
                                      i32Constant(rewriter, loc, s)));
                return Value();
              });
}

/// The lowering of a tensor copy or memory barrier op, which targets
/// without tensor copies refuse.
template <typename Op> struct TensorCopyPattern : public TargetPattern<Op> {
  using TargetPattern<Op>::TargetPattern;
  using OpAdaptor = typename TargetPattern<Op>::OpAdaptor;
  LogicalResult
  matchAndRewrite(Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    if (!this->target.hasTensorCopies())
      return op.emitOpError("cannot be lowered: the target has no tensor "
                            "copies");
    lower(op, adaptor, rewriter);
    rewriter.eraseOp(op);
    return success();
  }
  /// Emits `op`'s lowering (erased after).
  virtual void lower(Op op, OpAdaptor adaptor,
                     ConversionPatternRewriter &rewriter) const = 0;
};

/// tkc_gpu.barrier_init: the first thread makes every barrier; every thread
/// orders its earlier writes of shared memory (the initializations, and
/// what code before the loop stored where its tiles will be copied) before
/// the tensor copies; then the block waits for all of it.
struct BarrierInitLowering : public TensorCopyPattern<BarrierInitOp> {
  using TensorCopyPattern::TensorCopyPattern;
  void lower(BarrierInitOp op, OpAdaptor adaptor,
             ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    forEachBarrierInFirstThread(
        rewriter, loc, target, op.getBarriers().getType(),
        adaptor.getBarriers(), [&](Value barrier) {
          target.initMemoryBarrier(rewriter, loc, barrier);
        });
    target.fenceBarrierInits(rewriter, loc);
    target.emitBarrier(rewriter, loc);
  }
};

/// tkc_gpu.barrier_inval: the first thread ends every barrier, then the
/// block waits for it before the bytes hold anything else.
struct BarrierInvalLowering : public TensorCopyPattern<BarrierInvalOp> {
  using TensorCopyPattern::TensorCopyPattern;
  void lower(BarrierInvalOp op, OpAdaptor adaptor,
             ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    forEachBarrierInFirstThread(
        rewriter, loc, target, op.getBarriers().getType(),
        adaptor.getBarriers(), [&](Value barrier) {
          target.invalidateMemoryBarrier(rewriter, loc, barrier);
        });
    target.emitBarrier(rewriter, loc);
  }
};

/// tkc_gpu.barrier_expect: the first thread arrives.
struct BarrierExpectLowering : public TensorCopyPattern<BarrierExpectOp> {
  using TensorCopyPattern::TensorCopyPattern;
  void lower(BarrierExpectOp op, OpAdaptor adaptor,
             ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    target.expectMemoryBarrierBytes(
        rewriter, loc,
        barrierAddress(rewriter, loc, adaptor.getBarriers(), adaptor.getSlot()),
        op.getBytes(),
        firstThreadAnd(rewriter, loc, target, adaptor.getPred()));
  }
};

/// tkc_gpu.tensor_copy: the first thread copies each column block of the
/// tile.
struct TensorCopyLowering : public TensorCopyPattern<TensorCopyOp> {
  using TensorCopyPattern::TensorCopyPattern;
  void lower(TensorCopyOp op, OpAdaptor adaptor,
             ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SharedBufferType type = op.getTile().getType();
    // The verifier checked that tensor copies can write the tile.
    TileSwizzle tile = *getTensorCopySwizzle(type);
    Type elem = getTypeConverter()->convertType(type.getElementType());
    Value barrier =
        barrierAddress(rewriter, loc, adaptor.getBarriers(), adaptor.getSlot());
    Value pred = firstThreadAnd(rewriter, loc, target, adaptor.getPred());
    // Coordinates innermost first; a block's columns start blockCols on.
    // Those before the last two are of the box's leading unit dimensions.
    ValueRange coords = adaptor.getCoords();
    Value row = coords[coords.size() - 2], col = coords.back();
    SmallVector<Value> outer(llvm::reverse(coords.drop_back(2)));
    for (int64_t block = 0; block < tile.cols / tile.blockCols; ++block) {
      Value dst = elementAddress(
          rewriter, loc, adaptor.getTile(), elem,
          i32Constant(rewriter, loc, block * tile.rows * tile.blockCols));
      Value blockCol = LLVM::AddOp::create(
          rewriter, loc, col,
          i32Constant(rewriter, loc, block * tile.blockCols));
      SmallVector<Value> innermostFirst = {blockCol, row};
      llvm::append_range(innermostFirst, outer);
      target.copyTensorBox(rewriter, loc, dst, adaptor.getTensorMap(),
                           innermostFirst, barrier, pred);
    }
  }
};

/// tkc_gpu.barrier_wait: every thread waits.
struct BarrierWaitLowering : public TensorCopyPattern<BarrierWaitOp> {
  using TensorCopyPattern::TensorCopyPattern;
  void lower(BarrierWaitOp op, OpAdaptor adaptor,
             ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    target.waitMemoryBarrier(
        rewriter, loc,
        barrierAddress(rewriter, loc, adaptor.getBarriers(), adaptor.getSlot()),
        adaptor.getPhase());
  }
};

} // namespace

void mlir::tkc::gpu::populateTensorCopyLoweringPatterns(
    const LLVMTypeConverter &converter, const ::tkc::TargetInfo &target,
    RewritePatternSet &patterns) {
  patterns.add<BarrierInitLowering, BarrierInvalLowering, BarrierExpectLowering,
               TensorCopyLowering, BarrierWaitLowering>(converter, target);
}
