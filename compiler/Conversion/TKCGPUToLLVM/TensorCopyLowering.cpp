//===- TensorCopyLowering.cpp - Tensor copies and memory barriers ---------===//
//
// tkc_gpu's tensor copies (Hopper's TMA) and memory barriers, through the
// target's hooks. The block's first thread makes and ends the barriers
// (the others wait for it at a block barrier), and arrives on them and
// issues the copies; a tile of several swizzle blocks of columns (a tile
// 128 elements wide of fp16, say) takes one copy per block, each the
// tensor map's box: the tile's rows by the block's columns, written where
// !tkc_gpu.shared places that block. Every thread waits on a barrier by
// itself. A tensor store moves a tile back the same way, block by block,
// from the first thread once the block's writes of the tile are ordered
// before it.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/TKCGPUToLLVM/TensorCopyLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/LayoutLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/TargetPattern.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

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

/// Calls `box` with the shared address of each column block of `tile` (a
/// tile tensor copies can move, at `tileBase`) and the coordinates of its
/// box, innermost first, from `coords` (outermost first, the block's).
void forEachColumnBlock(OpBuilder &b, Location loc, SharedBufferType type,
                        Type elem, Value tileBase, ValueRange coords,
                        function_ref<void(Value, ArrayRef<Value>)> box) {
  // The verifiers checked that tensor copies can move the tile.
  TileSwizzle tile = *getTensorCopySwizzle(type);
  // A block's columns start blockCols on. Coordinates before the last two
  // are of the box's leading unit dimensions.
  Value row = coords[coords.size() - 2], col = coords.back();
  SmallVector<Value> outer(llvm::reverse(coords.drop_back(2)));
  for (int64_t block = 0; block < tile.cols / tile.blockCols; ++block) {
    Value address =
        elementAddress(b, loc, tileBase, elem,
                       i32Constant(b, loc, block * tile.rows * tile.blockCols));
    Value blockCol = LLVM::AddOp::create(
        b, loc, col, i32Constant(b, loc, block * tile.blockCols));
    SmallVector<Value> innermostFirst = {blockCol, row};
    llvm::append_range(innermostFirst, outer);
    box(address, innermostFirst);
  }
}

/// tkc_gpu.tensor_copy: the first thread copies each column block of the
/// tile.
struct TensorCopyLowering : public TensorCopyPattern<TensorCopyOp> {
  using TensorCopyPattern::TensorCopyPattern;
  void lower(TensorCopyOp op, OpAdaptor adaptor,
             ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SharedBufferType type = op.getTile().getType();
    Type elem = getTypeConverter()->convertType(type.getElementType());
    Value barrier =
        barrierAddress(rewriter, loc, adaptor.getBarriers(), adaptor.getSlot());
    Value pred = firstThreadAnd(rewriter, loc, target, adaptor.getPred());
    forEachColumnBlock(
        rewriter, loc, type, elem, adaptor.getTile(), adaptor.getCoords(),
        [&](Value dst, ArrayRef<Value> coords) {
          target.copyTensorBox(rewriter, loc, dst, adaptor.getTensorMap(),
                               coords, barrier, pred);
        });
  }
};

/// Whether `op` is the last op of its function before the return: nothing
/// after it reads or writes shared memory.
bool endsFunction(Operation *op) {
  Operation *next = op->getNextNode();
  return next && next->hasTrait<OpTrait::ReturnLike>() &&
         isa<FunctionOpInterface>(op->getParentOp());
}

/// Whether `op`'s tile was stored by the local_alloc just before it, whose
/// stores tensor copies and warpgroup multiplies read after it.
bool justAllocated(TensorStoreOp op) {
  auto alloc = op.getTile().getDefiningOp<LocalAllocOp>();
  return alloc && alloc.getInit() && op->getPrevNode() == alloc;
}

/// tkc_gpu.tensor_store: every thread orders its writes of the tile before
/// the stores, and the block meets (unless the local_alloc just before
/// wrote the tile); the first thread stores each column block of the tile
/// and waits until the stores have read it, and the block meets again
/// before the tile's bytes are reused (unless the kernel ends there).
struct TensorStoreLowering : public TensorCopyPattern<TensorStoreOp> {
  using TensorCopyPattern::TensorCopyPattern;
  void lower(TensorStoreOp op, OpAdaptor adaptor,
             ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SharedBufferType type = op.getTile().getType();
    Type elem = getTypeConverter()->convertType(type.getElementType());
    if (!justAllocated(op)) {
      target.fenceSharedForTensorCopies(rewriter, loc);
      target.emitBarrier(rewriter, loc);
    }
    Value pred = firstThreadAnd(rewriter, loc, target);
    forEachColumnBlock(
        rewriter, loc, type, elem, adaptor.getTile(), adaptor.getCoords(),
        [&](Value src, ArrayRef<Value> coords) {
          target.storeTensorBox(rewriter, loc, src, adaptor.getTensorMap(),
                                coords, pred);
        });
    target.waitTensorStoreReads(rewriter, loc, pred);
    if (!endsFunction(op))
      target.emitBarrier(rewriter, loc);
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
               TensorCopyLowering, TensorStoreLowering, BarrierWaitLowering>(
      converter, target);
}
