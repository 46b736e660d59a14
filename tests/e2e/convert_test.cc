//===- convert_test.cc - fp16/fp8<->fp32 conversions on a GPU -------------===//
//
// Runs kernels/convert.py's kernels through their generated C APIs
// (fp16_to_fp32.h, fp32_to_fp16.h, and the fp8 ones for e4m3fn and e5m2).
// Widening is checked on every binary16 and fp8 bit pattern (NaNs only for
// staying NaN); narrowing is checked bit for bit against a
// round-to-nearest-even reference on values spanning normal, subnormal,
// overflowing and halfway cases (to fp8: saturating to the largest finite
// value, NaN to 0x7f). Nothing past n_elements may be written.
//
//===----------------------------------------------------------------------===//

#include "fp16_to_fp32.h"
#include "fp16_to_fp32_wide.h"
#include "fp32_to_fp16.h"
#include "fp32_to_fp8e4nv.h"
#include "fp32_to_fp8e5.h"
#include "fp8e4nv_to_fp32.h"
#include "fp8e5_to_fp32.h"
#include "tests/e2e/gpu_test_support.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

namespace tkc::e2e {
namespace {

/// n_elements binary16 patterns, cycling through all 65536 of them.
std::vector<uint16_t> halfPatterns(int32_t n) {
  std::vector<uint16_t> values(n);
  for (int32_t i = 0; i < n; ++i)
    values[i] = static_cast<uint16_t>(i * 40503u + 7u); // odd step: all hit
  return values;
}

/// n_elements floats that exercise every rounding path of fp32 -> fp16.
std::vector<float> narrowingInputs(int32_t n) {
  std::vector<float> values = randomFloats(n, 5, -1.0f, 1.0f);
  const float special[] = {0.0f,
                           -0.0f,
                           1.0f,
                           65504.0f,
                           65519.99f,
                           65520.0f,
                           1e6f,
                           -1e6f,
                           6.1035e-5f,
                           5.9605e-8f,
                           2.98e-8f,
                           1e-10f,
                           1.00048828125f /* halfway: ties to even */,
                           1.00146484375f /* halfway: rounds up */,
                           INFINITY,
                           -INFINITY};
  for (int32_t i = 0; i < n; ++i) {
    switch (i % 4) {
    case 0: // spread over the whole binary16 range, both signs
      values[i] = std::ldexp(values[i], (i / 4) % 40 - 26);
      break;
    case 1:
      values[i] = special[(i / 4) % (sizeof(special) / sizeof(float))];
      break;
    default:
      break;
    }
  }
  return values;
}

/// fp16_to_fp32 or fp32_to_fp16, for one n_elements value.
class ConvertTest : public GpuTest,
                    public ::testing::WithParamInterface<int32_t> {
protected:
  /// Widens n binary16 patterns with `convert` and checks every result bit
  /// for bit, and that nothing past the end is written.
  void checkWidening(
      const std::function<tkc_status(void *, void *, int32_t)> &convert,
      int32_t n) {
    std::vector<uint16_t> input = halfPatterns(n);
    const size_t outBytes = n * sizeof(float);

    DeviceBuffer din(*driver, n * sizeof(uint16_t));
    DeviceBuffer dout(*driver, outBytes + kGuardBytes);
    din.upload(input);
    dout.fill(kPoison);

    tkc_status status = convert(din.ptr(), dout.ptr(), n);
    ASSERT_EQ(status, TKC_SUCCESS)
        << tkc_status_string(status) << ": " << tkc_last_error();
    synchronize();

    std::vector<uint8_t> out = dout.download<uint8_t>(outBytes + kGuardBytes);
    size_t mismatches = 0;
    for (int32_t i = 0; i < n; ++i) {
      float got;
      std::memcpy(&got, out.data() + i * sizeof(float), sizeof(float));
      float want = halfBitsToFloat(input[i]);
      bool ok = std::isnan(want) ? std::isnan(got)
                                 : floatBits(got) == floatBits(want);
      if (!ok && ++mismatches <= 5)
        ADD_FAILURE() << "half 0x" << std::hex << input[i] << std::dec
                      << " became " << got << ", want " << want;
    }
    EXPECT_EQ(mismatches, 0u) << "of " << n << " elements";
    expectGuardUntouched(out, outBytes);
  }
};

TEST_P(ConvertTest, Fp16ToFp32MatchesCpu) {
  checkWidening(
      [&](void *in, void *out, int32_t count) {
        return fp16_to_fp32(stream(), in, out, count);
      },
      GetParam());
}

// Blocks of 65536: the values move between the load's and the store's
// layouts through shared memory in two rounds of 128 KB (H100: 227 KB a
// block), not 256 KB at once.
TEST_P(ConvertTest, Fp16ToFp32InLargeBlocksMatchesCpu) {
  checkWidening(
      [&](void *in, void *out, int32_t count) {
        return fp16_to_fp32_wide(stream(), in, out, count);
      },
      GetParam() * 67);
}

TEST_P(ConvertTest, Fp32ToFp16MatchesCpu) {
  const int32_t n = GetParam();
  std::vector<float> input = narrowingInputs(n);
  const size_t outBytes = n * sizeof(uint16_t);

  DeviceBuffer din(*driver, n * sizeof(float));
  DeviceBuffer dout(*driver, outBytes + kGuardBytes);
  din.upload(input);
  dout.fill(kPoison);

  tkc_status status = fp32_to_fp16(stream(), din.ptr(), dout.ptr(), n);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();

  std::vector<uint8_t> out = dout.download<uint8_t>(outBytes + kGuardBytes);
  size_t mismatches = 0;
  for (int32_t i = 0; i < n; ++i) {
    uint16_t got;
    std::memcpy(&got, out.data() + i * sizeof(uint16_t), sizeof(uint16_t));
    uint16_t want = floatToHalfBits(input[i]);
    if (got != want && ++mismatches <= 5)
      ADD_FAILURE() << input[i] << " became half 0x" << std::hex << got
                    << ", want 0x" << want;
  }
  EXPECT_EQ(mismatches, 0u) << "of " << n << " elements";
  expectGuardUntouched(out, outBytes);
}

/// An fp8 kind, described for the reference: its exponent bias and
/// mantissa bits (e4m3fn: 7 and 3, its one NaN 0x7f and no infinity;
/// e5m2: 15 and 2, IEEE-like).
struct Fp8Kind {
  int bias;
  int mantissaBits;
  bool ieee;
};

constexpr Fp8Kind kE4M3{7, 3, false};
constexpr Fp8Kind kE5M2{15, 2, true};

/// The value of fp8 byte `bits` (NaN for the NaN patterns).
float fp8Value(uint8_t bits, Fp8Kind kind) {
  int exponentBits = 7 - kind.mantissaBits;
  int exponent = (bits >> kind.mantissaBits) & ((1 << exponentBits) - 1);
  int mantissa = bits & ((1 << kind.mantissaBits) - 1);
  int top = (1 << exponentBits) - 1;
  float value;
  if (kind.ieee && exponent == top)
    value = mantissa ? std::numeric_limits<float>::quiet_NaN()
                     : std::numeric_limits<float>::infinity();
  else if (!kind.ieee && (bits & 0x7f) == 0x7f)
    value = std::numeric_limits<float>::quiet_NaN();
  else if (exponent == 0)
    value = std::ldexp(float(mantissa), 1 - kind.bias - kind.mantissaBits);
  else
    value = std::ldexp(1.0f + std::ldexp(float(mantissa), -kind.mantissaBits),
                       exponent - kind.bias);
  return (bits & 0x80) ? -value : value;
}

/// The reference narrowing: the nearest of the finite non-negative fp8
/// values (a table in encoding order), ties to the even encoding, the
/// largest finite beyond it; the sign copied; NaN to 0x7f.
uint8_t fp8Bits(float x, Fp8Kind kind) {
  if (std::isnan(x))
    return 0x7f;
  std::vector<float> table;
  for (unsigned bits = 0; bits < 0x80; ++bits)
    if (std::isfinite(fp8Value(bits, kind)))
      table.push_back(fp8Value(bits, kind));
  float a = std::fabs(x);
  auto above = std::lower_bound(table.begin(), table.end(), a);
  uint8_t code;
  if (above == table.end()) {
    code = table.size() - 1;
  } else if (*above == a || above == table.begin()) {
    code = above - table.begin();
  } else {
    uint8_t high = above - table.begin(), low = high - 1;
    float toLow = a - table[low], toHigh = table[high] - a;
    code = toLow < toHigh   ? low
           : toHigh < toLow ? high
                            : (low % 2 ? high : low);
  }
  return code | (std::signbit(x) ? 0x80 : 0);
}

/// n floats for narrowing to `kind`: every halfway point between
/// neighbouring fp8 values and its neighbours in f32, the specials, and
/// random values over the whole range, both signs.
std::vector<float> fp8NarrowingInputs(int32_t n, Fp8Kind kind) {
  std::vector<float> points;
  for (unsigned bits = 0; bits + 1 < 0x80; ++bits) {
    float low = fp8Value(bits, kind), high = fp8Value(bits + 1, kind);
    if (!std::isfinite(low) || !std::isfinite(high))
      continue;
    float mid = low + (high - low) / 2;
    for (float p :
         {low, mid, std::nextafter(mid, 0.0f), std::nextafter(mid, INFINITY)})
      points.push_back(p);
  }
  for (float p : {0.0f, INFINITY, 1e30f, 1e-30f, 480.0f, 464.0f, 57344.0f,
                  61440.0f, 65536.0f})
    points.push_back(p);
  std::vector<float> values = randomFloats(n, 11, 1.0f, 2.0f);
  for (int32_t i = 0; i < n; ++i) {
    float v = i % 2 ? points[(i / 2) % points.size()]
                    : std::ldexp(values[i], (i / 2) % 44 - 22);
    values[i] = (i / 4) % 2 ? -v : v;
    if (i % 97 == 0)
      values[i] = std::numeric_limits<float>::quiet_NaN();
  }
  return values;
}

/// A conversion's generated C function.
using ConvertFn = tkc_status (*)(void *, void *, void *, int32_t);

/// The fp8 conversions, for one n_elements value.
class Fp8ConvertTest : public ConvertTest {
protected:
  void checkNarrowing(ConvertFn narrow, Fp8Kind kind, int32_t n);
  void checkWidening(ConvertFn widen, Fp8Kind kind, int32_t n);
};

/// Narrows fp8NarrowingInputs(n) with `narrow` and checks every byte.
void Fp8ConvertTest::checkNarrowing(ConvertFn narrow, Fp8Kind kind, int32_t n) {
  std::vector<float> input = fp8NarrowingInputs(n, kind);
  DeviceBuffer din(*driver, n * sizeof(float));
  DeviceBuffer dout(*driver, n + kGuardBytes);
  din.upload(input);
  dout.fill(kPoison);
  tkc_status status = narrow(stream(), din.ptr(), dout.ptr(), n);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  std::vector<uint8_t> out = dout.download<uint8_t>(n + kGuardBytes);
  size_t mismatches = 0;
  for (int32_t i = 0; i < n; ++i) {
    uint8_t want = fp8Bits(input[i], kind);
    if (out[i] != want && ++mismatches <= 5)
      ADD_FAILURE() << input[i] << " (0x" << std::hex << floatBits(input[i])
                    << ") became 0x" << int(out[i]) << ", want 0x" << int(want);
  }
  EXPECT_EQ(mismatches, 0u) << "of " << n << " elements";
  expectGuardUntouched(out, n);
}

/// Widens every fp8 byte (cycling) with `widen` and checks every float.
void Fp8ConvertTest::checkWidening(ConvertFn widen, Fp8Kind kind, int32_t n) {
  std::vector<uint8_t> input(n);
  for (int32_t i = 0; i < n; ++i)
    input[i] = static_cast<uint8_t>(i * 167u + 3u); // odd step: all 256
  DeviceBuffer din(*driver, n);
  DeviceBuffer dout(*driver, n * sizeof(float) + kGuardBytes);
  din.upload(input);
  dout.fill(kPoison);
  tkc_status status = widen(stream(), din.ptr(), dout.ptr(), n);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  std::vector<uint8_t> out =
      dout.download<uint8_t>(n * sizeof(float) + kGuardBytes);
  size_t mismatches = 0;
  for (int32_t i = 0; i < n; ++i) {
    float got;
    std::memcpy(&got, out.data() + i * sizeof(float), sizeof(float));
    float want = fp8Value(input[i], kind);
    bool ok =
        std::isnan(want) ? std::isnan(got) : floatBits(got) == floatBits(want);
    if (!ok && ++mismatches <= 5)
      ADD_FAILURE() << "fp8 0x" << std::hex << int(input[i]) << std::dec
                    << " became " << got << ", want " << want;
  }
  EXPECT_EQ(mismatches, 0u) << "of " << n << " elements";
  expectGuardUntouched(out, n * sizeof(float));
}

TEST_P(Fp8ConvertTest, Fp32ToFp8E4M3MatchesCpu) {
  checkNarrowing(fp32_to_fp8e4nv, kE4M3, GetParam());
}

TEST_P(Fp8ConvertTest, Fp32ToFp8E5M2MatchesCpu) {
  checkNarrowing(fp32_to_fp8e5, kE5M2, GetParam());
}

TEST_P(Fp8ConvertTest, Fp8E4M3ToFp32MatchesCpu) {
  checkWidening(fp8e4nv_to_fp32, kE4M3, GetParam());
}

TEST_P(Fp8ConvertTest, Fp8E5M2ToFp32MatchesCpu) {
  checkWidening(fp8e5_to_fp32, kE5M2, GetParam());
}

INSTANTIATE_TEST_SUITE_P(Sizes, ConvertTest,
                         ::testing::ValuesIn(elementwiseSizes()));
INSTANTIATE_TEST_SUITE_P(Sizes, Fp8ConvertTest,
                         ::testing::ValuesIn(elementwiseSizes()));

} // namespace
} // namespace tkc::e2e
