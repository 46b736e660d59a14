//===- GridExpr.h - The launcher's integer expression language --*- C++ -*-===//
//
// The expressions a launcher evaluates per call, in one tree, one printer and
// one C emitter, read in two syntaxes:
// - the grid's (`--grid "E0, E1, E2"`, the manifest's `grid` and `restore`
//   sizes): one to three integer expressions over the kernel's parameters and
//   constexprs, with integer literals, + - * / %, unary minus, parentheses and
//   cdiv(a, b) (also spelled triton.cdiv / tl.cdiv); / and % truncate as in C;
// - Python's, for the manifest's `heuristics`: the same, plus // and % that
//   floor as in Python, comparisons (chained too), `is None` / `is not None`
//   on pointer parameters, `and`, `or`, `not`, `x if c else y`, True, False,
//   min, max, next_power_of_2 and bool/int conversions (`/` is refused: it
//   gives a float in Python).
// Values are 64-bit integers (booleans are 0 and 1); the emitted C calls the
// runtime's checked tkc_grid_* helpers, so overflow and division by zero are
// errors, never undefined behaviour.
//
//===----------------------------------------------------------------------===//
#ifndef TKC_LAUNCHER_GEN_GRIDEXPR_H
#define TKC_LAUNCHER_GEN_GRIDEXPR_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>

namespace tkc::launcher {

/// A node of a launcher expression.
struct GridExpr {
  enum class Kind {
    Integer,  ///< A literal (also True / False, see `boolean`).
    Name,     ///< A parameter or constexpr.
    Add,      ///< a + b
    Sub,      ///< a - b
    Mul,      ///< a * b
    Div,      ///< a / b, truncating (grid syntax)
    Mod,      ///< a % b, C's remainder (grid syntax)
    FloorDiv, ///< a // b, flooring (Python syntax)
    FloorMod, ///< a % b, Python's (Python syntax)
    Neg,      ///< -a
    Cdiv,     ///< cdiv(a, b)
    Min,      ///< min(a, b)
    Max,      ///< max(a, b)
    NextPow2, ///< next_power_of_2(a)
    Eq,       ///< a == b (0 or 1), and likewise Ne ... Ge
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    IsNone, ///< a is None, for a pointer parameter `a` (lhs, a Name)
    Not,    ///< not a
    And,    ///< a and b (Python's: a if a is false, else b)
    Or,     ///< a or b (Python's: a if a is true, else b)
    ToBool, ///< bool(a)
    IfElse, ///< lhs if cond else rhs
  };
  Kind kind;
  /// Integer: its value.
  int64_t value = 0;
  /// Integer: written True or False.
  bool boolean = false;
  /// Name: the identifier.
  std::string name;
  /// 1-based column in the expression's text, for messages.
  unsigned column = 0;
  /// Operands (lhs only for the unary kinds; IfElse: lhs if cond else rhs).
  std::unique_ptr<GridExpr> lhs, rhs, cond;
};

/// The three dimensions of a grid; missing ones are the literal 1.
using Grid = std::array<std::unique_ptr<GridExpr>, 3>;

/// Parses `text` in the grid's syntax. Errors read "column N: message".
llvm::Expected<Grid> parseGrid(llvm::StringRef text);

/// Parses one expression in Python's syntax (a heuristic). Errors read
/// "column N: message".
llvm::Expected<std::unique_ptr<GridExpr>>
parseHeuristicExpr(llvm::StringRef text);

/// Prints `expr` back in normalized form ("cdiv(n, BLOCK) * 2").
std::string printGridExpr(const GridExpr &expr);

/// Calls `visit` on every Name node of `expr`.
void forEachGridName(const GridExpr &expr,
                     llvm::function_ref<void(const GridExpr &)> visit);

/// True if `expr` always gives a boolean (0 or 1): a comparison, `not`,
/// `is None`, bool(), True/False, or and/or/if-else of such.
bool isBooleanExpr(const GridExpr &expr);

/// Prints `expr` as a C99 expression of type int64_t using the runtime's
/// checked helpers (tkc_grid_add(&STATUS, a, b), ...). `operand` gives the C
/// text of each Name node (an int64_t, or for the operand of IsNone, a
/// pointer); `status` is the tkc_status variable's name.
std::string emitGridC(const GridExpr &expr,
                      llvm::function_ref<std::string(const GridExpr &)> operand,
                      llvm::StringRef status);

} // namespace tkc::launcher

#endif // TKC_LAUNCHER_GEN_GRIDEXPR_H
