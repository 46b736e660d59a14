//===- unrolled_test.cc - A loop unrolled by loop_unroll_factor on a GPU --===//
//
// Runs kernels/unrolled.py (strided_sum: row sums over a loop that
// tl.range's loop_unroll_factor unrolls 3 times, 128 elements an
// iteration) through its generated C API on row lengths whose trip counts
// leave every remainder (0, 1 and 2 iterations after the whole groups of 3)
// and on rows shorter than one block, against a double-precision CPU sum;
// nothing past the outputs may be written.
//
//===----------------------------------------------------------------------===//

#include "strided_sum.h"
#include "tests/e2e/gpu_test_support.h"

#include <cmath>
#include <string>

namespace tkc::e2e {
namespace {

class UnrolledTest : public GpuTest {};

TEST_F(UnrolledTest, RowSumsOfEveryRemainderMatchTheCpu) {
  const int32_t rows = 7;
  // Trip counts 1, 1, 3, 4, 5, 8, 33 (remainders 1, 1, 0, 1, 2, 2, 0).
  for (int32_t n : {1, 100, 384, 385, 600, 1000, 4224}) {
    SCOPED_TRACE("n " + std::to_string(n));
    size_t elements = static_cast<size_t>(rows) * n;
    std::vector<float> x = randomFloats(elements, n, -1.0f, 1.0f);
    DeviceBuffer dx(*driver, elements * sizeof(float));
    DeviceBuffer dout(*driver, rows * sizeof(float) + kGuardBytes);
    dx.upload(x);
    dout.fill(kPoison);
    tkc_status status = strided_sum(stream(), dx.ptr(), dout.ptr(), rows, n);
    ASSERT_EQ(status, TKC_SUCCESS) << tkc_last_error();
    synchronize();
    std::vector<float> out =
        dout.download<float>(rows + kGuardBytes / sizeof(float));
    for (int32_t r = 0; r < rows; ++r) {
      double sum = 0, magnitude = 0;
      for (int32_t j = 0; j < n; ++j) {
        sum += x[static_cast<size_t>(r) * n + j];
        magnitude += std::fabs(x[static_cast<size_t>(r) * n + j]);
      }
      ASSERT_NEAR(out[r], sum, 1e-6 * magnitude * std::log2(n + 2.0) + 1e-6)
          << "row " << r;
    }
    for (size_t k = rows; k < out.size(); ++k)
      ASSERT_EQ(floatBits(out[k]), 0xA5A5A5A5u) << "written past the rows";
  }
}

} // namespace
} // namespace tkc::e2e
