//===- AST.h - Syntax tree of the Triton-language Python subset -*- C++ -*-===//
//
// The parser's output: expressions, statements, @jit function definitions,
// imports and module-level assignments of a kernel file. Nodes own their
// children through unique_ptr and carry the source position (Loc) of their
// first token. Dicts, list comprehensions and lambdas parse into nodes of
// their own for decorator arguments (Decorators.h); other constructs the
// language has but tkc does not lower yet (generator expressions, with, try,
// ...) parse into Unsupported nodes that name the construct. The code
// generator reports either kind at its position in a kernel.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_FRONTEND_AST_H
#define TKC_FRONTEND_AST_H

#include "compiler/Frontend/Diagnostics.h"

#include "llvm/Support/Casting.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tkc::frontend {

/// A Python int as the frontend folds it: 128 bits, so that intermediate
/// values beyond int64 (`-2**63`, `2**64 - 1`) fold as Python computes them.
/// A constant that reaches code must fit in int64 or uint64, as Triton's.
using PyInt = __int128;

/// `v` in decimal.
std::string toString(PyInt v);

/// `v` as an int64_t, if it fits.
std::optional<int64_t> toInt64(PyInt v);

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

/// Base of every expression node.
class Expr {
public:
  enum class Kind {
    Name,
    IntLit,
    FloatLit,
    StrLit,
    BoolLit,
    NoneLit,
    EllipsisLit,
    Attribute,
    Subscript,
    Slice,
    Call,
    BinOp,
    UnaryOp,
    BoolOp,
    Compare,
    IfExp,
    Tuple,
    List,
    Dict,
    ListComp,
    Lambda,
    Named,
    Unsupported,
  };

  Expr(Kind kind, Loc loc) : kind(kind), loc(loc) {}
  virtual ~Expr() = default;

  Kind getKind() const { return kind; }
  /// Position of the expression's first token.
  Loc getLoc() const { return loc; }

private:
  Kind kind;
  Loc loc;
};

using ExprPtr = std::unique_ptr<Expr>;

/// `name`
struct NameExpr : Expr {
  NameExpr(Loc loc, std::string id)
      : Expr(Kind::Name, loc), id(std::move(id)) {}
  std::string id;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Name; }
};

/// An integer literal (decimal, 0x, 0o, 0b; underscores allowed). Values
/// beyond int64 are a lexer error.
struct IntLitExpr : Expr {
  IntLitExpr(Loc loc, PyInt value) : Expr(Kind::IntLit, loc), value(value) {}
  PyInt value;
  static bool classof(const Expr *e) { return e->getKind() == Kind::IntLit; }
};

/// A float literal: `1.0`, `1e-5`, `.5`, `3.`.
struct FloatLitExpr : Expr {
  FloatLitExpr(Loc loc, double value)
      : Expr(Kind::FloatLit, loc), value(value) {}
  double value;
  static bool classof(const Expr *e) { return e->getKind() == Kind::FloatLit; }
};

/// A string literal, after escape processing; adjacent literals are
/// concatenated by the parser.
struct StrLitExpr : Expr {
  StrLitExpr(Loc loc, std::string value)
      : Expr(Kind::StrLit, loc), value(std::move(value)) {}
  std::string value;
  static bool classof(const Expr *e) { return e->getKind() == Kind::StrLit; }
};

/// `True` / `False`
struct BoolLitExpr : Expr {
  BoolLitExpr(Loc loc, bool value) : Expr(Kind::BoolLit, loc), value(value) {}
  bool value;
  static bool classof(const Expr *e) { return e->getKind() == Kind::BoolLit; }
};

/// `None`
struct NoneLitExpr : Expr {
  explicit NoneLitExpr(Loc loc) : Expr(Kind::NoneLit, loc) {}
  static bool classof(const Expr *e) { return e->getKind() == Kind::NoneLit; }
};

/// `...`
struct EllipsisLitExpr : Expr {
  explicit EllipsisLitExpr(Loc loc) : Expr(Kind::EllipsisLit, loc) {}
  static bool classof(const Expr *e) {
    return e->getKind() == Kind::EllipsisLit;
  }
};

/// `base.attr`
struct AttributeExpr : Expr {
  AttributeExpr(Loc loc, ExprPtr base, std::string attr, Loc attrLoc)
      : Expr(Kind::Attribute, loc), base(std::move(base)),
        attr(std::move(attr)), attrLoc(attrLoc) {}
  ExprPtr base;
  std::string attr;
  /// Position of the attribute name after the dot.
  Loc attrLoc;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Attribute; }
};

/// `lower:upper:step`, each part optional (null when absent). Appears only
/// as an index of a SubscriptExpr.
struct SliceExpr : Expr {
  SliceExpr(Loc loc, ExprPtr lower, ExprPtr upper, ExprPtr step)
      : Expr(Kind::Slice, loc), lower(std::move(lower)),
        upper(std::move(upper)), step(std::move(step)) {}
  ExprPtr lower, upper, step;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Slice; }
};

/// `base[i0, i1, ...]`. `x[:, None]` has indices [Slice, NoneLit]; `x[0]`
/// has one index. A parenthesized tuple index `x[(a, b)]` is one TupleExpr.
struct SubscriptExpr : Expr {
  SubscriptExpr(Loc loc, ExprPtr base, std::vector<ExprPtr> indices)
      : Expr(Kind::Subscript, loc), base(std::move(base)),
        indices(std::move(indices)) {}
  ExprPtr base;
  std::vector<ExprPtr> indices;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Subscript; }
};

/// `name=value` in a call.
struct Keyword {
  Loc loc;
  std::string name;
  ExprPtr value;
};

/// `callee(args..., name=value...)`. Positional arguments must precede
/// keywords; `*args`/`**kwargs` parse to Unsupported expressions.
struct CallExpr : Expr {
  CallExpr(Loc loc, ExprPtr callee, std::vector<ExprPtr> args,
           std::vector<Keyword> keywords)
      : Expr(Kind::Call, loc), callee(std::move(callee)), args(std::move(args)),
        keywords(std::move(keywords)) {}
  ExprPtr callee;
  std::vector<ExprPtr> args;
  std::vector<Keyword> keywords;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Call; }
};

/// Binary arithmetic and bitwise operators.
enum class BinOp {
  Add,      // +
  Sub,      // -
  Mul,      // *
  Div,      // /
  FloorDiv, // //
  Mod,      // %
  Pow,      // **
  LShift,   // <<
  RShift,   // >>
  BitAnd,   // &
  BitOr,    // |
  BitXor,   // ^
  MatMul,   // @
};

/// The operator's spelling, e.g. "//".
const char *spelling(BinOp op);

/// `lhs op rhs`
struct BinOpExpr : Expr {
  BinOpExpr(Loc loc, BinOp op, ExprPtr lhs, ExprPtr rhs)
      : Expr(Kind::BinOp, loc), op(op), lhs(std::move(lhs)),
        rhs(std::move(rhs)) {}
  BinOp op;
  ExprPtr lhs, rhs;
  static bool classof(const Expr *e) { return e->getKind() == Kind::BinOp; }
};

/// Unary operators.
enum class UnaryOp {
  Neg,    // -x
  Pos,    // +x
  Invert, // ~x
  Not,    // not x
};

/// The operator's spelling, e.g. "not".
const char *spelling(UnaryOp op);

/// `op operand`
struct UnaryOpExpr : Expr {
  UnaryOpExpr(Loc loc, UnaryOp op, ExprPtr operand)
      : Expr(Kind::UnaryOp, loc), op(op), operand(std::move(operand)) {}
  UnaryOp op;
  ExprPtr operand;
  static bool classof(const Expr *e) { return e->getKind() == Kind::UnaryOp; }
};

/// `a and b and c` / `a or b`: two or more values, one operator.
struct BoolOpExpr : Expr {
  BoolOpExpr(Loc loc, bool isAnd, std::vector<ExprPtr> values)
      : Expr(Kind::BoolOp, loc), isAnd(isAnd), values(std::move(values)) {}
  bool isAnd;
  std::vector<ExprPtr> values;
  static bool classof(const Expr *e) { return e->getKind() == Kind::BoolOp; }
};

/// Comparison operators.
enum class CmpOp { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };

/// The operator's spelling, e.g. "is not".
const char *spelling(CmpOp op);

/// `a < b` or a chain `a < b <= c`: operands.size() == ops.size() + 1.
struct CompareExpr : Expr {
  CompareExpr(Loc loc, std::vector<CmpOp> ops, std::vector<ExprPtr> operands)
      : Expr(Kind::Compare, loc), ops(std::move(ops)),
        operands(std::move(operands)) {}
  std::vector<CmpOp> ops;
  std::vector<ExprPtr> operands;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Compare; }
};

/// `body if test else orelse`
struct IfExpExpr : Expr {
  IfExpExpr(Loc loc, ExprPtr test, ExprPtr body, ExprPtr orelse)
      : Expr(Kind::IfExp, loc), test(std::move(test)), body(std::move(body)),
        orelse(std::move(orelse)) {}
  ExprPtr test, body, orelse;
  static bool classof(const Expr *e) { return e->getKind() == Kind::IfExp; }
};

/// `(a, b)`, `a, b` and `()`
struct TupleExpr : Expr {
  TupleExpr(Loc loc, std::vector<ExprPtr> elts)
      : Expr(Kind::Tuple, loc), elts(std::move(elts)) {}
  std::vector<ExprPtr> elts;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Tuple; }
};

/// `[a, b]`
struct ListExpr : Expr {
  ListExpr(Loc loc, std::vector<ExprPtr> elts)
      : Expr(Kind::List, loc), elts(std::move(elts)) {}
  std::vector<ExprPtr> elts;
  static bool classof(const Expr *e) { return e->getKind() == Kind::List; }
};

/// `{k1: v1, k2: v2}`: a dict display without `**` unpacking. Host code
/// only (decorator arguments such as `triton.Config({...})`); the code
/// generator rejects it in kernels.
struct DictExpr : Expr {
  DictExpr(Loc loc, std::vector<ExprPtr> keys, std::vector<ExprPtr> values)
      : Expr(Kind::Dict, loc), keys(std::move(keys)),
        values(std::move(values)) {}
  /// Parallel to `values`.
  std::vector<ExprPtr> keys;
  std::vector<ExprPtr> values;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Dict; }
};

/// One `for target in iter if cond...` clause of a comprehension.
struct Comprehension {
  ExprPtr target; ///< A name, or a tuple of targets.
  ExprPtr iter;
  std::vector<ExprPtr> ifs;
};

/// `[elt for t in it if c for u in it2]`: a list comprehension over
/// compile-time iterables, unrolled into a tuple.
struct ListCompExpr : Expr {
  ListCompExpr(Loc loc, ExprPtr elt, std::vector<Comprehension> generators)
      : Expr(Kind::ListComp, loc), elt(std::move(elt)),
        generators(std::move(generators)) {}
  ExprPtr elt;
  /// The clauses in source order (the first is the outermost loop).
  std::vector<Comprehension> generators;
  static bool classof(const Expr *e) { return e->getKind() == Kind::ListComp; }
};

/// `lambda a, b: body`. Only the parameter names are kept (defaults and
/// `*args` are dropped). Host code only (`@triton.heuristics` values); the
/// code generator rejects it in kernels.
struct LambdaExpr : Expr {
  LambdaExpr(Loc loc, std::vector<std::string> params, ExprPtr body)
      : Expr(Kind::Lambda, loc), params(std::move(params)),
        body(std::move(body)) {}
  std::vector<std::string> params;
  ExprPtr body;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Lambda; }
};

/// `(name := value)`, an assignment expression. Host code only (a helper
/// that imports a module while testing for it); Triton's JIT takes none in
/// kernels, and neither does the code generator.
struct NamedExpr : Expr {
  NamedExpr(Loc loc, ExprPtr target, ExprPtr value)
      : Expr(Kind::Named, loc), target(std::move(target)),
        value(std::move(value)) {}
  /// A NameExpr.
  ExprPtr target;
  ExprPtr value;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Named; }
};

/// A construct that parses but that tkc does not lower, e.g. "generator
/// expression", "dict comprehension", "f-string", "starred argument".
struct UnsupportedExpr : Expr {
  UnsupportedExpr(Loc loc, std::string what, bool tkcLimit = false)
      : Expr(Kind::Unsupported, loc), what(std::move(what)),
        tkcLimit(tkcLimit) {}
  std::string what;
  /// Valid in Triton kernels, but beyond what tkc takes yet.
  bool tkcLimit;
  static bool classof(const Expr *e) {
    return e->getKind() == Kind::Unsupported;
  }
};

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

/// Base of every statement node.
class Stmt {
public:
  enum class Kind {
    Expr,
    Assign,
    AugAssign,
    If,
    For,
    While,
    Return,
    Pass,
    Break,
    Continue,
    Assert,
    FunctionDef,
    Unsupported,
  };

  Stmt(Kind kind, Loc loc) : kind(kind), loc(loc) {}
  virtual ~Stmt() = default;

  Kind getKind() const { return kind; }
  /// Position of the statement's first token.
  Loc getLoc() const { return loc; }

private:
  Kind kind;
  Loc loc;
};

using StmtPtr = std::unique_ptr<Stmt>;
/// A suite of statements (a function or block body).
using Body = std::vector<StmtPtr>;

/// An expression used as a statement (calls, docstrings).
struct ExprStmt : Stmt {
  ExprStmt(Loc loc, ExprPtr value)
      : Stmt(Kind::Expr, loc), value(std::move(value)) {}
  ExprPtr value;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Expr; }
};

/// `t1 = t2 = value`, `a, b = value`, `x: ann = value` (one target, with
/// annotation). A bare annotation `x: ann` has a null value.
struct AssignStmt : Stmt {
  AssignStmt(Loc loc, std::vector<ExprPtr> targets, ExprPtr value,
             ExprPtr annotation)
      : Stmt(Kind::Assign, loc), targets(std::move(targets)),
        value(std::move(value)), annotation(std::move(annotation)) {}
  /// One or more targets (Name, Tuple/List of targets, Attribute, Subscript).
  std::vector<ExprPtr> targets;
  ExprPtr value;
  ExprPtr annotation;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Assign; }
};

/// `target op= value`
struct AugAssignStmt : Stmt {
  AugAssignStmt(Loc loc, ExprPtr target, BinOp op, ExprPtr value)
      : Stmt(Kind::AugAssign, loc), target(std::move(target)), op(op),
        value(std::move(value)) {}
  ExprPtr target;
  BinOp op;
  ExprPtr value;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::AugAssign; }
};

/// `if test: body else: orelse`; `elif` is an IfStmt alone in orelse.
struct IfStmt : Stmt {
  IfStmt(Loc loc, ExprPtr test, Body body, Body orelse)
      : Stmt(Kind::If, loc), test(std::move(test)), body(std::move(body)),
        orelse(std::move(orelse)) {}
  ExprPtr test;
  Body body, orelse;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::If; }
};

/// `for target in iter: body [else: orelse]`
struct ForStmt : Stmt {
  ForStmt(Loc loc, ExprPtr target, ExprPtr iter, Body body, Body orelse)
      : Stmt(Kind::For, loc), target(std::move(target)), iter(std::move(iter)),
        body(std::move(body)), orelse(std::move(orelse)) {}
  ExprPtr target, iter;
  Body body, orelse;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::For; }
};

/// `while test: body [else: orelse]`
struct WhileStmt : Stmt {
  WhileStmt(Loc loc, ExprPtr test, Body body, Body orelse)
      : Stmt(Kind::While, loc), test(std::move(test)), body(std::move(body)),
        orelse(std::move(orelse)) {}
  ExprPtr test;
  Body body, orelse;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::While; }
};

/// `return [value]`; `return a, b` has a TupleExpr value.
struct ReturnStmt : Stmt {
  ReturnStmt(Loc loc, ExprPtr value)
      : Stmt(Kind::Return, loc), value(std::move(value)) {}
  ExprPtr value; ///< Null for a bare `return`.
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Return; }
};

/// `pass`
struct PassStmt : Stmt {
  explicit PassStmt(Loc loc) : Stmt(Kind::Pass, loc) {}
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Pass; }
};

/// `break`
struct BreakStmt : Stmt {
  explicit BreakStmt(Loc loc) : Stmt(Kind::Break, loc) {}
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Break; }
};

/// `continue`
struct ContinueStmt : Stmt {
  explicit ContinueStmt(Loc loc) : Stmt(Kind::Continue, loc) {}
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Continue; }
};

/// `assert test[, msg]`
struct AssertStmt : Stmt {
  AssertStmt(Loc loc, ExprPtr test, ExprPtr msg)
      : Stmt(Kind::Assert, loc), test(std::move(test)), msg(std::move(msg)) {}
  ExprPtr test;
  ExprPtr msg; ///< Null when absent.
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Assert; }
};

/// A parameter of a function definition.
struct Param {
  Loc loc;
  std::string name;
  ExprPtr annotation;   ///< Null when absent, e.g. `tl.constexpr`.
  ExprPtr defaultValue; ///< Null when absent.
};

/// `@decorators... def name(params): body`. Top-level definitions are kept
/// in Module::functions; a `def` nested in a function body is a statement
/// that the code generator rejects.
struct FunctionDef : Stmt {
  FunctionDef(Loc loc) : Stmt(Kind::FunctionDef, loc) {}
  std::string name;
  Loc nameLoc;
  std::vector<Param> params;
  /// Decorator expressions in source order, e.g. `triton.jit`,
  /// `triton.autotune(configs=[...], key=[...])`.
  std::vector<ExprPtr> decorators;
  /// The return annotation (`-> T`), or null.
  ExprPtr returns;
  Body body;
  /// True if a decorator is a jit decorator (see isJitDecorator()).
  bool isJit = false;
  static bool classof(const Stmt *s) {
    return s->getKind() == Kind::FunctionDef;
  }
};

/// A statement that parses but that tkc does not lower, e.g. "with
/// statement", "try statement", "raise statement", "del statement",
/// "global statement", "class definition", "import inside a function".
struct UnsupportedStmt : Stmt {
  UnsupportedStmt(Loc loc, std::string what)
      : Stmt(Kind::Unsupported, loc), what(std::move(what)) {}
  std::string what;
  static bool classof(const Stmt *s) {
    return s->getKind() == Kind::Unsupported;
  }
};

//===----------------------------------------------------------------------===//
// Module
//===----------------------------------------------------------------------===//

/// One name bound by an import statement.
/// - `import triton` binds `triton` to "triton";
/// - `import triton.language as tl` binds `tl` to "triton.language";
/// - `import triton.language` binds `triton` to "triton";
/// - `from triton import language as tl` binds `tl` to "triton.language";
/// - `from triton.language import math` binds `math` to
///   "triton.language.math".
/// Relative imports (`from . import x`) bind to ".x" style paths.
struct ImportBinding {
  Loc loc;
  std::string name;   ///< The name bound in the module.
  std::string target; ///< The dotted path it refers to.
};

/// A module-level `NAME = value` or `NAME: ann = value`. Evaluated lazily,
/// only if a kernel uses NAME.
struct GlobalAssign {
  Loc loc;
  std::string name;
  ExprPtr annotation; ///< Null when absent.
  /// Null when the right-hand side could not be parsed (host code such as
  /// a lambda); using such a name in a kernel is an error.
  ExprPtr value;
};

/// A module-level name bound to a function by a decorator applied as a
/// call under another name (`fast_kernel = triton.jit(_kernel)`).
struct FunctionAlias {
  Loc loc;
  std::string name;     ///< The name bound.
  std::string function; ///< The name of the `def` it binds.
};

/// A parsed kernel file.
struct Module {
  /// The file it was parsed from, as named (its SourceMgr buffer's name).
  std::string path;
  /// Every top-level function definition that parsed (jit or not). Host
  /// functions that failed to parse are skipped silently.
  std::vector<std::unique_ptr<FunctionDef>> functions;
  std::vector<ImportBinding> imports;
  /// `from M import *`, in source order: `name` is "*", `target` M (relative
  /// ones with their leading dots). Searched for names the module does not
  /// bind itself.
  std::vector<ImportBinding> starImports;
  /// Module-level assignments, in source order (a later one wins).
  std::vector<GlobalAssign> globals;
  /// Names bound to functions by decorators applied as calls, in source
  /// order (see FunctionAlias).
  std::vector<FunctionAlias> aliases;

  /// Returns the top-level function named `name`, or the function an alias
  /// of that name binds, or null.
  const FunctionDef *findFunction(llvm::StringRef name) const;
};

/// True for the decorators that mark a Triton kernel or helper: a name or
/// attribute ending in `jit` (`triton.jit`, `jit`), or a call of one
/// (`triton.jit(debug=True)`); also `core.extern`, whose functions wrap
/// tl.extern_elementwise and are inlined the same way.
bool isJitDecorator(const Expr &decorator);

/// The Triton module that an import of `target` from a module tkc cannot
/// see is taken to be, from the imported name alone, as kernel libraries
/// re-export Triton's modules under their usual names: `...triton` gives
/// "triton", `...tl` or `...language` "triton.language", `...libdevice` or
/// `...tldevice` "triton.language.extra.libdevice" (so
/// `from vllm.triton_utils import tl` gives triton.language). Empty for any
/// other name, and for targets inside triton itself.
std::string reexportedTritonModule(llvm::StringRef target);

} // namespace tkc::frontend

#endif // TKC_FRONTEND_AST_H
