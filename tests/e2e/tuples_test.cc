//===- tuples_test.cc - tuples as kernel parameters -----------------------===//
//
// Runs kernels/tuples.py (weighted_sum: a tuple of three fp16 source
// pointers, a tuple of their fp32 weights, and the sources' strides, the
// column stride folded as one) on rows of up to 1024 columns with row
// strides wider than the rows: every output element is the weighted sum of
// the three sources in order, exactly (the weights are powers of two, so no
// product rounds), and nothing past the output is written.
//
//===----------------------------------------------------------------------===//

#include "tests/e2e/gpu_test_support.h"
#include "weighted_sum.h"

#include <memory>

namespace tkc::e2e {
namespace {

/// Rows, columns and the sources' row stride (elements).
struct Shape {
  int rows, cols, stride;
};

class TuplesTest : public GpuTest,
                   public ::testing::WithParamInterface<Shape> {};

TEST_P(TuplesTest, WeightedSumOfThreeSources) {
  const Shape s = GetParam();
  const size_t count = size_t(s.rows) * s.stride;
  const float weights[3] = {0.5f, -2.0f, 0.25f};
  std::vector<std::vector<uint16_t>> srcs(3);
  std::vector<std::unique_ptr<DeviceBuffer>> dsrcs;
  for (int i = 0; i < 3; ++i) {
    for (float v : randomFloats(count, 41 + i, -8, 8))
      srcs[i].push_back(floatToHalfBits(v));
    dsrcs.push_back(std::make_unique<DeviceBuffer>(*driver, count * 2));
    dsrcs.back()->upload(srcs[i]);
  }
  const size_t outCount = size_t(s.rows) * s.cols;
  DeviceBuffer dout(*driver, outCount * 4 + kGuardBytes);
  dout.fill(kPoison);
  tkc_status status = weighted_sum(
      stream(), dsrcs[0]->ptr(), dsrcs[1]->ptr(), dsrcs[2]->ptr(), weights[0],
      weights[1], weights[2], dout.ptr(), s.stride, s.rows, s.cols);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  std::vector<uint8_t> raw = dout.download<uint8_t>(outCount * 4 + kGuardBytes);
  size_t mismatches = 0;
  for (int r = 0; r < s.rows; ++r)
    for (int c = 0; c < s.cols; ++c) {
      size_t at = size_t(r) * s.stride + c;
      float want = 0.0f;
      for (int i = 0; i < 3; ++i)
        want += halfBitsToFloat(srcs[i][at]) * weights[i];
      float got;
      std::memcpy(&got, raw.data() + (size_t(r) * s.cols + c) * 4, 4);
      if (floatBits(got) != floatBits(want) && ++mismatches <= 5)
        ADD_FAILURE() << "(" << r << ", " << c << ") = " << got << ", want "
                      << want;
    }
  EXPECT_EQ(mismatches, 0u);
  expectGuardUntouched(raw, outCount * 4);
}

INSTANTIATE_TEST_SUITE_P(Shapes, TuplesTest,
                         ::testing::Values(Shape{4, 1024, 1024},
                                           Shape{7, 1000, 1032}, Shape{1, 1, 8},
                                           Shape{33, 513, 520}));

} // namespace
} // namespace tkc::e2e
