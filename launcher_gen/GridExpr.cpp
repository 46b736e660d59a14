//===- GridExpr.cpp - The launch grid's expression language ---------------===//
//
// A recursive-descent parser for grid expressions (precedence: unary minus
// binds tightest, then * / %, then + -; all left-associative), the printer
// back to text, and the emitter to C that calls the runtime's overflow-checked
// tkc_grid_* helpers.
//
//===----------------------------------------------------------------------===//
#include "launcher_gen/GridExpr.h"

#include "llvm/ADT/StringExtras.h"

using namespace tkc::launcher;
using llvm::StringRef;

namespace {

/// Parses one grid string; `pos` is the index of the next character.
class GridParser {
public:
  explicit GridParser(StringRef text) : text(text) {}

  llvm::Expected<Grid> parse() {
    Grid grid;
    size_t count = 0;
    while (true) {
      auto expr = parseSum();
      if (!expr)
        return expr.takeError();
      grid[count++] = std::move(*expr);
      skipSpace();
      if (pos == text.size())
        break;
      if (text[pos] != ',')
        return fail(std::string("unexpected '") + text[pos] + "'");
      if (count == 3)
        return fail("a grid has at most 3 dimensions");
      ++pos;
    }
    for (; count < 3; ++count) {
      grid[count] = std::make_unique<GridExpr>();
      grid[count]->kind = GridExpr::Kind::Integer;
      grid[count]->value = 1;
    }
    return grid;
  }

private:
  using ExprOrError = llvm::Expected<std::unique_ptr<GridExpr>>;

  llvm::Error fail(const llvm::Twine &message) const {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "column " + llvm::Twine(pos + 1) + ": " +
                                       message);
  }

  void skipSpace() {
    while (pos < text.size() && llvm::isSpace(text[pos]))
      ++pos;
  }

  /// Consumes `c` (after blanks) if it is next.
  bool consume(char c) {
    skipSpace();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }

  std::unique_ptr<GridExpr> node(GridExpr::Kind kind, unsigned column) {
    auto expr = std::make_unique<GridExpr>();
    expr->kind = kind;
    expr->column = column;
    return expr;
  }

  /// sum := product (('+' | '-') product)*
  ExprOrError parseSum() {
    auto lhs = parseProduct();
    if (!lhs)
      return lhs;
    while (true) {
      skipSpace();
      unsigned column = pos + 1;
      GridExpr::Kind kind;
      if (consume('+'))
        kind = GridExpr::Kind::Add;
      else if (consume('-'))
        kind = GridExpr::Kind::Sub;
      else
        return lhs;
      auto rhs = parseProduct();
      if (!rhs)
        return rhs;
      auto expr = node(kind, column);
      expr->lhs = std::move(*lhs);
      expr->rhs = std::move(*rhs);
      *lhs = std::move(expr);
    }
  }

  /// product := unary (('*' | '/' | '%') unary)*
  ExprOrError parseProduct() {
    auto lhs = parseUnary();
    if (!lhs)
      return lhs;
    while (true) {
      skipSpace();
      unsigned column = pos + 1;
      GridExpr::Kind kind;
      if (pos + 1 < text.size() && text[pos] == '/' && text[pos + 1] == '/')
        return fail("'//' is not an operator here; '/' divides (truncating "
                    "as in C)");
      if (consume('*'))
        kind = GridExpr::Kind::Mul;
      else if (consume('/'))
        kind = GridExpr::Kind::Div;
      else if (consume('%'))
        kind = GridExpr::Kind::Mod;
      else
        return lhs;
      auto rhs = parseUnary();
      if (!rhs)
        return rhs;
      auto expr = node(kind, column);
      expr->lhs = std::move(*lhs);
      expr->rhs = std::move(*rhs);
      *lhs = std::move(expr);
    }
  }

  /// unary := ('-' | '+') unary | primary
  ExprOrError parseUnary() {
    skipSpace();
    unsigned column = pos + 1;
    if (consume('+'))
      return parseUnary();
    if (consume('-')) {
      auto operand = parseUnary();
      if (!operand)
        return operand;
      auto expr = node(GridExpr::Kind::Neg, column);
      expr->lhs = std::move(*operand);
      return expr;
    }
    return parsePrimary();
  }

  /// primary := INTEGER | NAME | cdiv '(' sum ',' sum ')' | '(' sum ')'
  ExprOrError parsePrimary() {
    skipSpace();
    unsigned column = pos + 1;
    if (pos == text.size())
      return fail("expected an expression");
    if (consume('(')) {
      auto inner = parseSum();
      if (!inner)
        return inner;
      if (!consume(')'))
        return fail("expected ')'");
      return inner;
    }
    char c = text[pos];
    if (llvm::isDigit(c)) {
      size_t start = pos;
      while (pos < text.size() && llvm::isAlnum(text[pos]))
        ++pos;
      StringRef digits = text.slice(start, pos);
      auto expr = node(GridExpr::Kind::Integer, column);
      unsigned long long value;
      if (!llvm::all_of(digits, llvm::isDigit) ||
          digits.getAsInteger(10, value) ||
          value > static_cast<unsigned long long>(INT64_MAX)) {
        pos = start;
        return fail("'" + digits +
                    "' is not a decimal integer that fits "
                    "64 bits");
      }
      expr->value = static_cast<int64_t>(value);
      return expr;
    }
    if (llvm::isAlpha(c) || c == '_') {
      size_t start = pos;
      while (pos < text.size() &&
             (llvm::isAlnum(text[pos]) || text[pos] == '_' || text[pos] == '.'))
        ++pos;
      StringRef name = text.slice(start, pos);
      skipSpace();
      if (pos < text.size() && text[pos] == '(') {
        if (name != "cdiv" && name != "triton.cdiv" && name != "tl.cdiv") {
          pos = start;
          return fail("unknown function '" + name +
                      "'; only cdiv(a, b) is "
                      "available");
        }
        ++pos;
        auto lhs = parseSum();
        if (!lhs)
          return lhs;
        if (!consume(','))
          return fail("expected ',' between the two operands of cdiv");
        auto rhs = parseSum();
        if (!rhs)
          return rhs;
        if (!consume(')'))
          return fail("expected ')' after the operands of cdiv");
        auto expr = node(GridExpr::Kind::Cdiv, column);
        expr->lhs = std::move(*lhs);
        expr->rhs = std::move(*rhs);
        return expr;
      }
      if (name.contains('.')) {
        pos = start;
        return fail("'" + name + "' is not a parameter or constexpr name");
      }
      auto expr = node(GridExpr::Kind::Name, column);
      expr->name = name.str();
      return expr;
    }
    return fail(std::string("unexpected '") + c + "'");
  }

  StringRef text;
  size_t pos = 0;
};

/// The precedence of `expr` as printed (higher binds tighter).
int precedence(const GridExpr &expr) {
  switch (expr.kind) {
  case GridExpr::Kind::Add:
  case GridExpr::Kind::Sub:
    return 1;
  case GridExpr::Kind::Mul:
  case GridExpr::Kind::Div:
  case GridExpr::Kind::Mod:
    return 2;
  case GridExpr::Kind::Neg:
    return 3;
  default:
    return 4;
  }
}

const char *operatorText(GridExpr::Kind kind) {
  switch (kind) {
  case GridExpr::Kind::Add:
    return " + ";
  case GridExpr::Kind::Sub:
    return " - ";
  case GridExpr::Kind::Mul:
    return " * ";
  case GridExpr::Kind::Div:
    return " / ";
  case GridExpr::Kind::Mod:
    return " % ";
  default:
    return "";
  }
}

const char *helperName(GridExpr::Kind kind) {
  switch (kind) {
  case GridExpr::Kind::Add:
    return "tkc_grid_add";
  case GridExpr::Kind::Sub:
    return "tkc_grid_sub";
  case GridExpr::Kind::Mul:
    return "tkc_grid_mul";
  case GridExpr::Kind::Div:
    return "tkc_grid_div";
  case GridExpr::Kind::Mod:
    return "tkc_grid_mod";
  case GridExpr::Kind::Cdiv:
    return "tkc_grid_cdiv";
  case GridExpr::Kind::Neg:
    return "tkc_grid_neg";
  default:
    return "";
  }
}

} // namespace

llvm::Expected<Grid> tkc::launcher::parseGrid(StringRef text) {
  return GridParser(text).parse();
}

std::string tkc::launcher::printGridExpr(const GridExpr &expr) {
  switch (expr.kind) {
  case GridExpr::Kind::Integer:
    return std::to_string(expr.value);
  case GridExpr::Kind::Name:
    return expr.name;
  case GridExpr::Kind::Cdiv:
    return "cdiv(" + printGridExpr(*expr.lhs) + ", " +
           printGridExpr(*expr.rhs) + ")";
  case GridExpr::Kind::Neg: {
    std::string operand = printGridExpr(*expr.lhs);
    if (precedence(*expr.lhs) < precedence(expr))
      operand = "(" + operand + ")";
    return "-" + operand;
  }
  default: {
    // Left-associative: the right operand needs parentheses at equal
    // precedence too.
    std::string lhs = printGridExpr(*expr.lhs);
    std::string rhs = printGridExpr(*expr.rhs);
    if (precedence(*expr.lhs) < precedence(expr))
      lhs = "(" + lhs + ")";
    if (precedence(*expr.rhs) <= precedence(expr))
      rhs = "(" + rhs + ")";
    return lhs + operatorText(expr.kind) + rhs;
  }
  }
}

void tkc::launcher::forEachGridName(
    const GridExpr &expr, llvm::function_ref<void(const GridExpr &)> visit) {
  if (expr.kind == GridExpr::Kind::Name)
    visit(expr);
  if (expr.lhs)
    forEachGridName(*expr.lhs, visit);
  if (expr.rhs)
    forEachGridName(*expr.rhs, visit);
}

std::string tkc::launcher::emitGridC(
    const GridExpr &expr,
    llvm::function_ref<std::string(const GridExpr &)> operand,
    StringRef status) {
  switch (expr.kind) {
  case GridExpr::Kind::Integer:
    return "INT64_C(" + std::to_string(expr.value) + ")";
  case GridExpr::Kind::Name:
    return operand(expr);
  case GridExpr::Kind::Neg:
    return std::string(helperName(expr.kind)) + "(&" + status.str() + ", " +
           emitGridC(*expr.lhs, operand, status) + ")";
  default:
    return std::string(helperName(expr.kind)) + "(&" + status.str() + ", " +
           emitGridC(*expr.lhs, operand, status) + ", " +
           emitGridC(*expr.rhs, operand, status) + ")";
  }
}
