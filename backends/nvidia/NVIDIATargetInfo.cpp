//===- NVIDIATargetInfo.cpp - TargetInfo for NVIDIA GPUs ------------------===//
//
// Global memory accesses are PTX `ld.global`/`st.global` in inline assembly,
// guarded by a predicate register: a masked-off lane issues nothing, and a
// vector of up to 16 bytes moves as one instruction of 32-bit words (or one
// 16- or 8-bit access for smaller values).
//
//===----------------------------------------------------------------------===//

#include "backends/nvidia/NVIDIATargetInfo.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace tkc::nvidia;

namespace {

/// How a value of some type travels through a PTX access: `count` words of
/// `bits` bits each, in registers of constraint letter `constraint`.
struct WordShape {
  unsigned count;
  unsigned bits;
  char constraint;
};

WordShape wordShapeOf(Type type) {
  unsigned bits = 0;
  if (auto vector = dyn_cast<VectorType>(type))
    bits = vector.getNumElements() * vector.getElementTypeBitWidth();
  else
    bits = type.getIntOrFloatBitWidth();
  if (bits >= 32)
    return {bits / 32, 32, 'r'};
  return {1, 16, 'h'}; // 8- and 16-bit values use 16-bit registers.
}

/// The PTX operand list `{$first, ..., $first+count-1}` (or `$first`).
std::string operandList(unsigned first, unsigned count) {
  if (count == 1)
    return "$" + std::to_string(first);
  std::string list = "{ ";
  for (unsigned i = 0; i < count; ++i)
    list += (i ? ", $" : "$") + std::to_string(first + i);
  return list + " }";
}

/// The `.vN.bB` / `.uB` suffix of an access moving `shape` (`dataBits` wide).
std::string accessSuffix(const WordShape &shape, unsigned dataBits) {
  if (dataBits < 16)
    return ".u8";
  std::string suffix =
      shape.count > 1 ? ".v" + std::to_string(shape.count) : std::string();
  return suffix + ".b" + std::to_string(shape.bits);
}

unsigned bitsOf(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.getNumElements() * vector.getElementTypeBitWidth();
  return type.getIntOrFloatBitWidth();
}

} // namespace

int64_t NVIDIATargetInfo::getMaxSharedBytes() const {
  // The opt-in maximum per block of the CUDA programming guide's table of
  // compute capabilities.
  switch (computeCapability) {
  case 80:
  case 87:
    return 163 * 1024;
  case 90:
  case 100:
  case 101:
  case 103:
    return 227 * 1024;
  default:
    return 99 * 1024; // 8.6, 8.9, 12.x
  }
}

void NVIDIATargetInfo::getDependentDialects(DialectRegistry &registry) const {
  registry.insert<NVVM::NVVMDialect>();
}

Value NVIDIATargetInfo::getThreadId(OpBuilder &b, Location loc) const {
  return NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
}

Value NVIDIATargetInfo::getThreadIdAfresh(OpBuilder &b, Location loc) const {
  return LLVM::InlineAsmOp::create(
             b, loc, b.getI32Type(), ValueRange(), "mov.u32 $0, %tid.x;", "=r",
             /*has_side_effects=*/true,
             /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
             LLVM::AsmDialectAttr(), ArrayAttr())
      .getResult(0);
}

/// The x, y or z special register `axis` names, as i32.
template <typename X, typename Y, typename Z>
static Value specialRegister(OpBuilder &b, Location loc, unsigned axis) {
  Type i32 = b.getI32Type();
  if (axis == 0)
    return X::create(b, loc, i32);
  if (axis == 1)
    return Y::create(b, loc, i32);
  return Z::create(b, loc, i32);
}

Value NVIDIATargetInfo::getProgramId(OpBuilder &b, Location loc,
                                     unsigned axis) const {
  return specialRegister<NVVM::BlockIdXOp, NVVM::BlockIdYOp, NVVM::BlockIdZOp>(
      b, loc, axis);
}

Value NVIDIATargetInfo::getNumPrograms(OpBuilder &b, Location loc,
                                       unsigned axis) const {
  return specialRegister<NVVM::GridDimXOp, NVVM::GridDimYOp, NVVM::GridDimZOp>(
      b, loc, axis);
}

void NVIDIATargetInfo::emitBarrier(OpBuilder &b, Location loc) const {
  NVVM::Barrier0Op::create(b, loc);
}

bool NVIDIATargetInfo::isBarrier(Operation *op) const {
  return isa<NVVM::Barrier0Op>(op);
}

Value NVIDIATargetInfo::shuffleXor(OpBuilder &b, Location loc, Value value,
                                   unsigned laneMask) const {
  auto i32 = [&](int64_t v) {
    return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                    b.getI32IntegerAttr(v));
  };
  // shfl.sync.bfly over the full warp; clamp 0x1f keeps it in the warp.
  return NVVM::ShflOp::create(b, loc, b.getI32Type(), i32(-1), value,
                              i32(laneMask), i32(0x1f), NVVM::ShflKind::bfly,
                              UnitAttr());
}

Value NVIDIATargetInfo::shuffleIdx(OpBuilder &b, Location loc, Value value,
                                   Value lane) const {
  auto i32 = [&](int64_t v) {
    return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                    b.getI32IntegerAttr(v));
  };
  return NVVM::ShflOp::create(b, loc, b.getI32Type(), i32(-1), value, lane,
                              i32(0x1f), NVVM::ShflKind::idx, UnitAttr());
}

Value NVIDIATargetInfo::warpUniform(OpBuilder &b, Location loc,
                                    Value value) const {
  // Lane 0's value, broadcast: ptxas then keeps it in a uniform register.
  return shuffleIdx(
      b, loc, value,
      LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(0)));
}

/// PTX's cache qualifiers for `hints` of a global load (`load`) or store:
/// none for a volatile load (ld.volatile takes none), else the cache
/// operator, else the L1 eviction priority (PTX takes one of them; an
/// operator the access has not, .wb on a load, is dropped).
static std::string cacheQualifiers(const ::tkc::TargetInfo::CacheHints &hints,
                                   bool load) {
  using Op = ::tkc::TargetInfo::CacheHints::Operator;
  using Eviction = ::tkc::TargetInfo::CacheHints::Eviction;
  if (load && hints.isVolatile)
    return "";
  switch (hints.op) {
  case Op::CA:
    if (load)
      return ".ca";
    break;
  case Op::CG:
    return ".cg";
  case Op::CS:
    return ".cs";
  case Op::CV:
    if (load)
      return ".cv";
    break;
  case Op::WB:
    if (!load)
      return ".wb";
    break;
  case Op::WT:
    if (!load)
      return ".wt";
    break;
  case Op::None:
    break;
  }
  if (hints.eviction == Eviction::First)
    return ".L1::evict_first";
  if (hints.eviction == Eviction::Last)
    return ".L1::evict_last";
  return "";
}

/// The L2 cache policy of an access with `hints`, as Triton gives it: the
/// eviction priority applied to all of the access's lines
/// (`createpolicy.fractional ... 1.0`, sm_80 on, as every target tkc
/// supports), appended to the access's asm `operands` (the first of which
/// is asm operand `first`) and `constraints`. Returns what the instruction
/// takes for it: its qualifier and its operand after the address; none for
/// normal eviction or a volatile load. Without side effects, equal policies
/// of one block fold into one.
struct L2Policy {
  std::string qualifier, operand;
};
static L2Policy addL2Policy(OpBuilder &b, Location loc,
                            const ::tkc::TargetInfo::CacheHints &hints,
                            SmallVectorImpl<Value> &operands,
                            std::string &constraints, unsigned first) {
  using Eviction = ::tkc::TargetInfo::CacheHints::Eviction;
  if (hints.isVolatile || hints.eviction == Eviction::Normal)
    return {};
  std::string text =
      std::string("createpolicy.fractional.L2::") +
      (hints.eviction == Eviction::First ? "evict_first" : "evict_last") +
      ".b64 $0, 1.0;";
  operands.push_back(LLVM::InlineAsmOp::create(
                         b, loc, b.getI64Type(), ValueRange(), text, "=l",
                         /*has_side_effects=*/false, /*is_align_stack=*/false,
                         LLVM::tailcallkind::TailCallKind::None,
                         LLVM::AsmDialectAttr(), ArrayAttr())
                         .getResult(0));
  constraints += ",l";
  return {".L2::cache_hint",
          ", $" + std::to_string(first + operands.size() - 1)};
}

Value NVIDIATargetInfo::loadGlobal(OpBuilder &b, Location loc, Value ptr,
                                   Type type, Value pred, Value other,
                                   const CacheHints &hints) const {
  WordShape shape = wordShapeOf(type);
  unsigned dataBits = bitsOf(type);
  Type wordType = b.getIntegerType(shape.bits);
  // `other` as the words the load writes, when lanes may be masked off.
  SmallVector<Value> otherWords;
  if (pred && other) {
    Value bits = LLVM::BitcastOp::create(
        b, loc,
        shape.count == 1 ? Type(b.getIntegerType(dataBits))
                         : Type(VectorType::get({shape.count}, wordType)),
        other);
    if (shape.count == 1 && dataBits < shape.bits)
      bits = LLVM::ZExtOp::create(b, loc, wordType, bits);
    for (unsigned i = 0; i < shape.count; ++i)
      otherWords.push_back(shape.count == 1 ? bits
                                            : LLVM::ExtractElementOp::create(
                                                  b, loc, bits,
                                                  LLVM::ConstantOp::create(
                                                      b, loc, b.getI32Type(),
                                                      b.getI32IntegerAttr(i)))
                                                  .getResult());
  }
  std::string constraints, text;
  for (unsigned i = 0; i < shape.count; ++i) {
    constraints += std::string(i ? "," : "") + "=" + shape.constraint;
    // Masked-off lanes read `other` (operands after the pointer and the
    // predicate), or zeros.
    if (pred)
      text += "mov.b" + std::to_string(shape.bits) + " $" + std::to_string(i) +
              ", " +
              (otherWords.empty() ? std::string("0")
                                  : "$" + std::to_string(shape.count + 2 + i)) +
              ";\n\t";
  }
  SmallVector<Value> operands = {ptr};
  constraints += ",l";
  std::string guard;
  if (pred) {
    operands.push_back(pred);
    constraints += ",b";
    guard = "@$" + std::to_string(shape.count + 1) + " ";
  }
  for (Value word : otherWords) {
    operands.push_back(word);
    constraints += std::string(",") + shape.constraint;
  }
  L2Policy policy =
      addL2Policy(b, loc, hints, operands, constraints, shape.count);
  text += guard + (hints.isVolatile ? "ld.volatile.global" : "ld.global") +
          cacheQualifiers(hints, /*load=*/true) + policy.qualifier +
          accessSuffix(shape, dataBits) + " " + operandList(0, shape.count) +
          ", [ $" + std::to_string(shape.count) + " + 0 ]" + policy.operand +
          ";";
  Type resultType =
      shape.count == 1
          ? wordType
          : LLVM::LLVMStructType::getLiteral(
                b.getContext(), SmallVector<Type>(shape.count, wordType));
  // Side effects keep the load ordered with the kernel's stores.
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, resultType, operands, text, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
      ArrayAttr());
  Value words = asmOp.getResult(0);
  if (dataBits < shape.bits)
    return LLVM::BitcastOp::create(
        b, loc, type,
        LLVM::TruncOp::create(b, loc, b.getIntegerType(dataBits), words));
  if (shape.count == 1)
    return LLVM::BitcastOp::create(b, loc, type, words);
  auto vectorType = VectorType::get({shape.count}, wordType);
  Value vector = LLVM::UndefOp::create(b, loc, vectorType);
  for (unsigned i = 0; i < shape.count; ++i) {
    Value word = LLVM::ExtractValueOp::create(b, loc, words, i);
    vector = LLVM::InsertElementOp::create(
        b, loc, vector, word,
        LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                 b.getI32IntegerAttr(i)));
  }
  return LLVM::BitcastOp::create(b, loc, type, vector);
}

void NVIDIATargetInfo::storeGlobal(OpBuilder &b, Location loc, Value ptr,
                                   Value value, Value pred,
                                   const CacheHints &hints) const {
  Type type = value.getType();
  WordShape shape = wordShapeOf(type);
  unsigned dataBits = bitsOf(type);
  Type wordType = b.getIntegerType(shape.bits);
  SmallVector<Value> operands;
  if (dataBits < shape.bits) {
    Value bits =
        LLVM::BitcastOp::create(b, loc, b.getIntegerType(dataBits), value);
    operands.push_back(LLVM::ZExtOp::create(b, loc, wordType, bits));
  } else if (shape.count == 1) {
    operands.push_back(LLVM::BitcastOp::create(b, loc, wordType, value));
  } else {
    Value words = LLVM::BitcastOp::create(
        b, loc, VectorType::get({shape.count}, wordType), value);
    for (unsigned i = 0; i < shape.count; ++i)
      operands.push_back(LLVM::ExtractElementOp::create(
          b, loc, words,
          LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                   b.getI32IntegerAttr(i))));
  }
  std::string constraints;
  for (unsigned i = 0; i < shape.count; ++i)
    constraints += std::string(i ? "," : "") + shape.constraint;
  operands.push_back(ptr);
  constraints += ",l";
  std::string guard;
  if (pred) {
    operands.push_back(pred);
    constraints += ",b";
    guard = "@$" + std::to_string(shape.count + 1) + " ";
  }
  L2Policy policy = addL2Policy(b, loc, hints, operands, constraints, 0);
  std::string text = guard + "st.global" +
                     cacheQualifiers(hints, /*load=*/false) + policy.qualifier +
                     accessSuffix(shape, dataBits) + " [ $" +
                     std::to_string(shape.count) + " + 0 ], " +
                     operandList(0, shape.count) + policy.operand + ";";
  LLVM::InlineAsmOp::create(b, loc, TypeRange(), operands, text, constraints,
                            /*has_side_effects=*/true,
                            /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            LLVM::AsmDialectAttr(), ArrayAttr());
}

/// PTX's `.sem.scope` qualifiers of an atomic.
static std::string atomicQualifiers(LLVM::AtomicOrdering ordering,
                                    ::tkc::TargetInfo::AtomicScope scope) {
  std::string text;
  switch (ordering) {
  case LLVM::AtomicOrdering::acquire:
    text = ".acquire";
    break;
  case LLVM::AtomicOrdering::release:
    text = ".release";
    break;
  case LLVM::AtomicOrdering::acq_rel:
    text = ".acq_rel";
    break;
  default:
    text = ".relaxed";
    break;
  }
  switch (scope) {
  case ::tkc::TargetInfo::AtomicScope::Cta:
    return text + ".cta";
  case ::tkc::TargetInfo::AtomicScope::Sys:
    return text + ".sys";
  case ::tkc::TargetInfo::AtomicScope::Gpu:
    break;
  }
  return text + ".gpu";
}

/// One `atom` instruction as inline assembly on the bits of its operands
/// (floats travel as integers of their width); returns the old value as
/// `type`.
static Value emitAtom(OpBuilder &b, Location loc, StringRef opcode, Type type,
                      Value ptr, ArrayRef<Value> operands) {
  unsigned bits = type.getIntOrFloatBitWidth();
  Type word = b.getIntegerType(bits);
  StringRef constraint = bits == 64 ? "l" : bits == 32 ? "r" : "h";
  std::string constraints = ("=" + constraint + ",l").str();
  SmallVector<Value> args{ptr};
  std::string text = (opcode + " $0, [ $1 + 0 ]").str();
  for (Value operand : operands) {
    args.push_back(LLVM::BitcastOp::create(b, loc, word, operand));
    constraints += ("," + constraint).str();
    text += ", $" + std::to_string(args.size());
  }
  text += ";";
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, word, args, text, constraints, /*has_side_effects=*/true,
      /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr(), ArrayAttr());
  return LLVM::BitcastOp::create(b, loc, type, asmOp.getResult(0));
}

Value NVIDIATargetInfo::atomicRMW(OpBuilder &b, Location loc,
                                  LLVM::AtomicBinOp op, Value ptr, Value value,
                                  LLVM::AtomicOrdering ordering,
                                  AtomicScope scope) const {
  Type type = value.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  std::string width = std::to_string(bits);
  std::string suffix;
  switch (op) {
  case LLVM::AtomicBinOp::add:
    suffix = ".add.u" + width;
    break;
  case LLVM::AtomicBinOp::fadd:
    if (type.isBF16() && computeCapability < 90) {
      // PTX adds bf16 atomically from sm_90 on; before, LLVM makes it a
      // loop of compare-and-swaps of the 32-bit word holding the element
      // (Triton's code leaves it to LLVM too).
      StringRef syncScope = scope == AtomicScope::Cta   ? "block"
                            : scope == AtomicScope::Gpu ? "device"
                                                        : "";
      return LLVM::AtomicRMWOp::create(b, loc, op, ptr, value, ordering,
                                       syncScope, /*alignment=*/2);
    }
    suffix = bits == 16 ? std::string(type.isBF16() ? ".add.noftz.bf16"
                                                    : ".add.noftz.f16")
                        : ".add.f" + width;
    break;
  case LLVM::AtomicBinOp::max:
    suffix = ".max.s" + width;
    break;
  case LLVM::AtomicBinOp::min:
    suffix = ".min.s" + width;
    break;
  case LLVM::AtomicBinOp::umax:
    suffix = ".max.u" + width;
    break;
  case LLVM::AtomicBinOp::umin:
    suffix = ".min.u" + width;
    break;
  case LLVM::AtomicBinOp::_and:
    suffix = ".and.b" + width;
    break;
  case LLVM::AtomicBinOp::_or:
    suffix = ".or.b" + width;
    break;
  case LLVM::AtomicBinOp::_xor:
    suffix = ".xor.b" + width;
    break;
  default: // xchg
    suffix = ".exch.b" + width;
    break;
  }
  return emitAtom(
      b, loc, "atom" + atomicQualifiers(ordering, scope) + ".global" + suffix,
      type, ptr, {value});
}

SmallVector<Value> NVIDIATargetInfo::atomicAddVector(
    OpBuilder &b, Location loc, Value ptr, ValueRange values,
    LLVM::AtomicOrdering ordering, AtomicScope scope) const {
  // atom.<sem>.<scope>.global.add[.noftz].v<n>.<type> {old...}, [ptr],
  // {values...}; 16-bit floats travel as i16.
  unsigned n = values.size();
  Type type = values.front().getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  Type word = bits == 32 ? type : b.getIntegerType(bits);
  auto list = [](unsigned first, unsigned count) {
    std::string text = "{";
    for (unsigned i = 0; i < count; ++i)
      text += (i ? ", $" : "$") + std::to_string(first + i);
    return text + "}";
  };
  std::string element = bits == 32 ? ".f32" : type.isBF16() ? ".bf16" : ".f16";
  std::string text = "atom" + atomicQualifiers(ordering, scope) +
                     ".global.add" + (bits == 32 ? "" : ".noftz") + ".v" +
                     std::to_string(n) + element + " " + list(0, n) + ", [ $" +
                     std::to_string(n) + " + 0 ], " + list(n + 1, n) + ";";
  std::string reg = bits == 32 ? "f" : "h";
  std::string constraints;
  for (unsigned i = 0; i < n; ++i)
    constraints += "=" + reg + ",";
  constraints += "l";
  for (unsigned i = 0; i < n; ++i)
    constraints += "," + reg;
  auto asType = [&](Type to, Value value) -> Value {
    return value.getType() == to ? value
                                 : LLVM::BitcastOp::create(b, loc, to, value);
  };
  SmallVector<Value> args{ptr};
  for (Value value : values)
    args.push_back(asType(word, value));
  auto resultType = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(n, word));
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, resultType, args, text, constraints, /*has_side_effects=*/true,
      /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr(), ArrayAttr());
  SmallVector<Value> old;
  for (unsigned i = 0; i < n; ++i)
    old.push_back(
        asType(type, LLVM::ExtractValueOp::create(b, loc, asmOp.getRes(), i)));
  return old;
}

Value NVIDIATargetInfo::atomicCAS(OpBuilder &b, Location loc, Value ptr,
                                  Value cmp, Value value,
                                  LLVM::AtomicOrdering ordering,
                                  AtomicScope scope) const {
  Type type = cmp.getType();
  return emitAtom(b, loc,
                  "atom" + atomicQualifiers(ordering, scope) + ".global.cas.b" +
                      std::to_string(type.getIntOrFloatBitWidth()),
                  type, ptr, {cmp, value});
}

namespace {

/// Calls NVVM intrinsic `name` on `args`, with one result of `type`: an
/// instruction LLVM knows and schedules (inline assembly is opaque to it).
Value callIntrinsic(OpBuilder &b, Location loc, Type type, StringRef name,
                    ValueRange args) {
  return LLVM::CallIntrinsicOp::create(b, loc, type, b.getStringAttr(name),
                                       args)
      .getResult(0);
}

/// f32 exp as Triton computes it on NVIDIA: ex2.approx of x * log2(e).
struct FastExp : public ConvertOpToLLVMPattern<math::ExpOp> {
  FastExp(const LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern<math::ExpOp>(converter, /*benefit=*/20) {}
  LogicalResult
  matchAndRewrite(math::ExpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isF32())
      return failure();
    Location loc = op.getLoc();
    Value log2e =
        LLVM::ConstantOp::create(rewriter, loc, rewriter.getF32Type(),
                                 rewriter.getF32FloatAttr(1.4426950408889634f));
    Value scaled =
        LLVM::FMulOp::create(rewriter, loc, adaptor.getOperand(), log2e);
    rewriter.replaceOp(op, callIntrinsic(rewriter, loc, rewriter.getF32Type(),
                                         "llvm.nvvm.ex2.approx.f32", {scaled}));
    return success();
  }
};

/// An f32 op that Triton maps to one PTX instruction on NVIDIA: a division
/// allowed an approximation (`/`, fastmath afn) to div.full.f32 (2 ulp),
/// where `tl.div_rn`'s takes LLVM's fdiv (div.rn.f32); a square root
/// allowed one (`tl.sqrt`) to sqrt.approx.f32, another (`tl.sqrt_rn`) to
/// sqrt.rn.f32.
template <typename Op> struct PtxF32Op : public ConvertOpToLLVMPattern<Op> {
  PtxF32Op(const LLVMTypeConverter &converter, StringRef intrinsic,
           std::optional<bool> approximate = std::nullopt)
      : ConvertOpToLLVMPattern<Op>(converter, /*benefit=*/20),
        intrinsic(intrinsic), approximate(approximate) {}
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isF32())
      return failure();
    if (approximate &&
        *approximate != arith::bitEnumContainsAll(op.getFastmath(),
                                                  arith::FastMathFlags::afn))
      return failure();
    rewriter.replaceOp(op, callIntrinsic(rewriter, op.getLoc(),
                                         rewriter.getF32Type(), intrinsic,
                                         adaptor.getOperands()));
    return success();
  }
  std::string intrinsic;
  /// Whether the op must allow an approximation (afn), or must not; any op
  /// if unset.
  std::optional<bool> approximate;
};

/// maxnum, minnum, fabs, fma and frem as LLVM's intrinsics and
/// instructions (PTX max.f32, min.f32, abs.f32, fma.rn.f32 or .f16, and
/// x - trunc(x / y) * y), as Triton lowers tl.maximum, tl.minimum, tl.abs,
/// tl.fma and `%`, rather than libdevice's fmaxf, fminf, fabsf, fmaf and
/// fmodf, which flush denormals with the flush-to-zero libdevice Triton
/// links (and fmodf computes the remainder exactly, in a loop).
template <typename Op, typename LLVMOp>
struct FloatIntrinsic : public ConvertOpToLLVMPattern<Op> {
  FloatIntrinsic(const LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern<Op>(converter, /*benefit=*/20) {}
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<FloatType>(op.getType()))
      return failure();
    rewriter.replaceOpWithNewOp<LLVMOp>(op, adaptor.getOperands());
    return success();
  }
};

} // namespace

std::string NVIDIATargetInfo::getMathLibrarySymbol(llvm::StringRef name,
                                                   Type type) const {
  // libdevice names every function the frontend sends (its own names):
  // __nv_NAMEf for f32, __nv_NAME for f64; but for the correctly rounded
  // square roots, __nv_fsqrt_rn and __nv_dsqrt_rn, __nv_frsqrt_rn (f32
  // only).
  // A libdevice symbol in full (`__nv_float2int_rn`), as the frontend
  // picked it for the arguments' types.
  if (name.starts_with("__nv_"))
    return name.str();
  if (name == "sqrt_rn")
    return type.isF32() ? "__nv_fsqrt_rn" : type.isF64() ? "__nv_dsqrt_rn" : "";
  if (name == "rsqrt_rn")
    return type.isF32() ? "__nv_frsqrt_rn" : "";
  if (type.isF32())
    return ("__nv_" + name + "f").str();
  if (type.isF64())
    return ("__nv_" + name).str();
  return "";
}

void NVIDIATargetInfo::populateMathPatterns(const LLVMTypeConverter &converter,
                                            RewritePatternSet &patterns) const {
  // What Triton's `tl.exp`, `/` and `tl.sqrt` compile to on NVIDIA, for the
  // same numerics and speed.
  patterns.add<FastExp, FloatIntrinsic<arith::MaxNumFOp, LLVM::MaxNumOp>,
               FloatIntrinsic<arith::MinNumFOp, LLVM::MinNumOp>,
               FloatIntrinsic<math::AbsFOp, LLVM::FAbsOp>,
               FloatIntrinsic<math::FmaOp, LLVM::FMAOp>,
               FloatIntrinsic<arith::RemFOp, LLVM::FRemOp>>(converter);
  patterns.add<PtxF32Op<arith::DivFOp>>(converter, "llvm.nvvm.div.full",
                                        /*approximate=*/true);
  patterns.add<PtxF32Op<math::SqrtOp>>(converter, "llvm.nvvm.sqrt.approx.ftz.f",
                                       /*approximate=*/true);
  patterns.add<PtxF32Op<math::SqrtOp>>(converter, "llvm.nvvm.sqrt.rn.f",
                                       /*approximate=*/false);
  // Calls to libdevice's __nv_* functions, which the backend links in;
  // they beat the generic intrinsic lowering, which NVPTX cannot select
  // for most transcendental functions.
  populateLibDeviceConversionPatterns(converter, patterns, /*benefit=*/10);
}

/// The PTX name of fp8 type `type` in a conversion instruction ("e4m3" or
/// "e5m2"), or empty for a kind PTX does not convert.
static StringRef ptxFp8Name(FloatType type) {
  if (isa<Float8E4M3FNType>(type))
    return "e4m3";
  if (isa<Float8E5M2Type>(type))
    return "e5m2";
  return "";
}

std::optional<SmallVector<Value>>
NVIDIATargetInfo::truncateToFp8(OpBuilder &b, Location loc,
                                ArrayRef<Value> values, FloatType dst) const {
  StringRef kind = ptxFp8Name(dst);
  if (computeCapability < 89 || kind.empty())
    return std::nullopt;
  // cvt.rn.satfinite.{e4m3,e5m2}x2.f32 converts two floats at once, the
  // first into the high byte; an odd last one is paired with itself.
  std::string name = ("llvm.nvvm.ff.to." + kind + "x2.rn").str();
  Type i8 = b.getI8Type(), i16 = b.getI16Type();
  SmallVector<Value> bytes;
  for (size_t i = 0; i < values.size(); i += 2) {
    Value low = values[i];
    Value high = i + 1 < values.size() ? values[i + 1] : low;
    Value pair = callIntrinsic(b, loc, i16, name, {high, low});
    bytes.push_back(LLVM::TruncOp::create(b, loc, i8, pair));
    if (i + 1 < values.size())
      bytes.push_back(LLVM::TruncOp::create(
          b, loc, i8,
          LLVM::LShrOp::create(
              b, loc, pair,
              LLVM::ConstantOp::create(b, loc, i16, b.getI16IntegerAttr(8)))));
  }
  return bytes;
}

std::optional<SmallVector<Value>>
NVIDIATargetInfo::extendFromFp8(OpBuilder &b, Location loc,
                                ArrayRef<Value> values, FloatType src) const {
  StringRef kind = ptxFp8Name(src);
  if (computeCapability < 89 || kind.empty())
    return std::nullopt;
  // cvt.rn.f16x2.{e4m3,e5m2}x2 widens two bytes to two halves exactly; the
  // halves widen to f32 exactly.
  std::string name = ("llvm.nvvm." + kind + "x2.to.f16x2.rn").str();
  Type i16 = b.getI16Type(), f32 = b.getF32Type();
  auto halves = VectorType::get({2}, b.getF16Type());
  SmallVector<Value> floats;
  for (size_t i = 0; i < values.size(); i += 2) {
    Value pair = LLVM::ZExtOp::create(b, loc, i16, values[i]);
    if (i + 1 < values.size()) {
      Value high = LLVM::ShlOp::create(
          b, loc, LLVM::ZExtOp::create(b, loc, i16, values[i + 1]),
          LLVM::ConstantOp::create(b, loc, i16, b.getI16IntegerAttr(8)));
      pair = LLVM::OrOp::create(b, loc, pair, high);
    }
    Value wide = callIntrinsic(b, loc, halves, name, {pair});
    for (size_t j = 0; j < 2 && i + j < values.size(); ++j) {
      Value half = LLVM::ExtractElementOp::create(
          b, loc, wide,
          LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                   b.getI32IntegerAttr(j)));
      floats.push_back(LLVM::FPExtOp::create(b, loc, f32, half));
    }
  }
  return floats;
}

/// vprintf, CUDA's device printf: the format and a buffer holding the
/// arguments at their natural alignments.
void NVIDIATargetInfo::emitPrintf(OpBuilder &b, Location loc, Value format,
                                  uint64_t, ValueRange args) const {
  MLIRContext *context = b.getContext();
  auto ptr = LLVM::LLVMPointerType::get(context);
  auto module =
      b.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
  FailureOr<LLVM::LLVMFuncOp> vprintf =
      LLVM::lookupOrCreateFn(b, module, "vprintf", {ptr, ptr}, b.getI32Type());
  assert(succeeded(vprintf) && "vprintf declared with another type");
  Value buffer = LLVM::ZeroOp::create(b, loc, ptr);
  if (!args.empty()) {
    auto fields = llvm::to_vector(args.getTypes());
    auto type = LLVM::LLVMStructType::getLiteral(context, fields);
    Value one = LLVM::ConstantOp::create(b, loc, b.getI32Type(), 1);
    buffer = LLVM::AllocaOp::create(b, loc, ptr, type, one, /*alignment=*/8);
    for (auto [i, arg] : llvm::enumerate(args)) {
      Value field = LLVM::GEPOp::create(
          b, loc, ptr, type, buffer,
          ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
      LLVM::StoreOp::create(b, loc, arg, field);
    }
  }
  LLVM::CallOp::create(b, loc, *vprintf, ValueRange{format, buffer});
}

/// __assertfail, which CUDA's assert() calls: it prints the message with
/// the block and thread and stops the kernel.
void NVIDIATargetInfo::emitAssertFail(OpBuilder &b, Location loc, Value message,
                                      Value file, Value line,
                                      Value function) const {
  auto ptr = LLVM::LLVMPointerType::get(b.getContext());
  auto module =
      b.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
  FailureOr<LLVM::LLVMFuncOp> fail =
      LLVM::lookupOrCreateFn(b, module, "__assertfail",
                             {ptr, ptr, b.getI32Type(), ptr, b.getI64Type()},
                             LLVM::LLVMVoidType::get(b.getContext()));
  assert(succeeded(fail) && "__assertfail declared with another type");
  Value charSize = LLVM::ConstantOp::create(b, loc, b.getI64Type(), 1);
  LLVM::CallOp::create(b, loc, *fail,
                       ValueRange{message, file, line, function, charSize});
}

void NVIDIATargetInfo::markKernel(LLVM::LLVMFuncOp func,
                                  unsigned threadsPerBlock,
                                  unsigned maxRegisters) const {
  Builder b(func.getContext());
  func->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(), b.getUnitAttr());
  // The launcher always launches exactly this block (as Triton's does):
  // .reqntid, not just an upper bound, lets ptxas plan for it.
  func->setAttr(
      NVVM::NVVMDialect::getReqntidAttrName(),
      b.getDenseI32ArrayAttr({static_cast<int32_t>(threadsPerBlock), 1, 1}));
  if (maxRegisters)
    func->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                  b.getI32IntegerAttr(maxRegisters));
}
