//===- descriptors_test.cc - tensor descriptors as kernel parameters ------===//
//
// Runs kernels/descriptors.py (scale_tiles: `in_desc` and `out_desc` passed
// as base, shape and row stride) on matrices whose sizes are and are not
// multiples of the 32x64 tile, with row strides wider than the rows: every
// element inside the shape is scaled exactly, and nothing outside it (the
// padding between rows, past the last row) is written; and a row stride
// that is not a multiple of 16 bytes is refused. Then descriptors made in
// the kernel: move_rows gathers rows by index and scatters them to other
// rows (indices outside the matrix read zeros and write nothing), and
// column_sums adds each tile's column sums into a row with atomic_add.
// tile_matmul multiplies through descriptors in a pipelined loop over K,
// where K is not a multiple of the 8 fp16 one copy moves: the rows' padding
// holds NaNs, which a copy that read past K would carry into C; so does
// tile_matmul_kn, whose B is K x N, in the tiles of Triton's tutorials,
// batched_matmul, the same over batches through 3-D descriptors whose blocks
// are reshaped to 2-D, and made_matmul, the same product through
// descriptors made in the kernel.
//
//===----------------------------------------------------------------------===//

#include "batched_matmul.h"
#include "column_sums.h"
#include "made_matmul.h"
#include "move_rows.h"
#include "scale_tiles.h"
#include "tests/e2e/gpu_test_support.h"
#include "tile_matmul.h"
#include "tile_matmul_f16.h"
#include "tile_matmul_kn.h"

#include <cmath>
#include <functional>

namespace tkc::e2e {
namespace {

/// Rows, columns and the row stride (elements).
struct Shape {
  int m, n, stride;
};

class DescriptorsTest : public GpuTest,
                        public ::testing::WithParamInterface<Shape> {};

TEST_P(DescriptorsTest, ScaleTilesInsideTheShapeOnly) {
  const Shape s = GetParam();
  const size_t count = size_t(s.m) * s.stride;
  std::vector<float> x = randomFloats(count, 31, -8, 8);
  DeviceBuffer din(*driver, count * 4), dout(*driver, count * 4 + kGuardBytes);
  din.upload(x);
  dout.fill(kPoison);
  const float scale = 0.75f;
  tkc_status status =
      scale_tiles(stream(), din.ptr(), s.m, s.n, s.stride, dout.ptr(), s.m, s.n,
                  s.stride, s.m, s.n, scale);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  std::vector<uint8_t> raw = dout.download<uint8_t>(count * 4 + kGuardBytes);
  size_t mismatches = 0;
  for (int r = 0; r < s.m; ++r)
    for (int c = 0; c < s.stride; ++c) {
      size_t at = size_t(r) * s.stride + c;
      if (c < s.n) {
        float got;
        std::memcpy(&got, raw.data() + at * 4, 4);
        float want = x[at] * scale;
        if (floatBits(got) != floatBits(want) && ++mismatches <= 5)
          ADD_FAILURE() << "(" << r << ", " << c << ") = " << got << ", want "
                        << want;
      } else {
        for (int b = 0; b < 4; ++b)
          if (raw[at * 4 + b] != kPoison && ++mismatches <= 5)
            ADD_FAILURE() << "(" << r << ", " << c
                          << ") is outside the shape but was written";
      }
    }
  EXPECT_EQ(mismatches, 0u);
  expectGuardUntouched(raw, count * 4);
}

TEST_F(DescriptorsTest, RowStrideNotAMultipleOf16BytesIsRefused) {
  // Triton requires a descriptor's strides but the last to be multiples of
  // 16 bytes (4 fp32), and the kernel relies on it: the C API refuses 70.
  DeviceBuffer din(*driver, 8 * 70 * 4), dout(*driver, 8 * 70 * 4);
  tkc_status status = scale_tiles(stream(), din.ptr(), 8, 70, 70, dout.ptr(), 8,
                                  70, 70, 8, 70, 0.5f);
  EXPECT_EQ(status, TKC_ERROR_NO_VARIANT) << tkc_status_string(status);
}

TEST_F(DescriptorsTest, GatherAndScatterRowsByIndex) {
  // 40 x 100 fp32 (rows of 400 bytes); 37 moves, some from or to rows
  // outside the matrix (-3, 40, 1000).
  const int m = 40, n = 100, moves = 37;
  std::vector<float> x = randomFloats(size_t(m) * n, 7, -4, 4);
  std::vector<int32_t> from(moves), to(moves);
  for (int i = 0; i < moves; ++i) {
    from[i] = i == 5 ? -3 : i == 9 ? 1000 : (i * 7) % m;
    to[i] = i == 11 ? m : (i * 13 + 1) % m;
  }
  // Destinations must be distinct for the result to be defined.
  std::vector<bool> taken(m, false);
  for (int i = 0; i < moves; ++i)
    if (to[i] < m) {
      ASSERT_FALSE(taken[to[i]]) << "row " << to[i] << " is written twice";
      taken[to[i]] = true;
    }
  DeviceBuffer dsrc(*driver, x.size() * 4),
      ddst(*driver, x.size() * 4 + kGuardBytes), dfrom(*driver, moves * 4),
      dto(*driver, moves * 4);
  dsrc.upload(x);
  dfrom.upload(from);
  dto.upload(to);
  ddst.fill(kPoison);
  tkc_status status = move_rows(stream(), dsrc.ptr(), ddst.ptr(), dfrom.ptr(),
                                dto.ptr(), m, n, moves);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  std::vector<uint8_t> raw = ddst.download<uint8_t>(x.size() * 4 + kGuardBytes);
  size_t mismatches = 0;
  for (int i = 0; i < moves; ++i) {
    if (to[i] >= m)
      continue;
    for (int c = 0; c < n; ++c) {
      float got, want = from[i] >= 0 && from[i] < m
                            ? 2.0f * x[size_t(from[i]) * n + c]
                            : 0.0f;
      std::memcpy(&got, raw.data() + (size_t(to[i]) * n + c) * 4, 4);
      if (floatBits(got) != floatBits(want) && ++mismatches <= 5)
        ADD_FAILURE() << "row " << to[i] << " column " << c << " = " << got
                      << ", want " << want;
    }
  }
  for (int r = 0; r < m; ++r)
    for (int b = 0; !taken[r] && b < n * 4; ++b)
      if (raw[size_t(r) * n * 4 + b] != kPoison && ++mismatches <= 5)
        ADD_FAILURE() << "row " << r << " was not a destination but changed";
  EXPECT_EQ(mismatches, 0u);
  expectGuardUntouched(raw, x.size() * 4);
}

TEST_F(DescriptorsTest, AtomicAddOfColumnSums) {
  // 100 x 132 fp32: 4 x 3 tiles, the last ones partly outside.
  const int m = 100, n = 132;
  std::vector<float> x = randomFloats(size_t(m) * n, 11, -1, 1);
  std::vector<float> start = randomFloats(n, 12, -1, 1);
  DeviceBuffer dx(*driver, x.size() * 4), dsums(*driver, n * 4 + kGuardBytes);
  dx.upload(x);
  dsums.fill(kPoison);
  dsums.upload(start);
  tkc_status status = column_sums(stream(), dx.ptr(), dsums.ptr(), m, n);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  std::vector<uint8_t> raw = dsums.download<uint8_t>(n * 4 + kGuardBytes);
  for (int c = 0; c < n; ++c) {
    double want = start[c];
    for (int r = 0; r < m; ++r)
      want += x[size_t(r) * n + c];
    float got;
    std::memcpy(&got, raw.data() + c * 4, 4);
    // Four tiles' partial sums arrive in any order.
    EXPECT_NEAR(got, want, 1e-4) << "column " << c;
  }
  expectGuardUntouched(raw, n * 4);
}

/// A rows x cols fp16 matrix of small integers (`values`, row-major) in rows
/// of `stride` halves whose padding is NaN, as its bits.
std::vector<uint16_t> paddedHalves(int rows, int cols, int stride,
                                   uint32_t seed, std::vector<float> &values) {
  std::vector<uint16_t> bits(size_t(rows) * stride, 0x7E00);
  std::vector<float> r = randomFloats(size_t(rows) * cols, seed, -3, 3);
  values.assign(size_t(rows) * cols, 0);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      float v = std::floor(r[size_t(i) * cols + j]);
      values[size_t(i) * cols + j] = v;
      bits[size_t(i) * stride + j] = floatToHalfBits(v);
    }
  return bits;
}

/// Runs `launch(a, b, c)` on device copies of fp16 `aBits` and `bBits` and
/// an m x n C of `cElementBytes` (4: fp32, 2: fp16) in rows of `cStride`
/// (then guard bytes), all poison; expects C to hold A (m x k, `a`) times
/// B, given as `b(i, j, x)` for row i of C (batches of rows may take
/// different Bs), exactly, and nothing written outside the shape.
void expectProduct(CudaDriver &driver, void *stream,
                   const std::vector<uint16_t> &aBits,
                   const std::vector<uint16_t> &bBits,
                   const std::vector<float> &a,
                   std::function<float(int, int, int)> b, int m, int n, int k,
                   int cStride,
                   std::function<tkc_status(void *, void *, void *)> launch,
                   int cElementBytes = 4) {
  DeviceBuffer da(driver, aBits.size() * 2), db(driver, bBits.size() * 2);
  const size_t cBytes = size_t(m) * cStride * cElementBytes;
  DeviceBuffer dc(driver, cBytes + kGuardBytes);
  da.upload(aBits);
  db.upload(bBits);
  dc.fill(kPoison);
  tkc_status status = launch(da.ptr(), db.ptr(), dc.ptr());
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  ASSERT_NO_FATAL_FAILURE(synchronizeStream(driver, stream));
  std::vector<uint8_t> raw = dc.download<uint8_t>(cBytes + kGuardBytes);
  size_t mismatches = 0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < cStride; ++j) {
      size_t at = size_t(i) * cStride + j;
      if (j < n) {
        float want = 0;
        for (int x = 0; x < k; ++x)
          want += a[size_t(i) * k + x] * b(i, j, x);
        float got;
        if (cElementBytes == 4) {
          std::memcpy(&got, raw.data() + at * 4, 4);
        } else {
          uint16_t bits;
          std::memcpy(&bits, raw.data() + at * 2, 2);
          got = halfBitsToFloat(bits);
        }
        if (got != want && ++mismatches <= 5)
          ADD_FAILURE() << "C(" << i << ", " << j << ") = " << got << ", want "
                        << want;
      } else {
        for (int x = 0; x < cElementBytes; ++x)
          if (raw[at * cElementBytes + x] != kPoison && ++mismatches <= 5)
            ADD_FAILURE() << "C(" << i << ", " << j
                          << ") is outside the shape but was written";
      }
    }
  EXPECT_EQ(mismatches, 0u);
  expectGuardUntouched(raw, cBytes);
}

TEST_F(DescriptorsTest, MatmulThroughDescriptorsZeroesPastK) {
  // A is 100 x 100 and B 70 x 100 (N x K), in rows of 104 fp16 (208 bytes)
  // whose last 4 are NaN; C is 100 x 70 fp32 in rows of 72. Small integers
  // make every product and sum exact.
  const int m = 100, n = 70, k = 100, abStride = 104, cStride = 72;
  std::vector<float> a, b;
  std::vector<uint16_t> aBits = paddedHalves(m, k, abStride, 41, a),
                        bBits = paddedHalves(n, k, abStride, 43, b);
  expectProduct(
      *driver, stream(), aBits, bBits, a,
      [&](int, int j, int x) { return b[size_t(j) * k + x]; }, m, n, k, cStride,
      [&](void *da, void *db, void *dc) {
        return tile_matmul(stream(), da, m, k, abStride, db, n, k, abStride, dc,
                           m, n, cStride, m, n, k);
      });
}

TEST_F(DescriptorsTest, MatmulThroughDescriptorsIntoHalves) {
  // MatmulThroughDescriptorsZeroesPastK's product stored as fp16 (on sm_90a
  // through the tensor map of C's descriptor), in rows of 80 halves (160
  // bytes): its sums of small integers are exact in fp16 too.
  const int m = 100, n = 70, k = 100, abStride = 104, cStride = 80;
  std::vector<float> a, b;
  std::vector<uint16_t> aBits = paddedHalves(m, k, abStride, 45, a),
                        bBits = paddedHalves(n, k, abStride, 46, b);
  expectProduct(
      *driver, stream(), aBits, bBits, a,
      [&](int, int j, int x) { return b[size_t(j) * k + x]; }, m, n, k, cStride,
      [&](void *da, void *db, void *dc) {
        return tile_matmul_f16(stream(), da, m, k, abStride, db, n, k, abStride,
                               dc, m, n, cStride, m, n, k);
      },
      /*cElementBytes=*/2);
}

/// The shapes of the K x N products: A is 300 x 200 in rows of 208 fp16; B
/// is 200 x 200 (K x N) in rows of 216, read in 64 x 128 tiles; both
/// paddings NaN. K is not a multiple of the 64 a tile spans, nor N of 128:
/// the last tiles read zeros past the shape. C is 300 x 200 fp32 in rows of
/// 208.
struct KByN {
  static constexpr int m = 300, n = 200, k = 200, aStride = 208, bStride = 216,
                       cStride = 208;
};

/// Expects `launch(a, b, c)` to compute the KByN product of A and B made
/// from `seed` and `seed + 1`.
void expectKByNProduct(
    CudaDriver &driver, void *stream, uint32_t seed,
    std::function<tkc_status(void *, void *, void *)> launch) {
  using S = KByN;
  std::vector<float> a, b;
  std::vector<uint16_t> aBits = paddedHalves(S::m, S::k, S::aStride, seed, a),
                        bBits =
                            paddedHalves(S::k, S::n, S::bStride, seed + 1, b);
  expectProduct(
      driver, stream, aBits, bBits, a,
      [&](int, int j, int x) { return b[size_t(x) * S::n + j]; }, S::m, S::n,
      S::k, S::cStride, launch);
}

TEST_F(DescriptorsTest, MatmulOfKByNTilesThroughDescriptors) {
  using S = KByN;
  expectKByNProduct(*driver, stream(), 47, [&](void *da, void *db, void *dc) {
    return tile_matmul_kn(stream(), da, S::m, S::k, S::aStride, db, S::k, S::n,
                          S::bStride, dc, S::m, S::n, S::cStride, S::m, S::n,
                          S::k);
  });
}

TEST_F(DescriptorsTest, BatchedMatmulThroughThreeDimensionalDescriptors) {
  // Two batches of the KByN product, each matrix's rows right after the
  // previous batch's (A is 2 x 300 x 200 in rows of 208 fp16, B 2 x 200 x
  // 200 in rows of 216, C 2 x 300 x 200 fp32 in rows of 208), read in
  // [1, 128, 64] and [1, 64, 128] blocks that the kernel reshapes to 2-D.
  // C's rows of both batches are checked as one matrix, each row against
  // its batch's B.
  using S = KByN;
  const int batches = 2;
  std::vector<float> a, b;
  std::vector<uint16_t> aBits = paddedHalves(batches * S::m, S::k, S::aStride,
                                             61, a),
                        bBits = paddedHalves(batches * S::k, S::n, S::bStride,
                                             62, b);
  expectProduct(
      *driver, stream(), aBits, bBits, a,
      [&](int i, int j, int x) {
        return b[(size_t(i / S::m) * S::k + x) * S::n + j];
      },
      batches * S::m, S::n, S::k, S::cStride,
      [&](void *da, void *db, void *dc) {
        return batched_matmul(
            stream(), da, batches, S::m, S::k, int64_t(S::m) * S::aStride,
            S::aStride, db, batches, S::k, S::n, int64_t(S::k) * S::bStride,
            S::bStride, dc, batches, S::m, S::n, int64_t(S::m) * S::cStride,
            S::cStride, S::m, S::n, S::k, batches);
      });
}

TEST_F(DescriptorsTest, MatmulThroughDescriptorsMadeInTheKernel) {
  // The descriptors are made in the kernel from the pointers, extents and
  // row strides (on sm_90a its loop copies their blocks through the tensor
  // maps the launcher encodes from these).
  using S = KByN;
  expectKByNProduct(*driver, stream(), 59, [&](void *da, void *db, void *dc) {
    return made_matmul(stream(), da, db, dc, S::m, S::n, S::k, S::aStride,
                       S::bStride, S::cStride);
  });
}

INSTANTIATE_TEST_SUITE_P(Shapes, DescriptorsTest,
                         ::testing::Values(Shape{64, 128, 128},
                                           Shape{100, 70, 80}, Shape{1, 1, 4},
                                           Shape{33, 200, 256}));

} // namespace
} // namespace tkc::e2e
