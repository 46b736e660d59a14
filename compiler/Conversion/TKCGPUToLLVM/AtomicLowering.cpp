//===- AtomicLowering.cpp - Lowering of tkc.atomic_rmw and atomic_cas -----===//
//
// One atomic per element, through TargetInfo, or one per vector of
// consecutive float additions where the target has them (sm_90's
// atom.add.v4.f32). A layout may give an element
// to several threads or registers (a broadcast); only its owner (the copy
// whose free lane, warp and register bits are zero) runs the atomic, and a
// scalar atomic runs in the block's first thread. Masked-off elements, and
// the copies that do not own theirs, branch around the atomic; where other
// threads need an element's old value, its owner hands it over through
// shared memory (the op's scratch). Float
// maximum and minimum use integer atomics on the float's bits: signed max
// (min) where the value is non-negative, unsigned min (max) where negative.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/TKCGPUToLLVM/AtomicLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/LayoutLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/TargetPattern.h"
#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

using AtomicScope = ::tkc::TargetInfo::AtomicScope;

/// The LLVM ordering of a Triton memory semantic.
LLVM::AtomicOrdering orderingOf(MemSemantic sem) {
  switch (sem) {
  case MemSemantic::relaxed:
    return LLVM::AtomicOrdering::monotonic;
  case MemSemantic::acquire:
    return LLVM::AtomicOrdering::acquire;
  case MemSemantic::release:
    return LLVM::AtomicOrdering::release;
  case MemSemantic::acq_rel:
    break;
  }
  return LLVM::AtomicOrdering::acq_rel;
}

/// The TargetInfo scope of a Triton scope.
AtomicScope scopeOf(MemSyncScope scope) {
  switch (scope) {
  case MemSyncScope::cta:
    return AtomicScope::Cta;
  case MemSyncScope::sys:
    return AtomicScope::Sys;
  case MemSyncScope::gpu:
    break;
  }
  return AtomicScope::Gpu;
}

/// The LLVM operation of a tkc read-modify-write.
LLVM::AtomicBinOp binOpOf(RMWOp op) {
  switch (op) {
  case RMWOp::AND:
    return LLVM::AtomicBinOp::_and;
  case RMWOp::OR:
    return LLVM::AtomicBinOp::_or;
  case RMWOp::XOR:
    return LLVM::AtomicBinOp::_xor;
  case RMWOp::add:
    return LLVM::AtomicBinOp::add;
  case RMWOp::fadd:
    return LLVM::AtomicBinOp::fadd;
  case RMWOp::max:
    return LLVM::AtomicBinOp::max;
  case RMWOp::min:
    return LLVM::AtomicBinOp::min;
  case RMWOp::umax:
    return LLVM::AtomicBinOp::umax;
  case RMWOp::umin:
    return LLVM::AtomicBinOp::umin;
  case RMWOp::xchg:
    break;
  }
  return LLVM::AtomicBinOp::xchg;
}

/// The result registers of an atomic whose owned registers got `owned`
/// (under `preds`, each owned register's predicate): copies in the same
/// thread take their owner's value; when other threads hold the same
/// elements (getAtomicScratchBytes), the owners store their old values to
/// the op's scratch and every thread reads its elements back.
SmallVector<Value> resultRegisters(ConversionPatternRewriter &rewriter,
                                   Location loc, Operation *op,
                                   const Owners &owners, ArrayRef<Value> owned,
                                   ArrayRef<Value> preds,
                                   const ::tkc::TargetInfo &target) {
  SmallVector<Value> values;
  for (unsigned r = 0; r < owners.ownerOf.size(); ++r)
    values.push_back(owned[owners.ownerOf[r]]);
  if (getAtomicScratchBytes(op) == 0)
    return values;
  Type type = values.front().getType();
  Value base = getScratchBase(rewriter, loc, op);
  // Each register's element index, row-major (a scalar's is 0).
  SmallVector<Value> slots;
  if (auto tensor = dyn_cast<RankedTensorType>(op->getResult(0).getType())) {
    slots = emitRowMajorIndices(rewriter, loc, getLinearLayout(tensor),
                                getHardwareIds(rewriter, loc, target));
  } else {
    slots.push_back(i32Constant(rewriter, loc, 0));
  }
  auto slot = [&](unsigned r) {
    return elementAddress(rewriter, loc, base, type, slots[r]);
  };
  if (needsScratchBarrier(op))
    target.emitBarrier(rewriter, loc);
  for (unsigned r = 0; r < owned.size(); ++r)
    if (owners.ownerOf[r] == r)
      emitGuarded(rewriter, loc, preds[r], Type(), [&] {
        LLVM::StoreOp::create(rewriter, loc, owned[r], slot(r));
        return Value();
      });
  target.emitBarrier(rewriter, loc);
  for (unsigned r = 0; r < values.size(); ++r)
    values[r] = LLVM::LoadOp::create(rewriter, loc, type, slot(r));
  return values;
}

struct AtomicRMWLowering : public TargetPattern<AtomicRMWOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> ptrs =
        registersOf(rewriter, loc, op.getPtr(), adaptor.getPtr());
    SmallVector<Value> vals =
        registersOf(rewriter, loc, op.getVal(), adaptor.getVal());
    SmallVector<Value> masks;
    if (op.getMask())
      masks = registersOf(rewriter, loc, op.getMask(), adaptor.getMask());
    Owners owners = ownersOf(rewriter, loc, op.getPtr().getType(), target);
    LLVM::AtomicOrdering ordering = orderingOf(op.getSem());
    AtomicScope scope = scopeOf(op.getScope());
    Type type = vals.front().getType();
    bool floatMinMax = isa<FloatType>(type) && (op.getRmwOp() == RMWOp::max ||
                                                op.getRmwOp() == RMWOp::min);

    // Float additions of consecutive elements go in vectors where the
    // target has them (tkc-gpu-record-vector-widths: the pointers' runs and
    // alignment, the mask's runs); a vector's mask is uniform.
    unsigned vec = 1;
    if (op.getRmwOp() == RMWOp::fadd)
      if (auto width =
              op->getAttrOfType<IntegerAttr>(TKCGPUDialect::kVectorWidth))
        vec = std::min<unsigned>(width.getInt(),
                                 target.getAtomicAddVectorWidth(type));

    SmallVector<Value> owned(ptrs.size()), preds(ptrs.size());
    for (unsigned r = 0; r < ptrs.size(); ++r) {
      if (owners.ownerOf[r] != r)
        continue;
      Value pred = both(rewriter, loc, owners.thread,
                        masks.empty() ? Value() : masks[r]);
      preds[r] = pred;
      if (vec > 1 && r % vec == 0 && r + vec <= ptrs.size()) {
        ArrayRef<Value> added = ArrayRef(vals).slice(r, vec);
        SmallVector<Value> old = emitGuardedValues(
            rewriter, loc, pred, SmallVector<Type>(vec, type), [&] {
              return target.atomicAddVector(rewriter, loc, ptrs[r], added,
                                            ordering, scope);
            });
        for (unsigned i = 0; i < vec; ++i) {
          owned[r + i] = old[i];
          preds[r + i] = pred;
        }
        r += vec - 1;
        continue;
      }
      if (!floatMinMax) {
        owned[r] = emitGuarded(rewriter, loc, pred, type, [&] {
          return target.atomicRMW(rewriter, loc, binOpOf(op.getRmwOp()),
                                  ptrs[r], vals[r], ordering, scope);
        });
        continue;
      }
      // On the bits: non-negative floats order as signed integers,
      // negative ones in reverse as unsigned integers.
      bool isMax = op.getRmwOp() == RMWOp::max;
      Type word = rewriter.getIntegerType(type.getIntOrFloatBitWidth());
      Value bits = LLVM::BitcastOp::create(rewriter, loc, word, vals[r]);
      Value zero = LLVM::ZeroOp::create(rewriter, loc, word);
      Value nonNegative = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::sge, bits, zero);
      Value negative = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::slt, bits, zero);
      Value oldPositive = emitGuarded(
          rewriter, loc, both(rewriter, loc, pred, nonNegative), word, [&] {
            return target.atomicRMW(rewriter, loc,
                                    isMax ? LLVM::AtomicBinOp::max
                                          : LLVM::AtomicBinOp::min,
                                    ptrs[r], bits, ordering, scope);
          });
      Value oldNegative = emitGuarded(
          rewriter, loc, both(rewriter, loc, pred, negative), word, [&] {
            return target.atomicRMW(rewriter, loc,
                                    isMax ? LLVM::AtomicBinOp::umin
                                          : LLVM::AtomicBinOp::umax,
                                    ptrs[r], bits, ordering, scope);
          });
      Value old = LLVM::SelectOp::create(rewriter, loc, nonNegative,
                                         oldPositive, oldNegative);
      owned[r] = LLVM::BitcastOp::create(rewriter, loc, type, old);
    }
    replaceWithRegisters(
        rewriter, op, *getTypeConverter(),
        resultRegisters(rewriter, loc, op, owners, owned, preds, target));
    return success();
  }
};

struct AtomicCASLowering : public TargetPattern<AtomicCASOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(AtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> ptrs =
        registersOf(rewriter, loc, op.getPtr(), adaptor.getPtr());
    SmallVector<Value> cmps =
        registersOf(rewriter, loc, op.getCmp(), adaptor.getCmp());
    SmallVector<Value> vals =
        registersOf(rewriter, loc, op.getVal(), adaptor.getVal());
    Owners owners = ownersOf(rewriter, loc, op.getPtr().getType(), target);
    Type type = vals.front().getType();
    SmallVector<Value> owned(ptrs.size()), preds(ptrs.size(), owners.thread);
    for (unsigned r = 0; r < ptrs.size(); ++r) {
      if (owners.ownerOf[r] != r)
        continue;
      owned[r] = emitGuarded(rewriter, loc, owners.thread, type, [&] {
        return target.atomicCAS(rewriter, loc, ptrs[r], cmps[r], vals[r],
                                orderingOf(op.getSem()),
                                scopeOf(op.getScope()));
      });
    }
    replaceWithRegisters(
        rewriter, op, *getTypeConverter(),
        resultRegisters(rewriter, loc, op, owners, owned, preds, target));
    return success();
  }
};

} // namespace

bool mlir::tkc::gpu::isAtomicLowerable(Operation *op, std::string &reason) {
  Value result = op->getResult(0);
  Type elem = getElementTypeOrSelf(result.getType());
  unsigned bits = elem.getIntOrFloatBitWidth();
  auto rmw = dyn_cast<AtomicRMWOp>(op);
  bool float16Add = rmw && rmw.getRmwOp() == RMWOp::fadd && bits == 16;
  bool swap16 = !rmw && bits == 16;
  if (bits != 32 && bits != 64 && !float16Add && !swap16) {
    reason = "of a 16-bit element type other than a float addition or a "
             "compare-and-swap";
    return false;
  }
  return true;
}

void mlir::tkc::gpu::populateAtomicLoweringPatterns(
    const LLVMTypeConverter &converter, const ::tkc::TargetInfo &target,
    RewritePatternSet &patterns) {
  patterns.add<AtomicRMWLowering, AtomicCASLowering>(converter, target);
}
