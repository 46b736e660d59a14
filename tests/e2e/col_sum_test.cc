//===- col_sum_test.cc - The tiled column sum and its configs on a GPU ----===//
//
// Runs kernels/col_sum.py (manifest kernels/col_sum.json: 8 configs; an
// aligned specialization, one with aligned buffers only, and a generic one)
// through its generated C API: every config through col_sum_config() on odd
// and aligned shapes, contiguous and with a padded row stride, against a
// double-precision CPU sum; nothing past N outputs may be written. Odd row
// strides reach the aligned-buffers variant, whose rows start at addresses
// of no alignment (its loads along a row must not be vectors). Then the
// default entry point with run-time autotuning on: the tuned call must give
// the same sums, and the input must be unchanged after tuning.
//
//===----------------------------------------------------------------------===//

#include "col_sum.h"
#include "tests/e2e/gpu_test_support.h"

#include <cmath>

namespace tkc::e2e {
namespace {

/// One matrix shape: M rows of N columns, rows `stride` elements apart.
struct Shape {
  int32_t m, n, stride;
};

class ColSumTest : public GpuTest {
protected:
  /// Runs `config` (or, with -1, the default entry point) on `shape` and
  /// compares with the CPU.
  void check(const Shape &shape, int config) {
    SCOPED_TRACE("M " + std::to_string(shape.m) + ", N " +
                 std::to_string(shape.n) + ", stride " +
                 std::to_string(shape.stride) + ", config " +
                 std::to_string(config));
    size_t elements = static_cast<size_t>(shape.m) * shape.stride;
    std::vector<float> x = randomFloats(elements, shape.n + 7, -1.0f, 1.0f);
    DeviceBuffer dx(*driver, elements * sizeof(float));
    DeviceBuffer dout(*driver, shape.n * sizeof(float) + kGuardBytes);
    dx.upload(x);
    dout.fill(kPoison);
    tkc_status status =
        config < 0 ? col_sum(stream(), dx.ptr(), dout.ptr(), shape.m, shape.n,
                             shape.stride)
                   : col_sum_config(stream(), config, dx.ptr(), dout.ptr(),
                                    shape.m, shape.n, shape.stride);
    ASSERT_EQ(status, TKC_SUCCESS) << tkc_last_error();
    synchronize();
    std::vector<float> out =
        dout.download<float>(shape.n + kGuardBytes / sizeof(float));
    for (int32_t j = 0; j < shape.n; ++j) {
      double sum = 0, magnitude = 0;
      for (int32_t i = 0; i < shape.m; ++i) {
        sum += x[static_cast<size_t>(i) * shape.stride + j];
        magnitude += std::fabs(x[static_cast<size_t>(i) * shape.stride + j]);
      }
      // fp32 accumulation in a different order: within a few ulps of the
      // sum of magnitudes per addition level.
      double tolerance = 1e-6 * magnitude * std::log2(shape.m + 2.0) + 1e-6;
      ASSERT_NEAR(out[j], sum, tolerance) << "column " << j;
    }
    for (size_t k = shape.n; k < out.size(); ++k)
      ASSERT_EQ(floatBits(out[k]), 0xA5A5A5A5u) << "written past N at " << k;
    // Autotuning must leave the input as it was.
    EXPECT_EQ(dx.download<float>(elements), x);
  }
};

const Shape kShapes[] = {
    {1, 1, 1},        // one element
    {1000, 777, 777}, // odd sizes: aligned buffers, rows unaligned
    {4096, 1024, 1024}, {333, 4096, 4096},
    {64, 512, 528},   // padded rows, aligned stride
    {5000, 100, 104}, // tall and narrow
};

TEST_F(ColSumTest, EveryConfigMatchesTheCpu) {
  ASSERT_EQ(col_sum_num_configs(), 8);
  for (int config = 0; config < col_sum_num_configs(); ++config)
    for (const Shape &shape : kShapes)
      check(shape, config);
}

TEST_F(ColSumTest, AutotunedCallMatchesTheCpu) {
  ASSERT_EQ(tkc_set_autotune(1), TKC_SUCCESS);
  for (const Shape &shape : kShapes)
    check(shape, -1);
  ASSERT_EQ(tkc_set_autotune(-1), TKC_SUCCESS);
}

} // namespace
} // namespace tkc::e2e
