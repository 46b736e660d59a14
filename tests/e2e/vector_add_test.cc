//===- vector_add_test.cc - vector_add on a GPU against a CPU reference ---===//
//
// Runs kernels/vector_add.py through its generated C API (vector_add.h) on
// device memory for sizes with and without a partial last block, checks every
// element bit for bit against x + y computed on the CPU, and checks that
// nothing past n_elements is written. The sizes reach both compiled variants
// (n % 16 == 0 and not); misaligned pointers must reach the generic one.
//
//===----------------------------------------------------------------------===//

#include "tests/e2e/gpu_test_support.h"
#include "vector_add.h"

#include <algorithm>

namespace tkc::e2e {
namespace {

/// vector_add for one n_elements value.
class VectorAddTest : public GpuTest,
                      public ::testing::WithParamInterface<int32_t> {};

TEST_P(VectorAddTest, MatchesCpu) {
  const int32_t n = GetParam();
  const size_t bytes = n * sizeof(float);
  std::vector<float> x = randomFloats(n, 1, -100.0f, 100.0f);
  std::vector<float> y = randomFloats(n, 2, -100.0f, 100.0f);

  DeviceBuffer dx(*driver, bytes), dy(*driver, bytes);
  DeviceBuffer dout(*driver, bytes + kGuardBytes);
  dx.upload(x);
  dy.upload(y);
  dout.fill(kPoison);

  tkc_status status = vector_add(stream(), dx.ptr(), dy.ptr(), dout.ptr(), n);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();

  std::vector<uint8_t> out = dout.download<uint8_t>(bytes + kGuardBytes);
  size_t mismatches = 0;
  for (int32_t i = 0; i < n; ++i) {
    float got;
    std::memcpy(&got, out.data() + i * sizeof(float), sizeof(float));
    float want = x[i] + y[i];
    if (floatBits(got) != floatBits(want) && ++mismatches <= 5)
      ADD_FAILURE() << "out[" << i << "] = " << got << ", want " << want;
  }
  EXPECT_EQ(mismatches, 0u) << "of " << n << " elements";
  for (size_t i = bytes; i < out.size(); ++i)
    ASSERT_EQ(out[i], kPoison) << "byte " << i - bytes << " past the end";
}

INSTANTIATE_TEST_SUITE_P(Sizes, VectorAddTest,
                         ::testing::ValuesIn(elementwiseSizes()));

/// The dispatch and lifecycle entry points of the generated API.
class VectorAddApiTest : public GpuTest {};

TEST_F(VectorAddApiTest, PreloadsAndHasAConfig) {
  EXPECT_GE(vector_add_num_configs(), 1);
  tkc_status status = vector_add_preload(0);
  EXPECT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
}

TEST_F(VectorAddApiTest, MisalignedPointersUseTheGenericVariant) {
  // 4 bytes into each buffer breaks the specialized variant's 16-byte
  // alignment, so the dispatch must fall back to the generic one.
  const int32_t n = 1000;
  const size_t bytes = n * sizeof(float), offset = sizeof(float);
  std::vector<float> x = randomFloats(n, 7, -1.0f, 1.0f);
  std::vector<float> y = randomFloats(n, 8, -1.0f, 1.0f);
  std::vector<float> staged(n + 1);
  DeviceBuffer dx(*driver, bytes + offset), dy(*driver, bytes + offset);
  DeviceBuffer dout(*driver, bytes + offset);
  std::copy(x.begin(), x.end(), staged.begin() + 1);
  dx.upload(staged);
  std::copy(y.begin(), y.end(), staged.begin() + 1);
  dy.upload(staged);

  tkc_status status =
      vector_add(stream(), dx.ptr(offset), dy.ptr(offset), dout.ptr(offset), n);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();

  std::vector<float> out = dout.download<float>(n + 1);
  for (int32_t i = 0; i < n; ++i)
    ASSERT_EQ(floatBits(out[i + 1]), floatBits(x[i] + y[i]))
        << "out[" << i << "]";
}

} // namespace
} // namespace tkc::e2e
