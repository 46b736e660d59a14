//===- WarpgroupMma.cpp - Dots that read shared memory directly -----------===//
//
// Implements tkc-gpu-warpgroup-mma: on targets with warpgroup matrix
// multiplies (Hopper's wgmma), a tkc.dot whose two operands are whole
// shared-memory tiles read only for it (tkc_gpu.local_load, as
// tkc-gpu-pipeline leaves a matmul's K loop) becomes a
// tkc_gpu.warpgroup_dot of the tiles themselves: the instruction reads them
// from shared memory, so neither operand passes through registers.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h"
#include "compiler/Target/TargetBackend.h"

#include "mlir/IR/Builders.h"

namespace mlir::tkc::gpu {
#define GEN_PASS_DEF_TKCGPUWARPGROUPMMA
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h.inc"
} // namespace mlir::tkc::gpu

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// The whole-tile local_load that `value` comes from with no other user,
/// or null.
LocalLoadOp soleTileRead(Value value) {
  auto load = value.getDefiningOp<LocalLoadOp>();
  return load && load->hasOneUse() ? load : nullptr;
}

/// Whether `tile` is stored in swizzle atoms a warpgroup multiply reads:
/// rows of whole 16-byte chunks, at least two.
bool hasAtoms(SharedBufferType tile) {
  return tile.getTileShape()[tile.getOrder().front()] % 16 == 0;
}

struct WarpgroupMmaPass
    : public gpu::impl::TKCGPUWarpgroupMmaBase<WarpgroupMmaPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::unique_ptr<::tkc::TargetInfo> info =
        ::tkc::createTargetInfoOrReport(target, module);
    if (!info)
      return signalPassFailure();
    if (!info->hasWarpgroupMma())
      return;
    unsigned numWarps = getModuleUInt(module, TKCGPUDialect::kNumWarps);
    SmallVector<DotOp> dots;
    module.walk([&](DotOp dot) { dots.push_back(dot); });
    for (DotOp dot : dots)
      rewrite(dot, numWarps);
  }

  /// Replaces `dot` by a warpgroup_dot of its operands' tiles, if it can.
  void rewrite(DotOp dot, unsigned numWarps) {
    LocalLoadOp a = soleTileRead(dot.getA()), b = soleTileRead(dot.getB());
    if (!a || !b || a == b)
      return;
    auto type = cast<RankedTensorType>(dot.getType());
    auto mma = dyn_cast<NvidiaMmaEncodingAttr>(type.getEncoding());
    Type elem = a.getType().getElementType();
    if (!mma || !isWarpgroupMmaShape(type, numWarps) ||
        elem != b.getType().getElementType() ||
        !(elem.isF16() || elem.isBF16()) || !hasAtoms(a.getTile().getType()) ||
        !hasAtoms(b.getTile().getType()))
      return;
    OpBuilder builder(dot);
    Value d = WarpgroupDotOp::create(builder, dot.getLoc(), type, a.getTile(),
                                     b.getTile(), dot.getC());
    dot.replaceAllUsesWith(d);
    dot.erase();
    a.erase();
    b.erase();
  }
};

} // namespace
