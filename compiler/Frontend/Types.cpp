//===- Types.cpp - Triton-language data types and their promotion ---------===//
//
// Names, widths, MLIR mapping and promotion of DType/TType.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Types.h"

#include "compiler/Dialect/TKC/IR/TKCDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSwitch.h"

namespace tkc::frontend {

using Kind = DType::Kind;

DType DType::pointerTo(const DType &pointee, int addressSpace) {
  DType type(Kind::Ptr);
  type.pointee = std::make_shared<const DType>(pointee);
  type.addressSpace = addressSpace;
  return type;
}

unsigned DType::getBitWidth() const {
  switch (kind) {
  case Kind::I1:
    return 1;
  case Kind::I8:
  case Kind::U8:
  case Kind::FP8E4NV:
  case Kind::FP8E5:
  case Kind::FP8E4B8:
  case Kind::FP8E5B16:
  case Kind::FP8E4B15:
    return 8;
  case Kind::I16:
  case Kind::U16:
  case Kind::FP16:
  case Kind::BF16:
    return 16;
  case Kind::I32:
  case Kind::U32:
  case Kind::FP32:
    return 32;
  case Kind::I64:
  case Kind::U64:
  case Kind::FP64:
  case Kind::Ptr:
    return 64;
  }
  return 0;
}

std::string DType::str() const {
  switch (kind) {
  case Kind::I1:
    return "int1";
  case Kind::I8:
    return "int8";
  case Kind::I16:
    return "int16";
  case Kind::I32:
    return "int32";
  case Kind::I64:
    return "int64";
  case Kind::U8:
    return "uint8";
  case Kind::U16:
    return "uint16";
  case Kind::U32:
    return "uint32";
  case Kind::U64:
    return "uint64";
  case Kind::FP8E4NV:
    return "fp8e4nv";
  case Kind::FP8E5:
    return "fp8e5";
  case Kind::FP8E4B8:
    return "fp8e4b8";
  case Kind::FP8E5B16:
    return "fp8e5b16";
  case Kind::FP8E4B15:
    return "fp8e4b15";
  case Kind::FP16:
    return "fp16";
  case Kind::BF16:
    return "bf16";
  case Kind::FP32:
    return "fp32";
  case Kind::FP64:
    return "fp64";
  case Kind::Ptr:
    return "pointer<" + pointee->str() + ">";
  }
  return "?";
}

mlir::Type DType::toMLIR(mlir::MLIRContext *context) const {
  switch (kind) {
  case Kind::I1:
    return mlir::IntegerType::get(context, 1);
  case Kind::I8:
  case Kind::U8:
    return mlir::IntegerType::get(context, 8);
  case Kind::I16:
  case Kind::U16:
    return mlir::IntegerType::get(context, 16);
  case Kind::I32:
  case Kind::U32:
    return mlir::IntegerType::get(context, 32);
  case Kind::I64:
  case Kind::U64:
    return mlir::IntegerType::get(context, 64);
  case Kind::FP8E4NV:
    return mlir::Float8E4M3FNType::get(context);
  case Kind::FP8E5:
    return mlir::Float8E5M2Type::get(context);
  case Kind::FP8E4B8:
    return mlir::Float8E4M3FNUZType::get(context);
  case Kind::FP8E5B16:
    return mlir::Float8E5M2FNUZType::get(context);
  case Kind::FP8E4B15:
    return mlir::Float8E4M3B11FNUZType::get(context);
  case Kind::FP16:
    return mlir::Float16Type::get(context);
  case Kind::BF16:
    return mlir::BFloat16Type::get(context);
  case Kind::FP32:
    return mlir::Float32Type::get(context);
  case Kind::FP64:
    return mlir::Float64Type::get(context);
  case Kind::Ptr:
    return mlir::tkc::PointerType::get(pointee->toMLIR(context), addressSpace);
  }
  return {};
}

std::optional<DType> DType::parseShortName(llvm::StringRef name) {
  name = name.trim();
  if (name.consume_front("*")) {
    auto pointee = parseShortName(name);
    if (!pointee)
      return std::nullopt;
    return pointerTo(*pointee);
  }
  auto kind = llvm::StringSwitch<std::optional<Kind>>(name)
                  .Cases("i1", "u1", Kind::I1)
                  .Case("i8", Kind::I8)
                  .Case("i16", Kind::I16)
                  .Case("i32", Kind::I32)
                  .Case("i64", Kind::I64)
                  .Case("u8", Kind::U8)
                  .Case("u16", Kind::U16)
                  .Case("u32", Kind::U32)
                  .Case("u64", Kind::U64)
                  .Case("fp8e4nv", Kind::FP8E4NV)
                  .Case("fp8e5", Kind::FP8E5)
                  .Case("fp8e4b8", Kind::FP8E4B8)
                  .Case("fp8e5b16", Kind::FP8E5B16)
                  .Case("fp8e4b15", Kind::FP8E4B15)
                  .Case("fp16", Kind::FP16)
                  .Case("bf16", Kind::BF16)
                  .Case("fp32", Kind::FP32)
                  .Case("fp64", Kind::FP64)
                  .Default(std::nullopt);
  if (!kind)
    return std::nullopt;
  return DType(*kind);
}

std::optional<DType> DType::fromLanguageName(llvm::StringRef name) {
  auto kind = llvm::StringSwitch<std::optional<Kind>>(name)
                  .Case("int1", Kind::I1)
                  .Case("int8", Kind::I8)
                  .Case("int16", Kind::I16)
                  .Case("int32", Kind::I32)
                  .Case("int64", Kind::I64)
                  .Case("uint8", Kind::U8)
                  .Case("uint16", Kind::U16)
                  .Case("uint32", Kind::U32)
                  .Case("uint64", Kind::U64)
                  .Case("float8e4nv", Kind::FP8E4NV)
                  .Case("float8e5", Kind::FP8E5)
                  .Case("float8e4b8", Kind::FP8E4B8)
                  .Case("float8e5b16", Kind::FP8E5B16)
                  .Case("float8e4b15", Kind::FP8E4B15)
                  .Case("float16", Kind::FP16)
                  .Case("bfloat16", Kind::BF16)
                  .Case("float32", Kind::FP32)
                  .Case("float64", Kind::FP64)
                  .Default(std::nullopt);
  // Triton's one named pointer dtype: pointer_type(int32).
  if (name == "pi32_t")
    return DType::pointerTo(DType(Kind::I32), 1);
  if (!kind)
    return std::nullopt;
  return DType(*kind);
}

bool DType::operator==(const DType &other) const {
  if (kind != other.kind)
    return false;
  if (kind != Kind::Ptr)
    return true;
  return addressSpace == other.addressSpace && *pointee == *other.pointee;
}

std::string TType::str() const {
  if (shape.empty())
    return elem.str();
  std::string out = "block<";
  for (size_t i = 0; i < shape.size(); ++i)
    out += (i ? "x" : "") + std::to_string(shape[i]);
  return out + " x " + elem.str() + ">";
}

mlir::Type TType::toMLIR(mlir::MLIRContext *context) const {
  mlir::Type elemType = elem.toMLIR(context);
  if (shape.empty())
    return elemType;
  return mlir::RankedTensorType::get(shape, elemType);
}

DType promoteIntegers(const DType &a, const DType &b) {
  if (a.isBool())
    return b;
  if (b.isBool())
    return a;
  if (a.isSigned() == b.isSigned())
    return a.getBitWidth() >= b.getBitWidth() ? a : b;
  const DType &u = a.isSigned() ? b : a;
  const DType &s = a.isSigned() ? a : b;
  return u.getBitWidth() >= s.getBitWidth() ? u : s;
}

/// Orders kinds for the literal rule: bool < int < float.
static int kindRank(const DType &t) {
  if (t.isBool())
    return 0;
  if (t.isInt())
    return 1;
  return 2;
}

std::optional<DType> computationType(const DType &a, bool aIsLiteral,
                                     const DType &b, bool bIsLiteral,
                                     PromotionPurpose purpose) {
  if (a.isPtr() || b.isPtr())
    return std::nullopt;
  bool divOrMod = purpose == PromotionPurpose::DivOrMod;
  auto isHalf = [](const DType &t) {
    return t.getKind() == Kind::FP16 || t.getKind() == Kind::BF16;
  };
  // A Python literal of a kind no higher than the block's adopts its type.
  if (aIsLiteral != bIsLiteral) {
    const DType &literal = aIsLiteral ? a : b;
    const DType &other = aIsLiteral ? b : a;
    if (kindRank(literal) <= kindRank(other)) {
      if (divOrMod && isHalf(other))
        return DType(Kind::FP32);
      return other;
    }
  }
  auto either = [&](Kind kind) {
    return a.getKind() == kind || b.getKind() == kind;
  };
  if (either(Kind::FP64))
    return DType(Kind::FP64);
  if (either(Kind::FP32))
    return DType(Kind::FP32);
  // fp16 with anything narrower (bf16, fp8, integers) computes in fp16;
  // bf16 only with bf16, else in fp32, as Triton's rules 3) and 4) say.
  if (either(Kind::FP16))
    return DType(divOrMod ? Kind::FP32 : Kind::FP16);
  if (a.getKind() == Kind::BF16 && b.getKind() == Kind::BF16)
    return DType(divOrMod ? Kind::FP32 : Kind::BF16);
  if (either(Kind::BF16))
    return DType(Kind::FP32);
  if (a.isFP8() || b.isFP8()) {
    // Two fp8 kinds meet in fp16, as in Triton; one kind with itself
    // (which Triton keeps in fp8) and fp8 with an integer (which it
    // refuses) compute in fp16 too, which holds every fp8 kind's values
    // but e4b15's extremes.
    return DType(Kind::FP16);
  }
  if (a.isFloat() || b.isFloat())
    return a.isFloat() ? a : b;
  // Both integers. Division of integers is handled by the caller.
  return promoteIntegers(a, b);
}

} // namespace tkc::frontend
