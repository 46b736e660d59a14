//===- RecordConstancy.cpp - Runs of equal integer values -----------------===//
//
// Implements tkc-gpu-record-constancy: for each integer elementwise arith op
// whose result the axis analysis finds made of runs of equal values that
// hold several registers of a thread, records the runs for the LLVM
// conversion, which then computes each run once.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKCGPU/Analysis/AxisInfo.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir::tkc::gpu {
#define GEN_PASS_DEF_TKCGPURECORDCONSTANCY
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h.inc"
} // namespace mlir::tkc::gpu

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

struct RecordConstancyPass
    : public gpu::impl::TKCGPURecordConstancyBase<RecordConstancyPass> {
  void runOnOperation() override {
    AxisInfoAnalysis axis;
    getOperation().walk([&](Operation *op) {
      if (!isa<arith::ArithDialect>(op->getDialect()) ||
          !op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1)
        return;
      auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
      if (type && type.getElementType().isInteger())
        setResultConstancy(op, axis.get(op->getResult(0)).constancy);
    });
  }
};

} // namespace
