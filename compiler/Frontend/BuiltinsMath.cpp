//===- BuiltinsMath.cpp - Elementwise math and tl.dot ---------------------===//
//
// The `tl` math functions: tl.where, the unary float functions that map to
// one math-dialect op (tl.exp, tl.sqrt, ...; fp32 and fp64 only, as in
// Triton), tl.abs, tl.maximum/minimum, tl.clamp, tl.fma, tl.fdiv/div_rn,
// tl.cdiv, the compositions tl.sigmoid and tl.softmax, and the matrix
// product tl.dot with its accumulator, input precision and output dtype.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Builtins.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

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

/// A unary float function lowered to the math-dialect op `OpTy`, which
/// Triton defines for fp32 and fp64 only.
template <typename OpTy>
static std::optional<Obj> lowerFloatMath(BuiltinCall &c) {
  if (!c.args.bind({"x"}))
    return std::nullopt;
  auto x = c.args.tensor(0);
  if (!x)
    return std::nullopt;
  DK k = x->type.elem.getKind();
  if (k != DK::FP32 && k != DK::FP64)
    return c.error("tl." + c.name + " expects fp32 or fp64, got " +
                   x->type.elem.str() + "; convert with .to(tl.float32)");
  return Obj::tensor(OpTy::create(c.b, c.L, x->value), x->type);
}

/// `tl.abs(x)`.
static std::optional<Obj> lowerAbs(BuiltinCall &c) {
  if (!c.args.bind({"x"}))
    return std::nullopt;
  auto x = c.args.tensor(0);
  if (!x)
    return std::nullopt;
  const DType &e = x->type.elem;
  if (e.isFloat())
    return Obj::tensor(math::AbsFOp::create(c.b, c.L, x->value), x->type);
  if (e.isSigned())
    return Obj::tensor(math::AbsIOp::create(c.b, c.L, x->value), x->type);
  if (e.isInt())
    return x;
  return c.error("tl.abs needs numbers, got " + x->type.str());
}

/// `tl.maximum(x, y)` and `tl.minimum(x, y)`.
static std::optional<Obj> lowerMaximum(BuiltinCall &c) {
  if (!c.args.bind({"x", "y", "propagate_nan="}))
    return std::nullopt;
  bool propagate = false;
  if (auto pn = c.args.get(2)) {
    if (pn->kind == Kind::Str)
      propagate = pn->str == "ALL";
    else
      propagate = pn->isConstexpr() && c.cg.truthy(*pn);
  }
  return c.cg.minMax(c.name == "maximum", *c.args.raw(0), *c.args.raw(1), c.l,
                     propagate);
}

/// `tl.clamp(x, min, max)`.
static std::optional<Obj> lowerClamp(BuiltinCall &c) {
  if (!c.args.bind({"x", "min", "max", "propagate_nan="}))
    return std::nullopt;
  auto lo = c.cg.minMax(true, *c.args.raw(0), *c.args.raw(1), c.l);
  if (!lo)
    return std::nullopt;
  return c.cg.minMax(false, *lo, *c.args.raw(2), c.l);
}

/// `tl.fma(x, y, z)`: x * y + z, rounded once.
static std::optional<Obj> lowerFma(BuiltinCall &c) {
  if (!c.args.bind({"x", "y", "z"}))
    return std::nullopt;
  Obj x = *c.args.raw(0), y = *c.args.raw(1), z = *c.args.raw(2);
  if (!c.cg.promoteOperands(x, y, PromotionPurpose::Arithmetic, c.l) ||
      !c.cg.promoteOperands(x, z, PromotionPurpose::Arithmetic, c.l) ||
      !c.cg.promoteOperands(y, z, PromotionPurpose::Arithmetic, c.l))
    return std::nullopt;
  if (!x.type.elem.isFloat())
    return c.error("tl.fma needs floats, got " + x.type.str());
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

/// `tl.fdiv(x, y)` and `tl.div_rn(x, y)`: float division.
static std::optional<Obj> lowerFdiv(BuiltinCall &c) {
  if (!c.args.bind({"x", "y", "ieee_rounding="}))
    return std::nullopt;
  Obj x = *c.args.raw(0), y = *c.args.raw(1);
  if (!c.cg.promoteOperands(x, y, PromotionPurpose::Arithmetic, c.l))
    return std::nullopt;
  if (!x.type.elem.isFloat())
    return c.error("tl." + c.name + " needs floats, got " + x.type.str());
  return Obj::tensor(arith::DivFOp::create(c.b, c.L, x.value, y.value), x.type);
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

/// `tl.umulhi(x, y)`, which tkc does not implement yet.
static std::optional<Obj> lowerUmulhi(BuiltinCall &c) {
  return c.error("tl.umulhi is not supported by tkc yet");
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
  if (sa[rank - 2] < 16 || sa[rank - 1] < 16 || sb[rank - 1] < 16)
    return c.error("tl.dot needs every non-batch dimension to be at least 16, "
                   "got " +
                   a->type.str() + " and " + bb->type.str());
  const DType &ea = a->type.elem, &eb = bb->type.elem;
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
        return c.error("input_precision must be 'tf32', 'tf32x3' or 'ieee', "
                       "got '" +
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

llvm::ArrayRef<BuiltinEntry> mathBuiltins() {
  static const BuiltinEntry entries[] = {
      {"tl.where", lowerWhere},
      {"tl.exp", lowerFloatMath<math::ExpOp>, "exp"},
      {"tl.exp2", lowerFloatMath<math::Exp2Op>, "exp2"},
      {"tl.log", lowerFloatMath<math::LogOp>, "log"},
      {"tl.log2", lowerFloatMath<math::Log2Op>, "log2"},
      {"tl.sqrt", lowerFloatMath<math::SqrtOp>, "sqrt"},
      {"tl.sqrt_rn", lowerFloatMath<math::SqrtOp>},
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
      {"tl.cdiv", lowerCdiv},
      {"tl.umulhi", lowerUmulhi},
      {"tl.dot", lowerDot},
  };
  return entries;
}

} // namespace tkc::frontend
