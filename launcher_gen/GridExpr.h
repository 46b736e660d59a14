//===- GridExpr.h - The launch grid's expression language -------*- C++ -*-===//
//
// `--grid "E0, E1, E2"`: one to three integer expressions over the kernel's
// parameters and constexprs, with integer literals, + - * / %, unary minus,
// parentheses and cdiv(a, b) (also spelled triton.cdiv / tl.cdiv). This file
// parses them into a small tree; the launcher emitter resolves the names and
// prints each tree as checked C arithmetic.
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

/// A node of a grid expression.
struct GridExpr {
  enum class Kind { Integer, Name, Add, Sub, Mul, Div, Mod, Neg, Cdiv };
  Kind kind;
  /// Integer: its value.
  int64_t value = 0;
  /// Name: the identifier.
  std::string name;
  /// 1-based column in the grid text, for messages.
  unsigned column = 0;
  /// Operands (lhs only for Neg).
  std::unique_ptr<GridExpr> lhs, rhs;
};

/// The three dimensions of a grid; missing ones are the literal 1.
using Grid = std::array<std::unique_ptr<GridExpr>, 3>;

/// Parses `text`. Errors read "column N: message".
llvm::Expected<Grid> parseGrid(llvm::StringRef text);

/// Prints `expr` back in normalized form ("cdiv(n, BLOCK) * 2").
std::string printGridExpr(const GridExpr &expr);

/// Calls `visit` on every Name node of `expr`.
void forEachGridName(const GridExpr &expr,
                     llvm::function_ref<void(const GridExpr &)> visit);

/// Prints `expr` as a C99 expression of type int64_t using the runtime's
/// checked helpers (tkc_grid_add(&STATUS, a, b), ...). `operand` gives the C
/// text of each Name node; `status` is the tkc_status variable's name.
std::string emitGridC(const GridExpr &expr,
                      llvm::function_ref<std::string(const GridExpr &)> operand,
                      llvm::StringRef status);

} // namespace tkc::launcher

#endif // TKC_LAUNCHER_GEN_GRIDEXPR_H
