//===- CodeGen.cpp - Triton-language AST to the tkc dialect ---------------===//
//
// Statements, expressions, name lookup and the kernel entry point: binds the
// kernel's parameters from the signature and constexprs, evaluates
// constexprs at compile time, inlines @jit helpers, unrolls static_range,
// and lowers runtime if/for/while to scf with loop-carried values. Typing
// rules live in Semantics.cpp and the `tl` functions in Builtins.cpp.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/CodeGenImpl.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"

#include <cmath>

namespace tkc::frontend {

using Kind = Obj::Kind;
using DK = DType::Kind;
namespace scf = mlir::scf;

/// Bound on @jit call nesting (and so on recursion).
static constexpr unsigned kMaxCallDepth = 64;
/// Bound on the iterations tl.static_range unrolls.
static constexpr int64_t kMaxUnroll = 4096;

CodeGen::CodeGen(const Module &module, Diagnostics &diags,
                 mlir::MLIRContext &ctx)
    : module(module), diags(diags), ctx(ctx), builder(&ctx) {}

mlir::Location CodeGen::loc(Loc l) {
  if (!l.isValid())
    return builder.getUnknownLoc();
  auto [line, col] = diags.getLineAndColumn(l);
  return mlir::FileLineColLoc::get(&ctx, diags.getBufferName(l), line, col);
}

//===----------------------------------------------------------------------===//
// Names: globals, imports, modules
//===----------------------------------------------------------------------===//

/// Python builtins a kernel may use.
static bool isPythonBuiltin(llvm::StringRef name) {
  return llvm::is_contained({"range", "min", "max", "float", "int", "bool",
                             "len", "print", "abs", "isinstance"},
                            name);
}

/// Modules a kernel may refer to.
static bool isKnownModule(llvm::StringRef path) {
  return llvm::is_contained(
      {"triton", "triton.language", "triton.language.math",
       "triton.language.core", "triton.language.standard",
       "triton.language.extra", "triton.language.extra.libdevice",
       "triton.language.extra.cuda", "triton.language.extra.cuda.libdevice",
       "triton.language.extra.hip", "triton.language.extra.hip.libdevice"},
      path);
}

/// The last component of an annotation or decorator: `tl.constexpr` ->
/// "constexpr", `triton.autotune(...)` -> "autotune".
static std::string lastName(const Expr &e) {
  if (auto *n = llvm::dyn_cast<NameExpr>(&e))
    return n->id;
  if (auto *a = llvm::dyn_cast<AttributeExpr>(&e))
    return a->attr;
  if (auto *c = llvm::dyn_cast<CallExpr>(&e))
    return lastName(*c->callee);
  return "";
}

/// A dotted rendering of a decorator for notes: `triton.autotune`.
static std::string dottedName(const Expr &e) {
  if (auto *n = llvm::dyn_cast<NameExpr>(&e))
    return n->id;
  if (auto *a = llvm::dyn_cast<AttributeExpr>(&e))
    return dottedName(*a->base) + "." + a->attr;
  if (auto *c = llvm::dyn_cast<CallExpr>(&e))
    return dottedName(*c->callee);
  return "<expression>";
}

static bool isConstexprAnnotation(const Expr *annotation) {
  return annotation && lastName(*annotation) == "constexpr";
}

std::optional<Obj> CodeGen::moduleAttribute(const Obj &mod,
                                            llvm::StringRef attr, Loc l) {
  std::string path = mod.str + "." + attr.str();
  if (isKnownModule(path))
    return Obj::named(Kind::Module, path);
  llvm::StringRef base = mod.str;
  if (base == "triton") {
    if (attr == "cdiv")
      return Obj::named(Kind::Builtin, "tl.cdiv");
    if (llvm::is_contained({"jit", "autotune", "heuristics", "Config"}, attr))
      return Obj::named(Kind::Builtin, "triton." + attr.str());
  } else if (base.starts_with("triton.language")) {
    if (auto dtype = DType::fromLanguageName(attr))
      return Obj::dtypeObj(*dtype);
    if (isLanguageBuiltin(attr))
      return Obj::named(Kind::Builtin, "tl." + attr.str());
    if (isUnsupportedLanguageFeature(attr)) {
      diags.error(l, "tl." + attr + " is not supported by tkc yet");
      return std::nullopt;
    }
  } else {
    diags.error(l, "module '" + mod.str + "' cannot be used inside a kernel");
    return std::nullopt;
  }
  diags.error(l, "module '" + mod.str + "' has no attribute '" + attr + "'");
  return std::nullopt;
}

std::optional<Obj> CodeGen::lookupGlobal(llvm::StringRef name, Loc useLoc) {
  auto cached = globalCache.find(name.str());
  if (cached != globalCache.end())
    return cached->second;

  std::optional<Obj> result;
  // Later definitions win, as when Python runs the module.
  const GlobalAssign *assign = nullptr;
  for (const GlobalAssign &g : module.globals)
    if (g.name == name)
      assign = &g;
  const FunctionDef *function = module.findFunction(name);
  const ImportBinding *import = nullptr;
  for (const ImportBinding &b : module.imports)
    if (b.name == name)
      import = &b;

  if (function) {
    Obj f;
    f.kind = Kind::Function;
    f.function = function;
    result = f;
  } else if (assign) {
    if (!assign->value) {
      diags.error(useLoc, "global '" + name +
                              "' is host code that tkc cannot evaluate");
      diags.note(assign->loc, "'" + name + "' is assigned here");
      return std::nullopt;
    }
    if (!evaluatingGlobals.insert(name.str()).second) {
      diags.error(useLoc, "global '" + name + "' depends on itself");
      return std::nullopt;
    }
    static const FunctionDef moduleScope(Loc{});
    FunctionGen gen(*this, moduleScope);
    result = gen.eval(*assign->value);
    evaluatingGlobals.erase(name.str());
    if (!result)
      return std::nullopt;
    if (!result->isConstexpr()) {
      diags.error(assign->loc,
                  "global '" + name + "' must be a compile-time constant");
      return std::nullopt;
    }
  } else if (import) {
    llvm::StringRef target = import->target;
    if (isKnownModule(target)) {
      result = Obj::named(Kind::Module, target.str());
    } else {
      auto [parent, last] = target.rsplit('.');
      if (last.empty() || !isKnownModule(parent)) {
        diags.error(useLoc, "'" + name + "' refers to '" + target +
                                "', which cannot be used inside a kernel");
        return std::nullopt;
      }
      result =
          moduleAttribute(Obj::named(Kind::Module, parent.str()), last, useLoc);
    }
  } else if (isPythonBuiltin(name)) {
    result = Obj::named(Kind::Builtin, "builtins." + name.str());
  } else {
    diags.error(useLoc, "name '" + name + "' is not defined");
    return std::nullopt;
  }
  if (result)
    globalCache[name.str()] = *result;
  return result;
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

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
  for (const StmtPtr &s : body) {
    if (returned)
      return true;
    if (!visitStmt(*s))
      return false;
  }
  return true;
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
    if (value.elems.size() != elts->size())
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
    if (isConstexprAnnotation(a.annotation.get()) && !value->isConstexpr())
      return cg.diags.error(a.value->getLoc(),
                            "a tl.constexpr variable needs a compile-time "
                            "value, got " +
                                value->describe());
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
    if (runtimeDepth > 0)
      return cg.diags.error(l, "'return' inside a runtime if/for/while is "
                               "not supported; return at the end of the "
                               "function instead");
    const auto &r = llvm::cast<ReturnStmt>(stmt);
    Obj value = Obj::none();
    if (r.value) {
      auto v = eval(*r.value);
      if (!v)
        return false;
      value = *v;
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
    if (test->isConstexpr())
      return callBuiltin("tl.static_assert", call, nullptr, l).has_value();
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

bool FunctionGen::visitIf(const IfStmt &stmt) {
  auto test = eval(*stmt.test);
  if (!test)
    return false;
  if (test->isConstexpr())
    return visitBody(cg.truthy(*test) ? stmt.body : stmt.orelse);

  Loc l = stmt.getLoc();
  auto cond = cg.toBool(*test, stmt.test->getLoc());
  if (!cond)
    return false;
  if (cond->type.isBlock())
    return cg.diags.error(stmt.test->getLoc(),
                          "an 'if' condition must be a scalar, got " +
                              cond->type.str() +
                              "; use tl.where to choose per element");
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
  // results of the scf.if.
  scope = before;
  std::vector<std::string> names;
  llvm::SmallVector<mlir::Value> thenValues, elseValues;
  llvm::SmallVector<mlir::Type> types;
  std::vector<TType> ttypes;
  for (auto &[name, thenObj] : thenScope) {
    auto elseIt = elseScope.find(name);
    if (elseIt == elseScope.end())
      continue; // Bound in one branch only: not visible after the if.
    Obj t = thenObj, e = elseIt->second;
    if (sameObj(t, e)) {
      scope[name] = t;
      continue;
    }
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
      return false;
    if (e.isNumber() && t.isTensor() && !convertIn(ifOp.elseBlock(), e, t))
      return false;
    if (!t.isTensor() || !e.isTensor())
      return cg.diags.error(l, "variable '" + name +
                                   "' gets different compile-time values in "
                                   "the branches of a runtime 'if'");
    if (t.type != e.type)
      return cg.diags.error(l, "variable '" + name + "' has type " +
                                   t.type.str() + " in the 'if' branch but " +
                                   e.type.str() + " in the 'else' branch");
    names.push_back(name);
    thenValues.push_back(t.value);
    elseValues.push_back(e.value);
    types.push_back(t.value.getType());
    ttypes.push_back(t.type);
  }
  if (names.empty())
    return true;
  auto newIf = scf::IfOp::create(cg.builder, L, types, cond->value,
                                 /*withElseRegion=*/true);
  newIf.getThenRegion().takeBody(ifOp.getThenRegion());
  newIf.getElseRegion().takeBody(ifOp.getElseRegion());
  newIf.thenYield()->setOperands(thenValues);
  newIf.elseYield()->setOperands(elseValues);
  ifOp.erase();
  for (size_t i = 0; i < names.size(); ++i)
    scope[names[i]] = Obj::tensor(newIf.getResult(i), ttypes[i]);
  return true;
}

/// Values that live across a runtime loop: names the body assigns that
/// already hold a runtime value or a number before the loop. Numbers are
/// converted to runtime scalars here.
struct CarriedValues {
  std::vector<std::string> names;
  llvm::SmallVector<mlir::Value> inits;
  std::vector<TType> types;
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
    if (!o.isTensor() && !o.isNumber())
      continue;
    auto t = gen.cg.toTensor(o, l);
    if (!t)
      return std::nullopt;
    carried.names.push_back(name);
    carried.inits.push_back(t->value);
    carried.types.push_back(t->type);
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
  for (size_t i = 0; i < carried.names.size(); ++i) {
    const std::string &name = carried.names[i];
    Obj o = gen.scope[name];
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

bool FunctionGen::visitFor(const ForStmt &stmt) {
  Loc l = stmt.getLoc();
  const char *shapeError = "a 'for' loop must iterate over range(), "
                           "tl.range() or tl.static_range()";
  if (!stmt.orelse.empty())
    return cg.diags.error(l, "'for ... else' is not supported");
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
  std::vector<Obj> bounds;
  for (const ExprPtr &a : call->args) {
    auto v = eval(*a);
    if (!v)
      return false;
    bounds.push_back(*v);
  }
  if (bounds.empty() || bounds.size() > 3)
    return cg.diags.error(call->getLoc(),
                          "range() takes 1 to 3 positional arguments");
  if (bounds.size() == 1)
    bounds.insert(bounds.begin(), Obj::integer(0));
  if (bounds.size() == 2)
    bounds.push_back(Obj::integer(1));

  if (isStatic) {
    int64_t v[3];
    for (int i = 0; i < 3; ++i) {
      auto c =
          cg.constInt(bounds[i], call->getLoc(), "a tl.static_range bound");
      if (!c)
        return false;
      v[i] = *c;
    }
    if (v[2] == 0)
      return cg.diags.error(call->getLoc(), "tl.static_range step is zero");
    int64_t count = 0;
    for (int64_t i = v[0]; v[2] > 0 ? i < v[1] : i > v[1]; i += v[2]) {
      if (++count > kMaxUnroll)
        return cg.diags.error(call->getLoc(),
                              "tl.static_range unrolls at most " +
                                  std::to_string(kMaxUnroll) + " iterations");
      if (!assign(*stmt.target, Obj::integer(i)) || !visitBody(stmt.body))
        return false;
      if (returned)
        return true;
    }
    return true;
  }

  // Runtime loop: scf.for over integers.
  auto *targetName = llvm::dyn_cast<NameExpr>(stmt.target.get());
  if (!targetName)
    return cg.diags.error(stmt.target->getLoc(),
                          "the target of a runtime 'for' must be a name");
  if (bounds[2].isConstexpr()) {
    auto step = cg.constInt(bounds[2], call->getLoc(), "range() step");
    if (!step)
      return false;
    if (*step <= 0)
      return cg.diags.error(call->getLoc(),
                            "range() with a non-positive step is not "
                            "supported in a runtime loop");
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
    auto v = eval(*k.value);
    if (!v)
      return false;
    if (!isRange || callee->str != "tl.range" ||
        !llvm::is_contained({"num_stages", "loop_unroll_factor",
                             "warp_specialize", "flatten",
                             "disallow_acc_multi_buffer"},
                            k.name))
      return cg.diags.error(
          k.loc, "unexpected keyword argument '" + k.name + "' for " +
                     (callee->str == "tl.range" ? "tl.range" : "range"));
    if (v->kind == Kind::None)
      continue;
    auto n = cg.constInt(*v, k.loc, "tl.range's " + k.name);
    if (!n)
      return false;
    forOp->setAttr("tkc." + k.name, cg.builder.getI32IntegerAttr(*n));
  }

  std::map<std::string, Obj> before = scope;
  {
    mlir::OpBuilder::InsertionGuard guard(cg.builder);
    mlir::Block *body = forOp.getBody();
    setInsertionAtEnd(cg.builder, body);
    scope[targetName->id] =
        Obj::tensor(forOp.getInductionVar(), TType{ivType, {}});
    for (size_t i = 0; i < carried->names.size(); ++i)
      scope[carried->names[i]] =
          Obj::tensor(forOp.getRegionIterArgs()[i], carried->types[i]);
    ++runtimeDepth;
    bool ok = visitBody(stmt.body);
    --runtimeDepth;
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
  for (size_t i = 0; i < carried->names.size(); ++i)
    scope[carried->names[i]] =
        Obj::tensor(forOp.getResult(i), carried->types[i]);
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
    for (size_t i = 0; i < carried->names.size(); ++i)
      scope[carried->names[i]] =
          Obj::tensor(block->getArgument(i), carried->types[i]);
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
    ++runtimeDepth;
    bool ok = visitBody(stmt.body);
    --runtimeDepth;
    if (!ok)
      return false;
    auto values = yieldCarried(*this, *carried, before, stmt.body, l);
    if (!values)
      return false;
    scf::YieldOp::create(cg.builder, L, *values);
  }
  scope = before;
  for (size_t i = 0; i < carried->names.size(); ++i)
    scope[carried->names[i]] =
        Obj::tensor(whileOp.getResult(i), carried->types[i]);
  return true;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

std::optional<Obj> FunctionGen::eval(const Expr &expr) {
  Loc l = expr.getLoc();
  switch (expr.getKind()) {
  case Expr::Kind::Name: {
    const auto &n = llvm::cast<NameExpr>(expr);
    auto it = scope.find(n.id);
    if (it != scope.end())
      return it->second;
    return cg.lookupGlobal(n.id, l);
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
    switch (base->kind) {
    case Kind::Module:
      return cg.moduleAttribute(*base, a.attr, a.attrLoc);
    case Kind::Tensor:
      return tensorAttribute(*base, a.attr, a.attrLoc);
    case Kind::DTypeObj:
      return dtypeAttribute(*base, a.attr, a.attrLoc);
    default:
      cg.diags.error(a.attrLoc,
                     base->describe() + " has no attribute '" + a.attr + "'");
      return std::nullopt;
    }
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
  case Expr::Kind::Unsupported:
    cg.diags.error(l, llvm::cast<UnsupportedExpr>(expr).what +
                          " is not supported in Triton kernels");
    return std::nullopt;
  }
  cg.diags.error(l, "unsupported expression");
  return std::nullopt;
}

std::optional<Obj> FunctionGen::evalBoolOp(const BoolOpExpr &expr) {
  std::optional<Obj> result;
  for (const ExprPtr &e : expr.values) {
    // Short-circuit on compile-time values, as Python does.
    if (result && result->isConstexpr() && cg.truthy(*result) != expr.isAnd)
      return result;
    auto v = eval(*e);
    if (!v)
      return std::nullopt;
    if (!result || (result->isConstexpr() && v->isConstexpr())) {
      result = v;
      continue;
    }
    if (v->isConstexpr() && cg.truthy(*v) == expr.isAnd)
      continue; // `x and True`, `x or False`.
    auto a = cg.toBool(*result, e->getLoc());
    auto b = a ? cg.toBool(*v, e->getLoc()) : std::nullopt;
    if (!b)
      return std::nullopt;
    result = cg.binaryOp(expr.isAnd ? BinOp::BitAnd : BinOp::BitOr, *a, *b,
                         e->getLoc());
    if (!result)
      return std::nullopt;
  }
  return result;
}

std::optional<Obj> FunctionGen::evalIfExp(const IfExpExpr &expr) {
  auto test = eval(*expr.test);
  if (!test)
    return std::nullopt;
  if (test->isConstexpr())
    return eval(cg.truthy(*test) ? *expr.body : *expr.orelse);
  auto a = eval(*expr.body);
  auto b = a ? eval(*expr.orelse) : std::nullopt;
  if (!b)
    return std::nullopt;
  return cg.where(*test, *a, *b, expr.getLoc());
}

std::optional<Obj> FunctionGen::evalSubscript(const SubscriptExpr &sub) {
  auto base = eval(*sub.base);
  if (!base)
    return std::nullopt;
  Loc l = sub.getLoc();
  if (base->kind == Kind::Tuple) {
    if (sub.indices.size() != 1) {
      cg.diags.error(l, "a tuple takes one index");
      return std::nullopt;
    }
    if (llvm::isa<SliceExpr>(sub.indices[0].get())) {
      cg.diags.error(l, "slicing tuples is not supported");
      return std::nullopt;
    }
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
      if (dim > cur.type.shape.size()) {
        cg.diags.error(index->getLoc(),
                       "too many indices for " + base->type.str());
        return std::nullopt;
      }
      llvm::SmallVector<int64_t> shape = cur.type.shape;
      shape.insert(shape.begin() + dim, 1);
      TType t{cur.type.elem, shape};
      if (!cur.type.isBlock())
        cur = *cg.broadcastTo(cur, shape, index->getLoc());
      else
        cur = Obj::tensor(
            mlir::tkc::ExpandDimsOp::create(cg.builder, cg.loc(index->getLoc()),
                                            cur.value, static_cast<int>(dim)),
            t);
      ++dim;
      continue;
    }
    auto *slice = llvm::dyn_cast<SliceExpr>(index.get());
    if (slice && !slice->lower && !slice->upper && !slice->step) {
      if (dim >= cur.type.shape.size()) {
        cg.diags.error(index->getLoc(),
                       "too many indices for " + base->type.str());
        return std::nullopt;
      }
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

std::optional<Obj> FunctionGen::evalCall(const CallExpr &call) {
  auto callee = eval(*call.callee);
  if (!callee)
    return std::nullopt;
  CallArgs args;
  for (const ExprPtr &a : call.args) {
    auto v = eval(*a);
    if (!v)
      return std::nullopt;
    args.args.push_back(*v);
    args.argLocs.push_back(a->getLoc());
  }
  for (const Keyword &k : call.keywords) {
    auto v = eval(*k.value);
    if (!v)
      return std::nullopt;
    args.keywords.emplace_back(k.name, *v);
    args.keywordLocs.push_back(k.loc);
  }
  Loc l = call.getLoc();
  switch (callee->kind) {
  case Kind::Function:
    return callFunction(*callee->function, args, l);
  case Kind::Builtin:
    return callBuiltin(callee->str, args, nullptr, l);
  case Kind::Method:
    return callBuiltin(callee->str, args, callee->self.get(), l);
  default:
    cg.diags.error(l, callee->describe() + " is not callable");
    return std::nullopt;
  }
}

std::optional<Obj> FunctionGen::callFunction(const FunctionDef &callee,
                                             CallArgs &call, Loc l) {
  if (!callee.isJit) {
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
  FunctionGen gen(cg, callee);
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
    if (isConstexprAnnotation(p.annotation.get()) && !bound[i]->isConstexpr()) {
      cg.diags.error(l, "argument '" + p.name + "' of " + callee.name +
                            "() is tl.constexpr but got " +
                            bound[i]->describe());
      cg.diags.note(p.loc, "parameter declared here");
      return std::nullopt;
    }
    gen.scope[p.name] = *bound[i];
  }
  ++cg.callDepth;
  bool ok = gen.visitBody(callee.body);
  --cg.callDepth;
  if (!ok)
    return std::nullopt;
  return gen.returnValue;
}

//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//

/// How one kernel parameter is bound: a compile-time value, or a function
/// argument described by its signature entry.
struct ParamBinding {
  std::optional<Obj> constant;
  const SignatureEntry *entry = nullptr;
  /// True when `constant` is the value 1 of a `:1` signature entry.
  bool equalsOne = false;
};

/// The Python spelling of a constexpr value, for the metadata.
std::string constexprText(const Obj &value) {
  switch (value.kind) {
  case Obj::Kind::Int:
    return std::to_string(value.intValue);
  case Obj::Kind::Bool:
    return value.intValue ? "True" : "False";
  case Obj::Kind::Float: {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << llvm::format("%.17g", value.floatValue);
    return text;
  }
  case Obj::Kind::Str:
    return "'" + value.str + "'";
  case Obj::Kind::None:
    return "None";
  default:
    return value.describe();
  }
}

/// The `tkc.params` attribute: one dictionary per source parameter (name,
/// kind, dtype, divisibility, equal_to_1, value) from which the driver
/// writes the kernel's metadata.
mlir::ArrayAttr describeParams(mlir::OpBuilder &b, const FunctionDef &fn,
                               const std::vector<ParamBinding> &bindings) {
  llvm::SmallVector<mlir::Attribute> params;
  for (auto [p, bd] : llvm::zip(fn.params, bindings)) {
    llvm::SmallVector<mlir::NamedAttribute> fields;
    fields.push_back(b.getNamedAttr("name", b.getStringAttr(p.name)));
    if (bd.constant && !bd.equalsOne) {
      fields.push_back(b.getNamedAttr("kind", b.getStringAttr("constexpr")));
      fields.push_back(b.getNamedAttr(
          "value", b.getStringAttr(constexprText(*bd.constant))));
    } else {
      // The signature's own spelling of the type: `*fp16:16` gives fp16.
      llvm::StringRef type =
          llvm::StringRef(bd.entry->text).split(':').first.trim();
      bool isPointer = type.consume_front("*");
      fields.push_back(b.getNamedAttr(
          "kind", b.getStringAttr(isPointer ? "pointer" : "scalar")));
      fields.push_back(b.getNamedAttr("dtype", b.getStringAttr(type)));
      fields.push_back(b.getNamedAttr(
          "divisibility",
          b.getI32IntegerAttr(std::max(1u, bd.entry->divisibility))));
      if (bd.equalsOne)
        fields.push_back(b.getNamedAttr("equal_to_1", b.getBoolAttr(true)));
    }
    params.push_back(b.getDictionaryAttr(fields));
  }
  return b.getArrayAttr(params);
}

/// Parses a constexpr given as text (a signature literal or --constexpr
/// value): ints, floats, True/False/None, quoted strings, dtype names
/// (`fp16`, `tl.float16`), and otherwise a bare string.
static Obj parseConstexprText(llvm::StringRef text) {
  text = text.trim();
  int64_t i;
  if (!text.getAsInteger(0, i))
    return Obj::integer(i);
  double d;
  if (!text.getAsDouble(d))
    return Obj::floating(d);
  if (text == "True" || text == "False")
    return Obj::boolean(text == "True");
  if (text == "None")
    return Obj::none();
  if (text.size() >= 2 && (text.front() == '\'' || text.front() == '"') &&
      text.back() == text.front())
    return Obj::string(text.drop_front().drop_back().str());
  llvm::StringRef name = text;
  if (name.consume_front("tl."))
    if (auto t = DType::fromLanguageName(name))
      return Obj::dtypeObj(*t);
  if (auto t = DType::parseShortName(text))
    if (!t->isPtr())
      return Obj::dtypeObj(*t);
  return Obj::string(text.str());
}

mlir::OwningOpRef<mlir::ModuleOp> generateTTIR(const Module &module,
                                               const KernelRequest &request,
                                               Diagnostics &diags,
                                               mlir::MLIRContext &context) {
  const FunctionDef *fn = module.findFunction(request.kernelName);
  if (!fn)
    return nullptr; // The driver checks this first and explains.
  if (!fn->isJit) {
    diags.error(fn->nameLoc,
                "'" + fn->name + "' is not decorated with @triton.jit");
    return nullptr;
  }
  for (const ExprPtr &d : fn->decorators)
    if (!isJitDecorator(*d))
      diags.note(d->getLoc(), "decorator '@" + dottedName(*d) +
                                  "' is ignored; tkc takes configs and "
                                  "specializations from its command line or "
                                  "manifest");

  CodeGen cg(module, diags, context);
  cg.debug = request.debug;
  size_t numParams = fn->params.size(), numConstexpr = 0;
  for (const Param &p : fn->params)
    numConstexpr += isConstexprAnnotation(p.annotation.get());
  const auto &sig = request.signature;
  bool allParams = sig.size() == numParams;
  if (!allParams && sig.size() != numParams - numConstexpr) {
    diags.error(fn->nameLoc,
                "the signature has " + std::to_string(sig.size()) +
                    " entries but '" + fn->name + "' has " +
                    std::to_string(numParams) + " parameters (" +
                    std::to_string(numConstexpr) +
                    " of them tl.constexpr); give one entry per parameter, "
                    "or one per non-constexpr parameter");
    return nullptr;
  }
  for (const auto &[name, value] : request.constexprs)
    if (llvm::none_of(fn->params,
                      [&](const Param &p) { return p.name == name; })) {
      diags.error(fn->nameLoc, "--constexpr " + name + ": '" + fn->name +
                                   "' has no parameter named '" + name + "'");
      return nullptr;
    }

  // Decide each parameter: a function argument or a compile-time value.
  std::vector<ParamBinding> bindings(numParams);
  size_t next = 0;
  for (size_t i = 0; i < numParams; ++i) {
    const Param &p = fn->params[i];
    bool isConstexpr = isConstexprAnnotation(p.annotation.get());
    const SignatureEntry *entry =
        (allParams || !isConstexpr) ? &sig[next++] : nullptr;
    auto cli = llvm::find_if(
        request.constexprs, [&](const auto &kv) { return kv.first == p.name; });
    if (cli != request.constexprs.end()) {
      bindings[i].constant = parseConstexprText(cli->second);
      continue;
    }
    if (entry && entry->kind == SignatureEntry::Kind::Literal) {
      bindings[i].constant = parseConstexprText(entry->literal);
      continue;
    }
    if (isConstexpr) {
      if (entry) {
        diags.error(p.loc, "parameter '" + p.name +
                               "' is tl.constexpr; its signature entry must "
                               "be a value, got '" +
                               entry->text + "'");
        return nullptr;
      }
      if (!p.defaultValue) {
        diags.error(p.loc, "tl.constexpr parameter '" + p.name +
                               "' has no value; give it in the signature or "
                               "with --constexpr " +
                               p.name + "=VALUE");
        return nullptr;
      }
      static const FunctionDef moduleScope(Loc{});
      FunctionGen gen(cg, moduleScope);
      bindings[i].constant = gen.eval(*p.defaultValue);
      if (!bindings[i].constant)
        return nullptr;
      continue;
    }
    bindings[i].entry = entry;
    if (entry->equalsOne) {
      bindings[i].constant = Obj::integer(1);
      bindings[i].equalsOne = true;
    }
  }

  // The kernel function.
  mlir::OpBuilder &b = cg.builder;
  auto moduleOp = mlir::ModuleOp::create(cg.loc(fn->getLoc()));
  mlir::OwningOpRef<mlir::ModuleOp> owned(moduleOp);
  llvm::SmallVector<mlir::Type> argTypes;
  for (const ParamBinding &bd : bindings)
    if (bd.entry && !bd.constant)
      argTypes.push_back(bd.entry->type.toMLIR(&context));
  b.setInsertionPointToEnd(moduleOp.getBody());
  auto func = mlir::func::FuncOp::create(b, cg.loc(fn->nameLoc), fn->name,
                                         b.getFunctionType(argTypes, {}));
  mlir::Block *entryBlock = func.addEntryBlock();
  b.setInsertionPointToEnd(entryBlock);

  func->setAttr("tkc.params", describeParams(b, *fn, bindings));

  FunctionGen gen(cg, *fn);
  unsigned argIndex = 0;
  for (size_t i = 0; i < numParams; ++i) {
    const Param &p = fn->params[i];
    if (bindings[i].constant) {
      gen.scope[p.name] = *bindings[i].constant;
      continue;
    }
    const SignatureEntry &entry = *bindings[i].entry;
    mlir::BlockArgument arg = entryBlock->getArgument(argIndex);
    arg.setLoc(cg.loc(p.loc));
    if (entry.divisibility)
      func.setArgAttr(argIndex, "tkc.divisibility",
                      b.getI32IntegerAttr(entry.divisibility));
    gen.scope[p.name] = Obj::tensor(arg, TType{entry.type, {}});
    ++argIndex;
  }
  if (!gen.visitBody(fn->body))
    return nullptr;
  if (gen.returned && gen.returnValue.kind != Kind::None) {
    diags.error(fn->nameLoc, "a kernel must not return a value");
    return nullptr;
  }
  mlir::func::ReturnOp::create(b, cg.loc(fn->getLoc()));
  if (mlir::failed(mlir::verify(moduleOp)))
    return nullptr;
  return owned;
}

} // namespace tkc::frontend
