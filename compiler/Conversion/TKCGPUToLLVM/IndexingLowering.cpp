//===- IndexingLowering.cpp - tkc.gather and tkc.histogram ----------------===//
//
// tkc.gather: every thread stores its source elements at their row-major
// places in the op's scratch, a barrier, then each result register loads
// the place its coordinates give with the axis coordinate replaced by its
// index. The result has the indices' layout, so a thread's index and result
// registers correspond one to one.
//
// tkc.histogram: the bins' counters live in the op's scratch. Threads zero
// the bins they hold in the result's layout, a barrier, then the owner of
// each source element (one copy of replicated elements) adds 1 to the bin
// of its low bits with a shared-memory atomic where it is unmasked, a
// barrier, and every result register loads its bin.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/TKCGPUToLLVM/IndexingLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/LayoutLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/TargetPattern.h"
#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// `value` (an integer register) as i32: truncated or sign-extended.
Value toI32(OpBuilder &b, Location loc, Value value) {
  Type i32 = b.getI32Type();
  unsigned bits = value.getType().getIntOrFloatBitWidth();
  if (bits > 32)
    return LLVM::TruncOp::create(b, loc, i32, value);
  if (bits < 32)
    return LLVM::SExtOp::create(b, loc, i32, value);
  return value;
}

struct GatherLowering : public TargetPattern<GatherOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    SmallVector<Value> src =
        registersOf(rewriter, loc, op.getSrc(), adaptor.getSrc());
    SmallVector<Value> indices =
        registersOf(rewriter, loc, op.getIndices(), adaptor.getIndices());
    Type elem = src.front().getType();
    HardwareIds ids = getHardwareIds(rewriter, loc, target);
    Value base = getScratchBase(rewriter, loc, op);

    if (needsScratchBarrier(op))
      target.emitBarrier(rewriter, loc);
    SmallVector<Value> places =
        emitRowMajorIndices(rewriter, loc, getLinearLayout(srcType), ids);
    for (auto [value, place] : llvm::zip(src, places))
      LLVM::StoreOp::create(rewriter, loc, value,
                            elementAddress(rewriter, loc, base, elem, place));
    target.emitBarrier(rewriter, loc);

    // Each result element: its coordinates, the axis one from its index,
    // row-major in the source's shape.
    unsigned axis = op.getAxis();
    SmallVector<SmallVector<Value>> coords =
        emitCoordinates(rewriter, loc, getLinearLayout(resultType), ids);
    SmallVector<Value> values;
    for (auto [coord, index] : llvm::zip(coords, indices)) {
      Value place;
      for (int64_t d = 0; d < srcType.getRank(); ++d) {
        Value c = d == axis ? toI32(rewriter, loc, index) : coord[d];
        place = place ? LLVM::AddOp::create(
                            rewriter, loc,
                            LLVM::MulOp::create(
                                rewriter, loc, place,
                                i32Constant(rewriter, loc,
                                            srcType.getDimSize(d))),
                            c)
                      : c;
      }
      values.push_back(LLVM::LoadOp::create(
          rewriter, loc, elem,
          elementAddress(rewriter, loc, base, elem, place)));
    }
    replaceWithRegisters(rewriter, op, *getTypeConverter(), values);
    return success();
  }
};

struct HistogramLowering : public TargetPattern<HistogramOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(HistogramOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t bins = resultType.getDimSize(0);
    SmallVector<Value> src =
        registersOf(rewriter, loc, op.getSrc(), adaptor.getSrc());
    SmallVector<Value> masks;
    if (op.getMask())
      masks = registersOf(rewriter, loc, op.getMask(), adaptor.getMask());
    Type i32 = rewriter.getI32Type();
    HardwareIds ids = getHardwareIds(rewriter, loc, target);
    Value base = getScratchBase(rewriter, loc, op);
    SmallVector<Value> binOf =
        emitRowMajorIndices(rewriter, loc, getLinearLayout(resultType), ids);

    if (needsScratchBarrier(op))
      target.emitBarrier(rewriter, loc);
    Value zero = i32Constant(rewriter, loc, 0);
    for (Value bin : binOf)
      LLVM::StoreOp::create(rewriter, loc, zero,
                            elementAddress(rewriter, loc, base, i32, bin));
    target.emitBarrier(rewriter, loc);

    Owners owners = ownersOf(rewriter, loc, op.getSrc().getType(), target);
    Value one = i32Constant(rewriter, loc, 1);
    for (unsigned r = 0; r < src.size(); ++r) {
      if (owners.ownerOf[r] != r)
        continue;
      Value pred = both(rewriter, loc, owners.thread,
                        masks.empty() ? Value() : masks[r]);
      emitGuarded(rewriter, loc, pred, Type(), [&] {
        // The value's low bits, as Triton's lowering counts it: values
        // outside [0, bins) land in the bin of their remainder.
        Value bin = LLVM::AndOp::create(rewriter, loc, toI32(rewriter, loc, src[r]),
                                        i32Constant(rewriter, loc, bins - 1));
        LLVM::AtomicRMWOp::create(
            rewriter, loc, LLVM::AtomicBinOp::add,
            elementAddress(rewriter, loc, base, i32, bin), one,
            LLVM::AtomicOrdering::monotonic);
        return Value();
      });
    }
    target.emitBarrier(rewriter, loc);
    SmallVector<Value> values;
    for (Value bin : binOf)
      values.push_back(LLVM::LoadOp::create(
          rewriter, loc, i32, elementAddress(rewriter, loc, base, i32, bin)));
    replaceWithRegisters(rewriter, op, *getTypeConverter(), values);
    return success();
  }
};

} // namespace

bool mlir::tkc::gpu::isIndexingOpLowerable(Operation *op,
                                           std::string &reason) {
  if (auto gather = dyn_cast<GatherOp>(op)) {
    Type elem = gather.getType().getElementType();
    if (!elem.isIntOrFloat() || elem.getIntOrFloatBitWidth() < 8) {
      reason = "of blocks of booleans or pointers";
      return false;
    }
    if (getLayout(gather.getType()) != getLayout(gather.getIndices().getType())) {
      reason = "with a result layout other than its indices'";
      return false;
    }
  }
  return true;
}

void mlir::tkc::gpu::populateIndexingLoweringPatterns(
    const LLVMTypeConverter &converter, const ::tkc::TargetInfo &target,
    RewritePatternSet &patterns) {
  patterns.add<GatherLowering, HistogramLowering>(converter, target);
}
