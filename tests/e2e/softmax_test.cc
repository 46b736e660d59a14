//===- softmax_test.cc - Row softmax on a GPU against a CPU reference -----===//
//
// Runs kernels/softmax.py through its generated C APIs (softmax_1024.h,
// softmax_8192.h) on matrices of odd widths, with contiguous and padded rows
// (the output's 16 elements further apart than the input's when padded), and
// compares every value with a softmax computed in double on the CPU. Some
// rows are shifted by +100, where exp() overflows fp32 unless the kernel
// subtracts the row maximum first. The row padding and the bytes past the
// matrix must stay unwritten.
//
//===----------------------------------------------------------------------===//

#include "softmax_1024.h"
#include "softmax_8192.h"
#include "tests/e2e/row_test_support.h"

#include <cmath>

namespace tkc::e2e {
namespace {

/// The generated entry point of every softmax variant.
using SoftmaxFn = decltype(&softmax_1024);

/// softmax for one (variant, shape) case.
class SoftmaxTest : public GpuTest,
                    public ::testing::WithParamInterface<RowCase<SoftmaxFn>> {};

TEST_P(SoftmaxTest, MatchesCpu) {
  const RowCase<SoftmaxFn> &c = GetParam();
  const RowShape &shape = c.shape;
  const RowShape out = outputShape(shape);
  const size_t bytes = shape.elements() * sizeof(float);
  const size_t outBytes = out.elements() * sizeof(float);
  std::vector<float> x =
      randomFloats(shape.elements(), shape.cols + 11, -8.0f, 8.0f);
  for (size_t i = 0; i < x.size(); ++i)
    if ((i / shape.stride) % 3 == 1)
      x[i] += 100.0f;

  DeviceBuffer dx(*driver, bytes), dy(*driver, outBytes + kGuardBytes);
  dx.upload(x);
  dy.fill(kPoison);
  tkc_status status = c.variant.fn(stream(), dx.ptr(), dy.ptr(), shape.stride,
                                   out.stride, shape.rows, shape.cols);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();

  std::vector<uint8_t> raw = dy.download<uint8_t>(outBytes + kGuardBytes);
  size_t mismatches = 0;
  for (int32_t r = 0; r < shape.rows; ++r) {
    const float *row = x.data() + static_cast<size_t>(r) * shape.stride;
    double max = -INFINITY, sum = 0.0;
    for (int32_t j = 0; j < shape.cols; ++j)
      max = std::fmax(max, row[j]);
    for (int32_t j = 0; j < shape.cols; ++j)
      sum += std::exp(row[j] - max);
    for (int32_t j = 0; j < shape.cols; ++j) {
      float got;
      std::memcpy(&got,
                  raw.data() +
                      (static_cast<size_t>(r) * out.stride + j) * sizeof(float),
                  sizeof(float));
      double want = std::exp(row[j] - max) / sum;
      // exp and the sum in fp32 (fast exp2 on the GPU): a few 1e-6 relative.
      double tolerance = 1e-5 * want + 1e-30;
      if (!(std::fabs(got - want) <= tolerance) && ++mismatches <= 5)
        ADD_FAILURE() << "y[" << r << "][" << j << "] = " << got << ", want "
                      << want << " (x = " << row[j] << ")";
    }
  }
  EXPECT_EQ(mismatches, 0u);
  EXPECT_EQ(countWritesOutsideRows(raw, out, sizeof(float)), 0u);
}

INSTANTIATE_TEST_SUITE_P(Shapes, SoftmaxTest,
                         ::testing::ValuesIn(rowCases<SoftmaxFn>({
                             {"softmax_1024", 1024, &softmax_1024},
                             {"softmax_8192", 8192, &softmax_8192},
                         })),
                         rowCaseName<SoftmaxFn>);

} // namespace
} // namespace tkc::e2e
