//===- matmul_test.cc - tl.dot on a GPU against a CPU reference -----------===//
//
// Runs kernels/matmul.py through its generated C APIs (matmul_fp16.h for fp16
// A, B and C, matmul_bf16.h for bf16 ones, matmul_fp32.h for fp32 ones,
// matmul_fp16_tc.h config by
// config) on square shapes, ragged ones (M, N and K not multiples of the
// tile) and strided layouts (B stored column-major, C with padded rows),
// and compares every element of C
// with A @ B computed in double from the same inputs. The tolerance is what
// fp32 accumulation over K and the final rounding to C's type allow; an
// element paired with the wrong row or column is off by far more. Nothing
// outside C's M x N elements may be written.
//
//===----------------------------------------------------------------------===//

#include "matmul_bf16.h"
#include "matmul_fp16.h"
#include "matmul_fp16_tc.h"
#include "matmul_fp32.h"
#include "tests/e2e/gpu_test_support.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>

namespace tkc::e2e {
namespace {

/// One product: C[M, N] = A[M, K] @ B[K, N]. B is row-major unless
/// `bColumnMajor`; C's rows are `cPad` elements longer than N.
struct Shape {
  int32_t m, n, k;
  bool bColumnMajor = false;
  int32_t cPad = 0;
};

std::string describe(const Shape &s) {
  return std::to_string(s.m) + "x" + std::to_string(s.n) + "x" +
         std::to_string(s.k) + (s.bColumnMajor ? ", B column-major" : "") +
         (s.cPad ? ", C rows padded" : "");
}

/// The element type of A, B and C.
enum class Type { F16, BF16, F32 };

/// Bytes per element of `type`.
size_t bytesOf(Type type) { return type == Type::F32 ? 4 : 2; }

/// Host-side operands: the values as floats (exactly representable in the
/// element type) and their bytes in device layout.
struct Operand {
  std::vector<float> values;
  std::vector<uint8_t> bytes;
};

/// `rows` x `cols` values in [-1, 1), stored with strides (`rowStride`,
/// `colStride`) as `type`.
Operand makeOperand(Type type, int32_t rows, int32_t cols, int64_t rowStride,
                    int64_t colStride, uint32_t seed) {
  Operand op;
  op.values = randomFloats(static_cast<size_t>(rows) * cols, seed, -1.0f, 1.0f);
  size_t elem = bytesOf(type);
  size_t count =
      static_cast<size_t>((rows - 1) * rowStride + (cols - 1) * colStride + 1);
  op.bytes.assign(count * elem, 0);
  for (int32_t r = 0; r < rows; ++r)
    for (int32_t c = 0; c < cols; ++c) {
      float &v = op.values[static_cast<size_t>(r) * cols + c];
      size_t at = (r * rowStride + c * colStride) * elem;
      if (type == Type::F16) {
        uint16_t bits = floatToHalfBits(v);
        v = halfBitsToFloat(bits);
        std::memcpy(op.bytes.data() + at, &bits, 2);
      } else if (type == Type::BF16) {
        uint16_t bits = floatToBf16Bits(v);
        v = bf16BitsToFloat(bits);
        std::memcpy(op.bytes.data() + at, &bits, 2);
      } else {
        std::memcpy(op.bytes.data() + at, &v, 4);
      }
    }
  return op;
}

/// Launches the kernel for `type`.
tkc_status launch(Type type, void *stream, const DeviceBuffer &a,
                  const DeviceBuffer &b, const DeviceBuffer &c,
                  const Shape &s) {
  int32_t strideBk = s.bColumnMajor ? 1 : s.n;
  int32_t strideBn = s.bColumnMajor ? s.k : 1;
  auto call = type == Type::F16    ? matmul_fp16
              : type == Type::BF16 ? matmul_bf16
                                   : matmul_fp32;
  return call(stream, a.ptr(), b.ptr(), c.ptr(), s.m, s.n, s.k, s.k, 1,
              strideBk, strideBn, s.n + s.cPad, 1);
}

/// A launch of some matmul kernel on device buffers A, B and C for `s`.
using Launcher =
    std::function<tkc_status(void *, const DeviceBuffer &, const DeviceBuffer &,
                             const DeviceBuffer &, const Shape &)>;

/// A GPU test of matrix products.
class ProductTest : public GpuTest {
protected:
  /// Runs `run` on random operands of `type` and shape `s` and checks every
  /// element of C against the product in double, and that nothing outside
  /// C is written.
  void checkProduct(Type type, const Shape &s, const Launcher &run);
};

void ProductTest::checkProduct(Type type, const Shape &s, const Launcher &run) {
  size_t elem = bytesOf(type);
  Operand a = makeOperand(type, s.m, s.k, s.k, 1, 11);
  Operand b = s.bColumnMajor ? makeOperand(type, s.k, s.n, 1, s.k, 12)
                             : makeOperand(type, s.k, s.n, s.n, 1, 12);
  int64_t ldc = s.n + s.cPad;
  size_t cBytes = static_cast<size_t>(s.m) * ldc * elem;

  DeviceBuffer da(*driver, a.bytes.size()), db(*driver, b.bytes.size());
  DeviceBuffer dc(*driver, cBytes + kGuardBytes);
  da.upload(a.bytes);
  db.upload(b.bytes);
  dc.fill(kPoison);
  tkc_status status = run(stream(), da, db, dc, s);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  std::vector<uint8_t> out = dc.download<uint8_t>(cBytes + kGuardBytes);
  // |error| <= K ulps of fp32 over the sum of |products| (accumulation)
  // plus one ulp of C's type at the result (the final rounding), or its
  // smallest subnormal. fp32 operands are multiplied as tf32 (Triton's
  // default input_precision) on tensor cores: each keeps 10 mantissa bits,
  // so a product may be off by 2^-9 of itself.
  const double accumulation = std::ldexp(1.0, -23) * s.k +
                              (type == Type::F32 ? std::ldexp(1.0, -9) : 0);
  const double rounding = std::ldexp(1.0, type == Type::F16    ? -10
                                          : type == Type::BF16 ? -7
                                                               : -23);
  const double tiny = std::ldexp(1.0, type == Type::F16    ? -24
                                      : type == Type::BF16 ? -133
                                                           : -149);
  size_t mismatches = 0;
  for (int32_t i = 0; i < s.m; ++i)
    for (int32_t j = 0; j < s.n; ++j) {
      double want = 0, magnitude = 0;
      for (int32_t k = 0; k < s.k; ++k) {
        double p = double(a.values[size_t(i) * s.k + k]) *
                   double(b.values[size_t(k) * s.n + j]);
        want += p;
        magnitude += std::fabs(p);
      }
      size_t at = (size_t(i) * ldc + j) * elem;
      double got;
      if (type != Type::F32) {
        uint16_t bits;
        std::memcpy(&bits, out.data() + at, 2);
        got = type == Type::F16 ? halfBitsToFloat(bits) : bf16BitsToFloat(bits);
      } else {
        float v;
        std::memcpy(&v, out.data() + at, 4);
        got = v;
      }
      double tolerance =
          accumulation * magnitude + rounding * std::fabs(want) + tiny;
      if (!(std::fabs(got - want) <= tolerance) && ++mismatches <= 5)
        ADD_FAILURE() << "C[" << i << "][" << j << "] = " << got << ", want "
                      << want << " (tolerance " << tolerance << ")";
    }
  EXPECT_EQ(mismatches, 0u)
      << "of " << s.m * s.n << " elements, " << describe(s);
  // Padding between rows and the guard after C stay untouched.
  for (int32_t i = 0; i < s.m; ++i)
    for (size_t at = (size_t(i) * ldc + s.n) * elem;
         at < (size_t(i) * ldc + ldc) * elem; ++at)
      ASSERT_EQ(out[at], kPoison) << "padding of row " << i;
  for (size_t at = cBytes; at < out.size(); ++at)
    ASSERT_EQ(out[at], kPoison) << "byte " << at - cBytes << " past C";
}

/// The product for one element type and shape.
class MatmulTest
    : public ProductTest,
      public ::testing::WithParamInterface<std::tuple<Type, Shape>> {};

TEST_P(MatmulTest, MatchesCpu) {
  auto [type, s] = GetParam();
  checkProduct(type, s,
               [type = type](void *stream, const DeviceBuffer &a,
                             const DeviceBuffer &b, const DeviceBuffer &c,
                             const Shape &shape) {
                 return launch(type, stream, a, b, c, shape);
               });
}

/// Square shapes that tile exactly (the aligned variant), ragged ones in
/// every dimension, products thinner than a tile, and strided operands (the
/// generic variant).
std::vector<Shape> shapes() {
  return {
      {32, 32, 32},       {64, 128, 96},          {256, 256, 256},
      {1, 1, 1},          {100, 75, 77},          {33, 65, 129},
      {130, 17, 3},       {7, 300, 45},           {64, 64, 64, true},
      {45, 38, 70, true}, {64, 48, 32, false, 3},
  };
}

std::string name(const ::testing::TestParamInfo<std::tuple<Type, Shape>> &p) {
  const Shape &s = std::get<1>(p.param);
  Type type = std::get<0>(p.param);
  return std::string(type == Type::F16    ? "fp16_"
                     : type == Type::BF16 ? "bf16_"
                                          : "fp32_") +
         std::to_string(s.m) + "x" + std::to_string(s.n) + "x" +
         std::to_string(s.k) + (s.bColumnMajor ? "_bt" : "") +
         (s.cPad ? "_padded" : "");
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, MatmulTest,
    ::testing::Combine(::testing::Values(Type::F16, Type::BF16, Type::F32),
                       ::testing::ValuesIn(shapes())),
    name);

/// matmul_fp16_tc, config by config: its tiles (16x64 to 256x128) on
/// shapes that fill them, that are ragged in every dimension (M not a
/// multiple of 16: the generic specialization), and thinner than a tile.
/// Its row strides must be multiples of 16 elements.
class MatmulTcTest
    : public ProductTest,
      public ::testing::WithParamInterface<std::tuple<int, Shape>> {};

TEST_P(MatmulTcTest, MatchesCpu) {
  auto [config, s] = GetParam();
  ASSERT_LT(config, matmul_fp16_tc_num_configs());
  checkProduct(Type::F16, s,
               [config = config](void *stream, const DeviceBuffer &a,
                                 const DeviceBuffer &b, const DeviceBuffer &c,
                                 const Shape &shape) {
                 return matmul_fp16_tc_config(
                     stream, config, a.ptr(), b.ptr(), c.ptr(), shape.m,
                     shape.n, shape.k, shape.k, shape.n, shape.n + shape.cPad);
               });
}

INSTANTIATE_TEST_SUITE_P(
    Configs, MatmulTcTest,
    ::testing::Combine(::testing::Range(0, 12),
                       ::testing::Values(Shape{256, 512, 128},
                                         Shape{200, 304, 80},
                                         Shape{16, 64, 48, false, 16})),
    [](const ::testing::TestParamInfo<std::tuple<int, Shape>> &p) {
      const Shape &s = std::get<1>(p.param);
      return "config" + std::to_string(std::get<0>(p.param)) + "_" +
             std::to_string(s.m) + "x" + std::to_string(s.n) + "x" +
             std::to_string(s.k) + (s.cPad ? "_padded" : "");
    });

/// One 1024^3 fp16 product, timed (for the record, not checked).
class MatmulTimingTest : public GpuTest {};

TEST_F(MatmulTimingTest, Fp16Cube1024) {
  const Shape s{1024, 1024, 1024};
  Operand a = makeOperand(Type::F16, s.m, s.k, s.k, 1, 21);
  Operand b = makeOperand(Type::F16, s.k, s.n, s.n, 1, 22);
  DeviceBuffer da(*driver, a.bytes.size()), db(*driver, b.bytes.size());
  DeviceBuffer dc(*driver, size_t(s.m) * s.n * 2);
  da.upload(a.bytes);
  db.upload(b.bytes);
  ASSERT_EQ(launch(Type::F16, stream(), da, db, dc, s), TKC_SUCCESS);
  synchronize();
  const int runs = 20;
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < runs; ++i)
    ASSERT_EQ(launch(Type::F16, stream(), da, db, dc, s), TKC_SUCCESS);
  synchronize();
  double us = std::chrono::duration<double, std::micro>(
                  std::chrono::steady_clock::now() - start)
                  .count() /
              runs;
  double tflops = 2.0 * s.m * s.n * s.k / us * 1e-6;
  RecordProperty("microseconds", std::to_string(us));
  std::printf("matmul_fp16 fp16 1024^3 on %s: %.1f us, %.2f TFLOP/s\n",
              driver->arch.c_str(), us, tflops);
}

} // namespace
} // namespace tkc::e2e
