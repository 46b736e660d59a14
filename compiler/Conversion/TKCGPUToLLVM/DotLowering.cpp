//===- DotLowering.cpp - tkc.dot on matrix units or with multiply-adds ----===//
//
// A dot whose result has a matrix-instruction layout (`#tkc_gpu.nvidia_mma`
// or `#tkc_gpu.amd_mfma`, given by tkc-gpu-accelerate-matmul) is a grid of
// the target's instructions (TargetInfo::emitMatrixMultiply): the layouts
// put each instruction's fragments in consecutive registers, repeats along
// K, then M or N, above them (LinearLayout::nvidiaMmaV2Operand,
// amdMfmaOperand), so the lowering only counts.
//
// Otherwise it takes the FMA path, for every target. TKCToTKCGPU gives the
// result a blocked layout and the operands the `#tkc_gpu.dot_op` layouts of it,
// in which each thread holds, for every element of its share of the result, the
// whole row of `a` and column of `b` (all of K, in registers) that the element
// needs. Which registers those are comes from the three linear layouts alone,
// not from the encodings: the operands' lane and warp bases must be the
// result's with the other dimension zeroed, and each result register's row
// (column) must be among the operand's registers. Then, K step by K step, each
// result register takes one multiply-add, computed in the accumulator's type:
// float operands are extended (or truncated) to it and fused with llvm.fma;
// integer operands are sign-extended and multiplied and added. fp32 operands
// are multiplied at full fp32 precision whatever the dot's input_precision says
// (tf32, tf32x3, bf16x3 and bf16x6 ask for at most that much; where the target
// has the instructions, tkc-gpu-split-fp32-dots already took the last three to
// tf32 or bf16 matrix units).
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/TKCGPUToLLVM/DotLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/LayoutLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/TargetPattern.h"
#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// Where the factors of a dot's products are: for result register `r` and
/// K step `s`, `a[r * k + s]` and `b[r * k + s]` are the registers of the
/// operands `a` and `b`, in the same thread, that hold them.
struct DotPairing {
  int64_t k = 0;
  SmallVector<unsigned> a, b;
};

/// Pairs each register of the result layout of `dot` with the registers of
/// its operands that hold its row of `a` and column of `b`; None, with the
/// reason, when the layouts do not allow it.
std::optional<DotPairing> pairRegisters(DotOp dot, std::string &reason) {
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto bType = cast<RankedTensorType>(dot.getB().getType());
  auto dType = cast<RankedTensorType>(dot.getType());
  if (!getLayout(aType) || !getLayout(bType) || !getLayout(dType)) {
    reason = "of tensors without layouts";
    return std::nullopt;
  }
  LinearLayout result = getLinearLayout(dType);
  unsigned rank = dType.getRank();
  DotPairing pairing;
  pairing.k = aType.getDimSize(rank - 1);

  // `operand` holds, in the thread of each result element, the elements
  // with the result's coordinates but `kDim` (N for a, M for b) running
  // over K.
  auto pair = [&](const LinearLayout &operand, unsigned kDim,
                  SmallVector<unsigned> &out) {
    for (HwDim hw : {HwDim::Lane, HwDim::Warp}) {
      if (operand.getBases(hw).size() != result.getBases(hw).size())
        return false;
      for (auto [own, theirs] :
           llvm::zip(operand.getBases(hw), result.getBases(hw))) {
        LinearLayout::Basis want = theirs;
        want[kDim] = 0;
        if (own != want)
          return false;
      }
    }
    auto key = [&](const LinearLayout::Basis &coords) {
      int64_t linear = 0;
      for (auto [c, extent] : llvm::zip(coords, operand.getShape()))
        linear = linear * extent + c;
      return linear;
    };
    llvm::DenseMap<int64_t, unsigned> registerOf;
    for (unsigned s = operand.getNumRegisters(); s-- > 0;)
      registerOf[key(operand.applyDim(HwDim::Register, s))] = s;
    for (unsigned r = 0; r < result.getNumRegisters(); ++r) {
      LinearLayout::Basis coords = result.applyDim(HwDim::Register, r);
      for (int64_t k = 0; k < pairing.k; ++k) {
        coords[kDim] = static_cast<int32_t>(k);
        auto found = registerOf.find(key(coords));
        if (found == registerOf.end())
          return false;
        out.push_back(found->second);
      }
    }
    return true;
  };
  if (!pair(getLinearLayout(aType), rank - 1, pairing.a) ||
      !pair(getLinearLayout(bType), rank - 2, pairing.b)) {
    reason = "with operand layouts that do not give each thread the rows "
             "and columns of its result elements";
    return std::nullopt;
  }
  return pairing;
}

/// Whether the FMA path computes with elements of `type`.
bool isSupportedElement(Type type) {
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64() ||
         type.isSignlessInteger();
}

/// `value` as a `to` (the accumulator's element type).
Value castTo(OpBuilder &b, Location loc, Value value, Type to) {
  Type from = value.getType();
  if (from == to)
    return value;
  unsigned fromBits = from.getIntOrFloatBitWidth();
  unsigned toBits = to.getIntOrFloatBitWidth();
  if (isa<IntegerType>(to)) {
    if (fromBits < toBits)
      return LLVM::SExtOp::create(b, loc, to, value);
    return LLVM::TruncOp::create(b, loc, to, value);
  }
  if (fromBits < toBits)
    return LLVM::FPExtOp::create(b, loc, to, value);
  if (fromBits > toBits)
    return LLVM::FPTruncOp::create(b, loc, to, value);
  // The same width in another format (fp16 and bf16): by way of fp32.
  Value wide = LLVM::FPExtOp::create(b, loc, b.getF32Type(), value);
  return LLVM::FPTruncOp::create(b, loc, to, wide);
}

/// The instruction family whose accumulator layout `layout` is, if any.
std::optional<::tkc::TargetInfo::MatrixInstruction::Kind>
getMatrixKind(Attribute layout) {
  using Kind = ::tkc::TargetInfo::MatrixInstruction::Kind;
  if (isa_and_nonnull<NvidiaMmaEncodingAttr>(layout))
    return Kind::NvidiaMmaV2;
  if (isa_and_nonnull<AmdMfmaEncodingAttr>(layout))
    return Kind::AmdMfma;
  return std::nullopt;
}

/// The instruction tile (M, N) of accumulator layout `layout` of `kind`.
std::pair<unsigned, unsigned>
getInstructionTile(::tkc::TargetInfo::MatrixInstruction::Kind kind,
                   Attribute layout) {
  if (auto mfma = dyn_cast<AmdMfmaEncodingAttr>(layout))
    return {mfma.getInstrShape()[0], mfma.getInstrShape()[1]};
  return {16, 8}; // mma.sync's m16n8.
}

/// The matrix instruction of a dot with a matrix-instruction result layout:
/// the target's instruction for its element types of the layouts' family,
/// tile and kWidth; None with the reason when the layouts do not fit one
/// or `target` does not offer it.
std::optional<::tkc::TargetInfo::MatrixInstruction>
getMatrixInstruction(DotOp dot, const ::tkc::TargetInfo &target,
                     std::string &reason) {
  auto dType = cast<RankedTensorType>(dot.getType());
  Attribute mma = dType.getEncoding();
  std::optional<::tkc::TargetInfo::MatrixInstruction::Kind> kind =
      getMatrixKind(mma);
  if (!kind)
    return std::nullopt;
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto bType = cast<RankedTensorType>(dot.getB().getType());
  auto aLayout = dyn_cast_or_null<DotOperandEncodingAttr>(aType.getEncoding());
  auto bLayout = dyn_cast_or_null<DotOperandEncodingAttr>(bType.getEncoding());
  if (!aLayout || !bLayout || aLayout.getParent() != mma ||
      bLayout.getParent() != mma || aLayout.getOpIdx() != 0 ||
      bLayout.getOpIdx() != 1 || aLayout.getKWidth() != bLayout.getKWidth()) {
    reason = "with operands not in the dot_op layouts of its matrix "
             "instruction result";
    return std::nullopt;
  }
  auto [m, n] = getInstructionTile(*kind, mma);
  unsigned kWidth = aLayout.getKWidth();
  std::optional<::tkc::TargetInfo::MatrixInstruction> instruction;
  for (const auto &offered : target.getMatrixInstructions(
           aType.getElementType(), bType.getElementType(),
           dType.getElementType(), /*allowTF32=*/true))
    if (offered.kind == *kind && offered.m == m && offered.n == n &&
        offered.kWidth == kWidth)
      instruction = offered;
  if (!instruction) {
    reason = "with a matrix instruction layout on a target without that "
             "instruction for its element types";
    return std::nullopt;
  }
  if (!instruction->fits(dType.getDimSize(0), dType.getDimSize(1),
                         aType.getDimSize(1))) {
    reason = "of a shape its instruction's tiles do not cover";
    return std::nullopt;
  }
  return instruction;
}

/// tkc.dot with a matrix-instruction result: one instruction per tile of M,
/// N and K. The layouts put each instruction's fragment in consecutive
/// registers of each operand, then repeats along K, then along M (N); and
/// the accumulator's fragments along N, then M; so the grid's extent comes
/// from counting registers.
LogicalResult lowerToMatrixInstructions(
    DotOp op, DotOp::Adaptor adaptor, ConversionPatternRewriter &rewriter,
    const LLVMTypeConverter &converter, const ::tkc::TargetInfo &target,
    const ::tkc::TargetInfo::MatrixInstruction &instruction) {
  Location loc = op.getLoc();
  int64_t k = cast<RankedTensorType>(op.getA().getType()).getDimSize(1);
  int64_t lanes = target.getWarpSize();
  // Elements per lane of each fragment.
  int64_t aSize = instruction.m * instruction.k / lanes;
  int64_t bSize = instruction.k * instruction.n / lanes;
  int64_t cSize = instruction.m * instruction.n / lanes;
  SmallVector<Value> a = unpackRegisters(rewriter, loc, adaptor.getA());
  SmallVector<Value> b = unpackRegisters(rewriter, loc, adaptor.getB());
  SmallVector<Value> acc = unpackRegisters(rewriter, loc, adaptor.getC());
  int64_t repK = k / instruction.k;
  int64_t repM = int64_t(a.size()) / std::max<int64_t>(1, aSize * repK);
  int64_t repN = int64_t(b.size()) / std::max<int64_t>(1, bSize * repK);
  if (int64_t(a.size()) != aSize * repK * repM ||
      int64_t(b.size()) != bSize * repK * repN ||
      int64_t(acc.size()) != cSize * repM * repN)
    return op.emitOpError("cannot be lowered: its registers do not match its "
                          "instruction grid");
  for (int64_t kk = 0; kk < repK; ++kk)
    for (int64_t mm = 0; mm < repM; ++mm)
      for (int64_t nn = 0; nn < repN; ++nn) {
        MutableArrayRef<Value> c =
            MutableArrayRef<Value>(acc).slice(cSize * (nn + repN * mm), cSize);
        SmallVector<Value> d = target.emitMatrixMultiply(
            rewriter, loc, instruction,
            ArrayRef<Value>(a).slice(aSize * (kk + repK * mm), aSize),
            ArrayRef<Value>(b).slice(bSize * (kk + repK * nn), bSize), c);
        llvm::copy(d, c.begin());
      }
  replaceWithRegisters(rewriter, op, converter, acc);
  return success();
}

/// tkc.dot: matrix instructions for a matrix-instruction result layout,
/// else one multiply-add per result register and K step.
struct DotLowering : public TargetPattern<DotOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::string reason;
    if (getMatrixKind(cast<RankedTensorType>(op.getType()).getEncoding())) {
      auto instruction = getMatrixInstruction(op, target, reason);
      if (!instruction)
        return op.emitOpError("cannot be lowered: it is ") << reason;
      return lowerToMatrixInstructions(
          op, adaptor, rewriter, *getTypeConverter(), target, *instruction);
    }
    std::optional<DotPairing> pairing = pairRegisters(op, reason);
    if (!pairing)
      return op.emitOpError("cannot be lowered: it is ") << reason;
    SmallVector<Value> a = unpackRegisters(rewriter, loc, adaptor.getA());
    SmallVector<Value> b = unpackRegisters(rewriter, loc, adaptor.getB());
    SmallVector<Value> acc = unpackRegisters(rewriter, loc, adaptor.getC());
    Type accElem = getTypeConverter()->convertType(
        cast<RankedTensorType>(op.getType()).getElementType());
    bool isFloat = isa<FloatType>(accElem);
    // Each operand register is cast once, where it is first needed.
    SmallVector<Value> aCast(a.size()), bCast(b.size());
    auto factor = [&](SmallVector<Value> &cast, ArrayRef<Value> registers,
                      unsigned index) {
      if (!cast[index])
        cast[index] = castTo(rewriter, loc, registers[index], accElem);
      return cast[index];
    };
    // K outermost: a step's factors are dead once its products are summed.
    int64_t k = pairing->k;
    for (int64_t step = 0; step < k; ++step)
      for (unsigned r = 0; r < acc.size(); ++r) {
        Value x = factor(aCast, a, pairing->a[r * k + step]);
        Value y = factor(bCast, b, pairing->b[r * k + step]);
        acc[r] =
            isFloat
                ? LLVM::FMAOp::create(rewriter, loc, x, y, acc[r]).getResult()
                : LLVM::AddOp::create(rewriter, loc,
                                      LLVM::MulOp::create(rewriter, loc, x, y),
                                      acc[r])
                      .getResult();
      }
    replaceWithRegisters(rewriter, op, *getTypeConverter(), acc);
    return success();
  }
};

} // namespace

bool mlir::tkc::gpu::isDotLowerable(Operation *op,
                                    const ::tkc::TargetInfo &target,
                                    std::string &reason) {
  auto dot = cast<DotOp>(op);
  if (getMatrixKind(cast<RankedTensorType>(dot.getType()).getEncoding()))
    return getMatrixInstruction(dot, target, reason).has_value();
  for (Value v : {dot.getA(), dot.getB(), dot.getC()}) {
    Type elem = getElementTypeOrSelf(v.getType());
    if (!isSupportedElement(elem)) {
      llvm::raw_string_ostream os(reason);
      os << "of " << elem << (v == dot.getC() ? " accumulators" : " operands");
      return false;
    }
  }
  return pairRegisters(dot, reason).has_value();
}

void mlir::tkc::gpu::populateDotLoweringPatterns(
    const LLVMTypeConverter &converter, const ::tkc::TargetInfo &target,
    RewritePatternSet &patterns) {
  patterns.add<DotLowering>(converter, target);
}
