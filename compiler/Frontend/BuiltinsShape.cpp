//===- BuiltinsShape.cpp - Permutes, reshapes, broadcasts, expand_dims ----===//
//
// The `tl` functions that change a block's shape but not its elements:
// tl.trans and tl.permute, tl.reshape, tl.view and tl.ravel, tl.broadcast_to
// and tl.broadcast, tl.expand_dims, and tl.join, tl.split and tl.interleave.
// Dimensions may be given as separate arguments or as one tuple; every block
// dimension stays a power of two.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Builtins.h"

#include "llvm/Support/MathExtras.h"

namespace tkc::frontend {

using Kind = Obj::Kind;
namespace tkcir = mlir::tkc;

/// `tl.trans(x, *dims)` and `tl.permute(x, *dims)`; tl.trans of a 2-D
/// block swaps its dimensions.
static std::optional<Obj> lowerPermute(BuiltinCall &c) {
  if (c.call.args.empty())
    return c.error("tl." + c.name + "() needs a block");
  auto x = c.cg.toTensor(c.call.args[0], c.l);
  if (!x)
    return std::nullopt;
  auto dims = varInts(c.cg, c.call, 1, c.l, "a dimension");
  if (!dims)
    return std::nullopt;
  size_t rank = x->type.shape.size();
  if (dims->empty()) {
    if (c.name == "permute" || rank != 2)
      return c.error("tl." + c.name + " needs the dimension order for " +
                     x->type.str());
    dims = llvm::SmallVector<int64_t>{1, 0};
  }
  if (dims->size() != rank)
    return c.error("tl." + c.name + " got " + std::to_string(dims->size()) +
                   " dimensions for a block of rank " + std::to_string(rank));
  llvm::SmallVector<int32_t> order;
  std::vector<bool> seen(rank, false);
  for (int64_t d : *dims) {
    if (d < 0 || d >= static_cast<int64_t>(rank) || seen[d])
      return c.error("tl." + c.name +
                     " dimensions must be a permutation of 0.." +
                     std::to_string(rank - 1));
    seen[d] = true;
    order.push_back(d);
  }
  auto t = tkcir::TransOp::create(c.b, c.L, x->value, order);
  llvm::SmallVector<int64_t> shape;
  for (int32_t d : order)
    shape.push_back(x->type.shape[d]);
  return Obj::tensor(t.getResult(), TType{x->type.elem, shape});
}

/// `tl.reshape(x, *shape)`, `tl.view(x, *shape)` and `tl.ravel(x)`.
static std::optional<Obj> lowerReshape(BuiltinCall &c) {
  if (c.call.args.empty())
    return c.error("tl." + c.name + "() needs a block");
  bool canReorder = c.name == "view" || c.name == "ravel";
  for (auto [k, v] : c.call.keywords) {
    if (k != "can_reorder")
      return c.error("tl." + c.name +
                     "() got an unexpected keyword argument '" + k + "'");
    canReorder = c.cg.truthy(v);
  }
  auto x = c.cg.toTensor(c.call.args[0], c.l);
  if (!x)
    return std::nullopt;
  llvm::SmallVector<int64_t> shape;
  int64_t count = x->type.numel();
  if (c.name == "ravel") {
    shape = {count};
  } else {
    CallArgs rest;
    rest.args.assign(c.call.args.begin() + 1, c.call.args.end());
    auto dims = varInts(c.cg, rest, 0, c.l, "a dimension");
    if (!dims)
      return std::nullopt;
    shape = *dims;
  }
  // A shape of no dimensions: the block's single element as a scalar.
  if (shape.empty() && c.name == "reshape")
    return unsplat(c.cg, *x, c.l);
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d <= 0 || !llvm::isPowerOf2_64(d))
      return c.error("block dimensions must be powers of two, got " +
                     std::to_string(d));
    n *= d;
  }
  if (n != count)
    return c.error("cannot reshape " + x->type.str() + " (" +
                   std::to_string(count) + " elements) into " +
                   std::to_string(n) + " elements");
  TType t{x->type.elem, shape};
  auto r = tkcir::ReshapeOp::create(c.b, c.L, t.toMLIR(&c.cg.ctx), x->value);
  r.setAllowReorder(canReorder);
  return Obj::tensor(r.getResult(), t);
}

/// `tl.broadcast_to(x, *shape)`.
static std::optional<Obj> lowerBroadcastTo(BuiltinCall &c) {
  if (c.call.args.empty())
    return c.error("tl.broadcast_to() needs a block");
  auto x = c.cg.toTensor(c.call.args[0], c.l);
  auto dims = x ? varInts(c.cg, c.call, 1, c.l, "a dimension") : std::nullopt;
  if (!dims)
    return std::nullopt;
  return c.cg.broadcastTo(*x, *dims, c.l);
}

/// `tl.broadcast(input, other)`: both, broadcast to their common shape.
static std::optional<Obj> lowerBroadcast(BuiltinCall &c) {
  if (!c.args.bind({"input", "other"}))
    return std::nullopt;
  auto x = c.args.tensor(0), y = x ? c.args.tensor(1) : std::nullopt;
  if (!y || !c.cg.broadcastPair(*x, *y, c.l))
    return std::nullopt;
  return Obj::tuple({*x, *y});
}

/// `tl.expand_dims(input, axis)`: inserts size-1 dimensions at `axis`
/// (an int or a tuple of ints).
static std::optional<Obj> lowerExpandDims(BuiltinCall &c) {
  if (!c.args.bind({"input", "axis"}))
    return std::nullopt;
  auto x = c.args.tensor(0);
  if (!x)
    return std::nullopt;
  Obj axes = *c.args.raw(1);
  std::vector<Obj> list =
      axes.kind == Kind::Tuple ? axes.elems : std::vector<Obj>{axes};
  Obj cur = *x;
  size_t newRank = x->type.shape.size() + list.size();
  std::vector<int64_t> sorted;
  for (const Obj &a : list) {
    auto v = c.cg.constInt(a, c.args.loc(1), "axis");
    if (!v)
      return std::nullopt;
    int64_t ax = *v < 0 ? *v + newRank : *v;
    if (ax < 0 || ax >= static_cast<int64_t>(newRank))
      return c.error("expand_dims axis " + std::to_string(*v) +
                     " is out of range");
    sorted.push_back(ax);
  }
  llvm::sort(sorted);
  for (int64_t ax : sorted) {
    llvm::SmallVector<int64_t> shape = cur.type.shape;
    shape.insert(shape.begin() + ax, 1);
    if (!cur.type.isBlock())
      cur = *c.cg.broadcastTo(cur, shape, c.l);
    else
      cur = Obj::tensor(tkcir::ExpandDimsOp::create(c.b, c.L, cur.value,
                                                    static_cast<int>(ax)),
                        TType{cur.type.elem, shape});
  }
  return cur;
}

/// `tl.join(a, b)`: `a` and `b` broadcast to one shape, stacked along a new
/// last dimension of 2 (scalars give a block of 2).
static std::optional<Obj> lowerJoin(BuiltinCall &c) {
  if (!c.args.bind({"a", "b"}))
    return std::nullopt;
  auto x = c.args.tensor(0), y = x ? c.args.tensor(1) : std::nullopt;
  if (!y || !c.cg.broadcastPair(*x, *y, c.l))
    return std::nullopt;
  if (x->type.elem != y->type.elem)
    return c.error("tl.join needs blocks of one type, got " + x->type.str() +
                   " and " + y->type.str());
  bool scalars = !x->type.isBlock();
  if (scalars) {
    x = c.cg.broadcastTo(*x, {1}, c.l);
    y = x ? c.cg.broadcastTo(*y, {1}, c.l) : std::nullopt;
    if (!y)
      return std::nullopt;
  }
  TType joined = x->type;
  joined.shape.push_back(2);
  Obj result =
      Obj::tensor(tkcir::JoinOp::create(c.b, c.L, joined.toMLIR(&c.cg.ctx),
                                        x->value, y->value)
                      .getResult(),
                  joined);
  if (!scalars)
    return result;
  TType pair{joined.elem, {2}};
  return Obj::tensor(
      tkcir::ReshapeOp::create(c.b, c.L, pair.toMLIR(&c.cg.ctx), result.value)
          .getResult(),
      pair);
}

/// `tl.split(a)` (and `a.split()`): the two halves of `a`'s last dimension,
/// which must be 2, as a tuple (of scalars for a block of 2).
static std::optional<Obj> lowerSplit(BuiltinCall &c) {
  if (!c.args.bind({"a"}))
    return std::nullopt;
  auto x = c.args.tensor(0);
  if (!x)
    return std::nullopt;
  if (!x->type.isBlock() || x->type.shape.back() != 2)
    return c.error("tl.split needs a block whose last dimension is 2, got " +
                   x->type.str());
  TType half = x->type;
  half.shape.pop_back();
  if (half.shape.empty()) {
    // A block of 2 splits into its two elements, as scalars.
    auto elements = blockElements(c.cg, *x, c.l);
    if (!elements)
      return std::nullopt;
    return Obj::tuple(std::move(*elements));
  }
  mlir::Type type = half.toMLIR(&c.cg.ctx);
  auto split = tkcir::SplitOp::create(c.b, c.L, type, type, x->value);
  return Obj::tuple({Obj::tensor(split.getOutLHS(), half),
                     Obj::tensor(split.getOutRHS(), half)});
}

std::optional<Obj> unsplat(CodeGen &cg, const Obj &x, Loc l) {
  if (!x.type.isBlock())
    return x;
  if (x.type.numel() != 1) {
    cg.diags.error(l, "only a block of one element has a single value, got " +
                          x.type.str());
    return std::nullopt;
  }
  Obj one = x;
  if (x.type.shape.size() > 1) {
    TType flat{x.type.elem, {1}};
    one = Obj::tensor(tkcir::ReshapeOp::create(cg.builder, cg.loc(l),
                                               flat.toMLIR(&cg.ctx), x.value)
                          .getResult(),
                      flat);
  }
  auto elements = blockElements(cg, one, l);
  if (!elements)
    return std::nullopt;
  return elements->front();
}

/// `tl.item(input)` (and `input.item()`): a block of one element as a
/// scalar.
static std::optional<Obj> lowerItem(BuiltinCall &c) {
  if (!c.args.bind({"input"}))
    return std::nullopt;
  auto x = c.args.tensor(0);
  if (!x)
    return std::nullopt;
  return unsplat(c.cg, *x, c.l);
}

/// `tl.cat(input, other, can_reorder=True)`: two blocks of one type and
/// shape concatenated along the first dimension. Triton demands
/// can_reorder, leaving the order to the compiler; tkc keeps `input`'s
/// elements first, in order (a join, the pair dimension moved to the
/// front, and a reshape).
static std::optional<Obj> lowerCat(BuiltinCall &c) {
  if (!c.args.bind({"input", "other", "can_reorder="}))
    return std::nullopt;
  auto x = c.args.tensor(0), y = x ? c.args.tensor(1) : std::nullopt;
  auto reorder = y ? c.args.flag(2, false) : std::nullopt;
  if (!reorder)
    return std::nullopt;
  if (!*reorder)
    return c.error("tl.cat needs can_reorder=True, as Triton's does");
  if (!x->type.isBlock() || x->type != y->type)
    return c.error("tl.cat needs two blocks of one type and shape, got " +
                   x->type.str() + " and " + y->type.str());
  TType joined = x->type;
  joined.shape.push_back(2);
  mlir::Value pairs = tkcir::JoinOp::create(c.b, c.L, joined.toMLIR(&c.cg.ctx),
                                            x->value, y->value);
  llvm::SmallVector<int32_t> order = {
      static_cast<int32_t>(x->type.shape.size())};
  for (size_t d = 0; d < x->type.shape.size(); ++d)
    order.push_back(static_cast<int32_t>(d));
  mlir::Value halves = tkcir::TransOp::create(c.b, c.L, pairs, order);
  TType result = x->type;
  result.shape.front() *= 2;
  return Obj::tensor(
      tkcir::ReshapeOp::create(c.b, c.L, result.toMLIR(&c.cg.ctx), halves)
          .getResult(),
      result);
}

/// `tl.gather(src, index, axis)` (and `src.gather(index, axis)`): the
/// elements of `src` that `index` picks along `axis`, in `index`'s shape.
static std::optional<Obj> lowerGather(BuiltinCall &c) {
  if (!c.args.bind({"src", "index", "axis"}))
    return std::nullopt;
  auto src = c.args.tensor(0);
  auto index = src ? c.args.tensor(1) : std::nullopt;
  auto axis = index ? c.args.integer(2, 0) : std::nullopt;
  if (!axis)
    return std::nullopt;
  size_t rank = src->type.shape.size();
  if (!src->type.isBlock() || index->type.shape.size() != rank)
    return c.error("tl.gather needs a block and indices of its rank, got " +
                   src->type.str() + " and " + index->type.str());
  if (!index->type.elem.isInt() || index->type.elem.isBool())
    return c.error("tl.gather needs integer indices, got " + index->type.str());
  int64_t ax = *axis < 0 ? *axis + static_cast<int64_t>(rank) : *axis;
  if (ax < 0 || ax >= static_cast<int64_t>(rank))
    return c.error("tl.gather axis " + llvm::Twine(*axis) +
                   " is out of range for " + src->type.str());
  for (size_t d = 0; d < rank; ++d)
    if (static_cast<int64_t>(d) != ax &&
        index->type.shape[d] != src->type.shape[d])
      return c.error("tl.gather needs indices shaped as the block but along "
                     "the axis, got " +
                     index->type.str() + " for " + src->type.str());
  TType result = index->type.withElem(src->type.elem);
  return Obj::tensor(tkcir::GatherOp::create(c.b, c.L, result.toMLIR(&c.cg.ctx),
                                             src->value, index->value,
                                             static_cast<int32_t>(ax))
                         .getResult(),
                     result);
}

/// `tl.interleave(a, b)`: the elements of `a` and `b` alternating along
/// the last dimension (a join whose last two dimensions merge).
static std::optional<Obj> lowerInterleave(BuiltinCall &c) {
  auto joined = lowerJoin(c);
  if (!joined)
    return std::nullopt;
  TType merged = joined->type;
  if (merged.shape.size() < 2)
    return joined; // scalars: the pair is the interleaving
  merged.shape.pop_back();
  merged.shape.back() *= 2;
  return Obj::tensor(tkcir::ReshapeOp::create(
                         c.b, c.L, merged.toMLIR(&c.cg.ctx), joined->value)
                         .getResult(),
                     merged);
}

llvm::ArrayRef<BuiltinEntry> shapeBuiltins() {
  static const BuiltinEntry entries[] = {
      {"tl.trans", lowerPermute, "trans"},
      {"tl.permute", lowerPermute, "permute"},
      {"tl.reshape", lowerReshape, "reshape"},
      {"tl.view", lowerReshape, "view"},
      {"tl.ravel", lowerReshape, "ravel"},
      {"tl.broadcast_to", lowerBroadcastTo, "broadcast_to"},
      {"tl.broadcast", lowerBroadcast},
      {"tl.expand_dims", lowerExpandDims, "expand_dims"},
      {"tl.join", lowerJoin, "join"},
      {"tl.split", lowerSplit, "split"},
      {"tl.item", lowerItem, "item"},
      {"tl.interleave", lowerInterleave},
      {"tl.cat", lowerCat},
      {"tl.gather", lowerGather, "gather"},
  };
  return entries;
}

} // namespace tkc::frontend
