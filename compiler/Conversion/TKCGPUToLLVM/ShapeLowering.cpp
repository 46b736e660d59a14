//===- ShapeLowering.cpp - Ops that relabel a tensor's dimensions ---------===//
//
// tkc.trans moves no data: TKCToTKCGPU gives its result the operand's layout
// with the dimensions permuted, so result register i holds the permuted
// coordinates of operand register i. The lowering checks that with the two
// linear layouts (LinearLayout::getRegisterMapFrom, the result's coordinates
// mapped back through the permutation) and reorders the registers by the
// map it finds, the identity for the layouts TKCToTKCGPU chose. tkc.reshape
// keeps the row-major order of the elements: a register relabeling when
// each thread keeps its elements (LinearLayout::reshape), else a round trip
// through shared memory.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/TKCGPUToLLVM/ShapeLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/LayoutLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/TargetPattern.h"
#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// For each result register of `op`, the operand register of the same
/// thread that holds its element; none when the layouts are not so related.
std::optional<SmallVector<unsigned>> getTransRegisterMap(TransOp op) {
  auto srcType = cast<RankedTensorType>(op.getSrc().getType());
  auto dstType = cast<RankedTensorType>(op.getType());
  if (!getLayout(srcType) || !getLayout(dstType))
    return std::nullopt;
  ArrayRef<int32_t> order = op.getOrder();
  // Result dimension i is source dimension order[i].
  auto project = [&](LinearLayout::Basis c) {
    LinearLayout::Basis src(c.size(), 0);
    for (auto [i, d] : llvm::enumerate(order))
      src[d] = c[i];
    return src;
  };
  return getLinearLayout(dstType).getRegisterMapFrom(getLinearLayout(srcType),
                                                     project);
}

/// tkc.trans: each result register is an operand register of the same
/// thread, whose coordinates are the result's permuted back.
struct TransLowering : public TargetPattern<TransOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(TransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto map = getTransRegisterMap(op);
    if (!map)
      return failure(); // isShapeOpLowerable reported it.
    SmallVector<Value> src =
        unpackRegisters(rewriter, op.getLoc(), adaptor.getSrc());
    SmallVector<Value> values;
    for (unsigned i : *map)
      values.push_back(src[i]);
    replaceWithRegisters(rewriter, op, *getTypeConverter(), values);
    return success();
  }
};

/// tkc.reshape: a register relabeling when every thread keeps its elements
/// (getReshapeRegisterMap); else every register is stored to its row-major
/// place in the op's shared-memory scratch and, after a barrier, the
/// result's registers are loaded from theirs: the row-major index of an
/// element is the same in both shapes.
struct ReshapeLowering : public TargetPattern<ReshapeOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType srcType = op.getSrc().getType();
    auto dstType = cast<RankedTensorType>(op.getType());
    SmallVector<Value> src = unpackRegisters(rewriter, loc, adaptor.getSrc());
    SmallVector<Value> values;
    if (auto map = getReshapeRegisterMap(srcType, dstType)) {
      for (unsigned i : *map)
        values.push_back(src[i]);
      replaceWithRegisters(rewriter, op, *getTypeConverter(), values);
      return success();
    }

    Type elem = getTypeConverter()->convertType(srcType.getElementType());
    auto moved = exchangeThroughScratch(rewriter, loc, op, target, elem,
                                        getLinearLayout(srcType),
                                        getLinearLayout(dstType), src);
    if (failed(moved))
      return failure();
    replaceWithRegisters(rewriter, op, *getTypeConverter(), *moved);
    return success();
  }
};

} // namespace

bool mlir::tkc::gpu::isShapeOpLowerable(Operation *op, std::string &reason) {
  if (auto trans = dyn_cast<TransOp>(op)) {
    if (getTransRegisterMap(trans))
      return true;
    reason = "with a result layout that is not its operand's with the "
             "dimensions permuted";
    return false;
  }
  if (auto reshape = dyn_cast<ReshapeOp>(op)) {
    Type elem = getElementTypeOrSelf(reshape.getType());
    if (elem.isIntOrFloat() || isa<PointerType>(elem))
      return true;
    reason = "of this element type";
    return false;
  }
  return false;
}

void mlir::tkc::gpu::populateShapeLoweringPatterns(
    const LLVMTypeConverter &converter, const ::tkc::TargetInfo &target,
    RewritePatternSet &patterns) {
  patterns.add<TransLowering, ReshapeLowering>(converter, target);
}
