//===- ScanLowering.cpp - Lowering of tkc.scan ----------------------------===//
//
// An inclusive scan along `axis` of a tensor whose layout, along that axis,
// gives a thread contiguous runs of registers (low bits), then lanes, then
// warps, then repetitions of that tile (high register bits), as blocked
// layouts do. For every output row (the other coordinates) and repetition:
//  1. each thread scans its run of registers;
//  2. lanes scan their run totals in log2(lanes) steps, each lane combining
//     the running total of the lane 2^k places before it (one combine per
//     step, as Triton does); a lane's exclusive prefix is then the running
//     total of the lane before it, and the lanes' total that of the last;
//  3. warps exchange their totals through shared memory, each thread
//     combining the totals of the warps before it;
//  4. repetitions carry the combined total of the tiles before them.
// Absent prefixes (lane 0, warp 0, the first repetition) are handled with
// selects, so no identity element is needed: any combine region works.
// A reverse scan is the same scan in mirrored order: registers of a run from
// the last, a lane's partner "before" it when the partner's bit is set,
// warps numbered from the last, repetitions carried from the last. Its
// element i combines elements N-1 down to i, the later ones on the left, as
// a forward scan of the reversed sequence would.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/TKCGPUToLLVM/ScanLowering.h"
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

/// The values of all operands at one position.
using Values = SmallVector<Value>;

struct ScanLowering : public TargetPattern<ScanOp> {
  using TargetPattern::TargetPattern;

  /// Applies the combine region to (`lhs`, `rhs`), one value per operand.
  Values combine(ScanOp op, ConversionPatternRewriter &rewriter, ValueRange lhs,
                 ValueRange rhs) const {
    SmallVector<Value> args(lhs);
    llvm::append_range(args, rhs);
    return inlineScalarRegion(rewriter, op.getLoc(), op.getCombineOp(), args);
  }

  /// `present ? combine(prefix, values) : values`.
  Values prepend(ScanOp op, ConversionPatternRewriter &rewriter, Value present,
                 ValueRange prefix, ValueRange values) const {
    Values combined = combine(op, rewriter, prefix, values);
    Values out;
    for (auto [c, v] : llvm::zip(combined, values))
      out.push_back(
          LLVM::SelectOp::create(rewriter, op.getLoc(), present, c, v));
    return out;
  }

  LogicalResult
  matchAndRewrite(ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool reverse = op.getReverse();
    unsigned axis = op.getAxis();
    auto type = cast<RankedTensorType>(op.getSrcs().front().getType());
    LinearLayout layout = getLinearLayout(type);
    // Axis bits must come as: low registers, lanes, warps, high registers,
    // each one new power of two along the axis only.
    int64_t expected = 1;
    unsigned lowRegs = 0;
    auto regBases = layout.getBases(HwDim::Register);
    bool ok = true;
    auto take = [&](const LinearLayout::Basis &basis) {
      for (unsigned d = 0; d < basis.size(); ++d)
        if (d != axis && basis[d] != 0 && basis[axis] != 0)
          ok = false;
      if (basis[axis] == 0)
        return false;
      ok &= basis[axis] == expected;
      expected *= 2;
      return true;
    };
    unsigned r = 0;
    for (; r < regBases.size(); ++r) {
      if (regBases[r][axis] == 0)
        continue;
      if (regBases[r][axis] != expected)
        break;
      take(regBases[r]);
      ++lowRegs;
    }
    SmallVector<unsigned> laneBits, warpBits;
    for (auto [bit, basis] : llvm::enumerate(layout.getBases(HwDim::Lane)))
      if (take(basis))
        laneBits.push_back(bit);
    for (auto [bit, basis] : llvm::enumerate(layout.getBases(HwDim::Warp)))
      if (take(basis))
        warpBits.push_back(bit);
    for (; r < regBases.size(); ++r)
      take(regBases[r]);
    if (!ok || expected != type.getDimSize(axis))
      return op.emitOpError("cannot be lowered: its layout does not tile "
                            "the scanned axis as registers, lanes, warps");

    unsigned n = op.getSrcs().size();
    SmallVector<Values> regs(layout.getNumRegisters());
    for (Value src : adaptor.getSrcs()) {
      Values unpacked = unpackRegisters(rewriter, loc, src);
      for (unsigned i = 0; i < unpacked.size(); ++i)
        regs[i].push_back(unpacked[i]);
    }
    // Registers by (row key, repetition), each run sorted along the axis.
    auto lowMask = (int64_t(1) << lowRegs) - 1;
    std::map<std::pair<LinearLayout::Basis, int64_t>,
             std::map<int64_t, unsigned>>
        runs;
    // Registers that copy another's element (free register bits) are not
    // scanned; they take their original's result at the end.
    unsigned copies = layout.getFreeBits(HwDim::Register);
    for (unsigned i = 0; i < layout.getNumRegisters(); ++i) {
      if (i & copies)
        continue;
      LinearLayout::Basis c = layout.applyDim(HwDim::Register, i);
      int64_t along = c[axis];
      c.erase(c.begin() + axis);
      runs[{c, along & ~lowMask}][along & lowMask] = i;
    }

    HardwareIds ids = getHardwareIds(rewriter, loc, target);
    Value zero = i32Constant(rewriter, loc, 0);
    Value falseValue = LLVM::ConstantOp::create(
        rewriter, loc, rewriter.getI1Type(), rewriter.getBoolAttr(false));

    // Stages 1 and 2 per run; the run totals and lane prefixes are kept.
    struct RunState {
      Values laneTotal, lanePrefix;
      Value hasLanePrefix;
    };
    // The lanes along the axis, by position in scan order: a lane's own,
    // the lanes 2^k places before it (and whether there is one), the lane
    // just before it and the last lane, each with this lane's other bits.
    unsigned laneCount = 1u << laneBits.size();
    Value lanePosition = packBits(rewriter, loc, ids.lane, laneBits);
    if (reverse)
      lanePosition =
          LLVM::XOrOp::create(rewriter, loc, lanePosition,
                              i32Constant(rewriter, loc, laneCount - 1));
    unsigned axisLanes = 0;
    for (unsigned bit : laneBits)
      axisLanes |= 1u << bit;
    Value otherLaneBits = LLVM::AndOp::create(
        rewriter, loc, ids.lane, i32Constant(rewriter, loc, ~axisLanes));
    auto laneAt = [&](Value position) -> Value {
      position = LLVM::AndOp::create(rewriter, loc, position,
                                     i32Constant(rewriter, loc, laneCount - 1));
      if (reverse)
        position = LLVM::XOrOp::create(
            rewriter, loc, position, i32Constant(rewriter, loc, laneCount - 1));
      return LLVM::OrOp::create(rewriter, loc, otherLaneBits,
                                depositBits(rewriter, loc, position, laneBits));
    };
    SmallVector<std::pair<Value, Value>> laneSteps;
    for (unsigned k = 0; k < laneBits.size(); ++k) {
      Value distance = i32Constant(rewriter, loc, 1u << k);
      laneSteps.push_back(
          {laneAt(LLVM::SubOp::create(rewriter, loc, lanePosition, distance)),
           LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::uge,
                                lanePosition, distance)});
    }
    Value previousLane = laneAt(LLVM::SubOp::create(
        rewriter, loc, lanePosition, i32Constant(rewriter, loc, 1)));
    Value hasPreviousLane = LLVM::ICmpOp::create(
        rewriter, loc, LLVM::ICmpPredicate::ne, lanePosition, zero);
    Value lastLane = laneAt(i32Constant(rewriter, loc, laneCount - 1));
    std::map<std::pair<LinearLayout::Basis, int64_t>, RunState> states;
    for (auto &[key, run] : runs) {
      // The run's registers in scan order.
      SmallVector<unsigned> order;
      for (auto &[pos, reg] : run)
        order.push_back(reg);
      if (reverse)
        std::reverse(order.begin(), order.end());
      Values acc;
      for (unsigned reg : order) {
        if (!acc.empty())
          regs[reg] = combine(op, rewriter, acc, regs[reg]);
        acc = regs[reg];
      }
      RunState state{acc, acc, falseValue};
      if (!laneBits.empty()) {
        Values running = acc;
        for (auto &[from, has] : laneSteps) {
          Values other;
          for (Value v : running)
            other.push_back(shuffleIdxAnyType(rewriter, loc, target, v, from));
          running = prepend(op, rewriter, has, other, running);
        }
        state.lanePrefix.clear();
        state.laneTotal.clear();
        for (Value v : running) {
          state.lanePrefix.push_back(
              shuffleIdxAnyType(rewriter, loc, target, v, previousLane));
          state.laneTotal.push_back(
              shuffleIdxAnyType(rewriter, loc, target, v, lastLane));
        }
        state.hasLanePrefix = hasPreviousLane;
      }
      states[key] = state;
    }

    // Stage 3: warp totals through shared memory, all runs at once.
    std::map<std::pair<LinearLayout::Basis, int64_t>, std::pair<Values, Value>>
        warpPrefix;
    std::map<std::pair<LinearLayout::Basis, int64_t>, Values> tileTotal;
    unsigned numWarps = 1u << warpBits.size();
    if (!warpBits.empty()) {
      // The warp's position in scan order along the axis.
      Value warpIndex = packBits(rewriter, loc, ids.warp, warpBits);
      if (reverse)
        warpIndex = LLVM::XOrOp::create(
            rewriter, loc, warpIndex, i32Constant(rewriter, loc, numWarps - 1));
      Value base = getScratchBase(rewriter, loc, op);
      // Slot of (row and repetition, warp, operand); each operand has its
      // own region.
      auto threadRows = coordinatesOfRuns(rewriter, loc, layout, ids, runs,
                                          axis, getScanRepetitions(type, axis));
      SmallVector<Type> stored;
      for (Value src : op.getSrcs()) {
        Type elem = getTypeConverter()->convertType(
            getElementTypeOrSelf(src.getType()));
        stored.push_back(elem.isInteger(1) ? rewriter.getI8Type() : elem);
      }
      ReduceScratch scratch = getScanScratch(op);
      auto slot = [&](Value runIndex, Value warp, unsigned k) {
        Value bytes = LLVM::GEPOp::create(
            rewriter, loc, base.getType(), rewriter.getI8Type(), base,
            ValueRange{i32Constant(rewriter, loc, scratch.offsets[k])});
        Value index = LLVM::AddOp::create(
            rewriter, loc,
            LLVM::MulOp::create(rewriter, loc, runIndex,
                                i32Constant(rewriter, loc, numWarps)),
            warp);
        return LLVM::GEPOp::create(rewriter, loc, base.getType(), stored[k],
                                   bytes, ValueRange{index})
            .getResult();
      };
      // The scratch buffer is shared: wait for earlier readers first.
      if (needsScratchBarrier(op))
        target.emitBarrier(rewriter, loc);
      for (auto &[key, state] : states) {
        Value runIndex = threadRows[key];
        for (unsigned k = 0; k < n; ++k) {
          Value v = state.laneTotal[k];
          if (v.getType() != stored[k])
            v = LLVM::ZExtOp::create(rewriter, loc, stored[k], v);
          LLVM::StoreOp::create(rewriter, loc, v, slot(runIndex, warpIndex, k));
        }
      }
      target.emitBarrier(rewriter, loc);
      for (auto &[key, state] : states) {
        Value runIndex = threadRows[key];
        Values prefix, total;
        Value hasPrefix = falseValue;
        for (unsigned w = 0; w < numWarps; ++w) {
          Values loaded;
          for (unsigned k = 0; k < n; ++k) {
            Value v = LLVM::LoadOp::create(
                rewriter, loc, stored[k],
                slot(runIndex, i32Constant(rewriter, loc, w), k));
            if (v.getType() != state.laneTotal[k].getType())
              v = LLVM::TruncOp::create(rewriter, loc,
                                        state.laneTotal[k].getType(), v);
            loaded.push_back(v);
          }
          if (w == 0) {
            prefix = loaded;
            total = loaded;
          } else {
            total = combine(op, rewriter, total, loaded);
          }
          // Warps before this one form its prefix.
          Value before =
              LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ult,
                                   i32Constant(rewriter, loc, w), warpIndex);
          Values extended =
              w == 0 ? loaded : combine(op, rewriter, prefix, loaded);
          for (unsigned k = 0; k < n; ++k)
            prefix[k] = LLVM::SelectOp::create(rewriter, loc, before,
                                               extended[k], prefix[k]);
          hasPrefix = LLVM::OrOp::create(rewriter, loc, hasPrefix, before);
        }
        warpPrefix[key] = {prefix, hasPrefix};
        tileTotal[key] = total;
      }
    } else {
      for (auto &[key, state] : states)
        tileTotal[key] = state.laneTotal;
    }

    // Stage 4 and the final values: carry, warp prefix, lane prefix. The
    // runs in scan order: a row's repetitions from the first (the last when
    // reversed).
    SmallVector<std::pair<LinearLayout::Basis, int64_t>> runOrder;
    for (auto &[key, run] : runs)
      runOrder.push_back(key);
    if (reverse)
      std::reverse(runOrder.begin(), runOrder.end());
    std::map<LinearLayout::Basis, Values> carry;
    for (auto &key : runOrder) {
      auto &run = runs[key];
      RunState &state = states[key];
      Values prefix = state.lanePrefix;
      Value hasPrefix = state.hasLanePrefix;
      if (auto it = warpPrefix.find(key); it != warpPrefix.end()) {
        prefix =
            prepend(op, rewriter, it->second.second, it->second.first, prefix);
        // With no lane prefix, the warp prefix alone.
        for (unsigned k = 0; k < n; ++k)
          prefix[k] = LLVM::SelectOp::create(rewriter, loc, hasPrefix,
                                             prefix[k], it->second.first[k]);
        hasPrefix =
            LLVM::OrOp::create(rewriter, loc, hasPrefix, it->second.second);
      }
      // The tiles before this one come first: folded into the prefix, one
      // combine per element remains.
      auto carried = carry.find(key.first);
      if (carried != carry.end()) {
        Values withCarry = combine(op, rewriter, carried->second, prefix);
        for (unsigned k = 0; k < n; ++k)
          prefix[k] = LLVM::SelectOp::create(rewriter, loc, hasPrefix,
                                             withCarry[k], carried->second[k]);
        hasPrefix = LLVM::ConstantOp::create(
            rewriter, loc, rewriter.getI1Type(), rewriter.getBoolAttr(true));
      }
      for (auto &[pos, reg] : run)
        regs[reg] = prepend(op, rewriter, hasPrefix, prefix, regs[reg]);
      Values total = tileTotal[key];
      carry[key.first] = carried == carry.end()
                             ? total
                             : combine(op, rewriter, carried->second, total);
    }

    SmallVector<Value> results;
    for (auto [k, result] : llvm::enumerate(op.getResults())) {
      Values values;
      for (unsigned i = 0; i < layout.getNumRegisters(); ++i)
        values.push_back(regs[i & ~copies][k]);
      results.push_back(packRegisters(
          rewriter, loc, getTypeConverter()->convertType(result.getType()),
          values));
    }
    rewriter.replaceOp(op, results);
    return success();
  }

  /// The slot index of each run: its row (the non-axis coordinates,
  /// row-major) times the repetitions, plus its repetition.
  static std::map<std::pair<LinearLayout::Basis, int64_t>, Value>
  coordinatesOfRuns(ConversionPatternRewriter &rewriter, Location loc,
                    const LinearLayout &layout, const HardwareIds &ids,
                    const std::map<std::pair<LinearLayout::Basis, int64_t>,
                                   std::map<int64_t, unsigned>> &runs,
                    unsigned axis, int64_t repetitions) {
    auto coords = emitCoordinates(rewriter, loc, layout, ids);
    int64_t repetitionSize = layout.getShape()[axis] / repetitions;
    std::map<std::pair<LinearLayout::Basis, int64_t>, Value> result;
    for (auto &[key, run] : runs) {
      unsigned reg = run.begin()->second;
      Value index = i32Constant(rewriter, loc, 0);
      for (unsigned d = 0; d < coords[reg].size(); ++d) {
        if (d == axis)
          continue;
        index = LLVM::AddOp::create(
            rewriter, loc,
            LLVM::MulOp::create(
                rewriter, loc, index,
                i32Constant(rewriter, loc, layout.getShape()[d])),
            coords[reg][d]);
      }
      index = LLVM::AddOp::create(
          rewriter, loc,
          LLVM::MulOp::create(rewriter, loc, index,
                              i32Constant(rewriter, loc, repetitions)),
          i32Constant(rewriter, loc, key.second / repetitionSize));
      result[key] = index;
    }
    return result;
  }
};

} // namespace

void mlir::tkc::gpu::populateScanLoweringPatterns(
    const LLVMTypeConverter &converter, const ::tkc::TargetInfo &target,
    RewritePatternSet &patterns) {
  patterns.add<ScanLowering>(converter, target);
}
