//===- Builtins.cpp - The triton.language functions and Python builtins ---===//
//
// One handler per `tl` function (and per Python builtin a kernel may call):
// arguments are bound by name as in Python, checked, converted, and lowered
// to tkc/arith/math ops. Also block attributes (`x.dtype`, `x.shape`, `x.T`)
// and dtype queries (`p.dtype.element_ty`).
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/CodeGenImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <functional>
#include <limits>

namespace tkc::frontend {

using Kind = Obj::Kind;
using DK = DType::Kind;
namespace arith = mlir::arith;
namespace math = mlir::math;
namespace tkcir = mlir::tkc;

/// Unary math functions lowered to one math-dialect op, which Triton
/// defines for fp32 and fp64 only.
static const char *const kFloatMath[] = {
    "exp", "exp2",  "log",  "log2", "sqrt", "sqrt_rn", "rsqrt", "sin",
    "cos", "floor", "ceil", "erf",  "tanh", "log1p",   "expm1"};

static const char *const kBuiltins[] = {"program_id",
                                        "num_programs",
                                        "arange",
                                        "zeros",
                                        "zeros_like",
                                        "full",
                                        "full_like",
                                        "load",
                                        "store",
                                        "where",
                                        "dot",
                                        "sum",
                                        "max",
                                        "min",
                                        "argmax",
                                        "argmin",
                                        "xor_sum",
                                        "reduce",
                                        "cumsum",
                                        "cumprod",
                                        "associative_scan",
                                        "abs",
                                        "maximum",
                                        "minimum",
                                        "clamp",
                                        "fma",
                                        "sigmoid",
                                        "softmax",
                                        "fdiv",
                                        "div_rn",
                                        "cdiv",
                                        "atomic_add",
                                        "atomic_max",
                                        "atomic_min",
                                        "atomic_and",
                                        "atomic_or",
                                        "atomic_xor",
                                        "atomic_xchg",
                                        "atomic_cas",
                                        "trans",
                                        "permute",
                                        "reshape",
                                        "view",
                                        "broadcast_to",
                                        "broadcast",
                                        "expand_dims",
                                        "ravel",
                                        "cast",
                                        "multiple_of",
                                        "max_contiguous",
                                        "max_constancy",
                                        "static_assert",
                                        "static_print",
                                        "device_print",
                                        "device_assert",
                                        "debug_barrier",
                                        "static_range",
                                        "range",
                                        "constexpr",
                                        "pointer_type",
                                        "assume",
                                        "umulhi"};

static const char *const kUnsupported[] = {"make_block_ptr",
                                           "advance",
                                           "make_tensor_descriptor",
                                           "load_tensor_descriptor",
                                           "store_tensor_descriptor",
                                           "inline_asm_elementwise",
                                           "join",
                                           "split",
                                           "interleave",
                                           "histogram",
                                           "gather",
                                           "dot_scaled",
                                           "swizzle2d",
                                           "rand",
                                           "randn",
                                           "randint",
                                           "randint4x",
                                           "philox",
                                           "flip",
                                           "sort",
                                           "topk",
                                           "tensor_descriptor",
                                           "extract_slice",
                                           "insert_slice",
                                           "map_elementwise",
                                           "condition"};

/// Block methods that forward to `tl.<name>(self, ...)`.
static const char *const kMethods[] = {"to",
                                       "sum",
                                       "max",
                                       "min",
                                       "argmax",
                                       "argmin",
                                       "xor_sum",
                                       "reduce",
                                       "cumsum",
                                       "cumprod",
                                       "associative_scan",
                                       "reshape",
                                       "view",
                                       "trans",
                                       "permute",
                                       "expand_dims",
                                       "broadcast_to",
                                       "ravel",
                                       "abs",
                                       "sigmoid",
                                       "softmax",
                                       "exp",
                                       "exp2",
                                       "log",
                                       "log2",
                                       "sqrt",
                                       "rsqrt",
                                       "sin",
                                       "cos",
                                       "floor",
                                       "ceil",
                                       "erf",
                                       "tanh",
                                       "log1p",
                                       "expm1"};

bool isLanguageBuiltin(llvm::StringRef name) {
  return llvm::is_contained(kBuiltins, name) ||
         llvm::is_contained(kFloatMath, name) ||
         DType::fromLanguageName(name).has_value();
}

bool isUnsupportedLanguageFeature(llvm::StringRef name) {
  return llvm::is_contained(kUnsupported, name);
}

bool isTensorMethod(llvm::StringRef name) {
  return llvm::is_contained(kMethods, name);
}

namespace {

/// Binds a call's arguments to a Python-style parameter list.
/// `params` holds names; a trailing '=' marks an optional parameter.
class Binder {
public:
  Binder(CodeGen &cg, llvm::StringRef fnName, CallArgs &call, Loc callLoc)
      : cg(cg), fnName(fnName.str()), call(call), callLoc(callLoc) {}

  bool bind(std::initializer_list<const char *> params) {
    names.clear();
    values.assign(params.size(), std::nullopt);
    locs.assign(params.size(), callLoc);
    std::vector<bool> required;
    for (llvm::StringRef p : params) {
      bool optional = p.consume_back("=");
      names.push_back(p.str());
      required.push_back(!optional);
    }
    if (call.args.size() > params.size())
      return cg.diags.error(
          callLoc, fnName + "() takes at most " +
                       std::to_string(params.size()) + " arguments but " +
                       std::to_string(call.args.size()) + " were given");
    for (size_t i = 0; i < call.args.size(); ++i) {
      values[i] = call.args[i];
      if (i < call.argLocs.size())
        locs[i] = call.argLocs[i];
    }
    for (size_t k = 0; k < call.keywords.size(); ++k) {
      const auto &[name, value] = call.keywords[k];
      auto it = llvm::find(names, name);
      Loc kl = k < call.keywordLocs.size() ? call.keywordLocs[k] : callLoc;
      if (it == names.end())
        return cg.diags.error(
            kl,
            fnName + "() got an unexpected keyword argument '" + name + "'");
      size_t i = it - names.begin();
      if (values[i])
        return cg.diags.error(kl, fnName + "() got multiple values for '" +
                                      name + "'");
      values[i] = value;
      locs[i] = kl;
    }
    for (size_t i = 0; i < names.size(); ++i)
      if (required[i] && !values[i])
        return cg.diags.error(callLoc, fnName + "() missing argument '" +
                                           names[i] + "'");
    return true;
  }

  /// The argument for parameter `i`, or nullopt if it was not given (or is
  /// None).
  std::optional<Obj> get(size_t i) const {
    if (!values[i] || values[i]->kind == Kind::None)
      return std::nullopt;
    return values[i];
  }
  bool has(size_t i) const { return get(i).has_value(); }
  Loc loc(size_t i) const { return locs[i]; }

  /// The argument for parameter `i` as given, None included.
  const std::optional<Obj> &raw(size_t i) const { return values[i]; }

  /// A runtime value (constexpr numbers converted).
  std::optional<Obj> tensor(size_t i) {
    auto v = get(i);
    if (!v)
      return std::nullopt;
    return cg.toTensor(*v, locs[i]);
  }
  std::optional<int64_t> integer(size_t i, int64_t dflt) {
    auto v = get(i);
    if (!v)
      return dflt;
    return cg.constInt(*v, locs[i], "argument '" + names[i] + "'");
  }
  std::optional<bool> flag(size_t i, bool dflt) {
    auto v = get(i);
    if (!v)
      return dflt;
    if (!v->isConstexpr()) {
      cg.diags.error(locs[i], "argument '" + names[i] +
                                  "' must be a compile-time value");
      return std::nullopt;
    }
    return cg.truthy(*v);
  }
  std::optional<std::string> string(size_t i, llvm::StringRef dflt) {
    auto v = get(i);
    if (!v)
      return dflt.str();
    if (v->kind != Kind::Str) {
      cg.diags.error(locs[i], "argument '" + names[i] +
                                  "' must be a string, got " + v->describe());
      return std::nullopt;
    }
    return v->str;
  }
  std::optional<DType> dtype(size_t i) {
    auto v = get(i);
    if (!v || v->kind != Kind::DTypeObj) {
      cg.diags.error(locs[i], "argument '" + names[i] +
                                  "' must be a dtype such as tl.float32" +
                                  (v ? ", got " + v->describe() : ""));
      return std::nullopt;
    }
    return v->dtype;
  }

private:
  CodeGen &cg;
  std::string fnName;
  CallArgs &call;
  Loc callLoc;
  std::vector<std::string> names;
  std::vector<std::optional<Obj>> values;
  std::vector<Loc> locs;
};

/// Flattens `f(x, *dims)` / `f(x, dims)` into a list of ints.
std::optional<llvm::SmallVector<int64_t>> varInts(CodeGen &cg, CallArgs &call,
                                                  size_t first, Loc l,
                                                  llvm::StringRef what) {
  std::vector<Obj> items(call.args.begin() + std::min(first, call.args.size()),
                         call.args.end());
  if (items.size() == 1 && items[0].kind == Kind::Tuple)
    items = items[0].elems;
  llvm::SmallVector<int64_t> out;
  for (const Obj &o : items) {
    auto v = cg.constInt(o, l, what);
    if (!v)
      return std::nullopt;
    out.push_back(*v);
  }
  return out;
}

/// A combine function for reductions and scans: maps (lhs..., rhs...)
/// scalars to results.
using Combine = std::function<std::optional<std::vector<Obj>>(
    llvm::ArrayRef<Obj> lhs, llvm::ArrayRef<Obj> rhs)>;

} // namespace

/// Emits a tkc.reduce (or tkc.scan if `scan`) over `inputs` along `axis`.
static std::optional<std::vector<Obj>>
buildCombineOp(CodeGen &cg, llvm::ArrayRef<Obj> inputs, int64_t axis, bool scan,
               bool reverse, const Combine &combine, Loc l) {
  auto L = cg.loc(l);
  llvm::SmallVector<mlir::Value> srcs;
  llvm::SmallVector<mlir::Type> resultTypes, elemTypes;
  std::vector<TType> resultTTypes;
  for (const Obj &in : inputs) {
    srcs.push_back(in.value);
    elemTypes.push_back(in.type.elem.toMLIR(&cg.ctx));
    TType rt = in.type;
    if (!scan)
      rt.shape.erase(rt.shape.begin() + axis);
    resultTTypes.push_back(rt);
    resultTypes.push_back(rt.toMLIR(&cg.ctx));
  }
  mlir::Operation *op;
  mlir::Region *region;
  if (scan) {
    auto s = tkcir::ScanOp::create(
        cg.builder, L, resultTypes, srcs, cg.builder.getI32IntegerAttr(axis),
        reverse ? cg.builder.getUnitAttr() : mlir::UnitAttr());
    op = s;
    region = &s.getCombineOp();
  } else {
    auto r = tkcir::ReduceOp::create(cg.builder, L, resultTypes, srcs,
                                     cg.builder.getI32IntegerAttr(axis));
    op = r;
    region = &r.getCombineOp();
  }
  {
    mlir::OpBuilder::InsertionGuard guard(cg.builder);
    llvm::SmallVector<mlir::Type> argTypes(elemTypes);
    argTypes.append(elemTypes);
    llvm::SmallVector<mlir::Location> locs(argTypes.size(), L);
    mlir::Block *block = cg.builder.createBlock(region, {}, argTypes, locs);
    std::vector<Obj> lhs, rhs;
    for (size_t i = 0; i < inputs.size(); ++i) {
      TType scalar{inputs[i].type.elem, {}};
      lhs.push_back(Obj::tensor(block->getArgument(i), scalar));
      rhs.push_back(Obj::tensor(block->getArgument(i + inputs.size()), scalar));
    }
    auto results = combine(lhs, rhs);
    if (!results)
      return std::nullopt;
    if (results->size() != inputs.size()) {
      cg.diags.error(l, "the combine function returns " +
                            std::to_string(results->size()) + " values for " +
                            std::to_string(inputs.size()) + " inputs");
      return std::nullopt;
    }
    llvm::SmallVector<mlir::Value> values;
    for (size_t i = 0; i < results->size(); ++i) {
      auto v = cg.castObj((*results)[i], inputs[i].type.elem, l);
      if (!v)
        return std::nullopt;
      if (v->type.isBlock()) {
        cg.diags.error(l, "the combine function must return scalars");
        return std::nullopt;
      }
      values.push_back(v->value);
    }
    if (scan)
      tkcir::ScanReturnOp::create(cg.builder, L, values);
    else
      tkcir::ReduceReturnOp::create(cg.builder, L, values);
  }
  std::vector<Obj> out;
  for (size_t i = 0; i < inputs.size(); ++i)
    out.push_back(Obj::tensor(op->getResult(i), resultTTypes[i]));
  return out;
}

/// A combine that applies one binary operation to each pair.
static Combine elementwiseCombine(
    std::function<std::optional<Obj>(const Obj &, const Obj &)> f) {
  return [f](llvm::ArrayRef<Obj> lhs,
             llvm::ArrayRef<Obj> rhs) -> std::optional<std::vector<Obj>> {
    std::vector<Obj> out;
    for (size_t i = 0; i < lhs.size(); ++i) {
      auto r = f(lhs[i], rhs[i]);
      if (!r)
        return std::nullopt;
      out.push_back(*r);
    }
    return out;
  };
}

/// Normalizes a reduction axis: None flattens the input to 1-D first.
static std::optional<std::pair<std::vector<Obj>, int64_t>>
prepareAxis(CodeGen &cg, std::vector<Obj> inputs, std::optional<Obj> axisObj,
            Loc l) {
  for (const Obj &in : inputs)
    if (!in.type.isBlock()) {
      cg.diags.error(l, "cannot reduce a scalar");
      return std::nullopt;
    }
  int64_t rank = inputs.front().type.shape.size();
  if (!axisObj) {
    if (rank == 1)
      return std::make_pair(inputs, int64_t(0));
    int64_t n = 1;
    for (int64_t d : inputs.front().type.shape)
      n *= d;
    for (Obj &in : inputs) {
      TType t{in.type.elem, {n}};
      in = Obj::tensor(tkcir::ReshapeOp::create(cg.builder, cg.loc(l),
                                                t.toMLIR(&cg.ctx), in.value),
                       t);
    }
    return std::make_pair(inputs, int64_t(0));
  }
  auto axis = cg.constInt(*axisObj, l, "axis");
  if (!axis)
    return std::nullopt;
  int64_t a = *axis < 0 ? *axis + rank : *axis;
  if (a < 0 || a >= rank) {
    cg.diags.error(l, "axis " + std::to_string(*axis) +
                          " is out of range for a block of rank " +
                          std::to_string(rank));
    return std::nullopt;
  }
  return std::make_pair(inputs, a);
}

/// Re-inserts reduced axes when keep_dims is set.
static Obj keepDims(CodeGen &cg, const Obj &r, int64_t axis, size_t rank,
                    bool wasFlattened, Loc l) {
  if (wasFlattened) {
    llvm::SmallVector<int64_t> ones(rank, 1);
    return *cg.broadcastTo(r, ones, l);
  }
  if (!r.type.isBlock())
    return *cg.broadcastTo(r, {1}, l);
  llvm::SmallVector<int64_t> shape = r.type.shape;
  shape.insert(shape.begin() + axis, 1);
  return Obj::tensor(tkcir::ExpandDimsOp::create(cg.builder, cg.loc(l), r.value,
                                                 static_cast<int>(axis)),
                     TType{r.type.elem, shape});
}

/// The i32 indices along `axis`, broadcast to `shape`.
static Obj axisIndices(CodeGen &cg, llvm::ArrayRef<int64_t> shape, int64_t axis,
                       Loc l) {
  auto L = cg.loc(l);
  TType range{DType(DK::I32), {shape[axis]}};
  Obj r = Obj::tensor(
      tkcir::MakeRangeOp::create(cg.builder, L, range.toMLIR(&cg.ctx),
                                 cg.builder.getI32IntegerAttr(0),
                                 cg.builder.getI32IntegerAttr(shape[axis])),
      range);
  // Insert the other dimensions around `axis` as size 1, then broadcast.
  for (size_t d = 0; d < shape.size(); ++d) {
    if (static_cast<int64_t>(d) == axis)
      continue;
    llvm::SmallVector<int64_t> s = r.type.shape;
    size_t pos = d < static_cast<size_t>(axis) ? d : s.size();
    s.insert(s.begin() + pos, 1);
    r = Obj::tensor(tkcir::ExpandDimsOp::create(cg.builder, L, r.value,
                                                static_cast<int>(pos)),
                    TType{r.type.elem, s});
  }
  return *cg.broadcastTo(r, shape, l);
}

/// Reads a `cache_modifier` string of tl.load (`isLoad`) or tl.store: a
/// null attribute for the default, nullopt after reporting an error.
static std::optional<tkcir::CacheModifierAttr>
cacheModifierAttr(CodeGen &cg, llvm::StringRef text, bool isLoad, Loc l) {
  using CM = tkcir::CacheModifier;
  if (text.empty())
    return tkcir::CacheModifierAttr();
  auto kind = llvm::StringSwitch<std::optional<CM>>(text)
                  .Case(".ca", CM::ca)
                  .Case(".cg", CM::cg)
                  .Case(".cv", CM::cv)
                  .Case(".wb", CM::wb)
                  .Case(".cs", CM::cs)
                  .Case(".wt", CM::wt)
                  .Default(std::nullopt);
  bool allowed =
      kind &&
      (isLoad ? llvm::is_contained({CM::ca, CM::cg, CM::cv}, *kind)
              : llvm::is_contained({CM::wb, CM::cg, CM::cs, CM::wt}, *kind));
  if (!allowed) {
    cg.diags.error(l, "unknown cache_modifier '" + text + "' for " +
                          (isLoad ? "tl.load (expected '', '.ca', '.cg' or "
                                    "'.cv')"
                                  : "tl.store (expected '', '.wb', '.cg', "
                                    "'.cs' or '.wt')"));
    return std::nullopt;
  }
  return tkcir::CacheModifierAttr::get(&cg.ctx, *kind);
}

/// Reads an `eviction_policy` string: a null attribute for the default,
/// nullopt after reporting an error.
static std::optional<tkcir::EvictionPolicyAttr>
evictionPolicyAttr(CodeGen &cg, llvm::StringRef text, Loc l) {
  if (text.empty() || text == "evict_normal")
    return tkcir::EvictionPolicyAttr();
  auto kind = tkcir::symbolizeEvictionPolicy(text);
  if (!kind || *kind == tkcir::EvictionPolicy::normal) {
    cg.diags.error(l, "unknown eviction_policy '" + text +
                          "' (expected '', 'evict_first' or 'evict_last')");
    return std::nullopt;
  }
  return tkcir::EvictionPolicyAttr::get(&cg.ctx, *kind);
}

/// Reads a pointer argument of tl.load/store/atomics, rejecting block
/// pointer arguments that tkc does not support.
static std::optional<Obj> pointerArg(CodeGen &cg, const std::optional<Obj> &v,
                                     llvm::StringRef fn, Loc l) {
  if (!v)
    return std::nullopt;
  auto t = cg.toTensor(*v, l);
  if (!t)
    return std::nullopt;
  if (!t->type.elem.isPtr()) {
    cg.diags.error(l, "tl." + fn +
                          " needs a pointer or block of pointers, got " +
                          t->type.str());
    return std::nullopt;
  }
  return t;
}

std::optional<Obj> FunctionGen::callBuiltin(llvm::StringRef fullName,
                                            CallArgs &call, const Obj *self,
                                            Loc l) {
  if (self) {
    call.args.insert(call.args.begin(), *self);
    call.argLocs.insert(call.argLocs.begin(), l);
  }
  auto L = cg.loc(l);
  auto &b = cg.builder;
  Binder args(cg, fullName, call, l);
  auto error = [&](const llvm::Twine &message) -> std::optional<Obj> {
    cg.diags.error(l, message);
    return std::nullopt;
  };

  // dtype queries.
  if (fullName.starts_with("dtype.")) {
    const DType &t = self->dtype;
    llvm::StringRef q = fullName.drop_front(6);
    bool r = llvm::StringSwitch<bool>(q)
                 .Case("is_floating", t.isFloat())
                 .Case("is_int", t.isInt())
                 .Case("is_ptr", t.isPtr())
                 .Case("is_bool", t.isBool())
                 .Case("is_fp8", t.isFP8())
                 .Case("is_fp16", t.getKind() == DK::FP16)
                 .Case("is_bf16", t.getKind() == DK::BF16)
                 .Case("is_fp32", t.getKind() == DK::FP32)
                 .Case("is_fp64", t.getKind() == DK::FP64)
                 .Case("is_int_signed", t.isSigned() || t.isBool())
                 .Case("is_int_unsigned", t.isUnsigned() && !t.isBool())
                 .Default(false);
    return Obj::boolean(r);
  }

  llvm::StringRef name = fullName;
  bool isPyBuiltin = name.consume_front("builtins.");
  if (!isPyBuiltin && !name.consume_front("tl."))
    return error("'" + fullName + "' cannot be called inside a kernel");

  //===--------------------------------------------------------------------===//
  // Python builtins.
  //===--------------------------------------------------------------------===//
  if (isPyBuiltin) {
    if (name == "range")
      return error("range() can only be used as the iterable of a 'for' loop");
    if (name == "min" || name == "max") {
      if (!call.keywords.empty() || call.args.size() < 2)
        return error(name + "() takes two or more positional arguments");
      Obj acc = call.args[0];
      for (size_t i = 1; i < call.args.size(); ++i) {
        const Obj &o = call.args[i];
        if (acc.isNumber() && o.isNumber()) {
          auto better =
              cg.compare(name == "min" ? CmpOp::Lt : CmpOp::Gt, o, acc, l);
          if (!better)
            return std::nullopt;
          if (better->intValue)
            acc = o;
          continue;
        }
        auto r = cg.minMax(name == "max", acc, o, l);
        if (!r)
          return std::nullopt;
        acc = *r;
      }
      return acc;
    }
    if (name == "float" || name == "int" || name == "bool") {
      if (call.args.size() != 1 || !call.keywords.empty())
        return error(name + "() takes one argument");
      const Obj &o = call.args[0];
      if (name == "float") {
        if (o.kind == Kind::Str) {
          llvm::StringRef s = llvm::StringRef(o.str).trim();
          llvm::StringRef mag = s;
          bool neg = mag.consume_front("-");
          if (!neg)
            mag.consume_front("+");
          std::string lower = mag.lower();
          if (lower == "inf" || lower == "infinity")
            return Obj::floating(neg ? -INFINITY : INFINITY);
          if (lower == "nan")
            return Obj::floating(NAN);
          double d;
          if (!s.getAsDouble(d))
            return Obj::floating(d);
          return error("could not convert string to float: '" + o.str + "'");
        }
        if (o.isNumber())
          return Obj::floating(o.kind == Kind::Float
                                   ? o.floatValue
                                   : static_cast<double>(o.intValue));
        if (o.isTensor())
          return cg.cast(o, DType(DK::FP32), l);
      } else if (name == "int") {
        if (o.kind == Kind::Float) {
          if (!std::isfinite(o.floatValue))
            return error("cannot convert a non-finite float to int");
          return Obj::integer(static_cast<int64_t>(o.floatValue));
        }
        if (o.isNumber())
          return Obj::integer(o.intValue);
        if (o.isTensor())
          return cg.cast(o, DType(DK::I32), l);
      } else {
        if (o.isConstexpr())
          return Obj::boolean(cg.truthy(o));
        return cg.toBool(o, l);
      }
      return error(name + "() cannot convert " + o.describe());
    }
    if (name == "len") {
      if (call.args.size() != 1)
        return error("len() takes one argument");
      const Obj &o = call.args[0];
      if (o.kind == Kind::Tuple)
        return Obj::integer(o.elems.size());
      if (o.kind == Kind::Str)
        return Obj::integer(o.str.size());
      if (o.isTensor() && o.type.isBlock())
        return Obj::integer(o.type.shape[0]);
      return error("len() of " + o.describe());
    }
    if (name == "abs") {
      if (call.args.size() != 1)
        return error("abs() takes one argument");
      const Obj &o = call.args[0];
      if (o.kind == Kind::Float)
        return Obj::floating(std::fabs(o.floatValue));
      if (o.isNumber())
        return Obj::integer(o.intValue < 0 ? -o.intValue : o.intValue);
      return callBuiltin("tl.abs", call, nullptr, l);
    }
    if (name == "print")
      return callBuiltin("tl.device_print", call, nullptr, l);
    if (name == "isinstance")
      return error("isinstance() is not supported in Triton kernels");
    return error("builtin '" + name + "' is not supported in Triton kernels");
  }

  //===--------------------------------------------------------------------===//
  // triton.language.
  //===--------------------------------------------------------------------===//
  if (name == "constexpr") {
    if (call.args.size() != 1)
      return error("tl.constexpr() takes one argument");
    if (!call.args[0].isConstexpr())
      return error("tl.constexpr() needs a compile-time value, got " +
                   call.args[0].describe());
    return call.args[0];
  }
  if (auto t = DType::fromLanguageName(name))
    return error("dtype tl." + name + " is not callable; use x.to(tl." + name +
                 ")");
  if (name == "static_range" || name == "range")
    return error("tl." + name +
                 "() can only be used as the iterable of a 'for' loop");
  if (name == "pointer_type") {
    if (!args.bind({"element_ty", "address_space="}))
      return std::nullopt;
    auto e = args.dtype(0);
    auto as = args.integer(1, 1);
    if (!e || !as)
      return std::nullopt;
    return Obj::dtypeObj(DType::pointerTo(*e, *as));
  }

  if (name == "program_id" || name == "num_programs") {
    if (!args.bind({"axis"}))
      return std::nullopt;
    auto axis = args.integer(0, 0);
    if (!axis)
      return std::nullopt;
    if (*axis < 0 || *axis > 2)
      return error("tl." + name + " axis must be 0, 1 or 2, got " +
                   std::to_string(*axis));
    auto attr = b.getI32IntegerAttr(*axis);
    mlir::Value v =
        name == "program_id"
            ? tkcir::ProgramIdOp::create(b, L, b.getI32Type(), attr).getResult()
            : tkcir::NumProgramsOp::create(b, L, b.getI32Type(), attr)
                  .getResult();
    return Obj::tensor(v, TType{DType(DK::I32), {}});
  }

  if (name == "arange") {
    if (!args.bind({"start", "end"}))
      return std::nullopt;
    auto start = args.integer(0, 0), end = args.integer(1, 0);
    if (!start || !end)
      return std::nullopt;
    if (*end <= *start)
      return error("tl.arange needs end > start, got [" +
                   std::to_string(*start) + ", " + std::to_string(*end) + ")");
    if (*start < std::numeric_limits<int32_t>::min() ||
        *end > std::numeric_limits<int32_t>::max())
      return error("tl.arange bounds must fit in int32");
    int64_t n = *end - *start;
    if (!llvm::isPowerOf2_64(n))
      return error("tl.arange range size must be a power of two, got " +
                   std::to_string(n));
    TType t{DType(DK::I32), {n}};
    return Obj::tensor(tkcir::MakeRangeOp::create(b, L, t.toMLIR(&cg.ctx),
                                                  b.getI32IntegerAttr(*start),
                                                  b.getI32IntegerAttr(*end)),
                       t);
  }

  if (name == "zeros" || name == "full") {
    bool isFull = name == "full";
    if (!(isFull ? args.bind({"shape", "value", "dtype"})
                 : args.bind({"shape", "dtype"})))
      return std::nullopt;
    auto shape = cg.constShape(*args.raw(0), args.loc(0));
    auto dtype = args.dtype(isFull ? 2 : 1);
    if (!shape || !dtype)
      return std::nullopt;
    if (dtype->isPtr())
      return error("tl." + name + " cannot create a block of pointers");
    TType t{*dtype, *shape};
    Obj value = isFull ? *args.raw(1) : Obj::integer(0);
    if (dtype->isFloat() && value.isNumber())
      return cg.constantFloat(t,
                              value.kind == Kind::Float
                                  ? value.floatValue
                                  : static_cast<double>(value.intValue),
                              l);
    if (dtype->isInt() && value.kind != Kind::Float && value.isNumber())
      return cg.constantInt(t, value.intValue, l);
    auto v = cg.castObj(value, *dtype, args.loc(1));
    if (!v)
      return std::nullopt;
    if (v->type.isBlock())
      return error("tl.full needs a scalar value, got " + v->type.str());
    return cg.broadcastTo(*v, *shape, l);
  }
  if (name == "zeros_like" || name == "full_like") {
    bool isFull = name == "full_like";
    if (!(isFull ? args.bind({"input", "value", "dtype="})
                 : args.bind({"input", "dtype="})))
      return std::nullopt;
    auto in = args.tensor(0);
    if (!in)
      return std::nullopt;
    size_t di = isFull ? 2 : 1;
    DType dt = args.has(di) ? *args.dtype(di) : in->type.elem;
    Obj shape = Obj::tuple({});
    for (int64_t d : in->type.shape)
      shape.elems.push_back(Obj::integer(d));
    CallArgs inner;
    inner.args = {shape};
    if (isFull)
      inner.args.push_back(*args.get(1));
    inner.args.push_back(Obj::dtypeObj(dt));
    return callBuiltin(isFull ? "tl.full" : "tl.zeros", inner, nullptr, l);
  }

  if (name == "cast") {
    if (!args.bind({"input", "dtype", "fp_downcast_rounding=", "bitcast="}))
      return std::nullopt;
    auto in = args.tensor(0);
    auto dt = in ? args.dtype(1) : std::nullopt;
    auto bitcast = dt ? args.flag(3, false) : std::nullopt;
    if (!bitcast)
      return std::nullopt;
    if (args.has(2)) {
      auto r = args.string(2, "");
      if (!r)
        return std::nullopt;
      if (*r != "rtne")
        return error("fp_downcast_rounding='" + *r +
                     "' is not supported yet (only 'rtne')");
    }
    return cg.cast(*in, *dt, l, *bitcast);
  }

  if (name == "load" || name == "store") {
    bool isLoad = name == "load";
    bool bound =
        isLoad ? args.bind({"pointer", "mask=", "other=", "boundary_check=",
                            "padding_option=", "cache_modifier=",
                            "eviction_policy=", "volatile="})
               : args.bind({"pointer", "value", "mask=", "boundary_check=",
                            "cache_modifier=", "eviction_policy="});
    if (!bound)
      return std::nullopt;
    auto ptr = pointerArg(cg, args.raw(0), name, args.loc(0));
    if (!ptr)
      return std::nullopt;
    auto boundary = args.get(3);
    if (boundary && !(boundary->kind == Kind::Tuple && boundary->elems.empty()))
      return error("boundary_check applies to block pointers, which tkc does "
                   "not support yet");
    if (isLoad && args.has(4) && !args.get(4)->str.empty())
      return error("padding_option applies to block pointers, which tkc does "
                   "not support yet");
    size_t maskIndex = isLoad ? 1 : 2, cacheIndex = isLoad ? 5 : 4;
    DType pointee = ptr->type.elem.getPointee();
    Obj p = *ptr;
    std::optional<Obj> value;
    if (!isLoad) {
      value = cg.castObj(*args.raw(1), pointee, args.loc(1));
      if (!value || !cg.broadcastPair(p, *value, l))
        return std::nullopt;
    }
    std::optional<Obj> mask, other;
    if (args.has(maskIndex)) {
      mask = cg.toBool(*args.get(maskIndex), args.loc(maskIndex));
      if (!mask || !cg.broadcastPair(p, *mask, l) ||
          (value && !cg.broadcastPair(*value, *mask, l)))
        return std::nullopt;
    }
    if (isLoad && args.has(2)) {
      if (!mask)
        return error("tl.load got 'other' without a 'mask'");
      other = cg.castObj(*args.get(2), pointee, args.loc(2));
      if (other)
        other = cg.broadcastTo(*other, p.type.shape, args.loc(2));
      if (!other)
        return std::nullopt;
    }
    auto cacheText = args.string(cacheIndex, "");
    auto evictText = cacheText ? args.string(cacheIndex + 1, "") : std::nullopt;
    auto cache = evictText ? cacheModifierAttr(cg, *cacheText, isLoad,
                                               args.loc(cacheIndex))
                           : std::nullopt;
    auto evict =
        cache ? evictionPolicyAttr(cg, *evictText, args.loc(cacheIndex + 1))
              : std::nullopt;
    if (!evict)
      return std::nullopt;
    mlir::Value maskValue = mask ? mask->value : mlir::Value();
    if (!isLoad) {
      tkcir::StoreOp::create(b, L, p.value, value->value, maskValue, *cache,
                             *evict);
      return Obj::none();
    }
    auto isVolatile = args.flag(7, false);
    if (!isVolatile)
      return std::nullopt;
    auto load = tkcir::LoadOp::create(b, L, p.value, maskValue,
                                      other ? other->value : mlir::Value());
    load.setCacheAttr(*cache);
    load.setEvictAttr(*evict);
    load.setIsVolatile(*isVolatile);
    return Obj::tensor(load.getResult(), p.type.withElem(pointee));
  }

  if (name == "where") {
    if (!args.bind({"condition", "x", "y"}))
      return std::nullopt;
    return cg.where(*args.raw(0), *args.raw(1), *args.raw(2), l);
  }

  //===--------------------------------------------------------------------===//
  // Math.
  //===--------------------------------------------------------------------===//
  if (llvm::is_contained(kFloatMath, name)) {
    if (!args.bind({"x"}))
      return std::nullopt;
    auto x = args.tensor(0);
    if (!x)
      return std::nullopt;
    DK k = x->type.elem.getKind();
    if (k != DK::FP32 && k != DK::FP64)
      return error("tl." + name + " expects fp32 or fp64, got " +
                   x->type.elem.str() + "; convert with .to(tl.float32)");
    mlir::Value v = x->value, r;
    if (name == "exp")
      r = math::ExpOp::create(b, L, v);
    else if (name == "exp2")
      r = math::Exp2Op::create(b, L, v);
    else if (name == "log")
      r = math::LogOp::create(b, L, v);
    else if (name == "log2")
      r = math::Log2Op::create(b, L, v);
    else if (name == "sqrt" || name == "sqrt_rn")
      r = math::SqrtOp::create(b, L, v);
    else if (name == "rsqrt")
      r = math::RsqrtOp::create(b, L, v);
    else if (name == "sin")
      r = math::SinOp::create(b, L, v);
    else if (name == "cos")
      r = math::CosOp::create(b, L, v);
    else if (name == "floor")
      r = math::FloorOp::create(b, L, v);
    else if (name == "ceil")
      r = math::CeilOp::create(b, L, v);
    else if (name == "erf")
      r = math::ErfOp::create(b, L, v);
    else if (name == "tanh")
      r = math::TanhOp::create(b, L, v);
    else if (name == "log1p")
      r = math::Log1pOp::create(b, L, v);
    else
      r = math::ExpM1Op::create(b, L, v);
    return Obj::tensor(r, x->type);
  }
  if (name == "abs") {
    if (!args.bind({"x"}))
      return std::nullopt;
    auto x = args.tensor(0);
    if (!x)
      return std::nullopt;
    const DType &e = x->type.elem;
    if (e.isFloat())
      return Obj::tensor(math::AbsFOp::create(b, L, x->value), x->type);
    if (e.isSigned())
      return Obj::tensor(math::AbsIOp::create(b, L, x->value), x->type);
    if (e.isInt())
      return x;
    return error("tl.abs needs numbers, got " + x->type.str());
  }
  if (name == "maximum" || name == "minimum") {
    if (!args.bind({"x", "y", "propagate_nan="}))
      return std::nullopt;
    bool propagate = false;
    if (auto pn = args.get(2)) {
      if (pn->kind == Kind::Str)
        propagate = pn->str == "ALL";
      else
        propagate = pn->isConstexpr() && cg.truthy(*pn);
    }
    return cg.minMax(name == "maximum", *args.raw(0), *args.raw(1), l,
                     propagate);
  }
  if (name == "clamp") {
    if (!args.bind({"x", "min", "max", "propagate_nan="}))
      return std::nullopt;
    auto lo = cg.minMax(true, *args.raw(0), *args.raw(1), l);
    if (!lo)
      return std::nullopt;
    return cg.minMax(false, *lo, *args.raw(2), l);
  }
  if (name == "fma") {
    if (!args.bind({"x", "y", "z"}))
      return std::nullopt;
    Obj x = *args.raw(0), y = *args.raw(1), z = *args.raw(2);
    if (!cg.promoteOperands(x, y, PromotionPurpose::Arithmetic, l) ||
        !cg.promoteOperands(x, z, PromotionPurpose::Arithmetic, l) ||
        !cg.promoteOperands(y, z, PromotionPurpose::Arithmetic, l))
      return std::nullopt;
    if (!x.type.elem.isFloat())
      return error("tl.fma needs floats, got " + x.type.str());
    return Obj::tensor(math::FmaOp::create(b, L, x.value, y.value, z.value),
                       x.type);
  }
  if (name == "sigmoid") {
    if (!args.bind({"x"}))
      return std::nullopt;
    // 1 / (1 + exp(-x)), as Triton's standard library defines it.
    auto neg = cg.unaryOp(UnaryOp::Neg, *args.raw(0), l);
    CallArgs e;
    if (neg)
      e.args = {*neg};
    auto ex = neg ? callBuiltin("tl.exp", e, nullptr, l) : std::nullopt;
    auto den =
        ex ? cg.binaryOp(BinOp::Add, Obj::integer(1), *ex, l) : std::nullopt;
    return den ? cg.binaryOp(BinOp::Div, Obj::integer(1), *den, l)
               : std::nullopt;
  }
  if (name == "softmax") {
    if (!args.bind({"x", "dim=", "keep_dims=", "ieee_rounding="}))
      return std::nullopt;
    auto x = args.tensor(0);
    if (!x)
      return std::nullopt;
    CallArgs m;
    m.args = {*x, args.has(1) ? *args.get(1) : Obj::integer(0)};
    m.keywords = {{"keep_dims", Obj::boolean(true)}};
    auto mx = callBuiltin("tl.max", m, nullptr, l);
    auto z = mx ? cg.binaryOp(BinOp::Sub, *x, *mx, l) : std::nullopt;
    CallArgs e;
    if (z)
      e.args = {*z};
    auto num = z ? callBuiltin("tl.exp", e, nullptr, l) : std::nullopt;
    CallArgs sm;
    if (num) {
      sm.args = {*num, args.has(1) ? *args.get(1) : Obj::integer(0)};
      sm.keywords = {{"keep_dims", Obj::boolean(true)}};
    }
    auto den = num ? callBuiltin("tl.sum", sm, nullptr, l) : std::nullopt;
    return den ? cg.binaryOp(BinOp::Div, *num, *den, l) : std::nullopt;
  }
  if (name == "fdiv" || name == "div_rn") {
    if (!args.bind({"x", "y", "ieee_rounding="}))
      return std::nullopt;
    Obj x = *args.raw(0), y = *args.raw(1);
    if (!cg.promoteOperands(x, y, PromotionPurpose::Arithmetic, l))
      return std::nullopt;
    if (!x.type.elem.isFloat())
      return error("tl." + name + " needs floats, got " + x.type.str());
    return Obj::tensor(arith::DivFOp::create(b, L, x.value, y.value), x.type);
  }
  if (name == "cdiv") {
    if (!args.bind({"x", "div"}))
      return std::nullopt;
    Obj x = *args.raw(0), d = *args.raw(1);
    auto sum = cg.binaryOp(BinOp::Add, x, d, l);
    auto m1 =
        sum ? cg.binaryOp(BinOp::Sub, *sum, Obj::integer(1), l) : std::nullopt;
    return m1 ? cg.binaryOp(BinOp::FloorDiv, *m1, d, l) : std::nullopt;
  }
  if (name == "umulhi")
    return error("tl.umulhi is not supported by tkc yet");

  //===--------------------------------------------------------------------===//
  // Dot.
  //===--------------------------------------------------------------------===//
  if (name == "dot") {
    if (!args.bind({"input", "other", "acc=", "input_precision=", "allow_tf32=",
                    "max_num_imprecise_acc=", "out_dtype="}))
      return std::nullopt;
    auto a = args.tensor(0), bb = a ? args.tensor(1) : std::nullopt;
    if (!bb)
      return std::nullopt;
    size_t rank = a->type.shape.size();
    if ((rank != 2 && rank != 3) || bb->type.shape.size() != rank)
      return error("tl.dot needs two 2-D (or batched 3-D) blocks, got " +
                   a->type.str() + " and " + bb->type.str());
    auto sa = a->type.shape, sb = bb->type.shape;
    if (sa[rank - 1] != sb[rank - 2])
      return error("tl.dot inner dimensions differ: " + a->type.str() +
                   " and " + bb->type.str());
    if (rank == 3 && sa[0] != sb[0])
      return error("tl.dot batch dimensions differ");
    if (sa[rank - 2] < 16 || sa[rank - 1] < 16 || sb[rank - 1] < 16)
      return error("tl.dot needs every non-batch dimension to be at least 16, "
                   "got " +
                   a->type.str() + " and " + bb->type.str());
    const DType &ea = a->type.elem, &eb = bb->type.elem;
    if (ea != eb && !(ea.isFP8() && eb.isFP8()))
      return error("tl.dot operands must have one dtype, got " + ea.str() +
                   " and " + eb.str());
    llvm::SmallVector<int64_t> outShape(sa.begin(), sa.end() - 1);
    outShape.push_back(sb[rank - 1]);
    DType outType = ea.isInt() ? DType(DK::I32) : DType(DK::FP32);
    if (args.has(6)) {
      auto d = args.dtype(6);
      if (!d)
        return std::nullopt;
      outType = *d;
    }
    Obj acc;
    if (args.has(2)) {
      auto c = args.tensor(2);
      if (!c)
        return std::nullopt;
      if (c->type.shape != outShape)
        return error("tl.dot accumulator is " + c->type.str() +
                     " but the product is " +
                     TType{c->type.elem, outShape}.str());
      acc = *c;
    } else {
      TType t{outType, outShape};
      acc = outType.isFloat() ? cg.constantFloat(t, 0.0, l)
                              : cg.constantInt(t, 0, l);
    }
    if (ea.isInt() != acc.type.elem.isInt())
      return error("tl.dot accumulator type " + acc.type.elem.str() +
                   " does not suit " + ea.str() + " inputs");
    tkcir::InputPrecision precision = tkcir::InputPrecision::ieee;
    if (ea.getKind() == DK::FP32) {
      precision = tkcir::InputPrecision::tf32; // Triton's default.
      if (args.has(4)) {
        auto allow = args.flag(4, true);
        if (!allow)
          return std::nullopt;
        precision =
            *allow ? tkcir::InputPrecision::tf32 : tkcir::InputPrecision::ieee;
      }
      if (args.has(3)) {
        auto p = args.string(3, "tf32");
        if (!p)
          return std::nullopt;
        auto k = tkcir::symbolizeInputPrecision(*p);
        if (!k)
          return error("input_precision must be 'tf32', 'tf32x3' or 'ieee', "
                       "got '" +
                       *p + "'");
        precision = *k;
      }
    }
    auto maxImprecise = args.integer(5, 0);
    if (!maxImprecise)
      return std::nullopt;
    auto dot = tkcir::DotOp::create(
        b, L, acc.value.getType(), a->value, bb->value, acc.value,
        tkcir::InputPrecisionAttr::get(&cg.ctx, precision),
        b.getI32IntegerAttr(*maxImprecise));
    return Obj::tensor(dot.getResult(), acc.type);
  }

  //===--------------------------------------------------------------------===//
  // Reductions and scans.
  //===--------------------------------------------------------------------===//
  if (name == "sum" || name == "max" || name == "min" || name == "argmax" ||
      name == "argmin" || name == "xor_sum") {
    bool isArg = name == "argmax" || name == "argmin";
    bool ok =
        isArg ? args.bind({"input", "axis", "tie_break_left=", "keep_dims="})
        : (name == "max" || name == "min")
            ? args.bind({"input", "axis=", "return_indices=",
                         "return_indices_tie_break_left=", "keep_dims="})
            : args.bind({"input", "axis=", "keep_dims=", "dtype="});
    if (!ok)
      return std::nullopt;
    auto in = args.tensor(0);
    if (!in)
      return std::nullopt;
    bool returnIndices = false;
    std::optional<bool> keep;
    if (isArg) {
      keep = args.flag(3, false);
    } else if (name == "max" || name == "min") {
      auto ri = args.flag(2, false);
      if (!ri)
        return std::nullopt;
      returnIndices = *ri;
      keep = args.flag(4, false);
    } else {
      keep = args.flag(2, false);
    }
    if (!keep)
      return std::nullopt;
    Obj x = *in;
    const DType &e = x.type.elem;
    if (name == "sum") {
      std::optional<DType> target;
      if (args.has(3)) {
        target = args.dtype(3);
        if (!target)
          return std::nullopt;
      } else if (e.isInt() && e.getBitWidth() < 32) {
        target =
            e.isUnsigned() && !e.isBool() ? DType(DK::U32) : DType(DK::I32);
      }
      if (target) {
        auto c = cg.cast(x, *target, l);
        if (!c)
          return std::nullopt;
        x = *c;
      }
    }
    if (name == "xor_sum" && !e.isInt())
      return error("tl.xor_sum needs integers, got " + e.str());
    if (x.type.elem.isPtr())
      return error("cannot reduce pointers");
    size_t rank = x.type.shape.size();
    bool flattened = !args.has(1) && rank > 1;
    bool wantIndices = isArg || returnIndices;
    std::vector<Obj> inputs{x};
    auto prepared = prepareAxis(cg, inputs, args.get(1), l);
    if (!prepared)
      return std::nullopt;
    auto [ins, axis] = *prepared;
    if (wantIndices)
      ins.push_back(axisIndices(cg, ins[0].type.shape, axis, l));
    bool isMax = name == "max" || name == "argmax";
    Combine combine;
    if (wantIndices) {
      bool tieLeft = true;
      combine =
          [&cg = this->cg, l, isMax, tieLeft](
              llvm::ArrayRef<Obj> lhs,
              llvm::ArrayRef<Obj> rhs) -> std::optional<std::vector<Obj>> {
        // Pick lhs if it is strictly better, or equal with a lower index.
        auto better =
            cg.compare(isMax ? CmpOp::Gt : CmpOp::Lt, lhs[0], rhs[0], l);
        auto equal = cg.compare(CmpOp::Eq, lhs[0], rhs[0], l);
        auto lower = cg.compare(CmpOp::Lt, lhs[1], rhs[1], l);
        if (!better || !equal || !lower)
          return std::nullopt;
        auto tie = cg.binaryOp(BinOp::BitAnd, *equal, *lower, l);
        auto pick = tie && tieLeft ? cg.binaryOp(BinOp::BitOr, *better, *tie, l)
                                   : better;
        if (!pick)
          return std::nullopt;
        auto v = cg.where(*pick, lhs[0], rhs[0], l);
        auto i = cg.where(*pick, lhs[1], rhs[1], l);
        if (!v || !i)
          return std::nullopt;
        return std::vector<Obj>{*v, *i};
      };
    } else if (name == "sum") {
      combine =
          elementwiseCombine([&cg = this->cg, l](const Obj &a, const Obj &b) {
            return cg.binaryOp(BinOp::Add, a, b, l);
          });
    } else if (name == "xor_sum") {
      combine =
          elementwiseCombine([&cg = this->cg, l](const Obj &a, const Obj &b) {
            return cg.binaryOp(BinOp::BitXor, a, b, l);
          });
    } else {
      combine = elementwiseCombine(
          [&cg = this->cg, l, isMax](const Obj &a, const Obj &b) {
            return cg.minMax(isMax, a, b, l);
          });
    }
    auto results =
        buildCombineOp(cg, ins, axis, /*scan=*/false, false, combine, l);
    if (!results)
      return std::nullopt;
    std::vector<Obj> outs = *results;
    if (*keep)
      for (Obj &o : outs)
        o = keepDims(cg, o, axis, rank, flattened, l);
    if (isArg)
      return outs[1];
    if (returnIndices)
      return Obj::tuple({outs[0], outs[1]});
    return outs[0];
  }

  if (name == "reduce" || name == "associative_scan") {
    bool isScan = name == "associative_scan";
    if (!(isScan ? args.bind({"input", "axis", "combine_fn", "reverse="})
                 : args.bind({"input", "axis", "combine_fn", "keep_dims="})))
      return std::nullopt;
    Obj input = *args.raw(0);
    bool isTuple = input.kind == Kind::Tuple;
    std::vector<Obj> ins = isTuple ? input.elems : std::vector<Obj>{input};
    for (Obj &in : ins) {
      auto t = cg.toTensor(in, args.loc(0));
      if (!t)
        return std::nullopt;
      in = *t;
    }
    for (const Obj &in : ins)
      if (in.type.shape != ins[0].type.shape)
        return error("tl." + name + " inputs must have one shape");
    auto fn = args.get(2);
    if (!fn || fn->kind != Kind::Function)
      return error("tl." + name + " needs a @jit combine function, got " +
                   (fn ? fn->describe() : std::string("None")));
    const FunctionDef *combineFn = fn->function;
    size_t rank = ins[0].type.shape.size();
    auto flag = args.flag(3, false);
    if (!flag)
      return std::nullopt;
    if (isScan && !args.has(1))
      return error("tl.associative_scan needs an axis");
    auto prepared = prepareAxis(cg, ins, args.get(1), l);
    if (!prepared)
      return std::nullopt;
    auto [prep, axis] = *prepared;
    bool flattened = !args.has(1) && rank > 1;
    Combine combine =
        [this, combineFn,
         l](llvm::ArrayRef<Obj> lhs,
            llvm::ArrayRef<Obj> rhs) -> std::optional<std::vector<Obj>> {
      CallArgs c;
      for (const Obj &o : lhs)
        c.args.push_back(o);
      for (const Obj &o : rhs)
        c.args.push_back(o);
      c.argLocs.assign(c.args.size(), l);
      auto r = callFunction(*combineFn, c, l);
      if (!r)
        return std::nullopt;
      if (r->kind == Kind::Tuple)
        return r->elems;
      return std::vector<Obj>{*r};
    };
    auto results =
        buildCombineOp(cg, prep, axis, isScan, isScan && *flag, combine, l);
    if (!results)
      return std::nullopt;
    std::vector<Obj> outs = *results;
    if (!isScan && *flag)
      for (Obj &o : outs)
        o = keepDims(cg, o, axis, rank, flattened, l);
    if (isTuple)
      return Obj::tuple(outs);
    return outs[0];
  }

  if (name == "cumsum" || name == "cumprod") {
    if (!args.bind({"input", "axis=", "reverse=", "dtype="}))
      return std::nullopt;
    auto in = args.tensor(0);
    auto reverse = in ? args.flag(2, false) : std::nullopt;
    if (!reverse)
      return std::nullopt;
    Obj x = *in;
    const DType &e = x.type.elem;
    std::optional<DType> target;
    if (args.has(3))
      target = args.dtype(3);
    else if (e.isInt() && e.getBitWidth() < 32)
      target = e.isUnsigned() && !e.isBool() ? DType(DK::U32) : DType(DK::I32);
    if (target) {
      auto c = cg.cast(x, *target, l);
      if (!c)
        return std::nullopt;
      x = *c;
    }
    auto prepared =
        prepareAxis(cg, {x}, args.has(1) ? args.get(1) : Obj::integer(0), l);
    if (!prepared)
      return std::nullopt;
    auto [ins, axis] = *prepared;
    BinOp op = name == "cumsum" ? BinOp::Add : BinOp::Mul;
    auto results = buildCombineOp(
        cg, ins, axis, /*scan=*/true, *reverse,
        elementwiseCombine([&cg = this->cg, l, op](const Obj &a, const Obj &b) {
          return cg.binaryOp(op, a, b, l);
        }),
        l);
    if (!results)
      return std::nullopt;
    return (*results)[0];
  }

  //===--------------------------------------------------------------------===//
  // Atomics.
  //===--------------------------------------------------------------------===//
  if (name.starts_with("atomic_")) {
    bool isCas = name == "atomic_cas";
    if (!(isCas ? args.bind({"pointer", "cmp", "val", "sem=", "scope="})
                : args.bind({"pointer", "val", "mask=", "sem=", "scope="})))
      return std::nullopt;
    auto ptr = pointerArg(cg, args.raw(0), name, args.loc(0));
    if (!ptr)
      return std::nullopt;
    DType pointee = ptr->type.elem.getPointee();
    auto sem = args.string(3, "acq_rel");
    auto scope = sem ? args.string(4, "gpu") : std::nullopt;
    if (!scope)
      return std::nullopt;
    auto semKind = tkcir::symbolizeMemSemantic(*sem);
    if (!semKind)
      return error("sem must be 'relaxed', 'acquire', 'release' or 'acq_rel', "
                   "got '" +
                   *sem + "'");
    auto scopeKind = tkcir::symbolizeMemSyncScope(*scope);
    if (!scopeKind)
      return error("scope must be 'gpu', 'cta' or 'sys', got '" + *scope + "'");
    auto semAttr = tkcir::MemSemanticAttr::get(&cg.ctx, *semKind);
    auto scopeAttr = tkcir::MemSyncScopeAttr::get(&cg.ctx, *scopeKind);
    Obj p = *ptr;
    if (isCas) {
      auto cmp = cg.castObj(*args.raw(1), pointee, args.loc(1));
      auto val =
          cmp ? cg.castObj(*args.raw(2), pointee, args.loc(2)) : std::nullopt;
      if (!val)
        return std::nullopt;
      Obj c = *cmp, v = *val;
      if (!cg.broadcastPair(p, c, l) || !cg.broadcastPair(p, v, l) ||
          !cg.broadcastPair(c, v, l))
        return std::nullopt;
      auto op =
          tkcir::AtomicCASOp::create(b, L, c.value.getType(), semAttr,
                                     scopeAttr, p.value, c.value, v.value);
      return Obj::tensor(op.getResult(), c.type);
    }
    auto val = cg.castObj(*args.raw(1), pointee, args.loc(1));
    if (!val)
      return std::nullopt;
    Obj v = *val;
    if (!cg.broadcastPair(p, v, l))
      return std::nullopt;
    std::optional<Obj> mask;
    if (args.has(2)) {
      mask = cg.toBool(*args.get(2), args.loc(2));
      if (!mask || !cg.broadcastPair(p, *mask, l) ||
          !cg.broadcastPair(v, *mask, l))
        return std::nullopt;
    }
    llvm::StringRef kind = name.drop_front(7);
    tkcir::RMWOp rmw;
    if (kind == "add")
      rmw = pointee.isFloat() ? tkcir::RMWOp::fadd : tkcir::RMWOp::add;
    else if (kind == "max")
      rmw = pointee.isUnsigned() ? tkcir::RMWOp::umax : tkcir::RMWOp::max;
    else if (kind == "min")
      rmw = pointee.isUnsigned() ? tkcir::RMWOp::umin : tkcir::RMWOp::min;
    else if (kind == "and")
      rmw = tkcir::RMWOp::AND;
    else if (kind == "or")
      rmw = tkcir::RMWOp::OR;
    else if (kind == "xor")
      rmw = tkcir::RMWOp::XOR;
    else
      rmw = tkcir::RMWOp::xchg;
    if (rmw != tkcir::RMWOp::xchg && rmw != tkcir::RMWOp::fadd &&
        rmw != tkcir::RMWOp::max && rmw != tkcir::RMWOp::min &&
        !pointee.isInt())
      return error("tl." + name + " needs an integer pointee, got " +
                   pointee.str());
    unsigned width = pointee.getBitWidth();
    if (width != 16 && width != 32 && width != 64)
      return error("tl." + name + " needs a 16-, 32- or 64-bit pointee, got " +
                   pointee.str());
    auto op = tkcir::AtomicRMWOp::create(
        b, L, v.value.getType(), tkcir::RMWOpAttr::get(&cg.ctx, rmw), semAttr,
        scopeAttr, p.value, v.value, mask ? mask->value : mlir::Value());
    return Obj::tensor(op.getResult(), v.type);
  }

  //===--------------------------------------------------------------------===//
  // Shapes.
  //===--------------------------------------------------------------------===//
  if (name == "trans" || name == "permute") {
    if (call.args.empty())
      return error("tl." + name + "() needs a block");
    auto x = cg.toTensor(call.args[0], l);
    if (!x)
      return std::nullopt;
    auto dims = varInts(cg, call, 1, l, "a dimension");
    if (!dims)
      return std::nullopt;
    size_t rank = x->type.shape.size();
    if (dims->empty()) {
      if (name == "permute" || rank != 2)
        return error("tl." + name + " needs the dimension order for " +
                     x->type.str());
      dims = llvm::SmallVector<int64_t>{1, 0};
    }
    if (dims->size() != rank)
      return error("tl." + name + " got " + std::to_string(dims->size()) +
                   " dimensions for a block of rank " + std::to_string(rank));
    llvm::SmallVector<int32_t> order;
    std::vector<bool> seen(rank, false);
    for (int64_t d : *dims) {
      if (d < 0 || d >= static_cast<int64_t>(rank) || seen[d])
        return error("tl." + name + " dimensions must be a permutation of 0.." +
                     std::to_string(rank - 1));
      seen[d] = true;
      order.push_back(d);
    }
    auto t = tkcir::TransOp::create(b, L, x->value, order);
    llvm::SmallVector<int64_t> shape;
    for (int32_t d : order)
      shape.push_back(x->type.shape[d]);
    return Obj::tensor(t.getResult(), TType{x->type.elem, shape});
  }
  if (name == "reshape" || name == "view" || name == "ravel") {
    if (call.args.empty())
      return error("tl." + name + "() needs a block");
    bool canReorder = name == "view" || name == "ravel";
    for (auto [k, v] : call.keywords) {
      if (k != "can_reorder")
        return error("tl." + name + "() got an unexpected keyword argument '" +
                     k + "'");
      canReorder = cg.truthy(v);
    }
    auto x = cg.toTensor(call.args[0], l);
    if (!x)
      return std::nullopt;
    llvm::SmallVector<int64_t> shape;
    int64_t count = 1;
    for (int64_t d : x->type.shape)
      count *= d;
    if (name == "ravel") {
      shape = {count};
    } else {
      CallArgs rest;
      rest.args.assign(call.args.begin() + 1, call.args.end());
      auto dims = varInts(cg, rest, 0, l, "a dimension");
      if (!dims)
        return std::nullopt;
      shape = *dims;
    }
    int64_t n = 1;
    for (int64_t d : shape) {
      if (d <= 0 || !llvm::isPowerOf2_64(d))
        return error("block dimensions must be powers of two, got " +
                     std::to_string(d));
      n *= d;
    }
    if (n != count)
      return error("cannot reshape " + x->type.str() + " (" +
                   std::to_string(count) + " elements) into " +
                   std::to_string(n) + " elements");
    TType t{x->type.elem, shape};
    auto r = tkcir::ReshapeOp::create(b, L, t.toMLIR(&cg.ctx), x->value);
    r.setAllowReorder(canReorder);
    return Obj::tensor(r.getResult(), t);
  }
  if (name == "broadcast_to") {
    if (call.args.empty())
      return error("tl.broadcast_to() needs a block");
    auto x = cg.toTensor(call.args[0], l);
    auto dims = x ? varInts(cg, call, 1, l, "a dimension") : std::nullopt;
    if (!dims)
      return std::nullopt;
    return cg.broadcastTo(*x, *dims, l);
  }
  if (name == "broadcast") {
    if (!args.bind({"input", "other"}))
      return std::nullopt;
    auto x = args.tensor(0), y = x ? args.tensor(1) : std::nullopt;
    if (!y || !cg.broadcastPair(*x, *y, l))
      return std::nullopt;
    return Obj::tuple({*x, *y});
  }
  if (name == "expand_dims") {
    if (!args.bind({"input", "axis"}))
      return std::nullopt;
    auto x = args.tensor(0);
    if (!x)
      return std::nullopt;
    Obj axes = *args.raw(1);
    std::vector<Obj> list =
        axes.kind == Kind::Tuple ? axes.elems : std::vector<Obj>{axes};
    Obj cur = *x;
    size_t newRank = x->type.shape.size() + list.size();
    std::vector<int64_t> sorted;
    for (const Obj &a : list) {
      auto v = cg.constInt(a, args.loc(1), "axis");
      if (!v)
        return std::nullopt;
      int64_t ax = *v < 0 ? *v + newRank : *v;
      if (ax < 0 || ax >= static_cast<int64_t>(newRank))
        return error("expand_dims axis " + std::to_string(*v) +
                     " is out of range");
      sorted.push_back(ax);
    }
    llvm::sort(sorted);
    for (int64_t ax : sorted) {
      llvm::SmallVector<int64_t> shape = cur.type.shape;
      shape.insert(shape.begin() + ax, 1);
      if (!cur.type.isBlock())
        cur = *cg.broadcastTo(cur, shape, l);
      else
        cur = Obj::tensor(
            tkcir::ExpandDimsOp::create(b, L, cur.value, static_cast<int>(ax)),
            TType{cur.type.elem, shape});
    }
    return cur;
  }

  //===--------------------------------------------------------------------===//
  // Hints.
  //===--------------------------------------------------------------------===//
  if (name == "multiple_of" || name == "max_contiguous" ||
      name == "max_constancy") {
    if (!args.bind({"input", "values"}))
      return std::nullopt;
    auto x = args.tensor(0);
    auto vals = x ? varInts(cg, call, 1, l, "a hint value") : std::nullopt;
    if (!vals)
      return std::nullopt;
    size_t dims = std::max<size_t>(1, x->type.shape.size());
    if (vals->size() == 1 && dims > 1)
      vals->assign(dims, (*vals)[0]);
    if (vals->size() != dims)
      return error("tl." + name + " needs one value per dimension");
    llvm::SmallVector<int32_t> v32(vals->begin(), vals->end());
    std::string attr = name == "multiple_of"      ? "tkc.divisibility"
                       : name == "max_contiguous" ? "tkc.contiguity"
                                                  : "tkc.constancy";
    auto arrayAttr = b.getDenseI32ArrayAttr(v32);
    if (mlir::Operation *def = x->value.getDefiningOp()) {
      def->setAttr(attr, arrayAttr);
    } else if (auto arg = mlir::dyn_cast<mlir::BlockArgument>(x->value)) {
      auto *owner = arg.getOwner()->getParentOp();
      if (auto func = mlir::dyn_cast_or_null<mlir::func::FuncOp>(owner))
        func.setArgAttr(arg.getArgNumber(), attr, arrayAttr);
    }
    return x;
  }
  if (name == "assume") {
    if (!args.bind({"cond"}))
      return std::nullopt;
    return Obj::none(); // A hint only; dropping it is always correct.
  }

  //===--------------------------------------------------------------------===//
  // Debugging.
  //===--------------------------------------------------------------------===//
  if (name == "static_assert") {
    if (!args.bind({"cond", "msg="}))
      return std::nullopt;
    const Obj &c = *args.raw(0);
    if (!c.isConstexpr())
      return error("tl.static_assert needs a compile-time condition, got " +
                   c.describe());
    if (!cg.truthy(c)) {
      auto msg = args.string(1, "");
      if (!msg)
        return std::nullopt;
      return error("static assertion failed" +
                   (msg->empty() ? std::string() : ": " + *msg));
    }
    return Obj::none();
  }
  if (name == "static_print") {
    std::string text;
    for (const Obj &o : call.args) {
      if (!text.empty())
        text += " ";
      if (o.kind == Kind::Str)
        text += o.str;
      else if (o.kind == Kind::Int || o.kind == Kind::Bool)
        text += std::to_string(o.intValue);
      else if (o.kind == Kind::Float)
        text += std::to_string(o.floatValue);
      else
        text += o.describe();
    }
    cg.diags.note(l, "static_print: " + text);
    return Obj::none();
  }
  if (name == "device_print") {
    std::string prefix;
    size_t first = 0;
    if (!call.args.empty() && call.args[0].kind == Kind::Str) {
      prefix = call.args[0].str;
      first = 1;
    }
    bool hex = false;
    for (auto [k, v] : call.keywords) {
      if (k != "hex")
        return error("tl.device_print() got an unexpected keyword argument '" +
                     k + "'");
      hex = cg.truthy(v);
    }
    llvm::SmallVector<mlir::Value> values;
    for (size_t i = first; i < call.args.size(); ++i) {
      auto t = cg.toTensor(call.args[i], l);
      if (!t)
        return std::nullopt;
      values.push_back(t->value);
    }
    tkcir::PrintOp::create(b, L, b.getStringAttr(prefix), b.getBoolAttr(hex),
                           values);
    return Obj::none();
  }
  if (name == "device_assert") {
    if (!args.bind({"cond", "msg="}))
      return std::nullopt;
    auto msg = args.string(1, "");
    if (!msg)
      return std::nullopt;
    const Obj &c = *args.raw(0);
    if (c.isConstexpr()) {
      if (!cg.truthy(c))
        return error("assertion is always false" +
                     (msg->empty() ? std::string() : ": " + *msg));
      return Obj::none();
    }
    auto cond = cg.toBool(c, args.loc(0));
    if (!cond)
      return std::nullopt;
    if (cg.debug)
      tkcir::AssertOp::create(b, L, cond->value, b.getStringAttr(*msg));
    return Obj::none();
  }
  if (name == "debug_barrier") {
    if (!args.bind({}))
      return std::nullopt;
    tkcir::BarrierOp::create(b, L);
    return Obj::none();
  }

  return error("tl." + name + " is not supported by tkc yet");
}

//===----------------------------------------------------------------------===//
// Attributes of blocks and dtypes
//===----------------------------------------------------------------------===//

std::optional<Obj> FunctionGen::tensorAttribute(const Obj &t,
                                                llvm::StringRef attr, Loc l) {
  if (attr == "dtype")
    return Obj::dtypeObj(t.type.elem);
  if (attr == "type") {
    if (t.type.isBlock()) {
      cg.diags.error(l, "x.type of a block is not supported; use x.dtype");
      return std::nullopt;
    }
    return Obj::dtypeObj(t.type.elem);
  }
  if (attr == "shape") {
    std::vector<Obj> dims;
    for (int64_t d : t.type.shape)
      dims.push_back(Obj::integer(d));
    return Obj::tuple(std::move(dims));
  }
  if (attr == "numel") {
    int64_t n = 1;
    for (int64_t d : t.type.shape)
      n *= d;
    return Obj::integer(n);
  }
  if (attr == "T") {
    CallArgs call;
    call.args = {t};
    return callBuiltin("tl.trans", call, nullptr, l);
  }
  if (isTensorMethod(attr)) {
    Obj m = Obj::named(Obj::Kind::Method,
                       attr == "to" ? "tl.cast" : "tl." + attr.str());
    m.self = std::make_shared<Obj>(t);
    return m;
  }
  cg.diags.error(l, "a block has no attribute '" + attr + "'");
  return std::nullopt;
}

std::optional<Obj> FunctionGen::dtypeAttribute(const Obj &t,
                                               llvm::StringRef attr, Loc l) {
  const DType &d = t.dtype;
  if (attr == "element_ty") {
    if (!d.isPtr()) {
      cg.diags.error(l, "dtype " + d.str() +
                            " has no element_ty (it is not "
                            "a pointer)");
      return std::nullopt;
    }
    return Obj::dtypeObj(d.getPointee());
  }
  if (attr == "primitive_bitwidth" || attr == "int_bitwidth")
    return Obj::integer(d.getBitWidth());
  if (attr == "name")
    return Obj::string(d.str());
  if (llvm::is_contained({"is_floating", "is_int", "is_ptr", "is_bool",
                          "is_fp8", "is_fp16", "is_bf16", "is_fp32", "is_fp64",
                          "is_int_signed", "is_int_unsigned"},
                         attr)) {
    Obj m = Obj::named(Obj::Kind::Method, "dtype." + attr.str());
    m.self = std::make_shared<Obj>(t);
    return m;
  }
  cg.diags.error(l, "dtype has no attribute '" + attr + "'");
  return std::nullopt;
}

} // namespace tkc::frontend
