//===- rms_norm_test.cc - RMS norm on a GPU against a CPU reference -------===//
//
// Runs kernels/rms_norm.py, y = x * rsqrt(mean(x^2) + eps) * w, through its
// generated C APIs for fp32 (rms_norm_1024.h, rms_norm_8192.h) and fp16
// (rms_norm_fp16_1024.h, rms_norm_fp16_8192.h) data on matrices of odd widths,
// with contiguous and padded rows, and compares every value with the formula
// computed in double from the same (rounded) inputs: within a few fp32
// rounding errors for fp32, within one fp16 rounding for fp16 (the kernel
// computes in fp32 and rounds once). The row padding and the bytes past the
// matrix must stay unwritten.
//
//===----------------------------------------------------------------------===//

#include "rms_norm_1024.h"
#include "rms_norm_8192.h"
#include "rms_norm_fp16_1024.h"
#include "rms_norm_fp16_8192.h"
#include "tests/e2e/row_test_support.h"

#include <cmath>

namespace tkc::e2e {
namespace {

/// The generated entry point of every rms_norm variant (fp32 and fp16 alike).
using RmsNormFn = decltype(&rms_norm_1024);

/// The eps every case passes.
constexpr float kEps = 1e-5f;

/// Runs one case of one element type and compares with the CPU.
void checkRmsNorm(CudaDriver &driver, void *stream, const RowCase<RmsNormFn> &c,
                  bool half) {
  const RowShape &shape = c.shape;
  const RowShape out = outputShape(shape);
  const size_t size = half ? sizeof(uint16_t) : sizeof(float);
  const size_t outBytes = out.elements() * size;
  HostData x(half,
             randomFloats(shape.elements(), shape.cols + 21, -3.0f, 3.0f));
  HostData w(half, randomFloats(shape.cols, shape.cols + 22, -2.0f, 2.0f));

  DeviceBuffer dx(driver, x.bytes.size()), dw(driver, w.bytes.size());
  DeviceBuffer dy(driver, outBytes + kGuardBytes);
  dx.upload(x.bytes);
  dw.upload(w.bytes);
  dy.fill(kPoison);
  tkc_status status =
      c.variant.fn(stream, dx.ptr(), dw.ptr(), dy.ptr(), shape.stride,
                   out.stride, shape.rows, shape.cols, kEps);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  ASSERT_NO_FATAL_FAILURE(synchronizeStream(driver, stream));

  std::vector<uint8_t> raw = dy.download<uint8_t>(outBytes + kGuardBytes);
  size_t mismatches = 0;
  for (int32_t r = 0; r < shape.rows; ++r) {
    const float *row = x.values.data() + static_cast<size_t>(r) * shape.stride;
    double squares = 0.0;
    for (int32_t j = 0; j < shape.cols; ++j)
      squares += static_cast<double>(row[j]) * row[j];
    double invRms = 1.0 / std::sqrt(squares / shape.cols + kEps);
    for (int32_t j = 0; j < shape.cols; ++j) {
      float got = elementAt(raw, static_cast<size_t>(r) * out.stride + j, half);
      double want = row[j] * invRms * w.values[j];
      // fp32: the sum of squares, rsqrt and two products, a few 1e-7
      // relative; fp16: one final rounding (2^-11 relative) dominates.
      double tolerance =
          (half ? 1e-3 : 1e-5) * std::fabs(want) + (half ? 6e-8 : 1e-30);
      if (!(std::fabs(got - want) <= tolerance) && ++mismatches <= 5)
        ADD_FAILURE() << "y[" << r << "][" << j << "] = " << got << ", want "
                      << want << " (x = " << row[j] << ", w = " << w.values[j]
                      << ")";
    }
  }
  EXPECT_EQ(mismatches, 0u);
  EXPECT_EQ(countWritesOutsideRows(raw, out, size), 0u);
}

/// rms_norm on fp32 data for one (variant, shape) case.
class RmsNormTest : public GpuTest,
                    public ::testing::WithParamInterface<RowCase<RmsNormFn>> {};

TEST_P(RmsNormTest, MatchesCpu) {
  checkRmsNorm(*driver, stream(), GetParam(), /*half=*/false);
}

INSTANTIATE_TEST_SUITE_P(Fp32, RmsNormTest,
                         ::testing::ValuesIn(rowCases<RmsNormFn>({
                             {"rms_norm_1024", 1024, &rms_norm_1024},
                             {"rms_norm_8192", 8192, &rms_norm_8192},
                         })),
                         rowCaseName<RmsNormFn>);

/// rms_norm on fp16 data for one (variant, shape) case.
class RmsNormFp16Test
    : public GpuTest,
      public ::testing::WithParamInterface<RowCase<RmsNormFn>> {};

TEST_P(RmsNormFp16Test, MatchesCpu) {
  checkRmsNorm(*driver, stream(), GetParam(), /*half=*/true);
}

INSTANTIATE_TEST_SUITE_P(Fp16, RmsNormFp16Test,
                         ::testing::ValuesIn(rowCases<RmsNormFn>({
                             {"rms_norm_fp16_1024", 1024, &rms_norm_fp16_1024},
                             {"rms_norm_fp16_8192", 8192, &rms_norm_fp16_8192},
                         })),
                         rowCaseName<RmsNormFn>);

} // namespace
} // namespace tkc::e2e
