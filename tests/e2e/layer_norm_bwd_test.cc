//===- layer_norm_bwd_test.cc - Layer norm backward on a GPU --------------===//
//
// Runs kernels/layer_norm.py's two backward kernels through their generated C
// APIs, fp32 (layer_norm_bwd_dx_{1024,8192}.h, layer_norm_bwd_dwdb.h) and
// fp16 (layer_norm_bwd_dx_fp16_{1024,8192}.h, layer_norm_bwd_dwdb_fp16.h):
// the dx kernel with groups of kRowsPerGroup rows (the last group partial
// where n_rows is not a multiple) on matrices of odd widths, contiguous and
// with padded rows, then the dw/db kernel on its partial sums. It compares
// every dx = (w * dy - (xhat * c1 + c2)) * rstd, every partial row of dw/db
// and the final dw[j] = sum_r dy * xhat and db[j] = sum_r dy with the same
// formulas in double from the same (rounded) inputs and fp32 mean/rstd. The
// row padding of dx and the bytes past dx, the partial buffers, dw and db
// must stay unwritten.
//
//===----------------------------------------------------------------------===//

#include "layer_norm_bwd_dwdb.h"
#include "layer_norm_bwd_dwdb_fp16.h"
#include "layer_norm_bwd_dx_1024.h"
#include "layer_norm_bwd_dx_8192.h"
#include "layer_norm_bwd_dx_fp16_1024.h"
#include "layer_norm_bwd_dx_fp16_8192.h"
#include "tests/e2e/row_test_support.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace tkc::e2e {
namespace {

/// The generated entry point of every layer_norm_bwd_dx variant.
using DxFn = decltype(&layer_norm_bwd_dx_1024);
/// The generated entry point of both layer_norm_bwd_dwdb variants.
using DwdbFn = decltype(&layer_norm_bwd_dwdb);

/// Rows per program of the dx kernel in every case.
constexpr int32_t kRowsPerGroup = 4;

/// The eps the forward pass used for the mean and rstd fed in.
constexpr double kEps = 1e-5;

/// Reports a mismatch unless |got - want| <= tolerance; counts mismatches.
void expectNear(double got, double want, double tolerance, size_t &mismatches,
                const std::string &what) {
  if (!(std::fabs(got - want) <= tolerance) && ++mismatches <= 5)
    ADD_FAILURE() << what << " = " << got << ", want " << want << " (tolerance "
                  << tolerance << ")";
}

/// Checks that the bytes of `bytes` from `from` on still hold kPoison.
void expectPoisonFrom(const std::vector<uint8_t> &bytes, size_t from,
                      const char *what) {
  for (size_t b = from; b < bytes.size(); ++b)
    ASSERT_EQ(bytes[b], kPoison) << what << " byte " << b - from << " past";
}

/// Runs both kernels on one case of one element type; compares with the CPU.
void checkLayerNormBwd(CudaDriver &driver, void *stream, const RowCase<DxFn> &c,
                       bool half) {
  const RowShape &shape = c.shape;
  const RowShape out = outputShape(shape);
  const int32_t cols = shape.cols;
  const int32_t groups = (shape.rows + kRowsPerGroup - 1) / kRowsPerGroup;
  const size_t size = half ? sizeof(uint16_t) : sizeof(float);
  const size_t dxBytes = out.elements() * size;
  const size_t partialBytes =
      static_cast<size_t>(groups) * cols * sizeof(float);
  const size_t paramBytes = cols * size;
  DwdbFn dwdb = half ? &layer_norm_bwd_dwdb_fp16 : &layer_norm_bwd_dwdb;

  std::vector<float> wantedX =
      randomFloats(shape.elements(), cols + 61, -2.0f, 2.0f);
  for (float &v : wantedX)
    v += 1.5f;
  HostData x(half, wantedX);
  HostData dy(half, randomFloats(shape.elements(), cols + 62, -1.0f, 1.0f));
  HostData w(half, randomFloats(cols, cols + 63, -1.0f, 1.0f));
  // The forward pass's statistics, fp32 as it stores them.
  std::vector<float> mean(shape.rows), rstd(shape.rows);
  for (int32_t r = 0; r < shape.rows; ++r) {
    const float *row = x.values.data() + static_cast<size_t>(r) * shape.stride;
    double sum = 0.0, squares = 0.0;
    for (int32_t j = 0; j < cols; ++j)
      sum += row[j];
    double m = sum / cols;
    for (int32_t j = 0; j < cols; ++j)
      squares += (row[j] - m) * (row[j] - m);
    mean[r] = static_cast<float>(m);
    rstd[r] = static_cast<float>(1.0 / std::sqrt(squares / cols + kEps));
  }

  DeviceBuffer dX(driver, x.bytes.size()), dDy(driver, dy.bytes.size());
  DeviceBuffer dW(driver, w.bytes.size());
  DeviceBuffer dMean(driver, mean.size() * sizeof(float));
  DeviceBuffer dRstd(driver, rstd.size() * sizeof(float));
  DeviceBuffer dDx(driver, dxBytes + kGuardBytes);
  DeviceBuffer dDwPartial(driver, partialBytes + kGuardBytes);
  DeviceBuffer dDbPartial(driver, partialBytes + kGuardBytes);
  DeviceBuffer dDw(driver, paramBytes + kGuardBytes);
  DeviceBuffer dDb(driver, paramBytes + kGuardBytes);
  dX.upload(x.bytes);
  dDy.upload(dy.bytes);
  dW.upload(w.bytes);
  dMean.upload(mean);
  dRstd.upload(rstd);
  for (DeviceBuffer *buffer : {&dDx, &dDwPartial, &dDbPartial, &dDw, &dDb})
    buffer->fill(kPoison);

  tkc_status status = c.variant.fn(
      stream, dX.ptr(), dDy.ptr(), dDx.ptr(), dW.ptr(), dMean.ptr(),
      dRstd.ptr(), dDwPartial.ptr(), dDbPartial.ptr(), shape.stride,
      shape.stride, out.stride, shape.rows, cols, kRowsPerGroup);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  status = dwdb(stream, dDwPartial.ptr(), dDbPartial.ptr(), dDw.ptr(),
                dDb.ptr(), groups, cols);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  ASSERT_NO_FATAL_FAILURE(synchronizeStream(driver, stream));

  std::vector<uint8_t> gotDx = dDx.download<uint8_t>(dxBytes + kGuardBytes);
  std::vector<uint8_t> gotDwPartial =
      dDwPartial.download<uint8_t>(partialBytes + kGuardBytes);
  std::vector<uint8_t> gotDbPartial =
      dDbPartial.download<uint8_t>(partialBytes + kGuardBytes);
  std::vector<uint8_t> gotDw = dDw.download<uint8_t>(paramBytes + kGuardBytes);
  std::vector<uint8_t> gotDb = dDb.download<uint8_t>(paramBytes + kGuardBytes);

  // dx row by row; dw/db per group and in total, with sum |term| for the
  // tolerances.
  size_t mismatches = 0;
  std::vector<double> dwGroup(cols), dbGroup(cols), dwGroupMag(cols),
      dbGroupMag(cols);
  std::vector<double> dwTotal(cols, 0.0), dbTotal(cols, 0.0),
      dwTotalMag(cols, 0.0), dbTotalMag(cols, 0.0);
  for (int32_t g = 0; g < groups; ++g) {
    std::fill(dwGroup.begin(), dwGroup.end(), 0.0);
    std::fill(dbGroup.begin(), dbGroup.end(), 0.0);
    std::fill(dwGroupMag.begin(), dwGroupMag.end(), 0.0);
    std::fill(dbGroupMag.begin(), dbGroupMag.end(), 0.0);
    int32_t last = std::min(shape.rows, (g + 1) * kRowsPerGroup);
    for (int32_t r = g * kRowsPerGroup; r < last; ++r) {
      size_t base = static_cast<size_t>(r) * shape.stride;
      const float *xr = x.values.data() + base;
      const float *dyr = dy.values.data() + base;
      double m = mean[r], s = rstd[r];
      double c1 = 0.0, c2 = 0.0, c1Mag = 0.0, c2Mag = 0.0;
      for (int32_t j = 0; j < cols; ++j) {
        double xhat = (xr[j] - m) * s, wdy = w.values[j] * dyr[j];
        c1 += xhat * wdy;
        c2 += wdy;
        c1Mag += std::fabs(xhat * wdy);
        c2Mag += std::fabs(wdy);
      }
      c1 /= cols;
      c2 /= cols;
      // fp32 sums (at most 64 roundings each), then fp32 arithmetic on terms
      // up to |x| * rstd (xhat's rounding before the centring cancels).
      double c1Tol = 64 * 6e-8 * c1Mag / cols, c2Tol = 64 * 6e-8 * c2Mag / cols;
      for (int32_t j = 0; j < cols; ++j) {
        double xhat = (xr[j] - m) * s, wdy = w.values[j] * dyr[j];
        double want = (wdy - (xhat * c1 + c2)) * s;
        double xhatTol = 1e-6 * (std::fabs(xr[j]) + std::fabs(m)) * s;
        double tolerance =
            s * (2e-6 *
                     (std::fabs(wdy) + std::fabs(xhat * c1) + std::fabs(c2)) +
                 std::fabs(xhat) * c1Tol + xhatTol * std::fabs(c1) + c2Tol) +
            (half ? 1e-3 * std::fabs(want) + 6e-8 : 0.0);
        expectNear(
            elementAt(gotDx, static_cast<size_t>(r) * out.stride + j, half),
            want, tolerance, mismatches,
            "dx[" + std::to_string(r) + "][" + std::to_string(j) + "]");
        dwGroup[j] += dyr[j] * xhat;
        dwGroupMag[j] += std::fabs(dyr[j]) * (std::fabs(xhat) + xhatTol);
        dbGroup[j] += dyr[j];
        dbGroupMag[j] += std::fabs(dyr[j]);
      }
    }
    for (int32_t j = 0; j < cols; ++j) {
      size_t i = static_cast<size_t>(g) * cols + j;
      std::string where =
          "[" + std::to_string(g) + "][" + std::to_string(j) + "]";
      expectNear(elementAt(gotDwPartial, i, false), dwGroup[j],
                 (kRowsPerGroup + 2) * 1.2e-7 * dwGroupMag[j], mismatches,
                 "dw partial" + where);
      expectNear(elementAt(gotDbPartial, i, false), dbGroup[j],
                 kRowsPerGroup * 1.2e-7 * dbGroupMag[j], mismatches,
                 "db partial" + where);
      dwTotal[j] += dwGroup[j];
      dbTotal[j] += dbGroup[j];
      dwTotalMag[j] += dwGroupMag[j];
      dbTotalMag[j] += dbGroupMag[j];
    }
  }
  // The totals: the partials' errors plus a sequential fp32 sum over the
  // groups, and for fp16 one final rounding.
  for (int32_t j = 0; j < cols; ++j) {
    std::string where = "[" + std::to_string(j) + "]";
    double rounds = kRowsPerGroup + 2 + groups;
    expectNear(elementAt(gotDw, j, half), dwTotal[j],
               rounds * 1.2e-7 * dwTotalMag[j] +
                   (half ? 1e-3 * std::fabs(dwTotal[j]) + 6e-8 : 0.0),
               mismatches, "dw" + where);
    expectNear(elementAt(gotDb, j, half), dbTotal[j],
               rounds * 1.2e-7 * dbTotalMag[j] +
                   (half ? 1e-3 * std::fabs(dbTotal[j]) + 6e-8 : 0.0),
               mismatches, "db" + where);
  }
  EXPECT_EQ(mismatches, 0u);
  EXPECT_EQ(countWritesOutsideRows(gotDx, out, size), 0u);
  expectPoisonFrom(gotDwPartial, partialBytes, "dw partial");
  expectPoisonFrom(gotDbPartial, partialBytes, "db partial");
  expectPoisonFrom(gotDw, paramBytes, "dw");
  expectPoisonFrom(gotDb, paramBytes, "db");
}

/// Both backward kernels on fp32 data for one (dx variant, shape) case.
class LayerNormBwdTest : public GpuTest,
                         public ::testing::WithParamInterface<RowCase<DxFn>> {};

TEST_P(LayerNormBwdTest, MatchesCpu) {
  checkLayerNormBwd(*driver, stream(), GetParam(), /*half=*/false);
}

INSTANTIATE_TEST_SUITE_P(
    Fp32, LayerNormBwdTest,
    ::testing::ValuesIn(rowCases<DxFn>({
        {"layer_norm_bwd_dx_1024", 1024, &layer_norm_bwd_dx_1024},
        {"layer_norm_bwd_dx_8192", 8192, &layer_norm_bwd_dx_8192},
    })),
    rowCaseName<DxFn>);

/// Both backward kernels on fp16 data for one (dx variant, shape) case.
class LayerNormBwdFp16Test : public LayerNormBwdTest {};

TEST_P(LayerNormBwdFp16Test, MatchesCpu) {
  checkLayerNormBwd(*driver, stream(), GetParam(), /*half=*/true);
}

INSTANTIATE_TEST_SUITE_P(
    Fp16, LayerNormBwdFp16Test,
    ::testing::ValuesIn(rowCases<DxFn>({
        {"layer_norm_bwd_dx_fp16_1024", 1024, &layer_norm_bwd_dx_fp16_1024},
        {"layer_norm_bwd_dx_fp16_8192", 8192, &layer_norm_bwd_dx_fp16_8192},
    })),
    rowCaseName<DxFn>);

} // namespace
} // namespace tkc::e2e
