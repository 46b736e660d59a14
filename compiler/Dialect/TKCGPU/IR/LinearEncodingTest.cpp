//===- LinearEncodingTest.cpp - Tests of #tkc_gpu.linear ------------------===//
//
// Checks the linear encoding against the linear layouts it is made from: the
// same map for its own shape, wrapped over a smaller tensor and repeated over
// a larger one; and the shape-op layouts made with it, an MMA accumulator
// reshaped into pairs and split, that keep every element where it was.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"

#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tkc::gpu;
using Basis = LinearLayout::Basis;

namespace {

class LinearEncoding : public ::testing::Test {
protected:
  LinearEncoding() { context.loadDialect<TKCGPUDialect>(); }
  MLIRContext context;
};

TEST_F(LinearEncoding, HoldsTheLayoutItIsMadeFrom) {
  LinearLayout mma = LinearLayout::nvidiaMmaV2({64, 32}, {4, 1});
  auto linear = LinearEncodingAttr::get(&context, mma);
  EXPECT_EQ(linear.getRank(), 2u);
  EXPECT_EQ(linear.toLinearLayout({64, 32}), mma);
}

TEST_F(LinearEncoding, WrapsAndRepeatsAsBlockedLayoutsDo) {
  // 4 registers along dim 1, 32 lanes along dim 0: a 32x4 tile.
  LinearLayout tile =
      LinearLayout::blocked({32, 4}, {1, 4}, {32, 1}, {1, 1}, {1, 0});
  auto linear = LinearEncodingAttr::get(&context, tile);
  // Over 16 rows, lanes 16-31 hold lanes 0-15's rows.
  LinearLayout small = linear.toLinearLayout({16, 4});
  EXPECT_EQ(small.apply(0, 16, 0), small.apply(0, 0, 0));
  EXPECT_TRUE(small.isSurjective());
  // Over 8 columns, the tile repeats in 4 more registers.
  LinearLayout wide = linear.toLinearLayout({32, 8});
  EXPECT_EQ(wide.getNumRegisters(), 8u);
  EXPECT_EQ(wide.apply(4, 0, 0), (Basis{0, 4}));
  EXPECT_TRUE(wide.isSurjective());
}

TEST_F(LinearEncoding, AccumulatorPairsSplitInPlace) {
  // acc.reshape(64, 16, 2).split(): the pairs are the accumulator's two
  // consecutive columns of a thread, so no element changes threads.
  auto mma = NvidiaMmaEncodingAttr::get(&context, 2, {4, 1});
  LayoutEncodingAttr pairs = getReshapedEncoding(mma, {64, 32}, {64, 16, 2});
  ASSERT_TRUE(isa<LinearEncodingAttr>(pairs));
  LinearLayout pairLayout = pairs.toLinearLayout({64, 16, 2});
  EXPECT_EQ(pairLayout,
            LinearLayout::reshape(mma.toLinearLayout({64, 32}), {64, 16, 2}));
  LayoutEncodingAttr half = getSplitLayout(pairs, {64, 16, 2});
  ASSERT_TRUE(half);
  LinearLayout halfLayout = half.toLinearLayout({64, 16});
  // Each register of a half is a register of the pairs, with side 0.
  std::optional<SmallVector<unsigned>> map =
      halfLayout.getRegisterMapFrom(pairLayout, [](Basis c) {
        return Basis{c[0], c[1], 0};
      });
  EXPECT_TRUE(map);
  EXPECT_EQ(halfLayout.getNumRegisters() * 2, pairLayout.getNumRegisters());
  // A join of the halves puts the pairs back in registers, and its split
  // gives the halves again; a transpose of them permutes the coordinates.
  LayoutEncodingAttr joined = getJoinedLayout(half);
  ASSERT_TRUE(joined);
  LayoutEncodingAttr again = getSplitLayout(joined, {64, 16, 2});
  ASSERT_TRUE(again);
  EXPECT_EQ(again.toLinearLayout({64, 16}), halfLayout);
  auto transposed = cast<LayoutEncodingAttr>(getTransposedLayout(half, {1, 0}));
  EXPECT_EQ(
      transposed.toLinearLayout({16, 64}).apply(3, 5, 1),
      (Basis{halfLayout.apply(3, 5, 1)[1], halfLayout.apply(3, 5, 1)[0]}));
  // Pairs whose side moves across lanes do not split in place.
  auto lanesPair = LinearEncodingAttr::get(&context, 2, /*register=*/{1, 0},
                                           /*lane=*/{0, 1, 2, 0}, {});
  EXPECT_FALSE(getSplitLayout(lanesPair, {4, 2}));
}

TEST_F(LinearEncoding, SplitEpiloguesOfEveryAccumulatorSplitInPlace) {
  // Tutorial 09's epilogue, acc.reshape(M, 2, N / 2).permute(0, 2, 1)
  // .split(), and the fused MoE's acc.reshape(M, N / 2, 2).split(), over
  // accumulators of several warp arrangements and instruction widths: each
  // half is found, and holds in each register an element of the
  // accumulator that the same thread held.
  struct Acc {
    int64_t m, n;
    SmallVector<unsigned> warps;
    unsigned instrN;
  };
  for (const Acc &acc : {Acc{64, 64, {4, 1}, 8}, Acc{128, 128, {8, 1}, 128},
                         Acc{128, 256, {4, 1}, 256}, Acc{64, 128, {2, 2}, 8}}) {
    auto mma = NvidiaMmaEncodingAttr::get(&context, 2, acc.warps, acc.instrN);
    LinearLayout full = mma.toLinearLayout({acc.m, acc.n});
    // The accumulator's element of a half's (row, column) in either form.
    auto check = [&](LayoutEncodingAttr half, auto toAcc) {
      ASSERT_TRUE(half) << acc.m << "x" << acc.n;
      LinearLayout halfLayout = half.toLinearLayout({acc.m, acc.n / 2});
      EXPECT_EQ(halfLayout.getNumRegisters() * 2, full.getNumRegisters());
      EXPECT_TRUE(halfLayout.getRegisterMapFrom(full, toAcc));
    };
    LayoutEncodingAttr pairs =
        getReshapedEncoding(mma, {acc.m, acc.n}, {acc.m, acc.n / 2, 2});
    check(getSplitLayout(pairs, {acc.m, acc.n / 2, 2}), [](Basis c) {
      return Basis{c[0], 2 * c[1]};
    });
    LayoutEncodingAttr halves =
        getReshapedEncoding(mma, {acc.m, acc.n}, {acc.m, 2, acc.n / 2});
    auto permuted = dyn_cast_or_null<LayoutEncodingAttr>(
        getTransposedLayout(halves, {0, 2, 1}));
    ASSERT_TRUE(permuted);
    check(getSplitLayout(permuted, {acc.m, acc.n / 2, 2}), [](Basis c) {
      return Basis{c[0], c[1]};
    });
  }
  // Two warpgroups along N, each with its 128 columns: the halves of the
  // second form are in different warps, and the split moves data.
  auto mma = NvidiaMmaEncodingAttr::get(&context, 2, {4, 2}, 128);
  auto halves = cast<LayoutEncodingAttr>(getTransposedLayout(
      getReshapedEncoding(mma, {128, 256}, {128, 2, 128}), {0, 2, 1}));
  EXPECT_FALSE(getSplitLayout(halves, {128, 128, 2}));
}

} // namespace
