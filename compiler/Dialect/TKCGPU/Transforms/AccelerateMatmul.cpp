//===- AccelerateMatmul.cpp - Dots on the target's matrix units -----------===//
//
// Implements tkc-gpu-accelerate-matmul: each rank-2 tkc.dot for whose
// element types the target offers a matrix instruction gets that
// instruction's layouts (the accumulator's for its result, the dot_op ones
// for its operands), with conversions from and back to the layouts it had.
// Of several instructions (AMD's 32x32 and 16x16 MFMA) it takes the
// largest whose tiles give each warp one of its own; mma.sync also takes
// dots smaller than its tile (MatrixInstruction::fits). fp8 operands the
// target cannot multiply are widened to f16 first.
// The target's answer comes from its TargetInfo; the layout of each
// instruction family is the tkc_gpu dialect's.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/Analysis/AxisInfo.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h"
#include "compiler/Target/TargetBackend.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tkc::gpu {
#define GEN_PASS_DEF_TKCGPUACCELERATEMATMUL
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h.inc"
} // namespace mlir::tkc::gpu

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

using MatrixInstruction = ::tkc::TargetInfo::MatrixInstruction;

/// Warps along M and N for a dot result of `shape` made of `instruction`
/// tiles, where a warp reads one tile of `a` at `costA` and one of `b` at
/// `costB` (shared-memory loads per K step, in any unit): each doubling
/// halves the costlier side of a warp's reads, ties going to M; warps that
/// would find no tile of their own wrap along M.
SmallVector<unsigned> spreadWarps(ArrayRef<int64_t> shape, unsigned numWarps,
                                  const MatrixInstruction &instruction,
                                  int64_t costA, int64_t costB) {
  int64_t tilesM = llvm::divideCeil(shape[0], instruction.m);
  int64_t tilesN = llvm::divideCeil(shape[1], instruction.n);
  unsigned wm = 1, wn = 1;
  while (wm * wn < numWarps) {
    bool alongM = tilesM / wm * costA >= tilesN / wn * costB;
    if ((alongM && wm < tilesM) || wn >= tilesN)
      wm *= 2;
    else
      wn *= 2;
  }
  return {wm, wn};
}

/// `value` converted to `layout`, looking through a conversion that made
/// it: the operands TKCToTKCGPU converted to its FMA layouts.
Value convertTo(OpBuilder &b, Value value, Attribute layout) {
  if (auto convert = value.getDefiningOp<ConvertLayoutOp>())
    value = convert.getSrc();
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getEncoding() == layout)
    return value;
  return ConvertLayoutOp::create(b, value.getLoc(), withLayout(type, layout),
                                 value);
}

/// The dimension of `value` along which its elements lie contiguously in
/// memory, as the load that made it (through layout conversions and
/// transposes) reads them: its pointers' most contiguous one, as
/// tkc-gpu-coalesce will lay the load out (this pass runs before it, so the
/// load's layout does not tell yet: vLLM's block-fp8 matmul loads its
/// weights (K, N) with K contiguous); none where that is not known.
std::optional<unsigned> loadedFastDim(Value value, AxisInfoAnalysis &axis) {
  if (auto convert = value.getDefiningOp<ConvertLayoutOp>())
    return loadedFastDim(convert.getSrc(), axis);
  if (auto trans = value.getDefiningOp<TransOp>()) {
    std::optional<unsigned> fast = loadedFastDim(trans.getSrc(), axis);
    if (!fast)
      return std::nullopt;
    ArrayRef<int32_t> order = trans.getOrder();
    for (unsigned d = 0; d < order.size(); ++d)
      if (unsigned(order[d]) == *fast)
        return d;
    return std::nullopt;
  }
  if (auto load = value.getDefiningOp<LoadOp>())
    if (isa<RankedTensorType>(load.getPtr().getType()))
      return getContiguityOrder(axis.get(load.getPtr())).front();
  return std::nullopt;
}

/// Whether dot operand `operand` (K being its dimension `kDim`) was loaded
/// K-major, as warpgroup multiplies read 8-bit tiles; true where unknown.
bool loadedKMajor(Value operand, unsigned kDim, AxisInfoAnalysis &axis) {
  std::optional<unsigned> fast = loadedFastDim(operand, axis);
  return !fast || *fast == kDim;
}

struct AccelerateMatmulPass
    : public gpu::impl::TKCGPUAccelerateMatmulBase<AccelerateMatmulPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::unique_ptr<::tkc::TargetInfo> info =
        ::tkc::createTargetInfoOrReport(target, module);
    if (!info)
      return signalPassFailure();
    unsigned numWarps = getModuleUInt(module, TKCGPUDialect::kNumWarps);
    SmallVector<DotOp> dots;
    module.walk([&](DotOp dot) { dots.push_back(dot); });
    AxisInfoAnalysis axis;
    for (DotOp dot : dots) {
      widenFp8Operands(dot, *info);
      accelerate(dot, *info, numWarps, axis);
    }
  }

  /// Widens `dot`'s OCP fp8 operands to f16 (exactly) where the target has no
  /// matrix instruction that takes them, as Triton does: AMD's gfx942
  /// multiplies only the FNUZ fp8 kinds, sm_80 none. Its f16 instructions,
  /// or the FMA lowering, take the dot then.
  void widenFp8Operands(DotOp dot, const ::tkc::TargetInfo &info) {
    // The OCP kinds, which every target converts (tkc.fp_to_fp).
    auto isFp8 = [](Type t) {
      return isa<Float8E4M3FNType, Float8E5M2Type>(t);
    };
    Type aElem = getElementTypeOrSelf(dot.getA().getType());
    Type bElem = getElementTypeOrSelf(dot.getB().getType());
    if (!isFp8(aElem) && !isFp8(bElem))
      return;
    if (!info.getMatrixInstructions(
                 aElem, bElem, getElementTypeOrSelf(dot.getType()),
                 dot.getInputPrecision() == InputPrecision::tf32)
             .empty())
      return;
    OpBuilder b(dot);
    for (OpOperand *operand : {&dot.getAMutable(), &dot.getBMutable()}) {
      auto type = cast<RankedTensorType>(operand->get().getType());
      if (!isFp8(type.getElementType()))
        continue;
      // Widened before the conversion to the FMA operand layout, if any, so
      // that accelerate() looks through that conversion as before.
      Value source = operand->get();
      auto convert = source.getDefiningOp<ConvertLayoutOp>();
      if (convert)
        source = convert.getSrc();
      auto sourceType = cast<RankedTensorType>(source.getType());
      Value wide = FpToFpOp::create(b, dot.getLoc(),
                                    sourceType.clone(b.getF16Type()), source,
                                    /*rounding=*/RoundingModeAttr());
      if (convert)
        wide = ConvertLayoutOp::create(b, dot.getLoc(),
                                       type.clone(b.getF16Type()), wide);
      operand->set(wide);
    }
  }

  /// Moves `dot` onto the target's matrix instruction, if it has one.
  void accelerate(DotOp dot, const ::tkc::TargetInfo &info, unsigned numWarps,
                  AxisInfoAnalysis &axis) {
    auto type = cast<RankedTensorType>(dot.getType());
    auto aType = cast<RankedTensorType>(dot.getA().getType());
    auto bType = cast<RankedTensorType>(dot.getB().getType());
    if (type.getRank() != 2 || !isa<BlockedEncodingAttr>(type.getEncoding()))
      return;
    ArrayRef<int64_t> shape = type.getShape();
    // The largest instruction whose tile divides the dot's and leaves every
    // warp a tile of its own (on AMD: 32x32 where M and N allow it, else
    // 16x16); failing that, the largest that divides it.
    std::optional<MatrixInstruction> instruction, fallback;
    for (const MatrixInstruction &candidate : info.getMatrixInstructions(
             aType.getElementType(), bType.getElementType(),
             type.getElementType(),
             dot.getInputPrecision() == InputPrecision::tf32)) {
      if (!candidate.fits(shape[0], shape[1], aType.getDimSize(1)))
        continue;
      if (!fallback)
        fallback = candidate;
      if (llvm::divideCeil(shape[0], candidate.m) *
              llvm::divideCeil(shape[1], candidate.n) >=
          numWarps) {
        instruction = candidate;
        break;
      }
    }
    if (!instruction)
      instruction = fallback;
    if (!instruction)
      return;
    MLIRContext *context = &getContext();
    // What one instruction tile of each operand costs a warp per K step,
    // as tkc_gpu.local_load reads mma.sync operands: a 16-row tile of `a`
    // one 8x8 matrix load (ldmatrix .x4), counted 2, an 8-column tile of
    // `b` half of one, counted 1. An operand matrix loads cannot read (no
    // ldmatrix on the target; 32- or 8-bit elements stored along M or N) is
    // loaded an element at a time: as many bytes through shared memory but
    // 4 to 16 times the instructions, counted twice. (4 times as it issues
    // put a 64x64 tf32 tile's four warps all along N, 3.5% slower on the
    // H100 than 2x2; twice gives Triton's choices, which balance the
    // operands' registers: 2x2 there, 2x4 for 128x128 on eight warps.) On
    // AMD the operands cost as matrix loads.
    int64_t costA = 2, costB = 1;
    if (instruction->kind == MatrixInstruction::Kind::NvidiaMmaV2) {
      unsigned bits = instruction->operandType.getIntOrFloatBitWidth();
      auto factor = [&](Value operand, unsigned kDim) -> int64_t {
        bool matrixLoads = info.hasMatrixLoads() &&
                           (bits == 16 || loadedKMajor(operand, kDim, axis));
        return matrixLoads ? 1 : 2;
      };
      costA *= factor(dot.getA(), 1);
      costB *= factor(dot.getB(), 0);
    }
    SmallVector<unsigned> warps =
        spreadWarps(shape, numWarps, *instruction, costA, costB);
    LayoutEncodingAttr mma;
    switch (instruction->kind) {
    case MatrixInstruction::Kind::NvidiaMmaV2:
      // Where a warpgroup can multiply, the warps go in whole warpgroups
      // along M, then N (tkc-gpu-warpgroup-mma then reads the operands
      // from shared memory, an 8-bit one loaded along M or N transposed on
      // its way there); mma.sync accepts that layout too.
      if (info.hasWarpgroupMma() &&
          isWarpgroupMmaOperand(instruction->operandType))
        mma = getWarpgroupMmaLayout(type, numWarps);
      if (!mma)
        mma = NvidiaMmaEncodingAttr::get(context, 2, warps);
      break;
    case MatrixInstruction::Kind::AmdMfma:
      mma = AmdMfmaEncodingAttr::get(context, warps,
                                     {instruction->m, instruction->n});
      break;
    }
    OpBuilder b(dot);
    Value a = convertTo(
        b, dot.getA(),
        DotOperandEncodingAttr::get(context, 0, mma, instruction->kWidth));
    Value bOperand = convertTo(
        b, dot.getB(),
        DotOperandEncodingAttr::get(context, 1, mma, instruction->kWidth));
    Value c = convertTo(b, dot.getC(), mma);
    llvm::SmallSetVector<Operation *, 3> old;
    for (Value operand : dot->getOperands())
      if (Operation *def = operand.getDefiningOp())
        old.insert(def);
    dot.getAMutable().assign(a);
    dot.getBMutable().assign(bOperand);
    dot.getCMutable().assign(c);
    dot.getResult().setType(withLayout(type, mma));
    b.setInsertionPointAfter(dot);
    auto back = ConvertLayoutOp::create(b, dot.getLoc(), type, dot);
    dot.getResult().replaceAllUsesExcept(back, back);
    // The conversions to the FMA layouts that nothing uses any more.
    for (Operation *op : old)
      if (isa<ConvertLayoutOp>(op) && op->use_empty())
        op->erase();
  }
};

} // namespace
