//===- GridExprTest.cpp - Parsing and printing grid expressions -----------===//
//
// Unit tests of the --grid parser: precedence and associativity (checked by
// printing back), cdiv spellings, padding to three dimensions, and the
// column-numbered errors.
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

} // namespace
