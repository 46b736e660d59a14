//===- gpu_test_support_test.cc - Tests of the e2e tests' host helpers ----===//
//
// The CPU references of the GPU tests are only as good as these helpers, so
// they are tested here, on every machine (no GPU needed): the binary16
// conversions against known encodings and each other, and the fixture's
// promise to skip rather than fail where no driver is present.
//
//===----------------------------------------------------------------------===//

#include "tests/e2e/gpu_test_support.h"

#include <gtest/gtest-spi.h>

#include <cmath>

namespace tkc::e2e {
namespace {

TEST(HalfConversionTest, KnownEncodings) {
  EXPECT_EQ(floatToHalfBits(0.0f), 0x0000);
  EXPECT_EQ(floatToHalfBits(-0.0f), 0x8000);
  EXPECT_EQ(floatToHalfBits(1.0f), 0x3c00);
  EXPECT_EQ(floatToHalfBits(-2.0f), 0xc000);
  EXPECT_EQ(floatToHalfBits(0.1f), 0x2e66);
  EXPECT_EQ(floatToHalfBits(65504.0f), 0x7bff);
  EXPECT_EQ(floatToHalfBits(65519.99f), 0x7bff);
  EXPECT_EQ(floatToHalfBits(65520.0f), 0x7c00);
  EXPECT_EQ(floatToHalfBits(-INFINITY), 0xfc00);
  EXPECT_EQ(floatToHalfBits(std::ldexp(1.0f, -24)), 0x0001);
  EXPECT_EQ(floatToHalfBits(std::ldexp(1.0f, -25)), 0x0000);    // tie to even
  EXPECT_EQ(floatToHalfBits(std::ldexp(3.0f, -25)), 0x0002);    // tie to even
  EXPECT_EQ(floatToHalfBits(std::ldexp(1023.5f, -24)), 0x0400); // to normal
  EXPECT_EQ(floatToHalfBits(1.00048828125f), 0x3c00); // tie to even: down
  EXPECT_EQ(floatToHalfBits(1.00146484375f), 0x3c02); // tie to even: up
  EXPECT_EQ(floatToHalfBits(std::nanf("")) & 0x7e00, 0x7e00);
}

TEST(Bf16ConversionTest, KnownEncodings) {
  EXPECT_EQ(floatToBf16Bits(1.0f), 0x3f80);
  EXPECT_EQ(floatToBf16Bits(-2.0f), 0xc000);
  EXPECT_EQ(floatToBf16Bits(0.1f), 0x3dcd);        // 0x3dcccccd rounds up
  EXPECT_EQ(floatToBf16Bits(1.00390625f), 0x3f80); // tie to even: down
  EXPECT_EQ(floatToBf16Bits(1.01171875f), 0x3f82); // tie to even: up
  EXPECT_EQ(floatToBf16Bits(std::nanf("")) & 0x7fc0, 0x7fc0);
  EXPECT_EQ(bf16BitsToFloat(0x3f80), 1.0f);
  EXPECT_EQ(bf16BitsToFloat(0xc040), -3.0f);
  for (uint32_t bits = 0; bits <= 0xffff; ++bits) {
    float value = bf16BitsToFloat(static_cast<uint16_t>(bits));
    if (!std::isnan(value))
      EXPECT_EQ(floatToBf16Bits(value), bits);
  }
}

TEST(HalfConversionTest, EveryHalfRoundTrips) {
  for (uint32_t bits = 0; bits <= 0xffff; ++bits) {
    float value = halfBitsToFloat(static_cast<uint16_t>(bits));
    if (std::isnan(value)) {
      EXPECT_EQ(bits & 0x7c00, 0x7c00u);
      continue;
    }
    ASSERT_EQ(floatToHalfBits(value), bits) << "value " << value;
  }
}

TEST(HalfConversionTest, WideningKnownValues) {
  EXPECT_EQ(halfBitsToFloat(0x3c00), 1.0f);
  EXPECT_EQ(halfBitsToFloat(0xc000), -2.0f);
  EXPECT_EQ(halfBitsToFloat(0x7bff), 65504.0f);
  EXPECT_EQ(halfBitsToFloat(0x0001), std::ldexp(1.0f, -24));
  EXPECT_EQ(halfBitsToFloat(0x7c00), INFINITY);
  EXPECT_TRUE(std::isnan(halfBitsToFloat(0x7e00)));
}

TEST(RandomFloatsTest, SeededAndInRange) {
  std::vector<float> a = randomFloats(1000, 9, -2.0f, 3.0f);
  EXPECT_EQ(a, randomFloats(1000, 9, -2.0f, 3.0f));
  for (float value : a) {
    EXPECT_GE(value, -2.0f);
    EXPECT_LT(value, 3.0f);
  }
}

TEST(CudaDriverTest, ReportsWhyWhenUnavailable) {
  std::string why;
  if (CudaDriver::get(&why))
    GTEST_SKIP() << "a GPU is present; nothing to check";
  EXPECT_FALSE(why.empty());
}

} // namespace
TEST(GuardTest, ReportsTheFirstWrittenByte) {
  std::vector<uint8_t> out(8, kPoison);
  out[1] = 0; // before the guard: not checked
  expectGuardUntouched(out, 4);
  out[6] = 0;
  out[7] = 0;
  EXPECT_NONFATAL_FAILURE(expectGuardUntouched(out, 4),
                          "byte 2 past the end was written");
}

} // namespace tkc::e2e
