//===- LinearLayout.cpp - Layouts as linear maps over index bits ----------===//
//
// Construction of linear layouts from blocked encodings, NVIDIA's mma.sync
// and AMD's MFMA layouts and the dot operands derived from them, reshaping,
// evaluation, and the queries lowering needs (vector width, coverage).
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKCGPU/IR/LinearLayout.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cassert>

using namespace mlir::tkc::gpu;

LinearLayout::LinearLayout(llvm::ArrayRef<int64_t> shape)
    : shape(shape.begin(), shape.end()) {}

void LinearLayout::addBasis(HwDim dim, Basis basis) {
  assert(basis.size() == shape.size() && "basis rank mismatch");
  bases[static_cast<unsigned>(dim)].push_back(std::move(basis));
}

LinearLayout::Basis LinearLayout::applyDim(HwDim dim, unsigned index) const {
  Basis coords(shape.size(), 0);
  for (auto [bit, basis] : llvm::enumerate(getBases(dim)))
    if (index & (1u << bit))
      for (auto [c, b] : llvm::zip(coords, basis))
        c ^= b;
  return coords;
}

LinearLayout::Basis LinearLayout::apply(unsigned reg, unsigned lane,
                                        unsigned warp) const {
  Basis coords = applyDim(HwDim::Register, reg);
  for (auto [dim, index] :
       {std::pair(HwDim::Lane, lane), std::pair(HwDim::Warp, warp)}) {
    Basis part = applyDim(dim, index);
    for (auto [c, p] : llvm::zip(coords, part))
      c ^= p;
  }
  return coords;
}

unsigned LinearLayout::getFreeBits(HwDim dim) const {
  unsigned mask = 0;
  llvm::ArrayRef<Basis> all = getBases(dim);
  for (unsigned i = 0; i < all.size(); ++i)
    if (llvm::all_of(all[i], [](int32_t c) { return c == 0; }))
      mask |= 1u << i;
  return mask;
}

unsigned LinearLayout::getContiguousRegisters(unsigned dim) const {
  unsigned count = 1;
  for (const Basis &basis : getBases(HwDim::Register)) {
    for (auto [d, b] : llvm::enumerate(basis))
      if (b != (d == dim ? static_cast<int32_t>(count) : 0))
        return count;
    count *= 2;
  }
  return count;
}

unsigned LinearLayout::getContiguousWarpElements(unsigned dim) const {
  unsigned count = getContiguousRegisters(dim);
  for (const Basis &basis : getBases(HwDim::Lane)) {
    for (auto [d, b] : llvm::enumerate(basis))
      if (b != (d == dim ? static_cast<int32_t>(count) : 0))
        return count;
    count *= 2;
  }
  return count;
}

unsigned LinearLayout::getAlignedRun(unsigned dim, unsigned max) const {
  unsigned run = std::min(getContiguousRegisters(dim), max);
  // Every other basis must move `dim` by whole runs, so that each run
  // starts at a multiple of its length.
  for (unsigned hw = 0; hw < 3; ++hw)
    for (auto [i, basis] : llvm::enumerate(bases[hw])) {
      if (hw == static_cast<unsigned>(HwDim::Register) && (1u << i) < run)
        continue;
      if (basis[dim] % run)
        return 1;
    }
  return run;
}

llvm::SmallVector<unsigned>
LinearLayout::getAlignedRunBits(unsigned dim, unsigned max) const {
  llvm::ArrayRef<Basis> registers = getBases(HwDim::Register);
  llvm::SmallVector<unsigned> bits;
  for (int64_t step = 1; step < max; step *= 2) {
    const Basis *found = llvm::find_if(registers, [&](const Basis &basis) {
      for (auto [d, c] : llvm::enumerate(basis))
        if (c != (d == dim ? step : 0))
          return false;
      return true;
    });
    if (found == registers.end())
      break;
    bits.push_back(static_cast<unsigned>(found - registers.begin()));
  }
  // Shortened until every other basis moves `dim` by whole runs.
  auto aligned = [&] {
    int64_t run = int64_t(1) << bits.size();
    for (unsigned hw = 0; hw < 3; ++hw)
      for (auto [i, basis] : llvm::enumerate(bases[hw]))
        if (!(hw == static_cast<unsigned>(HwDim::Register) &&
              llvm::is_contained(bits, i)) &&
            basis[dim] % run)
          return false;
    return true;
  };
  while (!bits.empty() && !aligned())
    bits.pop_back();
  return bits;
}

std::optional<llvm::SmallVector<unsigned>> LinearLayout::getRegisterMapFrom(
    const LinearLayout &from, llvm::function_ref<Basis(Basis)> project) const {
  auto map = [&](Basis b) { return project ? project(std::move(b)) : b; };
  for (HwDim hw : {HwDim::Lane, HwDim::Warp}) {
    if (from.getBases(hw).size() != getBases(hw).size())
      return std::nullopt;
    for (auto [f, t] : llvm::zip(from.getBases(hw), getBases(hw)))
      if (f != map(t))
        return std::nullopt;
  }
  llvm::SmallVector<unsigned> result;
  for (unsigned r = 0; r < getNumRegisters(); ++r) {
    Basis want = map(applyDim(HwDim::Register, r));
    std::optional<unsigned> found;
    for (unsigned s = 0; s < from.getNumRegisters() && !found; ++s)
      if (from.applyDim(HwDim::Register, s) == want)
        found = s;
    if (!found)
      return std::nullopt;
    result.push_back(*found);
  }
  return result;
}

bool LinearLayout::isSurjective() const {
  int64_t numElements = 1;
  for (int64_t extent : shape)
    numElements *= extent;
  llvm::DenseSet<int64_t> seen;
  for (unsigned w = 0; w < getSize(HwDim::Warp); ++w)
    for (unsigned l = 0; l < getSize(HwDim::Lane); ++l)
      for (unsigned r = 0; r < getNumRegisters(); ++r)
        seen.insert(rowMajorIndex(apply(r, l, w)));
  return static_cast<int64_t>(seen.size()) == numElements;
}

std::optional<llvm::SmallVector<unsigned>>
LinearLayout::getTopRegisterBits(unsigned k) const {
  if (shape.empty() || (int64_t(1) << k) > shape[0])
    return std::nullopt;
  int32_t slab = static_cast<int32_t>(shape[0] >> k);
  llvm::SmallVector<unsigned> bits(k, ~0u);
  for (HwDim dim : {HwDim::Register, HwDim::Lane, HwDim::Warp}) {
    for (auto [bit, basis] : llvm::enumerate(getBases(dim))) {
      if (basis[0] < slab)
        continue;
      // A top bit: only a register basis that is one top bit alone.
      bool alone = dim == HwDim::Register && llvm::isPowerOf2_32(basis[0]) &&
                   llvm::all_of(llvm::drop_begin(basis),
                                [](int32_t c) { return c == 0; });
      if (!alone)
        return std::nullopt;
      unsigned j = llvm::Log2_32(basis[0] / slab);
      if (bits[j] != ~0u)
        return std::nullopt;
      bits[j] = bit;
    }
  }
  if (llvm::is_contained(bits, ~0u))
    return std::nullopt;
  return bits;
}

LinearLayout
LinearLayout::withoutTopRegisterBits(llvm::ArrayRef<unsigned> bits) const {
  llvm::SmallVector<int64_t> slab(shape.begin(), shape.end());
  slab[0] >>= bits.size();
  LinearLayout result(slab);
  for (HwDim dim : {HwDim::Register, HwDim::Lane, HwDim::Warp})
    for (auto [bit, basis] : llvm::enumerate(getBases(dim)))
      if (dim != HwDim::Register || !llvm::is_contained(bits, bit))
        result.addBasis(dim, basis);
  return result;
}

int64_t LinearLayout::rowMajorIndex(const Basis &coords) const {
  int64_t index = 0;
  for (auto [c, extent] : llvm::zip(coords, shape))
    index = index * extent + c;
  return index;
}

std::string LinearLayout::str() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  const char *names[] = {"register", "lane", "warp"};
  for (unsigned d = 0; d < 3; ++d) {
    if (d)
      os << " ";
    os << names[d] << "=[";
    llvm::interleaveComma(bases[d], os, [&](const Basis &b) {
      os << "[";
      llvm::interleaveComma(b, os);
      os << "]";
    });
    os << "]";
  }
  return text;
}

namespace {
/// Builds a layout step by step: each step gives the next bits of one
/// hardware index bases that double the extent covered along one tensor
/// dimension. Past the tensor's extent the tile wraps: several holders
/// share the element, which a zero basis expresses.
class TileBuilder {
public:
  explicit TileBuilder(llvm::ArrayRef<int64_t> shape)
      : layout(shape), covered(shape.size(), 1) {}

  /// Adds log2(`count`) bits of `hw` along `dim`.
  void add(HwDim hw, unsigned dim, int64_t count) {
    addReserved(hw, dim, reserve(dim, count), count);
  }
  /// Adds log2(`count`) bits of `hw` that move no coordinate: holders that
  /// differ in them hold the same elements.
  void broadcast(HwDim hw, int64_t count) {
    for (int64_t i = 1; i < count; i *= 2)
      layout.addBasis(hw, LinearLayout::Basis(layout.getShape().size(), 0));
  }
  /// Reserves the next log2(`count`) bits along `dim` for bases added
  /// later by addReserved(); returns the first coordinate they cover.
  int64_t reserve(unsigned dim, int64_t count) {
    int64_t first = covered[dim];
    for (int64_t i = 1; i < count; i *= 2)
      covered[dim] *= 2;
    return first;
  }
  /// Adds log2(`count`) bits of `hw` along `dim` at coordinates `first`,
  /// 2 `first`, ... that reserve() kept (none past the tensor's extent).
  void addReserved(HwDim hw, unsigned dim, int64_t first, int64_t count) {
    llvm::ArrayRef<int64_t> shape = layout.getShape();
    for (int64_t i = 1; i < count; i *= 2) {
      LinearLayout::Basis basis(shape.size(), 0);
      if (first * i < shape[dim])
        basis[dim] = static_cast<int32_t>(first * i);
      layout.addBasis(hw, std::move(basis));
    }
  }
  /// Adds registers along `dim` until the tile covers the tensor there.
  void fill(unsigned dim) {
    if (covered[dim] < layout.getShape()[dim])
      add(HwDim::Register, dim, layout.getShape()[dim] / covered[dim]);
  }
  LinearLayout take() { return std::move(layout); }

private:
  LinearLayout layout;
  llvm::SmallVector<int64_t, 4> covered;
};
} // namespace

LinearLayout LinearLayout::blocked(llvm::ArrayRef<int64_t> shape,
                                   llvm::ArrayRef<unsigned> sizePerThread,
                                   llvm::ArrayRef<unsigned> threadsPerWarp,
                                   llvm::ArrayRef<unsigned> warpsPerCTA,
                                   llvm::ArrayRef<unsigned> order) {
  TileBuilder tile(shape);
  for (unsigned d : order)
    tile.add(HwDim::Register, d, sizePerThread[d]);
  for (unsigned d : order)
    tile.add(HwDim::Lane, d, threadsPerWarp[d]);
  for (unsigned d : order)
    tile.add(HwDim::Warp, d, warpsPerCTA[d]);
  // Repeat the tile over what is left: more registers per thread.
  for (unsigned d : order)
    tile.fill(d);
  return tile.take();
}

/// Completes the layout of dot operand `opIdx` (0: a, K along dimension 1;
/// 1: b, K along 0) of a result whose warps are `warpsPerCTA`: the result's
/// warp bits along the operand's other dimension, those along the other
/// operand's broadcast, then repetitions along K and the other dimension.
/// `tilesPerWarp` (b only) is how many instruction tiles each warp of the
/// result covers along N before the next warp: the repetitions within it
/// come first along N.
static LinearLayout finishOperand(TileBuilder &tile, unsigned opIdx,
                                  llvm::ArrayRef<unsigned> warpsPerCTA,
                                  int64_t tilesPerWarp = 1) {
  unsigned kDim = opIdx == 0 ? 1 : 0, other = 1 - kDim;
  int64_t inWarp = 0;
  if (opIdx == 0) {
    tile.add(HwDim::Warp, other, warpsPerCTA[0]);
    tile.broadcast(HwDim::Warp, warpsPerCTA[1]);
  } else {
    tile.broadcast(HwDim::Warp, warpsPerCTA[0]);
    // Those tiles are taken in registers after K's repetitions, so that an
    // instruction's K steps stay next to each other.
    inWarp = tile.reserve(other, tilesPerWarp);
    tile.add(HwDim::Warp, other, warpsPerCTA[1]);
  }
  tile.fill(kDim);
  if (opIdx == 1)
    tile.addReserved(HwDim::Register, other, inWarp, tilesPerWarp);
  tile.fill(other);
  return tile.take();
}

LinearLayout LinearLayout::nvidiaMmaV2(llvm::ArrayRef<int64_t> shape,
                                       llvm::ArrayRef<unsigned> warpsPerCTA,
                                       unsigned instrN) {
  assert(shape.size() == 2 && warpsPerCTA.size() == 2 && "rank-2 mma only");
  TileBuilder tile(shape);
  // c0, c1: two columns; lanes: 4 along N, 8 along M; c2, c3: rows +8;
  // then the warp's tile along N to instrN columns.
  tile.add(HwDim::Register, 1, 2);
  tile.add(HwDim::Lane, 1, 4);
  tile.add(HwDim::Lane, 0, 8);
  tile.add(HwDim::Register, 0, 2);
  tile.add(HwDim::Register, 1, instrN / 8);
  tile.add(HwDim::Warp, 0, warpsPerCTA[0]);
  tile.add(HwDim::Warp, 1, warpsPerCTA[1]);
  tile.fill(1);
  tile.fill(0);
  return tile.take();
}

LinearLayout LinearLayout::nvidiaMmaV2Operand(
    llvm::ArrayRef<int64_t> shape, unsigned opIdx, unsigned kWidth,
    llvm::ArrayRef<unsigned> warpsPerCTA, unsigned instrN) {
  assert(shape.size() == 2 && warpsPerCTA.size() == 2 && "rank-2 mma only");
  unsigned kDim = opIdx == 0 ? 1 : 0, other = 1 - kDim;
  TileBuilder tile(shape);
  // One 32-bit register holds kWidth elements along K; lanes: 4 along K,
  // 8 along M (N). a: registers then go 8 rows down, then 8*kWidth along
  // K (a0..a3 in PTX's order); b: 8*kWidth along K (b0, b1).
  tile.add(HwDim::Register, kDim, kWidth);
  tile.add(HwDim::Lane, kDim, 4);
  tile.add(HwDim::Lane, other, 8);
  if (opIdx == 0)
    tile.add(HwDim::Register, other, 2);
  tile.add(HwDim::Register, kDim, 2);
  return finishOperand(tile, opIdx, warpsPerCTA, instrN / 8);
}

// The MFMA fragments follow AMD's "AMD Instinct MI300 (CDNA3) Instruction
// Set Architecture" guide (the dense matrix arithmetic instructions) and
// the register and matrix layouts its AMD Matrix Instruction Calculator
// (github.com/ROCm/amd_matrix_instruction_calculator) prints for wave64,
// the same on CDNA2 (gfx90a): for an m x n x K single-block instruction
// with g = 64 / m lane groups (m = n),
//   A[i][k]: lane i + m * (k / (K / g)), item k % (K / g);
//   B[k][j]: lane j + n * (k / (K / g)), item k % (K / g);
//   D[i][j]: lane j + n * ((i / 4) % g), item 4 * (i / (4 g)) + i % 4.
// This holds for every single-block type (f16, bf16_1k, i8, fp8, f32);
// only K / g, the operand items per lane, differs. LinearLayoutTest.cpp
// pins lanes of each.

LinearLayout LinearLayout::amdMfma(llvm::ArrayRef<int64_t> shape,
                                   llvm::ArrayRef<unsigned> instrShape,
                                   llvm::ArrayRef<unsigned> warpsPerCTA) {
  assert(shape.size() == 2 && warpsPerCTA.size() == 2 &&
         instrShape.size() == 2 && "rank-2 mfma only");
  unsigned m = instrShape[0], n = instrShape[1];
  TileBuilder tile(shape);
  // Items 0..3: four rows; lanes: n along N, then groups of 4 rows; the
  // remaining items (32x32: 4 groups of 4) go 4*g rows down each.
  tile.add(HwDim::Register, 0, 4);
  tile.add(HwDim::Lane, 1, n);
  tile.add(HwDim::Lane, 0, kMfmaWaveSize / n);
  tile.add(HwDim::Register, 0, m * n / kMfmaWaveSize / 4);
  tile.add(HwDim::Warp, 0, warpsPerCTA[0]);
  tile.add(HwDim::Warp, 1, warpsPerCTA[1]);
  tile.fill(1);
  tile.fill(0);
  return tile.take();
}

LinearLayout LinearLayout::amdMfmaOperand(
    llvm::ArrayRef<int64_t> shape, unsigned opIdx, unsigned kWidth,
    llvm::ArrayRef<unsigned> instrShape, llvm::ArrayRef<unsigned> warpsPerCTA) {
  assert(shape.size() == 2 && warpsPerCTA.size() == 2 &&
         instrShape.size() == 2 && "rank-2 mfma only");
  unsigned kDim = opIdx == 0 ? 1 : 0, other = 1 - kDim;
  unsigned nonK = instrShape[opIdx == 0 ? 0 : 1];
  TileBuilder tile(shape);
  // kWidth items along K; lanes: nonK rows of a (columns of b), then the
  // lane groups along K.
  tile.add(HwDim::Register, kDim, kWidth);
  tile.add(HwDim::Lane, other, nonK);
  tile.add(HwDim::Lane, kDim, kMfmaWaveSize / nonK);
  return finishOperand(tile, opIdx, warpsPerCTA);
}

LinearLayout LinearLayout::dropDim(const LinearLayout &parent, unsigned dim) {
  llvm::SmallVector<int64_t, 4> shape(parent.getShape());
  assert(dim < shape.size() && shape[dim] == 1 && "can only drop extent 1");
  shape.erase(shape.begin() + dim);
  LinearLayout layout(shape);
  for (HwDim hw : {HwDim::Register, HwDim::Lane, HwDim::Warp})
    for (const Basis &basis : parent.getBases(hw)) {
      Basis dropped(basis);
      dropped.erase(dropped.begin() + dim);
      // A register that held the same element at another place along `dim`
      // holds nothing new: keep one copy (lanes and warps stay, broadcast).
      if (hw == HwDim::Register &&
          llvm::all_of(dropped, [](int32_t c) { return c == 0; }))
        continue;
      layout.addBasis(hw, std::move(dropped));
    }
  return layout;
}

LinearLayout LinearLayout::spanInRegisters(const LinearLayout &base,
                                           unsigned dim, int64_t extent) {
  llvm::SmallVector<int64_t, 4> shape(base.getShape());
  assert(dim < shape.size() && shape[dim] == 1 && "can only span extent 1");
  shape[dim] = extent;
  LinearLayout layout(shape);
  for (int64_t i = 1; i < extent; i *= 2) {
    Basis basis(shape.size(), 0);
    basis[dim] = static_cast<int32_t>(i);
    layout.addBasis(HwDim::Register, std::move(basis));
  }
  for (const Basis &basis : base.getBases(HwDim::Register))
    if (llvm::any_of(basis, [](int32_t c) { return c != 0; }))
      layout.addBasis(HwDim::Register, basis);
  for (HwDim hw : {HwDim::Lane, HwDim::Warp})
    for (const Basis &basis : base.getBases(hw))
      layout.addBasis(hw, basis);
  return layout;
}

LinearLayout LinearLayout::reshape(const LinearLayout &layout,
                                   llvm::ArrayRef<int64_t> shape) {
  LinearLayout result(shape);
  for (HwDim hw : {HwDim::Register, HwDim::Lane, HwDim::Warp})
    for (const Basis &basis : layout.getBases(hw)) {
      int64_t linear = layout.rowMajorIndex(basis);
      Basis reshaped(shape.size(), 0);
      for (unsigned d = shape.size(); d-- > 0;) {
        reshaped[d] = static_cast<int32_t>(linear % shape[d]);
        linear /= shape[d];
      }
      result.addBasis(hw, std::move(reshaped));
    }
  return result;
}

uint64_t Gf2Map::apply(uint64_t x) const {
  uint64_t y = 0;
  for (auto [bit, column] : llvm::enumerate(columns))
    if (x >> bit & 1)
      y ^= column;
  return y;
}

llvm::SmallVector<uint64_t> Gf2Map::image() const {
  llvm::SmallVector<uint64_t> span = {0};
  for (uint64_t column : columns)
    if (!llvm::is_contained(span, column))
      for (unsigned i = 0, e = span.size(); i < e; ++i)
        span.push_back(span[i] ^ column);
  return span;
}

namespace {

/// Bit vectors over GF(2) in echelon form, each remembering which of the
/// vectors added it combines (bit k for the k-th added).
class Gf2Basis {
public:
  /// Adds `vector` as the next one; false (and nothing kept) where the ones
  /// before span it.
  bool add(uint64_t vector) {
    uint64_t combination = uint64_t(1) << added++;
    reduce(vector, combination);
    if (!vector)
      return false;
    rows.push_back({vector, combination});
    llvm::sort(rows,
               [](const Row &a, const Row &b) { return a.vector > b.vector; });
    return true;
  }

  /// Which added vectors XOR to `vector`, if they span it.
  std::optional<uint64_t> express(uint64_t vector) const {
    uint64_t combination = 0;
    reduce(vector, combination);
    if (vector)
      return std::nullopt;
    return combination;
  }

private:
  struct Row {
    uint64_t vector, combination;
  };

  /// Clears from `vector` each row's leading bit, highest first.
  void reduce(uint64_t &vector, uint64_t &combination) const {
    for (const Row &row : rows)
      if (vector >> llvm::Log2_64(row.vector) & 1) {
        vector ^= row.vector;
        combination ^= row.combination;
      }
  }

  llvm::SmallVector<Row> rows;
  unsigned added = 0;
};

} // namespace

std::optional<WarpShuffles>
mlir::tkc::gpu::getWarpShuffles(const LinearLayout &from,
                                const LinearLayout &to, unsigned maxChoices) {
  llvm::ArrayRef<int64_t> shape = from.getShape();
  if (to.getShape() != shape || !llvm::all_of(shape, llvm::isPowerOf2_64))
    return std::nullopt;
  auto bases = [&](const LinearLayout &layout, HwDim dim) {
    llvm::SmallVector<uint64_t> flat;
    for (const LinearLayout::Basis &basis : layout.getBases(dim))
      flat.push_back(layout.rowMajorIndex(basis));
    return flat;
  };
  llvm::SmallVector<uint64_t> fromRegs = bases(from, HwDim::Register);
  llvm::SmallVector<uint64_t> fromLanes = bases(from, HwDim::Lane);
  llvm::SmallVector<uint64_t> toBits = bases(to, HwDim::Register);
  unsigned nr = fromRegs.size(), nl = fromLanes.size();
  if (toBits.size() != nr || to.getBases(HwDim::Lane).size() != nl || nr > 8 ||
      bases(from, HwDim::Warp) != bases(to, HwDim::Warp))
    return std::nullopt;
  llvm::append_range(toBits, bases(to, HwDim::Lane));
  // The source's registers and lanes, independent, must span the result's.
  Gf2Basis source;
  for (uint64_t v : llvm::concat<uint64_t>(fromRegs, fromLanes))
    if (!source.add(v))
      return std::nullopt;
  uint64_t regMask = (uint64_t(1) << nr) - 1;
  Gf2Map a, b, c, e;
  for (auto [k, v] : llvm::enumerate(toBits)) {
    std::optional<uint64_t> m = source.express(v);
    if (!m)
      return std::nullopt;
    (k < nr ? a : b).columns.push_back(*m & regMask);
    (k < nr ? c : e).columns.push_back(*m >> nr);
  }
  // G, column by column, so that F = E + C G is invertible.
  WarpShuffles plan;
  Gf2Basis fSpan;
  for (unsigned j = 0; j < nl; ++j) {
    std::optional<uint64_t> chosen;
    for (uint64_t x = 0; x <= regMask && !chosen; ++x)
      if (Gf2Basis trial = fSpan; trial.add(e.columns[j] ^ c.apply(x)))
        chosen = x;
    if (!chosen)
      return std::nullopt;
    plan.keep.columns.push_back(*chosen);
    plan.read.columns.push_back(e.columns[j] ^ c.apply(*chosen));
    fSpan.add(plan.read.columns.back());
  }
  for (unsigned j = 0; j < nl; ++j) {
    uint64_t inverse = *fSpan.express(uint64_t(1) << j);
    plan.send.columns.push_back(a.apply(plan.keep.apply(inverse)) ^
                                b.apply(inverse));
  }
  if (plan.send.image().size() * plan.keep.image().size() > maxChoices)
    return std::nullopt;
  for (uint64_t i = 0; i <= regMask; ++i) {
    plan.sendFirst.push_back(a.apply(i) ^ plan.send.apply(c.apply(i)));
    plan.readXor.push_back(c.apply(i));
  }
  return plan;
}
