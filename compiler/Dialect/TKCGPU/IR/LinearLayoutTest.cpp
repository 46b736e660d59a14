//===- LinearLayoutTest.cpp - Tests of the linear-layout algebra ----------===//
//
// Checks blocked layouts as linear maps: the bases they produce, where each
// holder's elements land, wrapping over small tensors, vector widths,
// dropping a dimension for slice layouts, spanning one in registers for
// the operands of an FMA dot, and reshaping for tkc.reshape; the
// fragments of NVIDIA's mma.sync and AMD's MFMA instructions lane by lane;
// and the shuffles that move a warp's elements between two layouts.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKCGPU/IR/LinearLayout.h"

#include "gtest/gtest.h"

#include <set>

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

TEST(LinearLayout, TopRegisterBitsSplitIntoSlabs) {
  // 512 x 64 on 4 warps of [4, 8] threads, 4 columns a thread: the tile is
  // 16 x 32; registers repeat it along columns (bit 2), then rows (bits
  // 3-7: rows 16, 32, ..., 256).
  LinearLayout l =
      LinearLayout::blocked({512, 64}, {1, 4}, {4, 8}, {4, 1}, {1, 0});
  auto two = l.getTopRegisterBits(2);
  ASSERT_TRUE(two.has_value());
  EXPECT_EQ(*two, (llvm::SmallVector<unsigned>{6, 7}));
  EXPECT_TRUE(l.getTopRegisterBits(5).has_value());
  // Row 8 is a lane bit: no sixth top bit.
  EXPECT_FALSE(l.getTopRegisterBits(6).has_value());
  LinearLayout slab = l.withoutTopRegisterBits(*two);
  EXPECT_EQ(slab.getShape(), (llvm::ArrayRef<int64_t>{128, 64}));
  EXPECT_EQ(slab.getNumRegisters(), l.getNumRegisters() / 4);
  EXPECT_TRUE(slab.isSurjective());
  // Warps holding the top rows: no slab.
  LinearLayout spread =
      LinearLayout::blocked({512, 64}, {4, 64}, {32, 1}, {4, 1}, {1, 0});
  EXPECT_FALSE(spread.getTopRegisterBits(1).has_value());
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
  // 16 lanes continue the run along dim 1: 64 elements; along dim 0 the
  // first lane bit moves dim 1, so the run stops at one.
  EXPECT_EQ(l.getContiguousWarpElements(1), 64u);
  EXPECT_EQ(l.getContiguousWarpElements(0), 1u);
  EXPECT_EQ(l.apply(1, 0, 0), Basis({0, 1}));
  EXPECT_EQ(l.apply(0, 16, 0), Basis({1, 0}));
  EXPECT_EQ(l.apply(0, 0, 1), Basis({2, 0}));
  // 16 rows / (2 lanes * 4 warps) = 2 row repetitions in registers.
  EXPECT_EQ(l.getNumRegisters(), 8u);
  EXPECT_EQ(l.apply(4, 0, 0), Basis({8, 0}));
  EXPECT_TRUE(l.isSurjective());
}

TEST(LinearLayout, AlignedRunsAcrossRegisterBits) {
  // b of an FMA dot (16x32, K = 16 along dim 0): the parent's 4 columns per
  // thread come after K's 16 registers, so the run along dim 1 lies in
  // register bits 4 and 5, not the lowest ones.
  LinearLayout parent =
      LinearLayout::blocked({1, 32}, {4, 4}, {4, 8}, {4, 1}, {1, 0});
  LinearLayout b = LinearLayout::spanInRegisters(parent, 0, 16);
  EXPECT_EQ(b.getAlignedRun(1, 4), 1u);
  EXPECT_EQ(b.getAlignedRunBits(1, 4), (llvm::SmallVector<unsigned>{4, 5}));
  EXPECT_EQ(b.getAlignedRunBits(1, 2), (llvm::SmallVector<unsigned>{4}));
  // Along K the lowest bits run, as getAlignedRun says.
  EXPECT_EQ(b.getAlignedRunBits(0, 4), (llvm::SmallVector<unsigned>{0, 1}));
  EXPECT_EQ(b.getAlignedRun(0, 4), 4u);
  // The run's bits need not be consecutive: steps 1 and 2 in register
  // bits 0 and 2.
  LinearLayout odd({1, 8});
  odd.addBasis(HwDim::Register, {0, 1});
  odd.addBasis(HwDim::Register, {0, 4});
  odd.addBasis(HwDim::Register, {0, 2});
  EXPECT_EQ(odd.getAlignedRunBits(1, 4), (llvm::SmallVector<unsigned>{0, 2}));
  // Lanes that move by whole runs (4, or nothing) keep them.
  odd = LinearLayout({1, 8});
  odd.addBasis(HwDim::Register, {0, 1});
  odd.addBasis(HwDim::Register, {0, 2});
  odd.addBasis(HwDim::Lane, {0, 4});
  odd.addBasis(HwDim::Lane, {0, 0});
  EXPECT_EQ(odd.getAlignedRunBits(1, 4), (llvm::SmallVector<unsigned>{0, 1}));
  // A lane that moves dim 1 by 6 breaks runs of 4: runs of 2 remain.
  LinearLayout broken({1, 8});
  broken.addBasis(HwDim::Register, {0, 1});
  broken.addBasis(HwDim::Register, {0, 2});
  broken.addBasis(HwDim::Lane, {0, 6});
  EXPECT_EQ(broken.getAlignedRunBits(1, 4), (llvm::SmallVector<unsigned>{0}));
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
  // The parent's 4 registers along dim 1 hold one row: of its 8 (2 rows),
  // the slice keeps 2.
  EXPECT_EQ(parent.getNumRegisters(), 8u);
  EXPECT_EQ(rows.getNumRegisters(), 2u);
  EXPECT_EQ(rows.apply(1, 0, 0), Basis({8}));
}

TEST(LinearLayout, DotOperandsHoldWhatEachResultElementNeeds) {
  // A 32x32 dot result, 4x2 per thread, lanes 2x16, warps 4x1; a is
  // 32x16, b 16x32. Each operand is its result layout with the other
  // dimension collapsed, spanned along K in registers.
  LinearLayout acc =
      LinearLayout::blocked({32, 32}, {4, 2}, {2, 16}, {4, 1}, {1, 0});
  LinearLayout a = LinearLayout::spanInRegisters(
      LinearLayout::blocked({32, 1}, {4, 2}, {2, 16}, {4, 1}, {1, 0}), 1, 16);
  LinearLayout b = LinearLayout::spanInRegisters(
      LinearLayout::blocked({1, 32}, {4, 2}, {2, 16}, {4, 1}, {1, 0}), 0, 16);
  // All of K first, then the rows (columns) of the thread's tile.
  EXPECT_EQ(a.getNumRegisters(), 16u * 4);
  EXPECT_EQ(b.getNumRegisters(), 16u * 2);
  EXPECT_EQ(a.getContiguousRegisters(1), 16u);
  EXPECT_EQ(a.apply(16, 0, 0), Basis({1, 0}));
  EXPECT_EQ(b.apply(16, 0, 0), Basis({0, 1}));
  // Lanes along N hold the same rows of a: a broadcast.
  EXPECT_EQ(a.getFreeBits(HwDim::Lane), 0b01111u);
  EXPECT_TRUE(a.isSurjective());
  EXPECT_TRUE(b.isSurjective());
  for (unsigned w = 0; w < acc.getSize(HwDim::Warp); ++w)
    for (unsigned l = 0; l < acc.getSize(HwDim::Lane); ++l) {
      std::set<std::pair<int32_t, int32_t>> heldA, heldB;
      for (unsigned r = 0; r < a.getNumRegisters(); ++r) {
        Basis c = a.apply(r, l, w);
        heldA.insert({c[0], c[1]});
      }
      for (unsigned r = 0; r < b.getNumRegisters(); ++r) {
        Basis c = b.apply(r, l, w);
        heldB.insert({c[0], c[1]});
      }
      for (unsigned r = 0; r < acc.getNumRegisters(); ++r) {
        Basis c = acc.apply(r, l, w);
        for (int32_t k = 0; k < 16; ++k) {
          EXPECT_TRUE(heldA.count({c[0], k}))
              << "a[" << c[0] << "," << k << "] not in lane " << l;
          EXPECT_TRUE(heldB.count({k, c[1]}))
              << "b[" << k << "," << c[1] << "] not in lane " << l;
        }
      }
    }
}

TEST(LinearLayout, NotSurjectiveWhenElementsAreMissing) {
  LinearLayout l(llvm::ArrayRef<int64_t>{4});
  l.addBasis(HwDim::Register, {1});
  EXPECT_FALSE(l.isSurjective());
  l.addBasis(HwDim::Lane, {2});
  EXPECT_TRUE(l.isSurjective());
  EXPECT_EQ(l.str(), "register=[[1]] lane=[[2]] warp=[]");
}

TEST(LinearLayout, ReshapeKeepsRowMajorPlaces) {
  // 4 per thread along a 2048-element vector, seen as 4 rows of 512: each
  // holder keeps its elements, at the same row-major index.
  LinearLayout flat = LinearLayout::blocked({2048}, {4}, {32}, {4}, {0});
  LinearLayout rows = LinearLayout::reshape(flat, {4, 512});
  EXPECT_EQ(rows.getNumRegisters(), flat.getNumRegisters());
  for (unsigned r = 0; r < flat.getNumRegisters(); ++r)
    for (unsigned lane : {0u, 7u, 31u})
      for (unsigned warp : {0u, 3u}) {
        Basis c = rows.apply(r, lane, warp);
        EXPECT_EQ(Basis({c[0] * 512 + c[1]}), flat.apply(r, lane, warp));
      }
  // It is the blocked layout of the rows with the same vector width,
  // register for register (16: the tile repeats 4 times).
  LinearLayout blocked =
      LinearLayout::blocked({4, 512}, {1, 4}, {1, 32}, {1, 4}, {1, 0});
  auto map = blocked.getRegisterMapFrom(rows);
  ASSERT_TRUE(map.has_value());
  ASSERT_EQ(map->size(), 16u);
  for (unsigned r = 0; r < 16; ++r)
    EXPECT_EQ((*map)[r], r);
  // Flattened back, it is the vector's layout.
  EXPECT_EQ(LinearLayout::reshape(rows, {2048}), flat);
}

TEST(LinearLayout, NvidiaMmaV2MatchesPtxFragments) {
  // PTX's m16n8k16 fragments for lane 5 (group 1, thread 1 of its quad):
  // accumulator c0..c3 at rows 1, 1, 9, 9 and columns 2, 3, 2, 3.
  LinearLayout acc = LinearLayout::nvidiaMmaV2({32, 32}, {2, 2});
  EXPECT_EQ(acc.apply(0, 5, 0), Basis({1, 2}));
  EXPECT_EQ(acc.apply(1, 5, 0), Basis({1, 3}));
  EXPECT_EQ(acc.apply(2, 5, 0), Basis({9, 2}));
  EXPECT_EQ(acc.apply(3, 5, 0), Basis({9, 3}));
  // Warps: M first; then the tile repeats along N (register 4).
  EXPECT_EQ(acc.apply(0, 0, 1), Basis({16, 0}));
  EXPECT_EQ(acc.apply(0, 0, 2), Basis({0, 8}));
  EXPECT_EQ(acc.apply(4, 0, 0), Basis({0, 16}));
  EXPECT_TRUE(acc.isSurjective());
  // A quad of lanes holds 8 consecutive columns of a row.
  EXPECT_EQ(acc.getContiguousWarpElements(1), 8u);
  // a (fp16, 2 per register): a0,a1 (row 1, k 2, 3), a2,a3 (row 9),
  // a4,a5 (k 10, 11), a6,a7; the next K step at register 8.
  LinearLayout a = LinearLayout::nvidiaMmaV2Operand({32, 32}, 0, 2, {2, 2});
  EXPECT_EQ(a.apply(0, 5, 0), Basis({1, 2}));
  EXPECT_EQ(a.apply(1, 5, 0), Basis({1, 3}));
  EXPECT_EQ(a.apply(2, 5, 0), Basis({9, 2}));
  EXPECT_EQ(a.apply(4, 5, 0), Basis({1, 10}));
  EXPECT_EQ(a.apply(7, 5, 0), Basis({9, 11}));
  EXPECT_EQ(a.apply(8, 5, 0), Basis({1, 18}));
  // Warps along N hold the same rows of a.
  EXPECT_EQ(a.apply(0, 5, 2), a.apply(0, 5, 0));
  // b: b0,b1 (k 2, 3 of column 1), b2,b3 (k 10, 11).
  LinearLayout b = LinearLayout::nvidiaMmaV2Operand({32, 32}, 1, 2, {2, 2});
  EXPECT_EQ(b.apply(0, 5, 0), Basis({2, 1}));
  EXPECT_EQ(b.apply(1, 5, 0), Basis({3, 1}));
  EXPECT_EQ(b.apply(2, 5, 0), Basis({10, 1}));
  EXPECT_EQ(b.apply(0, 5, 1), b.apply(0, 5, 0));
  // tf32 (m16n8k8, one per register): a0..a3 at (1, 1), (9, 1), (1, 5),
  // (9, 5) for lane 5.
  LinearLayout t = LinearLayout::nvidiaMmaV2Operand({16, 8}, 0, 1, {1, 1});
  EXPECT_EQ(t.apply(0, 5, 0), Basis({1, 1}));
  EXPECT_EQ(t.apply(1, 5, 0), Basis({9, 1}));
  EXPECT_EQ(t.apply(2, 5, 0), Basis({1, 5}));
  EXPECT_EQ(t.apply(3, 5, 0), Basis({9, 5}));
}

TEST(LinearLayout, NvidiaMmaWarpgroupsAlongN) {
  // 64x256 on 8 warps as Hopper's wgmma computes it: warps 0-3 (one
  // warpgroup) own columns 0..127, warps 4-7 columns 128..255, each warp
  // 16 rows; a warp's registers run over its 128 columns 8 at a time.
  LinearLayout acc = LinearLayout::nvidiaMmaV2({64, 256}, {4, 2}, 128);
  EXPECT_EQ(acc.apply(0, 5, 0), Basis({1, 2}));
  EXPECT_EQ(acc.apply(3, 5, 0), Basis({9, 3}));
  EXPECT_EQ(acc.apply(4, 0, 0), Basis({0, 8}));
  EXPECT_EQ(acc.apply(63, 0, 0), Basis({8, 121}));
  EXPECT_EQ(acc.apply(0, 0, 3), Basis({48, 0}));
  EXPECT_EQ(acc.apply(0, 0, 4), Basis({0, 128}));
  EXPECT_EQ(acc.getNumRegisters(), 64u);
  EXPECT_TRUE(acc.isSurjective());
  // With one warp along N, instrN changes nothing.
  EXPECT_EQ(LinearLayout::nvidiaMmaV2({128, 64}, {8, 1}, 64),
            LinearLayout::nvidiaMmaV2({128, 64}, {8, 1}));
  // b (fp16, K = 32): mma.sync's grid counts b's registers as fragments
  // (2 registers), then K steps, then tiles along N, the accumulator's as
  // fragments (4 registers), then tiles along N: tile n of each must be the
  // same 8 columns, for every warp.
  LinearLayout b =
      LinearLayout::nvidiaMmaV2Operand({32, 256}, 1, 2, {4, 2}, 128);
  EXPECT_EQ(b.getNumRegisters(), 2u * 2 * 2 * 16);
  EXPECT_EQ(b.apply(4, 0, 0), Basis({16, 0}));
  for (unsigned warp : {0u, 5u})
    for (unsigned n = 0; n < 16; ++n) {
      EXPECT_EQ(b.apply(8 * n, 0, warp)[1], acc.apply(4 * n, 0, warp)[1]);
      EXPECT_EQ(b.apply(8 * n + 4, 0, warp)[1], acc.apply(4 * n, 0, warp)[1]);
    }
  EXPECT_TRUE(b.isSurjective());
}

// AMD MFMA (wave64, CDNA2/CDNA3). The expected places are written from the
// ISA's fragment tables (AMD Matrix Instruction Calculator, CDNA3), not
// from the layout code: for an m x m x K block with g = 64/m lane groups,
// A[i][k] is in lane i + m*(k/(K/g)), item k%(K/g); B[k][j] in lane
// j + m*(k/(K/g)), item k%(K/g); D[i][j] in lane j + m*((i/4)%g), item
// 4*(i/(4g)) + i%4.

TEST(LinearLayout, AmdMfma32x32AccumulatorMatchesIsa) {
  // v_mfma_f32_32x32x8_f16 and the other 32x32 forms: 16 items per lane.
  LinearLayout d = LinearLayout::amdMfma({32, 32}, {32, 32}, {1, 1});
  EXPECT_EQ(d.getNumRegisters(), 16u);
  EXPECT_EQ(d.getSize(HwDim::Lane), 64u);
  for (unsigned lane = 0; lane < 64; ++lane)
    for (unsigned item = 0; item < 16; ++item)
      EXPECT_EQ(d.apply(item, lane, 0),
                Basis({int32_t(8 * (item / 4) + 4 * (lane / 32) + item % 4),
                       int32_t(lane % 32)}))
          << "lane " << lane << " item " << item;
  // A few pinned: lane 33 starts at row 4, column 1; item 4 of lane 0 is
  // row 8; the last item of the last lane is D[31][31].
  EXPECT_EQ(d.apply(0, 33, 0), Basis({4, 1}));
  EXPECT_EQ(d.apply(4, 0, 0), Basis({8, 0}));
  EXPECT_EQ(d.apply(7, 32, 0), Basis({15, 0}));
  EXPECT_EQ(d.apply(15, 63, 0), Basis({31, 31}));
  EXPECT_TRUE(d.isSurjective());
}

TEST(LinearLayout, AmdMfma16x16AccumulatorMatchesIsa) {
  // v_mfma_f32_16x16x16_f16 and the other 16x16 forms: 4 items per lane.
  LinearLayout d = LinearLayout::amdMfma({16, 16}, {16, 16}, {1, 1});
  EXPECT_EQ(d.getNumRegisters(), 4u);
  for (unsigned lane = 0; lane < 64; ++lane)
    for (unsigned item = 0; item < 4; ++item)
      EXPECT_EQ(d.apply(item, lane, 0),
                Basis({int32_t(4 * (lane / 16) + item), int32_t(lane % 16)}));
  EXPECT_EQ(d.apply(2, 17, 0), Basis({6, 1}));
  EXPECT_EQ(d.apply(3, 63, 0), Basis({15, 15}));
  EXPECT_TRUE(d.isSurjective());
}

TEST(LinearLayout, AmdMfmaOperandsMatchIsa) {
  // (instruction M = N, K, items per lane): f16/bf16_1k 32x32x8 and
  // 16x16x16; i8 32x32x8 and 16x16x16 (gfx90a, one i32); i8 32x32x16 and
  // 16x16x32 (gfx942) and fp8 32x32x16 and 16x16x32 (one i64); f32
  // 32x32x2 and 16x16x4.
  struct Form {
    unsigned m, k, items;
  };
  for (Form f : {Form{32, 8, 4}, Form{16, 16, 4}, Form{32, 16, 8},
                 Form{16, 32, 8}, Form{32, 2, 1}, Form{16, 4, 1}}) {
    unsigned groups = 64 / f.m;
    ASSERT_EQ(f.items * groups, f.k);
    LinearLayout a = LinearLayout::amdMfmaOperand(
        {int64_t(f.m), int64_t(f.k)}, 0, f.items, {f.m, f.m}, {1, 1});
    LinearLayout b = LinearLayout::amdMfmaOperand(
        {int64_t(f.k), int64_t(f.m)}, 1, f.items, {f.m, f.m}, {1, 1});
    EXPECT_EQ(a.getNumRegisters(), f.items);
    EXPECT_EQ(b.getNumRegisters(), f.items);
    for (unsigned lane = 0; lane < 64; ++lane)
      for (unsigned item = 0; item < f.items; ++item) {
        int32_t row = lane % f.m, k = f.items * (lane / f.m) + item;
        EXPECT_EQ(a.apply(item, lane, 0), Basis({row, k}))
            << f.m << "x" << f.k << " lane " << lane << " item " << item;
        EXPECT_EQ(b.apply(item, lane, 0), Basis({k, row}))
            << f.m << "x" << f.k << " lane " << lane << " item " << item;
      }
  }
  // Pinned, v_mfma_f32_32x32x8_f16: lane 40's items 0..3 are A[8][4..7]
  // and B[4..7][8]; v_mfma_f32_16x16x16_f16: lane 53's are A[5][12..15].
  LinearLayout a32 =
      LinearLayout::amdMfmaOperand({32, 8}, 0, 4, {32, 32}, {1, 1});
  EXPECT_EQ(a32.apply(0, 40, 0), Basis({8, 4}));
  EXPECT_EQ(a32.apply(3, 40, 0), Basis({8, 7}));
  LinearLayout b32 =
      LinearLayout::amdMfmaOperand({8, 32}, 1, 4, {32, 32}, {1, 1});
  EXPECT_EQ(b32.apply(3, 40, 0), Basis({7, 8}));
  LinearLayout a16 =
      LinearLayout::amdMfmaOperand({16, 16}, 0, 4, {16, 16}, {1, 1});
  EXPECT_EQ(a16.apply(0, 53, 0), Basis({5, 12}));
  EXPECT_EQ(a16.apply(3, 53, 0), Basis({5, 15}));
}

TEST(LinearLayout, AmdMfmaRepeatsInstructionsOverTheBlock) {
  // A 64x128 result of 32x32 blocks over 2x2 warps: each warp's 16 items,
  // then one repeat along N; warp 1 goes 32 rows down, warp 2 32 columns
  // right.
  LinearLayout d = LinearLayout::amdMfma({64, 128}, {32, 32}, {2, 2});
  EXPECT_EQ(d.getNumRegisters(), 32u);
  EXPECT_EQ(d.apply(16, 0, 0), Basis({0, 64}));
  EXPECT_EQ(d.apply(0, 0, 1), Basis({32, 0}));
  EXPECT_EQ(d.apply(0, 0, 2), Basis({0, 32}));
  EXPECT_TRUE(d.isSurjective());
  // a (64x32, kWidth 4): 4 items, then 3 more instructions along K (8
  // apart); warps along N hold the same rows.
  LinearLayout a =
      LinearLayout::amdMfmaOperand({64, 32}, 0, 4, {32, 32}, {2, 2});
  EXPECT_EQ(a.getNumRegisters(), 16u);
  EXPECT_EQ(a.apply(4, 0, 0), Basis({0, 8}));
  EXPECT_EQ(a.apply(8, 33, 0), Basis({1, 20}));
  EXPECT_EQ(a.apply(0, 0, 1), Basis({32, 0}));
  EXPECT_EQ(a.apply(0, 5, 2), a.apply(0, 5, 0));
  // b (32x128): K repeats first, then the repeat along N.
  LinearLayout b =
      LinearLayout::amdMfmaOperand({32, 128}, 1, 4, {32, 32}, {2, 2});
  EXPECT_EQ(b.getNumRegisters(), 32u);
  EXPECT_EQ(b.apply(4, 0, 0), Basis({8, 0}));
  EXPECT_EQ(b.apply(16, 0, 0), Basis({0, 64}));
  EXPECT_EQ(b.apply(0, 0, 2), Basis({0, 32}));
  EXPECT_EQ(b.apply(0, 5, 1), b.apply(0, 5, 0));
}

/// Runs `plan`'s rounds on one warp of `from` (each register holding its
/// element's coordinates) and checks that every lane ends with `to`'s.
void expectShufflesConvert(const LinearLayout &from, const LinearLayout &to,
                           const WarpShuffles &plan) {
  unsigned lanes = from.getSize(HwDim::Lane);
  unsigned registers = from.getNumRegisters();
  for (unsigned lane = 0; lane < lanes; ++lane)
    for (unsigned i = 0; i < registers; ++i) {
      unsigned source = plan.readXor[i] ^ plan.read.apply(lane);
      ASSERT_LT(source, lanes);
      unsigned sent = plan.sendFirst[i] ^ plan.send.apply(source);
      unsigned kept = i ^ plan.keep.apply(lane);
      EXPECT_EQ(from.apply(sent, source, 0), to.apply(kept, lane, 0))
          << "lane " << lane << " round " << i;
    }
}

TEST(LinearLayout, ShufflesAccumulatorIntoTf32Operand) {
  // A tf32 P: the accumulator's pairs of columns to the A fragment's
  // columns t and t + 4, within each quad.
  LinearLayout acc = LinearLayout::nvidiaMmaV2({64, 64}, {4, 1}, 64);
  LinearLayout a = LinearLayout::nvidiaMmaV2Operand({64, 64}, 0, 1, {4, 1});
  std::optional<WarpShuffles> plan = getWarpShuffles(acc, a, 4);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->sendFirst.size(), acc.getNumRegisters());
  expectShufflesConvert(acc, a, *plan);
}

TEST(LinearLayout, ShufflesAccumulatorIntoFp8Operand) {
  // An fp8 P: four elements of K per register.
  LinearLayout acc = LinearLayout::nvidiaMmaV2({64, 64}, {4, 1}, 64);
  LinearLayout a = LinearLayout::nvidiaMmaV2Operand({64, 64}, 0, 4, {4, 1});
  std::optional<WarpShuffles> plan = getWarpShuffles(acc, a, 4);
  ASSERT_TRUE(plan);
  expectShufflesConvert(acc, a, *plan);
}

TEST(LinearLayout, NoShufflesAcrossWarps) {
  // Warps along N in the accumulator, along nothing in the operand: its
  // elements change warps.
  LinearLayout acc = LinearLayout::nvidiaMmaV2({64, 64}, {2, 2});
  LinearLayout a = LinearLayout::nvidiaMmaV2Operand({64, 64}, 0, 1, {2, 2});
  EXPECT_FALSE(getWarpShuffles(acc, a, 4));
  // Nor between layouts in which lanes hold the same element.
  LinearLayout half = LinearLayout::blocked({16}, {1}, {32}, {1}, {0});
  EXPECT_FALSE(getWarpShuffles(half, half, 4));
}

} // namespace
