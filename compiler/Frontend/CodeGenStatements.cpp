//===- CodeGenStatements.cpp - Statements and control flow ----------------===//
//
// Generates statements: assignments and unpacking, asserts, returns, and the
// control flow. A compile-time `if` picks its branch and tl.static_range
// unrolls; a runtime `if`, `for` or `while` becomes scf.if, scf.for or
// scf.while, and the variables it changes become results and loop-carried
// values of matching types. A runtime `if` that returns (`if row >= n:
// return`) takes the rest of the function into its branches that fall
// through, so the scf.if ends the function and yields its return value.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Builtins.h"
#include "compiler/Frontend/CodeGenImpl.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include <cmath>
#include <functional>

namespace tkc::frontend {

using Kind = Obj::Kind;
using DK = DType::Kind;
namespace scf = mlir::scf;

/// The keywords of tl.range's and tl.static_range's bounds, in order.
static constexpr llvm::StringLiteral kRangeBoundNames[] = {"arg1", "arg2",
                                                           "step"};

/// Bound on how often the statements after an `if` that returns are
/// generated again, once per branch that falls through to them.
static constexpr unsigned kMaxRestCopies = 1024;

void collectAssignedNames(const Body &body, std::vector<std::string> &names) {
  std::function<void(const Expr &)> targets = [&](const Expr &t) {
    if (auto *n = llvm::dyn_cast<NameExpr>(&t)) {
      if (!llvm::is_contained(names, n->id))
        names.push_back(n->id);
    } else if (auto *tu = llvm::dyn_cast<TupleExpr>(&t))
      for (const ExprPtr &e : tu->elts)
        targets(*e);
    else if (auto *li = llvm::dyn_cast<ListExpr>(&t))
      for (const ExprPtr &e : li->elts)
        targets(*e);
  };
  for (const StmtPtr &s : body) {
    if (auto *a = llvm::dyn_cast<AssignStmt>(s.get())) {
      for (const ExprPtr &t : a->targets)
        targets(*t);
    } else if (auto *a = llvm::dyn_cast<AugAssignStmt>(s.get())) {
      targets(*a->target);
    } else if (auto *i = llvm::dyn_cast<IfStmt>(s.get())) {
      collectAssignedNames(i->body, names);
      collectAssignedNames(i->orelse, names);
    } else if (auto *f = llvm::dyn_cast<ForStmt>(s.get())) {
      targets(*f->target);
      collectAssignedNames(f->body, names);
    } else if (auto *w = llvm::dyn_cast<WhileStmt>(s.get())) {
      collectAssignedNames(w->body, names);
    }
  }
}

/// True if `a` and `b` are the same runtime value, or constexprs of one
/// kind with equal values: a variable holding either has not changed.
static bool sameObj(const Obj &a, const Obj &b) {
  if (a.kind != b.kind)
    return false;
  switch (a.kind) {
  case Kind::Tensor:
    return a.value == b.value;
  case Kind::Float:
    return a.floatValue == b.floatValue ||
           (std::isnan(a.floatValue) && std::isnan(b.floatValue));
  case Kind::Method:
    return a.str == b.str && sameObj(*a.self, *b.self);
  case Kind::BlockPtr:
  case Kind::TensorDesc:
    if (a.blockShape != b.blockShape || a.order != b.order || a.str != b.str)
      return false;
    [[fallthrough]];
  case Kind::Tuple:
    if (a.elems.size() != b.elems.size())
      return false;
    for (size_t i = 0; i < a.elems.size(); ++i)
      if (!sameObj(a.elems[i], b.elems[i]))
        return false;
    return true;
  default:
    return constEqual(a, b);
  }
}

bool FunctionGen::visitBody(const Body &body) {
  return visitStatements(body, 0);
}

bool FunctionGen::visitLoopBody(const Body &body) {
  ++runtimeDepth;
  ++runtimeLoopDepth;
  ++loopDepth;
  bool ok = visitBody(body);
  --runtimeDepth;
  --runtimeLoopDepth;
  --loopDepth;
  return ok;
}

bool FunctionGen::visitStatements(const Body &body, size_t first) {
  for (size_t i = first; i < body.size(); ++i) {
    if (returned)
      return true;
    rest.emplace_back(&body, i + 1);
    bool ok = visitStmt(*body[i]);
    rest.pop_back();
    if (!ok)
      return false;
  }
  return true;
}

void FunctionGen::holdNumbersAsValues(Obj &value) {
  if (value.isNumber())
    value.heldAsValue = true;
  else if (value.kind == Kind::Tuple)
    for (Obj &e : value.elems)
      holdNumbersAsValues(e);
}

bool FunctionGen::assign(const Expr &target, const Obj &value) {
  if (auto *n = llvm::dyn_cast<NameExpr>(&target)) {
    scope[n->id] = value;
    return true;
  }
  const std::vector<ExprPtr> *elts = nullptr;
  if (auto *t = llvm::dyn_cast<TupleExpr>(&target))
    elts = &t->elts;
  else if (auto *l = llvm::dyn_cast<ListExpr>(&target))
    elts = &l->elts;
  if (elts) {
    if (value.kind != Kind::Tuple)
      return cg.diags.error(target.getLoc(),
                            "cannot unpack " + value.describe() + " into " +
                                std::to_string(elts->size()) + " targets");
    // Triton's JIT assigns the first values to the targets and ignores the
    // rest (`amax, = tl.max(x, 0, return_indices=True)`); fewer values than
    // targets is an error.
    if (value.elems.size() < elts->size())
      return cg.diags.error(
          target.getLoc(),
          "cannot unpack " + std::to_string(value.elems.size()) +
              " values into " + std::to_string(elts->size()) + " targets");
    for (size_t i = 0; i < elts->size(); ++i)
      if (!assign(*(*elts)[i], value.elems[i]))
        return false;
    return true;
  }
  if (llvm::isa<SubscriptExpr>(&target))
    return cg.diags.error(target.getLoc(),
                          "assignment to a subscript is not supported (blocks "
                          "are immutable; use tl.where)");
  if (llvm::isa<AttributeExpr>(&target))
    return cg.diags.error(target.getLoc(),
                          "assignment to an attribute is not supported");
  return cg.diags.error(target.getLoc(), "cannot assign to this expression");
}

bool FunctionGen::visitStmt(const Stmt &stmt) {
  Loc l = stmt.getLoc();
  switch (stmt.getKind()) {
  case Stmt::Kind::Expr:
    return eval(*llvm::cast<ExprStmt>(stmt).value).has_value();
  case Stmt::Kind::Assign: {
    const auto &a = llvm::cast<AssignStmt>(stmt);
    if (!a.value)
      return true; // A bare annotation declares nothing we need.
    auto value = eval(*a.value);
    if (!value)
      return false;
    // `x: tl.constexpr = value`: Triton wraps a runtime value too, and it
    // stays a runtime value (FlagGems' sort: `CTA_TILE_N: tl.constexpr =
    // TILE_N * tiles_n_per_cta`); only what needs a constant says so.
    // Without it, Triton makes numbers scalar tensors.
    if (!host && !isConstexprAnnotation(a.annotation.get()))
      holdNumbersAsValues(*value);
    for (const ExprPtr &t : a.targets)
      if (!assign(*t, *value))
        return false;
    return true;
  }
  case Stmt::Kind::AugAssign: {
    const auto &a = llvm::cast<AugAssignStmt>(stmt);
    auto *name = llvm::dyn_cast<NameExpr>(a.target.get());
    if (!name)
      return assign(*a.target, Obj::none());
    auto cur = eval(*a.target);
    auto rhs = cur ? eval(*a.value) : std::nullopt;
    if (!rhs)
      return false;
    auto result = cg.binaryOp(a.op, *cur, *rhs, l);
    if (!result)
      return false;
    scope[name->id] = *result;
    return true;
  }
  case Stmt::Kind::If:
    return visitIf(llvm::cast<IfStmt>(stmt));
  case Stmt::Kind::For:
    return visitFor(llvm::cast<ForStmt>(stmt));
  case Stmt::Kind::While:
    return visitWhile(llvm::cast<WhileStmt>(stmt));
  case Stmt::Kind::Return: {
    if (runtimeLoopDepth > 0)
      return cg.diags.error(l, "'return' inside a runtime loop is not "
                               "supported; leave the loop with a flag and "
                               "return after it");
    if (runtimeDepth > 0)
      return cg.diags.error(l, "'return' inside a runtime 'if' within a "
                               "loop is not supported; return after the "
                               "loop instead");
    const auto &r = llvm::cast<ReturnStmt>(stmt);
    Obj value = Obj::none();
    if (r.value) {
      auto v = eval(*r.value);
      if (!v)
        return false;
      value = *v;
      // Triton returns numbers as scalar tensors.
      if (!host)
        holdNumbersAsValues(value);
    }
    returnValue = value;
    returned = true;
    return true;
  }
  case Stmt::Kind::Pass:
    return true;
  case Stmt::Kind::Break:
    return cg.diags.error(l, "'break' is not supported in Triton kernels");
  case Stmt::Kind::Continue:
    return cg.diags.error(l, "'continue' is not supported in Triton kernels");
  case Stmt::Kind::Assert: {
    const auto &a = llvm::cast<AssertStmt>(stmt);
    CallArgs call;
    auto test = eval(*a.test);
    if (!test)
      return false;
    call.args.push_back(*test);
    call.argLocs.push_back(a.test->getLoc());
    if (a.msg) {
      auto msg = eval(*a.msg);
      if (!msg)
        return false;
      call.args.push_back(*msg);
      call.argLocs.push_back(a.msg->getLoc());
    }
    // Triton's JIT makes every `assert` a tl.device_assert, dropped outside
    // debug mode: one about constexprs too.
    return callBuiltin("tl.device_assert", call, nullptr, l).has_value();
  }
  case Stmt::Kind::FunctionDef:
    return cg.diags.error(l, "nested function definitions are not supported "
                             "in Triton kernels");
  case Stmt::Kind::Unsupported:
    return cg.diags.error(l, llvm::cast<UnsupportedStmt>(stmt).what +
                                 " is not supported in Triton kernels");
  }
  return cg.diags.error(l, "unsupported statement");
}

/// Sets the builder before the terminator of `block`, or at its end.
static void setInsertionAtEnd(mlir::OpBuilder &b, mlir::Block *block) {
  if (!block->empty() && block->back().hasTrait<mlir::OpTrait::IsTerminator>())
    b.setInsertionPoint(&block->back());
  else
    b.setInsertionPointToEnd(block);
}

namespace {

/// A value a runtime `if` may produce: what `what` (a variable, or the
/// return value) holds at the end of each branch.
struct BranchValue {
  std::string what;
  Obj thenObj, elseObj;
};

} // namespace

/// Makes the values that differ between the branches of `ifOp` its results:
/// a number meeting a runtime value is converted in its branch, and `ifOp`
/// is rebuilt with the results. Returns each value as seen after the `if`.
static std::optional<std::vector<Obj>>
mergeBranchValues(CodeGen &cg, scf::IfOp ifOp,
                  const std::vector<BranchValue> &values, Loc l) {
  std::vector<Obj> merged;
  std::vector<size_t> resultOf(values.size(), SIZE_MAX);
  llvm::SmallVector<mlir::Value> thenValues, elseValues;
  llvm::SmallVector<mlir::Type> types;
  std::vector<TType> ttypes;
  for (const BranchValue &v : values) {
    Obj t = v.thenObj, e = v.elseObj;
    merged.push_back(t);
    if (sameObj(t, e))
      continue;
    // A constexpr number meets a runtime value: convert in its branch.
    auto convertIn = [&](mlir::Block *block, Obj &o, const Obj &other) {
      mlir::OpBuilder::InsertionGuard guard(cg.builder);
      setInsertionAtEnd(cg.builder, block);
      auto c = cg.castObj(o, other.type.elem, l);
      if (c)
        c = cg.broadcastTo(*c, other.type.shape, l);
      if (c)
        o = *c;
      return c.has_value();
    };
    if (t.isNumber() && e.isTensor() && !convertIn(ifOp.thenBlock(), t, e))
      return std::nullopt;
    if (e.isNumber() && t.isTensor() && !convertIn(ifOp.elseBlock(), e, t))
      return std::nullopt;
    // Two numbers: each becomes a value in its branch, as Triton's
    // assignments make every number a scalar tensor (`UNROLL = 2` in one
    // branch, `UNROLL = 4` in the other).
    if (t.isNumber() && e.isNumber()) {
      for (auto [block, o] :
           {std::pair{ifOp.thenBlock(), &t}, std::pair{ifOp.elseBlock(), &e}}) {
        mlir::OpBuilder::InsertionGuard guard(cg.builder);
        setInsertionAtEnd(cg.builder, block);
        auto value = cg.toTensor(*o, l);
        if (!value)
          return std::nullopt;
        *o = *value;
      }
    }
    if (!t.isTensor() || !e.isTensor()) {
      cg.diags.error(l, v.what + " gets different compile-time values in the "
                                 "branches of a runtime 'if'");
      return std::nullopt;
    }
    if (t.type != e.type) {
      cg.diags.error(l, v.what + " has type " + t.type.str() +
                            " in the 'if' branch but " + e.type.str() +
                            " in the 'else' branch");
      return std::nullopt;
    }
    resultOf[merged.size() - 1] = types.size();
    thenValues.push_back(t.value);
    elseValues.push_back(e.value);
    types.push_back(t.value.getType());
    ttypes.push_back(t.type);
  }
  if (types.empty())
    return merged;
  auto newIf = scf::IfOp::create(cg.builder, ifOp.getLoc(), types,
                                 ifOp.getCondition(), /*withElseRegion=*/true);
  newIf.getThenRegion().takeBody(ifOp.getThenRegion());
  newIf.getElseRegion().takeBody(ifOp.getElseRegion());
  newIf.thenYield()->setOperands(thenValues);
  newIf.elseYield()->setOperands(elseValues);
  ifOp.erase();
  for (size_t i = 0; i < merged.size(); ++i)
    if (resultOf[i] != SIZE_MAX)
      merged[i] =
          Obj::tensor(newIf.getResult(resultOf[i]), ttypes[resultOf[i]]);
  return merged;
}

std::optional<Obj> FunctionGen::evalRuntimeIfExp(const IfExpExpr &expr,
                                                 mlir::Value cond) {
  Loc l = expr.getLoc();
  auto ifOp = scf::IfOp::create(cg.builder, cg.loc(l), mlir::TypeRange{}, cond,
                                /*withElseRegion=*/true);
  // Each branch in its block; mergeBranchValues makes numbers values there
  // (Triton's to_tensor), unless both are the same number.
  auto genBranch = [&](mlir::Block *block,
                       const Expr &e) -> std::optional<Obj> {
    mlir::OpBuilder::InsertionGuard guard(cg.builder);
    setInsertionAtEnd(cg.builder, block);
    ++runtimeDepth;
    std::optional<Obj> v = eval(e);
    --runtimeDepth;
    return v;
  };
  std::optional<Obj> a = genBranch(ifOp.thenBlock(), *expr.body);
  std::optional<Obj> b =
      a ? genBranch(ifOp.elseBlock(), *expr.orelse) : std::nullopt;
  if (!b)
    return std::nullopt;
  auto merged = mergeBranchValues(
      cg, ifOp, {BranchValue{"the conditional expression", *a, *b}}, l);
  if (!merged)
    return std::nullopt;
  return merged->front();
}

/// True if `body` holds a `return`, directly or in an `if` (not in a loop).
static bool containsReturn(const Body &body) {
  return llvm::any_of(body, [](const StmtPtr &s) {
    if (llvm::isa<ReturnStmt>(*s))
      return true;
    auto *i = llvm::dyn_cast<IfStmt>(s.get());
    return i && (containsReturn(i->body) || containsReturn(i->orelse));
  });
}

/// Whether `o` is made of parts: a tuple, or a block pointer (whose parts
/// are its runtime scalars).
static bool isComposite(const Obj &o) {
  return o.kind == Kind::Tuple || o.kind == Kind::BlockPtr ||
         o.kind == Kind::TensorDesc;
}

/// Appends the leaves of `o` (the elements of nested tuples, the runtime
/// parts of block pointers) to `out`.
static void flattenTuple(const Obj &o, std::vector<Obj> &out) {
  if (!isComposite(o)) {
    out.push_back(o);
    return;
  }
  for (const Obj &e : o.elems)
    flattenTuple(e, out);
}

/// Rebuilds an object shaped like `shape` from `leaves`, starting at `next`.
/// A descriptor rebuilt so (merged from branches, carried by a loop) may be
/// any of several: it names no host descriptor.
static Obj unflattenTuple(const Obj &shape, const std::vector<Obj> &leaves,
                          size_t &next) {
  if (!isComposite(shape))
    return leaves[next++];
  Obj rebuilt = shape;
  rebuilt.hostDescriptor.clear();
  for (Obj &e : rebuilt.elems)
    e = unflattenTuple(e, leaves, next);
  return rebuilt;
}

/// True if `a` and `b` are tuples nested the same way (block pointers
/// count as tuples of their parts, of one block shape and order).
static bool sameTupleShape(const Obj &a, const Obj &b) {
  if (!isComposite(a) || !isComposite(b))
    return !isComposite(a) && !isComposite(b);
  if (a.kind != b.kind || a.blockShape != b.blockShape || a.order != b.order)
    return false;
  if (a.elems.size() != b.elems.size())
    return false;
  for (size_t i = 0; i < a.elems.size(); ++i)
    if (!sameTupleShape(a.elems[i], b.elems[i]))
      return false;
  return true;
}

bool FunctionGen::visitIf(const IfStmt &stmt) {
  auto test = eval(*stmt.test);
  if (!test)
    return false;
  if (test->isConstexpr())
    return visitBody(cg.truthy(*test) ? stmt.body : stmt.orelse);

  Loc l = stmt.getLoc();
  auto cond = cg.toBool(*test, stmt.test->getLoc());
  // A block of one element stands for its element, as in Triton (which
  // warns, asking for `.item()`).
  if (cond && cond->type.isBlock() && cond->type.numel() == 1)
    cond = unsplat(cg, *cond, stmt.test->getLoc());
  if (!cond)
    return false;
  if (cond->type.isBlock())
    return cg.diags.error(stmt.test->getLoc(),
                          "an 'if' condition must be a scalar, got " +
                              cond->type.str() +
                              "; use tl.where to choose per element");
  if (loopDepth == 0 &&
      (containsReturn(stmt.body) || containsReturn(stmt.orelse)))
    return visitIfWithReturn(stmt, cond->value);

  auto L = cg.loc(l);
  auto ifOp = scf::IfOp::create(cg.builder, L, mlir::TypeRange{}, cond->value,
                                /*withElseRegion=*/true);
  std::map<std::string, Obj> before = scope, thenScope, elseScope;
  auto genBranch = [&](mlir::Block *block, const Body &body,
                       std::map<std::string, Obj> &out) {
    mlir::OpBuilder::InsertionGuard guard(cg.builder);
    setInsertionAtEnd(cg.builder, block);
    scope = before;
    ++runtimeDepth;
    bool ok = visitBody(body);
    --runtimeDepth;
    out = scope;
    return ok;
  };
  if (!genBranch(ifOp.thenBlock(), stmt.body, thenScope) ||
      !genBranch(ifOp.elseBlock(), stmt.orelse, elseScope))
    return false;

  // Merge: names bound in both branches and changed by one of them become
  // results of the scf.if. A name bound in one branch only is not visible
  // after the if.
  // Tuples and block pointers (a pointer advanced in one branch) merge part
  // by part.
  scope = before;
  std::vector<BranchValue> values;
  for (auto &[name, thenObj] : thenScope) {
    auto elseIt = elseScope.find(name);
    if (elseIt == elseScope.end())
      continue;
    std::string what = "variable '" + name + "'";
    if (!isComposite(thenObj) || !sameTupleShape(thenObj, elseIt->second)) {
      values.push_back({what, thenObj, elseIt->second});
      continue;
    }
    std::vector<Obj> thenParts, elseParts;
    flattenTuple(thenObj, thenParts);
    flattenTuple(elseIt->second, elseParts);
    for (size_t k = 0; k < thenParts.size(); ++k)
      values.push_back({what, thenParts[k], elseParts[k]});
  }
  auto merged = mergeBranchValues(cg, ifOp, values, l);
  if (!merged)
    return false;
  size_t next = 0;
  for (auto &[name, thenObj] : thenScope) {
    auto elseIt = elseScope.find(name);
    if (elseIt == elseScope.end())
      continue;
    if (isComposite(thenObj) && sameTupleShape(thenObj, elseIt->second))
      scope[name] = unflattenTuple(thenObj, *merged, next);
    else
      scope[name] = (*merged)[next++];
  }
  return true;
}

bool FunctionGen::visitIfWithReturn(const IfStmt &stmt, mlir::Value cond) {
  // `if c: return` ... : each branch runs its own statements, then the rest
  // of the function unless it returned, so the scf.if ends the function and
  // gives its return value.
  Loc l = stmt.getLoc();
  auto ifOp = scf::IfOp::create(cg.builder, cg.loc(l), mlir::TypeRange{}, cond,
                                /*withElseRegion=*/true);
  std::map<std::string, Obj> before = scope;
  std::vector<std::pair<const Body *, size_t>> after = rest;
  Obj results[2];
  auto genBranch = [&](mlir::Block *block, const Body &body, Obj &result) {
    mlir::OpBuilder::InsertionGuard guard(cg.builder);
    setInsertionAtEnd(cg.builder, block);
    scope = before;
    returned = false;
    returnValue = Obj::none();
    if (!visitBody(body))
      return false;
    // The statements after the `if`, innermost body first.
    for (size_t k = after.size(); k-- > 0 && !returned;) {
      if (++restCopies > kMaxRestCopies)
        return cg.diags.error(l, "too many early returns: the rest of the "
                                 "function would be generated more than " +
                                     std::to_string(kMaxRestCopies) + " times");
      rest.assign(after.begin(), after.begin() + k);
      bool ok = visitStatements(*after[k].first, after[k].second);
      rest = after;
      if (!ok)
        return false;
    }
    result = returnValue;
    return true;
  };
  if (!genBranch(ifOp.thenBlock(), stmt.body, results[0]) ||
      !genBranch(ifOp.elseBlock(), stmt.orelse, results[1]))
    return false;
  scope = before;
  returned = true;
  if (!sameTupleShape(results[0], results[1]))
    return cg.diags.error(l, "the branches of this runtime 'if' return "
                             "different kinds of values: " +
                                 results[0].describe() + " and " +
                                 results[1].describe());
  std::vector<Obj> thenLeaves, elseLeaves;
  flattenTuple(results[0], thenLeaves);
  flattenTuple(results[1], elseLeaves);
  std::vector<BranchValue> values;
  for (size_t i = 0; i < thenLeaves.size(); ++i)
    values.push_back({"the return value", thenLeaves[i], elseLeaves[i]});
  auto merged = mergeBranchValues(cg, ifOp, values, l);
  if (!merged)
    return false;
  size_t next = 0;
  returnValue = unflattenTuple(results[0], *merged, next);
  return true;
}

/// Values that live across a runtime loop: names the body assigns that
/// already hold a runtime value, a number, a tuple of numbers, or a tuple or
/// block pointer with runtime parts before the loop. Numbers are converted to
/// runtime scalars here; tuples and block pointers are carried as their leaves.
struct CarriedValues {
  std::vector<std::string> names;
  /// Per name, what it held before the loop: the shape its leaves refill.
  std::vector<Obj> shapes;
  /// The leaves of every name, in order, and their types.
  llvm::SmallVector<mlir::Value> inits;
  std::vector<TType> types;

  /// Binds each name to its value rebuilt from `values` (one per leaf).
  void bind(std::map<std::string, Obj> &scope, mlir::ValueRange values) const {
    std::vector<Obj> leaves;
    for (auto [value, type] : llvm::zip(values, types))
      leaves.push_back(Obj::tensor(value, type));
    size_t next = 0;
    for (auto [name, shape] : llvm::zip(names, shapes))
      scope[name] = unflattenTuple(shape, leaves, next);
  }
};

static std::optional<CarriedValues> collectCarried(FunctionGen &gen,
                                                   const Body &body, Loc l) {
  std::vector<std::string> assigned;
  collectAssignedNames(body, assigned);
  CarriedValues carried;
  for (const std::string &name : assigned) {
    auto it = gen.scope.find(name);
    if (it == gen.scope.end())
      continue;
    Obj o = it->second;
    std::vector<Obj> leaves;
    flattenTuple(o, leaves);
    // A tuple of numbers is carried as a number is (Triton's
    // `pair = (seed, seed)` advanced in the loop).
    bool numbers =
        isComposite(o) && !leaves.empty() &&
        llvm::all_of(leaves, [](const Obj &leaf) { return leaf.isNumber(); });
    if (!o.isTensor() && !o.isNumber() && !numbers &&
        !(isComposite(o) && !o.isConstexpr()))
      continue;
    for (Obj &leaf : leaves) {
      auto t = gen.cg.toTensor(leaf, l);
      if (!t)
        return std::nullopt;
      leaf = *t;
      carried.inits.push_back(t->value);
      carried.types.push_back(t->type);
    }
    size_t next = 0;
    carried.names.push_back(name);
    carried.shapes.push_back(unflattenTuple(o, leaves, next));
  }
  return carried;
}

/// Reads the carried names' values at the end of a loop body, converted to
/// their types before the loop; also checks that other names the loop
/// assigns kept their compile-time values.
static std::optional<llvm::SmallVector<mlir::Value>>
yieldCarried(FunctionGen &gen, const CarriedValues &carried,
             const std::map<std::string, Obj> &before, const Body &body,
             Loc l) {
  llvm::SmallVector<mlir::Value> values;
  std::vector<Obj> leaves;
  std::vector<std::string> leafNames;
  for (auto [name, shape] : llvm::zip(carried.names, carried.shapes)) {
    const Obj &now = gen.scope[name];
    if (!sameTupleShape(shape, now)) {
      gen.cg.diags.error(l, "loop-carried variable '" + name + "' is " +
                                shape.describe() + " before the loop but " +
                                now.describe() + " at the end of its body");
      return std::nullopt;
    }
    flattenTuple(now, leaves);
    leafNames.resize(leaves.size(), name);
  }
  for (size_t i = 0; i < leaves.size(); ++i) {
    const std::string &name = leafNames[i];
    Obj o = leaves[i];
    const TType &type = carried.types[i];
    if (o.isNumber()) {
      auto t = gen.cg.castObj(o, type.elem, l);
      if (t)
        t = gen.cg.broadcastTo(*t, type.shape, l);
      if (!t)
        return std::nullopt;
      o = *t;
    }
    if (!o.isTensor()) {
      gen.cg.diags.error(l, "loop-carried variable '" + name + "' becomes " +
                                o.describe() + " inside the loop");
      return std::nullopt;
    }
    if (o.type != type) {
      gen.cg.diags.error(l, "loop-carried variable '" + name + "' has type " +
                                type.str() + " before the loop but " +
                                o.type.str() +
                                " at the end of its body; give it its final "
                                "type before the loop (e.g. with .to())");
      return std::nullopt;
    }
    values.push_back(o.value);
  }
  std::vector<std::string> assigned;
  collectAssignedNames(body, assigned);
  for (const std::string &name : assigned) {
    auto b = before.find(name);
    if (b == before.end() || llvm::is_contained(carried.names, name))
      continue;
    auto now = gen.scope.find(name);
    if (now != gen.scope.end() && !sameObj(b->second, now->second)) {
      gen.cg.diags.error(l, "variable '" + name + "' (" + b->second.describe() +
                                ") cannot be reassigned inside a runtime loop");
      return std::nullopt;
    }
  }
  return values;
}

std::optional<std::vector<Obj>>
FunctionGen::unrolledRange(const int64_t (&v)[3], Loc l, llvm::StringRef what) {
  if (v[2] == 0) {
    cg.diags.error(l, what + " step is zero");
    return std::nullopt;
  }
  std::vector<Obj> items;
  for (int64_t i = v[0]; v[2] > 0 ? i < v[1] : i > v[1]; i += v[2]) {
    if (items.size() >= size_t(kMaxUnroll)) {
      cg.diags.error(l, what + " unrolls at most " +
                            std::to_string(kMaxUnroll) + " iterations");
      return std::nullopt;
    }
    items.push_back(Obj::integer(i));
  }
  return items;
}

bool FunctionGen::unrollFor(const ForStmt &stmt, llvm::ArrayRef<Obj> items) {
  for (const Obj &item : items) {
    ++loopDepth;
    bool ok = assign(*stmt.target, item) && visitBody(stmt.body);
    --loopDepth;
    if (!ok)
      return false;
    if (returned)
      return true;
  }
  return true;
}

bool FunctionGen::visitFor(const ForStmt &stmt) {
  Loc l = stmt.getLoc();
  const char *shapeError = "a 'for' loop must iterate over range(), "
                           "tl.range() or tl.static_range()";
  if (!stmt.orelse.empty())
    return cg.diags.error(l, "'for ... else' is not supported");
  if (host) {
    // Host code runs its loops now, as Python would.
    auto items = hostIterable(*stmt.iter);
    return items && unrollFor(stmt, *items);
  }
  auto *call = llvm::dyn_cast<CallExpr>(stmt.iter.get());
  if (!call)
    return cg.diags.error(stmt.iter->getLoc(), shapeError);
  auto callee = eval(*call->callee);
  if (!callee)
    return false;
  bool isStatic =
      callee->kind == Kind::Builtin && callee->str == "tl.static_range";
  bool isRange = callee->kind == Kind::Builtin &&
                 (callee->str == "builtins.range" || callee->str == "tl.range");
  if (!isStatic && !isRange)
    return cg.diags.error(stmt.iter->getLoc(), shapeError);
  // Triton's range(arg1, arg2=None, step=None, ...): positional or by
  // keyword; (arg1) counts from 0, and the step is 1 unless given.
  std::optional<Obj> given[3];
  if (call->args.size() > 3)
    return cg.diags.error(call->getLoc(),
                          "range() takes 1 to 3 positional arguments");
  for (auto [i, a] : llvm::enumerate(call->args)) {
    if (!(given[i] = eval(*a)))
      return false;
  }
  for (const Keyword &k : call->keywords) {
    auto *slot = llvm::find(kRangeBoundNames, k.name);
    if (slot == std::end(kRangeBoundNames))
      continue;
    std::optional<Obj> &bound = given[slot - std::begin(kRangeBoundNames)];
    if (bound)
      return cg.diags.error(k.loc,
                            "range() got multiple values for '" + k.name + "'");
    if (!(bound = eval(*k.value)))
      return false;
  }
  if (!given[0])
    return cg.diags.error(call->getLoc(),
                          "range() takes 1 to 3 positional arguments");
  std::vector<Obj> bounds;
  if (given[1])
    bounds = {*given[0], *given[1]};
  else
    bounds = {Obj::integer(0), *given[0]};
  bounds.push_back(given[2] && given[2]->kind != Kind::None ? *given[2]
                                                            : Obj::integer(1));

  if (isStatic) {
    int64_t v[3];
    for (int i = 0; i < 3; ++i) {
      auto c =
          cg.constInt(bounds[i], call->getLoc(), "a tl.static_range bound");
      if (!c)
        return false;
      v[i] = *c;
    }
    auto items = unrolledRange(v, call->getLoc(), "tl.static_range");
    return items && unrollFor(stmt, *items);
  }

  // Runtime loop: scf.for over integers.
  auto *targetName = llvm::dyn_cast<NameExpr>(stmt.target.get());
  if (!targetName)
    return cg.diags.error(stmt.target->getLoc(),
                          "the target of a runtime 'for' must be a name");
  // A constant negative step counts down as Triton's loops do: scf.for runs
  // from the end to the start by the step's magnitude, and the target is
  // start - (iv - end) (`for k in range(RANK - 1, -1, -1)`).
  bool countsDown = false;
  if (bounds[2].isConstexpr()) {
    auto step = cg.constInt(bounds[2], call->getLoc(), "range() step");
    if (!step)
      return false;
    if (*step == 0)
      return cg.diags.error(call->getLoc(), "range() step is zero");
    if (*step < 0) {
      countsDown = true;
      std::swap(bounds[0], bounds[1]);
      bounds[2] = Obj::integer(-*step);
    }
  }
  std::vector<Obj> rt;
  bool wide = false;
  for (const Obj &b : bounds) {
    auto t = cg.toTensor(b, call->getLoc());
    if (!t)
      return false;
    if (!t->type.elem.isInt() || t->type.isBlock())
      return cg.diags.error(call->getLoc(),
                            "range() bounds must be integer scalars, got " +
                                t->type.str());
    wide |= t->type.elem.getBitWidth() == 64;
    rt.push_back(*t);
  }
  DType ivType(wide ? DK::I64 : DK::I32);
  for (Obj &b : rt) {
    auto c = cg.cast(b, ivType, call->getLoc());
    if (!c)
      return false;
    b = *c;
  }
  auto carried = collectCarried(*this, stmt.body, l);
  if (!carried)
    return false;
  auto L = cg.loc(l);
  auto forOp = scf::ForOp::create(cg.builder, L, rt[0].value, rt[1].value,
                                  rt[2].value, carried->inits);
  for (const Keyword &k : call->keywords) {
    if (llvm::is_contained(kRangeBoundNames, k.name))
      continue;
    auto v = eval(*k.value);
    if (!v)
      return false;
    // Triton evaluates the keywords of the builtin range() and ignores
    // them (`range(n, flatten=True)`); only tl.range's are loop hints.
    if (callee->str == "builtins.range")
      continue;
    if (!llvm::is_contained({"num_stages", "loop_unroll_factor",
                             "warp_specialize", "flatten",
                             "disallow_acc_multi_buffer", "disable_licm"},
                            k.name))
      return cg.diags.error(k.loc, "unexpected keyword argument '" + k.name +
                                       "' for tl.range");
    if (v->kind == Kind::None)
      continue;
    auto n = cg.constInt(*v, k.loc, "tl.range's " + k.name);
    if (!n)
      return false;
    forOp->setAttr((mlir::tkc::TKCDialect::kAttrPrefix + k.name).str(),
                   cg.builder.getI32IntegerAttr(*n));
  }

  std::map<std::string, Obj> before = scope;
  {
    mlir::OpBuilder::InsertionGuard guard(cg.builder);
    mlir::Block *body = forOp.getBody();
    setInsertionAtEnd(cg.builder, body);
    Obj iv = Obj::tensor(forOp.getInductionVar(), TType{ivType, {}});
    if (countsDown) {
      auto fromTop = cg.binaryOp(BinOp::Sub, rt[1], iv, l);
      auto down =
          fromTop ? cg.binaryOp(BinOp::Add, *fromTop, rt[0], l) : std::nullopt;
      if (!down)
        return false;
      iv = *down;
    }
    scope[targetName->id] = iv;
    carried->bind(scope, forOp.getRegionIterArgs());
    bool ok = visitLoopBody(stmt.body);
    if (!ok)
      return false;
    auto values = yieldCarried(*this, *carried, before, stmt.body, l);
    if (!values)
      return false;
    if (!body->empty() && body->back().hasTrait<mlir::OpTrait::IsTerminator>())
      body->back().erase();
    cg.builder.setInsertionPointToEnd(body);
    scf::YieldOp::create(cg.builder, L, *values);
  }
  scope = before;
  carried->bind(scope, forOp.getResults());
  return true;
}

bool FunctionGen::visitWhile(const WhileStmt &stmt) {
  Loc l = stmt.getLoc();
  if (!stmt.orelse.empty())
    return cg.diags.error(l, "'while ... else' is not supported");
  auto carried = collectCarried(*this, stmt.body, l);
  if (!carried)
    return false;
  auto L = cg.loc(l);
  llvm::SmallVector<mlir::Type> types;
  for (mlir::Value v : carried->inits)
    types.push_back(v.getType());
  llvm::SmallVector<mlir::Location> locs(types.size(), L);
  auto whileOp = scf::WhileOp::create(cg.builder, L, types, carried->inits);
  std::map<std::string, Obj> before = scope;
  auto bindArgs = [&](mlir::Block *block) {
    scope = before;
    carried->bind(scope, block->getArguments());
  };
  {
    mlir::OpBuilder::InsertionGuard guard(cg.builder);
    mlir::Block *cond =
        cg.builder.createBlock(&whileOp.getBefore(), {}, types, locs);
    bindArgs(cond);
    ++runtimeDepth;
    auto test = eval(*stmt.test);
    --runtimeDepth;
    if (!test)
      return false;
    auto c = cg.toBool(*test, stmt.test->getLoc());
    if (!c)
      return false;
    if (c->type.isBlock())
      return cg.diags.error(stmt.test->getLoc(),
                            "a 'while' condition must be a scalar, got " +
                                c->type.str());
    scf::ConditionOp::create(cg.builder, L, c->value, cond->getArguments());

    mlir::Block *body =
        cg.builder.createBlock(&whileOp.getAfter(), {}, types, locs);
    bindArgs(body);
    bool ok = visitLoopBody(stmt.body);
    if (!ok)
      return false;
    auto values = yieldCarried(*this, *carried, before, stmt.body, l);
    if (!values)
      return false;
    scf::YieldOp::create(cg.builder, L, *values);
  }
  scope = before;
  carried->bind(scope, whileOp.getResults());
  return true;
}

} // namespace tkc::frontend
