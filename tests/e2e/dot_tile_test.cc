//===- dot_tile_test.cc - int8 and fp8 tl.dot on a GPU --------------------===//
//
// Runs kernels/dot_tile.py through its generated C APIs (dot_tile_i8.h,
// dot_tile_fp8.h, dot_tile_fp16_*.h): one 64x64x64 product each, int8 into
// int32 (checked exactly: every sum fits) and fp8e4nv into fp32 (every fp8
// value is exact in fp32; the sum may round at each of its 64 steps); a
// 16x16x16 fp16 product into fp32, smaller than the warps' tiles; a 64x256x32
// one on 8 warps, which on sm_90a go as two warpgroups along N; products
// with M below 16, as decoding has (8x64x32, 1x32x16), N below 8 (32x4x16)
// or both (4x4x32), smaller than mma.sync's tile, and the row sums of a
// 4x32x16 one (a reduction over that tile's copies); and one warpgroup's
// 64x64x64 and A @ B.T in fp16 (128x64x64), int8 and fp8 (64x64x64), which
// on sm_90a multiply from tiles the operands are stored into (8-bit ones
// K-major); a 64x64x64 fp32 product with input_precision="ieee"
// (multiply-adds, their operands read from shared memory as they go); and
// 64x64x256 fp32 products in a K loop at tf32x3, bf16x3 and bf16x6, and an
// fp8 one whose row-major B tiles sm_90a copies along K; and a
// chain of two fp16 products (attention's Q @ K then P @ V) in a loop that
// skips every other block, on 1 and 4 warps; and fp16 products taken apart
// in halves (even and odd columns, left and right), as epilogues split
// their accumulators.
//
//===----------------------------------------------------------------------===//

#include "dot_chain_skip_w1.h"
#include "dot_chain_skip_w4.h"
#include "dot_chain_w4.h"
#include "dot_halves_interleaved.h"
#include "dot_halves_subtile.h"
#include "dot_loop_fp32_bf16x3.h"
#include "dot_loop_fp32_bf16x6.h"
#include "dot_loop_fp32_tf32x3.h"
#include "dot_loop_fp8.h"
#include "dot_row_sums.h"
#include "dot_tile_fp16_16.h"
#include "dot_tile_fp16_1x32.h"
#include "dot_tile_fp16_32x4.h"
#include "dot_tile_fp16_4x4.h"
#include "dot_tile_fp16_64x256.h"
#include "dot_tile_fp16_64x64.h"
#include "dot_tile_fp16_8x64.h"
#include "dot_tile_fp16_acc16.h"
#include "dot_tile_fp16_nt.h"
#include "dot_tile_fp32_ieee.h"
#include "dot_tile_fp8.h"
#include "dot_tile_fp8_nt.h"
#include "dot_tile_fp8_nt_bounded.h"
#include "dot_tile_i8.h"
#include "dot_tile_i8_nt.h"
#include "tests/e2e/gpu_test_support.h"

#include <cmath>
#include <type_traits>

namespace tkc::e2e {
namespace {

constexpr int kSize = 64;

/// The value of fp8e4nv (e4m3: bias 7, no infinities) bits `bits`.
double e4m3Value(uint8_t bits) {
  int exponent = (bits >> 3) & 0xf, mantissa = bits & 7;
  double magnitude = exponent == 0 ? std::ldexp(mantissa, -9)
                                   : std::ldexp(8 + mantissa, exponent - 10);
  return bits & 0x80 ? -magnitude : magnitude;
}

class DotTileTest : public GpuTest {
protected:
  /// Uploads `a` and `b`, runs `kernel` on them, and returns its `count`
  /// outputs (empty, with a failure, if it could not run).
  template <typename Out, typename In, typename Kernel>
  std::vector<Out> runProduct(Kernel kernel, const std::vector<In> &a,
                              const std::vector<In> &b, size_t count) {
    DeviceBuffer da(*driver, a.size() * sizeof(In));
    DeviceBuffer db(*driver, b.size() * sizeof(In));
    DeviceBuffer dc(*driver, count * sizeof(Out));
    da.upload(a);
    db.upload(b);
    tkc_status status = kernel(stream(), da.ptr(), db.ptr(), dc.ptr());
    if (status != TKC_SUCCESS) {
      ADD_FAILURE() << tkc_status_string(status) << ": " << tkc_last_error();
      return {};
    }
    synchronize();
    return dc.download<Out>(count);
  }

  /// Runs `kernel`, an m x n x k fp16 (`In` uint16_t, the bits) or fp32
  /// (`In` float) product into fp32 (fp16 where `Out` is uint16_t, the
  /// bits), of B [K, N] or with `transposedB` of B [N, K] transposed, on
  /// random inputs in [-1, 1] and checks every element against a
  /// double-precision sum (tolerance: fp32 rounding at each of the k steps,
  /// or `relativeError` of the sum of the products' magnitudes where that is
  /// given). With `evenOddHalves`, C holds the product's even columns, then
  /// its odd ones.
  template <typename In = uint16_t, typename Out = float, typename Kernel>
  void checkFloatProduct(int m, int n, int k, Kernel kernel,
                         bool transposedB = false, double relativeError = 0,
                         bool evenOddHalves = false) {
    std::vector<float> r = randomFloats(m * k + k * n, 7, -1.0f, 1.0f);
    std::vector<In> a(m * k), b(k * n);
    std::vector<double> av(m * k), bv(k * n);
    auto convert = [](float x, In &bits, double &value) {
      if constexpr (std::is_same_v<In, float>) {
        bits = x;
        value = x;
      } else {
        bits = floatToHalfBits(x);
        value = halfBitsToFloat(bits);
      }
    };
    for (int i = 0; i < m * k; ++i)
      convert(r[i], a[i], av[i]);
    for (int i = 0; i < k * n; ++i)
      convert(r[m * k + i], b[i], bv[i]);
    std::vector<Out> raw = runProduct<Out>(kernel, a, b, size_t(m) * n);
    if (raw.empty())
      return;
    std::vector<float> c(raw.size());
    for (size_t i = 0; i < raw.size(); ++i) {
      if constexpr (std::is_same_v<Out, float>)
        c[i] = raw[i];
      else
        c[i] = halfBitsToFloat(raw[i]);
    }
    size_t mismatches = 0;
    for (int i = 0; i < m; ++i)
      for (int out = 0; out < n; ++out) {
        int j = !evenOddHalves ? out
                : out < n / 2  ? 2 * out
                               : 2 * (out - n / 2) + 1;
        double want = 0, magnitude = 0;
        for (int kk = 0; kk < k; ++kk) {
          double bkj = bv[transposedB ? j * k + kk : kk * n + j];
          want += av[i * k + kk] * bkj;
          magnitude += std::fabs(av[i * k + kk] * bkj);
        }
        double tolerance =
            (relativeError > 0 ? relativeError : std::ldexp(1.0, -23) * k) *
                magnitude +
            1e-30;
        if (!(std::fabs(c[i * n + out] - want) <= tolerance) &&
            ++mismatches <= 5)
          ADD_FAILURE() << "C[" << i << "][" << out << "] = " << c[i * n + out]
                        << ", want " << want;
      }
    EXPECT_EQ(mismatches, 0u);
  }

  /// Runs `kernel`, a 64x64x64 int8 product into int32 (of B [K, N], or
  /// with `transposedB` of B [N, K] transposed), and checks it exactly.
  template <typename Kernel>
  void checkInt8Product(Kernel kernel, bool transposedB) {
    std::vector<float> r = randomFloats(2 * kSize * kSize, 5, -128.0f, 128.0f);
    std::vector<int8_t> a(kSize * kSize), b(kSize * kSize);
    for (int i = 0; i < kSize * kSize; ++i) {
      a[i] = static_cast<int8_t>(std::floor(r[i]));
      b[i] = static_cast<int8_t>(std::floor(r[kSize * kSize + i]));
    }
    std::vector<int32_t> c = runProduct<int32_t>(kernel, a, b, kSize * kSize);
    if (c.empty())
      return;
    size_t mismatches = 0;
    for (int i = 0; i < kSize; ++i)
      for (int j = 0; j < kSize; ++j) {
        int32_t want = 0;
        for (int k = 0; k < kSize; ++k)
          want += int32_t(a[i * kSize + k]) *
                  int32_t(b[transposedB ? j * kSize + k : k * kSize + j]);
        if (c[i * kSize + j] != want && ++mismatches <= 5)
          ADD_FAILURE() << "C[" << i << "][" << j << "] = " << c[i * kSize + j]
                        << ", want " << want;
      }
    EXPECT_EQ(mismatches, 0u);
  }

  /// Runs `kernel`, a 64x64x`depth` fp8e4nv product into fp32 (B as for
  /// checkInt8Product), and checks it against a double-precision sum, each
  /// of the `depth` steps rounded to `accumulatorBits` bits of mantissa (23:
  /// fp32; Hopper's warpgroup multiplies keep about 14 for fp8 products,
  /// which Triton accepts by default on sm_90).
  template <typename Kernel>
  void checkFp8Product(Kernel kernel, bool transposedB,
                       int accumulatorBits = 23, int depth = kSize) {
    // Random finite e4m3 values (0x7f and 0xff are NaN) up to 2^4.
    const int n = kSize * depth;
    std::vector<float> r = randomFloats(2 * n, 6, 0.0f, 1.0f);
    std::vector<uint8_t> a(n), b(n);
    for (int i = 0; i < 2 * n; ++i) {
      uint8_t bits = static_cast<uint8_t>(r[i] * 256.0f) & 0xdf;
      (i < n ? a[i] : b[i - n]) = bits;
    }
    std::vector<float> c = runProduct<float>(kernel, a, b, kSize * kSize);
    if (c.empty())
      return;
    size_t mismatches = 0;
    for (int i = 0; i < kSize; ++i)
      for (int j = 0; j < kSize; ++j) {
        double want = 0, magnitude = 0;
        for (int k = 0; k < depth; ++k) {
          double p = e4m3Value(a[i * depth + k]) *
                     e4m3Value(b[transposedB ? j * depth + k : k * kSize + j]);
          want += p;
          magnitude += std::fabs(p);
        }
        double tolerance =
            std::ldexp(1.0, -accumulatorBits) * depth * magnitude + 1e-30;
        double got = c[i * kSize + j];
        if (!(std::fabs(got - want) <= tolerance) && ++mismatches <= 5)
          ADD_FAILURE() << "C[" << i << "][" << j << "] = " << got << ", want "
                        << want;
      }
    EXPECT_EQ(mismatches, 0u);
  }

  /// Runs `kernel`, dot_chain_kernel with SKIP_ODD (`step` 2) or without
  /// (`step` 1), M 16, D 128, BN 64 and 4 blocks, on random fp16 inputs
  /// in [-1, 1] and checks O against a double-precision reference whose
  /// block products are rounded to fp16 as the kernel's are. The GPU sums
  /// each product in fp32, so a rounding to fp16 may land one unit (2^-10
  /// relative) away: the tolerance allows that on every term.
  template <typename Kernel> void checkChain(Kernel kernel, int step) {
    constexpr int m = 16, d = 128, bn = 64, blocks = 4, n = bn * blocks;
    std::vector<float> r = randomFloats(m * d + 2 * d * n, 11, -1.0f, 1.0f);
    std::vector<uint16_t> q(m * d), k(d * n), v(n * d);
    for (int i = 0; i < m * d; ++i)
      q[i] = floatToHalfBits(r[i]);
    for (int i = 0; i < d * n; ++i) {
      k[i] = floatToHalfBits(r[m * d + i]);
      v[i] = floatToHalfBits(r[m * d + d * n + i]);
    }
    DeviceBuffer dq(*driver, q.size() * 2), dk(*driver, k.size() * 2),
        dv(*driver, v.size() * 2), dout(*driver, m * d * sizeof(float));
    dq.upload(q);
    dk.upload(k);
    dv.upload(v);
    tkc_status status =
        kernel(stream(), dq.ptr(), dk.ptr(), dv.ptr(), dout.ptr());
    ASSERT_EQ(status, TKC_SUCCESS) << tkc_last_error();
    synchronize();
    std::vector<float> out = dout.download<float>(m * d);
    size_t mismatches = 0;
    for (int i = 0; i < m; ++i)
      for (int c = 0; c < d; ++c) {
        double want = 0, magnitude = 0;
        for (int j = 0; j < blocks; j += step)
          for (int t = j * bn; t < (j + 1) * bn; ++t) {
            double s = 0;
            for (int e = 0; e < d; ++e)
              s += double(halfBitsToFloat(q[i * d + e])) *
                   halfBitsToFloat(k[e * n + t]);
            double p = halfBitsToFloat(floatToHalfBits(float(s)));
            want += p * halfBitsToFloat(v[t * d + c]);
            magnitude += std::fabs(p * halfBitsToFloat(v[t * d + c]));
          }
        double tolerance = std::ldexp(1.0, -9) * magnitude + 1e-30;
        double got = out[i * d + c];
        if (!(std::fabs(got - want) <= tolerance) && ++mismatches <= 5)
          ADD_FAILURE() << "O[" << i << "][" << c << "] = " << got << ", want "
                        << want;
      }
    EXPECT_EQ(mismatches, 0u);
  }
};

TEST_F(DotTileTest, Int8IntoInt32) { checkInt8Product(dot_tile_i8, false); }

TEST_F(DotTileTest, Int8TransposedB) {
  checkInt8Product(dot_tile_i8_nt, /*transposedB=*/true);
}

TEST_F(DotTileTest, Fp8IntoFp32) {
  // B row-major: on sm_90a its tile is copied along K for a warpgroup
  // multiply (reduced-precision sums), on sm_80 mma.sync sums in fp32.
  checkFp8Product(dot_tile_fp8, false, /*accumulatorBits=*/14);
}

TEST_F(DotTileTest, Fp8TransposedB) {
  checkFp8Product(dot_tile_fp8_nt, /*transposedB=*/true,
                  /*accumulatorBits=*/14);
  // max_num_imprecise_acc bounds the reduced-precision sums: fp32 ones.
  checkFp8Product(dot_tile_fp8_nt_bounded, /*transposedB=*/true);
}

TEST_F(DotTileTest, Fp8LoopOverRowMajorB) {
  // 64x64, K 256 in a pipelined loop; each step's B tile lies along N and
  // is copied along K for the warpgroup multiply (reduced-precision sums).
  checkFp8Product(dot_loop_fp8, false, /*accumulatorBits=*/14,
                  /*depth=*/256);
}

TEST_F(DotTileTest, SmallFp16IntoFp32) {
  checkFloatProduct(16, 16, 16, dot_tile_fp16_16);
}

TEST_F(DotTileTest, WideFp16OnEightWarps) {
  checkFloatProduct(64, 256, 32, dot_tile_fp16_64x256);
}

TEST_F(DotTileTest, OneWarpgroupFp16) {
  checkFloatProduct(64, 64, 64, dot_tile_fp16_64x64);
}

// Accumulated in fp16 (out_dtype=tl.float16): each of the 64 steps may
// round to fp16 (2^-11 of the sum so far, bounded by the sum of the
// products' magnitudes).
TEST_F(DotTileTest, OneWarpgroupFp16IntoFp16) {
  checkFloatProduct<uint16_t, uint16_t>(64, 64, 64, dot_tile_fp16_acc16, false,
                                        std::ldexp(1.0, -11) * 64);
}

TEST_F(DotTileTest, HalvesOfTheAccumulator) {
  // Even and odd columns (reshape to pairs, split) on one warpgroup; left
  // and right halves (reshape, permute, split) on two.
  checkFloatProduct(64, 64, 64, dot_halves_interleaved, false, 0,
                    /*evenOddHalves=*/true);
  checkFloatProduct(128, 128, 64, dot_halves_subtile);
}

TEST_F(DotTileTest, TransposedBFp16) {
  checkFloatProduct(128, 64, 64, dot_tile_fp16_nt, /*transposedB=*/true);
}

TEST_F(DotTileTest, FewRowsFp16) {
  checkFloatProduct(8, 64, 32, dot_tile_fp16_8x64);
  checkFloatProduct(1, 32, 16, dot_tile_fp16_1x32);
}

TEST_F(DotTileTest, RowSumsOfFewRows) {
  constexpr int m = 4, n = 32, k = 16;
  std::vector<float> r = randomFloats(m * k + k * n, 8, -1.0f, 1.0f);
  std::vector<uint16_t> a(m * k), b(k * n);
  for (int i = 0; i < m * k + k * n; ++i)
    (i < m * k ? a[i] : b[i - m * k]) = floatToHalfBits(r[i]);
  std::vector<float> sums = runProduct<float>(dot_row_sums, a, b, m);
  if (sums.empty())
    return;
  for (int i = 0; i < m; ++i) {
    double want = 0, magnitude = 0;
    for (int j = 0; j < n; ++j)
      for (int kk = 0; kk < k; ++kk) {
        double p = halfBitsToFloat(a[i * k + kk]) *
                   double(halfBitsToFloat(b[kk * n + j]));
        want += p;
        magnitude += std::fabs(p);
      }
    EXPECT_NEAR(sums[i], want, std::ldexp(1.0, -23) * (k + n) * magnitude)
        << "row " << i;
  }
}

TEST_F(DotTileTest, FewColumnsFp16) {
  checkFloatProduct(32, 4, 16, dot_tile_fp16_32x4);
  checkFloatProduct(4, 4, 32, dot_tile_fp16_4x4);
}

TEST_F(DotTileTest, Fp32WithoutTf32) {
  checkFloatProduct<float>(64, 64, 64, dot_tile_fp32_ieee);
}

// Emulated fp32 precisions in a K loop (64x64, K 256). The tolerances are
// well below what one tf32 (bf16) product per step gives on these inputs:
// its rounding of each operand to 11 (8) significant bits leaves an error of
// about 2^-16 (2^-13) of the magnitudes' sum.
TEST_F(DotTileTest, Fp32AtTf32x3) {
  checkFloatProduct<float>(64, 64, 256, dot_loop_fp32_tf32x3, false,
                           std::ldexp(1.0, -19));
}

TEST_F(DotTileTest, Fp32AtBf16x3) {
  checkFloatProduct<float>(64, 64, 256, dot_loop_fp32_bf16x3, false,
                           std::ldexp(1.0, -15));
}

TEST_F(DotTileTest, Fp32AtBf16x6) {
  checkFloatProduct<float>(64, 64, 256, dot_loop_fp32_bf16x6, false,
                           std::ldexp(1.0, -19));
}

TEST_F(DotTileTest, ChainInLoopSkippingBlocksOneWarp) {
  checkChain(dot_chain_skip_w1, 2);
}

TEST_F(DotTileTest, ChainInLoopSkippingBlocksFourWarps) {
  checkChain(dot_chain_skip_w4, 2);
}

TEST_F(DotTileTest, ChainInPipelinedLoopFourWarps) {
  checkChain(dot_chain_w4, 1);
}

} // namespace
} // namespace tkc::e2e
