//===- RecordVectorWidths.cpp - Width of each global access ---------------===//
//
// Implements tkc-gpu-record-vector-widths: for each tensor load, store and
// atomic read-modify-write, the number of consecutive elements one access
// can move (an atomic's, where the target adds vectors atomically), from the
// layout (the thread's contiguous registers along its fastest dimension) and
// the axis analysis (the pointers' contiguity and alignment, the mask's
// constancy), capped at 16 bytes, recorded for the LLVM conversion, with
// the mask's runs of equal values. A load's or store's mask that bounds its
// runs (`i < n`) limits nothing: the runs are marked kBoundedRuns, which the
// conversion moves whole where they are all in bounds.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/Analysis/AxisInfo.h"
#include "compiler/Dialect/TKCGPU/IR/LinearLayout.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h"

namespace mlir::tkc::gpu {
#define GEN_PASS_DEF_TKCGPURECORDVECTORWIDTHS
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h.inc"
} // namespace mlir::tkc::gpu

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

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
      } else if (auto atomic = dyn_cast<AtomicRMWOp>(op)) {
        ptr = atomic.getPtr();
        mask = atomic.getMask();
      }
      if (!ptr || !isa<RankedTensorType>(ptr.getType()))
        return;
      int64_t width = getAccessWidth(ptr, mask, axis);
      // A load or store whose mask bounds its runs (`i < n`, n of unknown
      // divisibility) moves them whole where they are all in bounds.
      if (mask && isa<LoadOp, StoreOp>(op)) {
        int64_t bounded = getAccessWidth(ptr, mask, axis, /*boundedRuns=*/true);
        if (bounded > width) {
          width = bounded;
          op->setAttr(TKCGPUDialect::kBoundedRuns, builder.getUnitAttr());
        }
      }
      op->setAttr(TKCGPUDialect::kVectorWidth,
                  builder.getI32IntegerAttr(width));
      if (mask)
        setMaskConstancy(op, axis.get(mask).constancy);
    });
  }
};

} // namespace
