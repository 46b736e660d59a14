//===- softmax_test.cc - Row softmax on a GPU against a CPU reference -----===//
//
// Runs kernels/softmax.py through its generated C APIs for fp32
// (softmax_1024.h, softmax_8192.h) and fp16 (softmax_fp16_1024.h,
// softmax_fp16_8192.h) data on matrices of odd widths, with contiguous and
// padded rows (the output's 16 elements further apart than the input's when
// padded), and compares every value with a softmax computed in double on the
// CPU from the same (rounded) inputs. Some rows are shifted by +100, where
// exp() overflows fp32 unless the kernel subtracts the row maximum first. The
// row padding and the bytes past the matrix must stay unwritten.
// All four come from manifests (kernels/softmax[_fp16]_<BLOCK_SIZE>.json):
// each entry point runs as callers call it (the config its tuned table picks)
// and with each of its configs, the H100-only ones (fewer programs per SM,
// other warp counts) included.
//
//===----------------------------------------------------------------------===//

#include "softmax_1024.h"
#include "softmax_8192.h"
#include "softmax_fp16_1024.h"
#include "softmax_fp16_8192.h"
#include "tests/e2e/row_test_support.h"

#include <cmath>
#include <deque>
#include <string>
#include <vector>

namespace tkc::e2e {
namespace {

/// One way to call a softmax: a generated entry point as callers call it
/// (`config` < 0), or its _config() twin with config `config`.
struct SoftmaxFn {
  decltype(&softmax_1024) plain;
  decltype(&softmax_1024_config) withConfig;
  int config;

  tkc_status operator()(tkc_stream stream, void *x, void *y, int32_t xStride,
                        int32_t yStride, int32_t rows, int32_t cols) const {
    if (config < 0)
      return plain(stream, x, y, xStride, yStride, rows, cols);
    return withConfig(stream, config, x, y, xStride, yStride, rows, cols);
  }
};

/// The entry point `name` (its BLOCK_SIZE `block`) as callers call it, then
/// with each of its `numConfigs` configs ("softmax_8192_c2").
void addEntryPoint(std::vector<RowVariant<SoftmaxFn>> &variants,
                   const char *name, int32_t block,
                   decltype(&softmax_1024) plain,
                   decltype(&softmax_1024_config) withConfig, int numConfigs) {
  // The names must outlive the test parameters: kept for the process, in a
  // deque, which never moves its elements.
  static std::deque<std::string> *names = new std::deque<std::string>;
  variants.push_back({name, block, {plain, withConfig, -1}});
  for (int c = 0; c < numConfigs; ++c) {
    names->push_back(std::string(name) + "_c" + std::to_string(c));
    variants.push_back({names->back().c_str(), block, {plain, withConfig, c}});
  }
}

/// The fp32 (`half` false) or fp16 softmax entry points and their configs.
std::vector<RowVariant<SoftmaxFn>> softmaxVariants(bool half) {
  std::vector<RowVariant<SoftmaxFn>> variants;
  if (half) {
    addEntryPoint(variants, "softmax_fp16_1024", 1024, &softmax_fp16_1024,
                  &softmax_fp16_1024_config, softmax_fp16_1024_num_configs());
    addEntryPoint(variants, "softmax_fp16_8192", 8192, &softmax_fp16_8192,
                  &softmax_fp16_8192_config, softmax_fp16_8192_num_configs());
  } else {
    addEntryPoint(variants, "softmax_1024", 1024, &softmax_1024,
                  &softmax_1024_config, softmax_1024_num_configs());
    addEntryPoint(variants, "softmax_8192", 8192, &softmax_8192,
                  &softmax_8192_config, softmax_8192_num_configs());
  }
  return variants;
}

/// Runs one case of one element type and compares with the CPU.
void checkSoftmax(CudaDriver &driver, void *stream, const RowCase<SoftmaxFn> &c,
                  bool half) {
  const RowShape &shape = c.shape;
  const RowShape out = outputShape(shape);
  const size_t size = half ? sizeof(uint16_t) : sizeof(float);
  const size_t outBytes = out.elements() * size;
  std::vector<float> wanted =
      randomFloats(shape.elements(), shape.cols + 11, -8.0f, 8.0f);
  for (size_t i = 0; i < wanted.size(); ++i)
    if ((i / shape.stride) % 3 == 1)
      wanted[i] += 100.0f;
  HostData x(half, std::move(wanted));

  DeviceBuffer dx(driver, x.bytes.size()), dy(driver, outBytes + kGuardBytes);
  dx.upload(x.bytes);
  dy.fill(kPoison);
  tkc_status status = c.variant.fn(stream, dx.ptr(), dy.ptr(), shape.stride,
                                   out.stride, shape.rows, shape.cols);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  ASSERT_NO_FATAL_FAILURE(synchronizeStream(driver, stream));

  std::vector<uint8_t> raw = dy.download<uint8_t>(outBytes + kGuardBytes);
  size_t mismatches = 0;
  for (int32_t r = 0; r < shape.rows; ++r) {
    const float *row = x.values.data() + static_cast<size_t>(r) * shape.stride;
    double max = -INFINITY, sum = 0.0;
    for (int32_t j = 0; j < shape.cols; ++j)
      max = std::fmax(max, row[j]);
    for (int32_t j = 0; j < shape.cols; ++j)
      sum += std::exp(row[j] - max);
    for (int32_t j = 0; j < shape.cols; ++j) {
      float got = elementAt(raw, static_cast<size_t>(r) * out.stride + j, half);
      double want = std::exp(row[j] - max) / sum;
      // fp32: exp and the sum in fp32 (fast exp2 on the GPU), a few 1e-6
      // relative; fp16: one final rounding (2^-11 relative), or half an ulp
      // of the smallest subnormal (2^-25) below fp16's normal range.
      double tolerance = half ? 1e-3 * want + 3e-8 : 1e-5 * want + 1e-30;
      if (!(std::fabs(got - want) <= tolerance) && ++mismatches <= 5)
        ADD_FAILURE() << "y[" << r << "][" << j << "] = " << got << ", want "
                      << want << " (x = " << row[j] << ")";
    }
  }
  EXPECT_EQ(mismatches, 0u);
  EXPECT_EQ(countWritesOutsideRows(raw, out, size), 0u);
}

/// softmax on fp32 data for one (variant, shape) case.
class SoftmaxTest : public GpuTest,
                    public ::testing::WithParamInterface<RowCase<SoftmaxFn>> {};

TEST_P(SoftmaxTest, MatchesCpu) {
  checkSoftmax(*driver, stream(), GetParam(), /*half=*/false);
}

INSTANTIATE_TEST_SUITE_P(Fp32, SoftmaxTest,
                         ::testing::ValuesIn(rowCases(softmaxVariants(false))),
                         rowCaseName<SoftmaxFn>);

/// softmax on fp16 data for one (variant, shape) case.
class SoftmaxFp16Test
    : public GpuTest,
      public ::testing::WithParamInterface<RowCase<SoftmaxFn>> {};

TEST_P(SoftmaxFp16Test, MatchesCpu) {
  checkSoftmax(*driver, stream(), GetParam(), /*half=*/true);
}

INSTANTIATE_TEST_SUITE_P(Fp16, SoftmaxFp16Test,
                         ::testing::ValuesIn(rowCases(softmaxVariants(true))),
                         rowCaseName<SoftmaxFn>);

} // namespace
} // namespace tkc::e2e
