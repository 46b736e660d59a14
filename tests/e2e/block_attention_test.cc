//===- block_attention_test.cc - Attention over named key blocks on a GPU -===//
//
// Runs kernels/block_attention.py through its generated C API, on one warp
// (block_attention_16x128: mma.sync, K and V stored to shared memory one
// after the other between one pair of barriers) and on a warpgroup
// (block_attention_64x64: wgmma on sm_90a). Each row block's table names
// some key blocks and skips others (negative entries), so the loop's
// run-time `if` takes both ways; the last row block is partial. The outputs
// are compared with a double-precision CPU reference that rounds the
// probabilities to fp16 as the kernel does before its second product;
// nothing past the outputs may be written.
//
//===----------------------------------------------------------------------===//

#include "block_attention_16x128.h"
#include "block_attention_64x64.h"
#include "tests/e2e/gpu_test_support.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>

namespace tkc::e2e {
namespace {

/// A shape of the kernel and its generated entry point.
struct Variant {
  const char *name;
  int32_t m, d, bs;
  std::function<tkc_status(tkc_stream, void *, void *, void *, void *, void *,
                           int32_t, float)>
      run;
};

constexpr int32_t kTableEntries = 4; // S, fixed in kernels/BUILD
constexpr int32_t kKeyBlocks = 6;

class BlockAttentionTest : public GpuTest,
                           public ::testing::WithParamInterface<Variant> {};

TEST_P(BlockAttentionTest, MatchesTheCpuOnNamedBlocks) {
  const Variant &variant = GetParam();
  const int32_t m = variant.m, d = variant.d, bs = variant.bs;
  const int32_t rowBlocks = 5, nRows = rowBlocks * m - m / 2;
  const int32_t keys = kKeyBlocks * bs;
  const float scale = 1.0f / std::sqrt(float(d));
  auto halves = [](const std::vector<float> &values) {
    std::vector<uint16_t> bits(values.size());
    for (size_t i = 0; i < values.size(); ++i)
      bits[i] = floatToHalfBits(values[i]);
    return bits;
  };
  std::vector<uint16_t> q =
      halves(randomFloats(size_t(rowBlocks) * m * d, 11, -1.0f, 1.0f));
  std::vector<uint16_t> k = halves(randomFloats(size_t(keys) * d, 12, -1, 1));
  std::vector<uint16_t> v = halves(randomFloats(size_t(keys) * d, 13, -1, 1));
  // Row block b names blocks (b + 2j) % kKeyBlocks for j < kTableEntries,
  // except those where (b + j) % 3 == 2, which it skips (entry -1); every
  // row block keeps at least entry 0 or 1.
  std::vector<int32_t> table(size_t(rowBlocks) * kTableEntries);
  for (int32_t b = 0; b < rowBlocks; ++b)
    for (int32_t j = 0; j < kTableEntries; ++j)
      table[size_t(b) * kTableEntries + j] =
          (b + j) % 3 == 2 ? -1 : (b + 2 * j) % kKeyBlocks;

  DeviceBuffer dq(*driver, q.size() * 2), dk(*driver, k.size() * 2),
      dv(*driver, v.size() * 2), dtable(*driver, table.size() * 4),
      dout(*driver, size_t(nRows) * d * 4 + kGuardBytes);
  dq.upload(q);
  dk.upload(k);
  dv.upload(v);
  dtable.upload(table);
  dout.fill(kPoison);
  tkc_status status = variant.run(stream(), dq.ptr(), dk.ptr(), dv.ptr(),
                                  dtable.ptr(), dout.ptr(), nRows, scale);
  ASSERT_EQ(status, TKC_SUCCESS) << tkc_last_error();
  synchronize();
  std::vector<float> out =
      dout.download<float>(size_t(nRows) * d + kGuardBytes / 4);

  for (int32_t r = 0; r < nRows; ++r) {
    SCOPED_TRACE("row " + std::to_string(r));
    int32_t b = r / m;
    std::vector<int32_t> named;
    for (int32_t j = 0; j < kTableEntries; ++j)
      if (table[size_t(b) * kTableEntries + j] >= 0)
        for (int32_t t = 0; t < bs; ++t)
          named.push_back(table[size_t(b) * kTableEntries + j] * bs + t);
    std::vector<double> s(named.size());
    double top = -INFINITY;
    for (size_t i = 0; i < named.size(); ++i) {
      double dotp = 0;
      for (int32_t c = 0; c < d; ++c)
        dotp += double(halfBitsToFloat(q[size_t(r) * d + c])) *
                halfBitsToFloat(k[size_t(named[i]) * d + c]);
      s[i] = dotp * scale;
      top = std::max(top, s[i]);
    }
    double sum = 0;
    std::vector<double> p(named.size());
    for (size_t i = 0; i < named.size(); ++i) {
      sum += std::exp(s[i] - top);
      p[i] = halfBitsToFloat(floatToHalfBits(float(std::exp(s[i] - top))));
    }
    for (int32_t c = 0; c < d; ++c) {
      double want = 0;
      for (size_t i = 0; i < named.size(); ++i)
        want += p[i] * halfBitsToFloat(v[size_t(named[i]) * d + c]);
      want /= sum;
      ASSERT_NEAR(out[size_t(r) * d + c], want, 5e-3) << "column " << c;
    }
  }
  for (size_t i = size_t(nRows) * d; i < out.size(); ++i)
    ASSERT_EQ(floatBits(out[i]), 0xA5A5A5A5u) << "written past the rows";
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, BlockAttentionTest,
    ::testing::Values(Variant{"one_warp", 16, 128, 64, block_attention_16x128},
                      Variant{"warpgroup", 64, 64, 64, block_attention_64x64}),
    [](const ::testing::TestParamInfo<Variant> &info) {
      return std::string(info.param.name);
    });

} // namespace
} // namespace tkc::e2e
