//===- AllocateSharedMemory.cpp - Place the kernel's shared-memory scratch ===//
//
// Implements tkc-gpu-allocate-shared-memory. Layout conversions and
// reshapes through shared memory, reductions and scans across warps, and
// atomics whose old values other threads need each use a scratch buffer that is
// live only inside the op, so they can all share offset 0. The pass places each
// at an offset instead, so that a user's scratch is, where room allows,
// disjoint from the one before it: such a user needs no barrier before its
// stores. Buffers of tkc_gpu.local_alloc live from the alloc to their last
// use (a pipelined loop, a dot's operand): they take the lowest offsets,
// each the lowest clear of the buffers live with it, and the scratch of an
// op inside their lifetime is placed past them. It records the bytes
// needed on the module.
//
// Local_allocs that store initial values with only ops that touch no shared
// memory between them (arithmetic, global loads) share their barriers: one
// before the first one's stores, one after the last one's.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKCGPU/Transforms/Passes.h"

#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Target/TargetBackend.h"

#include "llvm/ADT/DenseSet.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tkc::gpu {
#define GEN_PASS_DEF_TKCGPUALLOCATESHAREDMEMORY
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h.inc"
} // namespace mlir::tkc::gpu

using namespace mlir;
using namespace mlir::tkc::gpu;

namespace {

/// The bytes of the whole tensor `convert` moves through shared memory (0
/// where it moves none).
int64_t wholeConversionBytes(ConvertLayoutOp convert) {
  auto type = cast<RankedTensorType>(convert.getType());
  if (!convertsThroughSharedMemory(
          cast<RankedTensorType>(convert.getSrc().getType()), type))
    return 0;
  return type.getNumElements() * getStorageBytes(type.getElementType());
}

/// The shared-memory scratch bytes `op` needs (0: none, or not a user).
int64_t scratchBytes(Operation *op) {
  if (auto convert = dyn_cast<ConvertLayoutOp>(op))
    return wholeConversionBytes(convert) / getConversionRounds(convert);
  if (auto reshape = dyn_cast<mlir::tkc::ReshapeOp>(op)) {
    auto type = cast<RankedTensorType>(reshape.getType());
    if (getReshapeRegisterMap(reshape.getSrc().getType(), type))
      return 0;
    return type.getNumElements() * getStorageBytes(type.getElementType());
  }
  if (auto reduce = dyn_cast<mlir::tkc::ReduceOp>(op))
    return getReduceScratch(reduce).bytes;
  if (auto scan = dyn_cast<mlir::tkc::ScanOp>(op))
    return getScanScratch(scan).bytes;
  if (isa<mlir::tkc::AtomicRMWOp, mlir::tkc::AtomicCASOp>(op))
    return getAtomicScratchBytes(op);
  if (auto gather = dyn_cast<mlir::tkc::GatherOp>(op)) {
    auto src = cast<RankedTensorType>(gather.getSrc().getType());
    return src.getNumElements() * getStorageBytes(src.getElementType());
  }
  if (auto histogram = dyn_cast<mlir::tkc::HistogramOp>(op))
    return cast<RankedTensorType>(histogram.getType()).getNumElements() * 4;
  return 0;
}

/// Moves the tensor of `convert`, whose scratch would start at `base`, in
/// rounds where its whole tensor would not fit below `maxShared`: the fewest
/// whose slab fits, or as many as its layouts allow.
void setConversionRounds(ConvertLayoutOp convert, int64_t base,
                         int64_t maxShared) {
  convert->removeAttr(TKCGPUDialect::kConversionRounds);
  int64_t whole = wholeConversionBytes(convert);
  if (!whole || base + whole <= maxShared)
    return;
  unsigned most =
      getMaxConversionRounds(cast<RankedTensorType>(convert.getSrc().getType()),
                             cast<RankedTensorType>(convert.getType()));
  unsigned rounds = 1;
  while (rounds < most && base + whole / rounds > maxShared)
    rounds *= 2;
  if (rounds > 1)
    convert->setAttr(TKCGPUDialect::kConversionRounds,
                     Builder(convert).getI32IntegerAttr(rounds));
}

/// Whether the lowering of `op` touches no shared memory and nothing else a
/// barrier orders: it has no regions, no scratch, and at most reads global
/// memory (a tkc.load).
bool isSharedMemoryFree(Operation *op) {
  if (op->getNumRegions() || op->hasTrait<OpTrait::IsTerminator>() ||
      scratchBytes(op))
    return false;
  if (isMemoryEffectFree(op))
    return true;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return false;
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  return llvm::all_of(instances, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Read>(e.getEffect()) &&
           e.getResource() == mlir::tkc::GlobalMemory::get();
  });
}

/// Whether a tkc_gpu.async_wait, which waits at a barrier, comes after
/// every shared-memory access before `op` (those of a loop's previous
/// iterations too) and no scratch user or region lies between them: the
/// nearest such op before `op`, in its block or, past the block's start,
/// before its parent op, outside any loop. A pipelined loop's wait for its
/// tiles so guards the scratch of the first conversion after it.
bool followsAsyncWait(Operation *op) {
  for (Operation *at = op; at; at = at->getParentOp()) {
    for (Operation *before = at->getPrevNode(); before;
         before = before->getPrevNode()) {
      if (isa<AsyncWaitOp>(before))
        return true;
      if (before->getNumRegions() || scratchBytes(before))
        return false;
    }
    if (isa<LoopLikeOpInterface>(at->getParentOp()) ||
        isa<FunctionOpInterface>(at->getParentOp()))
      return false;
  }
  return false;
}

/// Erases each async_wait marked TKCGPUDialect::kOrdersReads whose nearest
/// op before it in its block that touches shared memory is a scratch user:
/// that user's barrier, between its stores and its loads, already follows
/// every thread's reads of the tiles the copies after the wait refill (a
/// GPTQ matmul's dequantized B, converted to its dot operand after the
/// tiles were read, as Triton's membar analysis finds).
void eraseOrderedWaits(FunctionOpInterface function) {
  SmallVector<AsyncWaitOp> redundant;
  function.walk([&](AsyncWaitOp wait) {
    if (!wait->hasAttr(TKCGPUDialect::kOrdersReads))
      return;
    Operation *before = wait->getPrevNode();
    while (before && isSharedMemoryFree(before))
      before = before->getPrevNode();
    if (before && !before->getNumRegions() && scratchBytes(before))
      redundant.push_back(wait);
  });
  for (AsyncWaitOp wait : redundant)
    wait.erase();
}

/// Calls `read` with each op that reads `alloc`'s buffer or a view of it (one
/// tile of a stack, a tile seen transposed).
void forEachRead(LocalAllocOp alloc,
                 llvm::function_ref<void(Operation *)> read) {
  SmallVector<Value> views = {alloc.getResult()};
  while (!views.empty())
    for (Operation *user : views.pop_back_val().getUsers()) {
      if (isa<TileOp, TransTileOp>(user))
        views.push_back(user->getResult(0));
      read(user);
    }
}

/// Scratch past the largest single buffer that the pass may add to keep
/// consecutive users disjoint: small buffers (partials of reductions) are
/// worth a barrier each; large ones (conversions) are not doubled.
constexpr int64_t kDisjointSlack = 1024;

/// Where scratch starts are aligned, in bytes (the widest vector access).
constexpr int64_t kScratchAlign = 16;

/// Where local_alloc buffers start: at a whole repeat of the widest
/// swizzle pattern (Hopper's 128-byte swizzle repeats every 1024 bytes),
/// so that the address bits the hardware swizzles by are the tile's own.
constexpr int64_t kBufferAlign = 1024;

/// A local_alloc buffer: its bytes, and the ops of its block from the alloc
/// to the one holding its last use.
struct LiveBuffer {
  LocalAllocOp alloc;
  Operation *last;
  int64_t begin, end;

  /// Whether `op` runs while the buffer is live.
  bool isLiveAt(Operation *op) const {
    Operation *at = alloc->getBlock()->findAncestorOpInBlock(*op);
    return at && alloc->isBeforeInBlock(at) && !last->isBeforeInBlock(at);
  }

  /// Whether the two buffers are live at the same time: one's alloc runs
  /// while the other is live (ranges in nested blocks included).
  bool overlapsInTime(const LiveBuffer &other) const {
    return isLiveAt(other.alloc) || other.isLiveAt(alloc);
  }
};

/// The function's local_alloc buffers in program order, each at the
/// lowest offset clear of the earlier ones live at the same time; sets
/// `reused` for those that take bytes an earlier buffer had.
SmallVector<LiveBuffer> placeBuffers(FunctionOpInterface function,
                                     llvm::DenseSet<Operation *> &reused) {
  SmallVector<LiveBuffer> buffers;
  int64_t end = 0;
  function.walk([&](LocalAllocOp alloc) {
    Operation *last = alloc;
    forEachRead(alloc, [&](Operation *user) {
      if (Operation *at = alloc->getBlock()->findAncestorOpInBlock(*user))
        if (last->isBeforeInBlock(at))
          last = at;
    });
    int64_t bytes = getSharedBytes(alloc.getType());
    LiveBuffer buffer{alloc, last, 0, bytes};
    SmallVector<std::pair<int64_t, int64_t>> taken;
    for (const LiveBuffer &other : buffers)
      if (other.overlapsInTime(buffer))
        taken.push_back({other.begin, other.end});
    llvm::sort(taken);
    int64_t begin = 0;
    for (auto [takenBegin, takenEnd] : taken)
      if (begin + bytes > takenBegin)
        begin = std::max<int64_t>(begin, llvm::alignTo(takenEnd, kBufferAlign));
    buffer.begin = begin;
    buffer.end = begin + bytes;
    if (begin < end)
      reused.insert(alloc);
    end = std::max(end, buffer.end);
    buffers.push_back(buffer);
  });
  return buffers;
}

/// The buffer of `buffers` that `tile` (a buffer, one tile of it, or either
/// seen transposed) lies in, or null where that is not known.
const LiveBuffer *bufferOf(ArrayRef<LiveBuffer> buffers, Value tile) {
  auto alloc = getViewedBuffer(tile).getDefiningOp<LocalAllocOp>();
  auto it = llvm::find_if(
      buffers, [&](const LiveBuffer &buffer) { return buffer.alloc == alloc; });
  return alloc && it != buffers.end() ? &*it : nullptr;
}

/// Marks the runs of local_allocs with initial values, of disjoint buffers,
/// that only ops touching no shared memory separate. Such a run stores one
/// buffer after another, with no shared reads in between: one barrier
/// before its first stores (where any of them needs one) and one after its
/// last serve them all. So every alloc but the first is unguarded, and
/// every one but the last is marked tkc_gpu.shared_stores_follow. The last
/// one (of each run, a lone alloc too) is marked
/// tkc_gpu.shared_generic_reads where only ordinary loads read the run's
/// buffers and the function makes no tensor copies that could later write
/// their bytes through the async proxy: no proxy fence is due.
void markStoreRuns(FunctionOpInterface function, ArrayRef<LiveBuffer> buffers,
                   MLIRContext *context) {
  bool asyncWrites = false;
  function.walk([&](TensorCopyOp) { asyncWrites = true; });
  auto mark = [&](Operation *op, StringRef name, bool on) {
    if (on)
      op->setAttr(name, UnitAttr::get(context));
    else
      op->removeAttr(name);
  };
  SmallVector<LocalAllocOp> run;
  auto flush = [&] {
    bool guarded = llvm::any_of(run, [](LocalAllocOp alloc) {
      return !alloc->hasAttr(TKCGPUDialect::kSharedUnguarded);
    });
    bool asyncReads = asyncWrites;
    for (LocalAllocOp alloc : run)
      forEachRead(alloc, [&](Operation *user) {
        asyncReads |= !isa<LocalLoadOp, TileOp, TransTileOp>(user);
      });
    for (auto [i, alloc] : llvm::enumerate(run)) {
      bool last = i + 1 == run.size();
      mark(alloc, TKCGPUDialect::kSharedUnguarded, i != 0 || !guarded);
      mark(alloc, TKCGPUDialect::kSharedStoresFollow, !last);
      mark(alloc, TKCGPUDialect::kSharedGenericReads, last && !asyncReads);
    }
    run.clear();
  };
  auto bytesOf = [&](LocalAllocOp alloc) {
    const LiveBuffer *buffer = bufferOf(buffers, alloc.getResult());
    return std::make_pair(buffer->begin, buffer->end);
  };
  function.walk([&](Block *block) {
    for (Operation &op : *block) {
      auto alloc = dyn_cast<LocalAllocOp>(op);
      if (!alloc || !alloc.getInit()) {
        if (!isSharedMemoryFree(&op))
          flush();
        continue;
      }
      auto [begin, end] = bytesOf(alloc);
      if (llvm::any_of(run, [&](LocalAllocOp other) {
            auto [otherBegin, otherEnd] = bytesOf(other);
            return begin < otherEnd && otherBegin < end;
          }))
        flush();
      run.push_back(alloc);
    }
    flush();
  });
}

struct AllocateSharedMemoryPass
    : public mlir::tkc::gpu::impl::TKCGPUAllocateSharedMemoryBase<
          AllocateSharedMemoryPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = module.getContext();
    Builder builder(context);
    int64_t maxShared = 0;
    if (!target.empty()) {
      std::unique_ptr<::tkc::TargetInfo> info =
          ::tkc::createTargetInfoOrReport(target, module);
      if (!info)
        return signalPassFailure();
      maxShared = info->getMaxSharedBytes();
    }
    int64_t total = 0;
    module.walk([&](FunctionOpInterface function) {
      eraseOrderedWaits(function);
      llvm::DenseSet<Operation *> reused;
      SmallVector<LiveBuffer> buffers = placeBuffers(function, reused);
      for (const LiveBuffer &buffer : buffers) {
        buffer.alloc->setAttr(TKCGPUDialect::kSharedOffset,
                              builder.getI32IntegerAttr(buffer.begin));
        total = std::max(total, buffer.end);
      }
      // A buffer's first stores may land where an earlier op's scratch, or
      // an earlier buffer that had its bytes, is still being read: its
      // alloc waits at a barrier, unless neither comes before it and it
      // runs once (in a loop, the previous iteration's users come before it
      // too).
      bool scratchSeen = false;
      function.walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (auto alloc = dyn_cast<LocalAllocOp>(op)) {
          if (scratchSeen || reused.contains(alloc) ||
              alloc->getParentOfType<LoopLikeOpInterface>())
            alloc->removeAttr(TKCGPUDialect::kSharedUnguarded);
          else
            alloc->setAttr(TKCGPUDialect::kSharedUnguarded,
                           UnitAttr::get(context));
        }
        scratchSeen |= scratchBytes(op) != 0;
      });
      markStoreRuns(function, buffers, context);
      // Where an op's scratch may start: past the buffers live around it.
      auto baseOf = [&](Operation *op) {
        int64_t base = 0;
        for (const LiveBuffer &buffer : buffers)
          if (buffer.isLiveAt(op))
            base = std::max<int64_t>(base,
                                     llvm::alignTo(buffer.end, kScratchAlign));
        return base;
      };

      if (maxShared)
        function.walk([&](ConvertLayoutOp convert) {
          setConversionRounds(convert, baseOf(convert), maxShared);
        });

      // Users in program order, the room they may take together, and the
      // users that a buffer dead at them was read before (since the last
      // barrier: a scratch user's or an async_wait's). Such a user's stores
      // may land in that buffer while another warp still reads it (a
      // warpgroup multiply of the loop before it).
      SmallVector<std::pair<Operation *, int64_t>> users;
      llvm::DenseSet<Operation *> afterBufferReads;
      int64_t largest = 0;
      SmallVector<Value> readTiles;
      function.walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (isa<LocalLoadOp, WarpgroupDotOp>(op))
          for (Value operand : op->getOperands())
            if (isa<SharedBufferType>(operand.getType()))
              readTiles.push_back(operand);
        if (isa<AsyncWaitOp>(op))
          readTiles.clear();
        if (int64_t bytes = scratchBytes(op)) {
          users.push_back({op, bytes});
          largest = std::max(largest, bytes);
          if (llvm::any_of(readTiles, [&](Value tile) {
                const LiveBuffer *buffer = bufferOf(buffers, tile);
                return !buffer || !buffer->isLiveAt(op);
              }))
            afterBufferReads.insert(op);
          readTiles.clear();
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
      // Offsets below are relative to the user's base; a user whose base
      // differs from the one before it keeps its barrier, and so does one
      // that buffers were read before (unless an async_wait after their
      // loop waited at a barrier).
      Operation *prev = nullptr;
      int64_t prevBegin = 0, prevEnd = 0, prevBase = 0;
      for (auto [op, bytes] : users) {
        bool inLoop = op->getParentOfType<LoopLikeOpInterface>() != nullptr;
        int64_t base = baseOf(op);
        int64_t begin = 0;
        bool unguarded = false;
        if (afterBufferReads.contains(op)) {
          unguarded = false;
        } else if ((!inLoop && !prev) || followsAsyncWait(op)) {
          unguarded = true;
        } else if (prev && prev->getBlock() == op->getBlock() &&
                   prevBase == base) {
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
                    builder.getI32IntegerAttr(base + begin));
        if (unguarded)
          op->setAttr(TKCGPUDialect::kSharedUnguarded, UnitAttr::get(context));
        else
          op->removeAttr(TKCGPUDialect::kSharedUnguarded);
        prev = op;
        prevBegin = begin;
        prevEnd = begin + bytes;
        prevBase = base;
        total = std::max(total, base + prevEnd);
      }
    });
    module->setAttr(TKCGPUDialect::kSharedBytes,
                    builder.getI32IntegerAttr(total));
  }
};

} // namespace
