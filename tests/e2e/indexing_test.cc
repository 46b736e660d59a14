//===- indexing_test.cc - tl.gather and tl.histogram on a GPU -------------===//
//
// Runs kernels/indexing.py through the generated C APIs and checks against
// the CPU: gather_tile picks rows of each 64x16 fp32 tile by random indices
// (every value exact), block_histogram counts each program's 1024 int32
// values into 64 bins, values outside [0, 64) (negative ones included) in
// the bin of their low bits as Triton's lowering does, and skips the masked
// tail of a ragged length. Nothing past an output
// may be written.
//
//===----------------------------------------------------------------------===//

#include "block_histogram.h"
#include "gather_tile.h"
#include "tests/e2e/gpu_test_support.h"

#include <random>

namespace tkc::e2e {
namespace {

using IndexingTest = GpuTest;

TEST_F(IndexingTest, GatherTileRows) {
  constexpr int kM = 64, kN = 16, kK = 32;
  for (int tiles : {1, 37}) {
    std::vector<float> src = randomFloats(size_t(tiles) * kM * kN, 9, -5, 5);
    std::vector<int32_t> index(size_t(tiles) * kK * kN);
    std::mt19937 rng(tiles);
    for (int32_t &i : index)
      i = int32_t(rng() % kM);
    const size_t outBytes = index.size() * 4;
    DeviceBuffer dsrc(*driver, src.size() * 4), didx(*driver, outBytes),
        dout(*driver, outBytes + kGuardBytes);
    dsrc.upload(src);
    didx.upload(index);
    dout.fill(kPoison);
    tkc_status status =
        gather_tile(stream(), dsrc.ptr(), didx.ptr(), dout.ptr(), tiles);
    ASSERT_EQ(status, TKC_SUCCESS)
        << tkc_status_string(status) << ": " << tkc_last_error();
    synchronize();
    std::vector<uint8_t> raw = dout.download<uint8_t>(outBytes + kGuardBytes);
    size_t mismatches = 0;
    for (int t = 0; t < tiles; ++t)
      for (int k = 0; k < kK; ++k)
        for (int n = 0; n < kN; ++n) {
          size_t at = (size_t(t) * kK + k) * kN + n;
          float want = src[(size_t(t) * kM + index[at]) * kN + n], got;
          std::memcpy(&got, raw.data() + at * 4, 4);
          if (floatBits(got) != floatBits(want) && ++mismatches <= 5)
            ADD_FAILURE() << "tile " << t << " (" << k << ", " << n
                          << "): " << got << ", want " << want;
        }
    EXPECT_EQ(mismatches, 0u) << tiles << " tiles";
    expectGuardUntouched(raw, outBytes);
  }
}

TEST_F(IndexingTest, BlockHistogramCountsByLowBits) {
  constexpr int kBins = 64, kBlock = 1024;
  for (int n : {1024, 5000, 1}) {
    const int programs = (n + kBlock - 1) / kBlock;
    std::vector<int32_t> x(n);
    std::mt19937 rng(n);
    for (int32_t &v : x)
      v = int32_t(rng() % 80) - 8; // -8 .. 71: some out of range each side
    const size_t outBytes = size_t(programs) * kBins * 4;
    DeviceBuffer dx(*driver, size_t(n) * 4),
        dout(*driver, outBytes + kGuardBytes);
    dx.upload(x);
    dout.fill(kPoison);
    tkc_status status = block_histogram(stream(), dx.ptr(), dout.ptr(), n);
    ASSERT_EQ(status, TKC_SUCCESS)
        << tkc_status_string(status) << ": " << tkc_last_error();
    synchronize();
    std::vector<uint8_t> raw = dout.download<uint8_t>(outBytes + kGuardBytes);
    size_t mismatches = 0;
    for (int p = 0; p < programs; ++p) {
      std::vector<int32_t> want(kBins, 0);
      for (int i = p * kBlock; i < std::min(n, (p + 1) * kBlock); ++i)
        ++want[x[i] & (kBins - 1)];
      for (int b = 0; b < kBins; ++b) {
        int32_t got;
        std::memcpy(&got, raw.data() + (size_t(p) * kBins + b) * 4, 4);
        if (got != want[b] && ++mismatches <= 5)
          ADD_FAILURE() << "n " << n << " program " << p << " bin " << b
                        << ": " << got << ", want " << want[b];
      }
    }
    EXPECT_EQ(mismatches, 0u) << "n " << n;
    expectGuardUntouched(raw, outBytes);
  }
}

} // namespace
} // namespace tkc::e2e
