//===- LinearLayoutTest.cpp - Tests of the linear-layout algebra ----------===//
//
// Checks blocked layouts as linear maps: the bases they produce, where each
// holder's elements land, wrapping over small tensors, vector widths, and
// dropping a dimension for slice layouts.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKCGPU/IR/LinearLayout.h"

#include "gtest/gtest.h"

using namespace mlir::tkc::gpu;
using Basis = LinearLayout::Basis;

namespace {

TEST(LinearLayout, Blocked1DVectorPerThread) {
  // 1024 elements, 4 per thread, 32 lanes, 4 warps: two repetitions.
  LinearLayout l = LinearLayout::blocked({1024}, {4}, {32}, {4}, {0});
  EXPECT_EQ(l.getNumRegisters(), 8u);
  EXPECT_EQ(l.getSize(HwDim::Lane), 32u);
  EXPECT_EQ(l.getSize(HwDim::Warp), 4u);
  EXPECT_EQ(l.getContiguousRegisters(0), 4u);
  // Register 0..3 of lane 1 are elements 4..7; register 4 repeats the tile
  // 512 elements further.
  EXPECT_EQ(l.apply(0, 1, 0), Basis({4}));
  EXPECT_EQ(l.apply(3, 1, 0), Basis({7}));
  EXPECT_EQ(l.apply(4, 1, 0), Basis({516}));
  EXPECT_EQ(l.apply(0, 0, 3), Basis({384}));
  EXPECT_TRUE(l.isSurjective());
}

TEST(LinearLayout, SmallTensorWraps) {
  // 64 elements over 128 threads: the second half of the warps repeats.
  LinearLayout l = LinearLayout::blocked({64}, {1}, {32}, {4}, {0});
  EXPECT_EQ(l.getNumRegisters(), 1u);
  EXPECT_EQ(l.apply(0, 5, 1), Basis({37}));
  EXPECT_EQ(l.apply(0, 5, 3), l.apply(0, 5, 1));
  EXPECT_TRUE(l.isSurjective());
}

TEST(LinearLayout, Blocked2DRowMajor) {
  // 16x64, 4 contiguous per thread along dim 1, lanes 2x16, warps 4x1.
  LinearLayout l =
      LinearLayout::blocked({16, 64}, {1, 4}, {2, 16}, {4, 1}, {1, 0});
  EXPECT_EQ(l.getContiguousRegisters(1), 4u);
  EXPECT_EQ(l.getContiguousRegisters(0), 1u);
  EXPECT_EQ(l.apply(1, 0, 0), Basis({0, 1}));
  EXPECT_EQ(l.apply(0, 16, 0), Basis({1, 0}));
  EXPECT_EQ(l.apply(0, 0, 1), Basis({2, 0}));
  // 16 rows / (2 lanes * 4 warps) = 2 row repetitions in registers.
  EXPECT_EQ(l.getNumRegisters(), 8u);
  EXPECT_EQ(l.apply(4, 0, 0), Basis({8, 0}));
  EXPECT_TRUE(l.isSurjective());
}

TEST(LinearLayout, DropDimForSlice) {
  // The row-sum layout of a 16x64 blocked tensor: holders along dim 1
  // (registers and lanes over columns) hold the same row.
  LinearLayout parent =
      LinearLayout::blocked({16, 1}, {1, 4}, {2, 16}, {4, 1}, {1, 0});
  LinearLayout rows = LinearLayout::dropDim(parent, 1);
  EXPECT_EQ(rows.getShape(), llvm::ArrayRef<int64_t>({16}));
  EXPECT_EQ(rows.apply(0, 16, 0), Basis({1}));
  EXPECT_EQ(rows.apply(0, 3, 0), Basis({0}));
  EXPECT_EQ(rows.apply(0, 0, 2), Basis({4}));
  EXPECT_TRUE(rows.isSurjective());
}

TEST(LinearLayout, NotSurjectiveWhenElementsAreMissing) {
  LinearLayout l(llvm::ArrayRef<int64_t>{4});
  l.addBasis(HwDim::Register, {1});
  EXPECT_FALSE(l.isSurjective());
  l.addBasis(HwDim::Lane, {2});
  EXPECT_TRUE(l.isSurjective());
  EXPECT_EQ(l.str(), "register=[[1]] lane=[[2]] warp=[]");
}

} // namespace
