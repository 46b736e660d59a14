//===- GridExprTest.cpp - Parsing and printing grid expressions -----------===//
//
// Unit tests of the launcher's expressions: in the grid's syntax, precedence
// and associativity (checked by printing back), cdiv spellings, padding to
// three dimensions and the column-numbered errors; in Python's (heuristics),
// the same for comparisons, boolean operators, conditionals and calls, which
// ones are boolean, and the C they emit.
//
//===----------------------------------------------------------------------===//
#include "launcher_gen/GridExpr.h"

#include <gtest/gtest.h>

using namespace tkc::launcher;

namespace {

/// Parses `text` and prints the three dimensions back, or the error.
std::string roundTrip(llvm::StringRef text) {
  auto grid = parseGrid(text);
  if (!grid)
    return "error: " + llvm::toString(grid.takeError());
  return printGridExpr(*(*grid)[0]) + " | " + printGridExpr(*(*grid)[1]) +
         " | " + printGridExpr(*(*grid)[2]);
}

TEST(GridExprTest, Dimensions) {
  EXPECT_EQ(roundTrip("cdiv(n, BLOCK)"), "cdiv(n, BLOCK) | 1 | 1");
  EXPECT_EQ(roundTrip("M, N"), "M | N | 1");
  EXPECT_EQ(roundTrip(" a ,b,  c "), "a | b | c");
  EXPECT_EQ(roundTrip("triton.cdiv(M, 64) * tl.cdiv(N, 64)"),
            "cdiv(M, 64) * cdiv(N, 64) | 1 | 1");
}

TEST(GridExprTest, PrecedenceAndAssociativity) {
  EXPECT_EQ(roundTrip("a + b * c"), "a + b * c | 1 | 1");
  EXPECT_EQ(roundTrip("(a + b) * c"), "(a + b) * c | 1 | 1");
  EXPECT_EQ(roundTrip("a - (b - c)"), "a - (b - c) | 1 | 1");
  EXPECT_EQ(roundTrip("a - b - c"), "a - b - c | 1 | 1");
  EXPECT_EQ(roundTrip("a / b % c"), "a / b % c | 1 | 1");
  EXPECT_EQ(roundTrip("-a * +b"), "-a * b | 1 | 1");
  EXPECT_EQ(roundTrip("-(a + 1)"), "-(a + 1) | 1 | 1");
}

TEST(GridExprTest, EmitsCheckedC) {
  auto grid = parseGrid("cdiv(n, 1024) * 2 - -x");
  ASSERT_TRUE(static_cast<bool>(grid));
  std::string c = emitGridC(
      *(*grid)[0], [](const GridExpr &e) { return "(int64_t)" + e.name; },
      "st");
  EXPECT_EQ(c, "tkc_grid_sub(&st, tkc_grid_mul(&st, tkc_grid_cdiv(&st, "
               "(int64_t)n, INT64_C(1024)), INT64_C(2)), tkc_grid_neg(&st, "
               "(int64_t)x))");
}

TEST(GridExprTest, Errors) {
  EXPECT_EQ(roundTrip(""), "error: column 1: expected an expression");
  EXPECT_EQ(roundTrip("a, b, c, d"),
            "error: column 8: a grid has at most 3 dimensions");
  EXPECT_EQ(roundTrip("(a + b"), "error: column 7: expected ')'");
  EXPECT_EQ(roundTrip("max(a, b)"),
            "error: column 1: unknown function 'max'; only cdiv(a, b) is "
            "available");
  EXPECT_EQ(roundTrip("cdiv(a)"),
            "error: column 7: expected ',' between the two operands of cdiv");
  EXPECT_EQ(roundTrip("a // 2"),
            "error: column 3: '//' is not an operator here; '/' divides "
            "(truncating as in C)");
  EXPECT_EQ(roundTrip("a $ 2"), "error: column 3: unexpected '$'");
  EXPECT_EQ(roundTrip("12abc"),
            "error: column 1: '12abc' is not a decimal integer that fits 64 "
            "bits");
  EXPECT_EQ(roundTrip("99999999999999999999"),
            "error: column 1: '99999999999999999999' is not a decimal integer "
            "that fits 64 bits");
  EXPECT_EQ(roundTrip("a.b"),
            "error: column 1: 'a.b' is not a parameter or constexpr name");
  EXPECT_EQ(roundTrip("a,"), "error: column 3: expected an expression");
}

/// Parses a heuristic and prints it back, or the error.
std::string heuristic(llvm::StringRef text) {
  auto expr = parseHeuristicExpr(text);
  if (!expr)
    return "error: " + llvm::toString(expr.takeError());
  return printGridExpr(**expr);
}

TEST(HeuristicExprTest, PythonSyntax) {
  EXPECT_EQ(heuristic("K % BLOCK_K == 0"), "K % BLOCK_K == 0");
  EXPECT_EQ(heuristic("(K % BLOCK_K) == 0"), "K % BLOCK_K == 0");
  EXPECT_EQ(heuristic("a // 2 + 1"), "a // 2 + 1");
  EXPECT_EQ(heuristic("not a < b and c or d"), "not a < b and c or d");
  EXPECT_EQ(heuristic("not (a and b)"), "not (a and b)");
  EXPECT_EQ(heuristic("a and (b or c)"), "a and (b or c)");
  EXPECT_EQ(heuristic("0 < a <= b"), "0 < a and a <= b");
  EXPECT_EQ(heuristic("64 if N > 1024 else 32"), "64 if N > 1024 else 32");
  EXPECT_EQ(heuristic("(1 if a else 2) if b else 3 if c else 4"),
            "(1 if a else 2) if b else 3 if c else 4");
  EXPECT_EQ(heuristic("min(a, b, 3) * max(c, 4)"),
            "min(min(a, b), 3) * max(c, 4)");
  EXPECT_EQ(heuristic("triton.next_power_of_2(N)"), "next_power_of_2(N)");
  EXPECT_EQ(heuristic("triton.cdiv(N, 64) > 1"), "cdiv(N, 64) > 1");
  EXPECT_EQ(heuristic("bool(int(x) % 2)"), "bool(x % 2)");
  EXPECT_EQ(heuristic("bias is not None"), "bias is not None");
  EXPECT_EQ(heuristic("not (bias is None)"), "bias is not None");
  EXPECT_EQ(heuristic("True"), "True");
  EXPECT_EQ(heuristic("-(a - b)"), "-(a - b)");
}

TEST(HeuristicExprTest, Booleans) {
  auto isBool = [](llvm::StringRef text) {
    auto expr = parseHeuristicExpr(text);
    EXPECT_TRUE(static_cast<bool>(expr)) << text.str();
    return expr && isBooleanExpr(**expr);
  };
  EXPECT_TRUE(isBool("K % B == 0"));
  EXPECT_TRUE(isBool("a > 0 and b > 0"));
  EXPECT_TRUE(isBool("not n"));
  EXPECT_TRUE(isBool("bool(n % 2)"));
  EXPECT_TRUE(isBool("p is None"));
  EXPECT_TRUE(isBool("True if n > 4 else n < 2"));
  EXPECT_FALSE(isBool("n and m > 0"));
  EXPECT_FALSE(isBool("next_power_of_2(n)"));
  EXPECT_FALSE(isBool("1 if n else 0"));
}

TEST(HeuristicExprTest, EmitsCheckedC) {
  auto emit = [](llvm::StringRef text) {
    auto expr = parseHeuristicExpr(text);
    EXPECT_TRUE(static_cast<bool>(expr)) << text.str();
    return emitGridC(
        **expr,
        [](const GridExpr &e) {
          return e.name == "p" ? e.name : "(int64_t)" + e.name;
        },
        "st");
  };
  // `and` evaluates its right operand only when the left one is true.
  EXPECT_EQ(emit("n > 0 and m % n == 0"),
            "((int64_t)((int64_t)n > INT64_C(0)) != 0 ? "
            "(int64_t)(tkc_grid_floormod(&st, (int64_t)m, (int64_t)n) == "
            "INT64_C(0)) : (int64_t)((int64_t)n > INT64_C(0)))");
  EXPECT_EQ(emit("p is not None"), "(int64_t)((int64_t)(p == NULL) == 0)");
  EXPECT_EQ(emit("64 if n // 2 >= 8 else max(n, 1)"),
            "((int64_t)(tkc_grid_floordiv(&st, (int64_t)n, INT64_C(2)) >= "
            "INT64_C(8)) != 0 ? INT64_C(64) : tkc_grid_max(&st, (int64_t)n, "
            "INT64_C(1)))");
  EXPECT_EQ(emit("next_power_of_2(n) or bool(n)"),
            "(tkc_grid_next_pow2(&st, (int64_t)n) != 0 ? "
            "tkc_grid_next_pow2(&st, (int64_t)n) : (int64_t)((int64_t)n != "
            "0))");
}

TEST(HeuristicExprTest, Errors) {
  EXPECT_EQ(heuristic("a / 2"),
            "error: column 3: '/' gives a float in Python; heuristics "
            "compute integers: use '//'");
  EXPECT_EQ(heuristic("foo(a)"),
            "error: column 1: unknown function 'foo'; heuristics may call "
            "cdiv, min, max, next_power_of_2, bool and int");
  EXPECT_EQ(heuristic("min(a)"),
            "error: column 1: min() takes 2 or more arguments, got 1");
  EXPECT_EQ(heuristic("a if b"),
            "error: column 7: expected 'else' in a conditional expression");
  EXPECT_EQ(heuristic("a is 3"),
            "error: column 6: expected None after 'is'; 'is' only tests a "
            "pointer parameter against None");
  EXPECT_EQ(heuristic("a + 1 is None"),
            "error: column 1: 'is None' takes a pointer parameter's name");
  EXPECT_EQ(heuristic("a and"), "error: column 6: expected an expression");
  EXPECT_EQ(heuristic("a b"), "error: column 3: unexpected 'b'");
  EXPECT_EQ(heuristic("x.dtype"),
            "error: column 1: 'x.dtype' is not a parameter or constexpr name");
  EXPECT_EQ(heuristic("not"), "error: column 4: expected an expression");
}

} // namespace
