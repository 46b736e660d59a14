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
// Pipelined loops keep their conversions: the pipeliner ordered their copies
// and sized their stacks for the shared memory it found free (a dequantized
// int4 B stored before the next copies were issued: 5% slower). So do
// values of fewer than 32 registers per thread, whose early store costs a
// load's latency for little.
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h"

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

/// The fewest 32-bit registers per thread a value takes for storing it
/// where it is made to pay: its store then waits for it, and a load after
/// it waits for the store, where a conversion at the dot let both loads be
/// in flight together. Smaller ones cost that latency for too few
/// registers (a matmul's 16-row A tile after its K loop, beside its B tile:
/// 1% slower on the H200).
constexpr int64_t kMinStagedRegisters = 32;

/// The conversion making operand `operand` of a mma.sync dot that can be
/// staged: through shared memory, from a rank-2 blocked value of at least
/// kMinStagedRegisters (mayStageAcross), whose rows along the layout's fastest dimension are
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
  // A conversion within each thread's registers moves no data.
  int64_t registers = getLinearLayout(type).getNumRegisters() *
                      getStorageBytes(type.getElementType()) / 4;
  if (registers < kMinStagedRegisters ||
      !mayStageAcross(convert.getSrc(), convert) ||
      getLinearLayout(cast<RankedTensorType>(convert.getType()))
          .getRegisterMapFrom(getLinearLayout(type)))
    return nullptr;
  return convert;
}

struct StageMmaOperandsPass
    : public gpu::impl::TKCGPUStageMmaOperandsBase<StageMmaOperandsPass> {
  void runOnOperation() override {
    SmallVector<ConvertLayoutOp> converts;
    getOperation().walk([&](DotOp dot) {
      auto type = cast<RankedTensorType>(dot.getType());
      if (!isa<NvidiaMmaEncodingAttr>(type.getEncoding()))
        return;
      for (Value operand : {dot.getA(), dot.getB()})
        if (ConvertLayoutOp convert = stageableConversion(operand))
          if (!llvm::is_contained(converts, convert))
            converts.push_back(convert);
    });
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
