//===- transpose_test.cc - transpose on a GPU against a CPU reference -----===//
//
// Runs kernels/transpose.py (a tiled transpose through tl.trans) through its
// generated C API (transpose.h) on device memory for whole and ragged tiles,
// with row strides that reach the specialized variant (divisible by 16) and
// the generic one, and checks every element of out[j, i] = x[i, j] bit for
// bit, that padding between rows is left alone and that nothing past the
// output is written.
//
//===----------------------------------------------------------------------===//

#include "tests/e2e/gpu_test_support.h"
#include "transpose.h"

#include <tuple>

namespace tkc::e2e {
namespace {

/// transpose for one (M, N, padding of each row) case.
class TransposeTest : public GpuTest,
                      public ::testing::WithParamInterface<
                          std::tuple<int32_t, int32_t, int32_t>> {};

TEST_P(TransposeTest, MatchesCpu) {
  const auto [m, n, pad] = GetParam();
  const int32_t strideX = n + pad, strideOut = m + pad;
  const size_t inCount = size_t(m) * strideX, outCount = size_t(n) * strideOut;
  std::vector<float> x = randomFloats(inCount, 11, -100.0f, 100.0f);

  DeviceBuffer dx(*driver, inCount * sizeof(float));
  DeviceBuffer dout(*driver, outCount * sizeof(float) + kGuardBytes);
  dx.upload(x);
  dout.fill(kPoison);

  tkc_status status =
      transpose(stream(), dx.ptr(), dout.ptr(), m, n, strideX, strideOut);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();

  const size_t outBytes = outCount * sizeof(float);
  std::vector<uint8_t> out = dout.download<uint8_t>(outBytes + kGuardBytes);
  size_t mismatches = 0;
  for (int32_t j = 0; j < n; ++j)
    for (int32_t i = 0; i < strideOut; ++i) {
      size_t at = (size_t(j) * strideOut + i) * sizeof(float);
      if (i >= m) {
        // Padding between rows is never written.
        for (size_t b = 0; b < sizeof(float); ++b)
          if (out[at + b] != kPoison && ++mismatches <= 5)
            ADD_FAILURE() << "padding out[" << j << ", " << i << "] written";
        continue;
      }
      float got;
      std::memcpy(&got, out.data() + at, sizeof(float));
      float want = x[size_t(i) * strideX + j];
      if (floatBits(got) != floatBits(want) && ++mismatches <= 5)
        ADD_FAILURE() << "out[" << j << ", " << i << "] = " << got << ", want "
                      << want;
    }
  EXPECT_EQ(mismatches, 0u) << "of " << m << "x" << n;
  for (size_t b = outBytes; b < out.size(); ++b)
    ASSERT_EQ(out[b], kPoison) << "byte " << b - outBytes << " past the end";
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, TransposeTest,
    ::testing::Values(
        // Whole tiles, strides divisible by 16 (the specialized variant).
        std::tuple(32, 32, 0), std::tuple(1024, 512, 0),
        std::tuple(64, 2048, 16),
        // Ragged tiles and strides (the generic variant).
        std::tuple(1, 1, 0), std::tuple(100, 37, 0), std::tuple(37, 100, 3),
        std::tuple(1, 1000, 0), std::tuple(1000, 1, 0),
        std::tuple(513, 257, 5)));

} // namespace
} // namespace tkc::e2e
