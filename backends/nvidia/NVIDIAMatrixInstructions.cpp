//===- NVIDIAMatrixInstructions.cpp - mma.sync for tkc.dot ----------------===//
//
// The warp-wide matrix instructions NVIDIA GPUs offer from sm_80 on, as
// `nvvm.mma.sync` (version 2 of Triton's MMA layouts): m16n8k16 for fp16 and
// bf16, m16n8k8 for tf32, m16n8k32 for int8 and (sm_89 and later) fp8. Each
// lane's fragment elements arrive as scalars in the order the nvidia_mma
// operand layouts give them (LinearLayout::nvidiaMmaV2Operand); they are
// packed `kWidth` to a 32-bit register here. Operands come from shared
// memory with `ldmatrix` (sm_75 and later), and the asynchronous copies that
// fill it (`cp.async`, sm_80 and later); `stmatrix` (sm_90) stores such
// fragments back.
//
//===----------------------------------------------------------------------===//

#include "backends/nvidia/NVIDIATargetInfo.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace tkc::nvidia;

namespace {

/// The PTX type of operand elements of `type`, if mma.sync takes them.
std::optional<NVVM::MMATypes> ptxTypeOf(Type type, bool allowTF32,
                                        unsigned computeCapability) {
  if (type.isF16())
    return NVVM::MMATypes::f16;
  if (type.isBF16())
    return NVVM::MMATypes::bf16;
  if (type.isF32() && allowTF32)
    return NVVM::MMATypes::tf32;
  if (type.isSignlessInteger(8))
    return NVVM::MMATypes::s8;
  if (computeCapability >= 89 && isa<Float8E4M3FNType>(type))
    return NVVM::MMATypes::e4m3;
  if (computeCapability >= 89 && isa<Float8E5M2Type>(type))
    return NVVM::MMATypes::e5m2;
  return std::nullopt;
}

/// `values` (`count` scalars of one type) as one 32-bit register of the
/// form mma.sync takes: vector<2xf16> for fp16, i32 otherwise.
Value packWord(OpBuilder &b, Location loc, ArrayRef<Value> values) {
  Type elem = values.front().getType();
  if (values.size() == 1)
    return LLVM::BitcastOp::create(b, loc, b.getI32Type(), values.front());
  auto vectorType = VectorType::get({int64_t(values.size())}, elem);
  Value vector = LLVM::UndefOp::create(b, loc, vectorType);
  for (auto [i, v] : llvm::enumerate(values))
    vector = LLVM::InsertElementOp::create(
        b, loc, vector, v,
        LLVM::ConstantOp::create(b, loc, b.getI32Type(), int64_t(i)));
  if (elem.isF16())
    return vector;
  return LLVM::BitcastOp::create(b, loc, b.getI32Type(), vector);
}

/// `values` packed `perRegister` at a time.
SmallVector<Value> packWords(OpBuilder &b, Location loc, ArrayRef<Value> values,
                             unsigned perRegister) {
  SmallVector<Value> packed;
  for (unsigned i = 0; i < values.size(); i += perRegister)
    packed.push_back(packWord(b, loc, values.slice(i, perRegister)));
  return packed;
}

/// Appends the elements of `vector` (packWord()'s vector, before any
/// bitcast) to `values`.
void appendElements(OpBuilder &b, Location loc, Value vector,
                    SmallVectorImpl<Value> &values) {
  int64_t count = cast<VectorType>(vector.getType()).getNumElements();
  for (int64_t i = 0; i < count; ++i)
    values.push_back(LLVM::ExtractElementOp::create(
        b, loc, vector, LLVM::ConstantOp::create(b, loc, b.getI32Type(), i)));
}

} // namespace

std::optional<tkc::TargetInfo::MatrixInstruction>
NVIDIATargetInfo::getMatrixInstruction(Type a, Type b, Type acc,
                                       bool allowTF32) const {
  if (computeCapability < 80 || a != b)
    return std::nullopt;
  std::optional<NVVM::MMATypes> type =
      ptxTypeOf(a, allowTF32, computeCapability);
  if (!type)
    return std::nullopt;
  auto instruction = [&](unsigned k, unsigned kWidth) {
    return MatrixInstruction{
        MatrixInstruction::Kind::NvidiaMmaV2, 16, 8, k, kWidth, a};
  };
  switch (*type) {
  case NVVM::MMATypes::f16:
    if (acc.isF32() || acc.isF16())
      return instruction(16, 2);
    return std::nullopt;
  case NVVM::MMATypes::bf16:
    return acc.isF32() ? std::optional(instruction(16, 2)) : std::nullopt;
  case NVVM::MMATypes::tf32:
    return acc.isF32() ? std::optional(instruction(8, 1)) : std::nullopt;
  case NVVM::MMATypes::s8:
    return acc.isSignlessInteger(32) ? std::optional(instruction(32, 4))
                                     : std::nullopt;
  default: // fp8
    return acc.isF32() ? std::optional(instruction(32, 4)) : std::nullopt;
  }
}

SmallVector<Value> NVIDIATargetInfo::emitMatrixMultiply(
    OpBuilder &b, Location loc, const MatrixInstruction &instruction,
    ArrayRef<Value> a, ArrayRef<Value> bValues, ArrayRef<Value> c) const {
  NVVM::MMATypes ptxType = *ptxTypeOf(instruction.operandType,
                                      /*allowTF32=*/true, computeCapability);
  SmallVector<Value> aRegs = packWords(b, loc, a, instruction.kWidth);
  SmallVector<Value> bRegs = packWords(b, loc, bValues, instruction.kWidth);
  // fp16 accumulators travel as pairs; fp32 and int32 one per register.
  Type cElem = c.front().getType();
  unsigned cPerRegister = cElem.isF16() ? 2 : 1;
  SmallVector<Value> cRegs = cPerRegister == 1
                                 ? SmallVector<Value>(c)
                                 : packWords(b, loc, c, cPerRegister);
  SmallVector<Type> fields(cRegs.size(), cRegs.front().getType());
  Type resultType = LLVM::LLVMStructType::getLiteral(b.getContext(), fields);
  std::optional<NVVM::MMAIntOverflow> overflow;
  if (ptxType == NVVM::MMATypes::s8)
    overflow = NVVM::MMAIntOverflow::wrapped;
  Value d;
  if (ptxType == NVVM::MMATypes::e4m3 || ptxType == NVVM::MMATypes::e5m2) {
    // nvvm.mma.sync has no fp8 forms: the PTX instruction itself.
    std::string type = stringifyEnum(ptxType).str();
    std::string text = "mma.sync.aligned.m16n8k32.row.col.f32." + type + "." +
                       type +
                       ".f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, "
                       "{$8, $9}, {$10, $11, $12, $13};";
    SmallVector<Value> operands(aRegs);
    llvm::append_range(operands, bRegs);
    llvm::append_range(operands, cRegs);
    d = LLVM::InlineAsmOp::create(b, loc, resultType, operands, text,
                                  "=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f",
                                  /*has_side_effects=*/false,
                                  /*is_align_stack=*/false,
                                  LLVM::tailcallkind::TailCallKind::None,
                                  LLVM::AsmDialectAttr(), ArrayAttr())
            .getResult(0);
  } else {
    d = NVVM::MmaOp::create(b, loc, resultType, aRegs, bRegs, cRegs,
                            {instruction.m, instruction.n, instruction.k},
                            std::nullopt, overflow,
                            std::array<NVVM::MMATypes, 2>{ptxType, ptxType},
                            std::array<NVVM::MMALayout, 2>{
                                NVVM::MMALayout::row, NVVM::MMALayout::col});
  }
  SmallVector<Value> result;
  for (unsigned i = 0; i < cRegs.size(); ++i) {
    Value reg = LLVM::ExtractValueOp::create(b, loc, d, i);
    if (cPerRegister == 1)
      result.push_back(reg);
    else
      appendElements(b, loc, reg, result);
  }
  return result;
}

SmallVector<Value> NVIDIATargetInfo::loadMatrices(OpBuilder &b, Location loc,
                                                  Value rowAddress,
                                                  unsigned count,
                                                  bool transpose) const {
  Type i32 = b.getI32Type();
  Type resultType = count == 1
                        ? i32
                        : LLVM::LLVMStructType::getLiteral(
                              b.getContext(), SmallVector<Type>(count, i32));
  Value loaded = NVVM::LdMatrixOp::create(
      b, loc, resultType, rowAddress, count,
      transpose ? NVVM::MMALayout::col : NVVM::MMALayout::row,
      NVVM::LdStMatrixShapeAttr::get(b.getContext(), 8, 8),
      NVVM::LdStMatrixEltType::B16);
  if (count == 1)
    return {loaded};
  SmallVector<Value> words;
  for (unsigned i = 0; i < count; ++i)
    words.push_back(LLVM::ExtractValueOp::create(b, loc, loaded, i));
  return words;
}

void NVIDIATargetInfo::storeMatrices(OpBuilder &b, Location loc,
                                     Value rowAddress, ArrayRef<Value> words,
                                     bool transpose) const {
  SmallVector<Value> sources;
  for (Value word : words)
    sources.push_back(
        word.getType().isInteger(32)
            ? word
            : LLVM::BitcastOp::create(b, loc, b.getI32Type(), word));
  NVVM::StMatrixOp::create(b, loc, rowAddress, sources,
                           transpose ? NVVM::MMALayout::col
                                     : NVVM::MMALayout::row,
                           NVVM::LdStMatrixShapeAttr::get(b.getContext(), 8, 8),
                           NVVM::LdStMatrixEltType::B16);
}

void NVIDIATargetInfo::asyncCopy(OpBuilder &b, Location loc, Value dst,
                                 Value src, unsigned bytes,
                                 Value readBytes) const {
  // cp.async reads its source size and zero-fills the rest of the copy.
  // Only 16-byte copies may bypass L1 (.cg), which suits tiles read once.
  auto modifier = bytes == 16 ? NVVM::LoadCacheModifierKind::CG
                              : NVVM::LoadCacheModifierKind::CA;
  NVVM::CpAsyncOp::create(
      b, loc, dst, src, b.getI32IntegerAttr(bytes),
      NVVM::LoadCacheModifierKindAttr::get(b.getContext(), modifier),
      readBytes);
}

void NVIDIATargetInfo::commitAsyncCopies(OpBuilder &b, Location loc) const {
  NVVM::CpAsyncCommitGroupOp::create(b, loc);
}

void NVIDIATargetInfo::waitAsyncCopies(OpBuilder &b, Location loc,
                                       unsigned pending) const {
  NVVM::CpAsyncWaitGroupOp::create(b, loc, pending);
}

/// Emits `text`, PTX with no operands that must not be moved or removed.
static void emitFixedAsm(OpBuilder &b, Location loc, StringRef text) {
  LLVM::InlineAsmOp::create(b, loc, TypeRange(), ValueRange(), text, "",
                            /*has_side_effects=*/true,
                            /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            LLVM::AsmDialectAttr(), ArrayAttr());
}

void NVIDIATargetInfo::beginWarpgroupMma(OpBuilder &b, Location loc) const {
  // The accumulators and A's registers are fenced. The tiles are written
  // by cp.async only (tkc-gpu-pipeline), ordered before the multiplies by
  // cp.async.wait_group and the barrier after it, with no proxy fence, as
  // Triton's pipelined wgmma loops do: fence.proxy.async is a MEMBAR that
  // would also wait for the copies still in flight for later iterations.
  emitFixedAsm(b, loc, "wgmma.fence.sync.aligned;");
}

void NVIDIATargetInfo::fenceStoresForWarpgroupMma(OpBuilder &b,
                                                  Location loc) const {
  // wgmma reads shared memory through the async proxy; st.shared writes it
  // through the generic one.
  emitFixedAsm(b, loc, "fence.proxy.async.shared::cta;");
}

/// The 64-bit wgmma matrix descriptor of `operand`: its address, its
/// leading and stride byte offsets and its swizzle mode, each encoded as
/// PTX's "Matrix Descriptor Format" says.
static Value
warpgroupDescriptor(OpBuilder &b, Location loc,
                    const tkc::TargetInfo::WarpgroupOperand &operand) {
  Type i64 = b.getI64Type();
  auto constant = [&](uint64_t v) {
    return LLVM::ConstantOp::create(b, loc, i64,
                                    b.getI64IntegerAttr(int64_t(v)));
  };
  auto encode = [](uint64_t bytes) { return (bytes & 0x3FFFF) >> 4; };
  uint64_t mode = operand.swizzleBytes == 128  ? 1
                  : operand.swizzleBytes == 64 ? 2
                                               : 3;
  // K-major: LBO unused (1), SBO from 8 rows to the next 8. MN-major: LBO
  // from one atom to the next along the rows, SBO from 8 rows (of K) to the
  // next 8.
  uint64_t stride = 8 * operand.swizzleBytes;
  uint64_t leading = operand.kMajor ? 1 : encode(operand.blockBytes);
  uint64_t fixed = (leading << 16) | (encode(stride) << 32) | (mode << 62);
  Value address = LLVM::ZExtOp::create(b, loc, i64, operand.address);
  Value start = LLVM::LShrOp::create(
      b, loc, LLVM::AndOp::create(b, loc, address, constant(0x3FFFF)),
      constant(4));
  Value descriptor = LLVM::OrOp::create(b, loc, start, constant(fixed));
  // The constant offset goes onto the start address field: shared memory
  // ends below 2^18 bytes, so the sum stays within its 14 bits, and the
  // descriptor above is shared by every part of the tile that differs only
  // by a constant (one add per K step, as Triton's loops have).
  if (operand.offsetBytes == 0)
    return descriptor;
  return LLVM::AddOp::create(b, loc, descriptor,
                             constant(uint64_t(operand.offsetBytes) >> 4));
}

/// Emits `text` (PTX with side effects) whose results are the accumulators
/// `acc` (fp32 or int32), each tied to its input: operands $0.. are the
/// results, then `inputs` (with `inputConstraints`, one comma-led
/// constraint each), then the accumulators. Without `tied`, the results
/// are outputs only and `acc` gives just their count and type (an
/// instruction that does not read D). Returns the new accumulators.
static SmallVector<Value>
emitTiedAccumulatorAsm(OpBuilder &b, Location loc, StringRef text,
                       ValueRange inputs, StringRef inputConstraints,
                       ArrayRef<Value> acc, bool tied = true) {
  Type accType = acc.front().getType();
  std::string out = accType.isF32() ? "=f" : "=r";
  std::string constraints;
  for (unsigned i = 0; i < acc.size(); ++i)
    constraints += (i ? "," : "") + out;
  constraints += inputConstraints;
  SmallVector<Value> operands(inputs);
  if (tied) {
    for (unsigned i = 0; i < acc.size(); ++i)
      constraints += "," + std::to_string(i);
    llvm::append_range(operands, acc);
  }
  auto resultType = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(acc.size(), accType));
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, resultType, operands, text, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
      ArrayAttr());
  SmallVector<Value> result;
  for (unsigned i = 0; i < acc.size(); ++i)
    result.push_back(LLVM::ExtractValueOp::create(b, loc, asmOp.getRes(), i));
  return result;
}

SmallVector<Value>
NVIDIATargetInfo::packWarpgroupAccumulators(OpBuilder &b, Location loc,
                                            ArrayRef<Value> acc) const {
  if (!acc.front().getType().isF16())
    return SmallVector<Value>(acc);
  // Two columns side by side in a row: one vector<2xf16>, as an i32.
  SmallVector<Value> registers;
  for (Value pair : packWords(b, loc, acc, 2))
    registers.push_back(LLVM::BitcastOp::create(b, loc, b.getI32Type(), pair));
  return registers;
}

SmallVector<Value> NVIDIATargetInfo::unpackWarpgroupAccumulators(
    OpBuilder &b, Location loc, ArrayRef<Value> registers, Type elem) const {
  if (!elem.isF16())
    return SmallVector<Value>(registers);
  SmallVector<Value> acc;
  auto pairType = VectorType::get({2}, elem);
  for (Value word : registers)
    appendElements(b, loc, LLVM::BitcastOp::create(b, loc, pairType, word),
                   acc);
  return acc;
}

SmallVector<Value>
NVIDIATargetInfo::emitWarpgroupMma(OpBuilder &b, Location loc, Type elem,
                                   unsigned n, const WarpgroupOperand &a,
                                   const WarpgroupOperand &bOperand,
                                   ArrayRef<Value> acc, bool accumulate) const {
  // n/2 accumulators a thread, one register each; for fp16 operands, fp16
  // ones two to a register (packWarpgroupAccumulators: i32 registers).
  bool halves = elem.isF16() && acc.front().getType().isInteger(32);
  unsigned registers = halves ? n / 4 : n / 2;
  StringRef types = elem.isBF16()                 ? "k16.f32.bf16.bf16"
                    : halves                      ? "k16.f16.f16.f16"
                    : elem.isF16()                ? "k16.f32.f16.f16"
                    : elem.isF32()                ? "k8.f32.tf32.tf32"
                    : elem.isInteger(8)           ? "k32.s32.s8.s8"
                    : isa<Float8E4M3FNType>(elem) ? "k32.f32.e4m3.e4m3"
                                                  : "k32.f32.e5m2.e5m2";
  std::string text = "wgmma.mma_async.sync.aligned.m64n" + std::to_string(n) +
                     types.str() + " {";
  for (unsigned i = 0; i < registers; ++i)
    text += (i ? ", $" : "$") + std::to_string(i);
  // Accumulate onto D (scale-d 1), no negation; for 16-bit elements A as
  // stored (K-major: 0) unless in registers (no transpose operand), B
  // transposed when its rows run along N (tf32 takes no transpose operands:
  // both K-major). Inputs follow the results: A (a descriptor or four
  // registers), B's descriptor, then the accumulators, each tied to its
  // result.
  bool transposable = elem.getIntOrFloatBitWidth() == 16;
  std::string constraints;
  SmallVector<Value> inputs;
  unsigned next = registers;
  if (a.registers.empty()) {
    text += "}, $" + std::to_string(next++);
    constraints += ",l";
    inputs.push_back(warpgroupDescriptor(b, loc, a));
  } else {
    text += "}, {";
    for (unsigned i = 0; i < a.registers.size(); ++i) {
      text += (i ? ", $" : "$") + std::to_string(next++);
      constraints += ",r";
      inputs.push_back(a.registers[i]);
    }
    text += "}";
  }
  // Scale-d 1 accumulates onto D, 0 writes A * B alone. Integer
  // multiplies take scale-d alone (no negation operands).
  text += ", $" + std::to_string(next++) + (accumulate ? ", 1" : ", 0") +
          (elem.isInteger(8) ? "" : ", 1, 1");
  if (transposable) {
    if (a.registers.empty())
      text += std::string(", ") + (a.kMajor ? "0" : "1");
    text += std::string(", ") + (bOperand.kMajor ? "0" : "1");
  }
  text += ";";
  constraints += ",l";
  inputs.push_back(warpgroupDescriptor(b, loc, bOperand));
  return emitTiedAccumulatorAsm(b, loc, text, inputs, constraints,
                                acc.take_front(registers), accumulate);
}

void NVIDIATargetInfo::commitWarpgroupMma(OpBuilder &b, Location loc) const {
  emitFixedAsm(b, loc, "wgmma.commit_group.sync.aligned;");
}

SmallVector<Value>
NVIDIATargetInfo::waitWarpgroupMma(OpBuilder &b, Location loc, unsigned pending,
                                   ArrayRef<Value> acc) const {
  return emitTiedAccumulatorAsm(
      b, loc, "wgmma.wait_group.sync.aligned " + std::to_string(pending) + ";",
      {}, "", acc);
}
