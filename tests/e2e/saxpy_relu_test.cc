//===- saxpy_relu_test.cc - saxpy_relu on a GPU against a CPU reference ---===//
//
// Runs kernels/saxpy_relu.py (out = max(a * x + y, 0)) through its generated
// C API for several sizes and scales, and compares with the CPU. The GPU may
// fuse a * x + y into one FMA, so values are compared to within two rounding
// errors of the unfused result; the sign (what ReLU decides) must match.
//
//===----------------------------------------------------------------------===//

#include "saxpy_relu.h"
#include "tests/e2e/gpu_test_support.h"

#include <cmath>
#include <tuple>

namespace tkc::e2e {
namespace {

/// saxpy_relu for one (n_elements, a) pair.
class SaxpyReluTest
    : public GpuTest,
      public ::testing::WithParamInterface<std::tuple<int32_t, float>> {};

TEST_P(SaxpyReluTest, MatchesCpu) {
  const auto [n, a] = GetParam();
  const size_t bytes = n * sizeof(float);
  std::vector<float> x = randomFloats(n, 3, -10.0f, 10.0f);
  std::vector<float> y = randomFloats(n, 4, -10.0f, 10.0f);

  DeviceBuffer dx(*driver, bytes), dy(*driver, bytes);
  DeviceBuffer dout(*driver, bytes + kGuardBytes);
  dx.upload(x);
  dy.upload(y);
  dout.fill(kPoison);

  tkc_status status =
      saxpy_relu(stream(), dx.ptr(), dy.ptr(), dout.ptr(), a, n);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();

  std::vector<uint8_t> out = dout.download<uint8_t>(bytes + kGuardBytes);
  size_t mismatches = 0;
  for (int32_t i = 0; i < n; ++i) {
    float got;
    std::memcpy(&got, out.data() + i * sizeof(float), sizeof(float));
    float product = a * x[i];
    float want = std::fmax(product + y[i], 0.0f);
    float tolerance = 2 * 1.2e-7f * (std::fabs(product) + std::fabs(y[i]));
    bool ok = std::fabs(got - want) <= tolerance && got >= 0.0f;
    if (!ok && ++mismatches <= 5)
      ADD_FAILURE() << "out[" << i << "] = " << got << ", want " << want
                    << " (a = " << a << ", x = " << x[i] << ", y = " << y[i]
                    << ")";
  }
  EXPECT_EQ(mismatches, 0u) << "of " << n << " elements";
  for (size_t i = bytes; i < out.size(); ++i)
    ASSERT_EQ(out[i], kPoison) << "byte " << i - bytes << " past the end";
}

INSTANTIATE_TEST_SUITE_P(
    SizesAndScales, SaxpyReluTest,
    ::testing::Combine(::testing::ValuesIn(elementwiseSizes()),
                       ::testing::Values(2.5f, -0.75f, 0.0f)));

} // namespace
} // namespace tkc::e2e
