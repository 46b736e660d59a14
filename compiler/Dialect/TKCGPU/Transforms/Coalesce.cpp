//===- Coalesce.cpp - Lay out global accesses for coalescing --------------===//
//
// Implements tkc-gpu-coalesce. The layout of each tensor load, store and
// atomic is chosen from the axis analysis of its pointers (an atomic takes
// no more consecutive elements per thread than one atomic adds on the
// target, so that scalar atomics keep a warp on adjacent addresses): the most
// contiguous dimension becomes the fastest (of dimensions equally contiguous,
// the first, as in Triton 3.6), and each thread owns as many
// consecutive elements along it as contiguity and alignment allow (at most 16
// bytes, and no more than the tensor has per thread). A load takes as many
// as the widest access of the same shape and order its values or addresses
// are computed with or from (its slice) in its own block, as in Triton, so
// that a gather stored in runs is loaded in the store's layout, without a
// conversion. Accesses in other blocks do not count: a row's weights
// loaded once before a loop over rows, in the layout of the loop's wider
// loads, made Liger's DyT backward and FLA's chunk_h 26% and 25% slower.
// Lanes then own consecutive groups, so a warp touches one contiguous span.
// On targets that read dot operands without matrix loads (AMD's MFMA), a
// load that is a dot's operand along a fastest dimension other than K (a B
// of rows along N) also takes the instruction's kWidth rows along K a
// thread, as Triton's AMD backend loads it: shared memory then takes each
// lane's kWidth elements along K in one store (tutorial 03's B on gfx942:
// ds_write_b16 -> ds_write_b64, with the placement exchangeThroughScratch
// chooses).
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKCGPU/Analysis/AxisInfo.h"
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h"
#include "compiler/Target/TargetBackend.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::tkc::gpu {
#define GEN_PASS_DEF_TKCGPUCOALESCE
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h.inc"
} // namespace mlir::tkc::gpu

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

struct CoalescePass
    : public mlir::tkc::gpu::impl::TKCGPUCoalesceBase<CoalescePass> {
  using Base::Base;

  /// How an access through `ptr` is laid out: its dimensions, most
  /// contiguous first, how many consecutive elements along the first a
  /// thread owns (at most 16 bytes, and `maxPerThread` where not 0), and
  /// along the second (a dot operand's K, rowsAlongK).
  struct Access {
    SmallVector<unsigned> order;
    int64_t perThread;
    int64_t rows = 1;
  };

  /// For `load`, a rank-2 operand (through layout conversions) of a tkc.dot
  /// that `info` multiplies with an AMD MFMA (read without matrix loads),
  /// laid out by `access` with a fastest dimension other than the dot's K:
  /// the instruction's kWidth, the elements along K each lane holds; else 1.
  static int64_t rowsAlongK(LoadOp load, const Access &access,
                            const ::tkc::TargetInfo &info) {
    if (info.hasMatrixLoads() || access.order.size() != 2)
      return 1;
    // The dot's uses, past the layout conversions to its operand layouts.
    SmallVector<OpOperand *> uses;
    SmallVector<Value> values = {load.getResult()};
    while (!values.empty())
      for (OpOperand &use : values.pop_back_val().getUses()) {
        if (auto convert = dyn_cast<ConvertLayoutOp>(use.getOwner()))
          values.push_back(convert.getResult());
        else
          uses.push_back(&use);
      }
    for (OpOperand *use : uses) {
      auto dot = dyn_cast<DotOp>(use->getOwner());
      if (!dot || use->getOperandNumber() > 1 ||
          access.order.front() == (use->getOperandNumber() == 0 ? 1u : 0u))
        continue;
      auto instructions = info.getMatrixInstructions(
          getElementTypeOrSelf(dot.getA().getType()),
          getElementTypeOrSelf(dot.getB().getType()),
          getElementTypeOrSelf(dot.getType()),
          dot.getInputPrecision() == InputPrecision::tf32);
      if (!instructions.empty() &&
          instructions.front().kind ==
              ::tkc::TargetInfo::MatrixInstruction::Kind::AmdMfma)
        return instructions.front().kWidth;
    }
    return 1;
  }

  static Access chooseAccess(Value ptr, AxisInfoAnalysis &axis,
                             int64_t maxPerThread) {
    auto type = cast<RankedTensorType>(ptr.getType());
    const AxisInfo &info = axis.get(ptr);
    SmallVector<unsigned> order =
        getContiguityOrder(info, ContiguityTies::FirstDimFirst);
    unsigned dim = order.front();
    int64_t bytes =
        std::max<int64_t>(1, cast<PointerType>(type.getElementType())
                                     .getPointeeType()
                                     .getIntOrFloatBitWidth() /
                                 8);
    int64_t perThread =
        std::min<int64_t>(info.contiguity[dim],
                          std::max<int64_t>(1, info.divisibility[dim] / bytes));
    perThread = std::min<int64_t>(perThread, 16 / bytes);
    if (maxPerThread)
      perThread = std::min<int64_t>(perThread, maxPerThread);
    return {std::move(order), perThread};
  }

  /// The blocked layout of `access` for a tensor of `type`, with no more
  /// elements per thread than the tensor has (rows along the second
  /// dimension only where the first's full run leaves room).
  static BlockedEncodingAttr layoutOf(const Access &access,
                                      RankedTensorType type, unsigned numWarps,
                                      unsigned threadsPerWarp) {
    int64_t threads = static_cast<int64_t>(numWarps) * threadsPerWarp;
    int64_t perThread = std::min<int64_t>(
        access.perThread,
        std::max<int64_t>(1, type.getNumElements() / threads));
    perThread =
        llvm::bit_floor(static_cast<uint64_t>(std::max<int64_t>(1, perThread)));
    SmallVector<unsigned> sizePerThread(type.getRank(), 1);
    sizePerThread[access.order.front()] = static_cast<unsigned>(perThread);
    if (access.rows > 1 && perThread == access.perThread) {
      unsigned second = access.order[1];
      int64_t rows = std::min<int64_t>(
          {access.rows, type.getDimSize(second),
           std::max<int64_t>(1, type.getNumElements() / threads / perThread)});
      sizePerThread[second] = static_cast<unsigned>(
          llvm::bit_floor(static_cast<uint64_t>(std::max<int64_t>(1, rows))));
    }
    return BlockedEncodingAttr::getWithSizePerThread(
        type.getContext(), type.getShape(), sizePerThread, access.order,
        numWarps, threadsPerWarp);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    unsigned numWarps = getModuleUInt(module, TKCGPUDialect::kNumWarps);
    unsigned threadsPerWarp =
        getModuleUInt(module, TKCGPUDialect::kThreadsPerWarp);
    if (!numWarps || !threadsPerWarp) {
      module.emitError("tkc-gpu-coalesce needs a module laid out by "
                       "tkc-convert-tkc-to-tkc-gpu");
      return signalPassFailure();
    }
    std::unique_ptr<::tkc::TargetInfo> info;
    if (!target.empty() &&
        !(info = ::tkc::createTargetInfoOrReport(target, module)))
      return signalPassFailure();
    // Decide on the unmodified IR, then rewrite.
    AxisInfoAnalysis axis;
    llvm::MapVector<Operation *, Access> accesses;
    module.walk([&](Operation *op) {
      if (!isa<LoadOp, StoreOp, AtomicRMWOp, AtomicCASOp>(op) ||
          !isa<RankedTensorType>(op->getOperand(0).getType()))
        return;
      // An atomic's elements go one atomic each unless the target adds
      // them in vectors: a warp's scalar atomics then stay on adjacent
      // addresses.
      int64_t maxPerThread = 0;
      if (isa<AtomicRMWOp, AtomicCASOp>(op)) {
        auto rmw = dyn_cast<AtomicRMWOp>(op);
        maxPerThread = info && rmw && rmw.getRmwOp() == RMWOp::fadd
                           ? info->getAtomicAddVectorWidth(
                                 getElementTypeOrSelf(rmw.getVal().getType()))
                           : 1;
      }
      accesses[op] = chooseAccess(op->getOperand(0), axis, maxPerThread);
    });
    SmallVector<std::pair<Operation *, BlockedEncodingAttr>> plan;
    for (auto &[op, access] : accesses) {
      auto type = cast<RankedTensorType>(op->getOperand(0).getType());
      Access chosen = access;
      if (isa<LoadOp>(op))
        for (Operation *other : getSlice(op)) {
          auto it = accesses.find(other);
          if (it != accesses.end() && other->getBlock() == op->getBlock() &&
              cast<RankedTensorType>(other->getOperand(0).getType())
                      .getShape() == type.getShape() &&
              it->second.order == access.order)
            chosen.perThread = std::max(chosen.perThread, it->second.perThread);
        }
      if (auto load = dyn_cast<LoadOp>(op); load && info)
        chosen.rows = rowsAlongK(load, chosen, *info);
      plan.emplace_back(op, layoutOf(chosen, type, numWarps, threadsPerWarp));
    }

    for (auto [op, layout] : plan) {
      if (getLayout(op->getOperand(0).getType()) == layout)
        continue;
      OpBuilder b(op);
      for (OpOperand &operand : op->getOpOperands()) {
        auto type = dyn_cast<RankedTensorType>(operand.get().getType());
        if (type)
          operand.set(ConvertLayoutOp::create(
              b, op->getLoc(), withLayout(type, layout), operand.get()));
      }
      b.setInsertionPointAfter(op);
      for (Value result : op->getResults()) {
        auto type = cast<RankedTensorType>(result.getType());
        result.setType(withLayout(type, layout));
        auto back = ConvertLayoutOp::create(b, op->getLoc(), type, result);
        result.replaceAllUsesExcept(back, back);
      }
    }
  }
};

} // namespace
