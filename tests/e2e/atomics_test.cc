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
// them. scatter_add (bf16, fp16, fp32): rows of small integers added into few
// target rows by many programs at once; every partial sum is an integer
// exact in its type in any order, so the result must match bit for bit. claim:
// 512 programs race for 256 int16 slots (two in each 32-bit word) by
// compare-and-swap; each slot must end with exactly one winner's id, and only
// that program may have seen it free.
//
//===----------------------------------------------------------------------===//

#include "abs_max.h"
#include "claim.h"
#include "compact_positive.h"
#include "histogram.h"
#include "scatter_add_bf16.h"
#include "scatter_add_fp16.h"
#include "scatter_add_fp32.h"
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

/// scatter_add of one float type: `launch` runs it on rows of each of
/// `columns`; `bytes` is the element size, integers up to `exact` are exact
/// in it, and `toBits` and `fromBits` convert its bit patterns.
struct ScatterAddCase {
  const char *name;
  tkc_status (*launch)(tkc_stream, void *, void *, void *, int32_t, int32_t);
  size_t bytes;
  int exact;
  uint32_t (*toBits)(float);
  float (*fromBits)(uint32_t);
  std::vector<int32_t> columns;
};

class ScatterAddTest : public GpuTest,
                       public ::testing::WithParamInterface<ScatterAddCase> {};

TEST_P(ScatterAddTest, AddsEveryRowIntoItsTarget) {
  const ScatterAddCase &c = GetParam();
  for (int32_t cols : c.columns) {
    // 4096 rows into 7 targets: about 585 rows each, of values -1, 0 or 1.
    // Every partial sum, in whatever order the additions land, lies between
    // minus the number of -1s and the number of 1s: exact while both counts
    // stay within the type's exact integers (256 for bf16's 8 significant
    // bits).
    const int32_t rows = 4096, targets = 7;
    std::vector<float> r = randomFloats(rows * cols + rows, 11, 0.0f, 3.0f);
    std::vector<int32_t> idx(rows);
    std::vector<uint8_t> src(size_t(rows) * cols * c.bytes);
    std::vector<float> want(targets * cols, 0.0f);
    std::vector<int> ones(targets * cols, 0), minusOnes(targets * cols, 0);
    for (int32_t i = 0; i < rows; ++i) {
      idx[i] =
          static_cast<int32_t>(r[rows * cols + i] * targets / 3.0f) % targets;
      for (int32_t j = 0; j < cols; ++j) {
        float v = std::floor(r[i * cols + j]) - 1.0f; // -1, 0 or 1
        uint32_t bits = c.toBits(v);
        std::memcpy(&src[(size_t(i) * cols + j) * c.bytes], &bits, c.bytes);
        want[idx[i] * cols + j] += v;
        ones[idx[i] * cols + j] += v > 0;
        minusOnes[idx[i] * cols + j] += v < 0;
      }
    }
    for (int32_t k = 0; k < targets * cols; ++k)
      ASSERT_TRUE(ones[k] <= c.exact && minusOnes[k] <= c.exact)
          << "the test's partial sums must stay exact";

    const size_t outBytes = targets * cols * c.bytes;
    DeviceBuffer didx(*driver, rows * sizeof(int32_t));
    DeviceBuffer dsrc(*driver, src.size());
    DeviceBuffer dout(*driver, outBytes + kGuardBytes);
    didx.upload(idx);
    dsrc.upload(src);
    dout.fill(0); // +0.0 in every type; the guard bytes must stay 0
    tkc_status status =
        c.launch(stream(), didx.ptr(), dsrc.ptr(), dout.ptr(), rows, cols);
    ASSERT_EQ(status, TKC_SUCCESS)
        << tkc_status_string(status) << ": " << tkc_last_error();
    synchronize();

    std::vector<uint8_t> all = dout.download<uint8_t>(outBytes + kGuardBytes);
    for (int32_t k = 0; k < targets * cols; ++k) {
      uint32_t bits = 0;
      std::memcpy(&bits, &all[k * c.bytes], c.bytes);
      ASSERT_EQ(c.fromBits(bits), want[k])
          << c.name << ", " << cols << " columns: target " << k / cols
          << " column " << k % cols;
    }
    for (size_t b = outBytes; b < all.size(); ++b)
      ASSERT_EQ(all[b], 0) << "byte " << b << " past the targets";
  }
}

/// The bit conversions of each type, as ScatterAddCase takes them.
uint32_t bf16Bits(float v) { return floatToBf16Bits(v); }
float fromBf16Bits(uint32_t bits) { return bf16BitsToFloat(bits); }
uint32_t halfBits(float v) { return floatToHalfBits(v); }
float fromHalfBits(uint32_t bits) { return halfBitsToFloat(bits); }
float fromFloatBits(uint32_t bits) {
  float v;
  std::memcpy(&v, &bits, 4);
  return v;
}

// fp32 on rows of 400 (4 columns per atomic on sm_90, the last vectors of
// each row masked off) and of 203 (the generic variant, one at a time);
// bf16 and fp16 on rows of 208 (2 columns per atomic on sm_90) and 203.
INSTANTIATE_TEST_SUITE_P(
    Types, ScatterAddTest,
    ::testing::Values(ScatterAddCase{"bf16",
                                     scatter_add_bf16,
                                     2,
                                     256,
                                     bf16Bits,
                                     fromBf16Bits,
                                     {208, 203}},
                      ScatterAddCase{"fp16",
                                     scatter_add_fp16,
                                     2,
                                     2048,
                                     halfBits,
                                     fromHalfBits,
                                     {208, 203}},
                      ScatterAddCase{"fp32",
                                     scatter_add_fp32,
                                     4,
                                     1 << 24,
                                     floatBits,
                                     fromFloatBits,
                                     {400, 203}}),
    [](const ::testing::TestParamInfo<ScatterAddCase> &info) {
      return std::string(info.param.name);
    });

TEST_F(GpuTest, ClaimGivesEachSlotOneWinner) {
  const int32_t programs = 512, slots = 256;
  DeviceBuffer dslots(*driver, slots * sizeof(int16_t) + kGuardBytes);
  DeviceBuffer dwon(*driver, programs * slots);
  dslots.fill(0);
  dwon.fill(kPoison);
  tkc_status status = claim(stream(), dslots.ptr(), dwon.ptr(), programs);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();

  std::vector<int16_t> owner = dslots.download<int16_t>(slots);
  std::vector<int8_t> won = dwon.download<int8_t>(programs * slots);
  for (int32_t s = 0; s < slots; ++s) {
    int winners = 0, winner = -1;
    for (int32_t p = 0; p < programs; ++p) {
      ASSERT_TRUE(won[p * slots + s] == 0 || won[p * slots + s] == 1)
          << "program " << p << " slot " << s;
      if (won[p * slots + s]) {
        ++winners;
        winner = p;
      }
    }
    ASSERT_EQ(winners, 1) << "slot " << s;
    EXPECT_EQ(owner[s], programs - winner) << "slot " << s;
  }
  std::vector<uint8_t> all =
      dslots.download<uint8_t>(slots * sizeof(int16_t) + kGuardBytes);
  for (size_t b = slots * sizeof(int16_t); b < all.size(); ++b)
    ASSERT_EQ(all[b], 0) << "byte " << b << " past the slots";
}

} // namespace
} // namespace tkc::e2e
