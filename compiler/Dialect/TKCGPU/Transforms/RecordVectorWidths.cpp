//===- RecordVectorWidths.cpp - Width of each global access ---------------===//
//
// Implements tkc-gpu-record-vector-widths: for each tensor load and store,
// the number of consecutive elements one access can move, from the layout
// (the thread's contiguous registers along its fastest dimension) and the
// axis analysis (the pointers' contiguity and alignment, the mask's
// constancy), capped at 16 bytes, recorded for the LLVM conversion.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/Analysis/AxisInfo.h"
#include "compiler/Dialect/TKCGPU/IR/LinearLayout.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h"

#include "llvm/ADT/bit.h"

namespace mlir::tkc::gpu {
#define GEN_PASS_DEF_TKCGPURECORDVECTORWIDTHS
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h.inc"
} // namespace mlir::tkc::gpu

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// The widest access of `op` (a load or store of pointer tensor `ptr` under
/// `mask`) that the layout and the facts about its operands allow.
int64_t vectorWidth(Value ptr, Value mask, AxisInfoAnalysis &axis) {
  auto type = cast<RankedTensorType>(ptr.getType());
  LinearLayout layout = getLinearLayout(type);
  int64_t bytes = std::max<unsigned>(1, cast<PointerType>(type.getElementType())
                                                .getPointeeType()
                                                .getIntOrFloatBitWidth() /
                                            8);
  // Vectors run along the dimension of the layout's leading registers.
  unsigned dim = 0;
  for (unsigned d = 1; d < type.getRank(); ++d)
    if (layout.getContiguousRegisters(d) > layout.getContiguousRegisters(dim))
      dim = d;
  const AxisInfo &info = axis.get(ptr);
  int64_t best = std::min<int64_t>(layout.getContiguousRegisters(dim),
                                   info.contiguity[dim]);
  best = std::min(best, std::max<int64_t>(1, info.divisibility[dim] / bytes));
  best = std::min(best, 16 / bytes);
  if (mask)
    best = std::min(best, axis.get(mask).constancy[dim]);
  return std::max<int64_t>(1, llvm::bit_floor(static_cast<uint64_t>(best)));
}

struct RecordVectorWidthsPass
    : public gpu::impl::TKCGPURecordVectorWidthsBase<RecordVectorWidthsPass> {
  void runOnOperation() override {
    AxisInfoAnalysis axis;
    Builder builder(&getContext());
    getOperation().walk([&](Operation *op) {
      Value ptr, mask;
      if (auto load = dyn_cast<LoadOp>(op)) {
        ptr = load.getPtr();
        mask = load.getMask();
      } else if (auto store = dyn_cast<StoreOp>(op)) {
        ptr = store.getPtr();
        mask = store.getMask();
      }
      if (!ptr || !isa<RankedTensorType>(ptr.getType()))
        return;
      op->setAttr(TKCGPUDialect::kVectorWidth,
                  builder.getI32IntegerAttr(vectorWidth(ptr, mask, axis)));
    });
  }
};

} // namespace
