//===- special_math_test.cc - libdevice special functions on a GPU --------===//
//
// Runs kernels/special_math.py on whole and ragged lengths: the functions
// that reach the vendors' math libraries through tkc.extern_elementwise,
// each of the eight outputs against the C++ library in double precision
// within a tolerance of a few fp32 ulps of the value (erfinv through
// erf(erfinv(y)) = y), the bit counts exactly against the compiler's
// builtins, and NVIDIA libdevice's rounding conversions (float2int_rn/rd/
// ru/rz, on ties too), mulhi and brev exactly against the C++ library and
// integer arithmetic, and LLVM's floor, ceil, fma and sqrt named through
// tl.extern_elementwise bit for bit against the C++ library, denormals
// included. Nothing past the outputs may be written.
//
//===----------------------------------------------------------------------===//

#include "bit_counts.h"
#include "int_conversions.h"
#include "llvm_intrinsics.h"
#include "special_math.h"
#include "tests/e2e/gpu_test_support.h"

#include <cmath>
#include <cstdio>
#include <functional>
#include <string>

namespace tkc::e2e {
namespace {

/// Checks `raw`, `rows` rows of `n` int32 results (row f's element i at
/// byte (f * n + i) * 4) followed by the guard, against want(i, f):
/// reports the first five mismatches, naming the input by describe(i), and
/// counts them all.
void expectIntRows(const std::vector<uint8_t> &raw, int n, int rows,
                   const std::function<int32_t(int, int)> &want,
                   const std::function<std::string(int)> &describe) {
  size_t mismatches = 0;
  for (int i = 0; i < n; ++i)
    for (int f = 0; f < rows; ++f) {
      int32_t got, expected = want(i, f);
      std::memcpy(&got, raw.data() + (size_t(f) * n + i) * 4, 4);
      if (got != expected && ++mismatches <= 5)
        ADD_FAILURE() << "function " << f << " of " << describe(i) << ": "
                      << got << ", want " << expected;
    }
  EXPECT_EQ(mismatches, 0u) << "of " << size_t(rows) * n;
  expectGuardUntouched(raw, size_t(rows) * n * 4);
}

class SpecialMathTest : public GpuTest,
                        public ::testing::WithParamInterface<int> {};

TEST_P(SpecialMathTest, MatchesCppLibrary) {
  const int n = GetParam();
  std::vector<float> x = randomFloats(n, 21, 0.01f, 0.99f);
  const size_t bytes = size_t(8) * n * 4;
  DeviceBuffer dx(*driver, size_t(n) * 4), dout(*driver, bytes + kGuardBytes);
  dx.upload(x);
  dout.fill(kPoison);
  tkc_status status = special_math(stream(), dx.ptr(), dout.ptr(), n);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  std::vector<uint8_t> raw = dout.download<uint8_t>(bytes + kGuardBytes);
  const char *names[] = {"erfinv", "lgamma",  "tgamma",        "hypot",
                         "exp10",  "normcdf", "cyl_bessel_i0", "j0"};
  size_t mismatches = 0;
  for (int f = 0; f < 8; ++f)
    for (int i = 0; i < n; ++i) {
      float got;
      std::memcpy(&got, raw.data() + (size_t(f) * n + i) * 4, 4);
      double v = x[i], want = 0, check = got;
      switch (f) {
      case 0: // erfinv(2v - 1), checked through erf.
        want = 2 * v - 1;
        check = std::erf(double(got));
        break;
      case 1:
        want = std::lgamma(8 * v);
        break;
      case 2:
        want = std::tgamma(4 * v + 0.5);
        break;
      case 3:
        want = std::hypot(v, 1 - v);
        break;
      case 4:
        want = std::pow(10.0, v);
        break;
      case 5:
        want = 0.5 * std::erfc(-(4 * v - 2) / std::sqrt(2.0));
        break;
      case 6:
        want = std::cyl_bessel_i(0.0, 4 * v);
        break;
      case 7:
        want = std::cyl_bessel_j(0.0, 8 * v);
        break;
      }
      // The inputs were computed in fp32 (2x - 1, 8x, ...): allow for
      // their rounding too, through the functions' slopes (bounded here).
      double tolerance = 1e-5 * std::fabs(want) + 2e-5;
      if (!(std::fabs(check - want) <= tolerance) && ++mismatches <= 8)
        ADD_FAILURE() << names[f] << "(x = " << x[i] << ") = " << got
                      << ", want " << want;
    }
  EXPECT_EQ(mismatches, 0u) << "of " << 8 * n;
  expectGuardUntouched(raw, bytes);
}

TEST_P(SpecialMathTest, BitCountsMatchBuiltins) {
  const int n = GetParam();
  std::vector<int32_t> x(n);
  uint32_t state = 12345;
  for (int i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u;
    // Some zeros and some with few bits, as well as random words.
    x[i] = int32_t(i % 7 == 0 ? 0 : i % 5 == 0 ? state >> (state % 31) : state);
  }
  const size_t bytes = size_t(3) * n * 4;
  DeviceBuffer dx(*driver, size_t(n) * 4), dout(*driver, bytes + kGuardBytes);
  dx.upload(x);
  dout.fill(kPoison);
  tkc_status status = bit_counts(stream(), dx.ptr(), dout.ptr(), n);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  expectIntRows(
      dout.download<uint8_t>(bytes + kGuardBytes), n, 3,
      [&](int i, int f) {
        uint32_t v = uint32_t(x[i]);
        int32_t want[3] = {__builtin_popcount(v), v ? __builtin_clz(v) : 32,
                           __builtin_ffs(int(v))};
        return want[f];
      },
      [&](int i) { return std::to_string(uint32_t(x[i])); });
}

TEST_P(SpecialMathTest, RoundingConversionsAndIntegerFunctions) {
  const int n = GetParam();
  // Halves (ties), values near them, negatives and integers, in the range
  // int32 holds.
  std::vector<float> x = randomFloats(n, 77, -5000, 5000);
  for (int i = 0; i < n; i += 3)
    x[i] = std::round(x[i] * 2) / 2;
  const size_t bytes = size_t(6) * n * 4;
  DeviceBuffer dx(*driver, size_t(n) * 4), dout(*driver, bytes + kGuardBytes);
  dx.upload(x);
  dout.fill(kPoison);
  tkc_status status = int_conversions(stream(), dx.ptr(), dout.ptr(), n);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  expectIntRows(
      dout.download<uint8_t>(bytes + kGuardBytes), n, 6,
      [&](int i, int f) {
        uint32_t bits = floatBits(x[i]);
        uint32_t reversed = 0;
        for (int b = 0; b < 32; ++b)
          reversed |= ((bits >> b) & 1u) << (31 - b);
        int32_t want[6] = {
            int32_t(std::nearbyint(x[i])),
            int32_t(std::floor(x[i])),
            int32_t(std::ceil(x[i])),
            int32_t(std::trunc(x[i])),
            int32_t((int64_t(int32_t(bits)) * int64_t(-1640531527)) >> 32),
            int32_t(reversed)};
        return want[f];
      },
      [&](int i) { return std::to_string(x[i]); });
}

TEST_P(SpecialMathTest, LlvmIntrinsicsKeepDenormalsAndRoundCorrectly) {
  const int n = GetParam();
  // Every fourth input a denormal of either sign (a multiple of 2^-140):
  // flushed to zero, floor(-d) would be -0 rather than -1, ceil(d) 0 rather
  // than 1, and fma(d, d, d) 0 rather than d.
  std::vector<float> x = randomFloats(n, 91, -100, 100);
  for (int i = 0; i < n; i += 4)
    x[i] = std::ldexp(float(i % 1000 + 1), -140) * (i % 8 ? -1.0f : 1.0f);
  const size_t bytes = size_t(4) * n * 4;
  DeviceBuffer dx(*driver, size_t(n) * 4), dout(*driver, bytes + kGuardBytes);
  dx.upload(x);
  dout.fill(kPoison);
  tkc_status status = llvm_intrinsics(stream(), dx.ptr(), dout.ptr(), n);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  expectIntRows(
      dout.download<uint8_t>(bytes + kGuardBytes), n, 4,
      [&](int i, int f) {
        float v = x[i];
        float want[4] = {std::floor(v), std::ceil(v), std::fma(v, v, v),
                         std::sqrt(std::fabs(v))};
        return int32_t(floatBits(want[f]));
      },
      [&](int i) {
        char text[32];
        std::snprintf(text, sizeof(text), "%a", x[i]);
        return std::string(text);
      });
}

INSTANTIATE_TEST_SUITE_P(Lengths, SpecialMathTest,
                         ::testing::Values(1024, 65536, 1, 1000, 4099));

} // namespace
} // namespace tkc::e2e
