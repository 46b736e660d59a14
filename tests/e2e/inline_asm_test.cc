//===- inline_asm_test.cc - tl.inline_asm_elementwise on a GPU ------------===//
//
// Runs kernels/inline_asm.py (PTX through tl.inline_asm_elementwise) through
// the generated C APIs on whole and ragged lengths and checks every element
// against the CPU: a funnel shift of three int32 operands, a byte-wise add
// of uint8 values packed four to a register (each byte must come back to
// its own element), and a quotient and remainder from one asm with two
// outputs. Nothing past an output may be written.
//
//===----------------------------------------------------------------------===//

#include "byte_add.h"
#include "div_mod.h"
#include "funnel_shift.h"
#include "tests/e2e/gpu_test_support.h"

#include <random>

namespace tkc::e2e {
namespace {

/// One length.
class InlineAsmTest : public GpuTest,
                      public ::testing::WithParamInterface<int> {
protected:
  /// Random 32-bit words.
  static std::vector<uint32_t> words(size_t n, uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<uint32_t> v(n);
    for (uint32_t &x : v)
      x = rng();
    return v;
  }

  /// Reads `n` elements of T from `out` and checks the guard after them.
  template <typename T>
  std::vector<T> result(const DeviceBuffer &out, size_t n) {
    std::vector<uint8_t> raw = out.download<uint8_t>(n * sizeof(T) + kGuardBytes);
    expectGuardUntouched(raw, n * sizeof(T));
    std::vector<T> values(n);
    std::memcpy(values.data(), raw.data(), n * sizeof(T));
    return values;
  }
};

TEST_P(InlineAsmTest, FunnelShift) {
  const int n = GetParam();
  std::vector<uint32_t> lo = words(n, 1), hi = words(n, 2), shift = words(n, 3);
  DeviceBuffer dlo(*driver, n * 4), dhi(*driver, n * 4), ds(*driver, n * 4);
  DeviceBuffer dout(*driver, n * 4 + kGuardBytes);
  dlo.upload(lo);
  dhi.upload(hi);
  ds.upload(shift);
  dout.fill(kPoison);
  tkc_status status = funnel_shift(stream(), dlo.ptr(), dhi.ptr(), ds.ptr(),
                                   dout.ptr(), n);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  std::vector<uint32_t> got = result<uint32_t>(dout, n);
  size_t mismatches = 0;
  for (int i = 0; i < n; ++i) {
    uint64_t both = (uint64_t(hi[i]) << 32) | lo[i];
    uint32_t want = uint32_t((both << (shift[i] % 32)) >> 32);
    if (got[i] != want && ++mismatches <= 5)
      ADD_FAILURE() << "out[" << i << "] = " << got[i] << ", want " << want;
  }
  EXPECT_EQ(mismatches, 0u) << "of " << n;
}

TEST_P(InlineAsmTest, ByteAddPackedFourPerRegister) {
  const int n = GetParam();
  std::vector<uint8_t> x(n), y(n);
  std::vector<uint32_t> r = words(2 * size_t(n), 4);
  for (int i = 0; i < n; ++i) {
    x[i] = uint8_t(r[i]);
    y[i] = uint8_t(r[n + i] >> 8);
  }
  DeviceBuffer dx(*driver, n), dy(*driver, n), dout(*driver, n + kGuardBytes);
  dx.upload(x);
  dy.upload(y);
  dout.fill(kPoison);
  tkc_status status = byte_add(stream(), dx.ptr(), dy.ptr(), dout.ptr(), n);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  std::vector<uint8_t> got = result<uint8_t>(dout, n);
  size_t mismatches = 0;
  for (int i = 0; i < n; ++i) {
    uint8_t want = uint8_t(x[i] + y[i]);
    if (got[i] != want && ++mismatches <= 5)
      ADD_FAILURE() << "out[" << i << "] = " << int(got[i]) << ", want "
                    << int(want);
  }
  EXPECT_EQ(mismatches, 0u) << "of " << n;
}

TEST_P(InlineAsmTest, DivModTwoResults) {
  const int n = GetParam();
  const uint32_t divisor = 97;
  std::vector<uint32_t> x = words(n, 5);
  DeviceBuffer dx(*driver, n * 4), dq(*driver, n * 4 + kGuardBytes),
      dr(*driver, n * 4 + kGuardBytes);
  dx.upload(x);
  dq.fill(kPoison);
  dr.fill(kPoison);
  tkc_status status =
      div_mod(stream(), dx.ptr(), dq.ptr(), dr.ptr(), n, divisor);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  std::vector<uint32_t> q = result<uint32_t>(dq, n),
                        rem = result<uint32_t>(dr, n);
  size_t mismatches = 0;
  for (int i = 0; i < n; ++i)
    if ((q[i] != x[i] / divisor || rem[i] != x[i] % divisor) &&
        ++mismatches <= 5)
      ADD_FAILURE() << "x[" << i << "] = " << x[i] << ": " << q[i] << ", "
                    << rem[i];
  EXPECT_EQ(mismatches, 0u) << "of " << n;
}

INSTANTIATE_TEST_SUITE_P(Lengths, InlineAsmTest,
                         ::testing::Values(1024, 65536, 1, 1000, 4099));

} // namespace
} // namespace tkc::e2e
