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
// through shared memory. tkc.join and tkc.split move no data either: the
// pair of each element lies in registers of the thread that holds the
// element (TKCToTKCGPU's layouts; checked with the linear layouts).
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

/// For each register of `single` (a layout of the single values of a
/// tkc.join or tkc.split), the registers of `pair` (the layout of the
/// values with the pair dimension last) that hold its element with the
/// pair index 0 and 1, in the same thread; none when the layouts are not so
/// related.
std::optional<SmallVector<std::array<unsigned, 2>>>
getPairRegisterMap(RankedTensorType singleType, RankedTensorType pairType) {
  if (!getLayout(singleType) || !getLayout(pairType))
    return std::nullopt;
  LinearLayout single = getLinearLayout(singleType);
  LinearLayout pair = getLinearLayout(pairType);
  // Lanes and warps must hold the same elements, with pair index 0.
  for (HwDim hw : {HwDim::Lane, HwDim::Warp}) {
    if (single.getBases(hw).size() != pair.getBases(hw).size())
      return std::nullopt;
    for (auto [s, p] : llvm::zip(single.getBases(hw), pair.getBases(hw))) {
      LinearLayout::Basis extended = s;
      extended.push_back(0);
      if (extended != p)
        return std::nullopt;
    }
  }
  SmallVector<std::array<unsigned, 2>> map;
  for (unsigned r = 0; r < single.getNumRegisters(); ++r) {
    LinearLayout::Basis want = single.applyDim(HwDim::Register, r);
    want.push_back(0);
    std::array<unsigned, 2> found = {~0u, ~0u};
    for (unsigned p = 0; p < pair.getNumRegisters(); ++p) {
      LinearLayout::Basis at = pair.applyDim(HwDim::Register, p);
      for (unsigned side = 0; side < 2; ++side) {
        want.back() = side;
        if (at == want && found[side] == ~0u)
          found[side] = p;
      }
    }
    if (found[0] == ~0u || found[1] == ~0u)
      return std::nullopt;
    map.push_back(found);
  }
  return map;
}

/// tkc.join: result register map[i][side] is register i of `lhs` (side 0)
/// or `rhs` (side 1).
struct JoinLowering : public TargetPattern<JoinOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(JoinOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto map = getPairRegisterMap(cast<RankedTensorType>(op.getLhs().getType()),
                                  cast<RankedTensorType>(op.getType()));
    if (!map)
      return failure(); // isShapeOpLowerable reported it.
    Location loc = op.getLoc();
    SmallVector<Value> sides[2] = {
        unpackRegisters(rewriter, loc, adaptor.getLhs()),
        unpackRegisters(rewriter, loc, adaptor.getRhs())};
    SmallVector<Value> values(
        getLinearLayout(cast<RankedTensorType>(op.getType()))
            .getNumRegisters());
    for (auto [i, registers] : llvm::enumerate(*map))
      for (unsigned side = 0; side < 2; ++side)
        values[registers[side]] = sides[side][i];
    // Every result register must hold some element.
    if (llvm::any_of(values, [](Value v) { return !v; }))
      return op.emitOpError("cannot be lowered: its result layout has "
                            "registers no operand element maps to");
    replaceWithRegisters(rewriter, op, *getTypeConverter(), values);
    return success();
  }
};

/// tkc.split: register i of each result is register map[i][side] of the
/// operand.
struct SplitLowering : public TargetPattern<SplitOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto map =
        getPairRegisterMap(cast<RankedTensorType>(op.getOutLHS().getType()),
                           cast<RankedTensorType>(op.getSrc().getType()));
    if (!map)
      return failure(); // isShapeOpLowerable reported it.
    SmallVector<Value> src =
        unpackRegisters(rewriter, op.getLoc(), adaptor.getSrc());
    SmallVector<Value> results;
    for (unsigned side = 0; side < 2; ++side) {
      SmallVector<Value> values;
      for (const std::array<unsigned, 2> &registers : *map)
        values.push_back(src[registers[side]]);
      results.push_back(packRegisters(
          rewriter, op.getLoc(),
          getTypeConverter()->convertType(op->getResult(side).getType()),
          values));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

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
  if (isa<JoinOp, SplitOp>(op)) {
    bool isJoin = isa<JoinOp>(op);
    Value single = isJoin ? op->getOperand(0) : op->getResult(0);
    Value pair = isJoin ? op->getResult(0) : op->getOperand(0);
    if (getPairRegisterMap(cast<RankedTensorType>(single.getType()),
                           cast<RankedTensorType>(pair.getType())))
      return true;
    reason = "with layouts that do not keep each element's pair in one "
             "thread";
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
  patterns.add<TransLowering, ReshapeLowering, JoinLowering, SplitLowering>(
      converter, target);
}
