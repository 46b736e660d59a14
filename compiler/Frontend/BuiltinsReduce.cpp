//===- BuiltinsReduce.cpp - Reductions and scans --------------------------===//
//
// The `tl` reductions and scans: tl.sum, tl.max, tl.min, tl.argmax,
// tl.argmin and tl.xor_sum, tl.reduce and tl.associative_scan with a @jit
// combine function (inlined into the combine region), and tl.cumsum and
// tl.cumprod. Each becomes one tkc.reduce or tkc.scan along an axis; a
// missing axis flattens the input first, and keep_dims re-inserts the
// reduced axis.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Builtins.h"

#include <functional>

namespace tkc::frontend {

using Kind = Obj::Kind;
using DK = DType::Kind;
namespace tkcir = mlir::tkc;

/// A combine function for reductions and scans: maps (lhs..., rhs...)
/// scalars to results.
using Combine = std::function<std::optional<std::vector<Obj>>(
    llvm::ArrayRef<Obj> lhs, llvm::ArrayRef<Obj> rhs)>;

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
    int64_t n = inputs.front().type.numel();
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

Obj axisIndices(CodeGen &cg, llvm::ArrayRef<int64_t> shape, int64_t axis,
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

/// fp32 for bf16 elements, which Triton's max, min, argmax, argmin, cumsum
/// and cumprod compute in fp32; none otherwise.
static std::optional<DType> bf16AsF32(const DType &elem) {
  if (elem.getKind() == DK::BF16)
    return DType(DK::FP32);
  return std::nullopt;
}

/// `tl.sum`, `tl.max`, `tl.min`, `tl.argmax`, `tl.argmin`, `tl.xor_sum` and
/// `tl.reduce_or` along an axis (or all axes).
static std::optional<Obj> lowerReduction(BuiltinCall &c) {
  bool isArg = c.name == "argmax" || c.name == "argmin";
  bool ok =
      isArg ? c.args.bind({"input", "axis", "tie_break_left=", "keep_dims="})
      : (c.name == "max" || c.name == "min")
          ? c.args.bind({"input", "axis=", "return_indices=",
                         "return_indices_tie_break_left=", "keep_dims="})
          : c.args.bind({"input", "axis=", "keep_dims=", "dtype="});
  if (!ok)
    return std::nullopt;
  auto in = c.args.tensor(0);
  if (!in)
    return std::nullopt;
  bool returnIndices = false;
  std::optional<bool> keep;
  if (isArg) {
    keep = c.args.flag(3, false);
  } else if (c.name == "max" || c.name == "min") {
    auto ri = c.args.flag(2, false);
    if (!ri)
      return std::nullopt;
    returnIndices = *ri;
    keep = c.args.flag(4, false);
  } else {
    keep = c.args.flag(2, false);
  }
  if (!keep)
    return std::nullopt;
  Obj x = *in;
  // Triton's types: max and min (and their index forms) compare bf16 as
  // fp32; max and min of values only, any type narrower than 32 bits as
  // fp32 or int32; sum, integers narrower than 32 bits as 32-bit ones of
  // their signedness (booleans as uint32: Triton's int1 is unsigned).
  bool isMaxMin = c.name == "max" || c.name == "min";
  std::optional<DType> promoted;
  if (isArg || isMaxMin)
    promoted = bf16AsF32(x.type.elem);
  if (isMaxMin && !returnIndices &&
      (promoted ? *promoted : x.type.elem).getBitWidth() < 32)
    promoted = x.type.elem.isFloat() ? DType(DK::FP32) : DType(DK::I32);
  if (promoted) {
    auto converted = c.cg.cast(x, *promoted, c.l);
    if (!converted)
      return std::nullopt;
    x = *converted;
  }
  const DType &e = x.type.elem;
  if (c.name == "sum") {
    std::optional<DType> target;
    if (c.args.has(3)) {
      target = c.args.dtype(3);
      if (!target)
        return std::nullopt;
    } else if (e.isInt() && e.getBitWidth() < 32) {
      target = e.isUnsigned() ? DType(DK::U32) : DType(DK::I32);
    }
    if (target) {
      auto converted = c.cg.cast(x, *target, c.l);
      if (!converted)
        return std::nullopt;
      x = *converted;
    }
  }
  if ((c.name == "xor_sum" || c.name == "reduce_or") && !e.isInt())
    return c.error("tl." + c.name + " needs integers, got " + e.str());
  if (x.type.elem.isPtr())
    return c.error("cannot reduce pointers");
  size_t rank = x.type.shape.size();
  bool flattened = !c.args.has(1) && rank > 1;
  bool wantIndices = isArg || returnIndices;
  std::vector<Obj> inputs{x};
  auto prepared = prepareAxis(c.cg, inputs, c.args.get(1), c.l);
  if (!prepared)
    return std::nullopt;
  auto [ins, axis] = *prepared;
  if (wantIndices)
    ins.push_back(axisIndices(c.cg, ins[0].type.shape, axis, c.l));
  bool isMax = c.name == "max" || c.name == "argmax";
  Combine combine;
  if (wantIndices) {
    bool tieLeft = true;
    combine = [&c, isMax, tieLeft](
                  llvm::ArrayRef<Obj> lhs,
                  llvm::ArrayRef<Obj> rhs) -> std::optional<std::vector<Obj>> {
      // Pick lhs if it is strictly better, or equal with a lower index.
      auto better =
          c.cg.compare(isMax ? CmpOp::Gt : CmpOp::Lt, lhs[0], rhs[0], c.l);
      auto equal = c.cg.compare(CmpOp::Eq, lhs[0], rhs[0], c.l);
      auto lower = c.cg.compare(CmpOp::Lt, lhs[1], rhs[1], c.l);
      if (!better || !equal || !lower)
        return std::nullopt;
      auto tie = c.cg.binaryOp(BinOp::BitAnd, *equal, *lower, c.l);
      auto pick = tie && tieLeft
                      ? c.cg.binaryOp(BinOp::BitOr, *better, *tie, c.l)
                      : better;
      if (!pick)
        return std::nullopt;
      auto v = c.cg.where(*pick, lhs[0], rhs[0], c.l);
      auto i = c.cg.where(*pick, lhs[1], rhs[1], c.l);
      if (!v || !i)
        return std::nullopt;
      return std::vector<Obj>{*v, *i};
    };
  } else if (c.name == "sum") {
    combine = elementwiseCombine([&c](const Obj &a, const Obj &b) {
      return c.cg.binaryOp(BinOp::Add, a, b, c.l);
    });
  } else if (c.name == "xor_sum" || c.name == "reduce_or") {
    BinOp op = c.name == "xor_sum" ? BinOp::BitXor : BinOp::BitOr;
    combine = elementwiseCombine([&c, op](const Obj &a, const Obj &b) {
      return c.cg.binaryOp(op, a, b, c.l);
    });
  } else {
    combine = elementwiseCombine([&c, isMax](const Obj &a, const Obj &b) {
      return c.cg.minMax(isMax, a, b, c.l);
    });
  }
  auto results =
      buildCombineOp(c.cg, ins, axis, /*scan=*/false, false, combine, c.l);
  if (!results)
    return std::nullopt;
  std::vector<Obj> outs = *results;
  if (*keep)
    for (Obj &o : outs)
      o = keepDims(c.cg, o, axis, rank, flattened, c.l);
  if (isArg)
    return outs[1];
  if (returnIndices)
    return Obj::tuple({outs[0], outs[1]});
  return outs[0];
}

std::optional<std::vector<Obj>> blockElements(CodeGen &cg, const Obj &x,
                                              Loc l) {
  // Element i: a reduction that keeps the value whose index is i, carried
  // with its index (combining never mixes values, so the type is exact).
  Obj index = axisIndices(cg, x.type.shape, 0, l);
  std::vector<Obj> out;
  for (int64_t i = 0; i < x.type.shape[0]; ++i) {
    Combine pick = [&cg, i, l](llvm::ArrayRef<Obj> lhs, llvm::ArrayRef<Obj> rhs)
        -> std::optional<std::vector<Obj>> {
      auto isLeft = cg.compare(CmpOp::Eq, lhs[1], Obj::integer(i), l);
      auto v = isLeft ? cg.where(*isLeft, lhs[0], rhs[0], l) : std::nullopt;
      auto j = isLeft ? cg.where(*isLeft, lhs[1], rhs[1], l) : std::nullopt;
      if (!v || !j)
        return std::nullopt;
      return std::vector<Obj>{*v, *j};
    };
    auto r = buildCombineOp(cg, {x, index}, 0, /*scan=*/false, false, pick, l);
    if (!r)
      return std::nullopt;
    out.push_back(r->front());
  }
  return out;
}

/// `tl.reduce(input, axis, combine_fn)` and `tl.associative_scan(input,
/// axis, combine_fn)` of one block or a tuple of blocks.
static std::optional<Obj> lowerReduceOrScan(BuiltinCall &c) {
  bool isScan = c.name == "associative_scan";
  if (!(isScan ? c.args.bind({"input", "axis", "combine_fn", "reverse="})
               : c.args.bind({"input", "axis", "combine_fn", "keep_dims="})))
    return std::nullopt;
  Obj input = *c.args.raw(0);
  bool isTuple = input.kind == Kind::Tuple;
  std::vector<Obj> ins = isTuple ? input.elems : std::vector<Obj>{input};
  for (Obj &in : ins) {
    auto t = c.cg.toTensor(in, c.args.loc(0));
    if (!t)
      return std::nullopt;
    in = *t;
  }
  for (const Obj &in : ins)
    if (in.type.shape != ins[0].type.shape)
      return c.error("tl." + c.name + " inputs must have one shape");
  auto fn = c.args.get(2);
  if (!fn || fn->kind != Kind::Function)
    return c.error("tl." + c.name + " needs a @jit combine function, got " +
                   (fn ? fn->describe() : std::string("None")));
  Obj combineFn = *fn;
  size_t rank = ins[0].type.shape.size();
  auto flag = c.args.flag(3, false);
  if (!flag)
    return std::nullopt;
  if (isScan && !c.args.has(1))
    return c.error("tl.associative_scan needs an axis");
  auto prepared = prepareAxis(c.cg, ins, c.args.get(1), c.l);
  if (!prepared)
    return std::nullopt;
  auto [prep, axis] = *prepared;
  bool flattened = !c.args.has(1) && rank > 1;
  Combine combine =
      [&c,
       combineFn](llvm::ArrayRef<Obj> lhs,
                  llvm::ArrayRef<Obj> rhs) -> std::optional<std::vector<Obj>> {
    CallArgs inner;
    for (const Obj &o : lhs)
      inner.args.push_back(o);
    for (const Obj &o : rhs)
      inner.args.push_back(o);
    inner.argLocs.assign(inner.args.size(), c.l);
    auto r = c.gen.callFunction(combineFn, inner, c.l);
    if (!r)
      return std::nullopt;
    if (r->kind == Kind::Tuple)
      return r->elems;
    return std::vector<Obj>{*r};
  };
  auto results =
      buildCombineOp(c.cg, prep, axis, isScan, isScan && *flag, combine, c.l);
  if (!results)
    return std::nullopt;
  std::vector<Obj> outs = *results;
  if (!isScan && *flag)
    for (Obj &o : outs)
      o = keepDims(c.cg, o, axis, rank, flattened, c.l);
  if (isTuple)
    return Obj::tuple(outs);
  return outs[0];
}

/// `tl.cumsum(input, axis, reverse, dtype)` and `tl.cumprod(input, axis,
/// reverse)`, in Triton's types: bf16 as fp32; cumsum's integers narrower
/// than 32 bits as 32-bit ones, unless `dtype` says otherwise.
static std::optional<Obj> lowerCumulative(BuiltinCall &c) {
  bool isSum = c.name == "cumsum";
  if (!(isSum ? c.args.bind({"input", "axis=", "reverse=", "dtype="})
              : c.args.bind({"input", "axis=", "reverse="})))
    return std::nullopt;
  auto in = c.args.tensor(0);
  auto reverse = in ? c.args.flag(2, false) : std::nullopt;
  if (!reverse)
    return std::nullopt;
  Obj x = *in;
  const DType &e = x.type.elem;
  std::optional<DType> target = bf16AsF32(e);
  if (isSum && c.args.has(3))
    target = c.args.dtype(3);
  else if (isSum && e.isInt() && e.getBitWidth() < 32)
    target = e.isUnsigned() ? DType(DK::U32) : DType(DK::I32);
  if (target) {
    auto converted = c.cg.cast(x, *target, c.l);
    if (!converted)
      return std::nullopt;
    x = *converted;
  }
  auto prepared = prepareAxis(
      c.cg, {x}, c.args.has(1) ? c.args.get(1) : Obj::integer(0), c.l);
  if (!prepared)
    return std::nullopt;
  auto [ins, axis] = *prepared;
  BinOp op = c.name == "cumsum" ? BinOp::Add : BinOp::Mul;
  auto results =
      buildCombineOp(c.cg, ins, axis, /*scan=*/true, *reverse,
                     elementwiseCombine([&c, op](const Obj &a, const Obj &b) {
                       return c.cg.binaryOp(op, a, b, c.l);
                     }),
                     c.l);
  if (!results)
    return std::nullopt;
  return (*results)[0];
}

/// `tl.histogram(input, num_bins, mask)` (and `x.histogram(...)`): how
/// often each of 0 .. num_bins-1 occurs in the integers of `input` (where
/// `mask` holds; other values count modulo num_bins, as in Triton), as a
/// block of num_bins int32.
static std::optional<Obj> lowerHistogram(BuiltinCall &c) {
  if (!c.args.bind({"input", "num_bins", "mask="}))
    return std::nullopt;
  auto x = c.args.tensor(0);
  auto bins = x ? c.args.integer(1, 0) : std::nullopt;
  if (!bins)
    return std::nullopt;
  if (!x->type.isBlock() || !x->type.elem.isInt() || x->type.elem.isBool())
    return c.error("tl.histogram needs a block of integers, got " +
                   x->type.str());
  if (*bins < 1 || !llvm::isPowerOf2_64(*bins))
    return c.error("tl.histogram needs a power-of-two number of bins, got " +
                   llvm::Twine(*bins));
  // Both as 1-D blocks: the bins do not care where an element was.
  auto flatten = [&](const Obj &o) {
    if (o.type.shape.size() < 2)
      return o;
    TType t{o.type.elem, {o.type.numel()}};
    return Obj::tensor(
        tkcir::ReshapeOp::create(c.b, c.L, t.toMLIR(&c.cg.ctx), o.value)
            .getResult(),
        t);
  };
  Obj flat = flatten(*x);
  mlir::Value mask;
  if (c.args.has(2)) {
    auto m = c.cg.toBool(*c.args.get(2), c.args.loc(2));
    if (m)
      m = c.cg.broadcastTo(*m, x->type.shape, c.args.loc(2));
    if (!m)
      return std::nullopt;
    mask = flatten(*m).value;
  }
  TType result{DType(DType::Kind::I32), {*bins}};
  return Obj::tensor(tkcir::HistogramOp::create(
                         c.b, c.L, result.toMLIR(&c.cg.ctx), flat.value, mask)
                         .getResult(),
                     result);
}

llvm::ArrayRef<BuiltinEntry> reduceBuiltins() {
  static const BuiltinEntry entries[] = {
      {"tl.sum", lowerReduction, "sum"},
      {"tl.max", lowerReduction, "max"},
      {"tl.min", lowerReduction, "min"},
      {"tl.argmax", lowerReduction, "argmax"},
      {"tl.argmin", lowerReduction, "argmin"},
      {"tl.xor_sum", lowerReduction, "xor_sum"},
      {"tl.reduce_or", lowerReduction, "reduce_or"},
      {"tl.reduce", lowerReduceOrScan, "reduce"},
      {"tl.associative_scan", lowerReduceOrScan, "associative_scan"},
      {"tl.cumsum", lowerCumulative, "cumsum"},
      {"tl.cumprod", lowerCumulative, "cumprod"},
      {"tl.histogram", lowerHistogram, "histogram"},
  };
  return entries;
}

} // namespace tkc::frontend
