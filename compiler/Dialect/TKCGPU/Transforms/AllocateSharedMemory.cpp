//===- AllocateSharedMemory.cpp - Size the kernel's shared memory ---------===//
//
// Implements tkc-gpu-allocate-shared-memory: the largest buffer any layout
// conversion through shared memory or any reduction or scan across warps
// needs
// (they share one; barriers fence each), recorded on the module.
// Conversions that only permute a thread's registers need none.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKCGPU/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

namespace mlir::tkc::gpu {
#define GEN_PASS_DEF_TKCGPUALLOCATESHAREDMEMORY
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h.inc"
} // namespace mlir::tkc::gpu

using namespace mlir;
using namespace mlir::tkc::gpu;

namespace {

struct AllocateSharedMemoryPass
    : public mlir::tkc::gpu::impl::TKCGPUAllocateSharedMemoryBase<
          AllocateSharedMemoryPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    int64_t bytes = 0;
    module.walk([&](ConvertLayoutOp op) {
      auto type = cast<RankedTensorType>(op.getType());
      auto srcType = cast<RankedTensorType>(op.getSrc().getType());
      if (getLinearLayout(type).getRegisterMapFrom(getLinearLayout(srcType)))
        return;
      bytes = std::max(bytes, type.getNumElements() *
                                  getStorageBytes(type.getElementType()));
    });
    // Reductions across warps combine their partials there too.
    module.walk([&](tkc::ReduceOp op) {
      bytes = std::max(bytes, getReduceScratch(op).bytes);
    });
    module.walk([&](tkc::ScanOp op) {
      bytes = std::max(bytes, getScanScratch(op).bytes);
    });
    module->setAttr(TKCGPUDialect::kSharedBytes,
                    Builder(module).getI32IntegerAttr(bytes));
  }
};

} // namespace
