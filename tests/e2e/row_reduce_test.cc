//===- row_reduce_test.cc - Row reductions on a GPU -----------------------===//
//
// Runs kernels/row_reduce.py's kernels through their generated C APIs
// (row_sum_*, row_max_*, row_argmax_*, row_argmin_*, and row_sum_squares_*
// and row_max_abs_*, which reduce through tl.reduce with a user combine
// function; each at BLOCK_SIZE 1024 and 8192), and kernels/block_ptr.py's
// row sum through a block pointer (row_sum_block_ptr_*), on fp32 matrices of
// odd widths,
// contiguous and with padded rows. The max, max-abs, argmax and argmin must
// match the CPU exactly (argmax/argmin: the first column holding the extreme,
// on data with many ties); the sums must match a double-precision sum within
// the fp32 rounding of a tree of additions. Nothing past the n_rows outputs
// may be written.
//
//===----------------------------------------------------------------------===//

#include "row_argmax_1024.h"
#include "row_argmax_8192.h"
#include "row_argmin_1024.h"
#include "row_argmin_8192.h"
#include "row_max_1024.h"
#include "row_max_8192.h"
#include "row_max_abs_1024.h"
#include "row_max_abs_8192.h"
#include "row_sum_1024.h"
#include "row_sum_8192.h"
#include "row_sum_block_ptr_1024.h"
#include "row_sum_block_ptr_8192.h"
#include "row_sum_squares_1024.h"
#include "row_sum_squares_8192.h"
#include "tests/e2e/row_test_support.h"

#include <cmath>

namespace tkc::e2e {
namespace {

/// The generated entry point of every row reduction (the output is fp32 for
/// sum and max, int32 for argmax; 4 bytes each).
using RowReduceFn = decltype(&row_sum_1024);

/// The reduction a test checks.
enum class Reduction { Sum, Max, Argmax, Argmin, SumSquares, MaxAbs };

/// Input values of a case: uniform in [-1, 1) for sums; whole numbers in
/// [-20, 20] for the others, so that wide rows tie on their extreme.
std::vector<float> inputsFor(Reduction reduction, const RowShape &shape) {
  std::vector<float> x =
      randomFloats(shape.elements(), shape.cols + 31, -1.0f, 1.0f);
  if (reduction != Reduction::Sum && reduction != Reduction::SumSquares)
    for (float &v : x)
      v = std::round(v * 20.0f) + 0.0f; // no -0: max(-0, +0) may be either
  return x;
}

/// Runs one case and compares with the CPU.
void checkRowReduce(CudaDriver &driver, void *stream,
                    const RowCase<RowReduceFn> &c, Reduction reduction) {
  const RowShape &shape = c.shape;
  const size_t outBytes = shape.rows * sizeof(float);
  std::vector<float> x = inputsFor(reduction, shape);
  DeviceBuffer dx(driver, shape.elements() * sizeof(float));
  DeviceBuffer dout(driver, outBytes + kGuardBytes);
  dx.upload(x);
  dout.fill(kPoison);
  tkc_status status = c.variant.fn(stream, dx.ptr(), dout.ptr(), shape.stride,
                                   shape.rows, shape.cols);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  ASSERT_NO_FATAL_FAILURE(synchronizeStream(driver, stream));

  std::vector<uint8_t> raw = dout.download<uint8_t>(outBytes + kGuardBytes);
  size_t mismatches = 0;
  for (int32_t r = 0; r < shape.rows; ++r) {
    const float *row = x.data() + static_cast<size_t>(r) * shape.stride;
    const uint8_t *slot = raw.data() + r * sizeof(float);
    if (reduction == Reduction::Argmax || reduction == Reduction::Argmin) {
      bool max = reduction == Reduction::Argmax;
      int32_t want = 0, got;
      for (int32_t j = 1; j < shape.cols; ++j)
        if (max ? row[j] > row[want] : row[j] < row[want])
          want = j;
      std::memcpy(&got, slot, sizeof(got));
      if (got != want && ++mismatches <= 5)
        ADD_FAILURE() << (max ? "argmax" : "argmin") << " of row " << r << " = "
                      << got << ", want " << want << " (value " << row[want]
                      << ")";
      continue;
    }
    float got;
    std::memcpy(&got, slot, sizeof(got));
    if (reduction == Reduction::Max || reduction == Reduction::MaxAbs) {
      bool abs = reduction == Reduction::MaxAbs;
      float want = abs ? std::fabs(row[0]) : row[0];
      for (int32_t j = 1; j < shape.cols; ++j)
        want = std::fmax(want, abs ? std::fabs(row[j]) : row[j]);
      if (floatBits(got) != floatBits(want) && ++mismatches <= 5)
        ADD_FAILURE() << "max of row " << r << " = " << got << ", want "
                      << want;
      continue;
    }
    double want = 0.0, magnitude = 0.0;
    for (int32_t j = 0; j < shape.cols; ++j) {
      double term = row[j];
      if (reduction == Reduction::SumSquares)
        term *= term;
      want += term;
      magnitude += std::fabs(term);
    }
    // fp32 additions in the kernel's order (sequential within a thread, a
    // tree across threads): each term (a square rounded once to fp32 for
    // SumSquares) passes through at most 64 roundings of partial sums bounded
    // by sum |term|.
    double tolerance = 64 * 6e-8 * magnitude;
    if (!(std::fabs(got - want) <= tolerance) && ++mismatches <= 5)
      ADD_FAILURE() << "sum of row " << r << " = " << got << ", want " << want
                    << " (tolerance " << tolerance << ")";
  }
  EXPECT_EQ(mismatches, 0u);
  for (size_t b = outBytes; b < raw.size(); ++b)
    ASSERT_EQ(raw[b], kPoison) << "byte " << b - outBytes << " past the end";
}

/// One reduction for one (variant, shape) case.
class RowSumTest : public GpuTest,
                   public ::testing::WithParamInterface<RowCase<RowReduceFn>> {
};
/// As RowSumTest, for the maximum.
class RowMaxTest : public RowSumTest {};
/// As RowSumTest, for the first index of the maximum.
class RowArgmaxTest : public RowSumTest {};
/// As RowSumTest, for the first index of the minimum.
class RowArgminTest : public RowSumTest {};
/// As RowSumTest, for the sum of squares (tl.reduce).
class RowSumSquaresTest : public RowSumTest {};
/// As RowSumTest, for the largest absolute value (tl.reduce).
class RowMaxAbsTest : public RowSumTest {};

TEST_P(RowSumTest, MatchesCpu) {
  checkRowReduce(*driver, stream(), GetParam(), Reduction::Sum);
}
TEST_P(RowMaxTest, MatchesCpu) {
  checkRowReduce(*driver, stream(), GetParam(), Reduction::Max);
}
TEST_P(RowArgmaxTest, MatchesCpu) {
  checkRowReduce(*driver, stream(), GetParam(), Reduction::Argmax);
}
TEST_P(RowArgminTest, MatchesCpu) {
  checkRowReduce(*driver, stream(), GetParam(), Reduction::Argmin);
}
TEST_P(RowSumSquaresTest, MatchesCpu) {
  checkRowReduce(*driver, stream(), GetParam(), Reduction::SumSquares);
}
TEST_P(RowMaxAbsTest, MatchesCpu) {
  checkRowReduce(*driver, stream(), GetParam(), Reduction::MaxAbs);
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, RowSumTest,
    ::testing::ValuesIn(rowCases<RowReduceFn>({
        {"row_sum_1024", 1024, &row_sum_1024},
        {"row_sum_8192", 8192, &row_sum_8192},
        // Block pointers (kernels/block_ptr.py); the
        // 1024 variant loops over rows up to 8192.
        {"row_sum_block_ptr_1024", 8192, &row_sum_block_ptr_1024},
        {"row_sum_block_ptr_8192", 8192, &row_sum_block_ptr_8192},
    })),
    rowCaseName<RowReduceFn>);
INSTANTIATE_TEST_SUITE_P(Shapes, RowMaxTest,
                         ::testing::ValuesIn(rowCases<RowReduceFn>({
                             {"row_max_1024", 1024, &row_max_1024},
                             {"row_max_8192", 8192, &row_max_8192},
                         })),
                         rowCaseName<RowReduceFn>);
INSTANTIATE_TEST_SUITE_P(Shapes, RowArgmaxTest,
                         ::testing::ValuesIn(rowCases<RowReduceFn>({
                             {"row_argmax_1024", 1024, &row_argmax_1024},
                             {"row_argmax_8192", 8192, &row_argmax_8192},
                         })),
                         rowCaseName<RowReduceFn>);
INSTANTIATE_TEST_SUITE_P(Shapes, RowArgminTest,
                         ::testing::ValuesIn(rowCases<RowReduceFn>({
                             {"row_argmin_1024", 1024, &row_argmin_1024},
                             {"row_argmin_8192", 8192, &row_argmin_8192},
                         })),
                         rowCaseName<RowReduceFn>);
INSTANTIATE_TEST_SUITE_P(
    Shapes, RowSumSquaresTest,
    ::testing::ValuesIn(rowCases<RowReduceFn>({
        {"row_sum_squares_1024", 1024, &row_sum_squares_1024},
        {"row_sum_squares_8192", 8192, &row_sum_squares_8192},
    })),
    rowCaseName<RowReduceFn>);
INSTANTIATE_TEST_SUITE_P(Shapes, RowMaxAbsTest,
                         ::testing::ValuesIn(rowCases<RowReduceFn>({
                             {"row_max_abs_1024", 1024, &row_max_abs_1024},
                             {"row_max_abs_8192", 8192, &row_max_abs_8192},
                         })),
                         rowCaseName<RowReduceFn>);

} // namespace
} // namespace tkc::e2e
