//===- LayoutConversionLowering.cpp - Values between layouts --------------===//
//
// The linear layouts of source and result say whether each result register
// is a source register of the same thread (LinearLayout::getRegisterMapFrom):
// then the lowering only reorders the struct's fields. broadcast and
// expand_dims always are, given the layouts TKCToTKCGPU chose. A conversion
// to an operand of an NVIDIA MMA in registers whose elements stay in their
// warp (a tf32 or fp8 P, from the accumulator to the next dot's A) moves them
// with one shuffle per result register (exchangeWithinWarps). Otherwise a
// convert_layout stores every register to its row-major place in the op's
// shared-memory scratch and, after a barrier, loads the result's registers
// from theirs; a tensor whose scratch would not fit, one slab along its
// first dimension at a time (tkc_gpu.rounds).
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/TKCGPUToLLVM/LayoutConversionLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/LayoutLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/TargetPattern.h"
#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"

#include <type_traits>

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// `values` reordered by `map`.
SmallVector<Value> gather(ArrayRef<Value> values, ArrayRef<unsigned> map) {
  SmallVector<Value> out;
  for (unsigned i : map)
    out.push_back(values[i]);
  return out;
}

/// broadcast and expand_dims: each result register is a source register of
/// the same thread, given the layouts TKCToTKCGPU chose.
template <typename Op>
struct RegisterShuffleLowering : public TargetPattern<Op> {
  using TargetPattern<Op>::TargetPattern;
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    auto project = [&](LinearLayout::Basis c) {
      if constexpr (std::is_same_v<Op, ExpandDimsOp>) {
        c.erase(c.begin() + op.getAxis());
      } else {
        for (unsigned d = 0; d < c.size(); ++d)
          if (srcType.getDimSize(d) == 1)
            c[d] = 0;
      }
      return c;
    };
    auto map = getLinearLayout(dstType).getRegisterMapFrom(
        getLinearLayout(srcType), project);
    if (!map)
      return op.emitOpError("cannot be lowered: its source and result "
                            "layouts are not related register by register");
    SmallVector<Value> src =
        unpackRegisters(rewriter, op.getLoc(), adaptor.getSrc());
    replaceWithRegisters(rewriter, op, *this->getTypeConverter(),
                         gather(src, *map));
    return success();
  }
};

/// `map` applied to the lane index `lane` (i32) at run time.
Value emitLaneMap(OpBuilder &b, Location loc, const Gf2Map &map, Value lane) {
  Value y = i32Constant(b, loc, 0);
  for (auto [bit, column] : llvm::enumerate(map.columns))
    if (column)
      y = xorIfBitSet(b, loc, y, lane, bit, column);
  return y;
}

/// `src` moved to the result's registers by `plan`'s shuffles.
SmallVector<Value> exchangeWithinWarps(OpBuilder &b, Location loc,
                                       const ::tkc::TargetInfo &target,
                                       const WarpShuffles &plan,
                                       ArrayRef<Value> src) {
  Value lane = getHardwareIds(b, loc, target).lane;
  Value read = emitLaneMap(b, loc, plan.read, lane);
  SmallVector<uint64_t> sends = plan.send.image(), keeps = plan.keep.image();
  Value send =
      sends.size() > 1 ? emitLaneMap(b, loc, plan.send, lane) : Value();
  Value keep =
      keeps.size() > 1 ? emitLaneMap(b, loc, plan.keep, lane) : Value();
  // The value for `offset` (a lane's, at run time) among `choices`.
  auto choose = [&](Value offset, ArrayRef<uint64_t> choices,
                    llvm::function_ref<Value(uint64_t)> valueFor) {
    Value chosen = valueFor(choices.front());
    for (uint64_t u : choices.drop_front()) {
      Value is = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, offset,
                                      i32Constant(b, loc, u));
      chosen = LLVM::SelectOp::create(b, loc, is, valueFor(u), chosen);
    }
    return chosen;
  };
  SmallVector<Value> rounds;
  for (auto [first, readXor] : llvm::zip(plan.sendFirst, plan.readXor)) {
    Value sent =
        choose(send, sends, [&](uint64_t u) { return src[first ^ u]; });
    Value from =
        LLVM::XOrOp::create(b, loc, read, i32Constant(b, loc, readXor));
    rounds.push_back(shuffleIdxAnyType(b, loc, target, sent, from));
  }
  SmallVector<Value> result;
  for (uint64_t r = 0; r < rounds.size(); ++r)
    result.push_back(
        choose(keep, keeps, [&](uint64_t u) { return rounds[r ^ u]; }));
  return result;
}

/// A layout conversion: a register permutation when no element changes
/// thread, shuffles within warps into an NVIDIA MMA's operand in registers
/// (exchangeWithinWarps), else a round trip through shared memory (see
/// tkc-gpu-allocate-shared-memory for the space it uses).
struct ConvertLayoutLowering : public TargetPattern<ConvertLayoutOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    LinearLayout from = getLinearLayout(srcType), to = getLinearLayout(dstType);
    SmallVector<Value> src = unpackRegisters(rewriter, loc, adaptor.getSrc());
    if (auto map = to.getRegisterMapFrom(from)) {
      replaceWithRegisters(rewriter, op, *getTypeConverter(),
                           gather(src, *map));
      return success();
    }

    Type elem = getTypeConverter()->convertType(srcType.getElementType());
    if (std::optional<WarpShuffles> plan =
            getOperandShuffles(srcType, dstType)) {
      replaceWithRegisters(
          rewriter, op, *getTypeConverter(),
          exchangeWithinWarps(rewriter, loc, target, *plan, src));
      return success();
    }
    unsigned rounds = getConversionRounds(op);
    if (rounds == 1) {
      auto values = exchangeThroughScratch(rewriter, loc, op, target, elem,
                                           from, to, src);
      if (failed(values))
        return failure();
      replaceWithRegisters(rewriter, op, *getTypeConverter(), *values);
      return success();
    }
    // One slab along dimension 0 a round: the registers whose top bits
    // select it, on both sides.
    unsigned k = llvm::Log2_32(rounds);
    auto fromBits = from.getTopRegisterBits(k),
         toBits = to.getTopRegisterBits(k);
    // The pass checked the rounds before lowering (TKCGPUToLLVM.cpp).
    if (!fromBits || !toBits)
      return failure();
    LinearLayout fromSlab = from.withoutTopRegisterBits(*fromBits),
                 toSlab = to.withoutTopRegisterBits(*toBits);
    SmallVector<Value> result(to.getNumRegisters());
    for (unsigned round = 0; round < rounds; ++round) {
      SmallVector<Value> part;
      for (unsigned r : slabRegisters(from, *fromBits, round))
        part.push_back(src[r]);
      auto values = exchangeThroughScratch(rewriter, loc, op, target, elem,
                                           fromSlab, toSlab, part, round > 0);
      if (failed(values))
        return failure();
      for (auto [r, value] :
           llvm::zip_equal(slabRegisters(to, *toBits, round), *values))
        result[r] = value;
    }
    replaceWithRegisters(rewriter, op, *getTypeConverter(), result);
    return success();
  }

private:
  /// The registers of `layout` in slab `round`: those whose bits `topBits`
  /// (getTopRegisterBits) spell `round`, in the order of their other bits,
  /// as withoutTopRegisterBits() numbers them.
  static SmallVector<unsigned> slabRegisters(const LinearLayout &layout,
                                             ArrayRef<unsigned> topBits,
                                             unsigned round) {
    SmallVector<unsigned> registers;
    for (unsigned r = 0; r < layout.getNumRegisters(); ++r)
      if (llvm::all_of(llvm::enumerate(topBits), [&](auto bit) {
            return (r >> bit.value() & 1) == (round >> bit.index() & 1);
          }))
        registers.push_back(r);
    return registers;
  }
};

} // namespace

void mlir::tkc::gpu::populateLayoutConversionLoweringPatterns(
    const LLVMTypeConverter &converter, const ::tkc::TargetInfo &target,
    RewritePatternSet &patterns) {
  patterns.add<RegisterShuffleLowering<BroadcastOp>,
               RegisterShuffleLowering<ExpandDimsOp>, ConvertLayoutLowering>(
      converter, target);
}
