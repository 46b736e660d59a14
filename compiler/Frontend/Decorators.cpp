//===- Decorators.cpp - @triton.autotune/@heuristics read from source -----===//
//
// An interpreter of the constant Python that decorator arguments are written
// in (values, operators, comprehensions, module-level names), and the
// readers of `triton.autotune`, `triton.heuristics`, `triton.Config` and
// `triton.jit`'s keyword arguments on top of it. Evaluation is bounded: lists
// and ranges are capped in size and module-level names may not refer to
// themselves, so no input makes it hang.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Decorators.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <memory>

using namespace tkc::frontend;

std::string ConfigValue::pythonText() const {
  switch (kind) {
  case Kind::Int:
    return std::to_string(intValue);
  case Kind::Bool:
    return intValue ? "True" : "False";
  case Kind::Float: {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << llvm::format("%.17g", floatValue);
    return text;
  }
  case Kind::Str:
    return "'" + strValue + "'";
  case Kind::None:
    return "None";
  }
  return "None";
}

bool ConfigValue::operator==(const ConfigValue &other) const {
  return kind == other.kind && intValue == other.intValue &&
         floatValue == other.floatValue && strValue == other.strValue;
}

bool AutotuneConfig::sameAs(const AutotuneConfig &other) const {
  return constexprs == other.constexprs && numWarps == other.numWarps &&
         numStages == other.numStages && numCtas == other.numCtas &&
         maxnreg == other.maxnreg;
}

namespace {

/// What the decorator arguments may hold, as the messages say it.
constexpr const char *kSupported =
    "tkc reads decorator arguments without running Python: it supports "
    "literals, lists, tuples, dicts, list comprehensions over them and "
    "range(), arithmetic, comparisons, module-level names bound to such "
    "values, and triton.Config(...)";

/// The most elements a list or range may have.
constexpr size_t kMaxElements = 1 << 16;

/// A value of the evaluator.
struct PyValue {
  enum class Kind { None, Bool, Int, Float, Str, List, Tuple, Dict, Config };
  Kind kind = Kind::None;
  int64_t intValue = 0; ///< Int, and Bool (0 or 1).
  double floatValue = 0;
  std::string strValue;
  /// List and Tuple elements; Dict keys and values alternate.
  std::vector<PyValue> elems;
  std::shared_ptr<AutotuneConfig> config;

  static PyValue integer(int64_t v) {
    PyValue p;
    p.kind = Kind::Int;
    p.intValue = v;
    return p;
  }
  static PyValue boolean(bool v) {
    PyValue p;
    p.kind = Kind::Bool;
    p.intValue = v;
    return p;
  }
  static PyValue sequence(Kind kind, std::vector<PyValue> elems) {
    PyValue p;
    p.kind = kind;
    p.elems = std::move(elems);
    return p;
  }
  bool isIntLike() const { return kind == Kind::Int || kind == Kind::Bool; }
  bool isNumber() const { return isIntLike() || kind == Kind::Float; }
  bool isSequence() const { return kind == Kind::List || kind == Kind::Tuple; }
  double asDouble() const {
    return kind == Kind::Float ? floatValue : static_cast<double>(intValue);
  }
};

/// "an int", "a list", ... for messages.
const char *describe(const PyValue &v) {
  switch (v.kind) {
  case PyValue::Kind::None:
    return "None";
  case PyValue::Kind::Bool:
    return "a bool";
  case PyValue::Kind::Int:
    return "an int";
  case PyValue::Kind::Float:
    return "a float";
  case PyValue::Kind::Str:
    return "a string";
  case PyValue::Kind::List:
    return "a list";
  case PyValue::Kind::Tuple:
    return "a tuple";
  case PyValue::Kind::Dict:
    return "a dict";
  case PyValue::Kind::Config:
    return "a triton.Config";
  }
  return "a value";
}

bool truthy(const PyValue &v) {
  switch (v.kind) {
  case PyValue::Kind::None:
    return false;
  case PyValue::Kind::Bool:
  case PyValue::Kind::Int:
    return v.intValue != 0;
  case PyValue::Kind::Float:
    return v.floatValue != 0;
  case PyValue::Kind::Str:
    return !v.strValue.empty();
  case PyValue::Kind::List:
  case PyValue::Kind::Tuple:
  case PyValue::Kind::Dict:
    return !v.elems.empty();
  case PyValue::Kind::Config:
    return true;
  }
  return true;
}

bool equal(const PyValue &a, const PyValue &b) {
  if (a.isNumber() && b.isNumber())
    return a.kind == PyValue::Kind::Float || b.kind == PyValue::Kind::Float
               ? a.asDouble() == b.asDouble()
               : a.intValue == b.intValue;
  if (a.kind != b.kind)
    return false;
  switch (a.kind) {
  case PyValue::Kind::None:
    return true;
  case PyValue::Kind::Str:
    return a.strValue == b.strValue;
  case PyValue::Kind::Config:
    return a.config->sameAs(*b.config);
  default:
    return a.elems.size() == b.elems.size() &&
           llvm::all_of(llvm::zip(a.elems, b.elems), [](const auto &pair) {
             return equal(std::get<0>(pair), std::get<1>(pair));
           });
  }
}

/// Evaluates decorator argument expressions of one module.
class Evaluator {
public:
  Evaluator(const Module &module, Diagnostics &diags)
      : diags(diags), module(module) {}

  /// Evaluates `e`; reports an error and returns null on failure.
  std::optional<PyValue> eval(const Expr &e);

  /// The dotted path an expression names, with its first component
  /// resolved through the module's imports: `triton.Config` and, after
  /// `from triton import Config`, `Config` both give "triton.Config", and so
  /// does it after `from lib import triton` (reexportedTritonModule()).
  /// Empty if `e` is not a dotted name.
  std::string dottedPath(const Expr &e) const;

  /// Reports that `e` needs Python's run-time state.
  bool refuse(const Expr &e, const llvm::Twine &what) {
    return diags.error(e.getLoc(),
                       what + " needs Python at run time; " + kSupported);
  }

  Diagnostics &diags;

private:
  std::optional<PyValue> evalName(const NameExpr &e);
  std::optional<PyValue> evalCall(const CallExpr &e);
  std::optional<PyValue> evalConfig(const CallExpr &e);
  std::optional<PyValue> evalBinOp(const BinOpExpr &e);
  std::optional<PyValue> evalCompare(const CompareExpr &e);
  std::optional<PyValue> evalListComp(const ListCompExpr &e);
  std::optional<PyValue> evalSubscript(const SubscriptExpr &e);
  bool compare(CmpOp op, const PyValue &a, const PyValue &b, Loc loc,
               bool &result);
  /// Appends the elements of `e`'s clauses from `index` on to `out`.
  bool comprehend(const ListCompExpr &e, size_t index,
                  std::vector<PyValue> &out);
  /// Binds a comprehension target (a name or nested tuple of names).
  bool bind(const Expr &target, const PyValue &value);
  /// The elements `v` iterates over (a list, tuple, string or dict's keys).
  std::optional<std::vector<PyValue>> iterate(const PyValue &v, Loc loc);
  std::optional<int64_t> intArg(const Expr &e, llvm::StringRef what);
  bool checkSize(size_t size, Loc loc) {
    if (size <= kMaxElements)
      return true;
    return diags.error(loc, "a decorator value has more than " +
                                llvm::Twine(kMaxElements) + " elements");
  }

  const Module &module;
  /// Comprehension variables, innermost scope last.
  std::vector<std::map<std::string, PyValue>> scopes;
  /// Module-level names being evaluated (to refuse a cycle).
  llvm::StringSet<> evaluating;
};

std::string Evaluator::dottedPath(const Expr &e) const {
  if (auto *a = llvm::dyn_cast<AttributeExpr>(&e)) {
    std::string base = dottedPath(*a->base);
    return base.empty() ? "" : base + "." + a->attr;
  }
  auto *n = llvm::dyn_cast<NameExpr>(&e);
  if (!n)
    return "";
  for (const auto &scope : scopes)
    if (scope.count(n->id))
      return "";
  const ImportBinding *import = nullptr;
  for (const ImportBinding &b : module.imports)
    if (b.name == n->id)
      import = &b; // A later import wins.
  if (!import)
    return n->id;
  // `from vllm.triton_utils import triton`: the decorators see this file
  // only, so a library's re-export is known by its name, as CodeGen takes
  // it when the library is not found (it follows the library when it is).
  std::string triton = reexportedTritonModule(import->target);
  return triton.empty() ? import->target : triton;
}

std::optional<PyValue> Evaluator::eval(const Expr &e) {
  Loc l = e.getLoc();
  switch (e.getKind()) {
  case Expr::Kind::Name:
    return evalName(llvm::cast<NameExpr>(e));
  case Expr::Kind::IntLit: {
    std::optional<int64_t> v = toInt64(llvm::cast<IntLitExpr>(e).value);
    if (!v) {
      diags.error(l, "integer overflow in a decorator argument");
      return std::nullopt;
    }
    return PyValue::integer(*v);
  }
  case Expr::Kind::FloatLit: {
    PyValue v;
    v.kind = PyValue::Kind::Float;
    v.floatValue = llvm::cast<FloatLitExpr>(e).value;
    return v;
  }
  case Expr::Kind::StrLit: {
    PyValue v;
    v.kind = PyValue::Kind::Str;
    v.strValue = llvm::cast<StrLitExpr>(e).value;
    return v;
  }
  case Expr::Kind::BoolLit:
    return PyValue::boolean(llvm::cast<BoolLitExpr>(e).value);
  case Expr::Kind::NoneLit:
    return PyValue();
  case Expr::Kind::Tuple:
  case Expr::Kind::List: {
    const auto &elts = llvm::isa<TupleExpr>(e) ? llvm::cast<TupleExpr>(e).elts
                                               : llvm::cast<ListExpr>(e).elts;
    std::vector<PyValue> values;
    for (const ExprPtr &elt : elts) {
      std::optional<PyValue> v = eval(*elt);
      if (!v)
        return std::nullopt;
      values.push_back(std::move(*v));
    }
    return PyValue::sequence(llvm::isa<TupleExpr>(e) ? PyValue::Kind::Tuple
                                                     : PyValue::Kind::List,
                             std::move(values));
  }
  case Expr::Kind::Dict: {
    const auto &d = llvm::cast<DictExpr>(e);
    PyValue dict;
    dict.kind = PyValue::Kind::Dict;
    for (auto [k, v] : llvm::zip(d.keys, d.values)) {
      std::optional<PyValue> key = eval(*k);
      if (!key)
        return std::nullopt;
      std::optional<PyValue> value = eval(*v);
      if (!value)
        return std::nullopt;
      // A repeated key keeps its first position and its last value.
      bool replaced = false;
      for (size_t i = 0; i < dict.elems.size(); i += 2)
        if (equal(dict.elems[i], *key)) {
          dict.elems[i + 1] = std::move(*value);
          replaced = true;
        }
      if (!replaced) {
        dict.elems.push_back(std::move(*key));
        dict.elems.push_back(std::move(*value));
      }
    }
    return dict;
  }
  case Expr::Kind::ListComp:
    return evalListComp(llvm::cast<ListCompExpr>(e));
  case Expr::Kind::Call:
    return evalCall(llvm::cast<CallExpr>(e));
  case Expr::Kind::BinOp:
    return evalBinOp(llvm::cast<BinOpExpr>(e));
  case Expr::Kind::Compare:
    return evalCompare(llvm::cast<CompareExpr>(e));
  case Expr::Kind::Subscript:
    return evalSubscript(llvm::cast<SubscriptExpr>(e));
  case Expr::Kind::UnaryOp: {
    const auto &u = llvm::cast<UnaryOpExpr>(e);
    std::optional<PyValue> v = eval(*u.operand);
    if (!v)
      return std::nullopt;
    if (u.op == UnaryOp::Not)
      return PyValue::boolean(!truthy(*v));
    if (v->kind == PyValue::Kind::Float && u.op != UnaryOp::Invert) {
      if (u.op == UnaryOp::Neg)
        v->floatValue = -v->floatValue;
      return v;
    }
    if (!v->isIntLike()) {
      diags.error(l, llvm::Twine("bad operand for unary '") + spelling(u.op) +
                         "': " + describe(*v));
      return std::nullopt;
    }
    int64_t x = v->intValue;
    if (u.op == UnaryOp::Neg && x == INT64_MIN) {
      diags.error(l, "integer overflow in a decorator argument");
      return std::nullopt;
    }
    return PyValue::integer(u.op == UnaryOp::Neg      ? -x
                            : u.op == UnaryOp::Invert ? ~x
                                                      : x);
  }
  case Expr::Kind::BoolOp: {
    const auto &b = llvm::cast<BoolOpExpr>(e);
    std::optional<PyValue> v;
    for (const ExprPtr &value : b.values) {
      v = eval(*value);
      if (!v)
        return std::nullopt;
      if (truthy(*v) != b.isAnd)
        break; // Python returns the deciding operand.
    }
    return v;
  }
  case Expr::Kind::IfExp: {
    const auto &i = llvm::cast<IfExpExpr>(e);
    std::optional<PyValue> test = eval(*i.test);
    if (!test)
      return std::nullopt;
    return eval(truthy(*test) ? *i.body : *i.orelse);
  }
  case Expr::Kind::Attribute: {
    std::string path = dottedPath(e);
    refuse(e, "'" + (path.empty() ? std::string("attribute") : path) + "'");
    return std::nullopt;
  }
  case Expr::Kind::Lambda:
    refuse(e, "a lambda");
    return std::nullopt;
  case Expr::Kind::Named:
    refuse(e, "an assignment expression");
    return std::nullopt;
  case Expr::Kind::Unsupported:
    refuse(e, "a " + llvm::cast<UnsupportedExpr>(e).what);
    return std::nullopt;
  case Expr::Kind::EllipsisLit:
  case Expr::Kind::Slice:
    break;
  }
  diags.error(l, llvm::Twine("unsupported expression in a decorator; ") +
                     kSupported);
  return std::nullopt;
}

std::optional<PyValue> Evaluator::evalName(const NameExpr &e) {
  for (auto scope = scopes.rbegin(); scope != scopes.rend(); ++scope)
    if (auto it = scope->find(e.id); it != scope->end())
      return it->second;
  const GlobalAssign *global = nullptr;
  for (const GlobalAssign &g : module.globals)
    if (g.name == e.id)
      global = &g; // A later assignment wins.
  if (global && global->value) {
    if (!evaluating.insert(e.id).second) {
      diags.error(e.getLoc(), "'" + e.id + "' refers to itself");
      return std::nullopt;
    }
    std::vector<std::map<std::string, PyValue>> saved;
    std::swap(saved, scopes); // A global sees no comprehension variables.
    std::optional<PyValue> v = eval(*global->value);
    std::swap(saved, scopes);
    evaluating.erase(e.id);
    if (!v)
      diags.note(e.getLoc(), "while evaluating '" + e.id + "' here");
    return v;
  }
  if (global) {
    diags.error(e.getLoc(), "'" + e.id +
                                "' is bound by module-level code tkc cannot "
                                "evaluate; " +
                                kSupported);
    return std::nullopt;
  }
  if (llvm::any_of(module.functions,
                   [&](const auto &f) { return f->name == e.id; })) {
    refuse(e, "function '" + e.id + "'");
    return std::nullopt;
  }
  diags.error(e.getLoc(), "name '" + e.id +
                              "' is not defined at module level; " +
                              kSupported);
  return std::nullopt;
}

std::optional<int64_t> Evaluator::intArg(const Expr &e, llvm::StringRef what) {
  std::optional<PyValue> v = eval(e);
  if (!v)
    return std::nullopt;
  if (!v->isIntLike()) {
    diags.error(e.getLoc(), what + " must be an int, got " + describe(*v));
    return std::nullopt;
  }
  return v->intValue;
}

std::optional<PyValue> Evaluator::evalCall(const CallExpr &e) {
  std::string callee = dottedPath(*e.callee);
  if (callee == "triton.Config" || callee == "triton.runtime.Config" ||
      callee == "triton.runtime.autotuner.Config")
    return evalConfig(e);
  for (const ExprPtr &arg : e.args)
    if (auto *u = llvm::dyn_cast<UnsupportedExpr>(arg.get())) {
      refuse(*arg, "a " + u->what);
      return std::nullopt;
    }
  if (callee == "range") {
    if (e.args.empty() || e.args.size() > 3 || !e.keywords.empty()) {
      diags.error(e.getLoc(), "range() takes 1 to 3 positional arguments");
      return std::nullopt;
    }
    int64_t bounds[3] = {0, 0, 1};
    for (size_t i = 0; i < e.args.size(); ++i) {
      std::optional<int64_t> v = intArg(*e.args[i], "a range() argument");
      if (!v)
        return std::nullopt;
      bounds[e.args.size() == 1 ? 1 : i] = *v;
    }
    auto [start, stop, step] = bounds;
    if (step == 0) {
      diags.error(e.args[2]->getLoc(), "range() step must not be zero");
      return std::nullopt;
    }
    std::vector<PyValue> values;
    for (int64_t i = start; step > 0 ? i < stop : i > stop;) {
      if (!checkSize(values.size() + 1, e.getLoc()))
        return std::nullopt;
      values.push_back(PyValue::integer(i));
      if (llvm::AddOverflow(i, step, i))
        break;
    }
    return PyValue::sequence(PyValue::Kind::List, std::move(values));
  }
  if (callee == "len" || callee == "list" || callee == "tuple" ||
      callee == "min" || callee == "max") {
    if (!e.keywords.empty() || e.args.empty() ||
        (callee != "min" && callee != "max" && e.args.size() != 1)) {
      diags.error(e.getLoc(), "unsupported arguments to " + callee + "()");
      return std::nullopt;
    }
    std::vector<PyValue> args;
    for (const ExprPtr &arg : e.args) {
      std::optional<PyValue> v = eval(*arg);
      if (!v)
        return std::nullopt;
      args.push_back(std::move(*v));
    }
    if (args.size() == 1) {
      auto items = iterate(args[0], e.args[0]->getLoc());
      if (!items)
        return std::nullopt;
      if (callee == "len")
        return PyValue::integer(items->size());
      if (callee == "list" || callee == "tuple")
        return PyValue::sequence(callee == "list" ? PyValue::Kind::List
                                                  : PyValue::Kind::Tuple,
                                 std::move(*items));
      args = std::move(*items);
    }
    if (args.empty()) {
      diags.error(e.getLoc(), callee + "() of an empty sequence");
      return std::nullopt;
    }
    PyValue best = args[0];
    for (const PyValue &v : llvm::drop_begin(args)) {
      bool less;
      if (!compare(CmpOp::Lt, v, best, e.getLoc(), less))
        return std::nullopt;
      bool greater;
      if (!compare(CmpOp::Gt, v, best, e.getLoc(), greater))
        return std::nullopt;
      if (callee == "min" ? less : greater)
        best = v;
    }
    return best;
  }
  if (callee == "dict" && e.args.empty()) {
    PyValue dict;
    dict.kind = PyValue::Kind::Dict;
    for (const Keyword &k : e.keywords) {
      std::optional<PyValue> v = eval(*k.value);
      if (!v)
        return std::nullopt;
      PyValue key;
      key.kind = PyValue::Kind::Str;
      key.strValue = k.name;
      dict.elems.push_back(std::move(key));
      dict.elems.push_back(std::move(*v));
    }
    return dict;
  }
  std::string what =
      callee.empty() ? std::string("this call") : "a call of '" + callee + "'";
  refuse(e, what);
  return std::nullopt;
}

std::optional<PyValue> Evaluator::evalConfig(const CallExpr &e) {
  auto config = std::make_shared<AutotuneConfig>();
  config->loc = e.getLoc();
  // triton.Config(kwargs, num_warps, num_stages, num_ctas, maxnreg, ...).
  static const char *const positional[] = {"kwargs", "num_warps", "num_stages",
                                           "num_ctas", "maxnreg"};
  std::vector<std::pair<std::string, const Expr *>> args;
  if (e.args.size() > std::size(positional)) {
    diags.error(e.args[std::size(positional)]->getLoc(),
                "triton.Config takes at most 5 positional arguments (kwargs, "
                "num_warps, num_stages, num_ctas, maxnreg)");
    return std::nullopt;
  }
  for (size_t i = 0; i < e.args.size(); ++i)
    args.emplace_back(positional[i], e.args[i].get());
  for (const Keyword &k : e.keywords)
    args.emplace_back(k.name, k.value.get());
  bool sawKwargs = false;
  for (const auto &[name, expr] : args) {
    if (name == "kwargs") {
      sawKwargs = true;
      std::optional<PyValue> dict = eval(*expr);
      if (!dict)
        return std::nullopt;
      if (dict->kind != PyValue::Kind::Dict) {
        diags.error(expr->getLoc(),
                    llvm::Twine("triton.Config's kwargs must be a dict of "
                                "constexpr values, got ") +
                        describe(*dict));
        return std::nullopt;
      }
      for (size_t i = 0; i < dict->elems.size(); i += 2) {
        const PyValue &key = dict->elems[i], &value = dict->elems[i + 1];
        if (key.kind != PyValue::Kind::Str) {
          diags.error(expr->getLoc(),
                      llvm::Twine("triton.Config's kwargs keys must be "
                                  "parameter names, got ") +
                          describe(key));
          return std::nullopt;
        }
        ConfigValue cv;
        switch (value.kind) {
        case PyValue::Kind::Int:
          cv.kind = ConfigValue::Kind::Int;
          break;
        case PyValue::Kind::Bool:
          cv.kind = ConfigValue::Kind::Bool;
          break;
        case PyValue::Kind::Float:
          cv.kind = ConfigValue::Kind::Float;
          break;
        case PyValue::Kind::Str:
          cv.kind = ConfigValue::Kind::Str;
          break;
        case PyValue::Kind::None:
          cv.kind = ConfigValue::Kind::None;
          break;
        default:
          diags.error(expr->getLoc(),
                      "triton.Config value of '" + key.strValue +
                          "' must be an int, bool, float, string or None, "
                          "got " +
                          describe(value));
          return std::nullopt;
        }
        cv.intValue = value.intValue;
        cv.floatValue = value.floatValue;
        cv.strValue = value.strValue;
        config->constexprs.emplace_back(key.strValue, std::move(cv));
      }
      continue;
    }
    if (name == "pre_hook" || name == "ir_override") {
      std::optional<PyValue> v = eval(*expr);
      if (!v)
        return std::nullopt;
      if (v->kind != PyValue::Kind::None) {
        diags.error(expr->getLoc(),
                    "triton.Config's " + name + " is not supported by tkc");
        return std::nullopt;
      }
      continue;
    }
    int64_t *field = name == "num_warps"    ? &config->numWarps
                     : name == "num_stages" ? &config->numStages
                     : name == "num_ctas"   ? &config->numCtas
                                            : nullptr;
    if (name == "maxnreg") {
      std::optional<PyValue> v = eval(*expr);
      if (!v)
        return std::nullopt;
      if (v->kind == PyValue::Kind::None)
        continue;
      if (!v->isIntLike() || v->intValue <= 0) {
        diags.error(expr->getLoc(), "maxnreg must be a positive int or None");
        return std::nullopt;
      }
      config->maxnreg = v->intValue;
      continue;
    }
    if (!field) {
      diags.error(expr->getLoc(),
                  "unknown triton.Config argument '" + name +
                      "' (expected kwargs, num_warps, num_stages, num_ctas, "
                      "maxnreg)");
      return std::nullopt;
    }
    std::optional<int64_t> v = intArg(*expr, name);
    if (!v)
      return std::nullopt;
    if (*v <= 0 || (name == "num_warps" && !llvm::isPowerOf2_64(*v))) {
      diags.error(expr->getLoc(),
                  name + " must be a positive " +
                      (name == "num_warps" ? "power of two" : "int") +
                      ", got " + std::to_string(*v));
      return std::nullopt;
    }
    *field = *v;
  }
  if (!sawKwargs) {
    diags.error(e.getLoc(), "triton.Config needs its kwargs dict");
    return std::nullopt;
  }
  PyValue v;
  v.kind = PyValue::Kind::Config;
  v.config = std::move(config);
  return v;
}

std::optional<PyValue> Evaluator::evalBinOp(const BinOpExpr &e) {
  std::optional<PyValue> a = eval(*e.lhs);
  if (!a)
    return std::nullopt;
  std::optional<PyValue> b = eval(*e.rhs);
  if (!b)
    return std::nullopt;
  auto bad = [&]() -> std::optional<PyValue> {
    diags.error(e.getLoc(), llvm::Twine("unsupported operands for '") +
                                spelling(e.op) + "': " + describe(*a) +
                                " and " + describe(*b));
    return std::nullopt;
  };
  // Sequences and strings: concatenation and repetition.
  if (e.op == BinOp::Add && a->kind == b->kind &&
      (a->isSequence() || a->kind == PyValue::Kind::Str)) {
    if (!checkSize(a->elems.size() + b->elems.size(), e.getLoc()))
      return std::nullopt;
    a->strValue += b->strValue;
    llvm::append_range(a->elems, b->elems);
    return a;
  }
  if (e.op == BinOp::Mul && a->isSequence() && b->isIntLike()) {
    int64_t n = std::max<int64_t>(b->intValue, 0);
    if (n && !checkSize(a->elems.size() * std::min<int64_t>(n, kMaxElements),
                        e.getLoc()))
      return std::nullopt;
    std::vector<PyValue> out;
    for (int64_t i = 0; i < n; ++i)
      llvm::append_range(out, a->elems);
    a->elems = std::move(out);
    return a;
  }
  if (!a->isNumber() || !b->isNumber())
    return bad();
  bool isFloat =
      a->kind == PyValue::Kind::Float || b->kind == PyValue::Kind::Float;
  if (isFloat || e.op == BinOp::Div) {
    double x = a->asDouble(), y = b->asDouble(), r;
    switch (e.op) {
    case BinOp::Add:
      r = x + y;
      break;
    case BinOp::Sub:
      r = x - y;
      break;
    case BinOp::Mul:
      r = x * y;
      break;
    case BinOp::Div:
      if (y == 0) {
        diags.error(e.getLoc(), "division by zero");
        return std::nullopt;
      }
      r = x / y;
      break;
    default:
      return bad();
    }
    PyValue v;
    v.kind = PyValue::Kind::Float;
    v.floatValue = r;
    return v;
  }
  int64_t x = a->intValue, y = b->intValue, r = 0;
  bool overflow = false;
  switch (e.op) {
  case BinOp::Add:
    overflow = llvm::AddOverflow(x, y, r);
    break;
  case BinOp::Sub:
    overflow = llvm::SubOverflow(x, y, r);
    break;
  case BinOp::Mul:
    overflow = llvm::MulOverflow(x, y, r);
    break;
  case BinOp::FloorDiv:
  case BinOp::Mod:
    if (y == 0) {
      diags.error(e.getLoc(), "division by zero");
      return std::nullopt;
    }
    if (x == INT64_MIN && y == -1) {
      overflow = true;
      break;
    }
    // Python rounds toward negative infinity.
    r = e.op == BinOp::FloorDiv ? x / y - ((x % y != 0) && ((x < 0) != (y < 0)))
                                : ((x % y) + y) % y;
    break;
  case BinOp::Pow:
    if (y < 0)
      return bad();
    r = 1;
    for (int64_t i = 0; i < y && !overflow; ++i)
      overflow = llvm::MulOverflow(r, x, r);
    break;
  case BinOp::LShift:
    overflow = y < 0 || y > 62 || llvm::MulOverflow(x, int64_t(1) << y, r);
    break;
  case BinOp::RShift:
    r = y >= 63 ? (x < 0 ? -1 : 0) : x >> y;
    if (y < 0)
      return bad();
    break;
  case BinOp::BitAnd:
    r = x & y;
    break;
  case BinOp::BitOr:
    r = x | y;
    break;
  case BinOp::BitXor:
    r = x ^ y;
    break;
  default:
    return bad();
  }
  if (overflow) {
    diags.error(e.getLoc(), "integer overflow in a decorator argument");
    return std::nullopt;
  }
  return PyValue::integer(r);
}

bool Evaluator::compare(CmpOp op, const PyValue &a, const PyValue &b, Loc loc,
                        bool &result) {
  switch (op) {
  case CmpOp::Eq:
    result = equal(a, b);
    return true;
  case CmpOp::NotEq:
    result = !equal(a, b);
    return true;
  case CmpOp::Is:
  case CmpOp::IsNot:
    if (a.kind != PyValue::Kind::None && b.kind != PyValue::Kind::None)
      return diags.error(loc, "'is' is supported only against None");
    result = (a.kind == b.kind) == (op == CmpOp::Is);
    return true;
  case CmpOp::In:
  case CmpOp::NotIn: {
    bool found = false;
    if (b.kind == PyValue::Kind::Str && a.kind == PyValue::Kind::Str) {
      found = b.strValue.find(a.strValue) != std::string::npos;
    } else {
      auto items = iterate(b, loc);
      if (!items)
        return false;
      found =
          llvm::any_of(*items, [&](const PyValue &v) { return equal(a, v); });
    }
    result = found == (op == CmpOp::In);
    return true;
  }
  default:
    break;
  }
  int order;
  if (a.isNumber() && b.isNumber()) {
    double x = a.asDouble(), y = b.asDouble();
    if (a.isIntLike() && b.isIntLike())
      order = a.intValue < b.intValue ? -1 : a.intValue > b.intValue;
    else
      order = x < y ? -1 : x > y;
  } else if (a.kind == PyValue::Kind::Str && b.kind == PyValue::Kind::Str) {
    order = a.strValue.compare(b.strValue);
    order = order < 0 ? -1 : order > 0;
  } else {
    return diags.error(loc, llvm::Twine("cannot order ") + describe(a) +
                                " and " + describe(b));
  }
  result = op == CmpOp::Lt    ? order < 0
           : op == CmpOp::LtE ? order <= 0
           : op == CmpOp::Gt  ? order > 0
                              : order >= 0;
  return true;
}

std::optional<PyValue> Evaluator::evalCompare(const CompareExpr &e) {
  std::optional<PyValue> lhs = eval(*e.operands[0]);
  if (!lhs)
    return std::nullopt;
  for (size_t i = 0; i < e.ops.size(); ++i) {
    std::optional<PyValue> rhs = eval(*e.operands[i + 1]);
    if (!rhs)
      return std::nullopt;
    bool result;
    if (!compare(e.ops[i], *lhs, *rhs, e.getLoc(), result))
      return std::nullopt;
    if (!result)
      return PyValue::boolean(false);
    lhs = std::move(rhs);
  }
  return PyValue::boolean(true);
}

std::optional<PyValue> Evaluator::evalSubscript(const SubscriptExpr &e) {
  std::optional<PyValue> base = eval(*e.base);
  if (!base)
    return std::nullopt;
  if (e.indices.size() != 1 || llvm::isa<SliceExpr>(*e.indices[0])) {
    diags.error(e.getLoc(), "only single-index subscripts are supported in "
                            "decorator arguments");
    return std::nullopt;
  }
  std::optional<PyValue> index = eval(*e.indices[0]);
  if (!index)
    return std::nullopt;
  if (base->kind == PyValue::Kind::Dict) {
    for (size_t i = 0; i < base->elems.size(); i += 2)
      if (equal(base->elems[i], *index))
        return base->elems[i + 1];
    diags.error(e.indices[0]->getLoc(), "key not found in the dict");
    return std::nullopt;
  }
  if (!base->isSequence() || !index->isIntLike()) {
    diags.error(e.getLoc(), llvm::Twine("cannot index ") + describe(*base) +
                                " with " + describe(*index));
    return std::nullopt;
  }
  int64_t n = base->elems.size(), i = index->intValue;
  if (i < 0)
    i += n;
  if (i < 0 || i >= n) {
    diags.error(e.indices[0]->getLoc(), "index out of range");
    return std::nullopt;
  }
  return base->elems[i];
}

std::optional<std::vector<PyValue>> Evaluator::iterate(const PyValue &v,
                                                       Loc loc) {
  if (v.isSequence())
    return v.elems;
  std::vector<PyValue> out;
  if (v.kind == PyValue::Kind::Dict) {
    for (size_t i = 0; i < v.elems.size(); i += 2)
      out.push_back(v.elems[i]);
    return out;
  }
  if (v.kind == PyValue::Kind::Str) {
    for (char c : v.strValue) {
      PyValue s;
      s.kind = PyValue::Kind::Str;
      s.strValue = std::string(1, c);
      out.push_back(std::move(s));
    }
    return out;
  }
  diags.error(loc, llvm::Twine("cannot iterate over ") + describe(v));
  return std::nullopt;
}

bool Evaluator::bind(const Expr &target, const PyValue &value) {
  if (auto *n = llvm::dyn_cast<NameExpr>(&target)) {
    scopes.back()[n->id] = value;
    return true;
  }
  const std::vector<ExprPtr> *elts = nullptr;
  if (auto *t = llvm::dyn_cast<TupleExpr>(&target))
    elts = &t->elts;
  else if (auto *l = llvm::dyn_cast<ListExpr>(&target))
    elts = &l->elts;
  if (!elts)
    return diags.error(target.getLoc(),
                       "a comprehension target must be a name or a tuple of "
                       "names");
  if (!value.isSequence() || value.elems.size() != elts->size())
    return diags.error(target.getLoc(),
                       llvm::Twine("cannot unpack ") + describe(value) +
                           " into " + llvm::Twine(elts->size()) + " names");
  for (auto [t, v] : llvm::zip(*elts, value.elems))
    if (!bind(*t, v))
      return false;
  return true;
}

bool Evaluator::comprehend(const ListCompExpr &e, size_t index,
                           std::vector<PyValue> &out) {
  if (index == e.generators.size()) {
    std::optional<PyValue> v = eval(*e.elt);
    if (!v)
      return false;
    if (!checkSize(out.size() + 1, e.getLoc()))
      return false;
    out.push_back(std::move(*v));
    return true;
  }
  const Comprehension &clause = e.generators[index];
  std::optional<PyValue> iterable = eval(*clause.iter);
  if (!iterable)
    return false;
  auto items = iterate(*iterable, clause.iter->getLoc());
  if (!items)
    return false;
  for (const PyValue &item : *items) {
    if (!bind(*clause.target, item))
      return false;
    bool keep = true;
    for (const ExprPtr &cond : clause.ifs) {
      std::optional<PyValue> c = eval(*cond);
      if (!c)
        return false;
      if (!truthy(*c)) {
        keep = false;
        break;
      }
    }
    if (keep && !comprehend(e, index + 1, out))
      return false;
  }
  return true;
}

std::optional<PyValue> Evaluator::evalListComp(const ListCompExpr &e) {
  std::vector<PyValue> out;
  scopes.emplace_back();
  bool ok = comprehend(e, 0, out);
  scopes.pop_back();
  if (!ok)
    return std::nullopt;
  return PyValue::sequence(PyValue::Kind::List, std::move(out));
}

/// Reads the decorators of one function.
class DecoratorReader {
public:
  DecoratorReader(const Module &module, const FunctionDef &fn,
                  Diagnostics &diags)
      : eval(module, diags), module(module), fn(fn), diags(diags) {}

  std::optional<KernelDecorators> read();

private:
  bool readAutotune(const Expr &decorator);
  bool readHeuristics(const Expr &decorator);
  bool readJit(const CallExpr &call);
  /// Records `def`, the function heuristic `name` names, in `h`; reports a
  /// function that does not take one argument.
  bool readHeuristicFunction(const FunctionDef &def, llvm::StringRef name,
                             Heuristic &h);
  /// Translates heuristic `h` (its lambda's body or its function) into
  /// `h.expr`, `h.boolean`, `h.values` and `h.reads`.
  bool translateHeuristic(Heuristic &h);
  /// Reads a list of parameter names (`key=[...]`); ints are indices when
  /// `indices` is true.
  bool readNames(const Expr &e, llvm::StringRef what,
                 std::vector<NamedParam> &out, bool indices = false);
  bool isParam(llvm::StringRef name) const {
    return llvm::any_of(fn.params,
                        [&](const Param &p) { return p.name == name; });
  }
  /// True if `path` is the triton function `name` (`triton.autotune`,
  /// `triton.runtime.autotune`, ...).
  static bool isTriton(llvm::StringRef path, llvm::StringRef name) {
    return path.starts_with("triton.") && path.ends_with("." + name.str());
  }

  Evaluator eval;
  const Module &module;
  const FunctionDef &fn;
  Diagnostics &diags;
  KernelDecorators result;
};

std::optional<KernelDecorators> DecoratorReader::read() {
  unsigned errorsBefore = diags.numErrors();
  for (const ExprPtr &d : fn.decorators) {
    const Expr *callee = d.get();
    if (auto *call = llvm::dyn_cast<CallExpr>(d.get()))
      callee = call->callee.get();
    std::string path = eval.dottedPath(*callee);
    if (isTriton(path, "autotune") || path == "autotune") {
      readAutotune(*d);
    } else if (isTriton(path, "heuristics") || path == "heuristics") {
      readHeuristics(*d);
    } else if (isJitDecorator(*d)) {
      if (auto *call = llvm::dyn_cast<CallExpr>(d.get()))
        readJit(*call);
    } else {
      // A library's own tuner (FlagGems' @libtuner, whose configs come
      // from files its Python runtime reads) sets nothing tkc can see.
      diags.note(d->getLoc(),
                 "decorator '@" + (path.empty() ? "<expression>" : path) +
                     "' is ignored: tkc reads @triton.jit, @triton.autotune "
                     "and @triton.heuristics only; constexprs another "
                     "decorator would set come from the signature, "
                     "--constexpr or a manifest");
    }
  }
  if (diags.numErrors() != errorsBefore)
    return std::nullopt;
  return std::move(result);
}

bool DecoratorReader::readNames(const Expr &e, llvm::StringRef what,
                                std::vector<NamedParam> &out, bool indices) {
  std::optional<PyValue> v = eval.eval(e);
  if (!v)
    return false;
  if (v->kind == PyValue::Kind::None)
    return true;
  if (v->kind == PyValue::Kind::Str)
    *v = PyValue::sequence(PyValue::Kind::List, {*v});
  if (!v->isSequence())
    return diags.error(e.getLoc(), what +
                                       " must be a list of parameter "
                                       "names, got " +
                                       describe(*v));
  // Point at each name's literal when the list is written in place.
  const std::vector<ExprPtr> *elts = nullptr;
  if (auto *l = llvm::dyn_cast<ListExpr>(&e))
    elts = &l->elts;
  else if (auto *t = llvm::dyn_cast<TupleExpr>(&e))
    elts = &t->elts;
  for (size_t i = 0; i < v->elems.size(); ++i) {
    const PyValue &item = v->elems[i];
    Loc loc = elts && elts->size() == v->elems.size() ? (*elts)[i]->getLoc()
                                                      : e.getLoc();
    std::string name;
    if (item.kind == PyValue::Kind::Str) {
      name = item.strValue;
    } else if (indices && item.kind == PyValue::Kind::Int) {
      if (item.intValue < 0 ||
          item.intValue >= static_cast<int64_t>(fn.params.size()))
        return diags.error(loc, what + ": '" + fn.name + "' has no parameter " +
                                    std::to_string(item.intValue));
      name = fn.params[item.intValue].name;
    } else {
      return diags.error(loc, what + " must list parameter names, got " +
                                  describe(item));
    }
    if (!isParam(name))
      return diags.error(loc, what + ": '" + fn.name +
                                  "' has no parameter named '" + name + "'");
    out.push_back(NamedParam{name, loc});
  }
  return true;
}

bool DecoratorReader::readAutotune(const Expr &decorator) {
  auto *call = llvm::dyn_cast<CallExpr>(&decorator);
  if (!call)
    return diags.error(decorator.getLoc(),
                       "@triton.autotune needs its arguments: "
                       "@triton.autotune(configs=[...], key=[...])");
  if (result.autotune)
    return diags.error(decorator.getLoc(),
                       "a kernel may have one @triton.autotune");
  // Triton's positional order.
  static const char *const positional[] = {
      "configs",        "key",           "prune_configs_by",
      "reset_to_zero",  "restore_value", "pre_hook",
      "post_hook",      "warmup",        "rep",
      "use_cuda_graph", "do_bench",      "cache_results"};
  if (call->args.size() > std::size(positional))
    return diags.error(call->args.back()->getLoc(),
                       "too many positional arguments to @triton.autotune");
  std::vector<std::pair<std::string, const Expr *>> args;
  std::vector<Loc> argLocs;
  for (size_t i = 0; i < call->args.size(); ++i) {
    args.emplace_back(positional[i], call->args[i].get());
    argLocs.push_back(call->args[i]->getLoc());
  }
  for (const Keyword &k : call->keywords) {
    args.emplace_back(k.name, k.value.get());
    argLocs.push_back(k.loc);
  }
  AutotuneDecorator autotune;
  autotune.loc = decorator.getLoc();
  bool sawConfigs = false, sawKey = false, ok = true;
  for (auto [arg, loc] : llvm::zip(args, argLocs)) {
    const auto &[name, expr] = arg;
    if (name == "configs") {
      sawConfigs = true;
      std::optional<PyValue> v = eval.eval(*expr);
      if (!v) {
        ok = false;
        continue;
      }
      if (!v->isSequence()) {
        ok =
            diags.error(expr->getLoc(), llvm::Twine("configs must be a list of "
                                                    "triton.Config, got ") +
                                            describe(*v));
        continue;
      }
      for (const PyValue &c : v->elems) {
        if (c.kind != PyValue::Kind::Config) {
          ok = diags.error(expr->getLoc(),
                           llvm::Twine("configs must be a list of "
                                       "triton.Config, found ") +
                               describe(c));
          break;
        }
        autotune.configs.push_back(*c.config);
      }
      if (ok && autotune.configs.empty())
        ok = diags.error(expr->getLoc(), "configs is empty");
    } else if (name == "key") {
      sawKey = true;
      ok &= readNames(*expr, "key", autotune.key);
    } else if (name == "restore_value") {
      ok &= readNames(*expr, "restore_value", autotune.restoreValue);
    } else if (name == "reset_to_zero") {
      ok &= readNames(*expr, "reset_to_zero", autotune.resetToZero);
    } else if (name == "prune_configs_by") {
      if (!llvm::isa<NoneLitExpr>(expr))
        diags.warning(loc, "prune_configs_by is ignored: tkc compiles and "
                           "times every config");
    } else if (name == "pre_hook" || name == "post_hook") {
      if (!llvm::isa<NoneLitExpr>(expr))
        ok = diags.error(loc, name + " runs Python around each launch and is "
                                     "not supported by tkc");
    } else if (name == "warmup" || name == "rep" || name == "use_cuda_graph" ||
               name == "do_bench" || name == "cache_results") {
      diags.note(loc, name + " is ignored: tkc's generated C times configs "
                             "with its own benchmark");
    } else {
      ok = diags.error(loc, "unknown @triton.autotune argument '" + name + "'");
    }
  }
  if (!sawConfigs)
    return diags.error(decorator.getLoc(), "@triton.autotune needs configs");
  if (!sawKey)
    return diags.error(decorator.getLoc(), "@triton.autotune needs key");
  if (!ok)
    return false;
  // Each config's constexprs name parameters of the kernel. A launch option
  // in the dict (`triton.Config({"num_warps": 8})`) is not a parameter:
  // Triton's Config.all_kwargs() puts the Config's own num_warps (etc., the
  // defaults when not given) over it, so it has no effect there either.
  for (AutotuneConfig &c : autotune.configs)
    llvm::erase_if(c.constexprs, [&](const auto &kv) {
      static const char *const options[] = {"num_warps", "num_stages",
                                            "num_ctas", "maxnreg"};
      if (isParam(kv.first) || !llvm::is_contained(options, kv.first))
        return false;
      diags.warning(c.loc, "'" + kv.first +
                               "' in the config's dict is not a "
                               "parameter of '" +
                               fn.name +
                               "', and Triton "
                               "launches with the config's own " +
                               kv.first +
                               " (a keyword argument, else its default); so "
                               "does tkc");
      return true;
    });
  for (const AutotuneConfig &c : autotune.configs)
    for (const auto &kv : c.constexprs)
      if (!isParam(kv.first))
        return diags.error(c.loc, "triton.Config sets '" + kv.first +
                                      "' but '" + fn.name +
                                      "' has no such parameter");
  result.autotune = std::move(autotune);
  return true;
}

bool DecoratorReader::readHeuristicFunction(const FunctionDef &def,
                                            llvm::StringRef name,
                                            Heuristic &h) {
  if (def.params.size() != 1 || def.params[0].defaultValue)
    return diags.error(def.nameLoc, "heuristic '" + name + "': function '" +
                                        def.name +
                                        "' must take one argument (args)");
  h.argName = def.params[0].name;
  h.function = &def;
  return true;
}

bool DecoratorReader::readHeuristics(const Expr &decorator) {
  auto *call = llvm::dyn_cast<CallExpr>(&decorator);
  const Expr *values = nullptr;
  if (call && call->args.size() == 1 && call->keywords.empty())
    values = call->args[0].get();
  else if (call && call->args.empty() && call->keywords.size() == 1 &&
           call->keywords[0].name == "values")
    values = call->keywords[0].value.get();
  if (!values)
    return diags.error(decorator.getLoc(),
                       "@triton.heuristics takes one dict: "
                       "@triton.heuristics({\"NAME\": lambda args: ...})");
  // A module-level name bound to a dict display is read through.
  for (int depth = 0; depth < 16; ++depth) {
    auto *name = llvm::dyn_cast<NameExpr>(values);
    if (!name)
      break;
    const GlobalAssign *global = nullptr;
    for (const GlobalAssign &g : module.globals)
      if (g.name == name->id)
        global = &g;
    if (!global || !global->value)
      break;
    values = global->value.get();
  }
  auto *dict = llvm::dyn_cast<DictExpr>(values);
  if (!dict)
    return diags.error(values->getLoc(),
                       "@triton.heuristics takes a dict display of lambdas; " +
                           llvm::Twine(kSupported));
  bool ok = true;
  for (auto [k, v] : llvm::zip(dict->keys, dict->values)) {
    auto *key = llvm::dyn_cast<StrLitExpr>(k.get());
    if (!key) {
      ok = diags.error(k->getLoc(), "a heuristic's name must be a string");
      continue;
    }
    Heuristic h;
    auto *lambda = llvm::dyn_cast<LambdaExpr>(v.get());
    if (lambda && lambda->params.size() == 1) {
      h.lambda = lambda;
      h.argName = lambda->params[0];
      h.body = lambda->body.get();
    } else if (auto *name = llvm::dyn_cast<NameExpr>(v.get());
               name && !lambda) {
      // A module-level `def f(args):` of assignments to names and a final
      // return reads as the expression it returns.
      const FunctionDef *def = module.findFunction(name->id);
      if (!def || def->isJit) {
        ok = diags.error(v->getLoc(),
                         "heuristic '" + key->value + "': '" + name->id +
                             "' is not a function of this module; a "
                             "heuristic is a lambda (lambda args: ...) or a "
                             "module-level def of one argument");
        continue;
      }
      if (!readHeuristicFunction(*def, key->value, h)) {
        ok = false;
        continue;
      }
    } else {
      ok = diags.error(v->getLoc(), "heuristic '" + key->value +
                                        "' must be a lambda of one argument "
                                        "(lambda args: ...) or the name of a "
                                        "module-level def of one argument");
      continue;
    }
    if (!isParam(key->value)) {
      ok = diags.error(k->getLoc(), "heuristic '" + key->value + "': '" +
                                        fn.name + "' has no parameter named '" +
                                        key->value + "'");
      continue;
    }
    h.name = key->value;
    h.loc = k->getLoc();
    if (!translateHeuristic(h)) {
      ok = false;
      continue;
    }
    result.heuristics.push_back(std::move(h));
  }
  return ok;
}

namespace {

/// What a heuristic may be, as the messages say it.
constexpr const char *kHeuristicLanguage =
    "a heuristic is an integer or boolean expression over the kernel's "
    "arguments (args[\"NAME\"]) and constexprs, with + - * // %, "
    "comparisons, 'is None', '\"NAME\" in args', and/or/not, conditional "
    "expressions, min, max, triton.next_power_of_2, triton.cdiv, bool() and "
    "int(), or a function of assignments, if/elif/else and returns of such "
    "expressions";

/// The most values tracked for a sub-expression.
constexpr size_t kMaxValues = 64;

/// The most statement sequences a heuristic function's translation visits
/// (each if/else doubles the statements after it), and the longest text it
/// may give.
constexpr unsigned kMaxPaths = 4096;
constexpr size_t kMaxText = 1 << 16;

/// The largest power of two the generated C's next_power_of_2 gives.
constexpr int64_t kMaxPowerOfTwo = int64_t(1) << 62;

/// Triton's next_power_of_2 (0 for `v` <= 0); null past 2^62.
std::optional<int64_t> nextPowerOfTwo(int64_t v) {
  if (v <= 0)
    return 0;
  if (v > kMaxPowerOfTwo)
    return std::nullopt;
  int64_t p = 1;
  while (p < v)
    p <<= 1;
  return p;
}

/// The smallest power of two above `v` (1 for `v` < 1); null past 2^62.
std::optional<int64_t> powerOfTwoAbove(int64_t v) {
  if (v < 1)
    return 1;
  if (v >= kMaxPowerOfTwo)
    return std::nullopt;
  return nextPowerOfTwo(v + 1);
}

/// `x op y` with Python's integer semantics; null on overflow or division
/// by zero.
std::optional<int64_t> arithmetic(BinOp op, int64_t x, int64_t y) {
  int64_t r = 0;
  switch (op) {
  case BinOp::Add:
    return llvm::AddOverflow(x, y, r) ? std::nullopt : std::optional(r);
  case BinOp::Sub:
    return llvm::SubOverflow(x, y, r) ? std::nullopt : std::optional(r);
  case BinOp::Mul:
    return llvm::MulOverflow(x, y, r) ? std::nullopt : std::optional(r);
  case BinOp::FloorDiv:
  case BinOp::Mod:
    if (y == 0 || (x == INT64_MIN && y == -1))
      return std::nullopt;
    return op == BinOp::FloorDiv
               ? x / y - ((x % y != 0) && ((x < 0) != (y < 0)))
               : ((x % y) + y) % y;
  default:
    return std::nullopt;
  }
}

/// The values an integer expression can take, as far as the expression
/// alone says: when `known`, the values of `list` plus, when `tailFrom` is
/// set, every power of two from it on; otherwise any value, between
/// `lower` and `upper` where those are set.
struct ValueSet {
  bool known = false;
  std::vector<int64_t> list;
  std::optional<int64_t> tailFrom;
  std::optional<int64_t> lower, upper;

  /// Exactly `values` (deduplicated, in order); an unknown value between
  /// their bounds when there are more than kMaxValues.
  static ValueSet of(llvm::ArrayRef<int64_t> values) {
    ValueSet s;
    for (int64_t v : values)
      if (!llvm::is_contained(s.list, v))
        s.list.push_back(v);
    if (s.list.size() <= kMaxValues) {
      s.known = true;
      return s;
    }
    auto [lo, hi] = std::minmax_element(s.list.begin(), s.list.end());
    return unknown(*lo, *hi);
  }
  static ValueSet unknown(std::optional<int64_t> lower = std::nullopt,
                          std::optional<int64_t> upper = std::nullopt) {
    ValueSet s;
    s.lower = lower;
    s.upper = upper;
    return s;
  }
  /// True when the values are a list that can be enumerated.
  bool finite() const { return known && !tailFrom && !list.empty(); }
  std::optional<int64_t> lowerBound() const {
    if (!known)
      return lower;
    std::optional<int64_t> lo = tailFrom;
    for (int64_t v : list)
      lo = lo ? std::min(*lo, v) : v;
    return lo;
  }
  std::optional<int64_t> upperBound() const {
    if (!known)
      return upper;
    if (tailFrom || list.empty())
      return std::nullopt;
    return *std::max_element(list.begin(), list.end());
  }
};

/// `f(a, b)` of two optional bounds, null unless both are set.
std::optional<int64_t> both(std::optional<int64_t> a, std::optional<int64_t> b,
                            int64_t (*f)(int64_t, int64_t)) {
  if (!a || !b)
    return std::nullopt;
  return f(*a, *b);
}

/// `f(a, b)` of two optional bounds, or the one that is set.
std::optional<int64_t> either(std::optional<int64_t> a,
                              std::optional<int64_t> b,
                              int64_t (*f)(int64_t, int64_t)) {
  if (!a || !b)
    return a ? a : b;
  return f(*a, *b);
}

int64_t minimum(int64_t a, int64_t b) { return std::min(a, b); }
int64_t maximum(int64_t a, int64_t b) { return std::max(a, b); }

/// The values of `c ? a : b`.
ValueSet unite(const ValueSet &a, const ValueSet &b) {
  if (a.known && b.known) {
    std::vector<int64_t> values = a.list;
    llvm::append_range(values, b.list);
    ValueSet out = ValueSet::of(values);
    std::optional<int64_t> tail = either(a.tailFrom, b.tailFrom, minimum);
    if (out.known)
      out.tailFrom = tail;
    else if (tail)
      out.upper = std::nullopt;
    return out;
  }
  return ValueSet::unknown(both(a.lowerBound(), b.lowerBound(), minimum),
                           both(a.upperBound(), b.upperBound(), maximum));
}

/// Adds to `out` the powers of two of [from, below).
void addPowersOfTwo(int64_t from, int64_t below, std::vector<int64_t> &out) {
  for (int64_t p = from; p < below; p <<= 1) {
    out.push_back(p);
    if (p >= kMaxPowerOfTwo)
      break;
  }
}

/// The values of `min(a, b)` (`isMin`) or `max(a, b)`.
ValueSet extremum(bool isMin, const ValueSet &a, const ValueSet &b) {
  // `whole` may have a tail of powers of two; `finite` has none.
  const ValueSet &whole = a.tailFrom ? a : b;
  const ValueSet &finite = a.tailFrom ? b : a;
  if (a.known && b.known && !finite.tailFrom && !finite.list.empty() &&
      (!whole.list.empty() || whole.tailFrom)) {
    std::vector<int64_t> values;
    for (int64_t x : whole.list)
      for (int64_t y : finite.list)
        values.push_back(isMin ? std::min(x, y) : std::max(x, y));
    std::optional<int64_t> tail;
    if (whole.tailFrom) {
      for (int64_t y : finite.list) {
        if (isMin) {
          // The tail's powers below y, and y for those from it on.
          addPowersOfTwo(*whole.tailFrom, y, values);
          values.push_back(y);
          continue;
        }
        // y for the tail's powers up to it; those above it stay.
        if (*whole.tailFrom <= y)
          values.push_back(y);
        if (std::optional<int64_t> above = powerOfTwoAbove(y))
          tail = either(tail, std::max(*whole.tailFrom, *above), minimum);
      }
    }
    ValueSet out = ValueSet::of(values);
    if (out.known)
      out.tailFrom = tail;
    else if (tail)
      out.upper = std::nullopt;
    return out;
  }
  if (isMin)
    return ValueSet::unknown(both(a.lowerBound(), b.lowerBound(), minimum),
                             either(a.upperBound(), b.upperBound(), minimum));
  return ValueSet::unknown(either(a.lowerBound(), b.lowerBound(), maximum),
                           both(a.upperBound(), b.upperBound(), maximum));
}

/// The values of `next_power_of_2(a)`. An argument nothing bounds below is
/// taken to be positive (a size): its 0 is left out, so a call whose
/// argument is not positive finds no variant (TKC_ERROR_NO_VARIANT) rather
/// than the compile building a variant with a block of 0.
ValueSet nextPowerOfTwo(const ValueSet &a) {
  if (a.known) {
    std::vector<int64_t> values;
    for (int64_t v : a.list) {
      std::optional<int64_t> p = nextPowerOfTwo(v);
      if (!p)
        return ValueSet::unknown();
      values.push_back(*p);
    }
    ValueSet out = ValueSet::of(values);
    if (out.known)
      out.tailFrom = a.tailFrom;
    return out;
  }
  std::vector<int64_t> values;
  if (a.lower && *a.lower <= 0)
    values.push_back(0);
  std::optional<int64_t> from =
      nextPowerOfTwo(std::max<int64_t>(a.lower.value_or(1), 1));
  if (!from)
    return ValueSet::unknown();
  if (a.upper && *a.upper <= 0)
    return ValueSet::of({0});
  if (!a.upper) {
    ValueSet out = ValueSet::of(values);
    out.tailFrom = *from;
    return out;
  }
  std::optional<int64_t> to = nextPowerOfTwo(*a.upper);
  if (!to)
    return ValueSet::unknown();
  addPowersOfTwo(*from, *to, values);
  values.push_back(*to);
  return ValueSet::of(values);
}

/// The values of `a op b` (`cdiv` when `op` is null).
ValueSet arithmetic(std::optional<BinOp> op, const ValueSet &a,
                    const ValueSet &b) {
  if (!a.finite() || !b.finite())
    return ValueSet::unknown();
  std::vector<int64_t> values;
  for (int64_t x : a.list)
    for (int64_t y : b.list) {
      std::optional<int64_t> r;
      if (op) {
        r = arithmetic(*op, x, y);
      } else if (std::optional<int64_t> sum = arithmetic(BinOp::Add, x, y)) {
        // cdiv(x, y) = (x + y - 1) // y, as the generated C computes it.
        if (std::optional<int64_t> top = arithmetic(BinOp::Sub, *sum, 1))
          r = arithmetic(BinOp::FloorDiv, *top, y);
      }
      if (!r)
        return ValueSet::unknown();
      values.push_back(*r);
    }
  return ValueSet::of(values);
}

/// A translated piece of a heuristic.
struct Translated {
  std::string text;
  /// Python's precedence of its outermost operator (higher binds tighter):
  /// 0 conditional, 1 or, 2 and, 3 not, 4 comparison, 5 + -, 6 * // %,
  /// 7 unary minus, 8 atoms and calls.
  int precedence = 8;
  bool boolean = false;
  /// The values it can take.
  ValueSet values;
  /// Its value, when known at compile time (`"N" in args`, literals,
  /// module-level constants and what folds from them).
  std::optional<int64_t> constant;

  /// The constant `v`, spelled True/False when `isBool`.
  static Translated constantOf(int64_t v, bool isBool) {
    Translated t;
    t.boolean = isBool;
    t.text = isBool ? (v ? "True" : "False") : std::to_string(v);
    if (v < 0)
      t.precedence = 7;
    t.values = ValueSet::of({v});
    t.constant = v;
    return t;
  }
};

/// True if `path` (a dotted name) asks about the device, its vendor or the
/// installed framework, which Python knows only when it runs:
/// `torch.cuda.get_device_name`, `flag_gems.vendor_name`,
/// `runtime.device.vendor_name`, `triton.runtime.driver.active...`.
bool isDeviceQuery(llvm::StringRef path) {
  llvm::SmallVector<llvm::StringRef> parts;
  path.split(parts, '.');
  return llvm::any_of(parts, [](llvm::StringRef part) {
    std::string p = part.lower();
    llvm::StringRef s(p);
    return s.contains("vendor") || s.contains("device") ||
           s.contains("driver") || s.contains("capability") ||
           s.contains("target") || s == "cuda" || s == "hip" ||
           s == "version" || s == "backend" || s == "backends";
  });
}

/// Translates one heuristic: a lambda's body, or a function's statements.
class HeuristicTranslator {
public:
  HeuristicTranslator(Evaluator &eval, const Module &module,
                      const FunctionDef &fn, Heuristic &h,
                      const std::vector<Heuristic> &earlier)
      : eval(eval), module(module), fn(fn), h(h), earlier(earlier),
        startErrors(eval.diags.numErrors()) {}

  std::optional<Translated> translate(const Expr &e);
  /// Translates what heuristic function `def` returns.
  std::optional<Translated> translateFunction(const FunctionDef &def);

private:
  /// Reports that `e` is outside the language.
  std::nullopt_t refuse(const Expr &e, const llvm::Twine &what) {
    return refuse(e.getLoc(), what);
  }
  std::nullopt_t refuse(Loc loc, const llvm::Twine &what) {
    eval.diags.error(loc, "heuristic '" + h.name + "': " + what +
                              " is not supported; " + kHeuristicLanguage);
    return std::nullopt;
  }
  /// Reports that `e`, naming `path`, asks about the device or vendor.
  std::nullopt_t refuseDeviceQuery(const Expr &e, const std::string &path) {
    eval.diags.error(
        e.getLoc(),
        "heuristic '" + h.name + "'" +
            (function ? " (function '" + function->name + "')" : "") + ": '" +
            path +
            "' asks which device or vendor runs the kernel, which only "
            "Python knows at run time; tkc compiles a heuristic into C that "
            "reads the kernel's arguments and constexprs only, so write the "
            "heuristic without this check");
    return std::nullopt;
  }
  /// Reports a statement of a heuristic function tkc does not translate.
  std::nullopt_t refuseStatement(const Stmt &s, const llvm::Twine &what) {
    eval.diags.error(s.getLoc(), "heuristic '" + h.name + "': function '" +
                                     function->name + "' has " + what +
                                     "; tkc reads a heuristic function made "
                                     "of assignments to names, if/elif/else "
                                     "and returns of expressions");
    return std::nullopt;
  }
  /// `t` as an operand that must bind tighter than `precedence`.
  static std::string wrap(const Translated &t, int precedence) {
    return t.precedence > precedence ? t.text : "(" + t.text + ")";
  }
  /// `args["NAME"]`: the parameter's name, or empty after an error.
  std::string argument(const Expr &e);
  /// `e` as a chain of names, attributes, calls and subscripts
  /// (`triton.runtime.driver.active.get_current_target().backend`), its
  /// first name resolved through the imports; empty if it is not one.
  std::string chain(const Expr &e) const;
  /// Reports `e` if its chain asks about the device or vendor.
  bool refusedAsDeviceQuery(const Expr &e) {
    std::string path = chain(e);
    if (path.empty() || !isDeviceQuery(path))
      return false;
    refuseDeviceQuery(e, path);
    return true;
  }
  std::optional<Translated> translateName(const NameExpr &n);
  std::optional<Translated> translateBinding(size_t index);
  std::optional<Translated> translateCompare(const CompareExpr &c);
  std::optional<Translated> translateBoolOp(const BoolOpExpr &b);
  std::optional<Translated> translateCall(const CallExpr &e);
  /// `lhs op rhs` for + - * // %.
  std::optional<Translated> binary(Loc where, BinOp op, const Translated &lhs,
                                   const Translated &rhs);
  /// `body if test else orelse`.
  static Translated conditional(const Translated &body, const Translated &test,
                                const Translated &orelse);
  /// What the statements `stmts` return, run in the current scope.
  /// `from` is where the path starts (a branch's if statement), said if it
  /// ends without a return.
  std::optional<Translated>
  translateStatements(llvm::ArrayRef<const Stmt *> stmts, Loc from);

  Evaluator &eval;
  const Module &module;
  const FunctionDef &fn;
  Heuristic &h;
  const std::vector<Heuristic> &earlier;
  unsigned startErrors;

  /// The heuristic function being translated, if any.
  const FunctionDef *function = nullptr;
  /// An assignment of a heuristic function: `name = value`, or `name op=
  /// value` when `aug` is set; `parent` is the binding before it on its
  /// path (-1 for none).
  struct Binding {
    std::string name;
    const Expr *value = nullptr;
    const AugAssignStmt *aug = nullptr;
    int parent = -1;
  };
  std::vector<Binding> bindings;
  /// The innermost binding a name sees (-1 for none).
  int scope = -1;
  /// Statement sequences translated so far.
  unsigned paths = 0;
};

std::string HeuristicTranslator::argument(const Expr &e) {
  auto *s = llvm::dyn_cast<SubscriptExpr>(&e);
  auto *base = s ? llvm::dyn_cast<NameExpr>(s->base.get()) : nullptr;
  if (!base || base->id != h.argName)
    return "";
  auto *key = s->indices.size() == 1
                  ? llvm::dyn_cast<StrLitExpr>(s->indices[0].get())
                  : nullptr;
  if (!key) {
    refuse(e, "a subscript of '" + base->id + "' that is not a string");
    return "";
  }
  if (llvm::none_of(fn.params,
                    [&](const Param &p) { return p.name == key->value; })) {
    eval.diags.error(s->indices[0]->getLoc(),
                     "heuristic '" + h.name + "' reads '" + key->value +
                         "', but '" + fn.name + "' has no such parameter");
    return "";
  }
  return key->value;
}

std::string HeuristicTranslator::chain(const Expr &e) const {
  if (auto *a = llvm::dyn_cast<AttributeExpr>(&e)) {
    std::string base = chain(*a->base);
    return base.empty() ? "" : base + "." + a->attr;
  }
  if (auto *c = llvm::dyn_cast<CallExpr>(&e)) {
    std::string callee = chain(*c->callee);
    return callee.empty() ? "" : callee + "()";
  }
  if (auto *s = llvm::dyn_cast<SubscriptExpr>(&e)) {
    std::string base = chain(*s->base);
    return base.empty() ? "" : base + "[]";
  }
  if (auto *n = llvm::dyn_cast<NameExpr>(&e))
    return n->id == h.argName ? "" : eval.dottedPath(*n);
  return "";
}

std::optional<Translated> HeuristicTranslator::translateBinding(size_t index) {
  int saved = scope;
  scope = bindings[index].parent;
  std::optional<Translated> out;
  if (const AugAssignStmt *aug = bindings[index].aug) {
    auto *target = llvm::cast<NameExpr>(aug->target.get());
    std::optional<Translated> lhs = translateName(*target);
    std::optional<Translated> rhs;
    if (lhs)
      rhs = translate(*aug->value);
    if (rhs)
      out = binary(aug->getLoc(), aug->op, *lhs, *rhs);
  } else {
    out = translate(*bindings[index].value);
  }
  scope = saved;
  return out;
}

std::optional<Translated>
HeuristicTranslator::translateName(const NameExpr &n) {
  if (n.id == h.argName)
    return refuse(n, "'" + n.id + "' itself (read one argument, " + n.id +
                         "[\"NAME\"])");
  // A local of a heuristic function: what was assigned to it last on this
  // path, read with the bindings before it.
  for (int i = scope; i >= 0; i = bindings[i].parent)
    if (bindings[i].name == n.id)
      return translateBinding(i);
  // A module-level constant becomes its value.
  if (llvm::none_of(module.globals,
                    [&](const GlobalAssign &g) { return g.name == n.id; })) {
    std::string path = eval.dottedPath(n);
    if (path != n.id && isDeviceQuery(path))
      return refuseDeviceQuery(n, path);
    return refuse(n, "the name '" + n.id + "'");
  }
  std::optional<PyValue> v = eval.eval(n);
  if (!v)
    return std::nullopt;
  if (!v->isIntLike())
    return refuse(n, "'" + n.id + "', " + describe(*v) + ",");
  return Translated::constantOf(v->intValue, v->kind == PyValue::Kind::Bool);
}

std::optional<Translated> HeuristicTranslator::binary(Loc where, BinOp op,
                                                      const Translated &lhs,
                                                      const Translated &rhs) {
  int precedence;
  switch (op) {
  case BinOp::Add:
  case BinOp::Sub:
    precedence = 5;
    break;
  case BinOp::Mul:
  case BinOp::FloorDiv:
  case BinOp::Mod:
    precedence = 6;
    break;
  case BinOp::Div:
    return refuse(where, "'/' (it gives a float; use '//')");
  default:
    return refuse(where, llvm::Twine("the operator '") + spelling(op) + "'");
  }
  if (lhs.constant && rhs.constant)
    if (std::optional<int64_t> r = arithmetic(op, *lhs.constant, *rhs.constant))
      return Translated::constantOf(*r, /*isBool=*/false);
  Translated out;
  out.text = wrap(lhs, precedence - 1) + " " + spelling(op) + " " +
             wrap(rhs, precedence);
  out.precedence = precedence;
  out.values = arithmetic(op, lhs.values, rhs.values);
  return out;
}

Translated HeuristicTranslator::conditional(const Translated &body,
                                            const Translated &test,
                                            const Translated &orelse) {
  Translated out;
  out.text = wrap(body, 0) + " if " + wrap(test, 0) + " else " + orelse.text;
  out.precedence = 0;
  out.boolean = body.boolean && orelse.boolean;
  out.values = unite(body.values, orelse.values);
  return out;
}

std::optional<Translated> HeuristicTranslator::translate(const Expr &e) {
  switch (e.getKind()) {
  case Expr::Kind::IntLit:
    if (std::optional<int64_t> v = toInt64(llvm::cast<IntLitExpr>(e).value))
      return Translated::constantOf(*v, false);
    return refuse(e, "an integer beyond int64");
  case Expr::Kind::BoolLit:
    return Translated::constantOf(llvm::cast<BoolLitExpr>(e).value, true);
  case Expr::Kind::Subscript: {
    std::string name = argument(e);
    if (name.empty()) {
      if (eval.diags.numErrors() == startErrors && !refusedAsDeviceQuery(e))
        return refuse(e, "this subscript");
      return std::nullopt;
    }
    h.reads.push_back(HeuristicRead{name, e.getLoc(), false});
    Translated out;
    out.text = name;
    // An earlier boolean heuristic's constexpr stays boolean.
    for (const Heuristic &o : earlier)
      if (o.name == name && o.boolean)
        out.boolean = true;
    return out;
  }
  case Expr::Kind::Name:
    return translateName(llvm::cast<NameExpr>(e));
  case Expr::Kind::UnaryOp: {
    const auto &u = llvm::cast<UnaryOpExpr>(e);
    if (u.op == UnaryOp::Invert)
      return refuse(e, "'~'");
    auto operand = translate(*u.operand);
    if (!operand)
      return std::nullopt;
    if (u.op == UnaryOp::Pos)
      return operand;
    if (u.op == UnaryOp::Not) {
      if (operand->constant)
        return Translated::constantOf(!*operand->constant, true);
      Translated out;
      out.text = "not " + wrap(*operand, 2);
      out.precedence = 3;
      out.boolean = true;
      out.values = ValueSet::of({0, 1});
      return out;
    }
    if (operand->constant && *operand->constant != INT64_MIN)
      return Translated::constantOf(-*operand->constant, false);
    Translated out;
    out.text = "-" + wrap(*operand, 6);
    out.precedence = 7;
    out.values = arithmetic(BinOp::Sub, ValueSet::of({0}), operand->values);
    return out;
  }
  case Expr::Kind::BinOp: {
    const auto &b = llvm::cast<BinOpExpr>(e);
    if (b.op == BinOp::Div)
      return refuse(e, "'/' (it gives a float; use '//')");
    if (b.op != BinOp::Add && b.op != BinOp::Sub && b.op != BinOp::Mul &&
        b.op != BinOp::FloorDiv && b.op != BinOp::Mod)
      return refuse(e, llvm::Twine("the operator '") + spelling(b.op) + "'");
    auto lhs = translate(*b.lhs);
    if (!lhs)
      return std::nullopt;
    auto rhs = translate(*b.rhs);
    if (!rhs)
      return std::nullopt;
    return binary(e.getLoc(), b.op, *lhs, *rhs);
  }
  case Expr::Kind::Compare:
    return translateCompare(llvm::cast<CompareExpr>(e));
  case Expr::Kind::BoolOp:
    return translateBoolOp(llvm::cast<BoolOpExpr>(e));
  case Expr::Kind::IfExp: {
    // The test first: a test known at compile time (`"N" in args`) leaves
    // the other branch untranslated, as Python leaves it unevaluated.
    const auto &i = llvm::cast<IfExpExpr>(e);
    auto test = translate(*i.test);
    if (!test)
      return std::nullopt;
    if (test->constant)
      return translate(*test->constant ? *i.body : *i.orelse);
    auto body = translate(*i.body);
    if (!body)
      return std::nullopt;
    auto orelse = translate(*i.orelse);
    if (!orelse)
      return std::nullopt;
    return conditional(*body, *test, *orelse);
  }
  case Expr::Kind::Call:
    return translateCall(llvm::cast<CallExpr>(e));
  case Expr::Kind::Attribute: {
    const auto &a = llvm::cast<AttributeExpr>(e);
    if (refusedAsDeviceQuery(e))
      return std::nullopt;
    std::string path = eval.dottedPath(e);
    return refuse(e, "'" + (path.empty() ? "." + a.attr : path) + "'");
  }
  case Expr::Kind::FloatLit:
    return refuse(e, "a float");
  case Expr::Kind::StrLit:
    return refuse(e, "a string");
  case Expr::Kind::NoneLit:
    return refuse(e, "None outside 'is None'");
  default:
    return refuse(e, "this expression");
  }
}

std::optional<Translated>
HeuristicTranslator::translateCompare(const CompareExpr &c) {
  Translated out;
  out.precedence = 4;
  out.boolean = true;
  out.values = ValueSet::of({0, 1});
  for (size_t i = 0; i < c.ops.size(); ++i) {
    CmpOp op = c.ops[i];
    if (op == CmpOp::Is || op == CmpOp::IsNot) {
      std::string name = argument(*c.operands[i]);
      if (c.ops.size() != 1 || !llvm::isa<NoneLitExpr>(*c.operands[i + 1]) ||
          name.empty()) {
        if (eval.diags.numErrors() == startErrors)
          return refuse(c, "'is' other than args[\"NAME\"] is None");
        return std::nullopt;
      }
      h.reads.push_back(HeuristicRead{name, c.operands[i]->getLoc(), true});
      out.text = name + (op == CmpOp::Is ? " is None" : " is not None");
      return out;
    }
    if (op == CmpOp::In || op == CmpOp::NotIn) {
      // `"NAME" in args`: whether the kernel has a parameter NAME, which
      // the source says.
      auto *key = llvm::dyn_cast<StrLitExpr>(c.operands[i].get());
      auto *dict = llvm::dyn_cast<NameExpr>(c.operands[i + 1].get());
      if (c.ops.size() == 1 && key && dict && dict->id == h.argName) {
        bool found = llvm::any_of(
            fn.params, [&](const Param &p) { return p.name == key->value; });
        return Translated::constantOf(found == (op == CmpOp::In), true);
      }
      // What is tested may be the reason (a vendor check, say).
      if (!translate(*c.operands[i]))
        return std::nullopt;
      return refuse(c, llvm::Twine("'") + spelling(op) +
                           "' other than '\"NAME\" in " + h.argName + "'");
    }
  }
  std::vector<Translated> operands;
  for (const ExprPtr &operand : c.operands) {
    auto t = translate(*operand);
    if (!t)
      return std::nullopt;
    operands.push_back(std::move(*t));
  }
  bool known = true, result = true;
  for (size_t i = 0; i < c.ops.size() && known; ++i) {
    if (!operands[i].constant || !operands[i + 1].constant) {
      known = false;
      break;
    }
    int64_t x = *operands[i].constant, y = *operands[i + 1].constant;
    switch (c.ops[i]) {
    case CmpOp::Eq:
      result &= x == y;
      break;
    case CmpOp::NotEq:
      result &= x != y;
      break;
    case CmpOp::Lt:
      result &= x < y;
      break;
    case CmpOp::LtE:
      result &= x <= y;
      break;
    case CmpOp::Gt:
      result &= x > y;
      break;
    case CmpOp::GtE:
      result &= x >= y;
      break;
    default:
      known = false;
    }
  }
  if (known)
    return Translated::constantOf(result, true);
  for (size_t i = 0; i < operands.size(); ++i) {
    if (i)
      out.text += std::string(" ") + spelling(c.ops[i - 1]) + " ";
    out.text += wrap(operands[i], 4);
  }
  return out;
}

std::optional<Translated>
HeuristicTranslator::translateBoolOp(const BoolOpExpr &b) {
  // Operands known at compile time fold as Python evaluates them: one that
  // decides (false for `and`, true for `or`) ends the expression, and the
  // operands after it are not translated; one that does not is dropped,
  // unless it is the last.
  std::vector<Translated> kept;
  for (size_t i = 0; i < b.values.size(); ++i) {
    auto operand = translate(*b.values[i]);
    if (!operand)
      return std::nullopt;
    bool last = i + 1 == b.values.size();
    if (operand->constant && (*operand->constant != 0) != b.isAnd) {
      kept.push_back(std::move(*operand));
      break;
    }
    if (operand->constant && !last)
      continue;
    kept.push_back(std::move(*operand));
  }
  if (kept.size() == 1)
    return kept[0];
  Translated out;
  out.precedence = b.isAnd ? 2 : 1;
  out.boolean = true;
  for (size_t i = 0; i < kept.size(); ++i) {
    out.text +=
        (i ? (b.isAnd ? " and " : " or ") : "") + wrap(kept[i], out.precedence);
    out.boolean &= kept[i].boolean;
    out.values = i ? unite(out.values, kept[i].values) : kept[i].values;
  }
  return out;
}

std::optional<Translated>
HeuristicTranslator::translateCall(const CallExpr &e) {
  if (refusedAsDeviceQuery(*e.callee))
    return std::nullopt;
  std::string callee = eval.dottedPath(*e.callee);
  if (!e.keywords.empty())
    return refuse(e, "a call with keyword arguments");
  size_t minArgs = 1, maxArgs = 1;
  std::string name;
  if (callee == "min" || callee == "max") {
    name = callee;
    minArgs = 2;
    maxArgs = 64;
  } else if (callee == "bool" || callee == "int") {
    name = callee;
  } else if (callee == "triton.next_power_of_2" ||
             callee == "triton.runtime.next_power_of_2") {
    name = "next_power_of_2";
  } else if (callee == "triton.cdiv" || callee == "triton.language.cdiv") {
    name = "cdiv";
    minArgs = maxArgs = 2;
  } else {
    return refuse(
        e, "a call of '" +
               (callee.empty() ? std::string("this function") : callee) + "'");
  }
  if (e.args.size() < minArgs || e.args.size() > maxArgs)
    return refuse(e, "this number of arguments to " + name + "()");
  std::vector<Translated> args;
  for (const ExprPtr &arg : e.args) {
    auto t = translate(*arg);
    if (!t)
      return std::nullopt;
    args.push_back(std::move(*t));
  }
  Translated out;
  if (name == "int") {
    out = args[0];
    out.boolean = false;
    if (out.constant)
      out.text = std::to_string(*out.constant);
    return out;
  }
  if (name == "bool" && args[0].constant)
    return Translated::constantOf(*args[0].constant != 0, true);
  out.text = name + "(";
  for (size_t i = 0; i < args.size(); ++i)
    out.text += (i ? ", " : "") + args[i].text;
  out.text += ")";
  out.boolean = name == "bool";
  if (name == "min" || name == "max") {
    out.values = args[0].values;
    for (const Translated &arg : llvm::drop_begin(args))
      out.values = extremum(name == "min", out.values, arg.values);
  } else if (name == "next_power_of_2") {
    out.values = nextPowerOfTwo(args[0].values);
  } else if (name == "cdiv") {
    out.values = arithmetic(std::nullopt, args[0].values, args[1].values);
  } else {
    out.values = ValueSet::of({0, 1});
  }
  return out;
}

std::optional<Translated>
HeuristicTranslator::translateFunction(const FunctionDef &def) {
  function = &def;
  std::vector<const Stmt *> stmts;
  for (const StmtPtr &s : def.body)
    stmts.push_back(s.get());
  return translateStatements(stmts, def.nameLoc);
}

std::optional<Translated>
HeuristicTranslator::translateStatements(llvm::ArrayRef<const Stmt *> stmts,
                                         Loc from) {
  if (++paths > kMaxPaths) {
    eval.diags.error(function->nameLoc,
                     "heuristic '" + h.name + "': function '" + function->name +
                         "' has more than " + llvm::Twine(kMaxPaths) +
                         " paths through its ifs");
    return std::nullopt;
  }
  int saved = scope;
  auto done = [&](std::optional<Translated> t) {
    scope = saved;
    if (t && t->text.size() > kMaxText) {
      eval.diags.error(function->nameLoc,
                       "heuristic '" + h.name + "': function '" +
                           function->name + "' translates to more than " +
                           llvm::Twine(kMaxText) + " characters");
      return std::optional<Translated>();
    }
    return t;
  };
  for (size_t i = 0; i < stmts.size(); ++i) {
    const Stmt &s = *stmts[i];
    switch (s.getKind()) {
    case Stmt::Kind::Pass:
      continue;
    case Stmt::Kind::Expr: {
      const Expr &value = *llvm::cast<ExprStmt>(s).value;
      if (llvm::isa<StrLitExpr>(value) || llvm::isa<EllipsisLitExpr>(value))
        continue; // A docstring.
      return done(refuseStatement(s, "an expression statement"));
    }
    case Stmt::Kind::Assign: {
      const auto &a = llvm::cast<AssignStmt>(s);
      auto *target = a.targets.size() == 1
                         ? llvm::dyn_cast<NameExpr>(a.targets[0].get())
                         : nullptr;
      if (!target || !a.value)
        return done(refuseStatement(s, "an assignment to something other "
                                       "than one name"));
      bindings.push_back(Binding{target->id, a.value.get(), nullptr, scope});
      scope = bindings.size() - 1;
      continue;
    }
    case Stmt::Kind::AugAssign: {
      const auto &a = llvm::cast<AugAssignStmt>(s);
      auto *target = llvm::dyn_cast<NameExpr>(a.target.get());
      if (!target)
        return done(refuseStatement(s, "an assignment to something other "
                                       "than one name"));
      bindings.push_back(Binding{target->id, nullptr, &a, scope});
      scope = bindings.size() - 1;
      continue;
    }
    case Stmt::Kind::Return: {
      const auto &r = llvm::cast<ReturnStmt>(s);
      if (!r.value)
        return done(refuseStatement(s, "a 'return' without a value (None)"));
      return done(translate(*r.value));
    }
    case Stmt::Kind::If: {
      const auto &branch = llvm::cast<IfStmt>(s);
      std::optional<Translated> test = translate(*branch.test);
      if (!test)
        return done(std::nullopt);
      // Each branch goes on with the statements after the if.
      auto path = [&](const Body &body) {
        std::vector<const Stmt *> out;
        for (const StmtPtr &b : body)
          out.push_back(b.get());
        out.insert(out.end(), stmts.begin() + i + 1, stmts.end());
        return out;
      };
      if (test->constant)
        return done(translateStatements(
            path(*test->constant ? branch.body : branch.orelse), s.getLoc()));
      std::optional<Translated> body =
          translateStatements(path(branch.body), s.getLoc());
      if (!body)
        return done(std::nullopt);
      std::optional<Translated> orelse =
          translateStatements(path(branch.orelse), s.getLoc());
      if (!orelse)
        return done(std::nullopt);
      return done(conditional(*body, *test, *orelse));
    }
    case Stmt::Kind::For:
      return done(refuseStatement(s, "a 'for' loop"));
    case Stmt::Kind::While:
      return done(refuseStatement(s, "a 'while' loop"));
    case Stmt::Kind::Assert:
      return done(refuseStatement(s, "an 'assert'"));
    case Stmt::Kind::FunctionDef:
      return done(refuseStatement(s, "a nested 'def'"));
    case Stmt::Kind::Unsupported:
      return done(
          refuseStatement(s, "a " + llvm::cast<UnsupportedStmt>(s).what));
    case Stmt::Kind::Break:
    case Stmt::Kind::Continue:
      return done(refuseStatement(s, "a 'break' or 'continue'"));
    }
  }
  eval.diags.error(stmts.empty() ? from : stmts.back()->getLoc(),
                   "heuristic '" + h.name + "': function '" + function->name +
                       "' can end without a 'return' here (Python returns "
                       "None); every path must return a value");
  return done(std::nullopt);
}

} // namespace

bool DecoratorReader::translateHeuristic(Heuristic &h) {
  unsigned errorsBefore = diags.numErrors();
  HeuristicTranslator translator(eval, module, fn, h, result.heuristics);
  std::optional<Translated> t = h.function
                                    ? translator.translateFunction(*h.function)
                                    : translator.translate(*h.body);
  if (!t || diags.numErrors() != errorsBefore)
    return false;
  h.expr = t->text;
  h.boolean = t->boolean;
  if (!t->boolean && t->values.finite())
    h.values = t->values.list;
  // Source order (a function's locals are read where they are assigned),
  // each read once.
  std::stable_sort(h.reads.begin(), h.reads.end(),
                   [](const HeuristicRead &a, const HeuristicRead &b) {
                     return a.loc.getPointer() < b.loc.getPointer();
                   });
  h.reads.erase(std::unique(h.reads.begin(), h.reads.end(),
                            [](const HeuristicRead &a, const HeuristicRead &b) {
                              return a.name == b.name && a.loc == b.loc &&
                                     a.noneTest == b.noneTest;
                            }),
                h.reads.end());
  return true;
}

bool DecoratorReader::readJit(const CallExpr &call) {
  bool ok = true;
  for (const Keyword &k : call.keywords) {
    if (k.name == "do_not_specialize")
      ok &= readNames(*k.value, k.name, result.doNotSpecialize, true);
    else if (k.name == "do_not_specialize_on_alignment")
      ok &=
          readNames(*k.value, k.name, result.doNotSpecializeOnAlignment, true);
  }
  return ok;
}

} // namespace

std::optional<KernelDecorators>
tkc::frontend::readDecorators(const Module &module, const FunctionDef &fn,
                              Diagnostics &diags) {
  return DecoratorReader(module, fn, diags).read();
}
