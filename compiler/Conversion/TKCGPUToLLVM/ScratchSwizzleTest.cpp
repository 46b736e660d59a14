//===- ScratchSwizzleTest.cpp - Bank passes of layout conversions ---------===//
//
// Checks chooseScratchSwizzle against a brute-force count: for conversions
// between layouts (a transpose, Inductor's column loads into a row-major
// accumulator, 16-byte rows between two thread arrangements, an mma.sync
// accumulator into rows),
// every place is distinct, each side's runs stay contiguous, and every
// access of warp 0 takes the fewest passes of the 32 banks its bytes allow
// (lanes whose accesses fall in one bank at different addresses take a
// pass each). Placements in another order put each element at one place;
// an AMD MFMA operand read along K takes them by cost alone.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/TKCGPUToLLVM/LayoutLowering.h"

#include "gtest/gtest.h"

#include <map>
#include <set>

namespace {

using mlir::tkc::gpu::chooseScratchPlacement;
using mlir::tkc::gpu::chooseScratchSwizzle;
using mlir::tkc::gpu::HwDim;
using mlir::tkc::gpu::LinearLayout;
using mlir::tkc::gpu::ScratchPlacement;
using mlir::tkc::gpu::ScratchSwizzle;

/// Passes of the banks that each access of warp 0 of `layout` takes, with
/// `run` elements of `bytes` bytes per access.
std::vector<int> passesOf(const LinearLayout &layout, const ScratchSwizzle &s,
                          unsigned run, unsigned bytes) {
  std::vector<int> passes;
  unsigned accessBytes = run * bytes;
  unsigned lanesPerPass = std::max(1u, 128 / accessBytes);
  for (unsigned reg = 0; reg < layout.getNumRegisters(); reg += run) {
    int total = 0;
    for (unsigned first = 0; first < 32; first += lanesPerPass) {
      // Distinct addresses per 4-byte bank.
      std::map<int64_t, std::set<int64_t>> byBank;
      for (unsigned lane = first; lane < first + lanesPerPass; ++lane) {
        int64_t place =
            s.apply(layout.rowMajorIndex(layout.apply(reg, lane, 0)));
        int64_t byte = place * bytes;
        for (unsigned w = 0; w < std::max(1u, accessBytes / 4); ++w)
          byBank[(byte / 4 + w) % 32].insert(byte / 4 + w);
      }
      size_t worst = 1;
      for (auto &[bank, words] : byBank)
        worst = std::max(worst, words.size());
      total += worst;
    }
    passes.push_back(total);
  }
  return passes;
}

/// The fewest passes an access of `run` elements of `bytes` bytes by 32
/// lanes can take.
int fewestPasses(unsigned run, unsigned bytes) {
  return std::max(1u, 32 * run * bytes / 128);
}

/// Checks swizzle `s` of a conversion from `from` to `to`: places
/// distinct, runs contiguous, the fewest passes for every access.
void expectConflictFreeWith(const LinearLayout &from, const LinearLayout &to,
                            const ScratchSwizzle &s, unsigned bytes,
                            unsigned fromRun, unsigned toRun) {
  EXPECT_EQ(s.fromRun, fromRun);
  EXPECT_EQ(s.toRun, toRun);
  int64_t numel = 1;
  for (int64_t size : from.getShape())
    numel *= size;
  std::set<int64_t> places;
  for (int64_t i = 0; i < numel; ++i)
    places.insert(s.apply(i));
  EXPECT_EQ(int64_t(places.size()), numel) << "places collide";
  EXPECT_EQ(*places.rbegin(), numel - 1);
  for (unsigned run : {s.fromRun, s.toRun})
    for (int64_t i = 0; i < numel; i += run)
      for (unsigned k = 1; k < run; ++k)
        EXPECT_EQ(s.apply(i + k), s.apply(i) + k) << "a run is split";
  for (auto [layout, run] : {std::pair{&from, s.fromRun}, {&to, s.toRun}})
    for (int passes : passesOf(*layout, s, run, bytes))
      EXPECT_EQ(passes, fewestPasses(run, bytes)) << layout->str();
}

void expectConflictFree(const LinearLayout &from, const LinearLayout &to,
                        unsigned bytes, unsigned fromRun, unsigned toRun) {
  expectConflictFreeWith(from, to,
                         chooseScratchSwizzle(from, to, bytes, 16 / bytes),
                         bytes, fromRun, toRun);
}

/// Checks that `p` puts each element of both sides at one place (each
/// placed register holds what its original register holds).
void expectOnePlaceEach(const LinearLayout &from, const LinearLayout &to,
                        const ScratchPlacement &p) {
  ASSERT_TRUE(p.sides.has_value());
  std::map<int64_t, int64_t> placeOf; // row-major index -> place
  for (auto [layout, side] :
       {std::pair{&from, &p.sides->first}, {&to, &p.sides->second}})
    for (unsigned reg = 0; reg < layout->getNumRegisters(); ++reg)
      for (unsigned lane = 0; lane < layout->getSize(HwDim::Lane); ++lane)
        for (unsigned warp = 0; warp < layout->getSize(HwDim::Warp); ++warp) {
          int64_t index = layout->rowMajorIndex(
              layout->apply(side->original(reg), lane, warp));
          int64_t place = side->layout.apply(reg, lane, warp)[0];
          auto [it, inserted] = placeOf.insert({index, place});
          EXPECT_EQ(it->second, place) << "element " << index;
        }
}

/// Checks that the conversion's scratch takes places in another order than
/// row-major, one place per element, conflict-free with runs of `fromRun`
/// and `toRun`.
void expectPlacedConflictFree(const LinearLayout &from, const LinearLayout &to,
                              unsigned bytes, unsigned fromRun,
                              unsigned toRun) {
  ScratchPlacement p = chooseScratchPlacement(from, to, bytes, 16 / bytes);
  expectOnePlaceEach(from, to, p);
  ASSERT_TRUE(p.sides.has_value());
  expectConflictFreeWith(p.sides->first.layout, p.sides->second.layout,
                         p.swizzle, bytes, fromRun, toRun);
}

TEST(ScratchSwizzle, Transpose) {
  // Warps own rows (lanes along them) into lanes down columns.
  auto rows = LinearLayout::blocked({64, 64}, {1, 1}, {1, 32}, {4, 1}, {1, 0});
  auto cols = LinearLayout::blocked({64, 64}, {1, 1}, {32, 1}, {1, 4}, {0, 1});
  expectConflictFree(rows, cols, 4, 1, 1);
  expectConflictFree(cols, rows, 4, 1, 1);
}

TEST(ScratchSwizzle, ColumnLoadsIntoRows) {
  // Inductor's layer norm backward: a tile loaded 4 rows per thread (the
  // loaded rows are contiguous in memory) moves to 4 columns per thread.
  auto loaded = LinearLayout::blocked({64, 8}, {4, 1}, {16, 2}, {1, 4}, {0, 1});
  auto carried =
      LinearLayout::blocked({64, 8}, {1, 4}, {16, 2}, {4, 1}, {1, 0});
  ScratchSwizzle s = chooseScratchSwizzle(loaded, carried, 4, 4);
  EXPECT_EQ(s.fromRun, 1u);
  expectConflictFree(loaded, carried, 4, 1, s.toRun);
}

TEST(ScratchSwizzle, SixteenByteRowsKeepTheirVectors) {
  // fp16 rows of 64 as 8-element vectors, 8 or 4 threads per row.
  auto a = LinearLayout::blocked({128, 64}, {1, 8}, {4, 8}, {4, 1}, {1, 0});
  auto b = LinearLayout::blocked({128, 64}, {1, 8}, {8, 4}, {4, 1}, {1, 0});
  expectConflictFree(a, b, 2, 8, 8);
}

TEST(ScratchSwizzle, MmaTileToRowsMovesBitsOneDistance) {
  // An mma.sync accumulator of bf16 stored as 16-byte rows (FLA's chunk_h
  // state, each iteration): conflict-free both ways, and the row bits move
  // by one distance, so that the swizzle is one shift and mask (each more
  // costs registers, and chunk_h sits at 128 of them).
  auto mma = LinearLayout::nvidiaMmaV2({64, 64}, {4, 1});
  auto rows = LinearLayout::blocked({64, 64}, {1, 8}, {4, 8}, {4, 1}, {1, 0});
  expectConflictFree(mma, rows, 2, 2, 8);
  ScratchSwizzle s = chooseScratchSwizzle(mma, rows, 2, 8);
  ASSERT_FALSE(s.terms.empty());
  for (auto [bit, bits] : s.terms) {
    ASSERT_EQ(llvm::popcount(uint64_t(bits)), 1);
    EXPECT_EQ(bit - llvm::Log2_64(bits),
              s.terms.front().first - llvm::Log2_64(s.terms.front().second));
  }
}

TEST(ScratchPlacement, TransposeMovesVectors) {
  // Row-major places leave a transpose one element an access each way;
  // places with one side's registers together move 2 and 4 (fp32).
  auto rows = LinearLayout::blocked({64, 64}, {1, 1}, {1, 32}, {4, 1}, {1, 0});
  auto cols = LinearLayout::blocked({64, 64}, {1, 1}, {32, 1}, {1, 4}, {0, 1});
  expectPlacedConflictFree(rows, cols, 4, 2, 4);
}

TEST(ScratchPlacement, ScalesIntoAccumulatorColumns) {
  // vLLM's block-scaled fp8 matmul: a vector of 128 scales, one a thread,
  // broadcast along the columns of a 4-warp mma.sync accumulator, where
  // each thread holds column pairs 8 apart: 4 scales a load, not 2.
  auto vector = LinearLayout::blocked({128}, {1}, {32}, {4}, {0});
  auto columns =
      LinearLayout::dropDim(LinearLayout::nvidiaMmaV2({1, 128}, {4, 1}), 0);
  expectPlacedConflictFree(vector, columns, 4, 1, 4);
}

TEST(ScratchPlacement, MfmaOperandAlongKByCostAlone) {
  // Tutorial 03's B on gfx942: fp16 rows along N, 8 a thread, into an MFMA
  // 32x32x8 operand whose lanes hold 4 consecutive K each. Row-major places
  // read those one element an access; by cost alone (AMD) places along K
  // read each lane's 4 in one, though each store then moves one element.
  auto rows = LinearLayout::blocked({32, 128}, {1, 8}, {4, 16}, {4, 1}, {1, 0});
  auto operand =
      LinearLayout::amdMfmaOperand({32, 128}, 1, 4, {32, 32}, {2, 2});
  ScratchPlacement p = chooseScratchPlacement(rows, operand, 2, 8,
                                              /*byCostAlone=*/true);
  expectOnePlaceEach(rows, operand, p);
  EXPECT_EQ(p.swizzle.toRun, 4u);
  ScratchSwizzle rowMajor = chooseScratchSwizzle(rows, operand, 2, 8);
  EXPECT_EQ(rowMajor.toRun, 1u);
  EXPECT_LT(p.swizzle.cost, rowMajor.cost);
  // NVIDIA's rule keeps row-major places where the stores would narrow.
  EXPECT_FALSE(chooseScratchPlacement(rows, operand, 2, 8).sides.has_value());
}

TEST(ScratchPlacement, ByCostAloneKeepsStoresForFewAccesses) {
  // TGI's GPTQ matmul on gfx942: a dequantized B, 8 along N a thread, into
  // the same MFMA operand, wider. Places along K would save 4 of 68
  // accesses but store one element an access (232 -> 298 VGPRs): by cost
  // alone takes an order only for at most 3/4 of the accesses.
  auto rows = LinearLayout::blocked({32, 256}, {1, 8}, {2, 32}, {4, 1}, {1, 0});
  auto operand =
      LinearLayout::amdMfmaOperand({32, 256}, 1, 4, {32, 32}, {2, 2});
  EXPECT_FALSE(chooseScratchPlacement(rows, operand, 2, 8,
                                      /*byCostAlone=*/true)
                   .sides.has_value());
}

TEST(ScratchPlacement, RowMajorWhereItCostsNoMore) {
  // Rows of 8-element vectors either way: row-major places already move
  // whole vectors.
  auto a = LinearLayout::blocked({128, 64}, {1, 8}, {4, 8}, {4, 1}, {1, 0});
  auto b = LinearLayout::blocked({128, 64}, {1, 8}, {8, 4}, {4, 1}, {1, 0});
  EXPECT_FALSE(chooseScratchPlacement(a, b, 2, 8).sides.has_value());
}

} // namespace
