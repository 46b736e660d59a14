//===- map_elementwise_test.cc - Scalar functions with branches on a GPU --===//
//
// Runs kernels/map_elementwise.py through the generated C APIs and checks
// every element against the CPU: a piecewise function whose branches
// (early returns in a scalar @jit function) map over each element through
// tl.map_elementwise, a min/max of int32 pairs mapped two elements per call
// (each result element must come back to its own place), and a tl.reduce
// whose combine function branches. Whole and ragged lengths, aligned and
// unaligned buffers; nothing past an output may be written.
//
//===----------------------------------------------------------------------===//

#include "max_magnitude.h"
#include "min_max.h"
#include "piecewise.h"
#include "tests/e2e/gpu_test_support.h"

#include <cmath>
#include <random>

namespace tkc::e2e {
namespace {

/// One length, and whether the buffers are offset by one element from
/// their 16-byte alignment (the generic variants).
class MapElementwiseTest
    : public GpuTest,
      public ::testing::WithParamInterface<std::tuple<int, bool>> {
protected:
  /// Reads `n` elements of T from `out`, past `offset` elements, and checks
  /// the guard after them.
  template <typename T>
  std::vector<T> result(const DeviceBuffer &out, size_t n, size_t offset) {
    size_t bytes = (offset + n) * sizeof(T);
    std::vector<uint8_t> raw = out.download<uint8_t>(bytes + kGuardBytes);
    expectGuardUntouched(raw, bytes);
    std::vector<T> values(n);
    std::memcpy(values.data(), raw.data() + offset * sizeof(T), n * sizeof(T));
    return values;
  }

  /// `values` after `offset` elements of padding, as uploaded.
  template <typename T>
  static std::vector<T> padded(const std::vector<T> &values, size_t offset) {
    std::vector<T> v(offset, T());
    v.insert(v.end(), values.begin(), values.end());
    return v;
  }
};

/// The kernel's _piecewise on the CPU.
float piecewise(float x, float alpha) {
  if (x > 4.0f)
    return x;
  if (x > 0.0f)
    return x * x * 0.25f;
  if (x < -8.0f)
    return -alpha;
  return alpha * (std::exp(x) - 1.0f);
}

TEST_P(MapElementwiseTest, PiecewiseBranches) {
  const auto [n, unaligned] = GetParam();
  const size_t off = unaligned ? 1 : 0;
  const float alpha = 1.6732632f;
  std::vector<float> x = randomFloats(n, 11, -12.0f, 8.0f);
  DeviceBuffer dx(*driver, (off + n) * 4),
      dy(*driver, (off + n) * 4 + kGuardBytes);
  dx.upload(padded(x, off));
  dy.fill(kPoison);
  tkc_status status =
      ::piecewise(stream(), dx.ptr(4 * off), dy.ptr(4 * off), n, alpha);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  std::vector<float> got = result<float>(dy, n, off);
  size_t mismatches = 0;
  for (int i = 0; i < n; ++i) {
    float want = piecewise(x[i], alpha);
    // exp is the GPU's ex2.approx-based one: a few ulp.
    if (std::fabs(got[i] - want) > 1e-6f + 4e-7f * std::fabs(want) &&
        ++mismatches <= 5)
      ADD_FAILURE() << "y[" << i << "] = " << got[i] << ", want " << want
                    << " for x = " << x[i];
  }
  EXPECT_EQ(mismatches, 0u) << "of " << n;
}

TEST_P(MapElementwiseTest, MinMaxTwoPerCall) {
  const auto [n, unaligned] = GetParam();
  const size_t off = unaligned ? 1 : 0;
  std::mt19937 rng(12);
  std::vector<int32_t> a(n), b(n);
  for (int i = 0; i < n; ++i) {
    a[i] = int32_t(rng());
    b[i] = i % 7 == 0 ? a[i] : int32_t(rng());
  }
  DeviceBuffer da(*driver, (off + n) * 4), db(*driver, (off + n) * 4),
      dlo(*driver, (off + n) * 4 + kGuardBytes),
      dhi(*driver, (off + n) * 4 + kGuardBytes);
  da.upload(padded(a, off));
  db.upload(padded(b, off));
  dlo.fill(kPoison);
  dhi.fill(kPoison);
  tkc_status status = min_max(stream(), da.ptr(4 * off), db.ptr(4 * off),
                              dlo.ptr(4 * off), dhi.ptr(4 * off), n);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  std::vector<int32_t> lo = result<int32_t>(dlo, n, off),
                       hi = result<int32_t>(dhi, n, off);
  size_t mismatches = 0;
  for (int i = 0; i < n; ++i)
    if ((lo[i] != std::min(a[i], b[i]) || hi[i] != std::max(a[i], b[i])) &&
        ++mismatches <= 5)
      ADD_FAILURE() << "element " << i << ": (" << lo[i] << ", " << hi[i]
                    << ") for a = " << a[i] << ", b = " << b[i];
  EXPECT_EQ(mismatches, 0u) << "of " << n;
}

INSTANTIATE_TEST_SUITE_P(Lengths, MapElementwiseTest,
                         ::testing::Combine(::testing::Values(1024, 65536, 1,
                                                              1000, 4099),
                                            ::testing::Bool()));

/// The element of largest magnitude, the larger where magnitudes tie.
float largerMagnitude(float a, float b) {
  if (std::fabs(a) != std::fabs(b))
    return std::fabs(a) > std::fabs(b) ? a : b;
  return std::max(a, b);
}

/// Rows of a width, reduced by a combine function that branches.
class BranchingCombineTest : public GpuTest,
                             public ::testing::WithParamInterface<int> {};

TEST_P(BranchingCombineTest, MaxMagnitudePerRow) {
  const int cols = GetParam();
  const int rows = 257;
  std::vector<float> x = randomFloats(size_t(rows) * cols, 13, -1.0f, 1.0f);
  // Ties of magnitude in some rows: the larger value must win.
  for (int r = 0; r < rows; r += 5) {
    x[size_t(r) * cols] = 2.0f;
    x[size_t(r) * cols + cols - 1] = -2.0f;
  }
  DeviceBuffer dx(*driver, x.size() * 4), dout(*driver, rows * 4 + kGuardBytes);
  dx.upload(x);
  dout.fill(kPoison);
  tkc_status status = max_magnitude(stream(), dx.ptr(), dout.ptr(), rows, cols);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  std::vector<uint8_t> raw = dout.download<uint8_t>(rows * 4 + kGuardBytes);
  expectGuardUntouched(raw, rows * 4);
  std::vector<float> got(rows);
  std::memcpy(got.data(), raw.data(), rows * 4);
  size_t mismatches = 0;
  for (int r = 0; r < rows; ++r) {
    float want = x[size_t(r) * cols];
    for (int c = 1; c < cols; ++c)
      want = largerMagnitude(want, x[size_t(r) * cols + c]);
    if (got[r] != want && ++mismatches <= 5)
      ADD_FAILURE() << "row " << r << ": " << got[r] << ", want " << want;
  }
  EXPECT_EQ(mismatches, 0u) << "of " << rows;
}

INSTANTIATE_TEST_SUITE_P(Widths, BranchingCombineTest,
                         ::testing::Values(1024, 1000, 7));

} // namespace
} // namespace tkc::e2e
