//===- GridExpr.cpp - The launcher's integer expression language ----------===//
//
// A recursive-descent parser for launcher expressions in the grid's syntax
// (unary minus binds tightest, then * / %, then + -; all left-associative)
// and in Python's (below + -, comparisons, `not`, `and`, `or` and the
// conditional expression, as in Python's grammar), the printer back to
// text, and the emitter to C that calls the runtime's overflow-checked
// tkc_grid_* helpers.
//
//===----------------------------------------------------------------------===//
#include "launcher_gen/GridExpr.h"

#include "llvm/ADT/StringExtras.h"

using namespace tkc::launcher;
using llvm::StringRef;

namespace {

using Kind = GridExpr::Kind;

/// A deep copy of `expr` (a chained comparison uses its middle operands
/// twice).
std::unique_ptr<GridExpr> clone(const GridExpr &expr) {
  auto copy = std::make_unique<GridExpr>();
  copy->kind = expr.kind;
  copy->value = expr.value;
  copy->boolean = expr.boolean;
  copy->name = expr.name;
  copy->column = expr.column;
  if (expr.lhs)
    copy->lhs = clone(*expr.lhs);
  if (expr.rhs)
    copy->rhs = clone(*expr.rhs);
  if (expr.cond)
    copy->cond = clone(*expr.cond);
  return copy;
}

/// Parses launcher expressions; `pos` is the index of the next character.
class GridParser {
public:
  GridParser(StringRef text, bool python) : text(text), python(python) {}

  llvm::Expected<Grid> parseDims() {
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
      grid[count]->kind = Kind::Integer;
      grid[count]->value = 1;
    }
    return grid;
  }

  llvm::Expected<std::unique_ptr<GridExpr>> parseOne() {
    auto expr = parseConditional();
    if (!expr)
      return expr;
    skipSpace();
    if (pos != text.size())
      return fail(std::string("unexpected '") + text[pos] + "'");
    return expr;
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

  /// Consumes `s` (after blanks) if it is next.
  bool consume(StringRef s) {
    skipSpace();
    if (!text.substr(pos).starts_with(s))
      return false;
    pos += s.size();
    return true;
  }

  /// The identifier (letters, digits, '_', '.') at `pos`, after blanks.
  StringRef peekWord() {
    skipSpace();
    size_t end = pos;
    while (end < text.size() &&
           (llvm::isAlnum(text[end]) || text[end] == '_' || text[end] == '.'))
      ++end;
    return text.slice(pos, end);
  }

  /// Consumes the keyword `word` if it is the next identifier.
  bool consumeWord(StringRef word) {
    if (peekWord() != word)
      return false;
    pos += word.size();
    return true;
  }

  std::unique_ptr<GridExpr> node(Kind kind, unsigned column) {
    auto expr = std::make_unique<GridExpr>();
    expr->kind = kind;
    expr->column = column;
    return expr;
  }

  std::unique_ptr<GridExpr> binary(Kind kind, unsigned column,
                                   std::unique_ptr<GridExpr> lhs,
                                   std::unique_ptr<GridExpr> rhs) {
    auto expr = node(kind, column);
    expr->lhs = std::move(lhs);
    expr->rhs = std::move(rhs);
    return expr;
  }

  /// conditional := disjunction ['if' disjunction 'else' conditional]
  ExprOrError parseConditional() {
    skipSpace();
    unsigned column = pos + 1;
    auto body = parseBoolOp(/*isAnd=*/false);
    if (!body)
      return body;
    if (!consumeWord("if"))
      return body;
    auto test = parseBoolOp(/*isAnd=*/false);
    if (!test)
      return test;
    if (!consumeWord("else"))
      return fail("expected 'else' in a conditional expression");
    auto orelse = parseConditional();
    if (!orelse)
      return orelse;
    auto expr =
        binary(Kind::IfElse, column, std::move(*body), std::move(*orelse));
    expr->cond = std::move(*test);
    return expr;
  }

  /// disjunction := conjunction ('or' conjunction)*
  /// conjunction := inversion ('and' inversion)*
  ExprOrError parseBoolOp(bool isAnd) {
    auto lhs = isAnd ? parseNot() : parseBoolOp(/*isAnd=*/true);
    if (!lhs)
      return lhs;
    while (true) {
      skipSpace();
      unsigned column = pos + 1;
      if (!consumeWord(isAnd ? "and" : "or"))
        return lhs;
      auto rhs = isAnd ? parseNot() : parseBoolOp(/*isAnd=*/true);
      if (!rhs)
        return rhs;
      *lhs = binary(isAnd ? Kind::And : Kind::Or, column, std::move(*lhs),
                    std::move(*rhs));
    }
  }

  /// inversion := 'not' inversion | comparison
  ExprOrError parseNot() {
    skipSpace();
    unsigned column = pos + 1;
    if (!consumeWord("not"))
      return parseComparison();
    auto operand = parseNot();
    if (!operand)
      return operand;
    auto expr = node(Kind::Not, column);
    expr->lhs = std::move(*operand);
    return expr;
  }

  /// The comparison operator at `pos`, consumed, if any.
  std::optional<Kind> consumeComparison() {
    skipSpace();
    static const std::pair<const char *, Kind> ops[] = {
        {"==", Kind::Eq}, {"!=", Kind::Ne}, {"<=", Kind::Le},
        {">=", Kind::Ge}, {"<", Kind::Lt},  {">", Kind::Gt}};
    for (const auto &[spelling, kind] : ops)
      if (consume(StringRef(spelling)))
        return kind;
    return std::nullopt;
  }

  /// comparison := sum (('==' | '!=' | '<' | '<=' | '>' | '>=') sum)*
  ///             | sum 'is' ['not'] 'None'
  /// A chain `a < b < c` is `a < b and b < c`.
  ExprOrError parseComparison() {
    skipSpace();
    unsigned start = pos + 1;
    auto lhs = parseSum();
    if (!lhs)
      return lhs;
    skipSpace();
    unsigned column = pos + 1;
    if (consumeWord("is")) {
      bool negated = consumeWord("not");
      if (!consumeWord("None"))
        return fail("expected None after 'is'; 'is' only tests a pointer "
                    "parameter against None");
      if ((*lhs)->kind != Kind::Name) {
        pos = start - 1;
        return fail("'is None' takes a pointer parameter's name");
      }
      auto test = node(Kind::IsNone, column);
      test->lhs = std::move(*lhs);
      if (!negated)
        return test;
      auto expr = node(Kind::Not, column);
      expr->lhs = std::move(test);
      return expr;
    }
    std::unique_ptr<GridExpr> chain;
    const GridExpr *left = lhs->get();
    std::unique_ptr<GridExpr> owned = std::move(*lhs);
    while (std::optional<Kind> op = consumeComparison()) {
      auto rhs = parseSum();
      if (!rhs)
        return rhs;
      const GridExpr *right = rhs->get();
      auto compare =
          binary(*op, column, owned ? std::move(owned) : clone(*left),
                 std::move(*rhs));
      left = right;
      chain = chain ? binary(Kind::And, column, std::move(chain),
                             std::move(compare))
                    : std::move(compare);
      // The right operand lives in `compare` now; a further link copies it.
      skipSpace();
      column = pos + 1;
    }
    return chain ? std::move(chain) : std::move(owned);
  }

  /// sum := product (('+' | '-') product)*
  ExprOrError parseSum() {
    auto lhs = parseProduct();
    if (!lhs)
      return lhs;
    while (true) {
      skipSpace();
      unsigned column = pos + 1;
      Kind kind;
      if (consume('+'))
        kind = Kind::Add;
      else if (consume('-'))
        kind = Kind::Sub;
      else
        return lhs;
      auto rhs = parseProduct();
      if (!rhs)
        return rhs;
      *lhs = binary(kind, column, std::move(*lhs), std::move(*rhs));
    }
  }

  /// product := unary (('*' | '/' | '%') unary)*      (grid syntax)
  /// product := unary (('*' | '//' | '%') unary)*     (Python syntax)
  ExprOrError parseProduct() {
    auto lhs = parseUnary();
    if (!lhs)
      return lhs;
    while (true) {
      skipSpace();
      unsigned column = pos + 1;
      bool floorDiv =
          pos + 1 < text.size() && text[pos] == '/' && text[pos + 1] == '/';
      if (floorDiv && !python)
        return fail("'//' is not an operator here; '/' divides (truncating "
                    "as in C)");
      if (!floorDiv && python && pos < text.size() && text[pos] == '/')
        return fail("'/' gives a float in Python; heuristics compute "
                    "integers: use '//'");
      Kind kind;
      if (floorDiv && consume(StringRef("//")))
        kind = Kind::FloorDiv;
      else if (consume('*'))
        kind = Kind::Mul;
      else if (consume('/'))
        kind = Kind::Div;
      else if (consume('%'))
        kind = python ? Kind::FloorMod : Kind::Mod;
      else
        return lhs;
      auto rhs = parseUnary();
      if (!rhs)
        return rhs;
      *lhs = binary(kind, column, std::move(*lhs), std::move(*rhs));
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
      auto expr = node(Kind::Neg, column);
      expr->lhs = std::move(*operand);
      return expr;
    }
    return parsePrimary();
  }

  /// An argument of a call: a sum in the grid's syntax, any expression in
  /// Python's.
  ExprOrError parseArgument() {
    return python ? parseConditional() : parseSum();
  }

  /// The call `name(...)` whose '(' is consumed; `start` is its position.
  ExprOrError parseCall(StringRef name, size_t start, unsigned column) {
    bool cdiv = name == "cdiv" || name == "triton.cdiv" || name == "tl.cdiv";
    if (!python && !cdiv) {
      pos = start;
      return fail("unknown function '" + name +
                  "'; only cdiv(a, b) is "
                  "available");
    }
    Kind kind;
    size_t minArgs = 1, maxArgs = 1;
    if (cdiv) {
      kind = Kind::Cdiv;
      minArgs = maxArgs = 2;
    } else if (name == "min" || name == "max") {
      kind = name == "min" ? Kind::Min : Kind::Max;
      minArgs = 2;
      maxArgs = 64;
    } else if (name == "next_power_of_2" || name == "triton.next_power_of_2") {
      kind = Kind::NextPow2;
    } else if (name == "bool") {
      kind = Kind::ToBool;
    } else if (name == "int") {
      kind = Kind::Integer; // The identity on integers.
    } else {
      pos = start;
      return fail("unknown function '" + name +
                  "'; heuristics may call cdiv, min, max, next_power_of_2, "
                  "bool and int");
    }
    std::vector<std::unique_ptr<GridExpr>> args;
    while (true) {
      auto arg = parseArgument();
      if (!arg)
        return arg;
      args.push_back(std::move(*arg));
      if (cdiv && args.size() == 1) {
        if (!consume(','))
          return fail("expected ',' between the two operands of cdiv");
        continue;
      }
      if (consume(')'))
        break;
      if (cdiv)
        return fail("expected ')' after the operands of cdiv");
      if (!consume(','))
        return fail("expected ',' or ')' in the arguments of " + name);
    }
    if (args.size() < minArgs || args.size() > maxArgs) {
      pos = start;
      std::string takes = minArgs == maxArgs
                              ? std::to_string(minArgs) +
                                    (minArgs > 1 ? " arguments" : " argument")
                              : std::to_string(minArgs) + " or more arguments";
      return fail(name + "() takes " + takes + ", got " +
                  llvm::Twine(args.size()));
    }
    if (kind == Kind::Integer)
      return std::move(args[0]);
    if (kind == Kind::NextPow2 || kind == Kind::ToBool) {
      auto expr = node(kind, column);
      expr->lhs = std::move(args[0]);
      return expr;
    }
    // min/max of several arguments fold left.
    std::unique_ptr<GridExpr> expr = std::move(args[0]);
    for (size_t i = 1; i < args.size(); ++i)
      expr = binary(kind, column, std::move(expr), std::move(args[i]));
    return expr;
  }

  /// primary := INTEGER | NAME | NAME '(' arguments ')' | '(' expr ')'
  ///          | True | False                            (Python syntax)
  ExprOrError parsePrimary() {
    skipSpace();
    unsigned column = pos + 1;
    if (pos == text.size())
      return fail("expected an expression");
    if (consume('(')) {
      auto inner = python ? parseConditional() : parseSum();
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
      auto expr = node(Kind::Integer, column);
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
      StringRef name = peekWord();
      pos += name.size();
      skipSpace();
      if (pos < text.size() && text[pos] == '(') {
        ++pos;
        return parseCall(name, start, column);
      }
      if (python && (name == "True" || name == "False")) {
        auto expr = node(Kind::Integer, column);
        expr->value = name == "True";
        expr->boolean = true;
        return expr;
      }
      static const char *const keywords[] = {"and",  "or", "not",  "if",
                                             "else", "is", "None", "lambda"};
      if (python && llvm::is_contained(keywords, name)) {
        pos = start;
        return fail("unexpected '" + name + "'");
      }
      if (name.contains('.')) {
        pos = start;
        return fail("'" + name + "' is not a parameter or constexpr name");
      }
      auto expr = node(Kind::Name, column);
      expr->name = name.str();
      return expr;
    }
    return fail(std::string("unexpected '") + c + "'");
  }

  StringRef text;
  bool python;
  size_t pos = 0;
};

/// The precedence of `expr` as printed (higher binds tighter), as in
/// Python's grammar.
int precedence(const GridExpr &expr) {
  switch (expr.kind) {
  case Kind::IfElse:
    return 0;
  case Kind::Or:
    return 1;
  case Kind::And:
    return 2;
  case Kind::Not:
    return 3;
  case Kind::Eq:
  case Kind::Ne:
  case Kind::Lt:
  case Kind::Le:
  case Kind::Gt:
  case Kind::Ge:
  case Kind::IsNone:
    return 4;
  case Kind::Add:
  case Kind::Sub:
    return 5;
  case Kind::Mul:
  case Kind::Div:
  case Kind::Mod:
  case Kind::FloorDiv:
  case Kind::FloorMod:
    return 6;
  case Kind::Neg:
    return 7;
  default:
    return 8;
  }
}

/// The infix spelling of a binary kind (" + "), or null.
const char *operatorText(Kind kind) {
  switch (kind) {
  case Kind::Add:
    return " + ";
  case Kind::Sub:
    return " - ";
  case Kind::Mul:
    return " * ";
  case Kind::Div:
    return " / ";
  case Kind::Mod:
  case Kind::FloorMod:
    return " % ";
  case Kind::FloorDiv:
    return " // ";
  case Kind::Eq:
    return " == ";
  case Kind::Ne:
    return " != ";
  case Kind::Lt:
    return " < ";
  case Kind::Le:
    return " <= ";
  case Kind::Gt:
    return " > ";
  case Kind::Ge:
    return " >= ";
  case Kind::And:
    return " and ";
  case Kind::Or:
    return " or ";
  default:
    return nullptr;
  }
}

/// The function-call spelling of a kind ("cdiv"), or null.
const char *functionName(Kind kind) {
  switch (kind) {
  case Kind::Cdiv:
    return "cdiv";
  case Kind::Min:
    return "min";
  case Kind::Max:
    return "max";
  case Kind::NextPow2:
    return "next_power_of_2";
  case Kind::ToBool:
    return "bool";
  default:
    return nullptr;
  }
}

/// The runtime's checked helper for an arithmetic kind, or null.
const char *helperName(Kind kind) {
  switch (kind) {
  case Kind::Add:
    return "tkc_grid_add";
  case Kind::Sub:
    return "tkc_grid_sub";
  case Kind::Mul:
    return "tkc_grid_mul";
  case Kind::Div:
    return "tkc_grid_div";
  case Kind::Mod:
    return "tkc_grid_mod";
  case Kind::FloorDiv:
    return "tkc_grid_floordiv";
  case Kind::FloorMod:
    return "tkc_grid_floormod";
  case Kind::Cdiv:
    return "tkc_grid_cdiv";
  case Kind::Neg:
    return "tkc_grid_neg";
  case Kind::Min:
    return "tkc_grid_min";
  case Kind::Max:
    return "tkc_grid_max";
  case Kind::NextPow2:
    return "tkc_grid_next_pow2";
  default:
    return nullptr;
  }
}

/// The C operator of a comparison kind.
const char *comparisonC(Kind kind) {
  switch (kind) {
  case Kind::Eq:
    return " == ";
  case Kind::Ne:
    return " != ";
  case Kind::Lt:
    return " < ";
  case Kind::Le:
    return " <= ";
  case Kind::Gt:
    return " > ";
  case Kind::Ge:
    return " >= ";
  default:
    return nullptr;
  }
}

} // namespace

llvm::Expected<Grid> tkc::launcher::parseGrid(StringRef text) {
  return GridParser(text, /*python=*/false).parseDims();
}

llvm::Expected<std::unique_ptr<GridExpr>>
tkc::launcher::parseHeuristicExpr(StringRef text) {
  return GridParser(text, /*python=*/true).parseOne();
}

std::string tkc::launcher::printGridExpr(const GridExpr &expr) {
  // An operand printed inside `expr`, parenthesized when it binds more
  // loosely (or equally, on the right of a left-associative operator).
  auto operand = [&](const GridExpr &e, bool right) {
    std::string text = printGridExpr(e);
    int mine = precedence(expr), theirs = precedence(e);
    if (theirs < mine || (right && theirs == mine))
      return "(" + text + ")";
    return text;
  };
  switch (expr.kind) {
  case Kind::Integer:
    if (expr.boolean)
      return expr.value ? "True" : "False";
    return std::to_string(expr.value);
  case Kind::Name:
    return expr.name;
  case Kind::Neg:
    return "-" + operand(*expr.lhs, false);
  case Kind::Not:
    if (expr.lhs->kind == Kind::IsNone)
      return printGridExpr(*expr.lhs->lhs) + " is not None";
    return "not " + operand(*expr.lhs, false);
  case Kind::IsNone:
    return printGridExpr(*expr.lhs) + " is None";
  case Kind::IfElse: {
    // Python's conditional is right-associative: only the body and the
    // test need parentheses at equal precedence.
    auto part = [](const GridExpr &e) {
      std::string text = printGridExpr(e);
      return precedence(e) <= 0 ? "(" + text + ")" : text;
    };
    return part(*expr.lhs) + " if " + part(*expr.cond) + " else " +
           printGridExpr(*expr.rhs);
  }
  default:
    break;
  }
  if (const char *function = functionName(expr.kind))
    return std::string(function) + "(" + printGridExpr(*expr.lhs) +
           (expr.rhs ? ", " + printGridExpr(*expr.rhs) : "") + ")";
  return operand(*expr.lhs, false) + operatorText(expr.kind) +
         operand(*expr.rhs, true);
}

void tkc::launcher::forEachGridName(
    const GridExpr &expr, llvm::function_ref<void(const GridExpr &)> visit) {
  if (expr.kind == Kind::Name)
    visit(expr);
  if (expr.cond)
    forEachGridName(*expr.cond, visit);
  if (expr.lhs)
    forEachGridName(*expr.lhs, visit);
  if (expr.rhs)
    forEachGridName(*expr.rhs, visit);
}

bool tkc::launcher::isBooleanExpr(const GridExpr &expr) {
  switch (expr.kind) {
  case Kind::Integer:
    return expr.boolean;
  case Kind::Eq:
  case Kind::Ne:
  case Kind::Lt:
  case Kind::Le:
  case Kind::Gt:
  case Kind::Ge:
  case Kind::IsNone:
  case Kind::Not:
  case Kind::ToBool:
    return true;
  case Kind::And:
  case Kind::Or:
  case Kind::IfElse:
    return isBooleanExpr(*expr.lhs) && isBooleanExpr(*expr.rhs);
  default:
    return false;
  }
}

std::string tkc::launcher::emitGridC(
    const GridExpr &expr,
    llvm::function_ref<std::string(const GridExpr &)> operand,
    StringRef status) {
  auto emit = [&](const GridExpr &e) { return emitGridC(e, operand, status); };
  std::string st = "&" + status.str();
  switch (expr.kind) {
  case Kind::Integer:
    return "INT64_C(" + std::to_string(expr.value) + ")";
  case Kind::Name:
    return operand(expr);
  case Kind::IsNone:
    return "(int64_t)(" + operand(*expr.lhs) + " == NULL)";
  case Kind::Not:
    return "(int64_t)(" + emit(*expr.lhs) + " == 0)";
  case Kind::ToBool:
    return "(int64_t)(" + emit(*expr.lhs) + " != 0)";
  // Python's and/or give an operand, and do not evaluate the second when
  // the first decides (so `n > 0 and m % n == 0` never divides by zero).
  // The first operand is pure, so evaluating it twice changes nothing.
  case Kind::And: {
    std::string lhs = emit(*expr.lhs);
    return "(" + lhs + " != 0 ? " + emit(*expr.rhs) + " : " + lhs + ")";
  }
  case Kind::Or: {
    std::string lhs = emit(*expr.lhs);
    return "(" + lhs + " != 0 ? " + lhs + " : " + emit(*expr.rhs) + ")";
  }
  case Kind::IfElse:
    return "(" + emit(*expr.cond) + " != 0 ? " + emit(*expr.lhs) + " : " +
           emit(*expr.rhs) + ")";
  default:
    break;
  }
  if (const char *op = comparisonC(expr.kind))
    return "(int64_t)(" + emit(*expr.lhs) + op + emit(*expr.rhs) + ")";
  std::string call =
      std::string(helperName(expr.kind)) + "(" + st + ", " + emit(*expr.lhs);
  if (expr.rhs)
    call += ", " + emit(*expr.rhs);
  return call + ")";
}
