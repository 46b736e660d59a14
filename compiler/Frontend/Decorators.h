//===- Decorators.h - Tuning decorators read from source --------*- C++ -*-===//
//
// Reads the decorators that tune a kernel, `@triton.autotune(...)`,
// `@triton.heuristics({...})` and `@triton.jit(do_not_specialize=...)`,
// from its parsed source without running Python. Their arguments are
// evaluated by a small interpreter of the constant subset of Python that
// kernel libraries write there: literals, lists, tuples, dicts, list
// comprehensions over them and `range(...)`, arithmetic, comparisons,
// module-level names bound to such values and `triton.Config(...)`.
// Anything that needs Python's run-time state (a call of a user function,
// `torch.cuda...`, `os.environ`) is an error at its source position that
// says what is supported. Heuristics are translated to the expressions a
// manifest carries (docs/manifest.md, "heuristics"), which the generated C
// evaluates per call; a heuristic function's if/elif/else chains become
// conditional expressions. A heuristic outside that language (a call of an
// unknown function, `args["x"].dtype`, floats, a vendor or device check) is
// an error at its position naming the heuristic.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_FRONTEND_DECORATORS_H
#define TKC_FRONTEND_DECORATORS_H

#include "compiler/Frontend/AST.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tkc::frontend {

/// A constexpr value a config gives: what `triton.Config({...})` may hold.
struct ConfigValue {
  enum class Kind { Int, Bool, Float, Str, None };
  Kind kind = Kind::Int;
  int64_t intValue = 0; ///< Int, and Bool (0 or 1).
  double floatValue = 0;
  std::string strValue;

  /// The value as Python source text: `64`, `True`, `'abc'`, `None`.
  std::string pythonText() const;
  bool operator==(const ConfigValue &other) const;
};

/// One `triton.Config(...)`, after evaluation.
struct AutotuneConfig {
  /// Position of the `triton.Config` call that made it.
  Loc loc;
  /// The constexprs it sets, in the order its dict gives them.
  std::vector<std::pair<std::string, ConfigValue>> constexprs;
  /// Triton's defaults.
  int64_t numWarps = 4;
  int64_t numStages = 3;
  int64_t numCtas = 1;
  /// Null when not given (`maxnreg=None`).
  std::optional<int64_t> maxnreg;

  /// True if `other` sets the same constexprs and launch options.
  bool sameAs(const AutotuneConfig &other) const;
};

/// A parameter name given in a decorator (`key=["N"]`), with its position.
struct NamedParam {
  std::string name;
  Loc loc;
};

/// `@triton.autotune(...)`, after evaluation.
struct AutotuneDecorator {
  /// Position of the decorator expression.
  Loc loc;
  std::vector<AutotuneConfig> configs;
  std::vector<NamedParam> key;
  std::vector<NamedParam> restoreValue;
  std::vector<NamedParam> resetToZero;
};

/// A parameter a heuristic reads (`args["K"]`).
struct HeuristicRead {
  std::string name;
  /// Position of the subscript.
  Loc loc;
  /// True when read as `args["p"] is None` (or `is not None`).
  bool noneTest = false;
};

/// One entry of `@triton.heuristics({"NAME": lambda args: ...})`.
struct Heuristic {
  std::string name;
  /// Position of the entry's key.
  Loc loc;
  /// The lambda, owned by the Module the decorators were read from; null
  /// when the heuristic is a module-level function (`"B": block_for`).
  const LambdaExpr *lambda = nullptr;
  /// The name of its one argument (`args`).
  std::string argName;
  /// The lambda's body; null for a function.
  const Expr *body = nullptr;
  /// The module-level `def f(args):` it names, owned by the Module; null for
  /// a lambda. Its statements (assignments to names, if/elif/else, returns)
  /// are translated into one conditional expression.
  const FunctionDef *function = nullptr;
  /// The heuristic in the Python syntax of a manifest's heuristic
  /// (docs/manifest.md): `args["K"] % args["BLOCK_K"] == 0` becomes
  /// `K % BLOCK_K == 0`, `triton.next_power_of_2(x)` becomes
  /// `next_power_of_2(x)`, module-level constants their values, `"N" in
  /// args` True or False (what is known when compiling folds away), and a
  /// function's `if c: return a` / `return b` becomes `a if c else b`.
  std::string expr;
  /// True if its value is always a boolean (a comparison, `not`, ...).
  bool boolean = false;
  /// The values it can take when the expression alone says: the literals
  /// of a conditional expression, and what min/max with constants leave of
  /// next_power_of_2 (an argument not bounded below taken as positive);
  /// empty otherwise, and for booleans.
  std::vector<int64_t> values;
  /// The parameters it reads, in source order.
  std::vector<HeuristicRead> reads;
};

/// What a kernel's decorators say, in tkc's terms.
struct KernelDecorators {
  std::optional<AutotuneDecorator> autotune;
  /// In source order (Triton applies the innermost decorator first; each
  /// heuristic may read the values of those applied before it).
  std::vector<Heuristic> heuristics;
  /// `@triton.jit(do_not_specialize=[...])`: parameters never specialized
  /// on (indices are turned into names).
  std::vector<NamedParam> doNotSpecialize;
  /// `@triton.jit(do_not_specialize_on_alignment=[...])`.
  std::vector<NamedParam> doNotSpecializeOnAlignment;
};

/// Reads the decorators of `fn`, a function of `module`. Errors, warnings
/// (`prune_configs_by`: every config is kept) and notes (ignored options)
/// go to `diags` at their source positions. Returns null if any error was
/// reported.
std::optional<KernelDecorators>
readDecorators(const Module &module, const FunctionDef &fn, Diagnostics &diags);

} // namespace tkc::frontend

#endif // TKC_FRONTEND_DECORATORS_H
