//===- cross_entropy_test.cc - Cross-entropy forward on a GPU -------------===//
//
// Runs kernels/cross_entropy.py through its generated C APIs
// (cross_entropy_fwd_1024.h, cross_entropy_fwd_8192.h, and the _fp16_ ones) on
// fp32 and fp16 logits of odd widths, contiguous and with padded rows, with
// int32 labels spread over the whole row (first and last column included), and
// compares every loss[r] = logsumexp(logits[r, :]) - logits[r, label[r]] with
// the same formula in double from the same (rounded) logits. The logits span
// [-30, 30), so a kernel that does not subtract the row maximum first still
// passes only if exp does not overflow, and one that reads the masked tail as
// anything but -inf is off. Nothing past the n_rows losses may be written.
//
//===----------------------------------------------------------------------===//

#include "cross_entropy_fwd_1024.h"
#include "cross_entropy_fwd_8192.h"
#include "cross_entropy_fwd_fp16_1024.h"
#include "cross_entropy_fwd_fp16_8192.h"
#include "tests/e2e/row_test_support.h"

#include <cmath>

namespace tkc::e2e {
namespace {

/// The generated entry point of every cross_entropy_fwd variant (fp32 and
/// fp16 logits alike).
using CrossEntropyFn = decltype(&cross_entropy_fwd_1024);

/// Runs one case and compares with the CPU.
void checkCrossEntropy(CudaDriver &driver, void *stream,
                       const RowCase<CrossEntropyFn> &c, bool half) {
  const RowShape &shape = c.shape;
  const size_t outBytes = shape.rows * sizeof(float);
  HostData logits(
      half, randomFloats(shape.elements(), shape.cols + 51, -30.0f, 30.0f));
  const std::vector<float> &x = logits.values;
  std::vector<int32_t> labels(shape.rows);
  for (int32_t r = 0; r < shape.rows; ++r)
    labels[r] = r % 3 == 0 ? 0
                : r % 3 == 1
                    ? shape.cols - 1
                    : static_cast<int32_t>((static_cast<int64_t>(r) * 7919) %
                                           shape.cols);
  DeviceBuffer dx(driver, logits.bytes.size());
  DeviceBuffer dlabels(driver, labels.size() * sizeof(int32_t));
  DeviceBuffer dloss(driver, outBytes + kGuardBytes);
  dx.upload(logits.bytes);
  dlabels.upload(labels);
  dloss.fill(kPoison);
  tkc_status status = c.variant.fn(stream, dx.ptr(), dlabels.ptr(), dloss.ptr(),
                                   shape.stride, shape.rows, shape.cols);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  ASSERT_NO_FATAL_FAILURE(synchronizeStream(driver, stream));

  std::vector<uint8_t> raw = dloss.download<uint8_t>(outBytes + kGuardBytes);
  size_t mismatches = 0;
  for (int32_t r = 0; r < shape.rows; ++r) {
    const float *row = x.data() + static_cast<size_t>(r) * shape.stride;
    double max = row[0];
    for (int32_t j = 1; j < shape.cols; ++j)
      max = std::fmax(max, row[j]);
    double sum = 0.0;
    for (int32_t j = 0; j < shape.cols; ++j)
      sum += std::exp(row[j] - max);
    double logSumExp = max + std::log(sum);
    double want = logSumExp - row[labels[r]];
    float got = elementAt(raw, r, false);
    // fp32 exp (ex2.approx) and log of a sum of up to 8192 terms, then a
    // subtraction of values up to ~40: relative error of a few ulps of the
    // larger operand.
    double tolerance = 4e-6 * (std::fabs(logSumExp) + std::fabs(want)) + 1e-5;
    if (!(std::fabs(got - want) <= tolerance) && ++mismatches <= 5)
      ADD_FAILURE() << "loss of row " << r << " (label " << labels[r]
                    << ") = " << got << ", want " << want << " (tolerance "
                    << tolerance << ")";
  }
  EXPECT_EQ(mismatches, 0u);
  for (size_t b = outBytes; b < raw.size(); ++b)
    ASSERT_EQ(raw[b], kPoison) << "byte " << b - outBytes << " past the end";
}

/// cross_entropy_fwd for one (variant, shape) case.
class CrossEntropyTest
    : public GpuTest,
      public ::testing::WithParamInterface<RowCase<CrossEntropyFn>> {};

TEST_P(CrossEntropyTest, MatchesCpu) {
  checkCrossEntropy(*driver, stream(), GetParam(), /*half=*/false);
}

INSTANTIATE_TEST_SUITE_P(
    Fp32, CrossEntropyTest,
    ::testing::ValuesIn(rowCases<CrossEntropyFn>({
        {"cross_entropy_fwd_1024", 1024, &cross_entropy_fwd_1024},
        {"cross_entropy_fwd_8192", 8192, &cross_entropy_fwd_8192},
    })),
    rowCaseName<CrossEntropyFn>);

/// cross_entropy_fwd on fp16 logits for one (variant, shape) case.
class CrossEntropyFp16Test
    : public GpuTest,
      public ::testing::WithParamInterface<RowCase<CrossEntropyFn>> {};

TEST_P(CrossEntropyFp16Test, MatchesCpu) {
  checkCrossEntropy(*driver, stream(), GetParam(), /*half=*/true);
}

INSTANTIATE_TEST_SUITE_P(
    Fp16, CrossEntropyFp16Test,
    ::testing::ValuesIn(rowCases<CrossEntropyFn>({
        {"cross_entropy_fwd_fp16_1024", 1024, &cross_entropy_fwd_fp16_1024},
        {"cross_entropy_fwd_fp16_8192", 8192, &cross_entropy_fwd_fp16_8192},
    })),
    rowCaseName<CrossEntropyFn>);

} // namespace
} // namespace tkc::e2e
