//===- tensor_maps_test.cc - Tensor maps passed after a kernel's arguments ===//
//
// Calls a launcher generated from metadata that lists three tensor maps
// (inputs/tmap.sm_90a.json: two host descriptors' and one of a descriptor
// made in the kernel, of products of arguments and constants) against the
// fake CUDA driver: each launch encodes them from the kernel's arguments
// (dimensions and box innermost first, strides in bytes, the element size's
// data type, the swizzle, zeros outside), into 64-byte aligned storage, and
// passes their 128 bytes after the kernel's own arguments; an encoding the
// driver refuses, or an extent out of range, fails the call with the
// descriptor's name and launches nothing.
//
//===----------------------------------------------------------------------===//
#include "tensor_maps.h"

#include "testing/fake_cuda_test.h"

#include <gtest/gtest.h>

#include <cstring>

namespace {

class TensorMapsTest : public tkc::testing::FakeCudaTest {
protected:
  void SetUp() override {
    FakeCudaTest::SetUp();
    // The nine arguments, then the three maps.
    fake().argSizes = {8, 4, 4, 8, 8, 4, 4, 8, 4, 128, 128, 128};
  }

  /// a: 300 x 200 fp16 in rows of 208; b: 100 x 96 fp8 in rows of 112; m.
  tkc_status run(int32_t m = 300) {
    return tensor_maps(stream, a, 300, 200, 208, b, 100, 96, 112, m);
  }

  alignas(16) static inline unsigned char a[16], b[16];
  void *stream = reinterpret_cast<void *>(0x42);
};

TEST_F(TensorMapsTest, EncodesEachMapFromItsDescriptorsArguments) {
  ASSERT_EQ(run(), TKC_SUCCESS) << tkc_last_error();
  ASSERT_EQ(fake().tensorMapEncodes.size(), 3u);
  const auto &ma = fake().tensorMapEncodes[0];
  EXPECT_EQ(ma.dataType, 1); // UINT16
  EXPECT_EQ(ma.rank, 2u);
  EXPECT_EQ(ma.base, static_cast<void *>(a));
  EXPECT_EQ(ma.dims, (std::vector<uint64_t>{200, 300}));
  EXPECT_EQ(ma.strides, (std::vector<uint64_t>{208 * 2}));
  EXPECT_EQ(ma.box, (std::vector<unsigned>{64, 128}));
  EXPECT_EQ(ma.elementStrides, (std::vector<unsigned>{1, 1}));
  EXPECT_EQ(ma.interleave, 0);
  EXPECT_EQ(ma.swizzle, 3); // 128 bytes
  EXPECT_EQ(ma.oobFill, 0); // zeros
  EXPECT_TRUE(ma.aligned);
  const auto &mb = fake().tensorMapEncodes[1];
  EXPECT_EQ(mb.dataType, 0); // UINT8
  EXPECT_EQ(mb.base, static_cast<void *>(b));
  EXPECT_EQ(mb.dims, (std::vector<uint64_t>{96, 100}));
  EXPECT_EQ(mb.strides, (std::vector<uint64_t>{112}));
  EXPECT_EQ(mb.box, (std::vector<unsigned>{32, 32}));
  EXPECT_EQ(mb.swizzle, 1); // 32 bytes
  EXPECT_TRUE(mb.aligned);
  // Made in the kernel over a: [m * 2, 200] in rows of a's stride * m.
  const auto &mc = fake().tensorMapEncodes[2];
  EXPECT_EQ(mc.base, static_cast<void *>(a));
  EXPECT_EQ(mc.dims, (std::vector<uint64_t>{200, 600}));
  EXPECT_EQ(mc.strides, (std::vector<uint64_t>{208 * 300 * 2}));
  EXPECT_EQ(mc.box, (std::vector<unsigned>{64, 64}));
}

TEST_F(TensorMapsTest, AnExtentOutOfRangeFailsTheCall) {
  // m * 2 past 2^31 - 1 (Triton's descriptors hold 32-bit extents); the
  // host descriptors' maps were fine.
  EXPECT_EQ(run(1 << 30), TKC_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::strstr(tkc_last_error(),
                        "tl.make_tensor_descriptor(a_desc_base, [m*2, 200], "
                        "[a_desc_stride0*m, 1], [64, 64]): dimension 0 has "
                        "extent 2147483648;"),
            nullptr)
      << tkc_last_error();
  EXPECT_TRUE(fake().launches.empty());
  // With m = 0 (an empty extent) the grid is empty too: nothing is encoded
  // or launched, and the call succeeds.
  fake().tensorMapEncodes.clear();
  EXPECT_EQ(run(0), TKC_SUCCESS) << tkc_last_error();
  EXPECT_TRUE(fake().tensorMapEncodes.empty());
  EXPECT_TRUE(fake().launches.empty());
}

TEST_F(TensorMapsTest, PassesTheMapsAfterTheArguments) {
  ASSERT_EQ(run(), TKC_SUCCESS) << tkc_last_error();
  ASSERT_EQ(fake().launches.size(), 1u);
  const auto &args = fake().launches[0].args;
  ASSERT_EQ(args.size(), 12u);
  int32_t m;
  std::memcpy(&m, args[8].data(), 4);
  EXPECT_EQ(m, 300);
  // Each map as the fake encoded it: its call's number, then zeros.
  for (uint64_t i = 0; i < 3; ++i) {
    uint64_t number;
    std::memcpy(&number, args[9 + i].data(), 8);
    EXPECT_EQ(number, i + 1);
  }
  // Encoded again at the next launch (the arguments may differ).
  ASSERT_EQ(run(), TKC_SUCCESS) << tkc_last_error();
  EXPECT_EQ(fake().tensorMapEncodes.size(), 6u);
}

TEST_F(TensorMapsTest, AMapTheDriverRefusesFailsTheCall) {
  fake().tensorMapResult = 1; // CUDA_ERROR_INVALID_VALUE
  EXPECT_EQ(run(), TKC_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::strstr(tkc_last_error(), "cuTensorMapEncodeTiled for "
                                          "'a_desc' failed"),
            nullptr)
      << tkc_last_error();
  EXPECT_TRUE(fake().launches.empty());
}

} // namespace
