//===- row_scale_test.cc - A decorated kernel's heuristic dispatch on a GPU
//===//
//
// Runs kernels/row_scale.py, tuned by its own @triton.autotune (BLOCK 256 or
// 1024) and @triton.heuristics (EVEN_N = n_cols % BLOCK == 0) and compiled
// without a manifest (triton_kernel(decorators = True)), through its
// generated C API: each config on rows whose length is a multiple of its
// BLOCK (the unmasked EVEN_N variant) and rows whose length is not (the
// masked one, which alone keeps the last row's loop inside the buffers: the
// unmasked variant would write into the guard after the output), against
// the CPU; then the default entry point, also with run-time autotuning on.
//
//===----------------------------------------------------------------------===//

#include "row_scale.h"
#include "tests/e2e/gpu_test_support.h"

#include <string>

namespace tkc::e2e {
namespace {

/// A matrix shape: rows × cols, contiguous.
struct Shape {
  int32_t rows, cols;
};

class RowScaleTest : public GpuTest {
protected:
  /// Runs `config` (or, with -1, the default entry point) on `shape` and
  /// compares with the CPU; nothing past the output may be written.
  void check(const Shape &shape, int config) {
    SCOPED_TRACE("rows " + std::to_string(shape.rows) + ", cols " +
                 std::to_string(shape.cols) + ", config " +
                 std::to_string(config));
    const float scale = -1.5f;
    size_t elements = static_cast<size_t>(shape.rows) * shape.cols;
    size_t bytes = elements * sizeof(float);
    std::vector<float> x = randomFloats(elements, shape.cols, -4.0f, 4.0f);
    DeviceBuffer dx(*driver, bytes + kGuardBytes);
    DeviceBuffer dout(*driver, bytes + kGuardBytes);
    dx.fill(kPoison);
    dx.upload(x);
    dout.fill(kPoison);
    tkc_status status =
        config < 0 ? row_scale(stream(), dx.ptr(), dout.ptr(), shape.rows,
                               shape.cols, scale)
                   : row_scale_config(stream(), config, dx.ptr(), dout.ptr(),
                                      shape.rows, shape.cols, scale);
    ASSERT_EQ(status, TKC_SUCCESS) << tkc_last_error();
    synchronize();
    std::vector<uint8_t> out = dout.download<uint8_t>(bytes + kGuardBytes);
    size_t mismatches = 0;
    for (size_t i = 0; i < elements; ++i) {
      float got;
      std::memcpy(&got, out.data() + i * sizeof(float), sizeof(float));
      if (floatBits(got) != floatBits(x[i] * scale) && ++mismatches <= 5)
        ADD_FAILURE() << "out[" << i / shape.cols << ", " << i % shape.cols
                      << "] = " << got << ", want " << x[i] * scale;
    }
    EXPECT_EQ(mismatches, 0u) << "of " << elements << " elements";
    expectGuardUntouched(out, bytes);
  }
};

// Row lengths: multiples of both BLOCKs (EVEN_N in both configs), of 256
// only (EVEN_N in config 0, not in config 1), and of neither.
const Shape kShapes[] = {
    {3, 2048},  {64, 1024}, // EVEN_N for BLOCK 256 and 1024
    {5, 768},   {1, 256},   // EVEN_N for BLOCK 256 only
    {7, 1000},  {2, 1},     // never EVEN_N
    {33, 4133},
};

TEST_F(RowScaleTest, EveryConfigAndHeuristicValueMatchesTheCpu) {
  ASSERT_EQ(row_scale_num_configs(), 2);
  for (int config = 0; config < row_scale_num_configs(); ++config)
    for (const Shape &shape : kShapes)
      check(shape, config);
}

TEST_F(RowScaleTest, DefaultAndAutotunedCallsMatchTheCpu) {
  for (const Shape &shape : kShapes)
    check(shape, -1);
  ASSERT_EQ(tkc_set_autotune(1), TKC_SUCCESS);
  for (const Shape &shape : kShapes)
    check(shape, -1);
  ASSERT_EQ(tkc_set_autotune(-1), TKC_SUCCESS);
}

} // namespace
} // namespace tkc::e2e
