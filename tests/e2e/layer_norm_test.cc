//===- layer_norm_test.cc - Layer norm forward on a GPU -------------------===//
//
// Runs kernels/layer_norm.py's forward kernel through its generated C APIs
// for fp32 (layer_norm_fwd_1024.h, layer_norm_fwd_8192.h) and fp16
// (layer_norm_fwd_fp16_1024.h, layer_norm_fwd_fp16_8192.h) data, and the same
// layer norm written with loops over columns (kernels/layer_norm_loop.py,
// layer_norm_loop_fwd*; its BLOCK_SIZE 1024 variants also on rows up to 8192
// wide, several chunks each), on matrices of odd widths, with contiguous and
// padded rows, and compares the fp32 mean and rstd of every row and every y =
// (x - mean) * rstd * w + b with the same formulas computed in double from the
// same (rounded) inputs. The rows have a non-zero mean, so a kernel that does
// not centre them fails. The row padding and the bytes past the outputs must
// stay unwritten.
//
//===----------------------------------------------------------------------===//

#include "layer_norm_fwd_1024.h"
#include "layer_norm_fwd_8192.h"
#include "layer_norm_fwd_fp16_1024.h"
#include "layer_norm_fwd_fp16_8192.h"
#include "layer_norm_loop_fwd_1024.h"
#include "layer_norm_loop_fwd_8192.h"
#include "layer_norm_loop_fwd_fp16_1024.h"
#include "layer_norm_loop_fwd_fp16_8192.h"
#include "tests/e2e/row_test_support.h"

#include <cmath>

namespace tkc::e2e {
namespace {

/// The generated entry point of every layer_norm_fwd variant.
using LayerNormFn = decltype(&layer_norm_fwd_1024);

/// The eps every case passes.
constexpr float kEps = 1e-5f;

/// Reports a mismatch unless |got - want| <= tolerance; counts mismatches.
void expectNear(double got, double want, double tolerance, size_t &mismatches,
                const std::string &what) {
  if (!(std::fabs(got - want) <= tolerance) && ++mismatches <= 5)
    ADD_FAILURE() << what << " = " << got << ", want " << want << " (tolerance "
                  << tolerance << ")";
}

/// Runs one case of one element type and compares with the CPU.
void checkLayerNorm(CudaDriver &driver, void *stream,
                    const RowCase<LayerNormFn> &c, bool half) {
  const RowShape &shape = c.shape;
  const RowShape out = outputShape(shape);
  const size_t size = half ? sizeof(uint16_t) : sizeof(float);
  const size_t outBytes = out.elements() * size;
  const size_t statBytes = shape.rows * sizeof(float);
  std::vector<float> wanted =
      randomFloats(shape.elements(), shape.cols + 41, -2.0f, 2.0f);
  for (size_t i = 0; i < wanted.size(); ++i)
    wanted[i] += 1.5f;
  HostData x(half, wanted);
  HostData w(half, randomFloats(shape.cols, shape.cols + 42, -1.0f, 1.0f));
  HostData b(half, randomFloats(shape.cols, shape.cols + 43, -1.0f, 1.0f));

  DeviceBuffer dx(driver, x.bytes.size()), dw(driver, w.bytes.size());
  DeviceBuffer db(driver, b.bytes.size());
  DeviceBuffer dy(driver, outBytes + kGuardBytes);
  DeviceBuffer dmean(driver, statBytes + kGuardBytes);
  DeviceBuffer drstd(driver, statBytes + kGuardBytes);
  dx.upload(x.bytes);
  dw.upload(w.bytes);
  db.upload(b.bytes);
  dy.fill(kPoison);
  dmean.fill(kPoison);
  drstd.fill(kPoison);
  tkc_status status = c.variant.fn(
      stream, dx.ptr(), dy.ptr(), dw.ptr(), db.ptr(), dmean.ptr(), drstd.ptr(),
      shape.stride, out.stride, shape.rows, shape.cols, kEps);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  ASSERT_NO_FATAL_FAILURE(synchronizeStream(driver, stream));

  std::vector<uint8_t> y = dy.download<uint8_t>(outBytes + kGuardBytes);
  std::vector<uint8_t> means = dmean.download<uint8_t>(statBytes + kGuardBytes);
  std::vector<uint8_t> rstds = drstd.download<uint8_t>(statBytes + kGuardBytes);
  size_t mismatches = 0;
  for (int32_t r = 0; r < shape.rows; ++r) {
    const float *row = x.values.data() + static_cast<size_t>(r) * shape.stride;
    double sum = 0.0, magnitude = 0.0, squares = 0.0;
    for (int32_t j = 0; j < shape.cols; ++j) {
      sum += row[j];
      magnitude += std::fabs(row[j]);
    }
    double mean = sum / shape.cols;
    for (int32_t j = 0; j < shape.cols; ++j)
      squares += (row[j] - mean) * (row[j] - mean);
    double rstd = 1.0 / std::sqrt(squares / shape.cols + kEps);

    // The mean: fp32 additions, each value through at most 64 roundings of
    // partial sums (sequential within a thread, a tree across threads). The
    // rstd: a sum of positive terms, a square root and a division.
    double meanTolerance = 64 * 6e-8 * magnitude / shape.cols;
    std::string where = "row " + std::to_string(r);
    expectNear(elementAt(means, r, false), mean, meanTolerance, mismatches,
               "mean of " + where);
    expectNear(elementAt(rstds, r, false), rstd, 2e-5 * rstd, mismatches,
               "rstd of " + where);
    for (int32_t j = 0; j < shape.cols; ++j) {
      double scaled = (row[j] - mean) * rstd * w.values[j];
      double want = scaled + b.values[j];
      // fp32 math, the mean's error carried through the scaling, and for fp16
      // one final rounding (2^-11 relative).
      double tolerance = 2e-5 * (std::fabs(scaled) + std::fabs(b.values[j])) +
                         meanTolerance * rstd * std::fabs(w.values[j]) +
                         (half ? 1e-3 * std::fabs(want) + 6e-8 : 0.0);
      expectNear(elementAt(y, static_cast<size_t>(r) * out.stride + j, half),
                 want, tolerance, mismatches,
                 "y[" + std::to_string(r) + "][" + std::to_string(j) + "]");
    }
  }
  EXPECT_EQ(mismatches, 0u);
  EXPECT_EQ(countWritesOutsideRows(y, out, size), 0u);
  for (size_t i = statBytes; i < means.size(); ++i) {
    ASSERT_EQ(means[i], kPoison) << "mean byte " << i - statBytes << " past";
    ASSERT_EQ(rstds[i], kPoison) << "rstd byte " << i - statBytes << " past";
  }
}

/// layer_norm_fwd on fp32 data for one (variant, shape) case.
class LayerNormTest
    : public GpuTest,
      public ::testing::WithParamInterface<RowCase<LayerNormFn>> {};

TEST_P(LayerNormTest, MatchesCpu) {
  checkLayerNorm(*driver, stream(), GetParam(), /*half=*/false);
}

INSTANTIATE_TEST_SUITE_P(
    Fp32, LayerNormTest,
    ::testing::ValuesIn(rowCases<LayerNormFn>({
        {"layer_norm_fwd_1024", 1024, &layer_norm_fwd_1024},
        {"layer_norm_fwd_8192", 8192, &layer_norm_fwd_8192},
        {"layer_norm_loop_fwd_1024", 8192, &layer_norm_loop_fwd_1024},
        {"layer_norm_loop_fwd_8192", 8192, &layer_norm_loop_fwd_8192},
    })),
    rowCaseName<LayerNormFn>);

/// layer_norm_fwd on fp16 data for one (variant, shape) case.
class LayerNormFp16Test : public LayerNormTest {};

TEST_P(LayerNormFp16Test, MatchesCpu) {
  checkLayerNorm(*driver, stream(), GetParam(), /*half=*/true);
}

INSTANTIATE_TEST_SUITE_P(
    Fp16, LayerNormFp16Test,
    ::testing::ValuesIn(rowCases<LayerNormFn>({
        {"layer_norm_fwd_fp16_1024", 1024, &layer_norm_fwd_fp16_1024},
        {"layer_norm_fwd_fp16_8192", 8192, &layer_norm_fwd_fp16_8192},
        {"layer_norm_loop_fwd_fp16_1024", 8192, &layer_norm_loop_fwd_fp16_1024},
        {"layer_norm_loop_fwd_fp16_8192", 8192, &layer_norm_loop_fwd_fp16_8192},
    })),
    rowCaseName<LayerNormFn>);

} // namespace
} // namespace tkc::e2e
