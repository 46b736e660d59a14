//===- row_test_support.h - Shapes and checks for the row-kernel tests ----===//
//
// The row kernels (kernels/softmax.py, rms_norm.py, row_reduce.py,
// layer_norm.py) run one program per row of an n_rows x n_cols matrix whose
// rows lie `stride` elements apart, and each is compiled at several
// BLOCK_SIZEs (the most columns it handles). This header gives their tests the
// shapes to run (odd column counts, contiguous and padded rows, tall
// matrices), the (variant, shape) cases as GoogleTest parameters with readable
// names, a check that a kernel wrote nothing outside the row elements it owns,
// and fp32/fp16 host data.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_TESTS_E2E_ROW_TEST_SUPPORT_H
#define TKC_TESTS_E2E_ROW_TEST_SUPPORT_H

#include "tests/e2e/gpu_test_support.h"

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace tkc::e2e {

/// One matrix a row kernel runs on: `rows` rows of `cols` values, row r
/// starting at element r * stride (stride >= cols).
struct RowShape {
  int32_t rows;
  int32_t cols;
  int32_t stride;

  /// Elements the matrix spans, padding included: rows * stride.
  size_t elements() const { return static_cast<size_t>(rows) * stride; }
  /// Whether element `i` of the span is in a row (not padding).
  bool owns(size_t i) const { return static_cast<int32_t>(i % stride) < cols; }
};

/// The shapes a row kernel with BLOCK_SIZE `block` runs in the tests: every
/// n_cols of 1, 7, 100, 1000, 1024, 4000 and 8192 up to `block`, each with
/// contiguous rows (stride = n_cols) and with padded rows (stride a multiple
/// of 16 past n_cols, so that n_cols % 16 == 0 reaches the specialized
/// variant with strided rows), plus a tall matrix of short rows and one of
/// full-block rows.
inline std::vector<RowShape> rowShapes(int32_t block) {
  std::vector<RowShape> shapes;
  for (int32_t cols : {1, 7, 100, 1000, 1024, 4000, 8192}) {
    if (cols > block)
      continue;
    shapes.push_back({5, cols, cols});
    shapes.push_back({3, cols, (cols + 15) / 16 * 16 + 16});
  }
  shapes.push_back({1000, 100, 100});
  shapes.push_back({257, block, block});
  return shapes;
}

/// The output matrix of a kernel with separate input and output row strides,
/// in the tests: contiguous when the input is, otherwise padded 16 elements
/// more than the input, so that the two strides differ.
inline RowShape outputShape(const RowShape &input) {
  RowShape out = input;
  if (input.stride != input.cols)
    out.stride += 16;
  return out;
}

/// One compiled variant of a row kernel: its generated C entry point `fn`
/// (e.g. softmax_1024) and the BLOCK_SIZE it was compiled with.
template <typename Fn> struct RowVariant {
  const char *name;
  int32_t block;
  Fn fn;
};

/// One test case: a variant and a shape it handles.
template <typename Fn> struct RowCase {
  RowVariant<Fn> variant;
  RowShape shape;
};

/// Every shape of rowShapes(v.block) for each variant v.
template <typename Fn>
std::vector<RowCase<Fn>> rowCases(std::vector<RowVariant<Fn>> variants) {
  std::vector<RowCase<Fn>> cases;
  for (const RowVariant<Fn> &variant : variants)
    for (const RowShape &shape : rowShapes(variant.block))
      cases.push_back({variant, shape});
  return cases;
}

/// The case as a test name: "softmax_1024_5x1000_stride1000".
template <typename Fn>
std::string rowCaseName(const ::testing::TestParamInfo<RowCase<Fn>> &info) {
  const RowCase<Fn> &c = info.param;
  return std::string(c.variant.name) + "_" + std::to_string(c.shape.rows) +
         "x" + std::to_string(c.shape.cols) + "_stride" +
         std::to_string(c.shape.stride);
}

/// Prints a case in GoogleTest's messages.
template <typename Fn> void PrintTo(const RowCase<Fn> &c, std::ostream *os) {
  *os << c.variant.name << " on " << c.shape.rows << "x" << c.shape.cols
      << " (row stride " << c.shape.stride << ")";
}

/// Checks that the bytes of an output that a kernel must not write still
/// hold kPoison: the padding of each row of `shape` (elements of
/// `elementBytes` bytes) and everything past the matrix. Returns the number
/// of overwritten bytes, reporting the first few as test failures.
inline size_t countWritesOutsideRows(const std::vector<uint8_t> &bytes,
                                     const RowShape &shape,
                                     size_t elementBytes) {
  size_t written = 0;
  for (size_t b = 0; b < bytes.size(); ++b) {
    size_t element = b / elementBytes;
    bool owned = element < shape.elements() && shape.owns(element);
    if (!owned && bytes[b] != kPoison && ++written <= 5)
      ADD_FAILURE() << "byte " << b << " (element " << element
                    << ", outside the rows) was written";
  }
  return written;
}

/// Host-side data of one element type, fp32 or fp16: the values the device
/// sees (rounded to binary16 for fp16), and their bytes to upload.
struct HostData {
  /// Whether the elements are fp16.
  bool half;
  /// The exact values the device sees.
  std::vector<float> values;
  /// Their fp32 or binary16 bytes.
  std::vector<uint8_t> bytes;

  /// Rounds `wanted` to the element type (fp16 when `half`).
  HostData(bool half, std::vector<float> wanted) : half(half) {
    size_t size = half ? sizeof(uint16_t) : sizeof(float);
    bytes.resize(wanted.size() * size);
    for (size_t i = 0; i < wanted.size(); ++i) {
      if (half) {
        uint16_t bits = floatToHalfBits(wanted[i]);
        wanted[i] = halfBitsToFloat(bits);
        std::memcpy(bytes.data() + i * size, &bits, size);
      } else {
        std::memcpy(bytes.data() + i * size, &wanted[i], size);
      }
    }
    values = std::move(wanted);
  }
};

/// Element `i` of a downloaded fp32 or fp16 buffer, as a float.
inline float elementAt(const std::vector<uint8_t> &bytes, size_t i, bool half) {
  if (half) {
    uint16_t bits;
    std::memcpy(&bits, bytes.data() + i * sizeof(bits), sizeof(bits));
    return halfBitsToFloat(bits);
  }
  float value;
  std::memcpy(&value, bytes.data() + i * sizeof(value), sizeof(value));
  return value;
}

} // namespace tkc::e2e

#endif // TKC_TESTS_E2E_ROW_TEST_SUPPORT_H
