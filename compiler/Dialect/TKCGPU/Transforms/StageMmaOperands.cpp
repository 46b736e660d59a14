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
// A value made outside a loop around the dot (attention's Q) is stored
// once, before the loop, and read in every iteration, as Triton keeps it.
// The early store costs latency (a load after it waits for it), so it is
// done only where the values a block converts at its dots would take more
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

#include "llvm/ADT/MapVector.h"

#include "mlir/IR/Builders.h"
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
  return loop->walk([](AsyncCopyOp) { return WalkResult::interrupt(); })
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

/// The 32-bit registers per thread the value `convert` converts takes.
int64_t sourceRegisters(ConvertLayoutOp convert) {
  auto type = cast<RankedTensorType>(convert.getSrc().getType());
  return getLinearLayout(type).getNumRegisters() *
         getStorageBytes(type.getElementType()) / 4;
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

/// The conversion making operand `operand` of a mma.sync dot that can be
/// staged: through shared memory, from a rank-2 blocked value
/// (mayStageAcross) whose rows along the layout's fastest dimension are
/// whole 16-byte chunks (a tile's rows must be). Null otherwise.
ConvertLayoutOp stageableConversion(Value operand) {
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
  if (!mayStageAcross(convert.getSrc(), convert) ||
      getLinearLayout(cast<RankedTensorType>(convert.getType()))
          .getRegisterMapFrom(getLinearLayout(type)))
    return nullptr;
  return convert;
}

struct StageMmaOperandsPass
    : public gpu::impl::TKCGPUStageMmaOperandsBase<StageMmaOperandsPass> {
  void runOnOperation() override {
    // The stageable conversions, by the block they are in.
    llvm::MapVector<Block *, SmallVector<ConvertLayoutOp>> byBlock;
    getOperation().walk([&](DotOp dot) {
      auto type = cast<RankedTensorType>(dot.getType());
      if (!isa<NvidiaMmaEncodingAttr>(type.getEncoding()))
        return;
      for (Value operand : {dot.getA(), dot.getB()})
        if (ConvertLayoutOp convert = stageableConversion(operand)) {
          SmallVector<ConvertLayoutOp> &group = byBlock[convert->getBlock()];
          if (!llvm::is_contained(group, convert))
            group.push_back(convert);
        }
    });
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
      auto type = cast<RankedTensorType>(source.getType());
      auto blocked = cast<BlockedEncodingAttr>(type.getEncoding());
      auto tile =
          SharedBufferType::get(&getContext(), type.getShape(),
                                type.getElementType(), blocked.getOrder());
      OpBuilder b(&getContext());
      b.setInsertionPointAfterValue(source);
      Value buffer = LocalAllocOp::create(b, convert.getLoc(), tile, source);
      b.setInsertionPoint(convert);
      Value read =
          LocalLoadOp::create(b, convert.getLoc(), convert.getType(), buffer);
      convert.getResult().replaceAllUsesWith(read);
      convert.erase();
    }
  }
};

} // namespace
