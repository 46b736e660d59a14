//===- atomics_test.cc - Kernels built on atomics, on a GPU ---------------===//
//
// Runs kernels/atomics.py through its generated C APIs (histogram.h,
// abs_max.h). histogram: int32 values with some outside [0, num_bins), over
// sizes with and without a partial last block, on aligned and misaligned
// data; every bin must hold the exact count, with many programs and threads
// adding to the same bins, and nothing past the bins may be written.
// abs_max: the running maximum magnitude over many programs (a float
// atomic maximum, run on the bits), bit for bit, including all-negative
// inputs and a start value above every element.
//
//===----------------------------------------------------------------------===//

#include "abs_max.h"
#include "histogram.h"
#include "tests/e2e/gpu_test_support.h"

#include <algorithm>
#include <cmath>

namespace tkc::e2e {
namespace {

/// histogram for one n_elements value.
class HistogramTest : public GpuTest,
                      public ::testing::WithParamInterface<int32_t> {};

TEST_P(HistogramTest, CountsEveryValue) {
  const int32_t n = GetParam(), bins = 37;
  std::vector<float> r = randomFloats(n, 3, -3.0f, 40.0f);
  std::vector<int32_t> x(n);
  for (int32_t i = 0; i < n; ++i)
    x[i] = static_cast<int32_t>(std::floor(r[i])); // -3 .. 39: some skipped
  std::vector<int32_t> want(bins, 0);
  for (int32_t v : x)
    if (v >= 0 && v < bins)
      ++want[v];

  DeviceBuffer dx(*driver, n * sizeof(int32_t));
  DeviceBuffer dcounts(*driver, bins * sizeof(int32_t) + kGuardBytes);
  dx.upload(x);
  dcounts.fill(0); // the bins start at 0; the bytes past them must stay 0
  tkc_status status = histogram(stream(), dx.ptr(), dcounts.ptr(), n, bins);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();

  std::vector<int32_t> got = dcounts.download<int32_t>(bins);
  for (int32_t b = 0; b < bins; ++b)
    EXPECT_EQ(got[b], want[b]) << "bin " << b << " of " << n << " values";
  std::vector<uint8_t> all =
      dcounts.download<uint8_t>(bins * sizeof(int32_t) + kGuardBytes);
  for (size_t i = bins * sizeof(int32_t); i < all.size(); ++i)
    ASSERT_EQ(all[i], 0) << "byte " << i << " past the bins";
}

INSTANTIATE_TEST_SUITE_P(Sizes, HistogramTest,
                         ::testing::ValuesIn(elementwiseSizes()));

TEST_F(GpuTest, HistogramOfMisalignedValues) {
  // 4 bytes into the buffer: the generic variant.
  const int32_t n = 5000, bins = 8;
  std::vector<int32_t> x(n + 1);
  for (int32_t i = 0; i < n; ++i)
    x[i + 1] = i % bins;
  DeviceBuffer dx(*driver, x.size() * sizeof(int32_t));
  DeviceBuffer dcounts(*driver, bins * sizeof(int32_t) + sizeof(int32_t));
  dx.upload(x);
  dcounts.fill(0);
  tkc_status status = histogram(stream(), dx.ptr(sizeof(int32_t)),
                                dcounts.ptr(sizeof(int32_t)), n, bins);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  std::vector<int32_t> got = dcounts.download<int32_t>(bins + 1);
  EXPECT_EQ(got[0], 0) << "the word before the bins";
  for (int32_t b = 0; b < bins; ++b)
    EXPECT_EQ(got[b + 1], n / bins) << "bin " << b;
}

/// abs_max for one n_elements value and one value range.
struct AbsMaxCase {
  int32_t n;
  float lo, hi;
  float start;
};

class AbsMaxTest : public GpuTest,
                   public ::testing::WithParamInterface<AbsMaxCase> {};

TEST_P(AbsMaxTest, RaisesToTheLargestMagnitude) {
  const AbsMaxCase &c = GetParam();
  std::vector<float> x = randomFloats(c.n, 11, c.lo, c.hi);
  float want = c.start;
  for (float v : x)
    want = std::max(want, std::fabs(v));

  DeviceBuffer dx(*driver, c.n * sizeof(float)), dout(*driver, sizeof(float));
  dx.upload(x);
  dout.upload(std::vector<float>{c.start});
  tkc_status status = abs_max(stream(), dx.ptr(), dout.ptr(), c.n);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  float got = dout.download<float>(1)[0];
  EXPECT_EQ(floatBits(got), floatBits(want)) << got << " vs " << want;
}

INSTANTIATE_TEST_SUITE_P(
    Cases, AbsMaxTest,
    ::testing::Values(AbsMaxCase{1, -5.0f, 5.0f, 0.0f},
                      AbsMaxCase{1000, -5.0f, 5.0f, 0.0f},
                      AbsMaxCase{1 << 20, -1000.0f, 1000.0f, 0.0f},
                      AbsMaxCase{100003, -70.0f, -2.0f, 0.0f},
                      AbsMaxCase{4096, -1.0f, 1.0f, 3.5f}));

} // namespace
} // namespace tkc::e2e
