//===- WarpgroupMma.cpp - Dots that read shared memory directly -----------===//
//
// Implements tkc-gpu-warpgroup-mma: on targets with warpgroup matrix
// multiplies (Hopper's wgmma), a tkc.dot whose B operand is a whole
// shared-memory tile read only for it (tkc_gpu.local_load, as
// tkc-gpu-pipeline leaves a matmul's or attention's K loop), and whose A
// operand is such a tile too or a tensor already in registers (attention's
// Q and P), becomes a tkc_gpu.warpgroup_dot: the instruction reads the
// tiles from shared memory, so they never pass through registers.
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

  /// Replaces `dot` by a warpgroup_dot of its operands' tiles (or of `a`
  /// itself, held in registers), if it can.
  void rewrite(DotOp dot, unsigned numWarps) {
    LocalLoadOp a = soleTileRead(dot.getA()), b = soleTileRead(dot.getB());
    if (!b || a == b)
      return;
    auto type = cast<RankedTensorType>(dot.getType());
    auto mma = dyn_cast<NvidiaMmaEncodingAttr>(type.getEncoding());
    auto aType = cast<RankedTensorType>(dot.getA().getType());
    Type elem = aType.getElementType();
    if (!mma || !isWarpgroupMmaShape(type, numWarps) ||
        elem != b.getType().getElementType() ||
        !(elem.isF16() || elem.isBF16()) || !hasAtoms(b.getTile().getType()) ||
        (a && !hasAtoms(a.getTile().getType())))
      return;
    // A in registers: the instruction takes mma.sync's A fragments, two
    // elements per register.
    if (!a) {
      auto operand = dyn_cast<DotOperandEncodingAttr>(aType.getEncoding());
      if (!operand || operand.getParent() != mma || operand.getKWidth() != 2)
        return;
    }
    OpBuilder builder(dot);
    Value d = WarpgroupDotOp::create(builder, dot.getLoc(), type,
                                     a ? Value(a.getTile()) : Value(dot.getA()),
                                     b.getTile(), dot.getC());
    dot.replaceAllUsesWith(d);
    dot.erase();
    if (a)
      a.erase();
    b.erase();
  }
};

} // namespace
