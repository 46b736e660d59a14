//===- AllocateSharedMemory.cpp - Place the kernel's shared-memory scratch ===//
//
// Implements tkc-gpu-allocate-shared-memory. Layout conversions and
// reshapes through shared memory, reductions and scans across warps, and
// atomics whose old values other threads need each use a scratch buffer that is
// live only inside the op, so they can all share offset 0. The pass places each
// at an offset instead, so that a user's scratch is, where room allows,
// disjoint from the one before it: such a user needs no barrier before its
// stores. It records the bytes needed on the module.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKCGPU/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlir::tkc::gpu {
#define GEN_PASS_DEF_TKCGPUALLOCATESHAREDMEMORY
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h.inc"
} // namespace mlir::tkc::gpu

using namespace mlir;
using namespace mlir::tkc::gpu;

namespace {

/// The shared-memory scratch bytes `op` needs (0: none, or not a user).
int64_t scratchBytes(Operation *op) {
  if (auto convert = dyn_cast<ConvertLayoutOp>(op)) {
    auto type = cast<RankedTensorType>(convert.getType());
    auto srcType = cast<RankedTensorType>(convert.getSrc().getType());
    // Conversions that only permute a thread's registers need none.
    if (getLinearLayout(type).getRegisterMapFrom(getLinearLayout(srcType)))
      return 0;
    return type.getNumElements() * getStorageBytes(type.getElementType());
  }
  if (auto reshape = dyn_cast<tkc::ReshapeOp>(op)) {
    auto type = cast<RankedTensorType>(reshape.getType());
    if (getReshapeRegisterMap(reshape.getSrc().getType(), type))
      return 0;
    return type.getNumElements() * getStorageBytes(type.getElementType());
  }
  if (auto reduce = dyn_cast<tkc::ReduceOp>(op))
    return getReduceScratch(reduce).bytes;
  if (auto scan = dyn_cast<tkc::ScanOp>(op))
    return getScanScratch(scan).bytes;
  if (isa<tkc::AtomicRMWOp, tkc::AtomicCASOp>(op))
    return getAtomicScratchBytes(op);
  if (auto gather = dyn_cast<tkc::GatherOp>(op)) {
    auto src = cast<RankedTensorType>(gather.getSrc().getType());
    return src.getNumElements() * getStorageBytes(src.getElementType());
  }
  if (auto histogram = dyn_cast<tkc::HistogramOp>(op))
    return cast<RankedTensorType>(histogram.getType()).getNumElements() * 4;
  return 0;
}

/// Scratch past the largest single buffer that the pass may add to keep
/// consecutive users disjoint: small buffers (partials of reductions) are
/// worth a barrier each; large ones (conversions) are not doubled.
constexpr int64_t kDisjointSlack = 1024;

/// Where scratch starts are aligned, in bytes (the widest vector access).
constexpr int64_t kScratchAlign = 16;

struct AllocateSharedMemoryPass
    : public mlir::tkc::gpu::impl::TKCGPUAllocateSharedMemoryBase<
          AllocateSharedMemoryPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = module.getContext();
    Builder builder(context);
    int64_t total = 0;
    module.walk([&](FunctionOpInterface function) {
      // Users in program order, and the room they may take together.
      SmallVector<std::pair<Operation *, int64_t>> users;
      int64_t largest = 0;
      function.walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (int64_t bytes = scratchBytes(op)) {
          users.push_back({op, bytes});
          largest = std::max(largest, bytes);
        }
      });
      int64_t room = std::max(largest, kDisjointSlack);

      // Every user stores, waits at a barrier, then loads; so when U
      // follows V, a barrier inside V already separates U's stores from
      // the loads of every user before V, and U needs its own only if its
      // scratch overlaps V's. V precedes U on every path when both lie in
      // one block (no user in between: V is the last one visited); in a
      // loop body too, since V's barrier also comes after the loads of the
      // previous iteration's users (U's own among them). The first user of
      // a loop body may follow itself or a later user: it keeps its
      // barrier.
      Operation *prev = nullptr;
      int64_t prevBegin = 0, prevEnd = 0;
      for (auto [op, bytes] : users) {
        bool inLoop = op->getParentOfType<LoopLikeOpInterface>() != nullptr;
        int64_t begin = 0;
        bool unguarded = false;
        if (!inLoop && !prev) {
          unguarded = true;
        } else if (prev && prev->getBlock() == op->getBlock()) {
          // Below V's scratch, or right after it, if either has room.
          int64_t after = llvm::alignTo(prevEnd, kScratchAlign);
          if (bytes <= prevBegin) {
            unguarded = true;
          } else if (after + bytes <= room) {
            begin = after;
            unguarded = true;
          }
        }
        op->setAttr(TKCGPUDialect::kSharedOffset,
                    builder.getI32IntegerAttr(begin));
        if (unguarded)
          op->setAttr(TKCGPUDialect::kSharedUnguarded, UnitAttr::get(context));
        else
          op->removeAttr(TKCGPUDialect::kSharedUnguarded);
        prev = op;
        prevBegin = begin;
        prevEnd = begin + bytes;
        total = std::max(total, prevEnd);
      }
    });
    module->setAttr(TKCGPUDialect::kSharedBytes,
                    builder.getI32IntegerAttr(total));
  }
};

} // namespace
