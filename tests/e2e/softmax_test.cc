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
// softmax_1024 and softmax_8192 come from manifests
// (kernels/softmax_<BLOCK_SIZE>.json): each of their configs runs on its own
// too, the H100-only ones (fewer programs per SM, other warp counts)
// included.
//
//===----------------------------------------------------------------------===//

#include "softmax_1024.h"
#include "softmax_8192.h"
#include "softmax_fp16_1024.h"
#include "softmax_fp16_8192.h"
#include "tests/e2e/row_test_support.h"

#include <cmath>

namespace tkc::e2e {
namespace {

/// The generated entry point of every softmax variant (fp32 and fp16 alike).
using SoftmaxFn = decltype(&softmax_1024);

/// softmax_1024 with config `Config` of kernels/softmax_1024.json.
template <int Config>
tkc_status softmax1024Config(tkc_stream stream, void *x, void *y,
                             int32_t xStride, int32_t yStride, int32_t rows,
                             int32_t cols) {
  return softmax_1024_config(stream, Config, x, y, xStride, yStride, rows,
                             cols);
}

/// softmax_8192 with config `Config` of kernels/softmax_8192.json.
template <int Config>
tkc_status softmax8192Config(tkc_stream stream, void *x, void *y,
                             int32_t xStride, int32_t yStride, int32_t rows,
                             int32_t cols) {
  return softmax_8192_config(stream, Config, x, y, xStride, yStride, rows,
                             cols);
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
  CUresult result = driver.streamSynchronize(static_cast<CUstream>(stream));
  ASSERT_EQ(result, CUDA_SUCCESS)
      << driver.describe("cuStreamSynchronize", result);

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
                         ::testing::ValuesIn(rowCases<SoftmaxFn>({
                             {"softmax_1024", 1024, &softmax_1024},
                             {"softmax_1024_w4_b12", 1024,
                              &softmax1024Config<1>},
                             {"softmax_1024_w4_b8", 1024,
                              &softmax1024Config<2>},
                             {"softmax_1024_w2", 1024, &softmax1024Config<3>},
                             {"softmax_1024_w2_b24", 1024,
                              &softmax1024Config<4>},
                             {"softmax_1024_w8", 1024, &softmax1024Config<5>},
                             {"softmax_1024_w8_b6", 1024,
                              &softmax1024Config<6>},
                             {"softmax_8192", 8192, &softmax_8192},
                             {"softmax_8192_w16_b3", 8192,
                              &softmax8192Config<1>},
                             {"softmax_8192_w16_b2", 8192,
                              &softmax8192Config<2>},
                             {"softmax_8192_w8", 8192, &softmax8192Config<3>},
                             {"softmax_8192_w8_b6", 8192,
                              &softmax8192Config<4>},
                             {"softmax_8192_w8_b4", 8192,
                              &softmax8192Config<5>},
                             {"softmax_8192_w32", 8192, &softmax8192Config<6>},
                         })),
                         rowCaseName<SoftmaxFn>);

/// softmax on fp16 data for one (variant, shape) case.
class SoftmaxFp16Test
    : public GpuTest,
      public ::testing::WithParamInterface<RowCase<SoftmaxFn>> {};

TEST_P(SoftmaxFp16Test, MatchesCpu) {
  checkSoftmax(*driver, stream(), GetParam(), /*half=*/true);
}

INSTANTIATE_TEST_SUITE_P(Fp16, SoftmaxFp16Test,
                         ::testing::ValuesIn(rowCases<SoftmaxFn>({
                             {"softmax_fp16_1024", 1024, &softmax_fp16_1024},
                             {"softmax_fp16_8192", 8192, &softmax_fp16_8192},
                         })),
                         rowCaseName<SoftmaxFn>);

} // namespace
} // namespace tkc::e2e
