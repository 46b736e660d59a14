//===- AMDMatrixInstructions.cpp - MFMA for tkc.dot -----------------------===//
//
// The wave64 matrix instructions (MFMA) of CDNA2 (gfx90a), CDNA3 (gfx942)
// and CDNA4 (gfx950, CDNA3's forms) that compute one 32x32 or 16x16 block,
// as ROCDL's rocdl.mfma.* ops: fp16 (32x32x8, 16x16x16), bf16 (the `_1k`
// forms, same shapes), int8 (gfx90a: 32x32x8, 16x16x16 on one i32 of four;
// gfx942 and gfx950: 32x32x16, 16x16x32 on one i64 of eight), gfx942's fp8
// and bf8, which are the FNUZ formats (f8E4M3FNUZ, f8E5M2FNUZ: 32x32x16,
// 16x16x32), and fp32 (32x32x2, 16x16x4: exact fp32 products, whatever
// input_precision asks). Each lane's fragment elements arrive as scalars in
// the order the amd_mfma operand layouts give them
// (LinearLayout::amdMfmaOperand: kWidth consecutive elements along K) and
// are packed into the instruction's operand here; the accumulator's are a
// vector of 16 (32x32) or 4 (16x16).
// Other AMD targets, and wave32, offer none: their dots use FMAs.
//
//===----------------------------------------------------------------------===//

#include "backends/amd/AMDTargetInfo.h"

#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

using namespace mlir;
using namespace tkc::amd;

namespace {

/// The operand formats MFMA takes.
enum class MfmaOperand { F16, BF16, I8, Fp8, Bf8, F32 };

/// The MFMA format of operand elements of `type`, if any (fp8 only where
/// the target's fp8 MFMA reads the FNUZ encodings, `fnuz`).
std::optional<MfmaOperand> mfmaOperandOf(Type type, bool fnuz) {
  if (type.isF16())
    return MfmaOperand::F16;
  if (type.isBF16())
    return MfmaOperand::BF16;
  if (type.isSignlessInteger(8))
    return MfmaOperand::I8;
  if (type.isF32())
    return MfmaOperand::F32;
  // gfx942's fp8 and bf8 are the FNUZ encodings (bias 8 and 16, no
  // infinities, one NaN); OCP's e4m3fn and e5m2 bits would mean other
  // values, so those dots are left to the FMA path.
  if (fnuz && isa<Float8E4M3FNUZType>(type))
    return MfmaOperand::Fp8;
  if (fnuz && isa<Float8E5M2FNUZType>(type))
    return MfmaOperand::Bf8;
  return std::nullopt;
}

/// Emits `Op` of `type` on `args`.
template <typename Op>
Value create(OpBuilder &b, Location loc, Type type, ValueRange args) {
  return Op::create(b, loc, type, args).getResult();
}

/// Emits the MFMA of `format` and block size `m` (32 or 16) on `args`.
Value createMfma(OpBuilder &b, Location loc, MfmaOperand format, unsigned m,
                 bool cdna3, Type type, ValueRange args) {
  bool big = m == 32;
  switch (format) {
  case MfmaOperand::F16:
    return big ? create<ROCDL::mfma_f32_32x32x8f16>(b, loc, type, args)
               : create<ROCDL::mfma_f32_16x16x16f16>(b, loc, type, args);
  case MfmaOperand::BF16:
    return big ? create<ROCDL::mfma_f32_32x32x8bf16_1k>(b, loc, type, args)
               : create<ROCDL::mfma_f32_16x16x16bf16_1k>(b, loc, type, args);
  case MfmaOperand::I8:
    if (cdna3)
      return big ? create<ROCDL::mfma_i32_32x32x16_i8>(b, loc, type, args)
                 : create<ROCDL::mfma_i32_16x16x32_i8>(b, loc, type, args);
    return big ? create<ROCDL::mfma_i32_32x32x8i8>(b, loc, type, args)
               : create<ROCDL::mfma_i32_16x16x16i8>(b, loc, type, args);
  case MfmaOperand::Fp8:
    return big ? create<ROCDL::mfma_f32_32x32x16_fp8_fp8>(b, loc, type, args)
               : create<ROCDL::mfma_f32_16x16x32_fp8_fp8>(b, loc, type, args);
  case MfmaOperand::Bf8:
    return big ? create<ROCDL::mfma_f32_32x32x16_bf8_bf8>(b, loc, type, args)
               : create<ROCDL::mfma_f32_16x16x32_bf8_bf8>(b, loc, type, args);
  case MfmaOperand::F32:
    return big ? create<ROCDL::mfma_f32_32x32x2f32>(b, loc, type, args)
               : create<ROCDL::mfma_f32_16x16x4f32>(b, loc, type, args);
  }
  return {};
}

/// An i32 constant.
Value i32(OpBuilder &b, Location loc, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(v));
}

/// `values` (LLVM scalars of one type) as a vector.
Value toVector(OpBuilder &b, Location loc, ArrayRef<Value> values) {
  auto type =
      VectorType::get({int64_t(values.size())}, values.front().getType());
  Value vector = LLVM::UndefOp::create(b, loc, type);
  for (auto [i, v] : llvm::enumerate(values))
    vector = LLVM::InsertElementOp::create(b, loc, vector, v,
                                           i32(b, loc, int64_t(i)));
  return vector;
}

/// A lane's `values` (kWidth elements along K) as the MFMA operand of
/// `format`: fp32 alone, fp16 as <4 x half>, bf16 as <4 x i16>, 8-bit
/// elements (int8, and fp8 as LLVM's i8) as one i32 or i64, first element
/// in the lowest byte.
Value packOperand(OpBuilder &b, Location loc, ArrayRef<Value> values,
                  MfmaOperand format) {
  if (format == MfmaOperand::F32)
    return values.front();
  Value vector = toVector(b, loc, values);
  switch (format) {
  case MfmaOperand::F16:
    return vector;
  case MfmaOperand::BF16:
    return LLVM::BitcastOp::create(
        b, loc, VectorType::get({int64_t(values.size())}, b.getI16Type()),
        vector);
  default:
    return LLVM::BitcastOp::create(
        b, loc, b.getIntegerType(8 * unsigned(values.size())), vector);
  }
}

} // namespace

bool AMDTargetInfo::hasFnuzFp8Mfma() const {
  return arch == "gfx940" || arch == "gfx941" || arch == "gfx942";
}

bool AMDTargetInfo::hasCdna3Mfma() const {
  return hasFnuzFp8Mfma() || arch == "gfx950";
}

SmallVector<tkc::TargetInfo::MatrixInstruction>
AMDTargetInfo::getMatrixInstructions(Type a, Type b, Type acc,
                                     bool allowTF32) const {
  // MFMA runs on wave64 CDNA2, CDNA3 and CDNA4 only.
  bool cdna3 = hasCdna3Mfma();
  if (wavefrontSize != 64 || (!cdna3 && arch != "gfx90a") || a != b)
    return {};
  std::optional<MfmaOperand> format = mfmaOperandOf(a, hasFnuzFp8Mfma());
  if (!format)
    return {};
  bool intAcc = acc.isSignlessInteger(32);
  if ((*format == MfmaOperand::I8) != intAcc || (!intAcc && !acc.isF32()))
    return {};
  // K of the 32x32 block; the 16x16 block has twice as much, each lane
  // holding the same kWidth elements (64 lanes: 2 groups along K for
  // 32x32, 4 for 16x16).
  unsigned k32 = 8, kWidth = 4;
  switch (*format) {
  case MfmaOperand::F32:
    k32 = 2;
    kWidth = 1;
    break;
  case MfmaOperand::I8:
    if (cdna3) {
      k32 = 16;
      kWidth = 8;
    }
    break;
  case MfmaOperand::Fp8:
  case MfmaOperand::Bf8:
    k32 = 16;
    kWidth = 8;
    break;
  default:
    break;
  }
  using Kind = MatrixInstruction::Kind;
  return {MatrixInstruction{Kind::AmdMfma, 32, 32, k32, kWidth, a},
          MatrixInstruction{Kind::AmdMfma, 16, 16, 2 * k32, kWidth, a}};
}

std::optional<tkc::TargetInfo::MatrixInstruction>
AMDTargetInfo::getMatrixInstruction(Type a, Type b, Type acc,
                                    bool allowTF32) const {
  SmallVector<MatrixInstruction> all =
      getMatrixInstructions(a, b, acc, allowTF32);
  if (all.empty())
    return std::nullopt;
  return all.front();
}

SmallVector<Value> AMDTargetInfo::emitMatrixMultiply(
    OpBuilder &b, Location loc, const MatrixInstruction &instruction,
    ArrayRef<Value> a, ArrayRef<Value> bValues, ArrayRef<Value> c) const {
  bool cdna3 = hasCdna3Mfma();
  MfmaOperand format =
      *mfmaOperandOf(instruction.operandType, hasFnuzFp8Mfma());
  Value acc = toVector(b, loc, c);
  // cbsz, abid, blgp: no broadcast between blocks, no negation.
  Value zero = i32(b, loc, 0);
  Value d =
      createMfma(b, loc, format, instruction.m, cdna3, acc.getType(),
                 {packOperand(b, loc, a, format),
                  packOperand(b, loc, bValues, format), acc, zero, zero, zero});
  SmallVector<Value> result;
  for (unsigned i = 0; i < c.size(); ++i)
    result.push_back(
        LLVM::ExtractElementOp::create(b, loc, d, i32(b, loc, int64_t(i))));
  return result;
}
