//===- descriptors_test.cc - tensor descriptors as kernel parameters ------===//
//
// Runs kernels/descriptors.py (scale_tiles: `in_desc` and `out_desc` passed
// as base, shape and row stride) on matrices whose sizes are and are not
// multiples of the 32x64 tile, with row strides wider than the rows: every
// element inside the shape is scaled exactly, and nothing outside it (the
// padding between rows, past the last row) is written; and a row stride
// that is not a multiple of 16 bytes is refused.
//
//===----------------------------------------------------------------------===//

#include "scale_tiles.h"
#include "tests/e2e/gpu_test_support.h"

namespace tkc::e2e {
namespace {

/// Rows, columns and the row stride (elements).
struct Shape {
  int m, n, stride;
};

class DescriptorsTest : public GpuTest,
                        public ::testing::WithParamInterface<Shape> {};

TEST_P(DescriptorsTest, ScaleTilesInsideTheShapeOnly) {
  const Shape s = GetParam();
  const size_t count = size_t(s.m) * s.stride;
  std::vector<float> x = randomFloats(count, 31, -8, 8);
  DeviceBuffer din(*driver, count * 4), dout(*driver, count * 4 + kGuardBytes);
  din.upload(x);
  dout.fill(kPoison);
  const float scale = 0.75f;
  tkc_status status =
      scale_tiles(stream(), din.ptr(), s.m, s.n, s.stride, dout.ptr(), s.m, s.n,
                  s.stride, s.m, s.n, scale);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  std::vector<uint8_t> raw = dout.download<uint8_t>(count * 4 + kGuardBytes);
  size_t mismatches = 0;
  for (int r = 0; r < s.m; ++r)
    for (int c = 0; c < s.stride; ++c) {
      size_t at = size_t(r) * s.stride + c;
      if (c < s.n) {
        float got;
        std::memcpy(&got, raw.data() + at * 4, 4);
        float want = x[at] * scale;
        if (floatBits(got) != floatBits(want) && ++mismatches <= 5)
          ADD_FAILURE() << "(" << r << ", " << c << ") = " << got << ", want "
                        << want;
      } else {
        for (int b = 0; b < 4; ++b)
          if (raw[at * 4 + b] != kPoison && ++mismatches <= 5)
            ADD_FAILURE() << "(" << r << ", " << c
                          << ") is outside the shape but was written";
      }
    }
  EXPECT_EQ(mismatches, 0u);
  expectGuardUntouched(raw, count * 4);
}

TEST_F(DescriptorsTest, RowStrideNotAMultipleOf16BytesIsRefused) {
  // Triton requires a descriptor's strides but the last to be multiples of
  // 16 bytes (4 fp32), and the kernel relies on it: the C API refuses 70.
  DeviceBuffer din(*driver, 8 * 70 * 4), dout(*driver, 8 * 70 * 4);
  tkc_status status = scale_tiles(stream(), din.ptr(), 8, 70, 70, dout.ptr(), 8,
                                  70, 70, 8, 70, 0.5f);
  EXPECT_EQ(status, TKC_ERROR_NO_VARIANT) << tkc_status_string(status);
}

INSTANTIATE_TEST_SUITE_P(Shapes, DescriptorsTest,
                         ::testing::Values(Shape{64, 128, 128},
                                           Shape{100, 70, 80}, Shape{1, 1, 4},
                                           Shape{33, 200, 256}));

} // namespace
} // namespace tkc::e2e
