//===- descriptor_checks_test.cc - A descriptor kernel's C API, fake driver
//===//
//
// Calls the C API of kernels/descriptors.py's scale_tiles (tensor descriptor
// parameters, compiled by tkc, //kernels:scale_tiles) against the fake CUDA
// driver: a row stride that is a multiple of 16 bytes passes the C API's
// checks (its binary is loaded), one that is not is refused before any
// load, since the kernel relies on Triton's alignment rule for descriptors.
//
//===----------------------------------------------------------------------===//
#include "scale_tiles.h"

#include "testing/fake_cuda_test.h"

#include <gtest/gtest.h>

namespace {

class DescriptorChecksTest : public tkc::testing::FakeCudaTest {
protected:
  /// scale_tiles over 8 x 70 fp32 rows `stride` elements apart.
  tkc_status run(int64_t stride) {
    return scale_tiles(stream, in, 8, 70, stride, out, 8, 70, stride, 8, 70,
                       0.5f);
  }

  alignas(16) float buffer[2][8 * 80];
  void *in = buffer[0];
  void *out = buffer[1];
  void *stream = reinterpret_cast<void *>(0x42);
};

TEST_F(DescriptorChecksTest, StrideOf16BytesPassesTheChecks) {
  // The sm_90a binary is chosen and loaded (the fake driver finds no
  // function in a real cubin, so the call ends there).
  EXPECT_NE(run(72), TKC_ERROR_NO_VARIANT) << tkc_last_error();
  EXPECT_EQ(fake().moduleLoads.size(), 1u);
}

TEST_F(DescriptorChecksTest, StrideNotAMultipleOf16BytesIsRefused) {
  EXPECT_EQ(run(70), TKC_ERROR_NO_VARIANT);
  EXPECT_TRUE(fake().moduleLoads.empty());
  EXPECT_TRUE(fake().launches.empty());
}

} // namespace
