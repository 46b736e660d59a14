//===- StageFmaOperands.cpp - FMA dot operands through shared memory ------===//
//
// Implements tkc-gpu-stage-fma-operands: the operands of a tkc.dot computed
// with FMAs (a blocked result layout) reach their dot_op layouts, in which
// each thread holds every K value of its rows and columns, through shared
// memory buffers that live until the dot: both are stored, then, after one
// barrier, read. The reads then have no barrier between them and the FMAs
// that use them, so each K step's values can be read where they are used,
// instead of both operands whole, as two conversions (each ending in a
// barrier the next one's stores need) would hold them. An operand the
// pipeliner reads straight from a loop's tile into its dot_op layout needs
// no buffer: its read moves after the other's store, to the dot.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

namespace mlir::tkc::gpu {
#define GEN_PASS_DEF_TKCGPUSTAGEFMAOPERANDS
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h.inc"
} // namespace mlir::tkc::gpu

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// The conversion that makes `operand` of an FMA dot, if a shared buffer
/// can hold its source: a rank-2 float tile whose rows along K are whole
/// 16-byte chunks. Null otherwise.
ConvertLayoutOp stageableConversion(Value operand, unsigned kDim) {
  auto convert = operand.getDefiningOp<ConvertLayoutOp>();
  if (!convert || !convert->hasOneUse())
    return nullptr;
  auto type = cast<RankedTensorType>(convert.getSrc().getType());
  if (type.getRank() != 2 || !isa<FloatType>(type.getElementType()) ||
      type.getDimSize(kDim) % getChunkElements(type.getElementType()))
    return nullptr;
  return convert;
}

/// The tile that holds the source `src` (a rank-2 tensor) of a
/// conversion to `operand`, an FMA dot operand layout with K along `kDim`.
/// Its rows run along a blocked source's fastest dimension where that is the
/// operand's other one and each thread reads whole 16-byte chunks of it at
/// each K (a matmul's b stored row-major, as loaded): stores and reads then
/// both run along the rows. Else they run along K, where each thread reads
/// its rows or columns 16 bytes at a time. The tile is swizzled only where
/// that may spread a warp's stores or reads over more banks
/// (accessesOneRowPerPass): unswizzled, each thread's reads are its base
/// address plus constants, as in Triton's FMA operand tiles. FLA's
/// chunk_local_cumsum 64x64x32 took 128 registers with both tiles swizzled
/// (Triton: 69).
SharedBufferType operandTile(RankedTensorType src, RankedTensorType operand,
                             unsigned kDim) {
  unsigned other = 1 - kDim;
  Type elem = src.getElementType();
  int64_t chunk = getChunkElements(elem);
  auto blocked = dyn_cast<BlockedEncodingAttr>(src.getEncoding());
  bool alongOther =
      blocked && blocked.getOrder()[0] == other &&
      (int64_t(1)
       << getLinearLayout(operand).getAlignedRunBits(other, chunk).size()) ==
          chunk;
  unsigned fast = alongOther ? other : kDim;
  return SharedBufferType::get(src.getContext(), src.getShape(), elem,
                               {fast, 1 - fast},
                               !accessesOneRowPerPass({src, operand}, fast));
}

/// The read of `operand` straight from a tile into its dot_op layout (the
/// pipeliner's, of a loop's tile), if the dot is its only use in its block.
LocalLoadOp tileRead(Value operand, DotOp dot) {
  auto read = operand.getDefiningOp<LocalLoadOp>();
  if (!read || !read->hasOneUse() || read->getBlock() != dot->getBlock())
    return nullptr;
  return read;
}

struct StageFmaOperandsPass
    : public gpu::impl::TKCGPUStageFmaOperandsBase<StageFmaOperandsPass> {
  void runOnOperation() override {
    getOperation().walk([](DotOp dot) {
      auto type = cast<RankedTensorType>(dot.getType());
      if (!isa<BlockedEncodingAttr>(type.getEncoding()) || type.getRank() != 2)
        return;
      // a is [M, K], b is [K, N]: each is stored as operandTile() says.
      // An operand read from a tile already is left as it is, its read
      // moved to the dot, after the other's buffer is stored.
      std::array<ConvertLayoutOp, 2> converts = {
          stageableConversion(dot.getA(), 1),
          stageableConversion(dot.getB(), 0)};
      std::array<LocalLoadOp, 2> reads = {
          converts[0] ? nullptr : tileRead(dot.getA(), dot),
          converts[1] ? nullptr : tileRead(dot.getB(), dot)};
      if ((!converts[0] && !reads[0]) || (!converts[1] && !reads[1]) ||
          (!converts[0] && !converts[1]))
        return;
      OpBuilder builder(dot);
      std::array<Value, 2> buffers;
      for (unsigned i : {0u, 1u}) {
        if (!converts[i])
          continue;
        auto src = cast<RankedTensorType>(converts[i].getSrc().getType());
        SharedBufferType buffer =
            operandTile(src, converts[i].getType(), i == 0 ? 1 : 0);
        buffers[i] = LocalAllocOp::create(builder, converts[i].getLoc(), buffer,
                                          converts[i].getSrc());
      }
      for (unsigned i : {0u, 1u}) {
        if (reads[i]) {
          reads[i]->moveBefore(dot);
          continue;
        }
        Value read = LocalLoadOp::create(builder, converts[i].getLoc(),
                                         converts[i].getType(), buffers[i]);
        converts[i].getResult().replaceAllUsesWith(read);
        converts[i].erase();
      }
    });
  }
};

} // namespace
