//===- SinkLargeLoads.cpp - Issue register-filling loads at their use -----===//
//
// Implements tkc-gpu-sink-large-loads: a load whose tile fills more than
// half a thread's registers, separated from its first use only by layout
// conversions and ops without memory effects, moves down to that use. A
// conversion through shared memory ends in a barrier that no instruction
// is scheduled across, so a load issued before it holds its whole tile in
// registers across it, and spills.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tkc::gpu {
#define GEN_PASS_DEF_TKCGPUSINKLARGELOADS
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h.inc"
} // namespace mlir::tkc::gpu

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// The most 32-bit registers of each thread a load may fill and still be
/// issued ahead of a conversion: half of the 255 a thread may have.
constexpr int64_t kMaxHeldWords = 128;

/// Where `load` moves to: the first op of its block that uses its value,
/// when only conversions and ops without memory effects come between, and
/// a conversion among them; null otherwise.
Operation *sinkPoint(LoadOp load) {
  Operation *first = nullptr;
  for (Operation *user : load->getUsers()) {
    Operation *at = load->getBlock()->findAncestorOpInBlock(*user);
    if (!at)
      return nullptr;
    if (!first || at->isBeforeInBlock(first))
      first = at;
  }
  if (!first)
    return nullptr;
  bool crossesConversion = false;
  for (Operation *op = load->getNextNode(); op != first;
       op = op->getNextNode()) {
    if (isa<ConvertLayoutOp>(op))
      crossesConversion = true;
    else if (!isMemoryEffectFree(op))
      return nullptr;
  }
  return crossesConversion ? first : nullptr;
}

struct SinkLargeLoadsPass
    : public gpu::impl::TKCGPUSinkLargeLoadsBase<SinkLargeLoadsPass> {
  void runOnOperation() override {
    getOperation().walk([](LoadOp load) {
      auto type = dyn_cast<RankedTensorType>(load.getType());
      if (!type || getDistinctElementsPerThread(type) *
                           getStorageBytes(type.getElementType()) <=
                       4 * kMaxHeldWords)
        return;
      if (Operation *at = sinkPoint(load))
        load->moveBefore(at);
    });
  }
};

} // namespace
