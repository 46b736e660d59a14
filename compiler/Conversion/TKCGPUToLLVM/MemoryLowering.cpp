//===- MemoryLowering.cpp - Lowering of global memory accesses ------------===//
//
// A load or store covers its registers in vectors of the width
// tkc-gpu-record-vector-widths recorded: each vector is one TargetInfo access
// of up to 16 bytes, predicated by the mask of its first element (the width
// divides the mask's constancy; vectors in one run of equal mask values,
// tkc_gpu.mask_constancy, share one predicate). A load's `other` becomes the
// access's fallback value unless it is zero, which masked-off lanes read
// anyway. A register that copies another's element takes its loaded value.
// A store of a scalar, which every thread holds, is done by the block's
// first thread only.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/TKCGPUToLLVM/MemoryLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/LayoutLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/TargetPattern.h"
#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// The vector width tkc-gpu-record-vector-widths recorded on a load or
/// store (1 where it did not run).
unsigned vectorWidthOf(Operation *op) {
  if (auto attr = op->getAttrOfType<IntegerAttr>(TKCGPUDialect::kVectorWidth))
    return static_cast<unsigned>(attr.getInt());
  return 1;
}

struct BarrierLowering : public TargetPattern<BarrierOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(BarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    target.emitBarrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

/// The cache hints of tkc.load or tkc.store `op`.
template <typename Op>::tkc::TargetInfo::CacheHints cacheHintsOf(Op op) {
  using Hints = ::tkc::TargetInfo::CacheHints;
  Hints hints;
  if (std::optional<CacheModifier> cache = op.getCache()) {
    switch (*cache) {
    case CacheModifier::none:
      break;
    case CacheModifier::ca:
      hints.op = Hints::Operator::CA;
      break;
    case CacheModifier::cg:
      hints.op = Hints::Operator::CG;
      break;
    case CacheModifier::cs:
      hints.op = Hints::Operator::CS;
      break;
    case CacheModifier::cv:
      hints.op = Hints::Operator::CV;
      break;
    case CacheModifier::wb:
      hints.op = Hints::Operator::WB;
      break;
    case CacheModifier::wt:
      hints.op = Hints::Operator::WT;
      break;
    }
  }
  if (std::optional<EvictionPolicy> evict = op.getEvict()) {
    if (*evict == EvictionPolicy::evict_first)
      hints.eviction = Hints::Eviction::First;
    else if (*evict == EvictionPolicy::evict_last)
      hints.eviction = Hints::Eviction::Last;
  }
  return hints;
}

/// Where a load or store `op` of `width`-element vectors has bounded runs
/// (kBoundedRuns), whether the thread's runs, those it moves among
/// `moves`, are all in bounds: the mask of each one's last element, of
/// `masks`, holds. Null where it has no bounded runs.
Value allRunsInBounds(OpBuilder &b, Location loc, Operation *op,
                      ArrayRef<Value> masks, unsigned width,
                      function_ref<bool(unsigned)> moves) {
  if (!op->hasAttr(TKCGPUDialect::kBoundedRuns) || masks.empty() || width < 2)
    return Value();
  Value all;
  for (unsigned i = 0; i < masks.size(); i += width)
    if (moves(i))
      all = both(b, loc, all, masks[i + width - 1]);
  return all;
}

struct LoadLowering : public TargetPattern<LoadOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type elem =
        getTypeConverter()->convertType(getElementTypeOrSelf(op.getType()));
    SmallVector<Value> ptrs =
        registersOf(rewriter, loc, op.getPtr(), adaptor.getPtr());
    SmallVector<Value> masks, others;
    if (op.getMask())
      masks =
          maskRegistersOf(rewriter, loc, op, op.getMask(), adaptor.getMask());
    // Masked-off lanes of loadGlobal read as zero unless given `other`: an
    // `other` of +0 (or integer 0) need not be passed.
    if (op.getOther() && !matchPattern(op.getOther(), m_PosZeroFloat()) &&
        !matchPattern(op.getOther(), m_Zero()))
      others = registersOf(rewriter, loc, op.getOther(), adaptor.getOther());
    unsigned vec = vectorWidthOf(op);
    ::tkc::TargetInfo::CacheHints hints = cacheHintsOf(op);
    hints.isVolatile = op.getIsVolatile();
    // Registers that copy another register's element (a slice of a layout
    // that holds several along the sliced dimension: FLA's per-row gates)
    // take its value instead of loading it again; volatile loads each load.
    unsigned freeBits = 0;
    if (auto tensor = dyn_cast<RankedTensorType>(op.getType()))
      freeBits = getLinearLayout(tensor).getFreeBits(HwDim::Register);
    // The registers loaded `width` at a time, each vector under the mask of
    // its first element (`masked`), or under none.
    auto load = [&](unsigned width, bool masked) {
      Type access = accessType(elem, width);
      unsigned copies =
          (freeBits & (width - 1)) || hints.isVolatile ? 0 : freeBits;
      SmallVector<Value> values;
      for (unsigned i = 0; i < ptrs.size(); i += width) {
        if (unsigned owner = i & ~copies; owner != i) {
          for (unsigned j = 0; j < width; ++j)
            values.push_back(Value(values[owner + j]));
          continue;
        }
        // A vector's mask is uniform (coalescing vectorizes only where the
        // mask is constant across it): one predicate for all its elements.
        Value pred = masked && !masks.empty() ? masks[i] : Value();
        Value other;
        if (pred && !others.empty())
          other = packAccess(rewriter, loc, ArrayRef(others).slice(i, width));
        Value loaded = target.loadGlobal(rewriter, loc, ptrs[i], access, pred,
                                         other, hints);
        llvm::append_range(values, unpackAccess(rewriter, loc, loaded, width));
      }
      return values;
    };
    // Bounded runs: whole vectors where all of them are in bounds, element
    // by element where some are not.
    Value inBounds = allRunsInBounds(rewriter, loc, op, masks, vec,
                                     [&](unsigned i) { return true; });
    SmallVector<Value> values =
        inBounds
            ? emitEitherValues(
                  rewriter, loc, inBounds, SmallVector<Type>(ptrs.size(), elem),
                  [&] { return load(vec, /*masked=*/false); },
                  [&] { return load(1, /*masked=*/true); })
            : load(vec, /*masked=*/true);
    replaceWithRegisters(rewriter, op, *getTypeConverter(), values);
    return success();
  }
};

struct StoreLowering : public TargetPattern<StoreOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> ptrs =
        registersOf(rewriter, loc, op.getPtr(), adaptor.getPtr());
    SmallVector<Value> values =
        registersOf(rewriter, loc, op.getValue(), adaptor.getValue());
    SmallVector<Value> masks;
    if (op.getMask())
      masks =
          maskRegistersOf(rewriter, loc, op, op.getMask(), adaptor.getMask());
    // Where several threads or registers hold copies of an element (a
    // scalar, which every thread holds; a block smaller than the program's
    // threads), only its owner stores it, as Triton does: the copies would
    // write the same bytes again (FLA's gate kernels store 64 elements from
    // 128 threads, twice each without this).
    Owners owners = ownersOf(rewriter, loc, op.getPtr().getType(), target);
    unsigned vec = vectorWidthOf(op);
    ::tkc::TargetInfo::CacheHints hints = cacheHintsOf(op);
    // The registers stored `width` at a time, each vector under the mask of
    // its first element (`masked`), or under none.
    auto store = [&](unsigned width, bool masked) {
      for (unsigned i = 0; i < ptrs.size(); i += width) {
        if (owners.ownerOf[i] != i)
          continue;
        Value mask = masked && !masks.empty() ? masks[i] : Value();
        target.storeGlobal(
            rewriter, loc, ptrs[i],
            packAccess(rewriter, loc, ArrayRef(values).slice(i, width)),
            both(rewriter, loc, mask, owners.thread), hints);
      }
      return SmallVector<Value>();
    };
    // Bounded runs: whole vectors where all of them are in bounds, element
    // by element where some are not.
    if (Value inBounds =
            allRunsInBounds(rewriter, loc, op, masks, vec,
                            [&](unsigned i) { return owners.ownerOf[i] == i; }))
      emitEitherValues(
          rewriter, loc, inBounds, TypeRange(),
          [&] { return store(vec, /*masked=*/false); },
          [&] { return store(1, /*masked=*/true); });
    else
      store(vec, /*masked=*/true);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tkc::gpu::populateMemoryLoweringPatterns(
    const LLVMTypeConverter &converter, const ::tkc::TargetInfo &target,
    RewritePatternSet &patterns) {
  patterns.add<BarrierLowering, LoadLowering, StoreLowering>(converter, target);
}
