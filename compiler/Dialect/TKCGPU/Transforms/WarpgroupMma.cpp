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
// A loop's only warpgroup_dot that just accumulates (its accumulator
// carried by the loop and used by nothing else) keeps running while the
// next iteration starts: it waits only for the previous iteration's
// multiplies (pending = 1), the copies into the tiles that iteration read
// move after it, and a tkc_gpu.warpgroup_wait after the loop waits for the
// last one.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h"
#include "compiler/Target/TargetBackend.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
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
/// rows of whole 16-byte chunks, at least two, and for elements other than
/// 16-bit ones (tf32, fp8: the instruction cannot transpose them) along K,
/// dimension `kDim`.
bool hasAtoms(SharedBufferType tile, unsigned kDim) {
  unsigned fast = tile.getOrder().front();
  Type elem = tile.getElementType();
  return tile.getTileShape()[fast] % (2 * getChunkElements(elem)) == 0 &&
         (elem.getIntOrFloatBitWidth() == 16 || fast == kDim);
}

/// Lets `dot` run on while its loop's next iteration starts, if it is the
/// loop body's only warpgroup_dot and only accumulates: its accumulator is
/// a loop-carried value that nothing else uses.
void overlapWithNextIteration(WarpgroupDotOp dot) {
  auto loop = dyn_cast<scf::ForOp>(dot->getParentOp());
  if (!loop ||
      !llvm::hasSingleElement(loop.getBody()->getOps<WarpgroupDotOp>()))
    return;
  auto acc = dyn_cast<BlockArgument>(dot.getC());
  if (!acc || acc.getOwner() != loop.getBody() ||
      acc == loop.getInductionVar() || !acc.hasOneUse() || !dot->hasOneUse())
    return;
  unsigned index = acc.getArgNumber() - 1;
  OpOperand &use = *dot->getUses().begin();
  if (use.getOwner() != loop.getBody()->getTerminator() ||
      use.getOperandNumber() != index)
    return;
  // Its wait (for the previous iteration's multiplies, then a barrier)
  // frees the tiles that iteration read, which this one's copies refill.
  SmallVector<Operation *> copies;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (&op == dot.getOperation())
      break;
    if (isa<AsyncCopyOp, AsyncCommitOp>(op))
      copies.push_back(&op);
  }
  Operation *after = dot;
  for (Operation *op : copies) {
    op->moveAfter(after);
    after = op;
  }
  dot.setPending(1);
  OpBuilder b(loop->getContext());
  b.setInsertionPointAfter(loop);
  Value result = loop.getResult(index);
  auto wait =
      WarpgroupWaitOp::create(b, loop.getLoc(), result.getType(), result);
  result.replaceAllUsesExcept(wait.getResult(), wait);
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
      if (WarpgroupDotOp rewritten = rewrite(dot, numWarps))
        overlapWithNextIteration(rewritten);
  }

  /// Replaces `dot` by a warpgroup_dot of its operands' tiles (or of `a`
  /// itself, held in registers) and returns it, if it can.
  WarpgroupDotOp rewrite(DotOp dot, unsigned numWarps) {
    LocalLoadOp a = soleTileRead(dot.getA()), b = soleTileRead(dot.getB());
    if (!b || a == b)
      return nullptr;
    auto type = cast<RankedTensorType>(dot.getType());
    auto mma = dyn_cast<NvidiaMmaEncodingAttr>(type.getEncoding());
    auto aType = cast<RankedTensorType>(dot.getA().getType());
    Type elem = aType.getElementType();
    // fp32 operands got an nvidia_mma layout only where they may be
    // rounded to tf32.
    if (!mma || !isWarpgroupMmaShape(type, numWarps) ||
        elem != b.getType().getElementType() || !isWarpgroupMmaOperand(elem) ||
        !hasAtoms(b.getTile().getType(), 0) ||
        (a && !hasAtoms(a.getTile().getType(), 1)))
      return nullptr;
    // A in registers: the instruction takes mma.sync's A fragments, one
    // 32-bit word of elements per register.
    if (!a) {
      auto operand = dyn_cast<DotOperandEncodingAttr>(aType.getEncoding());
      if (!operand || operand.getParent() != mma ||
          operand.getKWidth() * getStorageBytes(elem) != 4)
        return nullptr;
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
    return cast<WarpgroupDotOp>(d.getDefiningOp());
  }
};

} // namespace
