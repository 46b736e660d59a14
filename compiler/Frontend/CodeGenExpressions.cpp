//===- CodeGenExpressions.cpp - Expressions and inlined calls -------------===//
//
// Evaluates expressions: literals and names, attributes of modules, blocks
// and dtypes, operators (through the typing rules of Semantics.cpp), boolean
// and conditional expressions, subscripts of tuples and blocks, and calls.
// A call of a @jit function binds its arguments as Python does and inlines
// the body; a call of a builtin goes to FunctionGen::callBuiltin.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/CodeGenImpl.h"

namespace tkc::frontend {

using Kind = Obj::Kind;

/// Bound on @jit call nesting (and so on recursion).
static constexpr unsigned kMaxCallDepth = 64;

std::optional<Obj> FunctionGen::attribute(const Obj &base,
                                          const std::string &attr, Loc attrLoc,
                                          Loc l) {
  // `x.value` unwraps a tl.constexpr in Triton; tkc's constexprs are the
  // values themselves.
  if (attr == "value" && base.isConstexpr() && base.kind != Kind::Module)
    return base;
  switch (base.kind) {
  case Kind::Module:
    return cg.moduleAttribute(base, attr, attrLoc);
  case Kind::Tensor:
    return tensorAttribute(base, attr, attrLoc);
  case Kind::DTypeObj:
    return dtypeAttribute(base, attr, attrLoc);
  case Kind::BlockPtr:
    // Triton's is a pointer to the block; tkc gives the pointer to its
    // elements, which `.element_ty` and `.to(p.dtype.element_ty)` use
    // alike.
    if (attr == "dtype")
      return Obj::dtypeObj(base.elems.front().type.elem);
    // Triton's pointer_type(block_type): `.element_ty` is the block type.
    if (attr == "type") {
      Obj t = Obj::blockTypeObj(base.elems.front().type.elem, base.blockShape);
      t.pointerToBlock = true;
      return t;
    }
    // `p.advance(offsets)`: tl.advance(p, offsets).
    if (attr == "advance") {
      Obj m = Obj::named(Kind::Method, "tl.advance");
      m.self = std::make_shared<Obj>(base);
      return m;
    }
    cg.diags.error(attrLoc, "a block pointer has no attribute '" + attr +
                                "' (tkc supports advance, dtype and type)");
    return std::nullopt;
  case Kind::TensorDesc:
    if (isDescriptorMethod(attr)) {
      Obj m = Obj::named(Kind::Method, "tensor_descriptor." + attr);
      m.self = std::make_shared<Obj>(base);
      return m;
    }
    if (attr == "dtype")
      return Obj::dtypeObj(base.elems.front().type.elem.getPointee());
    if (attr == "block_shape") {
      std::vector<Obj> dims;
      for (int64_t d : base.blockShape)
        dims.push_back(Obj::integer(d));
      return Obj::tuple(std::move(dims));
    }
    // The global shape (int32, as Triton makes it) and strides (int64).
    if (attr == "shape" || attr == "strides") {
      size_t rank = base.blockShape.size();
      bool isShape = attr == "shape";
      std::vector<Obj> parts;
      for (size_t d = 0; d < rank; ++d) {
        const Obj &part = base.elems[1 + (isShape ? 0 : rank) + d];
        auto value = isShape ? cg.cast(part, DType(DType::Kind::I32), attrLoc)
                             : std::optional<Obj>(part);
        if (!value)
          return std::nullopt;
        parts.push_back(*value);
      }
      return Obj::tuple(std::move(parts));
    }
    cg.diags.error(attrLoc,
                   "a tensor descriptor has no attribute '" + attr +
                       "' (tkc supports load, store, gather, scatter, the "
                       "atomics, dtype, block_shape, shape and strides)");
    return std::nullopt;
  case Kind::Str:
    // Python's string methods, on compile-time strings.
    if (isStringMethod(attr)) {
      Obj m = Obj::named(Kind::Method, "str." + attr);
      m.self = std::make_shared<Obj>(base);
      return m;
    }
    cg.diags.error(attrLoc, "a string has no attribute '" + attr +
                                "' that tkc supports");
    return std::nullopt;
  default:
    // Python's int methods, on compile-time ints (`SIZE.bit_length()`).
    if (base.kind == Kind::Int && isIntMethod(attr)) {
      Obj m = Obj::named(Kind::Method, "int." + attr);
      m.self = std::make_shared<Obj>(base);
      return m;
    }
    // Triton makes a number assigned to a local a scalar tensor (`value =
    // 1` then `value.dtype`, `value.to(...)`): its attributes are a
    // scalar's.
    if (base.isNumber()) {
      auto scalar = cg.toTensor(base, l);
      if (!scalar)
        return std::nullopt;
      return tensorAttribute(*scalar, attr, attrLoc);
    }
    cg.diags.error(attrLoc,
                   base.describe() + " has no attribute '" + attr + "'");
    return std::nullopt;
  }
}

std::optional<Obj> FunctionGen::eval(const Expr &expr) {
  Loc l = expr.getLoc();
  switch (expr.getKind()) {
  case Expr::Kind::Name: {
    const auto &n = llvm::cast<NameExpr>(expr);
    auto it = scope.find(n.id);
    if (it != scope.end())
      return it->second;
    return cg.lookupGlobal(home, n.id, l);
  }
  case Expr::Kind::IntLit:
    return Obj::integer(llvm::cast<IntLitExpr>(expr).value);
  case Expr::Kind::FloatLit:
    return Obj::floating(llvm::cast<FloatLitExpr>(expr).value);
  case Expr::Kind::StrLit:
    return Obj::string(llvm::cast<StrLitExpr>(expr).value);
  case Expr::Kind::BoolLit:
    return Obj::boolean(llvm::cast<BoolLitExpr>(expr).value);
  case Expr::Kind::NoneLit:
    return Obj::none();
  case Expr::Kind::EllipsisLit:
    cg.diags.error(l, "'...' is not supported in Triton kernels");
    return std::nullopt;
  case Expr::Kind::Attribute: {
    const auto &a = llvm::cast<AttributeExpr>(expr);
    auto base = eval(*a.base);
    if (!base)
      return std::nullopt;
    return attribute(*base, a.attr, a.attrLoc, l);
  }
  case Expr::Kind::Subscript:
    return evalSubscript(llvm::cast<SubscriptExpr>(expr));
  case Expr::Kind::Slice:
    cg.diags.error(l, "a slice is only allowed inside a subscript");
    return std::nullopt;
  case Expr::Kind::Call:
    return evalCall(llvm::cast<CallExpr>(expr));
  case Expr::Kind::BinOp: {
    const auto &b = llvm::cast<BinOpExpr>(expr);
    auto lhs = eval(*b.lhs);
    auto rhs = lhs ? eval(*b.rhs) : std::nullopt;
    if (!rhs)
      return std::nullopt;
    return cg.binaryOp(b.op, *lhs, *rhs, l);
  }
  case Expr::Kind::UnaryOp: {
    const auto &u = llvm::cast<UnaryOpExpr>(expr);
    auto operand = eval(*u.operand);
    if (!operand)
      return std::nullopt;
    return cg.unaryOp(u.op, *operand, l);
  }
  case Expr::Kind::BoolOp:
    return evalBoolOp(llvm::cast<BoolOpExpr>(expr));
  case Expr::Kind::Compare: {
    const auto &c = llvm::cast<CompareExpr>(expr);
    std::vector<Obj> values;
    for (const ExprPtr &e : c.operands) {
      auto v = eval(*e);
      if (!v)
        return std::nullopt;
      values.push_back(*v);
    }
    std::optional<Obj> result;
    for (size_t i = 0; i < c.ops.size(); ++i) {
      auto r = cg.compare(c.ops[i], values[i], values[i + 1], l);
      if (!r)
        return std::nullopt;
      if (!result)
        result = r;
      else
        result = cg.binaryOp(BinOp::BitAnd, *result, *r, l);
      if (!result)
        return std::nullopt;
    }
    return result;
  }
  case Expr::Kind::IfExp:
    return evalIfExp(llvm::cast<IfExpExpr>(expr));
  case Expr::Kind::Tuple:
  case Expr::Kind::List: {
    const auto &elts = expr.getKind() == Expr::Kind::Tuple
                           ? llvm::cast<TupleExpr>(expr).elts
                           : llvm::cast<ListExpr>(expr).elts;
    std::vector<Obj> values;
    for (const ExprPtr &e : elts) {
      auto v = eval(*e);
      if (!v)
        return std::nullopt;
      values.push_back(*v);
    }
    return Obj::tuple(std::move(values));
  }
  case Expr::Kind::Dict: {
    if (!host) {
      cg.diags.error(l, "dict display is not supported in Triton kernels");
      return std::nullopt;
    }
    auto dict = evalDictPairs(llvm::cast<DictExpr>(expr));
    if (dict)
      dict->isDict = true;
    return dict;
  }
  case Expr::Kind::ListComp:
    // Unrolled at compile time, in kernels as Triton does over tuples.
    return evalListComp(llvm::cast<ListCompExpr>(expr));
  case Expr::Kind::Lambda:
    cg.diags.error(l, "lambda is not supported in Triton kernels");
    return std::nullopt;
  case Expr::Kind::Named: {
    // Host code's `if spec := find_spec(name):`; Triton's JIT takes none
    // in kernels.
    if (!host) {
      cg.diags.error(l, "assignment expression is not supported in Triton "
                        "kernels");
      return std::nullopt;
    }
    auto &named = llvm::cast<NamedExpr>(expr);
    std::optional<Obj> value = eval(*named.value);
    if (!value || !assign(*named.target, *value))
      return std::nullopt;
    return value;
  }
  case Expr::Kind::Unsupported: {
    auto &unsupported = llvm::cast<UnsupportedExpr>(expr);
    cg.diags.error(l, unsupported.what +
                          (unsupported.tkcLimit
                               ? " is not supported by tkc yet"
                               : " is not supported in Triton kernels"));
    return std::nullopt;
  }
  }
  cg.diags.error(l, "unsupported expression");
  return std::nullopt;
}

std::optional<Obj> FunctionGen::evalBoolOp(const BoolOpExpr &expr) {
  // As Triton's JIT: operands are evaluated in order; a compile-time one
  // that decides the result (`False` in an `and`, `True` in an `or`) is the
  // result, even after runtime operands (`i == n - 1 and FLAG` with FLAG
  // false is the constexpr False, so an `if` on it generates no body);
  // other compile-time operands drop out, and the runtime ones are combined.
  std::optional<Obj> last;
  std::optional<Obj> runtime;
  for (const ExprPtr &e : expr.values) {
    auto v = eval(*e);
    if (!v)
      return std::nullopt;
    if (v->isConstexpr()) {
      if (cg.truthy(*v) != expr.isAnd)
        return v;
      last = v;
      continue;
    }
    if (!runtime) {
      runtime = v;
      continue;
    }
    auto a = cg.toBool(*runtime, e->getLoc());
    auto b = a ? cg.toBool(*v, e->getLoc()) : std::nullopt;
    if (!b)
      return std::nullopt;
    runtime = cg.binaryOp(expr.isAnd ? BinOp::BitAnd : BinOp::BitOr, *a, *b,
                          e->getLoc());
    if (!runtime)
      return std::nullopt;
  }
  return runtime ? runtime : last;
}

std::optional<Obj> FunctionGen::evalListComp(const ListCompExpr &comp) {
  std::vector<Obj> values;
  // The clauses' targets are the comprehension's own names: restore what
  // they were bound to outside it.
  std::map<std::string, Obj> saved = scope;
  bool ok = evalComprehension(comp, 0, values);
  scope = std::move(saved);
  if (!ok)
    return std::nullopt;
  return Obj::tuple(std::move(values));
}

bool FunctionGen::evalComprehension(const ListCompExpr &comp, size_t clause,
                                    std::vector<Obj> &out) {
  if (clause == comp.generators.size()) {
    auto v = eval(*comp.elt);
    if (!v)
      return false;
    out.push_back(*v);
    return true;
  }
  const Comprehension &c = comp.generators[clause];
  auto items = hostIterable(*c.iter);
  if (!items)
    return false;
  for (const Obj &item : *items) {
    if (out.size() >= size_t(kMaxUnroll))
      return cg.diags.error(comp.getLoc(), "a comprehension makes at most " +
                                               std::to_string(kMaxUnroll) +
                                               " values");
    if (!assign(*c.target, item))
      return false;
    bool keep = true;
    for (const ExprPtr &cond : c.ifs) {
      auto test = eval(*cond);
      if (!test)
        return false;
      if (!test->isConstexpr())
        return cg.diags.error(cond->getLoc(),
                              "a comprehension's condition must be a "
                              "compile-time value");
      keep = keep && cg.truthy(*test);
    }
    if (keep && !evalComprehension(comp, clause + 1, out))
      return false;
  }
  return true;
}

std::optional<std::vector<Obj>> FunctionGen::hostIterable(const Expr &iter) {
  if (auto *call = llvm::dyn_cast<CallExpr>(&iter)) {
    auto callee = eval(*call->callee);
    if (!callee)
      return std::nullopt;
    if (callee->kind == Kind::Builtin && callee->str == "builtins.range") {
      if (call->args.empty() || call->args.size() > 3 ||
          !call->keywords.empty()) {
        cg.diags.error(call->getLoc(), "range() takes 1 to 3 arguments");
        return std::nullopt;
      }
      int64_t v[3] = {0, 0, 1};
      for (auto [i, a] : llvm::enumerate(call->args)) {
        auto o = eval(*a);
        auto c =
            o ? cg.constInt(*o, a->getLoc(), "a range() bound") : std::nullopt;
        if (!c)
          return std::nullopt;
        v[call->args.size() == 1 ? 1 : i] = *c;
      }
      return unrolledRange(v, call->getLoc(), "range()");
    }
  }
  auto value = eval(iter);
  if (!value)
    return std::nullopt;
  if (value->kind == Kind::Tuple)
    return value->elems;
  if (value->kind == Kind::Str) {
    std::vector<Obj> chars;
    for (char ch : value->str)
      chars.push_back(Obj::string(std::string(1, ch)));
    return chars;
  }
  cg.diags.error(iter.getLoc(),
                 "host code can only iterate over range(), a tuple, a list "
                 "or a string, not " +
                     value->describe());
  return std::nullopt;
}

std::optional<Obj> FunctionGen::evalIfExp(const IfExpExpr &expr) {
  auto test = eval(*expr.test);
  if (!test)
    return std::nullopt;
  if (test->isConstexpr())
    return eval(cg.truthy(*test) ? *expr.body : *expr.orelse);
  if (!test->type.isBlock()) {
    auto cond = cg.toBool(*test, expr.test->getLoc());
    if (!cond)
      return std::nullopt;
    return evalRuntimeIfExp(expr, cond->value);
  }
  // A block condition (which Triton refuses) chooses per element, as
  // tl.where: both branches are evaluated.
  auto a = eval(*expr.body);
  auto b = a ? eval(*expr.orelse) : std::nullopt;
  if (!b)
    return std::nullopt;
  return cg.where(*test, *a, *b, expr.getLoc());
}

/// Whether `a` and `b` are the same dict key: equal numbers, strings or
/// dtypes, or both None.
static bool sameDictKey(const Obj &a, const Obj &b) {
  auto isNumber = [](const Obj &o) {
    return o.kind == Kind::Int || o.kind == Kind::Bool || o.kind == Kind::Float;
  };
  auto number = [](const Obj &o) {
    return o.kind == Kind::Float ? o.floatValue : double(o.intValue);
  };
  if (isNumber(a) && isNumber(b))
    return number(a) == number(b);
  if (a.kind != b.kind)
    return false;
  switch (a.kind) {
  case Kind::Str:
    return a.str == b.str;
  case Kind::DTypeObj:
    return a.dtype == b.dtype && a.blockShape == b.blockShape;
  case Kind::None:
    return true;
  default:
    return false;
  }
}

std::optional<Obj> FunctionGen::sliceTuple(const Obj &tuple,
                                           const SliceExpr &slice) {
  // Each part a compile-time integer or None, as Python's slice.indices().
  auto part = [&](const ExprPtr &e) -> std::optional<std::optional<int64_t>> {
    if (!e || llvm::isa<NoneLitExpr>(e.get()))
      return std::optional<int64_t>();
    auto value = eval(*e);
    if (!value)
      return std::nullopt;
    if (value->kind == Kind::None)
      return std::optional<int64_t>();
    auto i = cg.constInt(*value, e->getLoc(), "a tuple slice's bound");
    if (!i)
      return std::nullopt;
    return std::optional<int64_t>(*i);
  };
  auto lower = part(slice.lower), upper = part(slice.upper),
       stepPart = part(slice.step);
  if (!lower || !upper || !stepPart)
    return std::nullopt;
  int64_t n = tuple.elems.size(), step = stepPart->value_or(1);
  if (step == 0) {
    cg.diags.error(slice.getLoc(), "a tuple slice's step cannot be zero");
    return std::nullopt;
  }
  // Bounds clamped as Python clamps them, by the step's direction.
  auto clamp = [&](std::optional<int64_t> bound, int64_t fallback) {
    if (!bound)
      return fallback;
    int64_t b = *bound < 0 ? *bound + n : *bound;
    return step > 0 ? std::clamp<int64_t>(b, 0, n)
                    : std::clamp<int64_t>(b, -1, n - 1);
  };
  int64_t begin = clamp(*lower, step > 0 ? 0 : n - 1);
  int64_t end = clamp(*upper, step > 0 ? n : -1);
  Obj result = tuple;
  result.elems.clear();
  for (int64_t i = begin; step > 0 ? i < end : i > end; i += step)
    result.elems.push_back(tuple.elems[i]);
  return result;
}

std::optional<Obj> FunctionGen::evalSubscript(const SubscriptExpr &sub) {
  auto base = eval(*sub.base);
  if (!base)
    return std::nullopt;
  Loc l = sub.getLoc();
  if (base->kind == Kind::Tuple && base->isDict) {
    if (sub.indices.size() != 1) {
      cg.diags.error(l, "a dict takes one key");
      return std::nullopt;
    }
    auto key = eval(*sub.indices[0]);
    if (!key)
      return std::nullopt;
    for (const Obj &pair : llvm::reverse(base->elems))
      if (sameDictKey(pair.elems[0], *key))
        return pair.elems[1];
    cg.diags.error(l, "key " + key->describe() + " is not in the dict");
    return std::nullopt;
  }
  if (base->kind == Kind::Tuple) {
    if (sub.indices.size() != 1) {
      cg.diags.error(l, "a tuple takes one index");
      return std::nullopt;
    }
    if (auto *slice = llvm::dyn_cast<SliceExpr>(sub.indices[0].get()))
      return sliceTuple(*base, *slice);
    auto index = eval(*sub.indices[0]);
    if (!index)
      return std::nullopt;
    auto i = cg.constInt(*index, sub.indices[0]->getLoc(), "a tuple index");
    if (!i)
      return std::nullopt;
    int64_t n = base->elems.size();
    int64_t k = *i < 0 ? *i + n : *i;
    if (k < 0 || k >= n) {
      cg.diags.error(l, "tuple index " + std::to_string(*i) +
                            " is out of range for " + std::to_string(n) +
                            " elements");
      return std::nullopt;
    }
    return base->elems[k];
  }
  if (!base->isTensor()) {
    cg.diags.error(l, base->describe() + " is not subscriptable");
    return std::nullopt;
  }
  Obj cur = *base;
  size_t dim = 0;
  for (const ExprPtr &index : sub.indices) {
    if (llvm::isa<NoneLitExpr>(index.get())) {
      // The new axis goes at the index's position, or last where that is
      // past the rank (Triton inserts as Python's list.insert does: a
      // scalar's [:, None] is a block of one).
      size_t axis = std::min(dim, cur.type.shape.size());
      llvm::SmallVector<int64_t> shape = cur.type.shape;
      shape.insert(shape.begin() + axis, 1);
      TType t{cur.type.elem, shape};
      if (!cur.type.isBlock())
        cur = *cg.broadcastTo(cur, shape, index->getLoc());
      else
        cur = Obj::tensor(
            mlir::tkc::ExpandDimsOp::create(cg.builder, cg.loc(index->getLoc()),
                                            cur.value, static_cast<int>(axis)),
            t);
      ++dim;
      continue;
    }
    // As in Triton, ':' keeps a dimension and only moves on to the next:
    // a scalar indexed with [None, :] is a block of one, not an error. Its
    // bounds and step may be spelled None (`None:None`, `::None`).
    auto *slice = llvm::dyn_cast<SliceExpr>(index.get());
    auto absent = [](const ExprPtr &part) {
      return !part || llvm::isa<NoneLitExpr>(part.get());
    };
    if (slice && absent(slice->lower) && absent(slice->upper) &&
        absent(slice->step)) {
      ++dim;
      continue;
    }
    cg.diags.error(index->getLoc(),
                   "blocks can only be indexed with ':' and None, as in "
                   "x[:, None]");
    return std::nullopt;
  }
  return cur;
}

/// `tl.<dtype>(x)`: a number as a constant of the dtype (exactly, not
/// through fp32), a runtime value converted as by `.to()`.
static std::optional<Obj> dtypeCall(CodeGen &cg, const DType &dtype,
                                    const Obj &x, Loc l) {
  TType scalar{dtype, {}};
  if (x.isNumber() && !dtype.isPtr() && !dtype.isBool()) {
    if (dtype.isFloat())
      return cg.constantFloat(
          scalar, x.kind == Kind::Float ? x.floatValue : x.intValue, l);
    if (x.kind != Kind::Float) {
      std::optional<int64_t> bits = cg.intBits(x.intValue, l);
      if (!bits)
        return std::nullopt;
      return cg.constantInt(scalar, *bits, l);
    }
  }
  return cg.castObj(x, dtype, l);
}

std::optional<Obj> FunctionGen::evalDictPairs(const DictExpr &dict) {
  std::vector<Obj> pairs;
  for (auto [key, value] : llvm::zip(dict.keys, dict.values)) {
    if (!key) {
      cg.diags.error(dict.getLoc(), "'**' in a dict display is not supported");
      return std::nullopt;
    }
    auto k = eval(*key);
    auto v = k ? eval(*value) : std::nullopt;
    if (!v)
      return std::nullopt;
    pairs.push_back(Obj::tuple({*k, *v}));
  }
  return Obj::tuple(std::move(pairs));
}

std::optional<Obj> FunctionGen::evalCall(const CallExpr &call) {
  auto callee = eval(*call.callee);
  if (!callee)
    return std::nullopt;
  // tl.extern_elementwise's table of signatures is the one dict display a
  // kernel may hold (Triton runs @core.extern bodies as Python).
  bool takesDict =
      callee->kind == Kind::Builtin && callee->str == "tl.extern_elementwise";
  CallArgs args;
  for (const ExprPtr &a : call.args) {
    auto *dict = llvm::dyn_cast<DictExpr>(a.get());
    auto v = takesDict && dict ? evalDictPairs(*dict) : eval(*a);
    if (!v)
      return std::nullopt;
    args.args.push_back(*v);
    args.argLocs.push_back(a->getLoc());
  }
  for (const Keyword &k : call.keywords) {
    auto *dict = llvm::dyn_cast<DictExpr>(k.value.get());
    auto v = takesDict && dict ? evalDictPairs(*dict) : eval(*k.value);
    if (!v)
      return std::nullopt;
    args.keywords.emplace_back(k.name, *v);
    args.keywordLocs.push_back(k.loc);
  }
  Loc l = call.getLoc();
  switch (callee->kind) {
  case Kind::Function:
    return callFunction(*callee, args, l);
  case Kind::Builtin:
    return callBuiltin(callee->str, args, nullptr, l);
  case Kind::Method:
    if (callee->function) {
      args.args.insert(args.args.begin(), *callee->self);
      args.argLocs.insert(args.argLocs.begin(), call.callee->getLoc());
      Obj function = *callee;
      function.kind = Kind::Function;
      return callFunction(function, args, l);
    }
    return callBuiltin(callee->str, args, callee->self.get(), l);
  case Kind::DTypeObj:
    // `tl.float32(x)`: x as a value of that dtype.
    if (args.args.size() != 1 || !args.keywords.empty()) {
      cg.diags.error(l, "dtype " + callee->dtype.str() +
                            " takes one positional argument, as in "
                            "tl.float32(0.0)");
      return std::nullopt;
    }
    return dtypeCall(cg, callee->dtype, args.args[0], args.argLocs[0]);
  default:
    cg.diags.error(l, callee->describe() + " is not callable");
    return std::nullopt;
  }
}

std::optional<Obj> FunctionGen::callFunction(const Obj &function,
                                             CallArgs &call, Loc l) {
  const FunctionDef &callee = *function.function;
  // Host code may call a plain function on compile-time values, as Python
  // does at import (`ASM = tl.constexpr(_generate_asm(1))`); so may a
  // kernel, where the function is marked to run at compile time.
  bool hostCall =
      (host || isConstexprFunction(callee)) && !callee.isJit &&
      llvm::all_of(call.args, [](const Obj &a) { return a.isConstexpr(); }) &&
      llvm::all_of(call.keywords,
                   [](const auto &k) { return k.second.isConstexpr(); });
  if (!callee.isJit && !hostCall) {
    cg.diags.error(l, "'" + callee.name +
                          "' is not a @triton.jit function; kernels can only "
                          "call @jit functions");
    return std::nullopt;
  }
  if (cg.callDepth >= kMaxCallDepth) {
    cg.diags.error(l, "calls nest deeper than " +
                          std::to_string(kMaxCallDepth) +
                          " levels (recursion is not supported)");
    return std::nullopt;
  }
  FunctionGen gen(cg, callee, *function.module);
  gen.host = hostCall;
  if (call.args.size() > callee.params.size()) {
    cg.diags.error(l, callee.name + "() takes " +
                          std::to_string(callee.params.size()) +
                          " arguments but " + std::to_string(call.args.size()) +
                          " were given");
    return std::nullopt;
  }
  std::vector<std::optional<Obj>> bound(callee.params.size());
  for (size_t i = 0; i < call.args.size(); ++i)
    bound[i] = call.args[i];
  for (size_t k = 0; k < call.keywords.size(); ++k) {
    const auto &[name, value] = call.keywords[k];
    auto it = llvm::find_if(callee.params,
                            [&](const Param &p) { return p.name == name; });
    if (it == callee.params.end()) {
      cg.diags.error(call.keywordLocs[k], callee.name +
                                              "() got an unexpected keyword "
                                              "argument '" +
                                              name + "'");
      return std::nullopt;
    }
    size_t i = it - callee.params.begin();
    if (bound[i]) {
      cg.diags.error(call.keywordLocs[k], callee.name +
                                              "() got multiple values for "
                                              "argument '" +
                                              name + "'");
      return std::nullopt;
    }
    bound[i] = value;
  }
  for (size_t i = 0; i < callee.params.size(); ++i) {
    const Param &p = callee.params[i];
    if (!bound[i]) {
      if (!p.defaultValue) {
        cg.diags.error(l, callee.name + "() missing argument '" + p.name + "'");
        return std::nullopt;
      }
      bound[i] = gen.eval(*p.defaultValue);
      if (!bound[i])
        return std::nullopt;
    }
    // A helper's tl.constexpr annotation does not stop a runtime argument:
    // Triton's JIT binds it as given (the fused-attention tutorial passes
    // blocks of offsets to `offs_m: tl.constexpr`).
    gen.scope[p.name] = *bound[i];
  }
  ++cg.callDepth;
  bool ok = gen.visitBody(callee.body);
  --cg.callDepth;
  if (!ok) {
    // The library's lines mean little to the kernel's author: say which
    // call of theirs failed.
    if (function.module == cg.libraryModule.get() &&
        &home != cg.libraryModule.get())
      cg.diags.note(l, "in this call of tl." + callee.name +
                           ", which tkc's library implements");
    return std::nullopt;
  }
  return gen.returnValue;
}

} // namespace tkc::frontend
