//===- AllocateSharedMemory.cpp - Size the kernel's shared memory ---------===//
//
// Implements tkc-gpu-allocate-shared-memory: the largest scratch buffer any
// layout conversion through shared memory or any reduction or scan across
// warps needs (their lifetimes never overlap, so they share one), recorded
// on the module, and the mark on the first of them that lets its lowering
// skip the barrier that guards against earlier users.
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
  if (auto reduce = dyn_cast<tkc::ReduceOp>(op))
    return getReduceScratch(reduce).bytes;
  if (auto scan = dyn_cast<tkc::ScanOp>(op))
    return getScanScratch(scan).bytes;
  return 0;
}

struct AllocateSharedMemoryPass
    : public mlir::tkc::gpu::impl::TKCGPUAllocateSharedMemoryBase<
          AllocateSharedMemoryPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    int64_t bytes = 0;
    // Per function, in program order: the first user outside any loop.
    module.walk([&](FunctionOpInterface function) {
      bool first = true;
      function.walk<WalkOrder::PreOrder>([&](Operation *op) {
        int64_t needed = scratchBytes(op);
        if (needed == 0)
          return;
        bytes = std::max(bytes, needed);
        if (first && !op->getParentOfType<LoopLikeOpInterface>())
          op->setAttr(TKCGPUDialect::kFirstSharedUse,
                      UnitAttr::get(op->getContext()));
        else
          op->removeAttr(TKCGPUDialect::kFirstSharedUse);
        first = false;
      });
    });
    module->setAttr(TKCGPUDialect::kSharedBytes,
                    Builder(module).getI32IntegerAttr(bytes));
  }
};

} // namespace
