//===- StageFmaOperands.cpp - FMA dot operands through shared memory ------===//
//
// Implements tkc-gpu-stage-fma-operands: the operands of a tkc.dot computed
// with FMAs (a blocked result layout) reach their dot_op layouts, in which
// each thread holds every K value of its rows and columns, through shared
// memory buffers that live until the dot: both are stored, then, after one
// barrier, read. The reads then have no barrier between them and the FMAs
// that use them, so each K step's values can be read where they are used,
// instead of both operands whole, as two conversions (each ending in a
// barrier the next one's stores need) would hold them.
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

struct StageFmaOperandsPass
    : public gpu::impl::TKCGPUStageFmaOperandsBase<StageFmaOperandsPass> {
  void runOnOperation() override {
    getOperation().walk([](DotOp dot) {
      auto type = cast<RankedTensorType>(dot.getType());
      if (!isa<BlockedEncodingAttr>(type.getEncoding()) || type.getRank() != 2)
        return;
      // a is [M, K], b is [K, N]: each is stored with K fastest.
      ConvertLayoutOp a = stageableConversion(dot.getA(), 1);
      ConvertLayoutOp b = stageableConversion(dot.getB(), 0);
      if (!a || !b)
        return;
      OpBuilder builder(dot);
      SmallVector<Value> buffers;
      for (auto [convert, order] :
           {std::pair{a, SmallVector<unsigned>{1, 0}},
            std::pair{b, SmallVector<unsigned>{0, 1}}}) {
        auto src = cast<RankedTensorType>(convert.getSrc().getType());
        auto buffer = SharedBufferType::get(
            dot.getContext(), src.getShape(), src.getElementType(), order);
        buffers.push_back(LocalAllocOp::create(builder, convert.getLoc(),
                                               buffer, convert.getSrc()));
      }
      for (auto [convert, buffer] : llvm::zip(std::array{a, b}, buffers)) {
        Value read = LocalLoadOp::create(builder, convert.getLoc(),
                                         convert.getType(), buffer);
        convert.getResult().replaceAllUsesWith(read);
        convert.erase();
      }
    });
  }
};

} // namespace
