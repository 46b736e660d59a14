//===- StageMmaOperands.cpp - mma.sync operands stored where they are made ===//
//
// Implements tkc-gpu-stage-mma-operands: an operand of a mma.sync dot
// (`#tkc_gpu.nvidia_mma` result, still a tkc.dot after
// tkc-gpu-warpgroup-mma) converted from a blocked layout reaches its dot_op
// layout through shared memory either way. The conversion, at the dot, holds
// the blocked value in registers until then; here it is split into a
// tkc_gpu.local_alloc right after the value is made (a load: its registers
// are free once it is stored) and a tkc_gpu.local_load where the
// conversion was, as Triton places its local_alloc and local_load. A loop
// body that loads K and V tiles before its dots then holds one tile in
// registers at a time, not both (native sparse attention's forward on one
// warp: two 128-register tiles, 2,416 bytes of spills).
//
// A value made outside the loop around its dot (attention's Q) is stored
// once, before the loop, and read right before the dot in every iteration,
// as Triton keeps it, where those reads move at most half what the loop's
// other operand reads do, or where holding it beside the loop's other
// values would take more registers than a thread has, and the block's
// shared memory has room for it:
// held in registers in their dot_op layout through the loop, such operands
// took SGLang's sparse MLA split-K kernel to 254 registers (96 stored).
//
// A value made in the loop is stored early only where the values a block
// converts at its dots would take more
// registers than a thread has, or where the module is lowered favoring
// occupancy (the driver keeps that binary where it fits more programs), and
// only for values of 32 registers or more. Pipelined loops keep their
// conversions: the pipeliner ordered their copies and sized their stacks for
// the shared memory it found free (a dequantized int4 B stored before the next
// copies were issued: 5% slower).
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h"
#include "compiler/Target/TargetBackend.h"

#include "llvm/ADT/MapVector.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlir::tkc::gpu {
#define GEN_PASS_DEF_TKCGPUSTAGEMMAOPERANDS
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h.inc"
} // namespace mlir::tkc::gpu

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// Whether `loop` fills tiles asynchronously: the pipeliner ordered its
/// copies and reads, and sized its stacks for the shared memory it found
/// free.
bool isPipelined(Operation *loop) {
  return loop
      ->walk([](Operation *op) {
        return isa<AsyncCopyOp, TensorCopyOp>(op) ? WalkResult::interrupt()
                                                  : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether `value` may be stored where it is made and read at `user`: no
/// pipelined loop lies around `user` inside the block of `value` (a buffer
/// live through it would take shared memory its stacks count on), nor is
/// `user` in a pipelined loop's body.
bool mayStageAcross(Value value, Operation *user) {
  if (auto loop = user->getParentOfType<LoopLikeOpInterface>())
    if (isPipelined(loop))
      return false;
  Block *home = value.getParentBlock();
  for (Block *block = user->getBlock(); block != home;) {
    Operation *parent = block->getParentOp();
    if (!parent || !parent->getBlock() ||
        (isa<LoopLikeOpInterface>(parent) && isPipelined(parent)))
      return false;
    block = parent->getBlock();
  }
  return true;
}

/// The bytes per thread the registers of a tensor of `type` take, copies
/// included: what reading it from shared memory moves.
int64_t threadBytes(Type type) {
  auto tensor = cast<RankedTensorType>(type);
  return getLinearLayout(tensor).getNumRegisters() *
         getStorageBytes(tensor.getElementType());
}

/// The 32-bit registers per thread the value `convert` converts takes.
int64_t sourceRegisters(ConvertLayoutOp convert) {
  return threadBytes(convert.getSrc().getType()) / 4;
}

/// Storing a value where it is made makes its store wait for it, and a load
/// after it wait for the store, where conversions at the dots let the loads
/// be in flight together. It pays where the values a block converts at its
/// dots could not all be held until then: more registers per thread than a
/// thread may have. Native sparse attention's forward converts Q, K and V:
/// on one warp 288 registers, which spilled 2.4 KB (0.49 of Triton's time;
/// 0.87 stored); on two warps 144, which spilled 192 bytes but ran 5%
/// faster than stored; on four 72.
constexpr int64_t kMaxHeldRegisters = 255;

/// The fewest registers per thread a value takes for its early store to be
/// worth a load's latency (a matmul's 16-row A tile after its K loop).
constexpr int64_t kMinStagedRegisters = 32;

/// The conversion making operand `operand` of a mma.sync dot whose source
/// a tile can hold: through shared memory, from a rank-2 blocked value
/// whose rows along the layout's fastest dimension are whole 16-byte chunks
/// (a tile's rows must be). Null otherwise.
ConvertLayoutOp tileableConversion(Value operand) {
  auto convert = operand.getDefiningOp<ConvertLayoutOp>();
  if (!convert)
    return nullptr;
  auto type = cast<RankedTensorType>(convert.getSrc().getType());
  auto blocked = dyn_cast<BlockedEncodingAttr>(type.getEncoding());
  if (!blocked || type.getRank() != 2 ||
      type.getDimSize(blocked.getOrder().front()) %
          getChunkElements(type.getElementType()))
    return nullptr;
  // (A conversion within each thread's registers moves no data.)
  if (getLinearLayout(cast<RankedTensorType>(convert.getType()))
          .getRegisterMapFrom(getLinearLayout(type)))
    return nullptr;
  return convert;
}

/// Whether reading `convert`'s result from a tile in every iteration of
/// `loop` would move at most half what the loop's other reads of tiles and
/// conversions to dot operands move (per thread, copies included). Warps that
/// split a dot along N each read all of its A: vLLM's unified attention (a
/// 16x128 Q beside 128x32 K and 32x128 V tiles on 4 warps) read Q as much as
/// both, and ran 9% slower reading it in every iteration than holding it;
/// native sparse attention's forward on 2 warps (Q half of its tiles) 9%
/// faster.
bool readsCheaply(ConvertLayoutOp convert, LoopLikeOpInterface loop) {
  int64_t others = 0;
  loop->walk([&](Operation *op) {
    if (op != convert.getOperation() &&
        (isa<LocalLoadOp>(op) ||
         (isa<ConvertLayoutOp>(op) &&
          isa<DotOperandEncodingAttr>(
              cast<RankedTensorType>(op->getResult(0).getType())
                  .getEncoding()))))
      others += threadBytes(op->getResult(0).getType());
  });
  return 2 * threadBytes(convert.getType()) <= others;
}

/// Whether holding `convert`'s result in registers through `loop`, beside
/// the loop's carried tensors (a dot's accumulator) and the largest of its
/// other dot operands (converted or read from a tile), would take more
/// registers than a thread has: the MLA decode kernels of SGLang and
/// ktransformers hold a 16x512 Q, replicated over the 4 warps that split N
/// (128 registers), beside a 16x512 accumulator (64) and 512x32 K and 32x512
/// V tiles (64 each), and spilled 368 and 432 bytes; Triton reads its Q from
/// shared memory in every iteration.
bool holdsTooMuch(ConvertLayoutOp convert, LoopLikeOpInterface loop) {
  int64_t bytes = threadBytes(convert.getType());
  for (Value carried : loop.getRegionIterArgs())
    if (isa<RankedTensorType>(carried.getType()))
      bytes += threadBytes(carried.getType());
  int64_t largest = 0;
  loop->walk([&](Operation *op) {
    if (op != convert.getOperation() && isa<ConvertLayoutOp, LocalLoadOp>(op))
      if (auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
          type && isa<DotOperandEncodingAttr>(type.getEncoding()))
        largest = std::max(largest, threadBytes(type));
  });
  return (bytes + largest) / 4 > kMaxHeldRegisters;
}

/// The loop around `dot` if `convert`, the conversion making an operand of
/// `dot` and nothing else, converts a value made outside it; else null.
LoopLikeOpInterface invariantLoop(ConvertLayoutOp convert, DotOp dot) {
  auto loop = dot->getParentOfType<LoopLikeOpInterface>();
  if (loop && convert->hasOneUse() &&
      loop.isDefinedOutsideOfLoop(convert.getSrc()))
    return loop;
  return nullptr;
}

/// The tile that holds `value` (rank-2, blocked), rows along its layout's
/// fastest dimension.
SharedBufferType tileFor(Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  auto blocked = cast<BlockedEncodingAttr>(type.getEncoding());
  return SharedBufferType::get(type.getContext(), type.getShape(),
                               type.getElementType(), blocked.getOrder());
}

/// Stores `value` into `tile`, right after it is made.
Value storeWhereMade(Value value, SharedBufferType tile, Location loc) {
  OpBuilder b(value.getContext());
  b.setInsertionPointAfterValue(value);
  return LocalAllocOp::create(b, loc, tile, value);
}

/// Replaces `convert` by a read of `buffer` in its layout, placed before
/// `at`.
void readInstead(ConvertLayoutOp convert, Value buffer, Operation *at) {
  OpBuilder b(at);
  Value read =
      LocalLoadOp::create(b, convert.getLoc(), convert.getType(), buffer);
  convert.getResult().replaceAllUsesWith(read);
  convert.erase();
}

struct StageMmaOperandsPass
    : public gpu::impl::TKCGPUStageMmaOperandsBase<StageMmaOperandsPass> {
  using Base::Base;

  void runOnOperation() override {
    // The conversions of values made outside their dots' loops that are
    // read cheaply enough, and the others that may be staged, by the block
    // they are in.
    SmallVector<std::pair<ConvertLayoutOp, DotOp>> invariant;
    llvm::MapVector<Block *, SmallVector<ConvertLayoutOp>> byBlock;
    getOperation().walk([&](DotOp dot) {
      auto type = cast<RankedTensorType>(dot.getType());
      if (!isa<NvidiaMmaEncodingAttr>(type.getEncoding()))
        return;
      for (Value operand : {dot.getA(), dot.getB()}) {
        ConvertLayoutOp convert = tileableConversion(operand);
        if (!convert)
          continue;
        // Those read expensively are left to the rules below (held in
        // registers through a pipelined loop), even where the module is
        // lowered favoring occupancy: the driver would keep that binary for
        // its programs, and vLLM's grouped decode attention so (118
        // registers -> 72) ran at 0.982 of Triton's time instead of 1.012.
        if (LoopLikeOpInterface loop = invariantLoop(convert, dot);
            loop &&
            (readsCheaply(convert, loop) || holdsTooMuch(convert, loop))) {
          invariant.push_back({convert, dot});
          continue;
        }
        if (!mayStageAcross(convert.getSrc(), convert))
          continue;
        SmallVector<ConvertLayoutOp> &group = byBlock[convert->getBlock()];
        if (!llvm::is_contained(group, convert))
          group.push_back(convert);
      }
    });
    if (failed(stageInvariant(invariant)))
      return signalPassFailure();
    ModuleOp module = getOperation();
    bool favorOccupancy = module->hasAttr(TKCGPUDialect::kFavorOccupancy);
    SmallVector<ConvertLayoutOp> converts;
    for (auto &[block, group] : byBlock) {
      int64_t held = 0;
      for (ConvertLayoutOp convert : group)
        held += sourceRegisters(convert);
      SmallVector<ConvertLayoutOp> staged;
      for (ConvertLayoutOp convert : group)
        if (sourceRegisters(convert) >= kMinStagedRegisters)
          staged.push_back(convert);
      if (staged.empty())
        continue;
      // Fewer held registers may fit more programs on an SM, which hides
      // the loads' latency as well: the driver may lower the module again
      // favoring occupancy, with these stored, and keep that binary if it
      // fits more programs spilling no more (NSA's forward on four warps:
      // 157 -> 96 registers, three programs per SM -> five, 0.913 -> 0.929).
      if (held <= kMaxHeldRegisters && !favorOccupancy) {
        module->setAttr(TKCGPUDialect::kOccupancyHeadroom,
                        UnitAttr::get(&getContext()));
        continue;
      }
      llvm::append_range(converts, staged);
    }
    for (ConvertLayoutOp convert : converts) {
      Value source = convert.getSrc();
      readInstead(convert,
                  storeWhereMade(source, tileFor(source), convert.getLoc()),
                  convert);
    }
  }

  /// Stores each value `invariant` converts once, right after it is made
  /// (one tile for all its conversions), and reads it where the conversion
  /// was, or right before the dot where that was outside the dot's block,
  /// while the tiles its kernel holds fit the target's shared memory (all
  /// of them counted as held at once).
  LogicalResult
  stageInvariant(ArrayRef<std::pair<ConvertLayoutOp, DotOp>> invariant) {
    if (invariant.empty())
      return success();
    std::unique_ptr<::tkc::TargetInfo> info;
    if (!target.empty() &&
        !(info = ::tkc::createTargetInfoOrReport(target, getOperation())))
      return failure();
    // The shared memory each kernel has left.
    llvm::DenseMap<Operation *, int64_t> freeBytes;
    auto freeIn = [&](Operation *kernel) -> int64_t & {
      auto [it, inserted] = freeBytes.try_emplace(kernel, 0);
      if (inserted) {
        it->second = info ? info->getMaxSharedBytes()
                          : std::numeric_limits<int64_t>::max();
        kernel->walk([&](LocalAllocOp alloc) {
          it->second -= getSharedBytes(alloc.getType());
        });
      }
      return it->second;
    };
    llvm::DenseMap<Value, Value> buffers;
    for (auto [convert, dot] : invariant) {
      Value source = convert.getSrc();
      Value &buffer = buffers[source];
      if (!buffer) {
        SharedBufferType tile = tileFor(source);
        int64_t &free = freeIn(dot->getParentOfType<FunctionOpInterface>());
        if (getSharedBytes(tile) > free)
          continue;
        free -= getSharedBytes(tile);
        buffer = storeWhereMade(source, tile, convert.getLoc());
      }
      readInstead(convert, buffer,
                  convert->getBlock() == dot->getBlock() ? convert : dot);
    }
    return success();
  }
};

} // namespace
