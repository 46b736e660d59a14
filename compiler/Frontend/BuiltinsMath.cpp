//===- BuiltinsMath.cpp - Elementwise math and tl.dot ---------------------===//
//
// The `tl` math functions: tl.where, the unary float functions that map to
// one math-dialect op (tl.exp, tl.sqrt, ...; fp32 and fp64 only, as in
// Triton), tl.abs, tl.maximum/minimum, tl.clamp, tl.fma, tl.fdiv/div_rn,
// tl.cdiv, the compositions tl.sigmoid and tl.softmax, and the matrix
// product tl.dot with its accumulator, input precision and output dtype.
// Also the functions of triton.language.extra.libdevice that kernel
// libraries import (`libdevice.tanh`, `libdevice.pow`, `libdevice.isnan`,
// ...): each lowers to the math-dialect or arith op of the same meaning,
// which the backends turn into the vendor's math library calls.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Builtins.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/ScopeExit.h"

#include <limits>

namespace tkc::frontend {

using Kind = Obj::Kind;
using DK = DType::Kind;
namespace arith = mlir::arith;
namespace math = mlir::math;
namespace tkcir = mlir::tkc;

/// `tl.where(condition, x, y)`.
static std::optional<Obj> lowerWhere(BuiltinCall &c) {
  if (!c.args.bind({"condition", "x", "y"}))
    return std::nullopt;
  return c.cg.where(*c.args.raw(0), *c.args.raw(1), *c.args.raw(2), c.l);
}

/// Checks that `x` holds fp32 or fp64, the types Triton's math functions
/// take; reports the call otherwise.
static bool checkFloat32Or64(const BuiltinCall &c, const Obj &x) {
  DK k = x.type.elem.getKind();
  if (k == DK::FP32 || k == DK::FP64)
    return true;
  c.error(c.fullName + " expects fp32 or fp64, got " + x.type.elem.str() +
          "; convert with .to(tl.float32)");
  return false;
}

/// A unary float function lowered to the math-dialect op `OpTy`, which
/// Triton defines for fp32 and fp64 only; `approximate` allows the target
/// an approximation (fastmath afn: `tl.sqrt`, where `tl.sqrt_rn` rounds
/// correctly).
template <typename OpTy, bool approximate = false>
static std::optional<Obj> lowerFloatMath(BuiltinCall &c) {
  if (!c.args.bind({"x"}))
    return std::nullopt;
  auto x = c.args.tensor(0);
  if (!x)
    return std::nullopt;
  if (!checkFloat32Or64(c, *x))
    return std::nullopt;
  auto op = OpTy::create(c.b, c.L, x->value);
  if (approximate)
    op.setFastmath(mlir::arith::FastMathFlags::afn);
  return Obj::tensor(op.getResult(), x->type);
}

/// A binary float function (`libdevice.pow`, `libdevice.fmod`) lowered to
/// `OpTy` after the operands are promoted to one type, fp32 or fp64.
template <typename OpTy>
static std::optional<Obj> lowerFloatBinary(BuiltinCall &c) {
  if (!c.args.bind({"arg0", "arg1"}))
    return std::nullopt;
  Obj x = *c.args.raw(0), y = *c.args.raw(1);
  if (!c.cg.promoteOperands(x, y, PromotionPurpose::Arithmetic, c.l) ||
      !checkFloat32Or64(c, x))
    return std::nullopt;
  return Obj::tensor(OpTy::create(c.b, c.L, x.value, y.value), x.type);
}

/// A libdevice function that MLIR's math dialect lacks, of `arity` (1 or 2)
/// arguments promoted to one type, fp32 or fp64, returning that type (or
/// int32 with `int32Result`: `ilogb`): a tkc.extern_elementwise that the
/// backend maps to its math library (TargetInfo::getMathLibrarySymbol).
template <unsigned arity, bool int32Result = false>
static std::optional<Obj> lowerExternFunction(BuiltinCall &c) {
  constexpr bool binary = arity == 2;
  if (!(binary ? c.args.bind({"arg0", "arg1"}) : c.args.bind({"arg0"})))
    return std::nullopt;
  Obj x = *c.args.raw(0);
  std::optional<Obj> y;
  if (binary) {
    y = *c.args.raw(1);
    if (!c.cg.promoteOperands(x, *y, PromotionPurpose::Arithmetic, c.l))
      return std::nullopt;
  } else if (auto t = c.cg.toTensor(x, c.args.loc(0))) {
    x = *t;
  } else {
    return std::nullopt;
  }
  if (!checkFloat32Or64(c, x))
    return std::nullopt;
  llvm::SmallVector<mlir::Value> args = {x.value};
  if (y)
    args.push_back(y->value);
  TType type = int32Result ? x.type.withElem(DType(DK::I32)) : x.type;
  return Obj::tensor(tkcir::ExternElementwiseOp::create(
                         c.b, c.L, type.toMLIR(&c.cg.ctx), c.name, args)
                         .getResult(),
                     type);
}

/// `libdevice.ldexp(x, n)`: x * 2**n for fp32 or fp64 x and an integer n
/// (taken as int32, as libdevice and ocml do), through the math library.
static std::optional<Obj> lowerLdexp(BuiltinCall &c) {
  if (!c.args.bind({"arg0", "arg1"}))
    return std::nullopt;
  auto x = c.args.tensor(0);
  auto n = c.args.tensor(1);
  if (!x || !n || !checkFloat32Or64(c, *x))
    return std::nullopt;
  if (!n->type.elem.isInt()) {
    c.error(c.fullName + " expects an integer exponent, got " +
            n->type.elem.str());
    return std::nullopt;
  }
  Obj value = *x, power = *n;
  if (!c.cg.broadcastPair(value, power, c.l))
    return std::nullopt;
  auto exponent = c.cg.cast(power, DType(DK::I32), c.l);
  if (!exponent)
    return std::nullopt;
  return Obj::tensor(tkcir::ExternElementwiseOp::create(
                         c.b, c.L, value.type.toMLIR(&c.cg.ctx), c.name,
                         mlir::ValueRange{value.value, exponent->value})
                         .getResult(),
                     value.type);
}

/// `libdevice.popc`, `clz` and `ffs` of 32- or 64-bit integers: the count of
/// set bits, of leading zeros, and the 1-based position of the lowest set
/// bit (0 for 0), each as int32 as libdevice returns them.
static std::optional<Obj> lowerBitCount(BuiltinCall &c) {
  if (!c.args.bind({"arg0"}))
    return std::nullopt;
  auto x = c.args.tensor(0);
  if (!x)
    return std::nullopt;
  unsigned bits = x->type.elem.isInt() ? x->type.elem.getBitWidth() : 0;
  if (bits != 32 && bits != 64)
    return c.error("libdevice." + c.name +
                   " needs 32- or 64-bit integers, got " + x->type.str());
  mlir::Value v = x->value, count;
  if (c.name == "popc") {
    count = math::CtPopOp::create(c.b, c.L, v);
  } else if (c.name == "clz") {
    count = math::CountLeadingZerosOp::create(c.b, c.L, v);
  } else {
    Obj zero = c.cg.constantInt(x->type, 0, c.l);
    Obj one = c.cg.constantInt(x->type, 1, c.l);
    mlir::Value trailing = math::CountTrailingZerosOp::create(c.b, c.L, v);
    mlir::Value isZero = arith::CmpIOp::create(
        c.b, c.L, arith::CmpIPredicate::eq, v, zero.value);
    count = arith::SelectOp::create(
        c.b, c.L, isZero, zero.value,
        arith::AddIOp::create(c.b, c.L, trailing, one.value));
  }
  Obj result = Obj::tensor(count, x->type);
  return bits == 32 ? result : c.cg.cast(result, DType(DK::I32), c.l);
}

/// `libdevice.isnan`, `isinf`, `finitef`/`isfinited` (booleans) and
/// `signbit` (1 or 0 as int32): a test of each element, typed as Triton
/// types the libdevice results.
static std::optional<Obj> lowerFloatTest(BuiltinCall &c) {
  if (!c.args.bind({"arg0"}))
    return std::nullopt;
  auto x = c.args.tensor(0);
  if (!x || !checkFloat32Or64(c, *x))
    return std::nullopt;
  mlir::Value v = x->value, test;
  if (c.name == "isnan") {
    test = arith::CmpFOp::create(c.b, c.L, arith::CmpFPredicate::UNO, v, v);
  } else if (c.name == "signbit") {
    unsigned bits = x->type.elem.getBitWidth();
    TType asInt = x->type.withElem(DType(bits == 64 ? DK::I64 : DK::I32));
    auto i = c.cg.cast(*x, asInt.elem, c.l, /*bitcast=*/true);
    if (!i)
      return std::nullopt;
    Obj zero = c.cg.constantInt(asInt, 0, c.l);
    test = arith::CmpIOp::create(c.b, c.L, arith::CmpIPredicate::slt, i->value,
                                 zero.value);
  } else {
    // |x| == inf is infinite; |x| != inf, ordered, is finite.
    Obj inf = c.cg.constantFloat(x->type,
                                 std::numeric_limits<double>::infinity(), c.l);
    mlir::Value a = math::AbsFOp::create(c.b, c.L, v);
    auto pred = c.name == "isinf" ? arith::CmpFPredicate::OEQ
                                  : arith::CmpFPredicate::ONE;
    test = arith::CmpFOp::create(c.b, c.L, pred, a, inf.value);
  }
  TType flags = x->type.withElem(DType(DK::I1));
  if (c.name != "signbit")
    return Obj::tensor(test, flags);
  TType i32 = x->type.withElem(DType(DK::I32));
  return Obj::tensor(
      arith::ExtUIOp::create(c.b, c.L, i32.toMLIR(&c.cg.ctx), test), i32);
}

/// `tl.abs(x)`.
static std::optional<Obj> lowerAbs(BuiltinCall &c) {
  if (!c.args.bind({"x"}))
    return std::nullopt;
  auto x = c.args.tensor(0);
  if (!x)
    return std::nullopt;
  const DType &e = x->type.elem;
  if (e.isFP8()) {
    // No fp8 arithmetic: clear the sign bit, as Triton does.
    TType bytes = x->type.withElem(DType(DK::I8));
    auto i = c.cg.cast(*x, bytes.elem, c.l, /*bitcast=*/true);
    if (!i)
      return std::nullopt;
    Obj mask = c.cg.constantInt(bytes, 0x7f, c.l);
    Obj cleared = Obj::tensor(
        arith::AndIOp::create(c.b, c.L, i->value, mask.value), bytes);
    return c.cg.cast(cleared, e, c.l, /*bitcast=*/true);
  }
  if (e.isFloat())
    return Obj::tensor(math::AbsFOp::create(c.b, c.L, x->value), x->type);
  if (e.isSigned())
    return Obj::tensor(math::AbsIOp::create(c.b, c.L, x->value), x->type);
  if (e.isInt())
    return x;
  return c.error(c.fullName + " needs numbers, got " + x->type.str());
}

/// The `propagate_nan=` argument at `index`: true for
/// tl.PropagateNan.ALL (or a string "ALL"), false for NONE or when absent.
static std::optional<bool> propagateNan(BuiltinCall &c, size_t index) {
  auto pn = c.args.get(index);
  if (!pn || pn->kind == Kind::None)
    return false;
  if (pn->kind == Kind::Str && (pn->str == "ALL" || pn->str == "NONE"))
    return pn->str == "ALL";
  if (pn->kind == Kind::Int || pn->kind == Kind::Bool)
    return pn->intValue != 0;
  c.error("propagate_nan must be tl.PropagateNan.ALL or "
          "tl.PropagateNan.NONE, got " +
          pn->describe());
  return std::nullopt;
}

/// `objs` as Triton's builtins take them through `to_tensor`: numbers
/// become scalar values (int32, float32, ...) that take part in the type
/// promotion like any value (`tl.maximum(x_fp16, 0.0)` is fp32, as is
/// `tl.fma(x_fp16, y, 1.0)`), and with `bf16AsFp32`, bfloat16 values are
/// converted to float32 first (tl.maximum, tl.minimum, tl.clamp).
static bool asTritonTensors(BuiltinCall &c, llvm::MutableArrayRef<Obj> objs,
                            bool bf16AsFp32) {
  for (Obj &o : objs) {
    auto t = c.cg.toTensor(o, c.l);
    if (t && bf16AsFp32 && t->type.elem.getKind() == DK::BF16)
      t = c.cg.castObj(*t, DType(DK::FP32), c.l);
    if (!t)
      return false;
    o = *t;
  }
  return true;
}

/// `tl.maximum(x, y)` and `tl.minimum(x, y)`; with PropagateNan.ALL a NaN
/// operand gives NaN, else the other operand.
static std::optional<Obj> lowerMaximum(BuiltinCall &c) {
  if (!c.args.bind({"x", "y", "propagate_nan="}))
    return std::nullopt;
  auto propagate = propagateNan(c, 2);
  Obj xy[] = {*c.args.raw(0), *c.args.raw(1)};
  if (!propagate || !asTritonTensors(c, xy, /*bf16AsFp32=*/true))
    return std::nullopt;
  return c.cg.minMax(c.name == "maximum", xy[0], xy[1], c.l, *propagate);
}

/// `tl.clamp(x, min, max)`: min(max(x, min), max); with PropagateNan.ALL a
/// NaN in any operand gives NaN.
static std::optional<Obj> lowerClamp(BuiltinCall &c) {
  if (!c.args.bind({"x", "min", "max", "propagate_nan="}))
    return std::nullopt;
  auto propagate = propagateNan(c, 3);
  Obj x[] = {*c.args.raw(0), *c.args.raw(1), *c.args.raw(2)};
  if (!propagate || !asTritonTensors(c, x, /*bf16AsFp32=*/true))
    return std::nullopt;
  auto lo = c.cg.minMax(true, x[0], x[1], c.l, *propagate);
  if (!lo)
    return std::nullopt;
  return c.cg.minMax(false, *lo, x[2], c.l, *propagate);
}

/// `tl.fma(x, y, z)`: x * y + z, rounded once.
static std::optional<Obj> lowerFma(BuiltinCall &c) {
  if (!c.args.bind({"x", "y", "z"}))
    return std::nullopt;
  Obj xyz[] = {*c.args.raw(0), *c.args.raw(1), *c.args.raw(2)};
  if (!asTritonTensors(c, xyz, /*bf16AsFp32=*/false))
    return std::nullopt;
  auto &[x, y, z] = xyz;
  if (!c.cg.promoteOperands(x, y, PromotionPurpose::Arithmetic, c.l) ||
      !c.cg.promoteOperands(x, z, PromotionPurpose::Arithmetic, c.l) ||
      !c.cg.promoteOperands(y, z, PromotionPurpose::Arithmetic, c.l))
    return std::nullopt;
  if (!x.type.elem.isFloat())
    return c.error(c.fullName + " needs floats, got " + x.type.str());
  return Obj::tensor(math::FmaOp::create(c.b, c.L, x.value, y.value, z.value),
                     x.type);
}

/// `tl.sigmoid(x)`.
static std::optional<Obj> lowerSigmoid(BuiltinCall &c) {
  if (!c.args.bind({"x"}))
    return std::nullopt;
  // 1 / (1 + exp(-x)), as Triton's standard library defines it.
  auto neg = c.cg.unaryOp(UnaryOp::Neg, *c.args.raw(0), c.l);
  CallArgs e;
  if (neg)
    e.args = {*neg};
  auto ex = neg ? c.callBuiltin("tl.exp", e) : std::nullopt;
  auto den =
      ex ? c.cg.binaryOp(BinOp::Add, Obj::integer(1), *ex, c.l) : std::nullopt;
  return den ? c.cg.binaryOp(BinOp::Div, Obj::integer(1), *den, c.l)
             : std::nullopt;
}

/// `tl.softmax(x, dim)`.
static std::optional<Obj> lowerSoftmax(BuiltinCall &c) {
  if (!c.args.bind({"x", "dim=", "keep_dims=", "ieee_rounding="}))
    return std::nullopt;
  auto x = c.args.tensor(0);
  if (!x)
    return std::nullopt;
  CallArgs m;
  m.args = {*x, c.args.has(1) ? *c.args.get(1) : Obj::integer(0)};
  m.keywords = {{"keep_dims", Obj::boolean(true)}};
  auto mx = c.callBuiltin("tl.max", m);
  auto z = mx ? c.cg.binaryOp(BinOp::Sub, *x, *mx, c.l) : std::nullopt;
  CallArgs e;
  if (z)
    e.args = {*z};
  auto num = z ? c.callBuiltin("tl.exp", e) : std::nullopt;
  CallArgs sm;
  if (num) {
    sm.args = {*num, c.args.has(1) ? *c.args.get(1) : Obj::integer(0)};
    sm.keywords = {{"keep_dims", Obj::boolean(true)}};
  }
  auto den = num ? c.callBuiltin("tl.sum", sm) : std::nullopt;
  return den ? c.cg.binaryOp(BinOp::Div, *num, *den, c.l) : std::nullopt;
}

/// `tl.fdiv(x, y)`, which may approximate as `/` does (Triton ignores its
/// ieee_rounding), and `tl.div_rn(x, y)`, rounded correctly.
static std::optional<Obj> lowerFdiv(BuiltinCall &c) {
  if (!c.args.bind({"x", "y", "ieee_rounding="}))
    return std::nullopt;
  Obj x = *c.args.raw(0), y = *c.args.raw(1);
  if (!c.cg.promoteOperands(x, y, PromotionPurpose::Arithmetic, c.l))
    return std::nullopt;
  if (!x.type.elem.isFloat())
    return c.error(c.fullName + " needs floats, got " + x.type.str());
  auto flags = c.name == "div_rn" ? arith::FastMathFlags::none
                                  : arith::FastMathFlags::afn;
  return Obj::tensor(arith::DivFOp::create(c.b, c.L, x.value, y.value, flags),
                     x.type);
}

/// `tl.cdiv(x, div)`: division rounding up.
static std::optional<Obj> lowerCdiv(BuiltinCall &c) {
  if (!c.args.bind({"x", "div"}))
    return std::nullopt;
  Obj x = *c.args.raw(0), d = *c.args.raw(1);
  auto sum = c.cg.binaryOp(BinOp::Add, x, d, c.l);
  auto m1 = sum ? c.cg.binaryOp(BinOp::Sub, *sum, Obj::integer(1), c.l)
                : std::nullopt;
  return m1 ? c.cg.binaryOp(BinOp::FloorDiv, *m1, d, c.l) : std::nullopt;
}

/// `tl.add(x, y, sanitize_overflow=True)`, `tl.sub` and `tl.mul`: the
/// operators `+`, `-` and `*` as functions (FastVideo's fp4 quantizer calls
/// `tl.core.sub(..., sanitize_overflow=False)`). Triton checks integer
/// overflow only in its debug mode, which tkc's device asserts do not
/// cover: the flag is accepted and the operator applied.
static std::optional<Obj> lowerArithmeticFunction(BuiltinCall &c) {
  if (!c.args.bind({"x", "y", "sanitize_overflow="}) || !c.args.flag(2, true))
    return std::nullopt;
  BinOp op = c.name == "add"   ? BinOp::Add
             : c.name == "sub" ? BinOp::Sub
                               : BinOp::Mul;
  return c.cg.binaryOp(op, *c.args.raw(0), *c.args.raw(1), c.l);
}

/// `x.logical_and(y)` and `x.logical_or(y)`: both operands as booleans,
/// combined.
static std::optional<Obj> lowerLogical(BuiltinCall &c) {
  if (!c.args.bind({"input", "other"}))
    return std::nullopt;
  auto x = c.cg.toBool(*c.args.raw(0), c.args.loc(0));
  auto y = x ? c.cg.toBool(*c.args.raw(1), c.args.loc(1)) : std::nullopt;
  if (!y)
    return std::nullopt;
  return c.cg.binaryOp(c.name == "logical_and" ? BinOp::BitAnd : BinOp::BitOr,
                       *x, *y, c.l);
}

/// `tl.umulhi(x, y)`: the high half of the double-width product of two
/// integers read as unsigned.
static std::optional<Obj> lowerUmulhi(BuiltinCall &c) {
  if (!c.args.bind({"x", "y"}))
    return std::nullopt;
  Obj x = *c.args.raw(0), y = *c.args.raw(1);
  if (!c.cg.promoteOperands(x, y, PromotionPurpose::Arithmetic, c.l))
    return std::nullopt;
  if (!x.isTensor() || !x.type.elem.isInt())
    return c.error("tl.umulhi needs integers, got " + x.describe());
  // Zero-extended to twice the width (i128 for 64-bit integers),
  // multiplied, the high half kept: the backends match this to their
  // high-multiply instructions.
  unsigned bits = x.type.elem.getBitWidth();
  mlir::Type wideElem = c.b.getIntegerType(bits > 32 ? 128 : 64);
  mlir::TypedAttr shiftAttr = c.b.getIntegerAttr(wideElem, bits);
  mlir::Type wideTy = wideElem;
  if (auto block = mlir::dyn_cast<mlir::RankedTensorType>(x.value.getType())) {
    wideTy = block.clone(wideElem);
    shiftAttr = mlir::SplatElementsAttr::get(
        mlir::cast<mlir::ShapedType>(wideTy), shiftAttr);
  }
  mlir::Value xw = arith::ExtUIOp::create(c.b, c.L, wideTy, x.value);
  mlir::Value yw = arith::ExtUIOp::create(c.b, c.L, wideTy, y.value);
  mlir::Value product = arith::MulIOp::create(c.b, c.L, xw, yw);
  mlir::Value shift = arith::ConstantOp::create(c.b, c.L, shiftAttr);
  mlir::Value high = arith::ShRUIOp::create(c.b, c.L, product, shift);
  return Obj::tensor(arith::TruncIOp::create(c.b, c.L, x.value.getType(), high),
                     x.type);
}

/// Makes `args` runtime values of one shape, broadcast together as Triton
/// does: the first grows to the common shape, then every one takes it.
static bool broadcastOperands(CodeGen &cg, std::vector<Obj> &args, Loc l) {
  for (Obj &a : args) {
    auto t = cg.toTensor(a, l);
    if (!t)
      return false;
    a = *t;
  }
  for (size_t i = 1; i < args.size(); ++i)
    if (!cg.broadcastPair(args.front(), args[i], l))
      return false;
  for (Obj &a : args) {
    auto b = cg.broadcastTo(a, args.front().type.shape, l);
    if (!b)
      return false;
    a = *b;
  }
  return true;
}

/// `tl.inline_asm_elementwise(asm, constraints, args, dtype, is_pure, pack)`:
/// assembly run on every `pack` elements of the broadcast arguments; one
/// result per dtype (a tuple of them when `dtype` is a sequence).
static std::optional<Obj> lowerInlineAsm(BuiltinCall &c) {
  if (!c.args.bind({"asm", "constraints", "args", "dtype", "is_pure", "pack"}))
    return std::nullopt;
  auto text = c.args.string(0, "");
  auto constraints = text ? c.args.string(1, "") : std::nullopt;
  auto pure = constraints ? c.args.flag(4, true) : std::nullopt;
  auto pack = pure ? c.args.integer(5, 1) : std::nullopt;
  if (!pack)
    return std::nullopt;
  if (*pack < 1)
    return c.error("tl.inline_asm_elementwise packs at least one element, "
                   "got pack=" +
                   llvm::Twine(*pack));
  // The arguments, as runtime values of one shape.
  std::optional<Obj> given = c.args.get(2);
  std::vector<Obj> args;
  if (given && given->kind == Kind::Tuple)
    args = given->elems;
  else if (given && given->kind != Kind::None)
    args = {*given};
  if (!broadcastOperands(c.cg, args, c.args.loc(2)))
    return std::nullopt;
  llvm::SmallVector<int64_t> shape;
  if (!args.empty())
    shape = args.front().type.shape;
  // The result dtypes.
  std::optional<Obj> dtypes = c.args.get(3);
  std::vector<DType> resultDTypes;
  bool multiple = dtypes && dtypes->kind == Kind::Tuple;
  for (const Obj &d : multiple ? dtypes->elems : std::vector<Obj>{*dtypes}) {
    if (d.kind != Kind::DTypeObj)
      return c.error("tl.inline_asm_elementwise needs dtype to be a dtype or "
                     "a sequence of them, got " +
                     d.describe());
    resultDTypes.push_back(d.dtype);
  }
  llvm::SmallVector<mlir::Type> resultTypes;
  std::vector<TType> ttypes;
  for (const DType &d : resultDTypes) {
    ttypes.push_back(TType{d, shape});
    resultTypes.push_back(ttypes.back().toMLIR(&c.cg.ctx));
  }
  llvm::SmallVector<mlir::Value> operands;
  for (const Obj &a : args)
    operands.push_back(a.value);
  auto op = tkcir::ElementwiseInlineAsmOp::create(
      c.b, c.L, resultTypes, *text, *constraints, *pure,
      static_cast<int32_t>(*pack), operands);
  std::vector<Obj> results;
  for (auto [value, type] : llvm::zip(op.getResults(), ttypes))
    results.push_back(Obj::tensor(value, type));
  return multiple ? Obj::tuple(std::move(results)) : results.front();
}

/// `tl.map_elementwise(scalar_fn, *args, pack=1)`: `scalar_fn` inlined on
/// scalars into a tkc.map_elementwise region, which takes `pack` elements
/// of each broadcast argument in turn and returns as many of each result;
/// one result, or a tuple when the function returns one.
static std::optional<Obj> lowerMapElementwise(BuiltinCall &c) {
  int64_t pack = 1;
  for (const auto &[name, value] : c.call.keywords) {
    if (name != "pack" || value.kind != Kind::Int)
      return c.error("tl.map_elementwise takes only pack=, a constexpr int");
    std::optional<int64_t> n = c.cg.constInt(value, c.l, "pack=");
    if (!n)
      return std::nullopt;
    pack = *n;
  }
  if (pack < 1)
    return c.error("tl.map_elementwise packs at least one element, got "
                   "pack=" +
                   llvm::Twine(pack));
  if (c.call.args.size() < 2 || c.call.args[0].kind != Kind::Function)
    return c.error("tl.map_elementwise needs a @jit function and at least "
                   "one block");
  Obj fn = c.call.args[0];
  std::vector<Obj> args(c.call.args.begin() + 1, c.call.args.end());
  if (!broadcastOperands(c.cg, args, c.call.argLocs[1]))
    return std::nullopt;
  llvm::SmallVector<mlir::Value> operands;
  llvm::SmallVector<mlir::Type> scalarTypes;
  for (const Obj &a : args) {
    operands.push_back(a.value);
    scalarTypes.append(pack, a.type.elem.toMLIR(&c.cg.ctx));
  }
  // The region is built in an op without results, whose body then moves to
  // the op with the result types the function turned out to return.
  auto staging = tkcir::MapElementwiseOp::create(
      c.b, c.L, mlir::TypeRange{}, operands, static_cast<int32_t>(pack));
  auto dropStaging = llvm::make_scope_exit([&] { staging.erase(); });
  std::vector<DType> resultDTypes;
  bool single = false;
  {
    mlir::OpBuilder::InsertionGuard guard(c.b);
    llvm::SmallVector<mlir::Location> locs(scalarTypes.size(), c.L);
    mlir::Block *block =
        c.b.createBlock(&staging.getScalarOp(), {}, scalarTypes, locs);
    CallArgs inner;
    for (auto [i, arg] : llvm::enumerate(block->getArguments())) {
      inner.args.push_back(
          Obj::tensor(arg, TType{args[i / pack].type.elem, {}}));
      inner.argLocs.push_back(c.call.argLocs[1 + i / pack]);
    }
    auto r = c.gen.callFunction(fn, inner, c.l);
    if (!r)
      return std::nullopt;
    single = r->kind != Kind::Tuple;
    std::vector<Obj> returned = single ? std::vector<Obj>{*r} : r->elems;
    if (returned.empty() || returned.size() % pack != 0)
      return c.error("tl.map_elementwise's function returns " +
                     llvm::Twine(returned.size()) + " values, not pack=" +
                     llvm::Twine(pack) + " for each result");
    llvm::SmallVector<mlir::Value> values;
    for (auto [i, o] : llvm::enumerate(returned)) {
      auto v = c.cg.toTensor(o, c.l);
      if (!v)
        return std::nullopt;
      if (v->type.isBlock())
        return c.error("tl.map_elementwise's function must return scalars, "
                       "got " +
                       v->type.str());
      if (i % pack == 0)
        resultDTypes.push_back(v->type.elem);
      else if (v->type.elem != resultDTypes.back())
        return c.error("tl.map_elementwise's function returns " +
                       v->type.elem.str() + " and " +
                       resultDTypes.back().str() + " for one result");
      values.push_back(v->value);
    }
    tkcir::MapElementwiseReturnOp::create(c.b, c.L, values);
  }
  llvm::SmallVector<int64_t> shape(args.front().type.shape);
  llvm::SmallVector<mlir::Type> resultTypes;
  std::vector<TType> ttypes;
  for (const DType &d : resultDTypes) {
    ttypes.push_back(TType{d, shape});
    resultTypes.push_back(ttypes.back().toMLIR(&c.cg.ctx));
  }
  auto op = tkcir::MapElementwiseOp::create(c.b, c.L, resultTypes, operands,
                                            static_cast<int32_t>(pack));
  op.getScalarOp().takeBody(staging.getScalarOp());
  std::vector<Obj> results;
  for (auto [value, type] : llvm::zip(op.getResults(), ttypes))
    results.push_back(Obj::tensor(value, type));
  return single ? results.front() : Obj::tuple(std::move(results));
}

/// `tl.extra.cuda.smid()` and `globaltimer()`: NVIDIA's special registers
/// (the multiprocessor's id, i32; the global nanosecond timer, i64), read
/// by inline PTX as Triton's own definitions do; not pure, so each call
/// reads again. Other targets refuse the PTX when they assemble it.
static std::optional<Obj> lowerSpecialRegister(BuiltinCall &c) {
  if (!c.args.bind({}))
    return std::nullopt;
  bool timer = c.name == "globaltimer";
  DType type(timer ? DK::I64 : DK::I32);
  auto op = tkcir::ElementwiseInlineAsmOp::create(
      c.b, c.L, mlir::TypeRange{type.toMLIR(&c.cg.ctx)},
      timer ? "mov.u64 $0, %globaltimer;" : "mov.u32 $0, %smid;",
      timer ? "=l" : "=r", /*pure=*/false, /*pack=*/1, mlir::ValueRange{});
  return Obj::tensor(op.getResult(0), TType{type, {}});
}

/// `tl.extra.cuda.gdc_wait()` and `gdc_launch_dependents()`: programmatic
/// dependent launch's grid controls (sm_90 and later), as inline PTX with
/// a dummy result as Triton defines them. Without a programmatic launch they
/// do nothing: a launch waits for the previous kernel anyway.
static std::optional<Obj> lowerGridDependencyControl(BuiltinCall &c) {
  if (!c.args.bind({}))
    return std::nullopt;
  std::string ptx = c.name == "gdc_wait" ? "griddepcontrol.wait;"
                                         : "griddepcontrol.launch_dependents;";
  tkcir::ElementwiseInlineAsmOp::create(
      c.b, c.L, mlir::TypeRange{c.b.getI32Type()}, ptx + " // dummy $0", "=r",
      /*pure=*/false, /*pack=*/1, mlir::ValueRange{});
  return Obj::none();
}

/// `tl.dot(input, other, acc, ...)`: a matrix product, or a batch of them
/// for 3-D blocks.
static std::optional<Obj> lowerDot(BuiltinCall &c) {
  if (!c.args.bind({"input", "other", "acc=", "input_precision=", "allow_tf32=",
                    "max_num_imprecise_acc=", "out_dtype="}))
    return std::nullopt;
  auto a = c.args.tensor(0), bb = a ? c.args.tensor(1) : std::nullopt;
  if (!bb)
    return std::nullopt;
  size_t rank = a->type.shape.size();
  if ((rank != 2 && rank != 3) || bb->type.shape.size() != rank)
    return c.error("tl.dot needs two 2-D (or batched 3-D) blocks, got " +
                   a->type.str() + " and " + bb->type.str());
  auto sa = a->type.shape, sb = bb->type.shape;
  if (sa[rank - 1] != sb[rank - 2])
    return c.error("tl.dot inner dimensions differ: " + a->type.str() +
                   " and " + bb->type.str());
  if (rank == 3 && sa[0] != sb[0])
    return c.error("tl.dot batch dimensions differ");
  const DType &ea = a->type.elem, &eb = bb->type.elem;
  // Triton's bound on NVIDIA: any M and N (small ones run on multiply-adds
  // here), K at least 16, 32 for 8-bit operands.
  int64_t minK = ea.getBitWidth() == 8 ? 32 : 16;
  if (sa[rank - 1] < minK)
    return c.error("tl.dot needs K to be at least " + std::to_string(minK) +
                   " for these operands, got " + a->type.str() + " and " +
                   bb->type.str());
  if (ea != eb && !(ea.isFP8() && eb.isFP8()))
    return c.error("tl.dot operands must have one dtype, got " + ea.str() +
                   " and " + eb.str());
  llvm::SmallVector<int64_t> outShape(sa.begin(), sa.end() - 1);
  outShape.push_back(sb[rank - 1]);
  DType outType = ea.isInt() ? DType(DK::I32) : DType(DK::FP32);
  if (c.args.has(6)) {
    auto d = c.args.dtype(6);
    if (!d)
      return std::nullopt;
    outType = *d;
  }
  Obj acc;
  if (c.args.has(2)) {
    auto given = c.args.tensor(2);
    if (!given)
      return std::nullopt;
    if (given->type.shape != outShape)
      return c.error("tl.dot accumulator is " + given->type.str() +
                     " but the product is " +
                     TType{given->type.elem, outShape}.str());
    acc = *given;
  } else {
    TType t{outType, outShape};
    acc = outType.isFloat() ? c.cg.constantFloat(t, 0.0, c.l)
                            : c.cg.constantInt(t, 0, c.l);
  }
  if (ea.isInt() != acc.type.elem.isInt())
    return c.error("tl.dot accumulator type " + acc.type.elem.str() +
                   " does not suit " + ea.str() + " inputs");
  tkcir::InputPrecision precision = tkcir::InputPrecision::ieee;
  if (ea.getKind() == DK::FP32) {
    precision = tkcir::InputPrecision::tf32; // Triton's default.
    if (c.args.has(4)) {
      auto allow = c.args.flag(4, true);
      if (!allow)
        return std::nullopt;
      precision =
          *allow ? tkcir::InputPrecision::tf32 : tkcir::InputPrecision::ieee;
    }
    if (c.args.has(3)) {
      auto p = c.args.string(3, "tf32");
      if (!p)
        return std::nullopt;
      auto k = tkcir::symbolizeInputPrecision(*p);
      if (!k)
        return c.error("input_precision must be 'tf32', 'tf32x3', 'ieee', "
                       "'bf16x3' or 'bf16x6', got '" +
                       *p + "'");
      precision = *k;
    }
  }
  auto maxImprecise = c.args.integer(5, 0);
  if (!maxImprecise)
    return std::nullopt;
  auto dot = tkcir::DotOp::create(
      c.b, c.L, acc.value.getType(), a->value, bb->value, acc.value,
      tkcir::InputPrecisionAttr::get(&c.cg.ctx, precision),
      c.b.getI32IntegerAttr(*maxImprecise));
  return Obj::tensor(dot.getResult(), acc.type);
}

/// `symbol`, an LLVM intrinsic's name, without the type suffix of an
/// overloaded one (`llvm.round.f32` -> `llvm.round`).
static llvm::StringRef intrinsicBase(llvm::StringRef symbol) {
  for (llvm::StringRef suffix : {".f16", ".bf16", ".f32", ".f64"})
    if (symbol.consume_back(suffix))
      break;
  return symbol;
}

/// Whether tl.extern_elementwise's `symbol` names an LLVM intrinsic that
/// every backend selects as LLVM defines it (correctly rounded, denormals
/// kept): called as it is, as Triton calls it. (The math library's functions
/// of the same names may differ: libdevice's floorf and fmaf flush
/// denormals, and its sqrtf approximates.)
static bool isSelectedIntrinsic(llvm::StringRef symbol) {
  static const char *const selected[] = {
      "llvm.fma",    "llvm.floor",     "llvm.ceil",      "llvm.trunc",
      "llvm.rint",   "llvm.nearbyint", "llvm.roundeven", "llvm.round",
      "llvm.sqrt",   "llvm.fabs",      "llvm.copysign",  "llvm.minnum",
      "llvm.maxnum", "llvm.exp2"};
  return llvm::is_contained(selected, intrinsicBase(symbol));
}

/// The call of LLVM intrinsic `symbol` (isSelectedIntrinsic) on `args`, of
/// one float dtype, broadcast to one shape: named in full with the suffix
/// of that dtype (`llvm.floor.f32`), returning it.
static std::optional<Obj> emitIntrinsicCall(BuiltinCall &c,
                                            llvm::StringRef symbol,
                                            std::vector<Obj> args) {
  DType elem = args.front().type.elem;
  const char *suffix = elem.getKind() == DK::FP16   ? "f16"
                       : elem.getKind() == DK::BF16 ? "bf16"
                       : elem.getKind() == DK::FP32 ? "f32"
                       : elem.getKind() == DK::FP64 ? "f64"
                                                    : nullptr;
  if (!suffix)
    return c.error("'" + symbol.str() + "' needs float arguments, got " +
                   elem.str());
  if (!unifyArgs(c, args, /*promote=*/false))
    return std::nullopt;
  llvm::SmallVector<mlir::Value> values;
  for (const Obj &a : args)
    values.push_back(a.value);
  std::string name = (intrinsicBase(symbol) + "." + suffix).str();
  return Obj::tensor(
      tkcir::ExternElementwiseOp::create(
          c.b, c.L, args.front().type.toMLIR(&c.cg.ctx), name, values)
          .getResult(),
      args.front().type);
}

/// The libdevice function tkc lowers for the external function `symbol`
/// that tl.extern_elementwise names: an LLVM intrinsic (`llvm.round`), a
/// libdevice function (`__nv_tanhf`) or an ROCm one (`__ocml_tanh_f32`);
/// empty if tkc knows no such function.
static std::string libdeviceNameOf(llvm::StringRef symbol) {
  // LLVM's transcendental intrinsics, which NVPTX cannot select (Triton
  // refuses them), through the math library's functions.
  static const std::pair<const char *, const char *> intrinsics[] = {
      {"llvm.exp", "exp"},     {"llvm.log", "log"}, {"llvm.log2", "log2"},
      {"llvm.log10", "log10"}, {"llvm.sin", "sin"}, {"llvm.cos", "cos"},
      {"llvm.pow", "pow"}};
  if (symbol.starts_with("llvm.")) {
    llvm::StringRef base = intrinsicBase(symbol);
    for (auto [name, function] : intrinsics)
      if (base == name)
        return function;
    return "";
  }
  if (llvm::StringRef function = libdeviceFunctionOfSymbol(symbol);
      !function.empty())
    return function.str();
  llvm::StringRef name = symbol;
  if (name.consume_front("__nv_")) {
    if (isLibdeviceFunction(name))
      return name.str();
    if (name.consume_back("f") && isLibdeviceFunction(name))
      return name.str();
    return "";
  }
  if (name.consume_front("__ocml_")) {
    for (llvm::StringRef suffix : {"_f16", "_f32", "_f64"})
      name.consume_back(suffix);
    return isLibdeviceFunction(name) ? name.str() : "";
  }
  return "";
}

/// `tl.extern_elementwise(lib_name, lib_path, args, arg_type_symbol_dict,
/// is_pure)` (what `@core.extern` functions return): the entry of the
/// table whose argument dtypes are the arguments', as Triton picks it,
/// lowered as the libdevice function its symbol names on every target;
/// the libraries named are not read.
static std::optional<Obj> lowerExternElementwise(BuiltinCall &c) {
  if (!c.args.bind({"lib_name", "lib_path", "args", "arg_type_symbol_dict",
                    "is_pure=", "_builder=", "_semantic="}))
    return std::nullopt;
  const std::optional<Obj> &list = c.args.raw(2);
  const std::optional<Obj> &table = c.args.raw(3);
  if (!list || list->kind != Obj::Kind::Tuple)
    return c.error("tl.extern_elementwise needs a list of arguments");
  auto isPair = [](const Obj &entry) {
    return entry.kind == Obj::Kind::Tuple && entry.elems.size() == 2;
  };
  if (!table || table->kind != Obj::Kind::Tuple ||
      !llvm::all_of(table->elems, isPair))
    return c.error("tl.extern_elementwise needs a dict from argument dtypes "
                   "to (symbol, result dtype)");
  CallArgs call;
  std::string types;
  for (const Obj &arg : list->elems) {
    auto value = c.cg.toTensor(arg, c.args.loc(2));
    if (!value)
      return std::nullopt;
    types += (types.empty() ? "" : ", ") + value->type.elem.str();
    call.args.push_back(*value);
    call.argLocs.push_back(c.args.loc(2));
  }
  for (const Obj &entry : table->elems) {
    const Obj &key = entry.elems[0], &value = entry.elems[1];
    std::vector<Obj> keyTypes =
        key.kind == Obj::Kind::Tuple ? key.elems : std::vector<Obj>{key};
    bool matches = keyTypes.size() == call.args.size();
    for (size_t i = 0; matches && i < keyTypes.size(); ++i)
      matches = keyTypes[i].kind == Obj::Kind::DTypeObj &&
                keyTypes[i].dtype == call.args[i].type.elem;
    if (!matches)
      continue;
    if (value.kind != Obj::Kind::Tuple || value.elems.size() != 2 ||
        value.elems[0].kind != Obj::Kind::Str ||
        value.elems[1].kind != Obj::Kind::DTypeObj)
      return c.error("tl.extern_elementwise's table maps dtypes to (symbol, "
                     "result dtype)");
    const std::string &symbol = value.elems[0].str;
    std::optional<Obj> result;
    if (isSelectedIntrinsic(symbol)) {
      result = emitIntrinsicCall(c, symbol, call.args);
    } else {
      std::string function = libdeviceNameOf(symbol);
      if (function.empty())
        return c.error("external function '" + symbol +
                       "' is not supported by tkc yet (it maps llvm.* "
                       "intrinsics and libdevice and ocml functions to its "
                       "own math)");
      result = c.callBuiltin("libdevice." + function, call);
    }
    if (!result || result->type.elem == value.elems[1].dtype)
      return result;
    return c.cg.cast(*result, value.elems[1].dtype, c.l);
  }
  return c.error("tl.extern_elementwise has no entry for arguments of " +
                 types);
}

/// A libdevice function that Triton calls NVIDIA's own symbol for on
/// NVIDIA (lowerNvidiaOverload), and tkc lowers with `generic` elsewhere
/// and for other dtypes.
template <BuiltinHandler generic>
static std::optional<Obj> nvidiaOr(BuiltinCall &c) {
  std::optional<Obj> result;
  if (lowerNvidiaOverload(c, result))
    return result;
  return generic(c);
}

llvm::ArrayRef<BuiltinEntry> mathBuiltins() {
  static const BuiltinEntry entries[] = {
      {"tl.extern_elementwise", lowerExternElementwise},
      {"tl.where", lowerWhere},
      {"tl.exp", lowerFloatMath<math::ExpOp>, "exp"},
      {"tl.exp2", lowerFloatMath<math::Exp2Op>, "exp2"},
      {"tl.log", lowerFloatMath<math::LogOp>, "log"},
      {"tl.log2", lowerFloatMath<math::Log2Op>, "log2"},
      {"tl.sqrt", lowerFloatMath<math::SqrtOp, /*approximate=*/true>, "sqrt"},
      {"tl.sqrt_rn", lowerFloatMath<math::SqrtOp>, "sqrt_rn"},
      {"tl.rsqrt", lowerFloatMath<math::RsqrtOp>, "rsqrt"},
      {"tl.sin", lowerFloatMath<math::SinOp>, "sin"},
      {"tl.cos", lowerFloatMath<math::CosOp>, "cos"},
      {"tl.floor", lowerFloatMath<math::FloorOp>, "floor"},
      {"tl.ceil", lowerFloatMath<math::CeilOp>, "ceil"},
      {"tl.erf", lowerFloatMath<math::ErfOp>, "erf"},
      {"tl.tanh", lowerFloatMath<math::TanhOp>, "tanh"},
      {"tl.log1p", lowerFloatMath<math::Log1pOp>, "log1p"},
      {"tl.expm1", lowerFloatMath<math::ExpM1Op>, "expm1"},
      {"tl.abs", lowerAbs, "abs"},
      {"tl.maximum", lowerMaximum},
      {"tl.minimum", lowerMaximum},
      {"tl.clamp", lowerClamp},
      {"tl.fma", lowerFma},
      {"tl.sigmoid", lowerSigmoid, "sigmoid"},
      {"tl.softmax", lowerSoftmax, "softmax"},
      {"tl.fdiv", lowerFdiv},
      {"tl.div_rn", lowerFdiv},
      {"tl.cdiv", lowerCdiv, "cdiv"},
      {"tl.add", lowerArithmeticFunction},
      {"tl.sub", lowerArithmeticFunction},
      {"tl.mul", lowerArithmeticFunction},
      {"tl.umulhi", lowerUmulhi},
      {"tl.inline_asm_elementwise", lowerInlineAsm},
      {"tl.map_elementwise", lowerMapElementwise},
      {"cuda.smid", lowerSpecialRegister},
      {"cuda.globaltimer", lowerSpecialRegister},
      {"cuda.gdc_wait", lowerGridDependencyControl},
      {"cuda.gdc_launch_dependents", lowerGridDependencyControl},
      {"tensor.logical_and", lowerLogical, "logical_and"},
      {"tensor.logical_or", lowerLogical, "logical_or"},
      {"tl.dot", lowerDot},
      // triton.language.extra.libdevice: the same ops as the tl functions
      // where both compute the same (exp, sqrt, sqrt_rn and rsqrt_rn are
      // the library's own, more exact than tl.exp's and tl.sqrt's
      // approximations, as under Triton).
      {"libdevice.exp", lowerExternFunction<1>},
      {"libdevice.fast_expf", nvidiaOr<lowerFloatMath<math::ExpOp>>},
      {"libdevice.exp2", lowerFloatMath<math::Exp2Op>},
      {"libdevice.expm1", lowerFloatMath<math::ExpM1Op>},
      {"libdevice.log", lowerFloatMath<math::LogOp>},
      {"libdevice.fast_logf", nvidiaOr<lowerFloatMath<math::LogOp>>},
      {"libdevice.log2", lowerFloatMath<math::Log2Op>},
      {"libdevice.fast_log2f", nvidiaOr<lowerFloatMath<math::Log2Op>>},
      {"libdevice.log10", lowerFloatMath<math::Log10Op>},
      {"libdevice.fast_log10f", nvidiaOr<lowerFloatMath<math::Log10Op>>},
      {"libdevice.log1p", lowerFloatMath<math::Log1pOp>},
      {"libdevice.sqrt", lowerExternFunction<1>},
      {"libdevice.sqrt_rn", lowerExternFunction<1>},
      {"libdevice.rsqrt", lowerFloatMath<math::RsqrtOp>},
      {"libdevice.rsqrt_rn", lowerExternFunction<1>},
      {"libdevice.cbrt", lowerFloatMath<math::CbrtOp>},
      {"libdevice.sin", lowerFloatMath<math::SinOp>},
      {"libdevice.fast_sinf", nvidiaOr<lowerFloatMath<math::SinOp>>},
      {"libdevice.cos", lowerFloatMath<math::CosOp>},
      {"libdevice.fast_cosf", nvidiaOr<lowerFloatMath<math::CosOp>>},
      {"libdevice.tan", lowerFloatMath<math::TanOp>},
      {"libdevice.fast_tanf", nvidiaOr<lowerFloatMath<math::TanOp>>},
      {"libdevice.asin", lowerFloatMath<math::AsinOp>},
      {"libdevice.acos", lowerFloatMath<math::AcosOp>},
      {"libdevice.atan", lowerFloatMath<math::AtanOp>},
      {"libdevice.sinh", lowerFloatMath<math::SinhOp>},
      {"libdevice.cosh", lowerFloatMath<math::CoshOp>},
      {"libdevice.tanh", lowerFloatMath<math::TanhOp>},
      {"libdevice.fast_tanhf", lowerFloatMath<math::TanhOp>},
      {"libdevice.asinh", lowerFloatMath<math::AsinhOp>},
      {"libdevice.acosh", lowerFloatMath<math::AcoshOp>},
      {"libdevice.atanh", lowerFloatMath<math::AtanhOp>},
      {"libdevice.erf", lowerFloatMath<math::ErfOp>},
      {"libdevice.erfc", lowerFloatMath<math::ErfcOp>},
      {"libdevice.floor", lowerFloatMath<math::FloorOp>},
      {"libdevice.ceil", lowerFloatMath<math::CeilOp>},
      {"libdevice.trunc", lowerFloatMath<math::TruncOp>},
      {"libdevice.round", lowerFloatMath<math::RoundOp>},
      {"libdevice.rint", lowerFloatMath<math::RoundEvenOp>},
      {"libdevice.nearbyint", lowerFloatMath<math::RoundEvenOp>},
      {"libdevice.abs", lowerAbs},
      {"libdevice.pow", nvidiaOr<lowerFloatBinary<math::PowFOp>>},
      {"libdevice.fast_powf", nvidiaOr<lowerFloatBinary<math::PowFOp>>},
      {"libdevice.atan2", lowerFloatBinary<math::Atan2Op>},
      {"libdevice.copysign", lowerFloatBinary<math::CopySignOp>},
      {"libdevice.fmod", nvidiaOr<lowerFloatBinary<arith::RemFOp>>},
      {"libdevice.fmax", lowerFloatBinary<arith::MaxNumFOp>},
      {"libdevice.fmin", lowerFloatBinary<arith::MinNumFOp>},
      {"libdevice.erfinv", lowerExternFunction<1>},
      {"libdevice.erfcinv", lowerExternFunction<1>},
      {"libdevice.erfcx", lowerExternFunction<1>},
      {"libdevice.exp10", lowerExternFunction<1>},
      {"libdevice.hypot", lowerExternFunction<2>},
      {"libdevice.j0", lowerExternFunction<1>},
      {"libdevice.j1", lowerExternFunction<1>},
      {"libdevice.y0", lowerExternFunction<1>},
      {"libdevice.y1", lowerExternFunction<1>},
      {"libdevice.lgamma", lowerExternFunction<1>},
      {"libdevice.tgamma", lowerExternFunction<1>},
      {"libdevice.logb", lowerExternFunction<1>},
      {"libdevice.nextafter", lowerExternFunction<2>},
      {"libdevice.ldexp", lowerLdexp},
      {"libdevice.remainder", lowerExternFunction<2>},
      {"libdevice.ilogb", lowerExternFunction<1, /*int32Result=*/true>},
      {"libdevice.fdim", lowerExternFunction<2>},
      {"libdevice.rhypot", lowerExternFunction<2>},
      {"libdevice.cospi", lowerExternFunction<1>},
      {"libdevice.sinpi", lowerExternFunction<1>},
      {"libdevice.normcdf", lowerExternFunction<1>},
      {"libdevice.normcdfinv", lowerExternFunction<1>},
      {"libdevice.rcbrt", lowerExternFunction<1>},
      {"libdevice.cyl_bessel_i0", lowerExternFunction<1>},
      {"libdevice.cyl_bessel_i1", lowerExternFunction<1>},
      {"libdevice.fast_dividef", nvidiaOr<lowerFdiv>},
      {"libdevice.div_rn", nvidiaOr<lowerFdiv>},
      {"libdevice.fma", nvidiaOr<lowerFma>},
      {"libdevice.fma_rn", nvidiaOr<lowerFma>},
      {"libdevice.popc", lowerBitCount},
      {"libdevice.clz", lowerBitCount},
      {"libdevice.ffs", lowerBitCount},
      {"libdevice.isnan", lowerFloatTest},
      {"libdevice.isinf", lowerFloatTest},
      {"libdevice.finitef", lowerFloatTest},
      {"libdevice.isfinited", lowerFloatTest},
      {"libdevice.signbit", lowerFloatTest},
  };
  return entries;
}

} // namespace tkc::frontend
