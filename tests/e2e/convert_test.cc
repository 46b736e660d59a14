//===- convert_test.cc - fp16<->fp32 conversions on a GPU -----------------===//
//
// Runs kernels/convert.py's two kernels through their generated C APIs
// (fp16_to_fp32.h, fp32_to_fp16.h). Widening is checked on every binary16 bit
// pattern (NaNs only for staying NaN); narrowing is checked bit for bit against
// a round-to-nearest-even reference on values spanning normal, subnormal,
// overflowing and halfway cases. Nothing past n_elements may be written.
//
//===----------------------------------------------------------------------===//

#include "fp16_to_fp32.h"
#include "fp32_to_fp16.h"
#include "tests/e2e/gpu_test_support.h"

#include <cmath>

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
                    public ::testing::WithParamInterface<int32_t> {};

TEST_P(ConvertTest, Fp16ToFp32MatchesCpu) {
  const int32_t n = GetParam();
  std::vector<uint16_t> input = halfPatterns(n);
  const size_t outBytes = n * sizeof(float);

  DeviceBuffer din(*driver, n * sizeof(uint16_t));
  DeviceBuffer dout(*driver, outBytes + kGuardBytes);
  din.upload(input);
  dout.fill(kPoison);

  tkc_status status = fp16_to_fp32(stream(), din.ptr(), dout.ptr(), n);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();

  std::vector<uint8_t> out = dout.download<uint8_t>(outBytes + kGuardBytes);
  size_t mismatches = 0;
  for (int32_t i = 0; i < n; ++i) {
    float got;
    std::memcpy(&got, out.data() + i * sizeof(float), sizeof(float));
    float want = halfBitsToFloat(input[i]);
    bool ok =
        std::isnan(want) ? std::isnan(got) : floatBits(got) == floatBits(want);
    if (!ok && ++mismatches <= 5)
      ADD_FAILURE() << "half 0x" << std::hex << input[i] << std::dec
                    << " became " << got << ", want " << want;
  }
  EXPECT_EQ(mismatches, 0u) << "of " << n << " elements";
  for (size_t i = outBytes; i < out.size(); ++i)
    ASSERT_EQ(out[i], kPoison) << "byte " << i - outBytes << " past the end";
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
  for (size_t i = outBytes; i < out.size(); ++i)
    ASSERT_EQ(out[i], kPoison) << "byte " << i - outBytes << " past the end";
}

INSTANTIATE_TEST_SUITE_P(Sizes, ConvertTest,
                         ::testing::ValuesIn(elementwiseSizes()));

} // namespace
} // namespace tkc::e2e
