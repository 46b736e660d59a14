//===- library_test.cc - tl.sort, tl.flip and Philox numbers on a GPU -----===//
//
// Runs kernels/library.py (functions of tkc's Triton-language library)
// through their generated C APIs and checks them against the CPU:
// - sort_rows and sort_rows_descending against std::sort, bit for bit, on
//   full and ragged rows with repeated values and infinities;
// - flip_tiles_dim0/1 against reversing the tile's rows or columns;
// - random_numbers: tl.randint against a CPU Philox-4x32-10 and the
//   published known-answer vector (key 0, counter 0 -> 0x6627e8d5), tl.rand
//   bit for bit from those bits, tl.randn to within fp32 math rounding;
// - random_numbers_64: with 64-bit offsets, tl.randint against a CPU
//   Philox-4x64-10 and its known-answer vector, tl.rand bit for bit;
// - dropout: kept elements scaled by 1/(1-p), the others 0, kept exactly
//   where the CPU's uniform numbers exceed p.
// Nothing past an output may be written.
//
//===----------------------------------------------------------------------===//

#include "dropout.h"
#include "flip_tiles_dim0.h"
#include "flip_tiles_dim1.h"
#include "random_numbers.h"
#include "random_numbers_64.h"
#include "sort_rows.h"
#include "sort_rows_descending.h"
#include "tests/e2e/gpu_test_support.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>

namespace tkc::e2e {
namespace {

/// Philox-4x32 with 10 rounds, as Salmon et al. define it: the key is the
/// seed's two halves, the counter (offset, 0, 0, 0).
std::array<uint32_t, 4> philox(uint64_t seed, uint32_t offset) {
  uint32_t c[4] = {offset, 0, 0, 0};
  uint32_t k0 = static_cast<uint32_t>(seed),
           k1 = static_cast<uint32_t>(seed >> 32);
  for (int round = 0; round < 10; ++round) {
    uint64_t p0 = uint64_t{0xD2511F53} * c[0];
    uint64_t p1 = uint64_t{0xCD9E8D57} * c[2];
    uint32_t next[4] = {static_cast<uint32_t>(p1 >> 32) ^ c[1] ^ k0,
                        static_cast<uint32_t>(p1),
                        static_cast<uint32_t>(p0 >> 32) ^ c[3] ^ k1,
                        static_cast<uint32_t>(p0)};
    std::copy(next, next + 4, c);
    k0 += 0x9E3779B9;
    k1 += 0xBB67AE85;
  }
  return {c[0], c[1], c[2], c[3]};
}

/// Philox-4x64 with 10 rounds: the key is (seed, 0), the counter (offset,
/// 0, 0, 0), as tl.philox takes 64-bit counters.
std::array<uint64_t, 4> philox64(uint64_t seed, uint64_t offset) {
  uint64_t c[4] = {offset, 0, 0, 0};
  uint64_t k0 = seed, k1 = 0;
  for (int round = 0; round < 10; ++round) {
    unsigned __int128 p0 = (unsigned __int128)0xD2E7470EE14C6C93ull * c[0];
    unsigned __int128 p1 = (unsigned __int128)0xCA5A826395121157ull * c[2];
    uint64_t next[4] = {
        static_cast<uint64_t>(p1 >> 64) ^ c[1] ^ k0, static_cast<uint64_t>(p1),
        static_cast<uint64_t>(p0 >> 64) ^ c[3] ^ k1, static_cast<uint64_t>(p0)};
    std::copy(next, next + 4, c);
    k0 += 0x9E3779B97F4A7C15ull;
    k1 += 0xBB67AE8584CAA73Bull;
  }
  return {c[0], c[1], c[2], c[3]};
}

/// 64 random bits -> [0, 1), as tl.uint_to_uniform_float does.
float uniform64(uint64_t bits) {
  int64_t x = static_cast<int64_t>(bits);
  if (x < 0)
    x = -x - 1;
  return static_cast<float>(x) * 1.0842020432385337e-19f;
}

/// 32 random bits -> [0, 1), as tl.uint_to_uniform_float does.
float uniform(uint32_t bits) {
  int32_t x = static_cast<int32_t>(bits);
  if (x < 0)
    x = -x - 1;
  return static_cast<float>(x) * 4.6566127342e-10f;
}

/// A launch of one row/tile kernel variant.
using Launch = std::function<tkc_status(void *, void *, void *, int)>;

class LibraryTest : public GpuTest {
protected:
  /// Sorts `rows` rows of `cols` values with `launch` and compares with
  /// std::sort in that order.
  void checkSort(const Launch &launch, int rows, int cols, bool descending) {
    std::vector<float> x = randomFloats(size_t(rows) * cols, 7 + cols, -4, 4);
    for (size_t i = 0; i < x.size(); ++i) {
      // Many repeated values, and no -0.0 (std::sort may put it either side
      // of 0.0).
      x[i] = std::round(x[i] * 8) / 8 + 0.0f;
      if (i % 97 == 5)
        x[i] = i % 2 ? INFINITY : -INFINITY;
    }
    const size_t bytes = x.size() * sizeof(float);
    DeviceBuffer dx(*driver, bytes), dy(*driver, bytes + kGuardBytes);
    dx.upload(x);
    dy.fill(kPoison);
    tkc_status status = launch(dx.ptr(), dy.ptr(), stream(), rows);
    ASSERT_EQ(status, TKC_SUCCESS)
        << tkc_status_string(status) << ": " << tkc_last_error();
    synchronize();
    std::vector<uint8_t> raw = dy.download<uint8_t>(bytes + kGuardBytes);
    size_t mismatches = 0;
    for (int r = 0; r < rows; ++r) {
      std::vector<float> want(x.begin() + size_t(r) * cols,
                              x.begin() + size_t(r + 1) * cols);
      if (descending)
        std::sort(want.begin(), want.end(), std::greater<float>());
      else
        std::sort(want.begin(), want.end());
      for (int c = 0; c < cols; ++c) {
        float got;
        std::memcpy(&got, raw.data() + (size_t(r) * cols + c) * sizeof(float),
                    sizeof(float));
        if (floatBits(got) != floatBits(want[c]) && ++mismatches <= 5)
          ADD_FAILURE() << "row " << r << " col " << c << ": " << got
                        << ", want " << want[c];
      }
    }
    EXPECT_EQ(mismatches, 0u) << "of " << x.size();
    expectGuardUntouched(raw, bytes);
  }
};

TEST_F(LibraryTest, SortRowsAscending) {
  for (int cols : {1024, 1000, 1})
    checkSort(
        [cols](void *x, void *y, void *s, int rows) {
          return sort_rows(s, x, y, rows, cols);
        },
        37, cols, false);
}

TEST_F(LibraryTest, SortRowsDescending) {
  for (int cols : {1024, 513})
    checkSort(
        [cols](void *x, void *y, void *s, int rows) {
          return sort_rows_descending(s, x, y, rows, cols);
        },
        19, cols, true);
}

TEST_F(LibraryTest, FlipTiles) {
  constexpr int kRows = 32, kCols = 64, kTiles = 5;
  const size_t n = size_t(kTiles) * kRows * kCols;
  std::vector<uint16_t> x(n);
  for (size_t i = 0; i < n; ++i)
    x[i] = static_cast<uint16_t>(i * 2654435761u >> 7);
  for (int dim : {0, 1}) {
    DeviceBuffer dx(*driver, n * 2), dy(*driver, n * 2 + kGuardBytes);
    dx.upload(x);
    dy.fill(kPoison);
    tkc_status status =
        dim == 0 ? flip_tiles_dim0(stream(), dx.ptr(), dy.ptr(), kTiles)
                 : flip_tiles_dim1(stream(), dx.ptr(), dy.ptr(), kTiles);
    ASSERT_EQ(status, TKC_SUCCESS)
        << tkc_status_string(status) << ": " << tkc_last_error();
    synchronize();
    std::vector<uint8_t> raw = dy.download<uint8_t>(n * 2 + kGuardBytes);
    size_t mismatches = 0;
    for (int t = 0; t < kTiles; ++t)
      for (int r = 0; r < kRows; ++r)
        for (int c = 0; c < kCols; ++c) {
          size_t at = (size_t(t) * kRows + r) * kCols + c;
          size_t from = dim == 0
                            ? (size_t(t) * kRows + kRows - 1 - r) * kCols + c
                            : (size_t(t) * kRows + r) * kCols + kCols - 1 - c;
          uint16_t got;
          std::memcpy(&got, raw.data() + at * 2, 2);
          if (got != x[from] && ++mismatches <= 5)
            ADD_FAILURE() << "dim " << dim << " tile " << t << " (" << r
                          << ", " << c << "): " << got << ", want " << x[from];
        }
    EXPECT_EQ(mismatches, 0u) << "dim " << dim;
    expectGuardUntouched(raw, n * 2);
  }
}

TEST_F(LibraryTest, PhiloxKnownAnswer) {
  // Random123's known-answer vector for philox4x32-10, key and counter 0.
  std::array<uint32_t, 4> want = {0x6627e8d5, 0xe169c58d, 0xbc57ac4c,
                                  0x9b00dbd8};
  EXPECT_EQ(philox(0, 0), want);
}

TEST_F(LibraryTest, Philox64KnownAnswer) {
  // Random123's known-answer vector for philox4x64-10, key and counter 0.
  std::array<uint64_t, 4> want = {0x16554d9eca36314cull, 0xdb20fe9d672d0fdcull,
                                  0xd7e772cee186176bull, 0x7e68b68aec7ba23bull};
  EXPECT_EQ(philox64(0, 0), want);
}

TEST_F(LibraryTest, RandomNumbersWith64BitOffsets) {
  const int n = 5000;
  for (int64_t seed : {int64_t{0}, int64_t{0x123456789AB}, int64_t{-7}}) {
    // Offsets past 2^32, so that the counter's high half counts.
    const int64_t first = (int64_t{1} << 40) + 3;
    DeviceBuffer du(*driver, n * 4 + kGuardBytes),
        dbits(*driver, n * 8 + kGuardBytes);
    du.fill(kPoison);
    dbits.fill(kPoison);
    tkc_status status =
        random_numbers_64(stream(), du.ptr(), dbits.ptr(), seed, first, n);
    ASSERT_EQ(status, TKC_SUCCESS)
        << tkc_status_string(status) << ": " << tkc_last_error();
    synchronize();
    auto u = du.download<uint8_t>(n * 4 + kGuardBytes);
    auto bits = dbits.download<uint8_t>(n * 8 + kGuardBytes);
    size_t mismatches = 0;
    for (int i = 0; i < n; ++i) {
      uint64_t want = philox64(uint64_t(seed), uint64_t(first + i))[0];
      uint64_t gotBits;
      float gotU;
      std::memcpy(&gotBits, bits.data() + i * 8, 8);
      std::memcpy(&gotU, u.data() + i * 4, 4);
      bool ok =
          gotBits == want && floatBits(gotU) == floatBits(uniform64(want));
      if (!ok && ++mismatches <= 5)
        ADD_FAILURE() << "seed " << seed << " i " << i << ": bits " << gotBits
                      << " (want " << want << "), rand " << gotU << " (want "
                      << uniform64(want) << ")";
    }
    EXPECT_EQ(mismatches, 0u) << "seed " << seed;
    expectGuardUntouched(u, n * 4);
    expectGuardUntouched(bits, n * 8);
  }
}

TEST_F(LibraryTest, RandomNumbersMatchCpuPhilox) {
  for (int n : {1024, 100003}) {
    for (int32_t seed : {0, 12345, -7}) {
      const size_t bytes = size_t(n) * 4;
      DeviceBuffer du(*driver, bytes + kGuardBytes),
          dn(*driver, bytes + kGuardBytes), di(*driver, bytes + kGuardBytes);
      du.fill(kPoison);
      dn.fill(kPoison);
      di.fill(kPoison);
      tkc_status status =
          random_numbers(stream(), du.ptr(), dn.ptr(), di.ptr(), seed, n);
      ASSERT_EQ(status, TKC_SUCCESS)
          << tkc_status_string(status) << ": " << tkc_last_error();
      synchronize();
      auto u = du.download<uint8_t>(bytes + kGuardBytes);
      auto nn = dn.download<uint8_t>(bytes + kGuardBytes);
      auto bits = di.download<uint8_t>(bytes + kGuardBytes);
      size_t mismatches = 0;
      // tl.philox widens an int32 seed with its sign, as Triton's cast does.
      uint64_t key = static_cast<uint64_t>(static_cast<int64_t>(seed));
      for (int i = 0; i < n; ++i) {
        std::array<uint32_t, 4> r = philox(key, static_cast<uint32_t>(i));
        uint32_t gotBits;
        float gotU, gotN;
        std::memcpy(&gotBits, bits.data() + i * 4, 4);
        std::memcpy(&gotU, u.data() + i * 4, 4);
        std::memcpy(&gotN, nn.data() + i * 4, 4);
        float wantU = uniform(r[0]);
        double u1 = std::max(1.0e-7f, uniform(r[0]));
        double wantN = std::sqrt(-2.0 * std::log(u1)) *
                       std::cos(6.283185307179586 * double(uniform(r[1])));
        // fp32 log, sqrt and cos: a few ulps, more where log(u1) is tiny.
        double tolerance = 2e-5 * (1 + std::fabs(wantN)) +
                           1e-6 / std::sqrt(std::max(-std::log(u1), 1e-12));
        bool ok = gotBits == r[0] && floatBits(gotU) == floatBits(wantU) &&
                  std::fabs(gotN - wantN) <= tolerance;
        if (!ok && ++mismatches <= 5)
          ADD_FAILURE() << "seed " << seed << " i " << i << ": bits "
                        << gotBits << " (want " << r[0] << "), rand " << gotU
                        << " (want " << wantU << "), randn " << gotN
                        << " (want " << wantN << ")";
      }
      EXPECT_EQ(mismatches, 0u) << "n " << n << " seed " << seed;
      expectGuardUntouched(u, bytes);
      expectGuardUntouched(nn, bytes);
      expectGuardUntouched(bits, bytes);
    }
  }
}

TEST_F(LibraryTest, DropoutKeepsWhereUniformExceedsP) {
  const float p = 0.3f;
  const int32_t seed = 2024;
  for (int n : elementwiseSizes()) {
    std::vector<float> x = randomFloats(n, 11, 0.5f, 2.0f);
    const size_t bytes = size_t(n) * 4;
    DeviceBuffer dx(*driver, bytes), dy(*driver, bytes + kGuardBytes);
    dx.upload(x);
    dy.fill(kPoison);
    tkc_status status = dropout(stream(), dx.ptr(), dy.ptr(), n, p, seed);
    ASSERT_EQ(status, TKC_SUCCESS)
        << tkc_status_string(status) << ": " << tkc_last_error();
    synchronize();
    auto raw = dy.download<uint8_t>(bytes + kGuardBytes);
    size_t mismatches = 0, kept = 0;
    for (int i = 0; i < n; ++i) {
      float got;
      std::memcpy(&got, raw.data() + size_t(i) * 4, 4);
      bool keep = uniform(philox(uint64_t(seed), uint32_t(i))[0]) > p;
      kept += keep;
      double want = keep ? double(x[i]) / (1.0 - double(p)) : 0.0;
      if (!(std::fabs(got - want) <= 4e-7 * std::fabs(want)) &&
          ++mismatches <= 5)
        ADD_FAILURE() << "y[" << i << "] = " << got << ", want " << want;
    }
    EXPECT_EQ(mismatches, 0u) << "of " << n;
    if (n > 1000)
      EXPECT_NEAR(double(kept) / n, 1 - p, 0.05) << "n " << n;
    expectGuardUntouched(raw, bytes);
  }
}

} // namespace
} // namespace tkc::e2e
