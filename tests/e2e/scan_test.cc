//===- scan_test.cc - Row scans on a GPU against a CPU reference ----------===//
//
// Runs kernels/scan.py's kernels through their generated C APIs: inclusive
// prefix sums (row_cumsum_*) and suffix sums (row_cumsum_reverse_*) through
// tl.cumsum, and the non-commutative "last non-zero so far" scan through
// tl.associative_scan, forward (row_fill_forward_*) and reverse
// (row_fill_backward_*), each at BLOCK_SIZE 1024 (4 warps: registers, lanes
// and warps along the row) and 8192 (8 warps and 8 repetitions of that tile).
// Rows of odd widths, contiguous and padded. The fills must match the CPU
// exactly; the sums, on small whole numbers, too (every partial sum is an
// integer below 2^24, so fp32 adds them exactly in any order). The row
// padding and the bytes past the matrix must stay unwritten.
//
//===----------------------------------------------------------------------===//

#include "row_cumsum_1024.h"
#include "row_cumsum_8192.h"
#include "row_cumsum_reverse_1024.h"
#include "row_cumsum_reverse_8192.h"
#include "row_fill_backward_1024.h"
#include "row_fill_backward_8192.h"
#include "row_fill_forward_1024.h"
#include "row_fill_forward_8192.h"
#include "tests/e2e/row_test_support.h"

#include <cmath>

namespace tkc::e2e {
namespace {

/// The generated entry point of every scan kernel.
using ScanFn = decltype(&row_cumsum_1024);

/// What a kernel computes along each row.
enum class Scan { Cumsum, Fill };

/// What a kernel scans, and in which direction.
struct ScanKind {
  Scan scan;
  bool reverse;
};

/// The CPU reference of one row: the scan of `x[0, n)` in scan order (from
/// the end when `reverse`).
std::vector<float> scanRow(const float *x, int32_t n, ScanKind kind) {
  std::vector<float> y(n);
  float acc = 0.0f;
  for (int32_t k = 0; k < n; ++k) {
    int32_t j = kind.reverse ? n - 1 - k : k;
    if (kind.scan == Scan::Cumsum)
      acc += x[j];
    else if (x[j] != 0.0f)
      acc = x[j];
    y[j] = acc;
  }
  return y;
}

/// Runs one case and compares every element with the CPU.
void checkScan(CudaDriver &driver, void *stream, const RowCase<ScanFn> &c,
               ScanKind kind) {
  const RowShape &shape = c.shape;
  const RowShape out = outputShape(shape);
  // Whole numbers in [-8, 8], about a third of them 0 (the fill's gaps).
  std::vector<float> x =
      randomFloats(shape.elements(), shape.cols + 5, -1.0f, 1.0f);
  for (float &v : x)
    v = std::round(v * 12.0f);
  for (float &v : x)
    v = std::fabs(v) > 8.0f ? 0.0f : v + 0.0f;
  DeviceBuffer dx(driver, x.size() * sizeof(float));
  DeviceBuffer dy(driver, out.elements() * sizeof(float) + kGuardBytes);
  dx.upload(x);
  dy.fill(kPoison);
  tkc_status status = c.variant.fn(stream, dx.ptr(), dy.ptr(), shape.stride,
                                   out.stride, shape.rows, shape.cols);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  ASSERT_NO_FATAL_FAILURE(synchronizeStream(driver, stream));

  std::vector<uint8_t> raw =
      dy.download<uint8_t>(out.elements() * sizeof(float) + kGuardBytes);
  size_t mismatches = 0;
  for (int32_t r = 0; r < shape.rows; ++r) {
    std::vector<float> want = scanRow(
        x.data() + static_cast<size_t>(r) * shape.stride, shape.cols, kind);
    for (int32_t j = 0; j < shape.cols; ++j) {
      float got = elementAt(raw, static_cast<size_t>(r) * out.stride + j,
                            /*half=*/false);
      if (got != want[j] && ++mismatches <= 5)
        ADD_FAILURE() << "y[" << r << "][" << j << "] = " << got << ", want "
                      << want[j];
    }
  }
  EXPECT_EQ(mismatches, 0u);
  EXPECT_EQ(countWritesOutsideRows(raw, out, sizeof(float)), 0u);
}

/// One test class per kind, so that each instantiation knows what to check.
class CumsumTest : public GpuTest,
                   public ::testing::WithParamInterface<RowCase<ScanFn>> {};
class CumsumReverseTest
    : public GpuTest,
      public ::testing::WithParamInterface<RowCase<ScanFn>> {};
class FillForwardTest : public GpuTest,
                        public ::testing::WithParamInterface<RowCase<ScanFn>> {
};
class FillBackwardTest : public GpuTest,
                         public ::testing::WithParamInterface<RowCase<ScanFn>> {
};

TEST_P(CumsumTest, MatchesCpu) {
  checkScan(*driver, stream(), GetParam(), {Scan::Cumsum, false});
}
TEST_P(CumsumReverseTest, MatchesCpu) {
  checkScan(*driver, stream(), GetParam(), {Scan::Cumsum, true});
}
TEST_P(FillForwardTest, MatchesCpu) {
  checkScan(*driver, stream(), GetParam(), {Scan::Fill, false});
}
TEST_P(FillBackwardTest, MatchesCpu) {
  checkScan(*driver, stream(), GetParam(), {Scan::Fill, true});
}

INSTANTIATE_TEST_SUITE_P(Shapes, CumsumTest,
                         ::testing::ValuesIn(rowCases<ScanFn>({
                             {"row_cumsum_1024", 1024, &row_cumsum_1024},
                             {"row_cumsum_8192", 8192, &row_cumsum_8192},
                         })),
                         rowCaseName<ScanFn>);
INSTANTIATE_TEST_SUITE_P(
    Shapes, CumsumReverseTest,
    ::testing::ValuesIn(rowCases<ScanFn>({
        {"row_cumsum_reverse_1024", 1024, &row_cumsum_reverse_1024},
        {"row_cumsum_reverse_8192", 8192, &row_cumsum_reverse_8192},
    })),
    rowCaseName<ScanFn>);
INSTANTIATE_TEST_SUITE_P(
    Shapes, FillForwardTest,
    ::testing::ValuesIn(rowCases<ScanFn>({
        {"row_fill_forward_1024", 1024, &row_fill_forward_1024},
        {"row_fill_forward_8192", 8192, &row_fill_forward_8192},
    })),
    rowCaseName<ScanFn>);
INSTANTIATE_TEST_SUITE_P(
    Shapes, FillBackwardTest,
    ::testing::ValuesIn(rowCases<ScanFn>({
        {"row_fill_backward_1024", 1024, &row_fill_backward_1024},
        {"row_fill_backward_8192", 8192, &row_fill_backward_8192},
    })),
    rowCaseName<ScanFn>);

} // namespace
} // namespace tkc::e2e
