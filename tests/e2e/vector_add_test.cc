//===- vector_add_test.cc - vector_add on a GPU against a CPU reference ---===//
//
// Runs kernels/vector_add.py through its generated C API (vector_add.h) on
// device memory for sizes with and without a partial last block, checks every
// element bit for bit against x + y computed on the CPU, and checks that
// nothing past n_elements is written. Also checks the dispatch: an argument
// that breaks the variant's 16-byte alignment is refused with a reason.
//
//===----------------------------------------------------------------------===//

#include "tests/e2e/gpu_test_support.h"
#include "vector_add.h"

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

TEST_F(VectorAddApiTest, RefusesMisalignedPointer) {
  // The only variant assumes 16-byte aligned pointers; 4 bytes in breaks it.
  DeviceBuffer dx(*driver, 4096), dy(*driver, 4096), dout(*driver, 4096);
  tkc_status status = vector_add(stream(), dx.ptr(4), dy.ptr(), dout.ptr(), 8);
  EXPECT_NE(status, TKC_SUCCESS);
  EXPECT_STRNE(tkc_last_error(), "");
}

} // namespace
} // namespace tkc::e2e
