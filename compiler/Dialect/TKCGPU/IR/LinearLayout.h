//===- LinearLayout.h - Layouts as linear maps over index bits --*- C++ -*-===//
//
// A LinearLayout maps the hardware index of an element's holder (register
// within a thread, lane within a warp, warp within the block) to the
// element's coordinates in a tensor of power-of-two shape. It is linear over
// GF(2): each bit of each hardware index contributes one basis vector, and
// the coordinates of a holder are the XOR of the bases of its set bits.
// Every tkc_gpu layout encoding converts to one, so lowering and analyses
// deal with one representation; README.md explains the choice.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_DIALECT_TKCGPU_IR_LINEARLAYOUT_H
#define TKC_DIALECT_TKCGPU_IR_LINEARLAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace mlir::tkc::gpu {

/// The hardware index dimensions a layout maps from.
enum class HwDim : unsigned { Register = 0, Lane = 1, Warp = 2 };

/// A linear map from (register, lane, warp) bits to tensor coordinates.
class LinearLayout {
public:
  /// One coordinate per tensor dimension.
  using Basis = llvm::SmallVector<int32_t, 4>;

  /// An empty layout (one register, lane and warp, all at the origin) for
  /// a tensor of `shape`; every extent must be a power of two.
  explicit LinearLayout(llvm::ArrayRef<int64_t> shape);

  /// Appends the basis of the next bit of hardware dimension `dim`.
  void addBasis(HwDim dim, Basis basis);

  /// The bases of `dim`, lowest bit first.
  llvm::ArrayRef<Basis> getBases(HwDim dim) const {
    return bases[static_cast<unsigned>(dim)];
  }
  /// The size of `dim`: 2 to the number of its bases.
  unsigned getSize(HwDim dim) const { return 1u << getBases(dim).size(); }

  /// The bits of `dim`'s index whose bases are zero: the same element
  /// whatever they are (a broadcast over registers, lanes or warps).
  unsigned getFreeBits(HwDim dim) const;
  /// The tensor's shape.
  llvm::ArrayRef<int64_t> getShape() const { return shape; }
  /// Registers per thread.
  unsigned getNumRegisters() const { return getSize(HwDim::Register); }

  /// The coordinates of the element held by (`reg`, `lane`, `warp`).
  Basis apply(unsigned reg, unsigned lane, unsigned warp) const;

  /// The part of apply() contributed by `dim`'s index `index` alone.
  Basis applyDim(HwDim dim, unsigned index) const;

  /// How many leading registers of a thread hold consecutive elements along
  /// tensor dimension `dim` (a power of two, at least 1): the widest vector
  /// access a thread can make.
  unsigned getContiguousRegisters(unsigned dim) const;

  /// How many consecutive elements along `dim` one warp covers from each
  /// thread's first register: the contiguous registers, doubled by each
  /// leading lane bit that continues the run (a warp-wide access then
  /// touches runs of that many elements).
  unsigned getContiguousWarpElements(unsigned dim) const;

  /// How many leading registers (a power of two, at most `max`) hold
  /// consecutive elements along `dim` from a multiple of their count, in
  /// every thread and for every repeat of them: the widest aligned vector
  /// access a thread can make along `dim`. 1 when the other bases would
  /// break such runs.
  unsigned getAlignedRun(unsigned dim, unsigned max) const;

  /// The register bits whose bases step along `dim` by 1, 2, 4, ... (a run
  /// of at most `max` elements), wherever they lie among a thread's
  /// register bits, such that every other basis moves `dim` by whole runs:
  /// the registers that differ only in these bits make one aligned vector
  /// access along `dim` (getAlignedRun's where they are the lowest bits).
  /// Empty when no run of two elements or more exists.
  llvm::SmallVector<unsigned> getAlignedRunBits(unsigned dim,
                                                unsigned max) const;

  /// For each register of this layout, the register of `from` holding the
  /// same element in the same thread, where `project` maps this layout's
  /// coordinates to `from`'s (null: the identity). None when some element
  /// would have to move to another thread.
  std::optional<llvm::SmallVector<unsigned>>
  getRegisterMapFrom(const LinearLayout &from,
                     llvm::function_ref<Basis(Basis)> project = nullptr) const;

  /// The register bits whose bases are the top `k` bits of dimension 0,
  /// one each, the j-th of the result the basis (extent >> k) << j, where
  /// no other basis of any hardware dimension touches those bits: the
  /// registers then split the tensor into 2^k slabs along dimension 0 that
  /// each thread holds the same part of. None if it does not so split.
  std::optional<llvm::SmallVector<unsigned>>
  getTopRegisterBits(unsigned k) const;

  /// This layout without the register bits `bits` (getTopRegisterBits()),
  /// over one slab: dimension 0 divided by 2^bits.size().
  LinearLayout withoutTopRegisterBits(llvm::ArrayRef<unsigned> bits) const;

  /// Whether every element of the tensor is held by some holder.
  bool isSurjective() const;

  /// The row-major index of the element at `coords` in the tensor's shape
  /// (a basis' index: its XOR with others' is theirs combined, the shape
  /// being powers of two).
  int64_t rowMajorIndex(const Basis &coords) const;

  bool operator==(const LinearLayout &other) const {
    return shape == other.shape && bases == other.bases;
  }
  bool operator!=(const LinearLayout &other) const { return !(*this == other); }

  /// A readable form, e.g. `register=[[1],[2]] lane=[[4],...] warp=[...]`.
  std::string str() const;

  /// The layout of a blocked encoding (see TKCGPUAttrs.td) over `shape`.
  static LinearLayout blocked(llvm::ArrayRef<int64_t> shape,
                              llvm::ArrayRef<unsigned> sizePerThread,
                              llvm::ArrayRef<unsigned> threadsPerWarp,
                              llvm::ArrayRef<unsigned> warpsPerCTA,
                              llvm::ArrayRef<unsigned> order);

  /// The accumulator layout of NVIDIA's `mma.sync` m16n8 instructions
  /// (version 2) over a rank-2 `shape` [M, N]: each warp computes 16x8
  /// tiles, in which lane `l` holds rows l/4 and l/4+8, columns 2(l%4) and
  /// 2(l%4)+1; a warp's tiles repeat in registers along N to `instrN`
  /// columns; `warpsPerCTA` [wm, wn] warps tile M then N; further
  /// registers repeat the block's tile along N, then M.
  static LinearLayout nvidiaMmaV2(llvm::ArrayRef<int64_t> shape,
                                  llvm::ArrayRef<unsigned> warpsPerCTA,
                                  unsigned instrN = 8);

  /// The layout of operand `opIdx` (0: a [M, K], 1: b [K, N]) of an
  /// `mma.sync` whose result has layout nvidiaMmaV2(.., `warpsPerCTA`),
  /// with `kWidth` elements along K in each 32-bit register (2 for 16-bit
  /// types, 4 for 8-bit, 1 for tf32): the instruction's fragment registers
  /// first, in its operand order, then repeats along K, then along M (N).
  /// Warps that differ only along the other operand's dimension hold the
  /// same elements. b's repeats along N within a warp's `instrN` columns
  /// come before those past them.
  static LinearLayout nvidiaMmaV2Operand(llvm::ArrayRef<int64_t> shape,
                                         unsigned opIdx, unsigned kWidth,
                                         llvm::ArrayRef<unsigned> warpsPerCTA,
                                         unsigned instrN = 8);

  /// The lanes of the wave that AMD's MFMA instructions run on.
  static constexpr unsigned kMfmaWaveSize = 64;

  /// The accumulator layout of AMD's single-block MFMA instructions
  /// (CDNA2/CDNA3, wave64) over a rank-2 `shape` [M, N], for an
  /// `instrShape` of [32, 32] or [16, 16]: in each block lane `l` holds
  /// column l%n; registers 0..3 hold 4 consecutive rows starting at
  /// 4*(l/n); for 32x32 registers 4..15 repeat that 8, 16 and 24 rows
  /// down. `warpsPerCTA` [wm, wn] warps tile M then N; further registers
  /// repeat the block's tile along N, then M.
  static LinearLayout amdMfma(llvm::ArrayRef<int64_t> shape,
                              llvm::ArrayRef<unsigned> instrShape,
                              llvm::ArrayRef<unsigned> warpsPerCTA);

  /// The layout of operand `opIdx` (0: a [M, K], 1: b [K, N]) of an MFMA
  /// whose result has layout amdMfma(.., `instrShape`, `warpsPerCTA`), with
  /// `kWidth` consecutive elements along K per lane and instruction: lane
  /// `l` holds row (a) or column (b) l % 32 (16 for 16x16), K elements
  /// kWidth*(l/32) (l/16) onwards; then registers repeat along K, then M
  /// (N). Warps that differ only along the other operand's dimension hold
  /// the same elements.
  static LinearLayout amdMfmaOperand(llvm::ArrayRef<int64_t> shape,
                                     unsigned opIdx, unsigned kWidth,
                                     llvm::ArrayRef<unsigned> instrShape,
                                     llvm::ArrayRef<unsigned> warpsPerCTA);

  /// `base` (built for a shape with extent 1 at `dim`) for extent `extent`
  /// at `dim`, every thread holding all of it: new first registers run
  /// along `dim`, followed by `base`'s registers that move (zero register
  /// bases are dropped); lanes and warps are `base`'s.
  static LinearLayout spanInRegisters(const LinearLayout &base, unsigned dim,
                                      int64_t extent);

  /// `layout` for a tensor of `shape` with the same elements in the same
  /// row-major order (tkc.reshape): every basis is flattened in the old
  /// shape and unflattened in the new one, which is linear because both
  /// shapes are powers of two. The element counts must agree.
  static LinearLayout reshape(const LinearLayout &layout,
                              llvm::ArrayRef<int64_t> shape);

  /// `parent` (a layout of rank r+1) with coordinate `dim` removed, and the
  /// register bits that then move no coordinate dropped (a thread holds
  /// each of its elements once, as in Triton's slice layouts). The parent
  /// must have been built for a shape with extent 1 at `dim`.
  static LinearLayout dropDim(const LinearLayout &parent, unsigned dim);

private:
  llvm::SmallVector<int64_t, 4> shape;
  std::array<llvm::SmallVector<Basis, 8>, 3> bases;
};

/// A linear map over GF(2) of bit vectors, by the image of each input bit.
struct Gf2Map {
  llvm::SmallVector<uint64_t> columns;
  /// The image of `x`.
  uint64_t apply(uint64_t x) const;
  /// The span of the columns, each element once, 0 first.
  llvm::SmallVector<uint64_t> image() const;
};

/// How a conversion between two layouts that keep each element in its warp
/// moves the elements with one shuffle per register (see
/// getWarpShuffles): in round i, each lane sends its register
/// `sendFirst[i] ^ send(lane)`, reads the lane `readXor[i] ^ read(lane)`,
/// and keeps what it read as its register `i ^ keep(lane)`.
struct WarpShuffles {
  Gf2Map send, read, keep;
  llvm::SmallVector<uint64_t> sendFirst, readXor;
};

/// The shuffles that convert `from` to `to` (of one shape), where both put
/// each element in the same warp, every register and lane of either holds a
/// distinct element, and the registers a lane chooses among, times the
/// rounds a register may come from, are at most `maxChoices`; none
/// otherwise. With M the map from a result register r and lane l to the
/// source register A r + B l of lane C r + E l, round i delivers result
/// register i + G l (G making F = E + C G invertible): lane l reads lane
/// C i + F l, which sends its register A i + H (l' + C i) for its own index
/// l' (H = (A G + B) F^-1).
std::optional<WarpShuffles> getWarpShuffles(const LinearLayout &from,
                                            const LinearLayout &to,
                                            unsigned maxChoices);

} // namespace mlir::tkc::gpu

#endif // TKC_DIALECT_TKCGPU_IR_LINEARLAYOUT_H
