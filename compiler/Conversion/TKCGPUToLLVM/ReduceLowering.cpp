//===- ReduceLowering.cpp - Lowering of tkc.reduce ------------------------===//
//
// A reduction along `axis` of a tensor with linear layout L:
//  1. registers of a thread that differ only along `axis` are combined,
//     giving one partial result per output element the thread holds (of
//     registers that hold the same element, one);
//  2. for each lane bit whose basis moves along `axis`, lanes exchange
//     partials with a butterfly XOR shuffle and combine, so every lane ends
//     with its warp's result;
//  3. if warp bits move along `axis`, every warp writes its partials to
//     shared memory at (warp index along axis, output element), and after a
//     barrier each thread combines the partials of its outputs: it loads
//     all W of them and combines them as a tree, or, when W lanes share
//     each output, those lanes load one partial each and combine by
//     butterfly shuffles: one load and log2(W) shuffles per output. The
//     shuffles hold fewer registers and take longer, unless the combine is
//     costly; they are used from 16 partials on, from 8 where the combine
//     divides or calls a math function, and from 4 in a kernel that favors
//     occupancy (the tree marks the kernel as having occupancy headroom, so
//     the driver tries that lowering where registers limit programs).
// The results are laid out as the slice of L along `axis` (or are scalars),
// so broadcasting them back needs no data movement. Values of any type
// shuffle as 32-bit words.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/TKCGPUToLLVM/ReduceLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/LayoutLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/TargetPattern.h"
#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

#include <map>

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// `coords` without coordinate `axis`.
LinearLayout::Basis dropAxis(LinearLayout::Basis coords, unsigned axis) {
  coords.erase(coords.begin() + axis);
  return coords;
}

/// From this many warp partials per output on, stage 3 reads them with one
/// load per lane and shuffles instead of one load per partial: 16 partials
/// held at once (16 warps along a row) cost registers that limit how many
/// programs fit on a multiprocessor.
constexpr unsigned kShuffleReadMinPartials = 16;
/// The same where the combine divides or calls a math function: the
/// shuffles' log2(W) combines take less time than the tree's W - 1 (a
/// Welford layer norm over 8 warps: 0.99 of Triton's time instead of 0.90).
constexpr unsigned kShuffleReadMinPartialsExpensive = 8;
/// The same in a kernel that favors occupancy.
constexpr unsigned kShuffleReadMinPartialsFavoringOccupancy = 4;

/// Lane bits whose lanes hold the same outputs (their bases move along
/// `axis`, or nowhere), at most `warpBits` of them: the lanes that can
/// share stage 3's loads.
SmallVector<unsigned> getSharingBits(const LinearLayout &layout, unsigned axis,
                                     unsigned warpBits) {
  SmallVector<unsigned> sharingBits;
  for (auto [bit, basis] : llvm::enumerate(layout.getBases(HwDim::Lane)))
    if (basis[axis] != 0 ||
        llvm::all_of(basis, [](int64_t c) { return c == 0; }))
      if (sharingBits.size() < warpBits)
        sharingBits.push_back(bit);
  return sharingBits;
}

/// Whether `op`'s combine divides or calls a math function.
bool combinesExpensively(ReduceOp op) {
  return op.getCombineOp()
      .walk([](Operation *inner) {
        return isExpensiveArithmetic(inner) ? WalkResult::interrupt()
                                            : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether stage 3 of `op` (2^`warpBits` partials per output of a reduction
/// along `axis` of `layout`) reads its partials with shuffles, in a kernel
/// that favors occupancy or not.
bool readsPartialsByShuffle(ReduceOp op, const LinearLayout &layout,
                            unsigned axis, unsigned warpBits,
                            bool favorOccupancy) {
  unsigned minPartials =
      favorOccupancy            ? kShuffleReadMinPartialsFavoringOccupancy
      : combinesExpensively(op) ? kShuffleReadMinPartialsExpensive
                                : kShuffleReadMinPartials;
  return warpBits && (1u << warpBits) >= minPartials &&
         getSharingBits(layout, axis, warpBits).size() == warpBits;
}

/// Whether every basis of `dim` moves along `axis` only, or not at all.
bool basesAreAxisAligned(const LinearLayout &layout, HwDim dim, unsigned axis) {
  for (const LinearLayout::Basis &basis : layout.getBases(dim))
    for (unsigned d = 0; d < basis.size(); ++d)
      if (d != axis && basis[axis] != 0 && basis[d] != 0)
        return false;
  return true;
}

struct ReduceLowering : public TargetPattern<ReduceOp> {
  using TargetPattern::TargetPattern;

  /// Applies the combine region to (`lhs`, `rhs`), one value per operand.
  SmallVector<Value> combine(ReduceOp op, ConversionPatternRewriter &rewriter,
                             ValueRange lhs, ValueRange rhs) const {
    SmallVector<Value> args(lhs);
    llvm::append_range(args, rhs);
    return inlineScalarRegion(rewriter, op.getLoc(), op.getCombineOp(), args);
  }

  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    auto srcType = cast<RankedTensorType>(op.getSrcs().front().getType());
    LinearLayout layout = getLinearLayout(srcType);
    for (HwDim dim : {HwDim::Register, HwDim::Lane, HwDim::Warp})
      if (!basesAreAxisAligned(layout, dim, axis))
        return op.emitOpError("cannot be lowered: its operand's layout "
                              "mixes the reduced axis with others");
    unsigned numOperands = op.getSrcs().size();

    // Stage 1: within the thread. Groups are keyed by the non-axis part of
    // the registers' coordinates; std::map keeps a deterministic order.
    // Registers that copy another's element (free register bits, as where
    // a tensor is smaller than its layout's tile) are left out: a sum
    // would count them twice.
    unsigned copies = layout.getFreeBits(HwDim::Register);
    std::map<LinearLayout::Basis, SmallVector<Value>> partial;
    SmallVector<SmallVector<Value>> registers;
    for (Value src : adaptor.getSrcs())
      registers.push_back(unpackRegisters(rewriter, loc, src));
    std::map<LinearLayout::Basis, unsigned> firstRegister;
    for (unsigned r = 0; r < layout.getNumRegisters(); ++r) {
      if (r & copies)
        continue;
      LinearLayout::Basis key =
          dropAxis(layout.applyDim(HwDim::Register, r), axis);
      SmallVector<Value> values;
      for (auto &operand : registers)
        values.push_back(operand[r]);
      auto [it, inserted] = partial.try_emplace(key, values);
      if (inserted)
        firstRegister[key] = r;
      else
        it->second = combine(op, rewriter, it->second, values);
    }

    // Stage 2: across lanes.
    for (auto [bit, basis] : llvm::enumerate(layout.getBases(HwDim::Lane))) {
      if (basis[axis] == 0)
        continue;
      for (auto &[key, values] : partial) {
        SmallVector<Value> other;
        for (Value v : values)
          other.push_back(
              shuffleXorAnyType(rewriter, loc, target, v, 1u << bit));
        values = combine(op, rewriter, values, other);
      }
    }

    // Stage 3: across warps, through shared memory.
    ReduceScratch scratch = getReduceScratch(op);
    if (unsigned warpBits = scratch.warpBits) {
      HardwareIds ids = getHardwareIds(rewriter, loc, target);
      auto coords = emitCoordinates(rewriter, loc, layout, ids);
      // The warp's index along the axis: its axis bits, packed.
      SmallVector<unsigned> axisWarpBits;
      for (auto [bit, basis] : llvm::enumerate(layout.getBases(HwDim::Warp)))
        if (basis[axis] != 0)
          axisWarpBits.push_back(bit);
      Value warpIndex = packBits(rewriter, loc, ids.warp, axisWarpBits);
      SmallVector<int64_t> outShape(srcType.getShape());
      outShape.erase(outShape.begin() + axis);
      int64_t numOut = scratch.numOutputs;
      Value base = getScratchBase(rewriter, loc, op);
      Type i8 = rewriter.getI8Type();
      auto slot = [&](unsigned k, Value index) {
        Type elem = getTypeConverter()->convertType(
            getElementTypeOrSelf(op.getSrcs()[k].getType()));
        Type stored = elem.isInteger(1) ? i8 : elem;
        Value bytes = LLVM::GEPOp::create(
            rewriter, loc, base.getType(), i8, base,
            ValueRange{i32Constant(rewriter, loc, scratch.offsets[k])});
        return std::pair(LLVM::GEPOp::create(rewriter, loc, base.getType(),
                                             stored, bytes, ValueRange{index})
                             .getResult(),
                         stored);
      };
      // The output element's row-major index.
      auto outIndex = [&](unsigned reg) {
        Value index = i32Constant(rewriter, loc, 0);
        unsigned d = 0;
        for (unsigned dim = 0; dim < coords[reg].size(); ++dim) {
          if (dim == axis)
            continue;
          index = LLVM::AddOp::create(
              rewriter, loc,
              LLVM::MulOp::create(rewriter, loc, index,
                                  i32Constant(rewriter, loc, outShape[d++])),
              coords[reg][dim]);
        }
        return index;
      };
      // The scratch buffer is shared: wait for earlier readers first.
      if (needsScratchBarrier(op))
        target.emitBarrier(rewriter, loc);
      for (auto &[key, values] : partial) {
        Value out = outIndex(firstRegister[key]);
        Value index = LLVM::AddOp::create(
            rewriter, loc,
            LLVM::MulOp::create(rewriter, loc, warpIndex,
                                i32Constant(rewriter, loc, numOut)),
            out);
        for (unsigned k = 0; k < numOperands; ++k) {
          auto [ptr, stored] = slot(k, index);
          Value v = values[k];
          if (stored != v.getType())
            v = LLVM::ZExtOp::create(rewriter, loc, stored, v);
          LLVM::StoreOp::create(rewriter, loc, v, ptr);
        }
      }
      target.emitBarrier(rewriter, loc);
      // The partials of output `out` from warp index `w` along the axis.
      auto loadPartials = [&](Value out, Value w, ValueRange like) {
        Value index = LLVM::AddOp::create(
            rewriter, loc,
            LLVM::MulOp::create(rewriter, loc, w,
                                i32Constant(rewriter, loc, numOut)),
            out);
        SmallVector<Value> loaded;
        for (unsigned k = 0; k < numOperands; ++k) {
          auto [ptr, stored] = slot(k, index);
          Value v = LLVM::LoadOp::create(rewriter, loc, stored, ptr);
          if (like[k].getType() != stored)
            v = LLVM::TruncOp::create(rewriter, loc, like[k].getType(), v);
          loaded.push_back(v);
        }
        return loaded;
      };
      if (readsPartialsByShuffle(op, layout, axis, warpBits,
                                 favorsOccupancy(op))) {
        SmallVector<unsigned> sharingBits =
            getSharingBits(layout, axis, warpBits);
        // This lane's partial: the one of the warp whose axis index is the
        // lane's sharing bits, packed.
        Value w = packBits(rewriter, loc, ids.lane, sharingBits);
        for (auto &[key, values] : partial) {
          SmallVector<Value> mine =
              loadPartials(outIndex(firstRegister[key]), w, values);
          for (unsigned bit : sharingBits) {
            SmallVector<Value> other;
            for (Value v : mine)
              other.push_back(
                  shuffleXorAnyType(rewriter, loc, target, v, 1u << bit));
            mine = combine(op, rewriter, mine, other);
          }
          values = mine;
        }
      } else {
        for (auto &[key, values] : partial) {
          Value out = outIndex(firstRegister[key]);
          SmallVector<SmallVector<Value>> warps;
          for (int64_t w = 0; w < (int64_t(1) << warpBits); ++w)
            warps.push_back(
                loadPartials(out, i32Constant(rewriter, loc, w), values));
          // A balanced tree over the warps' partials, neighbours first (the
          // pairing of a butterfly across warps): log2(warps) dependent
          // combines instead of one chain.
          while (warps.size() > 1) {
            SmallVector<SmallVector<Value>> next;
            for (size_t w = 0; w + 1 < warps.size(); w += 2)
              next.push_back(combine(op, rewriter, warps[w], warps[w + 1]));
            warps = std::move(next);
          }
          values = warps.front();
        }
      }
    }

    // Results: scalars, or registers of the slice layout.
    SmallVector<Value> results;
    for (auto [k, result] : llvm::enumerate(op.getResults())) {
      auto type = dyn_cast<RankedTensorType>(result.getType());
      if (!type) {
        results.push_back(partial.begin()->second[k]);
        continue;
      }
      LinearLayout sliced = getLinearLayout(type);
      SmallVector<Value> values;
      for (unsigned r = 0; r < sliced.getNumRegisters(); ++r) {
        auto it = partial.find(sliced.applyDim(HwDim::Register, r));
        if (it == partial.end())
          return op.emitOpError("cannot be lowered: its result layout is "
                                "not the slice of its operand's");
        values.push_back(it->second[k]);
      }
      results.push_back(packRegisters(
          rewriter, loc, getTypeConverter()->convertType(type), values));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

bool mlir::tkc::gpu::hasOccupancyHeadroom(ReduceOp op) {
  LinearLayout layout =
      getLinearLayout(cast<RankedTensorType>(op.getSrcs().front().getType()));
  unsigned axis = op.getAxis();
  unsigned warpBits = getReduceScratch(op).warpBits;
  return !readsPartialsByShuffle(op, layout, axis, warpBits, false) &&
         readsPartialsByShuffle(op, layout, axis, warpBits, true);
}

void mlir::tkc::gpu::populateReduceLoweringPatterns(
    const LLVMTypeConverter &converter, const ::tkc::TargetInfo &target,
    RewritePatternSet &patterns) {
  patterns.add<ReduceLowering>(converter, target);
}
