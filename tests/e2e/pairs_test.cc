//===- pairs_test.cc - tl.split, join, interleave and cat on a GPU --------===//
//
// Runs kernels/pairs.py through its generated C APIs (rotate_pairs.h,
// interleave.h, concat_rows.h) on lengths that fill whole programs (the
// aligned variants) and ragged ones (the generic variants), and checks every
// output against the CPU: the interleaved and concatenated values bit for
// bit, the rotated pairs to within what fp32 rounding (and fused
// multiply-adds) allows; nothing past the output, nor rows past the input,
// may be written.
//
//===----------------------------------------------------------------------===//

#include "concat_rows.h"
#include "interleave.h"
#include "rotate_pairs.h"
#include "tests/e2e/gpu_test_support.h"

#include <cmath>

namespace tkc::e2e {
namespace {

/// One length: elements (interleave) or pairs (rotate_pairs).
class PairsTest : public GpuTest, public ::testing::WithParamInterface<int> {
};

TEST_P(PairsTest, InterleaveMatchesCpu) {
  const int n = GetParam();
  std::vector<float> a = randomFloats(n, 1, -10.0f, 10.0f);
  std::vector<float> b = randomFloats(n, 2, -10.0f, 10.0f);
  DeviceBuffer da(*driver, n * sizeof(float)), db(*driver, n * sizeof(float));
  const size_t bytes = 2 * n * sizeof(float);
  DeviceBuffer dout(*driver, bytes + kGuardBytes);
  da.upload(a);
  db.upload(b);
  dout.fill(kPoison);
  tkc_status status = interleave(stream(), da.ptr(), db.ptr(), dout.ptr(), n);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  std::vector<uint8_t> raw = dout.download<uint8_t>(bytes + kGuardBytes);
  size_t mismatches = 0;
  for (int i = 0; i < 2 * n; ++i) {
    float got;
    std::memcpy(&got, raw.data() + i * sizeof(float), sizeof(float));
    float want = (i % 2 ? b : a)[i / 2];
    if (floatBits(got) != floatBits(want) && ++mismatches <= 5)
      ADD_FAILURE() << "out[" << i << "] = " << got << ", want " << want;
  }
  EXPECT_EQ(mismatches, 0u) << "of " << 2 * n;
  expectGuardUntouched(raw, bytes);
}

TEST_P(PairsTest, RotatePairsMatchesCpu) {
  const int n = GetParam();
  std::vector<float> x = randomFloats(2 * n, 3, -10.0f, 10.0f);
  std::vector<float> angle = randomFloats(n, 4, -3.1416f, 3.1416f);
  std::vector<float> c(n), s(n);
  for (int i = 0; i < n; ++i) {
    c[i] = std::cos(angle[i]);
    s[i] = std::sin(angle[i]);
  }
  DeviceBuffer dx(*driver, 2 * n * sizeof(float));
  DeviceBuffer dc(*driver, n * sizeof(float)), ds(*driver, n * sizeof(float));
  const size_t bytes = 2 * n * sizeof(float);
  DeviceBuffer dy(*driver, bytes + kGuardBytes);
  dx.upload(x);
  dc.upload(c);
  ds.upload(s);
  dy.fill(kPoison);
  tkc_status status =
      rotate_pairs(stream(), dx.ptr(), dc.ptr(), ds.ptr(), dy.ptr(), n);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  std::vector<uint8_t> raw = dy.download<uint8_t>(bytes + kGuardBytes);
  size_t mismatches = 0;
  for (int i = 0; i < n; ++i) {
    double re = x[2 * i], im = x[2 * i + 1];
    double want[2] = {re * c[i] - im * s[i], re * s[i] + im * c[i]};
    for (int h = 0; h < 2; ++h) {
      float got;
      std::memcpy(&got, raw.data() + (2 * i + h) * sizeof(float),
                  sizeof(float));
      // Two products and a sum in fp32: a few ulps of the terms.
      double tolerance =
          4 * std::ldexp(1.0, -23) * (std::fabs(re) + std::fabs(im)) + 1e-30;
      if (!(std::fabs(got - want[h]) <= tolerance) && ++mismatches <= 5)
        ADD_FAILURE() << "y[" << i << "][" << h << "] = " << got << ", want "
                      << want[h];
    }
  }
  EXPECT_EQ(mismatches, 0u) << "of " << 2 * n;
  expectGuardUntouched(raw, bytes);
}

TEST_P(PairsTest, ConcatRowsMatchesCpu) {
  // Programs of 16 rows of 64: each writes its rows of a, then b's.
  constexpr int kRows = 16, kCols = 64;
  const int n = GetParam();
  const int programs = (n + kRows - 1) / kRows;
  std::vector<float> a = randomFloats(size_t(n) * kCols, 5, -10.0f, 10.0f);
  std::vector<float> b = randomFloats(size_t(n) * kCols, 6, -10.0f, 10.0f);
  DeviceBuffer da(*driver, a.size() * sizeof(float));
  DeviceBuffer db(*driver, b.size() * sizeof(float));
  const size_t bytes = size_t(2) * programs * kRows * kCols * sizeof(float);
  DeviceBuffer dout(*driver, bytes + kGuardBytes);
  da.upload(a);
  db.upload(b);
  dout.fill(kPoison);
  tkc_status status = concat_rows(stream(), da.ptr(), db.ptr(), dout.ptr(), n);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  std::vector<uint8_t> raw = dout.download<uint8_t>(bytes + kGuardBytes);
  size_t mismatches = 0;
  for (int r = 0; r < 2 * programs * kRows; ++r) {
    int p = r / (2 * kRows), half = r % (2 * kRows) / kRows;
    int src = p * kRows + r % kRows;
    for (int c = 0; c < kCols; ++c) {
      uint32_t got;
      std::memcpy(&got, raw.data() + (size_t(r) * kCols + c) * sizeof(float),
                  sizeof(float));
      // Rows past the input keep the poison the buffer was filled with.
      uint32_t want = src < n
                          ? floatBits((half ? b : a)[size_t(src) * kCols + c])
                          : 0x01010101u * kPoison;
      if (got != want && ++mismatches <= 5)
        ADD_FAILURE() << "out[" << r << "][" << c << "] = " << std::hex << got
                      << ", want " << want << std::dec;
    }
  }
  EXPECT_EQ(mismatches, 0u);
  expectGuardUntouched(raw, bytes);
}

INSTANTIATE_TEST_SUITE_P(Lengths, PairsTest,
                         ::testing::Values(1024, 65536, 1, 1000, 4099));

} // namespace
} // namespace tkc::e2e
