//===- Semantics.cpp - Typing and arithmetic of Triton-language values ----===//
//
// Triton's value semantics in one place: conversion of Python constants to
// runtime scalars, casts between dtypes, broadcasting, the promotion of
// binary operands, arithmetic/bitwise/comparison/unary operators (folded in
// Python semantics between constexprs, emitted as arith ops otherwise), and
// tl.where / tl.maximum / tl.minimum.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/CodeGenImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tkc::frontend {

using Kind = Obj::Kind;
using DK = DType::Kind;
namespace arith = mlir::arith;
namespace tkcir = mlir::tkc;

//===----------------------------------------------------------------------===//
// Constants and conversions
//===----------------------------------------------------------------------===//

Obj CodeGen::constantFloat(const TType &type, double value, Loc l) {
  mlir::Type elemTy = type.elem.toMLIR(&ctx);
  mlir::TypedAttr attr = builder.getFloatAttr(elemTy, value);
  if (type.isBlock())
    attr = mlir::DenseElementsAttr::get(
        mlir::cast<mlir::ShapedType>(type.toMLIR(&ctx)), attr);
  return Obj::tensor(arith::ConstantOp::create(builder, loc(l), attr), type);
}

Obj CodeGen::constantInt(const TType &type, int64_t value, Loc l) {
  if (type.elem.isFloat())
    return constantFloat(type, static_cast<double>(value), l);
  mlir::Type elemTy = type.elem.toMLIR(&ctx);
  mlir::TypedAttr attr = builder.getIntegerAttr(elemTy, value);
  if (type.isBlock())
    attr = mlir::DenseElementsAttr::get(
        mlir::cast<mlir::ShapedType>(type.toMLIR(&ctx)), attr);
  return Obj::tensor(arith::ConstantOp::create(builder, loc(l), attr), type);
}

std::optional<int64_t> CodeGen::intBits(PyInt value, Loc l) {
  if (value < std::numeric_limits<int64_t>::min() ||
      value > std::numeric_limits<uint64_t>::max()) {
    diags.error(l, "integer constant " + toString(value) +
                       " is out of the range of int64 and uint64");
    return std::nullopt;
  }
  return static_cast<int64_t>(static_cast<uint64_t>(value));
}

std::optional<Obj> CodeGen::toTensor(const Obj &o, Loc l) {
  switch (o.kind) {
  case Kind::Tensor:
    return o;
  case Kind::Bool:
    return constantInt(TType{DType(DK::I1), {}}, o.intValue, l);
  case Kind::Int: {
    // int32, uint32, int64 or uint64: the first that holds it, as Triton's
    // to_tensor picks.
    PyInt v = o.intValue;
    std::optional<int64_t> bits = intBits(v, l);
    if (!bits)
      return std::nullopt;
    DK k = DK::U64;
    if (v >= std::numeric_limits<int32_t>::min() &&
        v <= std::numeric_limits<int32_t>::max())
      k = DK::I32;
    else if (v >= 0 && v <= std::numeric_limits<uint32_t>::max())
      k = DK::U32;
    else if (v <= std::numeric_limits<int64_t>::max())
      k = DK::I64;
    return constantInt(TType{DType(k), {}}, *bits, l);
  }
  case Kind::Float: {
    // float32 unless the value needs float64's range (a float32 subnormal
    // included), as Triton's to_tensor decides.
    double v = std::fabs(o.floatValue);
    bool fp32 = std::isinf(v) || std::isnan(v) || v == 0 ||
                (v >= std::numeric_limits<float>::min() &&
                 v <= std::numeric_limits<float>::max());
    return constantFloat(TType{DType(fp32 ? DK::FP32 : DK::FP64), {}},
                         o.floatValue, l);
  }
  default:
    diags.error(l, "expected a number or a block, got " + o.describe());
    return std::nullopt;
  }
}

std::optional<Obj> CodeGen::toBool(const Obj &o, Loc l) {
  auto t = toTensor(o, l);
  if (!t)
    return std::nullopt;
  const DType &e = t->type.elem;
  if (e.isBool())
    return t;
  TType rt = t->type.withElem(DType(DK::I1));
  auto L = loc(l);
  if (e.isFloat()) {
    Obj zero = constantFloat(t->type, 0.0, l);
    return Obj::tensor(arith::CmpFOp::create(builder, L,
                                             arith::CmpFPredicate::UNE,
                                             t->value, zero.value),
                       rt);
  }
  Obj asInt = *t;
  if (e.isPtr()) {
    auto i = cast(*t, DType(DK::I64), l);
    if (!i)
      return std::nullopt;
    asInt = *i;
  }
  Obj zero = constantInt(asInt.type, 0, l);
  return Obj::tensor(arith::CmpIOp::create(builder, L, arith::CmpIPredicate::ne,
                                           asInt.value, zero.value),
                     rt);
}

std::optional<Obj> CodeGen::cast(const Obj &t, const DType &to, Loc l,
                                 bool bitcast) {
  const DType &from = t.type.elem;
  if (from == to)
    return t;
  TType rt = t.type.withElem(to);
  mlir::Type resTy = rt.toMLIR(&ctx);
  auto L = loc(l);
  mlir::Value v = t.value;
  auto result = [&](mlir::Value r) { return Obj::tensor(r, rt); };
  auto viaType = [&](DK mid) -> std::optional<Obj> {
    auto m = cast(t, DType(mid), l);
    if (!m)
      return std::nullopt;
    return cast(*m, to, l);
  };

  if (bitcast) {
    if (from.getBitWidth() != to.getBitWidth()) {
      diags.error(l, "cannot bitcast " + from.str() + " to " + to.str() +
                         ": the bit widths differ");
      return std::nullopt;
    }
    if (from.isPtr() && to.isPtr())
      return result(tkcir::PtrCastOp::create(builder, L, resTy, v));
    if (from.isPtr() || to.isPtr()) {
      diags.error(l, "cannot bitcast between " + from.str() + " and " +
                         to.str() + "; use .to() for pointer/int casts");
      return std::nullopt;
    }
    if (resTy == v.getType())
      return result(v);
    return result(arith::BitcastOp::create(builder, L, resTy, v));
  }

  if (from.isPtr() && to.isPtr())
    return result(tkcir::PtrCastOp::create(builder, L, resTy, v));
  if (from.isPtr()) {
    if (!to.isInt()) {
      diags.error(l, "cannot convert " + from.str() + " to " + to.str());
      return std::nullopt;
    }
    TType i64 = t.type.withElem(DType(DK::I64));
    Obj asInt = Obj::tensor(
        tkcir::PtrToIntOp::create(builder, L, i64.toMLIR(&ctx), v), i64);
    return cast(asInt, to, l);
  }
  if (to.isPtr()) {
    if (!from.isInt()) {
      diags.error(l, "cannot convert " + from.str() + " to " + to.str());
      return std::nullopt;
    }
    auto asI64 = cast(t, DType(DK::I64), l);
    if (!asI64)
      return std::nullopt;
    return result(tkcir::IntToPtrOp::create(builder, L, resTy, asI64->value));
  }
  if (to.isBool())
    return toBool(t, l);

  unsigned fw = from.getBitWidth(), tw = to.getBitWidth();
  if (from.isInt() && to.isInt()) {
    if (fw == tw)
      return result(v);
    if (fw < tw) {
      if (from.isSigned())
        return result(arith::ExtSIOp::create(builder, L, resTy, v));
      return result(arith::ExtUIOp::create(builder, L, resTy, v));
    }
    return result(arith::TruncIOp::create(builder, L, resTy, v));
  }
  if (from.isInt()) { // to float
    if (to.isFP8())
      return viaType(DK::FP32);
    if (from.isSigned())
      return result(arith::SIToFPOp::create(builder, L, resTy, v));
    return result(arith::UIToFPOp::create(builder, L, resTy, v));
  }
  if (to.isInt()) { // from float
    if (from.isFP8())
      return viaType(DK::FP32);
    if (to.isSigned())
      return result(arith::FPToSIOp::create(builder, L, resTy, v));
    return result(arith::FPToUIOp::create(builder, L, resTy, v));
  }
  // Float to float.
  const auto &fromSem =
      mlir::cast<mlir::FloatType>(from.toMLIR(&ctx)).getFloatSemantics();
  const auto &toSem =
      mlir::cast<mlir::FloatType>(to.toMLIR(&ctx)).getFloatSemantics();
  bool exact = llvm::APFloatBase::isRepresentableBy(fromSem, toSem);
  if (from.isFP8() || to.isFP8()) {
    tkcir::RoundingModeAttr rounding;
    if (!exact)
      rounding = tkcir::RoundingModeAttr::get(&ctx, tkcir::RoundingMode::rtne);
    return result(tkcir::FpToFpOp::create(builder, L, resTy, v, rounding));
  }
  if (exact)
    return result(arith::ExtFOp::create(builder, L, resTy, v));
  if (fw <= tw) // fp16 <-> bf16: neither holds the other.
    return viaType(DK::FP32);
  return result(arith::TruncFOp::create(builder, L, resTy, v));
}

std::optional<Obj> CodeGen::castTowardZero(const Obj &t, const DType &to,
                                           Loc l) {
  const DType &from = t.type.elem;
  if (!from.isFloat() || !to.isFloat() ||
      from.getBitWidth() <= to.getBitWidth()) {
    diags.error(l, "fp_downcast_rounding applies to narrowing float "
                   "conversions, not " +
                       from.str() + " to " + to.str());
    return std::nullopt;
  }
  if (to.isFP8()) {
    diags.error(l, "fp_downcast_rounding='rtz' to " + to.str() +
                       " is not supported yet (fp8 conversions round to "
                       "nearest even)");
    return std::nullopt;
  }
  // Round to nearest even, then one step toward zero where that rounded
  // away from it: the narrow encodings of one sign are ordered by
  // magnitude, so the step is the bit pattern minus one (the largest
  // finite value for an overflow to infinity; NaNs compare false).
  auto nearest = cast(t, to, l);
  if (!nearest)
    return std::nullopt;
  auto L = loc(l);
  mlir::Value x = t.value, r = nearest->value;
  mlir::Value back = arith::ExtFOp::create(builder, L, x.getType(), r);
  mlir::Value away =
      arith::CmpFOp::create(builder, L, arith::CmpFPredicate::OGT,
                            mlir::math::AbsFOp::create(builder, L, back),
                            mlir::math::AbsFOp::create(builder, L, x));
  TType bits =
      t.type.withElem(to.getBitWidth() == 16 ? DType(DK::I16) : DType(DK::I32));
  mlir::Type bitsTy = bits.toMLIR(&ctx);
  mlir::Value one = constantInt(bits, 1, l).value;
  mlir::Value stepped = arith::BitcastOp::create(
      builder, L, r.getType(),
      arith::SubIOp::create(
          builder, L, arith::BitcastOp::create(builder, L, bitsTy, r), one));
  return Obj::tensor(arith::SelectOp::create(builder, L, away, stepped, r),
                     nearest->type);
}

std::optional<Obj> CodeGen::castObj(const Obj &o, const DType &to, Loc l) {
  auto t = toTensor(o, l);
  if (!t)
    return std::nullopt;
  return cast(*t, to, l);
}

//===----------------------------------------------------------------------===//
// Broadcasting
//===----------------------------------------------------------------------===//

static std::string shapeText(llvm::ArrayRef<int64_t> shape) {
  std::string out = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    out += (i ? ", " : "") + std::to_string(shape[i]);
  return out + "]";
}

std::optional<Obj> CodeGen::broadcastTo(const Obj &t,
                                        llvm::ArrayRef<int64_t> shape, Loc l) {
  if (llvm::ArrayRef<int64_t>(t.type.shape) == shape)
    return t;
  auto L = loc(l);
  TType target{t.type.elem, llvm::SmallVector<int64_t>(shape)};
  if (!t.type.isBlock())
    return Obj::tensor(
        tkcir::SplatOp::create(builder, L, target.toMLIR(&ctx), t.value),
        target);
  auto fail = [&]() -> std::optional<Obj> {
    diags.error(l, "cannot broadcast " + t.type.str() + " to shape " +
                       shapeText(shape));
    return std::nullopt;
  };
  if (t.type.shape.size() > shape.size())
    return fail();
  Obj cur = t;
  while (cur.type.shape.size() < shape.size()) {
    llvm::SmallVector<int64_t> s = cur.type.shape;
    s.insert(s.begin(), 1);
    TType et{cur.type.elem, s};
    cur =
        Obj::tensor(tkcir::ExpandDimsOp::create(builder, L, cur.value, 0), et);
  }
  for (size_t i = 0; i < shape.size(); ++i)
    if (cur.type.shape[i] != shape[i] && cur.type.shape[i] != 1)
      return fail();
  if (llvm::ArrayRef<int64_t>(cur.type.shape) == shape)
    return cur;
  return Obj::tensor(
      tkcir::BroadcastOp::create(builder, L, target.toMLIR(&ctx), cur.value),
      target);
}

/// The numpy-style common shape of two shapes, or nullopt.
static std::optional<llvm::SmallVector<int64_t>>
commonShape(llvm::ArrayRef<int64_t> a, llvm::ArrayRef<int64_t> b) {
  size_t rank = std::max(a.size(), b.size());
  llvm::SmallVector<int64_t> out(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (da != db && da != 1 && db != 1)
      return std::nullopt;
    out[i] = std::max(da, db);
  }
  return out;
}

bool CodeGen::broadcastPair(Obj &a, Obj &b, Loc l) {
  if (a.type.shape == b.type.shape)
    return true;
  auto shape = commonShape(a.type.shape, b.type.shape);
  if (!shape)
    return diags.error(l, "cannot broadcast " + a.type.str() + " with " +
                              b.type.str() + ": shapes " +
                              shapeText(a.type.shape) + " and " +
                              shapeText(b.type.shape) + " are incompatible");
  auto na = broadcastTo(a, *shape, l);
  auto nb = broadcastTo(b, *shape, l);
  if (!na || !nb)
    return false;
  a = *na;
  b = *nb;
  return true;
}

bool CodeGen::promoteOperands(Obj &a, Obj &b, PromotionPurpose purpose, Loc l) {
  bool aLiteral = a.isNumber() && !a.heldAsValue;
  bool bLiteral = b.isNumber() && !b.heldAsValue;
  auto at = toTensor(a, l), bt = toTensor(b, l);
  if (!at || !bt)
    return false;
  auto type = computationType(at->type.elem, aLiteral, bt->type.elem, bLiteral,
                              purpose);
  if (!type)
    return diags.error(l, "operands of types " + at->type.elem.str() + " and " +
                              bt->type.elem.str() + " have no common type");
  auto ca = cast(*at, *type, l), cb = cast(*bt, *type, l);
  if (!ca || !cb)
    return false;
  a = *ca;
  b = *cb;
  return broadcastPair(a, b, l);
}

//===----------------------------------------------------------------------===//
// Constant folding in Python semantics
//===----------------------------------------------------------------------===//

static double asDouble(const Obj &o) {
  return o.kind == Kind::Float ? o.floatValue : static_cast<double>(o.intValue);
}

static std::optional<Obj> foldNumbers(CodeGen &cg, BinOp op, const Obj &a,
                                      const Obj &b, Loc l) {
  bool isFloat = a.kind == Kind::Float || b.kind == Kind::Float;
  bool bothBool = a.kind == Kind::Bool && b.kind == Kind::Bool;
  auto overflow = [&]() -> std::optional<Obj> {
    cg.diags.error(l, "integer overflow in constant expression");
    return std::nullopt;
  };
  auto divZero = [&]() -> std::optional<Obj> {
    cg.diags.error(l, "division by zero in constant expression");
    return std::nullopt;
  };
  if (op == BinOp::Div) {
    if (asDouble(b) == 0)
      return divZero();
    return Obj::floating(asDouble(a) / asDouble(b));
  }
  if (isFloat) {
    double x = asDouble(a), y = asDouble(b);
    switch (op) {
    case BinOp::Add:
      return Obj::floating(x + y);
    case BinOp::Sub:
      return Obj::floating(x - y);
    case BinOp::Mul:
      return Obj::floating(x * y);
    case BinOp::FloorDiv:
      if (y == 0)
        return divZero();
      return Obj::floating(std::floor(x / y));
    case BinOp::Mod: {
      if (y == 0)
        return divZero();
      double r = std::fmod(x, y);
      if (r != 0 && ((r < 0) != (y < 0)))
        r += y;
      return Obj::floating(r);
    }
    case BinOp::Pow:
      return Obj::floating(std::pow(x, y));
    default:
      cg.diags.error(l, std::string("operator '") + spelling(op) +
                            "' needs integer operands");
      return std::nullopt;
    }
  }
  PyInt x = a.intValue, y = b.intValue, r = 0;
  constexpr PyInt kMin = std::numeric_limits<PyInt>::min();
  constexpr PyInt kMax = std::numeric_limits<PyInt>::max();
  switch (op) {
  case BinOp::Add:
    if (__builtin_add_overflow(x, y, &r))
      return overflow();
    return Obj::integer(r);
  case BinOp::Sub:
    if (__builtin_sub_overflow(x, y, &r))
      return overflow();
    return Obj::integer(r);
  case BinOp::Mul:
    if (__builtin_mul_overflow(x, y, &r))
      return overflow();
    return Obj::integer(r);
  case BinOp::FloorDiv:
  case BinOp::Mod: {
    if (y == 0)
      return divZero();
    if (x == kMin && y == -1)
      return overflow();
    PyInt q = x / y, m = x % y;
    if (m != 0 && ((m < 0) != (y < 0))) {
      q -= 1;
      m += y;
    }
    return Obj::integer(op == BinOp::FloorDiv ? q : m);
  }
  case BinOp::Pow: {
    if (y < 0)
      return Obj::floating(
          std::pow(static_cast<double>(x), static_cast<double>(y)));
    // By squaring: any exponent folds in at most 2 * 128 multiplications.
    PyInt acc = 1, base = x;
    for (PyInt e = y; e; e >>= 1) {
      if ((e & 1) && __builtin_mul_overflow(acc, base, &acc))
        return overflow();
      if (e > 1 && __builtin_mul_overflow(base, base, &base))
        return overflow();
    }
    return Obj::integer(acc);
  }
  case BinOp::LShift:
    if (y < 0) {
      cg.diags.error(l, "negative shift count");
      return std::nullopt;
    }
    if (x == 0)
      return Obj::integer(0);
    if (y >= 127 || x > (kMax >> y) || x < (kMin >> y))
      return overflow();
    return Obj::integer(x * (PyInt(1) << y));
  case BinOp::RShift:
    if (y < 0) {
      cg.diags.error(l, "negative shift count");
      return std::nullopt;
    }
    return Obj::integer(y >= 127 ? (x < 0 ? -1 : 0) : x >> y);
  case BinOp::BitAnd:
    return bothBool ? Obj::boolean(x & y) : Obj::integer(x & y);
  case BinOp::BitOr:
    return bothBool ? Obj::boolean(x | y) : Obj::integer(x | y);
  case BinOp::BitXor:
    return bothBool ? Obj::boolean(x ^ y) : Obj::integer(x ^ y);
  default:
    break;
  }
  cg.diags.error(l, std::string("operator '") + spelling(op) +
                        "' is not supported on constexprs");
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Operators
//===----------------------------------------------------------------------===//

static std::string typeName(const Obj &o) {
  switch (o.kind) {
  case Kind::Str:
    return "str";
  case Kind::None:
    return "None";
  case Kind::Tuple:
    return "tuple";
  case Kind::DTypeObj:
    return "dtype";
  default:
    return o.describe();
  }
}

std::optional<Obj> CodeGen::binaryOp(BinOp op, const Obj &a, const Obj &b,
                                     Loc l) {
  if (a.isNumber() && b.isNumber()) {
    auto folded = foldNumbers(*this, op, a, b, l);
    if (folded && folded->isNumber())
      folded->heldAsValue = a.heldAsValue || b.heldAsValue;
    return folded;
  }
  if (op == BinOp::Add && a.kind == Kind::Str && b.kind == Kind::Str)
    return Obj::string(a.str + b.str);
  if (op == BinOp::Add && a.kind == Kind::Tuple && b.kind == Kind::Tuple) {
    std::vector<Obj> elems = a.elems;
    elems.insert(elems.end(), b.elems.begin(), b.elems.end());
    return Obj::tuple(std::move(elems));
  }
  // `"ab" * 3`, `(x,) * n`: repetition, as Python does (none for n <= 0).
  bool repeats =
      op == BinOp::Mul &&
      (((a.kind == Kind::Str || a.kind == Kind::Tuple) &&
        b.kind == Kind::Int) ||
       (a.kind == Kind::Int && (b.kind == Kind::Str || b.kind == Kind::Tuple)));
  if (repeats) {
    const Obj &seq = a.kind == Kind::Int ? b : a;
    // Clamped: a count beyond int64 is refused below as too long anyway.
    int64_t count = static_cast<int64_t>(
        std::clamp<PyInt>((a.kind == Kind::Int ? a : b).intValue, 0,
                          std::numeric_limits<int64_t>::max()));
    size_t length = seq.kind == Kind::Str ? seq.str.size() : seq.elems.size();
    constexpr size_t kMaxRepeated = size_t(1) << 20;
    if (length && uint64_t(count) > kMaxRepeated / length) {
      diags.error(l, "a repeated sequence is limited to " +
                         std::to_string(kMaxRepeated) + " items");
      return std::nullopt;
    }
    Obj out = seq;
    out.str.clear();
    out.elems.clear();
    for (int64_t i = 0; length && i < count; ++i) {
      out.str += seq.str;
      out.elems.insert(out.elems.end(), seq.elems.begin(), seq.elems.end());
    }
    return out;
  }
  auto isValue = [](const Obj &o) { return o.isTensor() || o.isNumber(); };
  if (!isValue(a) || !isValue(b)) {
    diags.error(l, std::string("unsupported operand types for '") +
                       spelling(op) + "': " + typeName(a) + " and " +
                       typeName(b));
    return std::nullopt;
  }
  if (op == BinOp::MatMul) {
    diags.error(l, "the '@' operator is not supported; use tl.dot");
    return std::nullopt;
  }
  if (op == BinOp::Pow) {
    diags.error(l, "'**' is only supported between constexprs");
    return std::nullopt;
  }
  auto L = loc(l);
  auto at = toTensor(a, l), bt = toTensor(b, l);
  if (!at || !bt)
    return std::nullopt;

  // Pointer arithmetic.
  if (at->type.elem.isPtr() || bt->type.elem.isPtr()) {
    bool ptrLeft = at->type.elem.isPtr();
    Obj ptr = ptrLeft ? *at : *bt;
    Obj off = ptrLeft ? *bt : *at;
    bool ok = (op == BinOp::Add || (op == BinOp::Sub && ptrLeft)) &&
              off.type.elem.isInt();
    // A boolean offset counts 0 or 1, as Triton zero-extends it.
    if (ok && off.type.elem.isBool()) {
      auto wide = cast(off, DType(DK::I32), l);
      if (!wide)
        return std::nullopt;
      off = *wide;
    }
    if (!ok) {
      diags.error(l, std::string("operator '") + spelling(op) +
                         "' is not defined between " + at->type.str() +
                         " and " + bt->type.str() +
                         " (pointers take + and - of integers)");
      return std::nullopt;
    }
    if (op == BinOp::Sub) {
      Obj zero = constantInt(off.type, 0, l);
      off = Obj::tensor(
          arith::SubIOp::create(builder, L, zero.value, off.value), off.type);
    }
    if (!broadcastPair(ptr, off, l))
      return std::nullopt;
    return Obj::tensor(tkcir::AddPtrOp::create(builder, L, ptr.value.getType(),
                                               ptr.value, off.value),
                       ptr.type);
  }

  Obj x = a, y = b;
  bool bothInt = at->type.elem.isInt() && bt->type.elem.isInt();
  switch (op) {
  case BinOp::BitAnd:
  case BinOp::BitOr:
  case BinOp::BitXor:
  case BinOp::LShift:
  case BinOp::RShift: {
    if (!bothInt) {
      diags.error(l, std::string("operator '") + spelling(op) +
                         "' needs integer operands, got " + at->type.str() +
                         " and " + bt->type.str());
      return std::nullopt;
    }
    if (!promoteOperands(x, y, PromotionPurpose::Arithmetic, l))
      return std::nullopt;
    // A shift by a constant outside the operands' width has no defined
    // result (LLVM's is poison), in Triton as here: Triton warns too.
    // DeepSpeed's fp8 GEMM shifts uint8 values by 8 so.
    if ((op == BinOp::LShift || op == BinOp::RShift) && b.isNumber() &&
        !b.heldAsValue &&
        (b.intValue < 0 || b.intValue >= x.type.elem.getBitWidth()))
      diags.warning(l, "shift by " + std::to_string((long long)b.intValue) +
                           " is outside the " +
                           std::to_string(x.type.elem.getBitWidth()) +
                           " bits of " + x.type.elem.str() +
                           ": the result is undefined");
    // Triton shifts right by the sign of the tensor it is a method of: the
    // left operand's before promotion (int8 >> uint32 is arithmetic), the
    // right one's where the left is a number (__rrshift__).
    mlir::Value r;
    if (op == BinOp::BitAnd)
      r = arith::AndIOp::create(builder, L, x.value, y.value);
    else if (op == BinOp::BitOr)
      r = arith::OrIOp::create(builder, L, x.value, y.value);
    else if (op == BinOp::BitXor)
      r = arith::XOrIOp::create(builder, L, x.value, y.value);
    else if (op == BinOp::LShift)
      r = arith::ShLIOp::create(builder, L, x.value, y.value);
    else if (((a.isNumber() && !a.heldAsValue) ? bt : at)->type.elem.isSigned())
      r = arith::ShRSIOp::create(builder, L, x.value, y.value);
    else
      r = arith::ShRUIOp::create(builder, L, x.value, y.value);
    return Obj::tensor(r, x.type);
  }
  case BinOp::Div: {
    if (bothInt) {
      auto cx = cast(*at, DType(DK::FP32), l),
           cy = cast(*bt, DType(DK::FP32), l);
      if (!cx || !cy)
        return std::nullopt;
      x = *cx;
      y = *cy;
      if (!broadcastPair(x, y, l))
        return std::nullopt;
    } else if (!promoteOperands(x, y, PromotionPurpose::DivOrMod, l)) {
      return std::nullopt;
    }
    // Triton's `/` may approximate (div.full.f32 on NVIDIA): fastmath afn,
    // which tl.div_rn leaves off.
    return Obj::tensor(arith::DivFOp::create(builder, L, x.value, y.value,
                                             arith::FastMathFlags::afn),
                       x.type);
  }
  case BinOp::FloorDiv:
  case BinOp::Mod: {
    auto purpose =
        bothInt ? PromotionPurpose::Arithmetic : PromotionPurpose::DivOrMod;
    if (!promoteOperands(x, y, purpose, l))
      return std::nullopt;
    mlir::Value r;
    bool isSigned = x.type.elem.isSigned();
    if (x.type.elem.isFloat()) {
      if (op == BinOp::Mod) {
        r = arith::RemFOp::create(builder, L, x.value, y.value);
      } else {
        // Rounded correctly: an approximate quotient could floor to one
        // less where it is a whole number.
        r = arith::DivFOp::create(builder, L, x.value, y.value);
        r = mlir::math::FloorOp::create(builder, L, r);
      }
    } else if (op == BinOp::FloorDiv) {
      r = isSigned
              ? arith::DivSIOp::create(builder, L, x.value, y.value).getResult()
              : arith::DivUIOp::create(builder, L, x.value, y.value)
                    .getResult();
    } else {
      r = isSigned
              ? arith::RemSIOp::create(builder, L, x.value, y.value).getResult()
              : arith::RemUIOp::create(builder, L, x.value, y.value)
                    .getResult();
    }
    return Obj::tensor(r, x.type);
  }
  case BinOp::Add:
  case BinOp::Sub:
  case BinOp::Mul: {
    if (!promoteOperands(x, y, PromotionPurpose::Arithmetic, l))
      return std::nullopt;
    mlir::Value r;
    if (x.type.elem.isFloat()) {
      if (op == BinOp::Add)
        r = arith::AddFOp::create(builder, L, x.value, y.value);
      else if (op == BinOp::Sub)
        r = arith::SubFOp::create(builder, L, x.value, y.value);
      else
        r = arith::MulFOp::create(builder, L, x.value, y.value);
    } else {
      if (op == BinOp::Add)
        r = arith::AddIOp::create(builder, L, x.value, y.value);
      else if (op == BinOp::Sub)
        r = arith::SubIOp::create(builder, L, x.value, y.value);
      else
        r = arith::MulIOp::create(builder, L, x.value, y.value);
    }
    return Obj::tensor(r, x.type);
  }
  default:
    break;
  }
  diags.error(l, std::string("operator '") + spelling(op) +
                     "' is not supported here");
  return std::nullopt;
}

bool constEqual(const Obj &a, const Obj &b) {
  if (a.isNumber() && b.isNumber())
    return asDouble(a) == asDouble(b) &&
           (a.kind == Kind::Float || b.kind == Kind::Float ||
            a.intValue == b.intValue);
  if (a.kind != b.kind)
    return false;
  switch (a.kind) {
  case Kind::Str:
  case Kind::Module:
  case Kind::Builtin:
    return a.str == b.str;
  case Kind::None:
    return true;
  case Kind::DTypeObj:
    return a.dtype == b.dtype && a.blockShape == b.blockShape &&
           a.pointerToBlock == b.pointerToBlock;
  case Kind::Function:
    return a.function == b.function;
  case Kind::Tuple:
    if (a.elems.size() != b.elems.size())
      return false;
    for (size_t i = 0; i < a.elems.size(); ++i)
      if (!a.elems[i].isConstexpr() || !b.elems[i].isConstexpr() ||
          !constEqual(a.elems[i], b.elems[i]))
        return false;
    return true;
  default:
    return false;
  }
}

std::optional<Obj> CodeGen::compare(CmpOp op, const Obj &a, const Obj &b,
                                    Loc l) {
  if (a.isConstexpr() && b.isConstexpr()) {
    switch (op) {
    case CmpOp::Eq:
    case CmpOp::Is:
      return Obj::boolean(constEqual(a, b));
    case CmpOp::NotEq:
    case CmpOp::IsNot:
      return Obj::boolean(!constEqual(a, b));
    case CmpOp::In:
    case CmpOp::NotIn: {
      if (b.kind != Kind::Tuple) {
        diags.error(l, "'in' needs a tuple or list on the right, got " +
                           b.describe());
        return std::nullopt;
      }
      bool found = false;
      for (const Obj &e : b.elems)
        found |= e.isConstexpr() && constEqual(a, e);
      return Obj::boolean(op == CmpOp::In ? found : !found);
    }
    default:
      break;
    }
    if (a.isNumber() && b.isNumber()) {
      double x = asDouble(a), y = asDouble(b);
      bool useInt = a.kind != Kind::Float && b.kind != Kind::Float;
      PyInt i = a.intValue, j = b.intValue;
      switch (op) {
      case CmpOp::Lt:
        return Obj::boolean(useInt ? i < j : x < y);
      case CmpOp::LtE:
        return Obj::boolean(useInt ? i <= j : x <= y);
      case CmpOp::Gt:
        return Obj::boolean(useInt ? i > j : x > y);
      default:
        return Obj::boolean(useInt ? i >= j : x >= y);
      }
    }
    if (a.kind == Kind::Str && b.kind == Kind::Str) {
      int c = a.str.compare(b.str);
      switch (op) {
      case CmpOp::Lt:
        return Obj::boolean(c < 0);
      case CmpOp::LtE:
        return Obj::boolean(c <= 0);
      case CmpOp::Gt:
        return Obj::boolean(c > 0);
      default:
        return Obj::boolean(c >= 0);
      }
    }
    diags.error(l, std::string("cannot compare ") + typeName(a) + " and " +
                       typeName(b) + " with '" + spelling(op) + "'");
    return std::nullopt;
  }
  if (op == CmpOp::Is || op == CmpOp::IsNot) {
    // Identity, decided at compile time as Python does when Triton traces
    // the kernel: a runtime value is not None (`if MASK is not None:` where
    // MASK is a pointer), and is only itself.
    bool same = a.isTensor() && b.isTensor() && a.value == b.value;
    return Obj::boolean(same == (op == CmpOp::Is));
  }
  if (op == CmpOp::In || op == CmpOp::NotIn) {
    diags.error(l, std::string("'") + spelling(op) +
                       "' needs constexpr operands; use == or != on blocks");
    return std::nullopt;
  }
  auto isValue = [](const Obj &o) { return o.isTensor() || o.isNumber(); };
  if (!isValue(a) || !isValue(b)) {
    diags.error(l, std::string("cannot compare ") + typeName(a) + " and " +
                       typeName(b));
    return std::nullopt;
  }
  auto L = loc(l);
  // A number is compared as Triton's to_tensor makes it, an int32 or a
  // float32 value that takes part in the promotion: `x_fp16 > 0.3` compares
  // in float32, `x_int8 > 1000` in int32.
  auto at = toTensor(a, l), bt = toTensor(b, l);
  if (!at || !bt)
    return std::nullopt;
  Obj x = *at, y = *bt;
  if (x.type.elem.isPtr() || y.type.elem.isPtr()) {
    auto cx = cast(x, DType(DK::U64), l), cy = cast(y, DType(DK::U64), l);
    if (!cx || !cy)
      return std::nullopt;
    x = *cx;
    y = *cy;
    if (!broadcastPair(x, y, l))
      return std::nullopt;
  } else if (!promoteOperands(x, y, PromotionPurpose::Arithmetic, l)) {
    return std::nullopt;
  }
  TType rt = x.type.withElem(DType(DK::I1));
  if (x.type.elem.isFloat()) {
    arith::CmpFPredicate p = arith::CmpFPredicate::OEQ;
    switch (op) {
    case CmpOp::Eq:
      p = arith::CmpFPredicate::OEQ;
      break;
    case CmpOp::NotEq:
      p = arith::CmpFPredicate::UNE;
      break;
    case CmpOp::Lt:
      p = arith::CmpFPredicate::OLT;
      break;
    case CmpOp::LtE:
      p = arith::CmpFPredicate::OLE;
      break;
    case CmpOp::Gt:
      p = arith::CmpFPredicate::OGT;
      break;
    default:
      p = arith::CmpFPredicate::OGE;
      break;
    }
    return Obj::tensor(arith::CmpFOp::create(builder, L, p, x.value, y.value),
                       rt);
  }
  bool s = x.type.elem.isSigned();
  arith::CmpIPredicate p = arith::CmpIPredicate::eq;
  switch (op) {
  case CmpOp::Eq:
    p = arith::CmpIPredicate::eq;
    break;
  case CmpOp::NotEq:
    p = arith::CmpIPredicate::ne;
    break;
  case CmpOp::Lt:
    p = s ? arith::CmpIPredicate::slt : arith::CmpIPredicate::ult;
    break;
  case CmpOp::LtE:
    p = s ? arith::CmpIPredicate::sle : arith::CmpIPredicate::ule;
    break;
  case CmpOp::Gt:
    p = s ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::ugt;
    break;
  default:
    p = s ? arith::CmpIPredicate::sge : arith::CmpIPredicate::uge;
    break;
  }
  return Obj::tensor(arith::CmpIOp::create(builder, L, p, x.value, y.value),
                     rt);
}

std::optional<Obj> CodeGen::unaryOp(UnaryOp op, const Obj &a, Loc l) {
  if (op == UnaryOp::Not) {
    if (a.isConstexpr())
      return Obj::boolean(!truthy(a));
    auto b = toBool(a, l);
    if (!b)
      return std::nullopt;
    Obj one = constantInt(b->type, 1, l);
    return Obj::tensor(
        arith::XOrIOp::create(builder, loc(l), b->value, one.value), b->type);
  }
  if (a.isNumber()) {
    auto held = [&](Obj o) {
      o.heldAsValue = a.heldAsValue;
      return o;
    };
    if (op == UnaryOp::Pos)
      return a.kind == Kind::Bool ? held(Obj::integer(a.intValue)) : a;
    if (op == UnaryOp::Neg) {
      if (a.kind == Kind::Float)
        return held(Obj::floating(-a.floatValue));
      if (a.intValue == std::numeric_limits<PyInt>::min()) {
        diags.error(l, "integer overflow in constant expression");
        return std::nullopt;
      }
      return held(Obj::integer(-a.intValue));
    }
    if (a.kind == Kind::Float) {
      diags.error(l, "operator '~' needs an integer operand");
      return std::nullopt;
    }
    return held(Obj::integer(~a.intValue));
  }
  if (!a.isTensor()) {
    diags.error(l, std::string("bad operand for unary '") + spelling(op) +
                       "': " + typeName(a));
    return std::nullopt;
  }
  const DType &e = a.type.elem;
  auto L = loc(l);
  if (e.isPtr()) {
    diags.error(l, std::string("unary '") + spelling(op) +
                       "' is not defined for pointers");
    return std::nullopt;
  }
  switch (op) {
  case UnaryOp::Pos:
    return a;
  case UnaryOp::Neg:
    // Triton negates a float as 0 - x (so -(+0.0) is +0.0), not by its
    // sign bit.
    if (e.isFloat())
      return Obj::tensor(
          arith::SubFOp::create(builder, L, constantFloat(a.type, 0.0, l).value,
                                a.value),
          a.type);
    return Obj::tensor(arith::SubIOp::create(builder, L,
                                             constantInt(a.type, 0, l).value,
                                             a.value),
                       a.type);
  case UnaryOp::Invert:
    if (!e.isInt()) {
      diags.error(l,
                  "operator '~' needs an integer operand, got " + a.type.str());
      return std::nullopt;
    }
    return Obj::tensor(arith::XOrIOp::create(builder, L, a.value,
                                             constantInt(a.type, -1, l).value),
                       a.type);
  default:
    return std::nullopt;
  }
}

std::optional<Obj> CodeGen::where(const Obj &cond, const Obj &x, const Obj &y,
                                  Loc l) {
  auto c = toBool(cond, l);
  if (!c)
    return std::nullopt;
  Obj a = x, b = y;
  auto at = toTensor(a, l), bt = toTensor(b, l);
  if (!at || !bt)
    return std::nullopt;
  if (at->type.elem.isPtr() || bt->type.elem.isPtr()) {
    if (at->type.elem != bt->type.elem) {
      diags.error(l, "tl.where operands have different types " +
                         at->type.elem.str() + " and " + bt->type.elem.str());
      return std::nullopt;
    }
    a = *at;
    b = *bt;
    if (!broadcastPair(a, b, l))
      return std::nullopt;
  } else if (!promoteOperands(a, b, PromotionPurpose::Arithmetic, l)) {
    return std::nullopt;
  }
  Obj cc = *c;
  if (!broadcastPair(cc, a, l) || !broadcastPair(cc, b, l) ||
      !broadcastPair(a, b, l))
    return std::nullopt;
  return Obj::tensor(
      arith::SelectOp::create(builder, loc(l), cc.value, a.value, b.value),
      a.type);
}

std::optional<Obj> CodeGen::minMax(bool isMax, const Obj &a, const Obj &b,
                                   Loc l, bool propagateNan) {
  Obj x = a, y = b;
  if (!promoteOperands(x, y, PromotionPurpose::Arithmetic, l))
    return std::nullopt;
  auto L = loc(l);
  mlir::Value r;
  const DType &e = x.type.elem;
  if (e.isFloat()) {
    if (propagateNan)
      r = isMax ? arith::MaximumFOp::create(builder, L, x.value, y.value)
                      .getResult()
                : arith::MinimumFOp::create(builder, L, x.value, y.value)
                      .getResult();
    else
      r = isMax ? arith::MaxNumFOp::create(builder, L, x.value, y.value)
                      .getResult()
                : arith::MinNumFOp::create(builder, L, x.value, y.value)
                      .getResult();
  } else if (e.isSigned()) {
    r = isMax
            ? arith::MaxSIOp::create(builder, L, x.value, y.value).getResult()
            : arith::MinSIOp::create(builder, L, x.value, y.value).getResult();
  } else {
    r = isMax
            ? arith::MaxUIOp::create(builder, L, x.value, y.value).getResult()
            : arith::MinUIOp::create(builder, L, x.value, y.value).getResult();
  }
  return Obj::tensor(r, x.type);
}

//===----------------------------------------------------------------------===//
// Constexpr readers
//===----------------------------------------------------------------------===//

bool CodeGen::truthy(const Obj &o) {
  switch (o.kind) {
  case Kind::Int:
  case Kind::Bool:
    return o.intValue != 0;
  case Kind::Float:
    return o.floatValue != 0;
  case Kind::Str:
    return !o.str.empty();
  case Kind::None:
    return false;
  case Kind::Tuple:
    return !o.elems.empty();
  default:
    return true;
  }
}

std::optional<int64_t> CodeGen::constInt(const Obj &o, Loc l,
                                         llvm::StringRef what) {
  if (o.kind == Kind::Int || o.kind == Kind::Bool) {
    if (std::optional<int64_t> v = toInt64(o.intValue))
      return v;
    diags.error(l, what + " must fit in int64, got " + o.describe());
    return std::nullopt;
  }
  diags.error(l, what + " must be a constexpr integer, got " + o.describe());
  return std::nullopt;
}

std::optional<llvm::SmallVector<int64_t>> CodeGen::constShape(const Obj &o,
                                                              Loc l) {
  llvm::SmallVector<int64_t> shape;
  std::vector<Obj> dims = o.kind == Kind::Tuple ? o.elems : std::vector<Obj>{o};
  for (const Obj &d : dims) {
    auto v = constInt(d, l, "a block dimension");
    if (!v)
      return std::nullopt;
    if (*v <= 0 || !llvm::isPowerOf2_64(*v)) {
      diags.error(l, "block dimensions must be powers of two, got " +
                         std::to_string(*v));
      return std::nullopt;
    }
    shape.push_back(*v);
  }
  return shape;
}

} // namespace tkc::frontend
