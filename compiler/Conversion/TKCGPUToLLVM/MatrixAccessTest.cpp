//===- MatrixAccessTest.cpp - Layouts moved as 8x8 matrices ---------------===//
//
// Checks getMatrixAccess against PTX's ldmatrix/stmatrix semantics: for
// every instruction, lane and matrix of the access, the eight elements of
// the row that lane addresses are the ones the fragment's owners hold
// (thread 4r + c/2 holds row r, column c of a matrix, in register half
// c % 2; transposed, memory row j holds fragment column j). Layouts whose
// lanes do not hold fragments have none.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/TKCGPUToLLVM/LayoutLowering.h"

#include "gtest/gtest.h"

namespace {

using mlir::tkc::gpu::getMatrixAccess;
using mlir::tkc::gpu::LinearLayout;
using mlir::tkc::gpu::MatrixAccess;

/// Every element `access` moves is where `layout` holds it, and every
/// register of every thread is moved once.
void expectMatrixSemantics(const LinearLayout &layout, unsigned fast,
                           const MatrixAccess &access) {
  unsigned warps = layout.getSize(mlir::tkc::gpu::HwDim::Warp);
  unsigned instructions = access.rows.getNumRegisters();
  ASSERT_EQ(instructions * 2 * access.count, layout.getNumRegisters());
  for (unsigned w = 0; w < warps; ++w)
    for (unsigned g = 0; g < instructions; ++g)
      for (unsigned i = 0; i < access.count; ++i)
        for (unsigned j = 0; j < 8; ++j) {
          LinearLayout::Basis row = access.rows.apply(g, 8 * i + j, w);
          for (unsigned c = 0; c < 8; ++c) {
            // Memory row j, element c: fragment (j, c), or (c, j)
            // transposed.
            unsigned fragmentRow = access.transpose ? c : j;
            unsigned fragmentCol = access.transpose ? j : c;
            unsigned lane = 4 * fragmentRow + fragmentCol / 2;
            unsigned reg = 2 * (access.count * g + i) + fragmentCol % 2;
            LinearLayout::Basis expected = row;
            expected[fast] += c;
            EXPECT_EQ(layout.apply(reg, lane, w), expected)
                << "warp " << w << " instruction " << g << " matrix " << i
                << " row " << j << " element " << c;
          }
        }
}

/// An mma.sync accumulator of `shape` over `warps`, stored with rows along
/// `fast`: moved `count` matrices an instruction, transposed or not.
void expectAccumulatorAccess(llvm::ArrayRef<int64_t> shape,
                             llvm::ArrayRef<unsigned> warps, unsigned fast,
                             bool transpose, unsigned count) {
  LinearLayout mma = LinearLayout::nvidiaMmaV2(shape, warps);
  auto access = getMatrixAccess(mma, fast);
  ASSERT_TRUE(access);
  EXPECT_EQ(access->transpose, transpose);
  EXPECT_EQ(access->count, count);
  expectMatrixSemantics(mma, fast, *access);
}

TEST(MatrixAccessTest, AccumulatorStoredAlongN) {
  // A 64x64 accumulator over four warps along M, rows stored along N.
  expectAccumulatorAccess({64, 64}, {4, 1}, 1, false, 4);
}

TEST(MatrixAccessTest, AccumulatorStoredAlongMIsTransposed) {
  expectAccumulatorAccess({128, 64}, {2, 2}, 0, true, 4);
}

TEST(MatrixAccessTest, OneTileTakesTwoMatrices) {
  // One 16x8 tile per warp: four registers, two matrices an instruction.
  expectAccumulatorAccess({16, 8}, {1, 1}, 1, false, 2);
}

TEST(MatrixAccessTest, BlockedRowsHaveNone) {
  // Eight consecutive elements per thread: no lane holds a fragment.
  LinearLayout rows =
      LinearLayout::blocked({64, 64}, {1, 8}, {4, 8}, {4, 1}, {1, 0});
  EXPECT_FALSE(getMatrixAccess(rows, 1));
  EXPECT_FALSE(getMatrixAccess(rows, 0));
}

} // namespace
