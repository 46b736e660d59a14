//===- atomics_test.cc - Kernels built on atomics, on a GPU ---------------===//
//
// Runs kernels/atomics.py through its generated C APIs (histogram.h,
// abs_max.h, compact_positive.h). histogram: int32 values with some outside [0,
// num_bins), over sizes with and without a partial last block, on aligned and
// misaligned data; every bin must hold the exact count, with many programs and
// threads adding to the same bins, and nothing past the bins may be written.
// abs_max: the running maximum magnitude over many programs (a float
// atomic maximum, run on the bits), bit for bit, including all-negative
// inputs and a start value above every element. compact_positive: the count
// of positive values, and the output's first count values are exactly the
// positive inputs, each chunk's in order (the offset every program reserves
// with its scalar atomic add reaches all its threads), nothing written past
// them.
//
//===----------------------------------------------------------------------===//

#include "abs_max.h"
#include "compact_positive.h"
#include "histogram.h"
#include "tests/e2e/gpu_test_support.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <unordered_map>

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

/// compact_positive for one n_elements value.
class CompactTest : public GpuTest,
                    public ::testing::WithParamInterface<int32_t> {};

TEST_P(CompactTest, KeepsEveryPositiveValueOnce) {
  const int32_t n = GetParam(), block = 1024;
  std::vector<float> x = randomFloats(n, 5, -1.0f, 1.0f);
  std::vector<float> positive;
  for (float v : x)
    if (v > 0)
      positive.push_back(v);
  const size_t outBytes = n * sizeof(float);

  DeviceBuffer dx(*driver, outBytes), dout(*driver, outBytes + kGuardBytes);
  DeviceBuffer dcount(*driver, sizeof(int32_t));
  dx.upload(x);
  dout.fill(kPoison);
  dcount.fill(0);
  tkc_status status =
      compact_positive(stream(), dx.ptr(), dout.ptr(), dcount.ptr(), n);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();

  const int32_t count = dcount.download<int32_t>(1)[0];
  ASSERT_EQ(count, static_cast<int32_t>(positive.size()));
  std::vector<uint8_t> raw = dout.download<uint8_t>(outBytes + kGuardBytes);
  std::vector<float> got(count);
  std::memcpy(got.data(), raw.data(), count * sizeof(float));
  // Chunks land in any order, each as one run of its positive values in
  // order: find each chunk's run by where its first value landed.
  std::unordered_multimap<uint32_t, int32_t> where;
  for (int32_t i = 0; i < count; ++i)
    where.emplace(floatBits(got[i]), i);
  std::vector<bool> used(count, false);
  size_t runsFound = 0, chunks = 0;
  for (int32_t start = 0; start < n; start += block) {
    std::vector<float> run;
    for (int32_t i = start; i < std::min(n, start + block); ++i)
      if (x[i] > 0)
        run.push_back(x[i]);
    if (run.empty())
      continue;
    ++chunks;
    auto [first, last] = where.equal_range(floatBits(run[0]));
    for (auto it = first; it != last; ++it) {
      int32_t at = it->second;
      if (used[at] || at + run.size() > static_cast<size_t>(count) ||
          !std::equal(
              run.begin(), run.end(), got.begin() + at,
              [](float a, float b) { return floatBits(a) == floatBits(b); }))
        continue;
      std::fill(used.begin() + at, used.begin() + at + run.size(), true);
      ++runsFound;
      break;
    }
  }
  EXPECT_EQ(runsFound, chunks) << "chunks whose values appear as one run";
  for (size_t b = count * sizeof(float); b < raw.size(); ++b)
    ASSERT_EQ(raw[b], kPoison) << "byte " << b << " past the kept values";
}

INSTANTIATE_TEST_SUITE_P(Sizes, CompactTest,
                         ::testing::ValuesIn(elementwiseSizes()));

} // namespace
} // namespace tkc::e2e
