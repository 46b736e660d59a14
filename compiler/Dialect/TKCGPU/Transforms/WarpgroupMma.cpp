//===- WarpgroupMma.cpp - Dots that read shared memory directly -----------===//
//
// Implements tkc-gpu-warpgroup-mma: on targets with warpgroup matrix
// multiplies (Hopper's wgmma), a tkc.dot of a warpgroup layout becomes a
// tkc_gpu.warpgroup_dot, which reads its operands from shared memory:
// - an operand that is a whole tile read only for dots
//   (tkc_gpu.local_load, as tkc-gpu-pipeline leaves a matmul's or
//   attention's K loop) is read where the tile lies, through a transposed
//   view (tkc_gpu.trans_tile) where the dot takes the tile transposed
//   (attention's backward reads qT both ways); an 8-bit or tf32 tile that
//   lies along M or N, which the instruction cannot read, is read again
//   into registers and stored into a tile along K, in the layout whose
//   reads and stores take the fewest instructions and bank wavefronts (an
//   fp8 A @ B with B row-major: Triton stores B's loaded tile a byte at a
//   time);
// - an A operand computed in the accumulator layout (attention's P) stays
//   in registers, and so does one converted once for a loop while the loop
//   holds few enough registers with it, and a tf32 or 8-bit one computed
//   with its registers running along M (the instruction reads those tiles
//   only K-major, and each store would write one element of a row: bank
//   conflicts);
// - any other operand (one loaded or computed in another layout, which
//   mma.sync would reach through shared memory and matrix loads too) is
//   stored into a tile (tkc_gpu.local_alloc with an initial value) right
//   where the value it converts is made, rows along the dimension its
//   layout holds contiguously, and before the earlier dots that read
//   stored tiles where shared memory has room (one barrier then covers
//   both dots' stores); dots of the same value share the tile (the Q of
//   an attention's two loops, one for the diagonal blocks), and a
//   transposed value is its source's tile seen transposed (MLA's paged
//   tile, multiplied as K^T and as V, is stored once).
//
// A loop's last warpgroup_dot whose result only the next iteration uses
// keeps running while the next iteration starts: it waits only for the
// multiplies before it (pending = 1), the copies into the tiles the
// previous iteration read move after it, the next iteration waits for it
// (tkc_gpu.warpgroup_wait) before it reads the accumulator other than by
// accumulating onto it (after an earlier warpgroup_dot, whose wait covers
// it: attention's P @ V runs on through the next Q @ K^T), and a
// tkc_gpu.warpgroup_wait after the loop waits for the last one; fp16
// accumulators (out_dtype=tl.float16, for fp16 operands only) are waited
// for at once.
//
// A K loop whose only warpgroup_dot multiplies fp16 or bf16 tiles of
// stacks three deep or more in a program of one warpgroup marks the module
// with the programs per SM worth running (TKCGPUDialect::kMaxPrograms),
// which the driver enforces.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h"
#include "compiler/Target/TargetBackend.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlir::tkc::gpu {
#define GEN_PASS_DEF_TKCGPUWARPGROUPMMA
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h.inc"
} // namespace mlir::tkc::gpu

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// Whether every use of `value` ends in a dot: directly, or through layout
/// conversions and transpositions.
bool onlyFeedsDots(Value value) {
  return llvm::all_of(value.getUsers(), [](Operation *user) {
    if (isa<DotOp>(user))
      return true;
    return isa<ConvertLayoutOp, TransOp>(user) &&
           onlyFeedsDots(user->getResult(0));
  });
}

/// The whole-tile local_load that `value` comes from, through a layout
/// conversion and a transposition (`transposed`), where every use of the
/// load ends in a dot (a pipelined loop's tile, read for one dot and,
/// transposed, for another: attention's backward); or null.
LocalLoadOp tileRead(Value value, bool &transposed) {
  transposed = false;
  if (auto convert = value.getDefiningOp<ConvertLayoutOp>())
    value = convert.getSrc();
  if (auto trans = value.getDefiningOp<TransOp>()) {
    value = trans.getSrc();
    transposed = true;
  }
  auto load = value.getDefiningOp<LocalLoadOp>();
  return load && onlyFeedsDots(load.getResult()) ? load : nullptr;
}

/// Whether `tile` is stored in swizzle atoms a warpgroup multiply reads:
/// swizzled, rows of whole 16-byte chunks, at least two, and for elements
/// other than 16-bit ones (tf32, fp8: the instruction cannot transpose
/// them) along K, dimension `kDim`.
bool hasAtoms(SharedBufferType tile, unsigned kDim) {
  unsigned fast = tile.getOrder().front();
  Type elem = tile.getElementType();
  return tile.getSwizzled() &&
         tile.getTileShape()[fast] % (2 * getChunkElements(elem)) == 0 &&
         (elem.getIntOrFloatBitWidth() == 16 || fast == kDim);
}

/// The shared-memory tile a value of `type` (its shape, elements and
/// layout) is stored into for a warpgroup multiply reading K along `kDim`:
/// rows along the dimension the layout holds in the longer runs of
/// registers (stores of up to 16 bytes), or along the other where that
/// order has no swizzle atoms (hasAtoms: 8-bit and tf32 tiles only
/// K-major; `across` is then set where the layout's runs are longer than
/// one element: each store writes one element of a row, the lanes' rows in
/// the same banks); none if neither has them.
std::optional<SharedBufferType> storedTileType(RankedTensorType type,
                                               unsigned kDim, bool &across) {
  Type elem = type.getElementType();
  int64_t chunk = getChunkElements(elem);
  LinearLayout layout = getLinearLayout(type);
  unsigned fast =
      layout.getAlignedRun(1 - kDim, chunk) > layout.getAlignedRun(kDim, chunk)
          ? 1 - kDim
          : kDim;
  SmallVector<unsigned> orders[] = {{fast, 1 - fast}, {1 - fast, fast}};
  for (ArrayRef<unsigned> order : orders) {
    auto tile =
        SharedBufferType::get(type.getContext(), type.getShape(), elem, order);
    if (!hasAtoms(tile, kDim))
      continue;
    across = order.front() != fast && layout.getAlignedRun(fast, chunk) > 1;
    return tile;
  }
  return std::nullopt;
}

/// How `tile` is laid out in shared memory (TileSwizzle; not interleaved,
/// as on targets with warpgroup multiplies).
TileSwizzle swizzleOf(SharedBufferType tile) {
  return TileSwizzle(tile.getTileShape(), tile.getOrder().front(),
                     tile.getElementType(), tile.getSwizzled(),
                     /*interleaved=*/false);
}

/// The most distinct words that one bank holds among the accesses of
/// `accessBytes` each that lanes [`first`, `first` + `count`) of `layout`
/// make at their register `reg` in a tile laid out as `swizzle`: the
/// wavefronts those accesses take together.
int64_t bankWays(const LinearLayout &layout, const TileSwizzle &swizzle,
                 unsigned reg, unsigned first, unsigned count,
                 int64_t accessBytes) {
  llvm::SmallDenseMap<int64_t, llvm::SmallDenseSet<int64_t, 4>, 32> banks;
  for (unsigned lane = first; lane < first + count; ++lane) {
    LinearLayout::Basis at = layout.apply(reg, lane, 0);
    int64_t byte =
        swizzle.offset(at[1 - swizzle.fast], at[swizzle.fast]) * swizzle.bytes;
    for (int64_t word = byte / 4; word <= (byte + accessBytes - 1) / 4; ++word)
      banks[word % 32].insert(word);
  }
  int64_t ways = 1;
  for (auto &bank : banks)
    ways = std::max<int64_t>(ways, bank.second.size());
  return ways;
}

/// The most lanes of a warp whose stores of one register of `type` (its
/// layout) into `tile` fall in one bank at different words.
int64_t storeConflictWays(RankedTensorType type, SharedBufferType tile) {
  LinearLayout layout = getLinearLayout(type);
  TileSwizzle swizzle = swizzleOf(tile);
  int64_t worst = 1;
  for (unsigned reg = 0; reg < layout.getNumRegisters(); ++reg)
    worst =
        std::max(worst, bankWays(layout, swizzle, reg, 0,
                                 layout.getSize(HwDim::Lane), swizzle.bytes));
  return worst;
}

/// What one warp's reads or writes of all of a thread's registers of
/// `layout` in `tile` cost the shared-memory pipe: the instructions plus
/// their wavefronts. Each aligned run of registers along the tile's rows is
/// one access of up to 16 bytes, which the hardware serves 128 bytes of
/// lanes at a time (all 32 lanes of 4-byte accesses, halves of 8-byte
/// ones, quarters of 16-byte ones), each such part in as many wavefronts as
/// the most distinct words one bank holds for it (bankWays).
int64_t sharedAccessCost(const LinearLayout &layout, SharedBufferType tile) {
  TileSwizzle swizzle = swizzleOf(tile);
  SmallVector<unsigned> run = layout.getAlignedRunBits(
      swizzle.fast, getChunkElements(tile.getElementType()));
  unsigned runMask = 0;
  for (unsigned bit : run)
    runMask |= 1u << bit;
  int64_t accessBytes = swizzle.bytes << run.size();
  unsigned lanes = layout.getSize(HwDim::Lane);
  unsigned perPart =
      std::min<unsigned>(lanes, std::max<int64_t>(1, 128 / accessBytes));
  int64_t total = 0;
  for (unsigned reg = 0; reg < layout.getNumRegisters(); ++reg) {
    if (reg & runMask)
      continue;
    ++total;
    for (unsigned first = 0; first < lanes; first += perPart)
      total += bankWays(layout, swizzle, reg, first, perPart, accessBytes);
  }
  return total;
}

/// The layout in which `numWarps` warps best read tile `from` into
/// registers to store it into `to`, the same elements with rows along the
/// other dimension (an 8-bit or tf32 tile loaded along M or N, which a
/// warpgroup multiply reads only K-major): each thread holds a block of up
/// to 16 bytes along each dimension, read and written in vectors, and the
/// block's shape and the arrangement of the lanes and warps, of a few, are
/// those whose reads and writes take the fewest wavefronts
/// (sharedAccessCost). Lanes that step along both dimensions at once spread
/// both accesses over the banks of the two swizzles (a 128x128 fp8 tile on
/// 4 warps, each thread a block of 8 rows of 16 bytes: 64 wavefronts per
/// warp, against 288 with its lanes along the rows read). None where the
/// tile has fewer elements than threads.
std::optional<LinearLayout> transposingLayout(SharedBufferType from,
                                              SharedBufferType to,
                                              unsigned numWarps) {
  ArrayRef<int64_t> shape = from.getTileShape();
  unsigned f = from.getOrder().front(), t = 1 - f;
  int64_t chunk = getChunkElements(from.getElementType());
  int64_t perThread = shape[0] * shape[1] / (32 * int64_t(numWarps));
  if (perThread < 1 || !llvm::isPowerOf2_64(numWarps))
    return std::nullopt;
  unsigned warpBits = llvm::Log2_32(numWarps);
  auto step = [&](unsigned dim, int64_t by) {
    LinearLayout::Basis basis(2, 0);
    basis[dim] = by;
    return basis;
  };
  std::optional<LinearLayout> best;
  int64_t bestCost = 0;
  for (int64_t alongF = std::min({chunk, shape[f], perThread}); alongF >= 1;
       alongF /= 2) {
    int64_t alongT = std::min({chunk, shape[t], perThread / alongF});
    // The bits of each dimension past a thread's block, lowest first.
    SmallVector<LinearLayout::Basis> restF, restT;
    for (int64_t by = alongF; by < shape[f]; by *= 2)
      restF.push_back(step(f, by));
    for (int64_t by = alongT; by < shape[t]; by *= 2)
      restT.push_back(step(t, by));
    if (restF.size() + restT.size() < 5 + warpBits)
      continue;
    size_t most = std::min<size_t>({5, restF.size(), restT.size()});
    for (size_t diagonals = 0; diagonals <= most; ++diagonals) {
      // The first `diagonals` lane bits step along both dimensions. The
      // other lane bits, then the warps and any further registers, take the
      // bits left: each dimension's past the paired ones, and the paired
      // ones of one dimension, the three groups in any order.
      SmallVector<LinearLayout::Basis> paired;
      for (size_t i = 0; i < diagonals; ++i)
        paired.push_back(
            {restF[i][0] + restT[i][0], restF[i][1] + restT[i][1]});
      ArrayRef<LinearLayout::Basis> unpairedF =
          ArrayRef(restF).drop_front(diagonals);
      ArrayRef<LinearLayout::Basis> unpairedT =
          ArrayRef(restT).drop_front(diagonals);
      for (ArrayRef<LinearLayout::Basis> pairedOwn :
           {ArrayRef(restF).take_front(diagonals),
            ArrayRef(restT).take_front(diagonals)}) {
        std::array<ArrayRef<LinearLayout::Basis>, 3> groups = {
            unpairedF, unpairedT, pairedOwn};
        std::array<unsigned, 3> perm = {0, 1, 2};
        do {
          SmallVector<LinearLayout::Basis> order(paired);
          for (unsigned g : perm)
            order.append(groups[g].begin(), groups[g].end());
          LinearLayout layout(shape);
          for (int64_t by = 1; by < alongF; by *= 2)
            layout.addBasis(HwDim::Register, step(f, by));
          for (int64_t by = 1; by < alongT; by *= 2)
            layout.addBasis(HwDim::Register, step(t, by));
          for (auto [i, basis] : llvm::enumerate(order))
            layout.addBasis(i < 5              ? HwDim::Lane
                            : i < 5 + warpBits ? HwDim::Warp
                                               : HwDim::Register,
                            basis);
          int64_t cost =
              sharedAccessCost(layout, from) + sharedAccessCost(layout, to);
          if (!best || cost < bestCost) {
            best = layout;
            bestCost = cost;
          }
        } while (std::next_permutation(perm.begin(), perm.end()));
        if (!diagonals)
          break;
      }
    }
  }
  return best;
}

/// Whether `value` is a load's result, through transpositions and layout
/// conversions.
bool isLoaded(Value value) {
  while (isa_and_nonnull<TransOp, ConvertLayoutOp>(value.getDefiningOp()))
    value = value.getDefiningOp()->getOperand(0);
  return isa_and_nonnull<LoadOp, LocalLoadOp>(value.getDefiningOp());
}

/// Where a warpgroup multiply takes one operand from.
struct OperandPlan {
  /// A whole-tile read to look through, its tile seen transposed or not.
  LocalLoadOp read;
  bool transposed = false;
  /// Or a value to store into a new tile of this type (seen transposed
  /// where `transposed`: the operand is the value transposed).
  Value stored;
  SharedBufferType tile;
  /// Or, with `read`, the layout in which the tile read is read again, to
  /// be stored into `tile`, rows along K (transposingLayout).
  Attribute reread;
  /// Or neither: the operand stays in registers (A only).
};

/// The most registers per thread an A operand converted once for a loop
/// keeps: in registers, the loop's multiplies read only B from shared
/// memory (attention's Q: measured faster than reading it from its tile
/// in every iteration); larger ones go to shared memory, where they take
/// no registers.
constexpr int64_t kMaxLoopInvariantRegisters = 32;

/// The most registers per thread a loop may hold in its carried tensors,
/// its dots' results and the A operands kept in registers for it: beyond
/// it, keeping one more A operand in registers only makes the loop spill
/// (attention's backward: dK and dV carried, K and V invariant).
constexpr int64_t kMaxLoopHeldRegisters = 192;

/// The fewest lanes meeting in one bank of a tile's store (storeConflictWays)
/// for which a computed A is converted to registers rather than stored
/// across its runs.
constexpr int64_t kMinConflictWays = 4;

/// The most programs per SM worth running for a kernel whose K loop is one
/// warpgroup's multiply of 16-bit floats (capsPrograms). Two such programs
/// ran faster than the three or four their registers and tiles fit, on
/// the H100 (4096^3, ratios to Triton's JIT): tutorial 03's matmul at
/// 128x128x32 0.940 -> 0.995 (three programs before), 64x128x32 1.010 ->
/// 1.11 and 128x64x32 1.003 -> 1.118 (four), FlagGems' mm at 64x128x64
/// 0.961 -> 1.04 (three), each on 4 warps; three of the 64x128 and 128x64
/// ones 1.05-1.10, 128x32x32 1.012 -> 1.056. FLA's tf32 matmul (fp32
/// operands) lost 1.5% with two.
constexpr int64_t kKLoopPrograms = 2;

/// The fewest tiles in the stack a K loop's multiply reads from for
/// capsPrograms to take it. With two, each program has one copy in flight
/// while it multiplies, and the third program its registers fit hides the
/// copies better: FlagGems' bmm (128x128x32 tiles, 4 warps, 2 stages) ran at
/// 0.80 of Triton with two programs per SM, 0.96-0.97 with three (0.807
/// against 0.673 ms on the H100). The kernels the cap was measured on had
/// three or four.
constexpr int64_t kMinKLoopStages = 3;

/// The fewest iterations, where the compiler knows them, of a loop that
/// capsPrograms takes for a matmul's K loop: FLA's K @ K^T over a head
/// dimension of 128 in two steps of 64, a short loop before a long
/// epilogue, ran at 0.82 of Triton with two programs per SM (1.005 with
/// the four its registers and tiles fit).
constexpr int64_t kMinKLoopIterations = 8;

/// The registers per thread that `type` takes in `numWarps` warps.
int64_t registersPerThread(Type type, unsigned numWarps) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return 0;
  int64_t bytes =
      tensor.getNumElements() * getStorageBytes(tensor.getElementType());
  return llvm::divideCeil(bytes, 4 * 32 * numWarps);
}

/// The tiles in the buffer that `operand` of a warpgroup multiply lies in
/// (getViewedBuffer); 0 for an operand in registers.
int64_t stackTiles(Value operand) {
  auto buffer = dyn_cast<SharedBufferType>(getViewedBuffer(operand).getType());
  return buffer ? buffer.getNumTiles() : 0;
}

/// Whether `dot` is the only warpgroup multiply of its loop (a matmul's K
/// loop: its iterations unknown, or at least kMinKLoopIterations), of fp16
/// or bf16 operands read from stacks of at least kMinKLoopStages tiles, in a
/// program of one warpgroup: such a kernel runs at most kKLoopPrograms
/// programs per SM.
bool capsPrograms(WarpgroupDotOp dot, unsigned numWarps) {
  auto loop = dyn_cast<scf::ForOp>(dot->getParentOp());
  Type operand = dot.getB().getType().getElementType();
  if (numWarps != 4 || !loop ||
      !llvm::hasSingleElement(loop.getBody()->getOps<WarpgroupDotOp>()) ||
      !(operand.isF16() || operand.isBF16()) ||
      std::max(stackTiles(dot.getA()), stackTiles(dot.getB())) <
          kMinKLoopStages)
    return false;
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound()),
                         upper = getConstantIntValue(loop.getUpperBound()),
                         step = getConstantIntValue(loop.getStep());
  return !lower || !upper || !step || *step <= 0 ||
         llvm::divideCeil(*upper - *lower, *step) >= kMinKLoopIterations;
}

/// The registers per thread `loop` holds in any case: its carried tensors
/// and the results of its dots that it does not carry.
int64_t heldRegisters(LoopLikeOpInterface loop, unsigned numWarps) {
  int64_t registers = 0;
  for (Value arg : loop.getRegionIterArgs())
    registers += registersPerThread(arg.getType(), numWarps);
  // Dots rewritten already count as those not yet.
  loop->walk([&](Operation *dot) {
    if (!isa<DotOp, WarpgroupDotOp>(dot))
      return;
    bool carried = llvm::any_of(dot->getUsers(), [&](Operation *user) {
      return user->hasTrait<OpTrait::IsTerminator>() &&
             user->getParentOp() == loop.getOperation();
    });
    if (!carried)
      registers += registersPerThread(dot->getResult(0).getType(), numWarps);
  });
  return registers;
}

/// How `dot`'s operand `operand` (K along `kDim`: 1 for A, which may stay
/// in registers of `mma`'s dot operand layout) reaches a warpgroup
/// multiply; none if it cannot.
std::optional<OperandPlan>
planOperand(DotOp dot, Value operand, unsigned kDim, NvidiaMmaEncodingAttr mma,
            unsigned numWarps,
            llvm::function_ref<bool(DotOp, Value)> keepsInvariantA) {
  bool transposed;
  if (LocalLoadOp read = tileRead(operand, transposed)) {
    SharedBufferType tile = read.getTile().getType();
    if (hasAtoms(transposed ? TransTileOp::getTransposedType(tile) : tile,
                 kDim))
      return OperandPlan{read, transposed, Value(), SharedBufferType()};
    // A tile read only for this dot, as it lies, but without atoms for K
    // here (8-bit or tf32 elements along M or N): read again in a layout
    // that stores it into a tile along K, or else mma.sync. Other reads
    // store the value into a tile that has them.
    if (operand.getDefiningOp() == read && read->hasOneUse()) {
      auto kMajor =
          SharedBufferType::get(dot.getContext(), tile.getTileShape(),
                                tile.getElementType(), {kDim, 1 - kDim});
      std::optional<LinearLayout> layout;
      if (hasAtoms(kMajor, kDim))
        layout = transposingLayout(tile, kMajor, numWarps);
      if (!layout)
        return std::nullopt;
      OperandPlan plan{read, false, Value(), kMajor};
      plan.reread = LinearEncodingAttr::get(dot.getContext(), *layout);
      return plan;
    }
  }
  auto type = cast<RankedTensorType>(operand.getType());
  // The value the operand converts, if a conversion made it.
  Value source = operand;
  if (auto convert = operand.getDefiningOp<ConvertLayoutOp>())
    source = convert.getSrc();
  auto sourceType = cast<RankedTensorType>(source.getType());
  // A computed in registers, or converted to them once for the loop: the
  // instruction takes mma.sync's A fragments, one 32-bit word of elements
  // per register.
  auto layout = dyn_cast<DotOperandEncodingAttr>(type.getEncoding());
  if (kDim == 1 && layout && layout.getParent() == mma &&
      holdsWordPerRegister(layout, type.getElementType()) &&
      (source == operand ||
       isa<NvidiaMmaEncodingAttr>(sourceType.getEncoding()) ||
       keepsInvariantA(dot, operand)))
    return OperandPlan();
  bool across = false;
  std::optional<SharedBufferType> tile =
      storedTileType(sourceType, kDim, across);
  if (!tile)
    return std::nullopt;
  // An A computed in registers that would be stored across its runs with
  // lanes meeting in banks (a tf32 A computed from a transposed load:
  // lightning attention's decayed keys, 16-way conflicts on each of 64
  // stores per thread) is converted to registers instead, through a scratch
  // written in the value's own order, as Triton keeps it. One loaded as it
  // is (a transposed load alone) is stored, once, and so is one whose lanes
  // spread over the banks (a transposed accumulator: two elements of a row
  // per thread, the lanes along K).
  if (kDim == 1 && across && layout && layout.getParent() == mma &&
      holdsWordPerRegister(layout, type.getElementType()) &&
      !isLoaded(source) &&
      storeConflictWays(sourceType, *tile) >= kMinConflictWays)
    return OperandPlan();
  // A transposed value's tile is its source's tile seen transposed: a value
  // multiplied both as it is and transposed (FlagGems' flash MLA reads one
  // paged tile as K^T and as V) is stored once.
  if (auto trans = source.getDefiningOp<TransOp>();
      trans && trans.getOrder() == ArrayRef<int32_t>{1, 0})
    return OperandPlan{nullptr, true, trans.getSrc(),
                       TransTileOp::getTransposedType(*tile)};
  return OperandPlan{nullptr, false, source, *tile};
}

/// Lets `dot` run on while its loop's next iteration starts, if it is the
/// loop body's last warpgroup_dot and its result is only carried to the
/// next iteration: there, the carried accumulator is either only
/// accumulated onto by `dot` again (a matmul's K loop), or first used after
/// an earlier warpgroup_dot of the body, whose wait for its own multiplies
/// covers this one's (attention's P @ V runs on until the next Q @ K^T is
/// done; the scaling of the accumulator waits for it).
void overlapWithNextIteration(WarpgroupDotOp dot) {
  auto loop = dyn_cast<scf::ForOp>(dot->getParentOp());
  // fp16 accumulators travel between the multiplies as pairs in 32-bit
  // registers, and as single values between ops: carried to the next
  // iteration still in flight, they would be taken apart before the wait.
  if (!loop || dot.getType().getElementType().isF16())
    return;
  Block *body = loop.getBody();
  auto dots = llvm::to_vector(body->getOps<WarpgroupDotOp>());
  if (dots.back() != dot || !dot->hasOneUse())
    return;
  OpOperand &use = *dot->getUses().begin();
  if (use.getOwner() != body->getTerminator())
    return;
  unsigned index = use.getOperandNumber();
  BlockArgument acc = loop.getRegionIterArgs()[index];
  // The accumulator's first reader in the body (none where `dot` only
  // accumulates onto it, or nothing reads it) waits for `dot`, after an
  // earlier warpgroup_dot.
  Operation *firstUse = nullptr;
  if (!acc.hasOneUse() || dot.getC() != acc) {
    WarpgroupDotOp first = dots.front();
    if (first == dot)
      return;
    for (Operation *user : acc.getUsers()) {
      Operation *inBody = body->findAncestorOpInBlock(*user);
      if (!firstUse || inBody->isBeforeInBlock(firstUse))
        firstUse = inBody;
    }
    if (firstUse && !first->isBeforeInBlock(firstUse))
      return;
  }
  // Its wait (for the multiplies before it, then a barrier) frees the tiles
  // the previous iteration read, which this one's copies refill: those after
  // any loop before it (whose copies before it are that loop's own).
  SmallVector<Operation *> copies;
  for (Operation &op : body->without_terminator()) {
    if (&op == dot.getOperation())
      break;
    if (isa<LoopLikeOpInterface>(op))
      copies.clear();
    if (isa<AsyncCopyOp, AsyncCommitOp, BarrierExpectOp, TensorCopyOp>(op))
      copies.push_back(&op);
  }
  Operation *after = dot;
  for (Operation *op : copies) {
    op->moveAfter(after);
    after = op;
  }
  dot.setPending(1);
  OpBuilder b(loop->getContext());
  if (firstUse) {
    b.setInsertionPoint(firstUse);
    auto ready = WarpgroupWaitOp::create(b, loop.getLoc(), acc.getType(), acc);
    acc.replaceAllUsesExcept(ready.getResult(), ready);
  }
  b.setInsertionPointAfter(loop);
  Value result = loop.getResult(index);
  auto wait =
      WarpgroupWaitOp::create(b, loop.getLoc(), result.getType(), result);
  result.replaceAllUsesExcept(wait.getResult(), wait);
}

struct WarpgroupMmaPass
    : public gpu::impl::TKCGPUWarpgroupMmaBase<WarpgroupMmaPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::unique_ptr<::tkc::TargetInfo> info =
        ::tkc::createTargetInfoOrReport(target, module);
    if (!info)
      return signalPassFailure();
    if (!info->hasWarpgroupMma())
      return;
    unsigned numWarps = getModuleUInt(module, TKCGPUDialect::kNumWarps);
    SmallVector<DotOp> dots;
    module.walk([&](DotOp dot) { dots.push_back(dot); });
    // Only dots whose tiles the pipeliner fills run on into the next
    // iteration; that needs all the loop's warpgroup_dots in place first.
    SmallVector<WarpgroupDotOp> pipelined;
    DominanceInfo dominance(module);
    storedTiles.clear();
    keptA.clear();
    favorOccupancy = module->hasAttr(TKCGPUDialect::kFavorOccupancy);
    maxSharedBytes = info->getMaxSharedBytes();
    for (DotOp dot : dots) {
      bool readsTiles = false;
      if (WarpgroupDotOp rewritten =
              rewrite(dot, numWarps, dominance, readsTiles))
        if (readsTiles)
          pipelined.push_back(rewritten);
    }
    for (WarpgroupDotOp dot : pipelined)
      overlapWithNextIteration(dot);
    if (llvm::any_of(pipelined, [&](WarpgroupDotOp dot) {
          return capsPrograms(dot, numWarps);
        }))
      module->setAttr(TKCGPUDialect::kMaxPrograms,
                      IntegerAttr::get(IntegerType::get(&getContext(), 32),
                                       kKLoopPrograms));
  }

  /// The A operands kept in registers so far for each loop, and the
  /// registers per thread they take.
  llvm::DenseMap<Operation *, llvm::SmallDenseMap<Value, int64_t, 2>> keptA;

  /// Whether `operand` of `dot`, in `numWarps` warps, is converted once
  /// outside the dot's loop, small enough to stay in registers, and leaves
  /// the loop within kMaxLoopHeldRegisters beside the operands already kept
  /// for it.
  bool keepsInvariantA(DotOp dot, Value operand, unsigned numWarps) {
    auto loop = dot->getParentOfType<LoopLikeOpInterface>();
    if (!loop || !loop.isDefinedOutsideOfLoop(operand) || favorOccupancy)
      return false;
    auto &kept = keptA[loop.getOperation()];
    if (kept.count(operand))
      return true;
    int64_t registers = registersPerThread(operand.getType(), numWarps);
    if (registers > kMaxLoopInvariantRegisters)
      return false;
    int64_t held = heldRegisters(loop, numWarps) + registers;
    for (auto &entry : kept)
      held += entry.second;
    if (held > kMaxLoopHeldRegisters)
      return false;
    kept[operand] = registers;
    // Its registers may be what keeps programs off an SM: the driver may
    // lower the module again favoring occupancy, the operand in a tile.
    getOperation()->setAttr(TKCGPUDialect::kOccupancyHeadroom,
                            UnitAttr::get(&getContext()));
    return true;
  }

  /// The block's shared memory (TargetInfo::getMaxSharedBytes).
  int64_t maxSharedBytes = 0;

  /// Whether `dot`'s A, computed in registers, may stay there: a 32-bit word
  /// of elements per register of its dot operand layout (as planOperand
  /// keeps an A computed in the accumulator's layout).
  static bool mayKeepInRegisters(DotOp dot) {
    auto type = cast<RankedTensorType>(dot.getA().getType());
    auto layout = dyn_cast<DotOperandEncodingAttr>(type.getEncoding());
    Value source = dot.getA();
    if (auto convert = source.getDefiningOp<ConvertLayoutOp>())
      source = convert.getSrc();
    return layout && holdsWordPerRegister(layout, type.getElementType()) &&
           !isLoaded(source);
  }

  /// Whether the tiles the function around `op` holds, with the new ones
  /// `plans` store added, would take more than the block's shared memory (a
  /// bound: tiles whose lives do not meet may share bytes).
  bool exceedsSharedMemory(Operation *op, ArrayRef<OperandPlan> plans) {
    int64_t bytes = 0;
    op->getParentOfType<FunctionOpInterface>()->walk(
        [&](LocalAllocOp alloc) { bytes += getSharedBytes(alloc.getType()); });
    for (const OperandPlan &plan : plans)
      if (plan.stored && storedTiles.lookup({plan.stored, plan.tile}).empty())
        bytes += getSharedBytes(plan.tile);
    return bytes > maxSharedBytes;
  }

  /// Whether the module favors occupancy (TKCGPUDialect::kFavorOccupancy):
  /// no invariant A operand stays in registers.
  bool favorOccupancy = false;

  /// The tiles stored so far in this module, by stored value and tile type.
  llvm::DenseMap<std::pair<Value, Type>, SmallVector<Value, 1>> storedTiles;

  /// What `dot` takes for `operand` as `plan` says: the tile read, the
  /// registers, or the tile the stored value goes to: one stored for an
  /// earlier dot where it dominates this one, else one stored where a
  /// conversion made the operand (after the loads before it: their
  /// latencies overlap), or right after the value is made. A store that
  /// would follow warpgroup dots made after its value goes before them,
  /// where the block's shared memory has room for its tile beside theirs
  /// (storeBeforeEarlierDots).
  Value operandFor(DotOp dot, OperandPlan plan, Value operand,
                   DominanceInfo &dominance) {
    if (plan.reread) {
      OpBuilder b(plan.read);
      auto type = RankedTensorType::get(
          plan.tile.getShape(), plan.tile.getElementType(), plan.reread);
      Value value =
          LocalLoadOp::create(b, plan.read.getLoc(), type, plan.read.getTile());
      return LocalAllocOp::create(b, plan.read.getLoc(), plan.tile, value);
    }
    if (plan.read && plan.transposed) {
      OpBuilder b(dot);
      return TransTileOp::create(b, dot.getLoc(), plan.read.getTile());
    }
    if (plan.read)
      return plan.read.getTile();
    if (!plan.stored)
      return operand;
    auto view = [&](Value tile) -> Value {
      if (!plan.transposed)
        return tile;
      OpBuilder b(dot);
      return TransTileOp::create(b, dot.getLoc(), tile);
    };
    SmallVector<Value, 1> &tiles = storedTiles[{plan.stored, plan.tile}];
    for (Value tile : tiles)
      if (dominance.properlyDominates(tile, dot))
        return view(tile);
    OpBuilder b(operand.getContext());
    if (auto convert = operand.getDefiningOp<ConvertLayoutOp>())
      b.setInsertionPoint(convert);
    else
      b.setInsertionPointAfterValue(plan.stored);
    storeBeforeEarlierDots(b, plan);
    Value tile =
        LocalAllocOp::create(b, plan.stored.getLoc(), plan.tile, plan.stored);
    tiles.push_back(tile);
    return view(tile);
  }

  /// Moves `b`'s insertion point, where `plan`'s value is to be stored,
  /// before the warpgroup dots of its block between the value and that
  /// point that read stored tiles, where the function's tiles and this one
  /// fit the block's shared memory even if none shared bytes
  /// (exceedsSharedMemory). Stored after such a dot, the tile would take
  /// the bytes of the tile the dot read, once the dot is done with them: a
  /// barrier between its wait and the stores, and another before the next
  /// dot. Stored before it, one barrier covers both tiles' stores (FLA's
  /// gated delta rule forward multiplies two states by w in turn: 11
  /// barriers an iteration -> 9, as Triton's).
  void storeBeforeEarlierDots(OpBuilder &b, const OperandPlan &plan) {
    Block *block = b.getInsertionBlock();
    Operation *def = plan.stored.getDefiningOp();
    Operation *stop = def ? block->findAncestorOpInBlock(*def) : nullptr;
    Operation *point = nullptr;
    for (auto it = b.getInsertionPoint(); it != block->begin();) {
      Operation *op = &*--it;
      if (op == stop)
        break;
      if (isa<WarpgroupDotOp>(op) &&
          llvm::any_of(op->getOperands(), [](Value operand) {
            return operand.getDefiningOp<LocalAllocOp>();
          }))
        point = op;
    }
    if (point && !exceedsSharedMemory(point, plan))
      b.setInsertionPoint(point);
  }

  /// Replaces `dot` by a warpgroup_dot and returns it, if it can; sets
  /// `readsTiles` if it stored neither operand (both are tiles read for it,
  /// or A is in registers): one copied along K each iteration is not read
  /// by a multiply still running in the next.
  WarpgroupDotOp rewrite(DotOp dot, unsigned numWarps, DominanceInfo &dominance,
                         bool &readsTiles) {
    auto type = cast<RankedTensorType>(dot.getType());
    auto mma = dyn_cast<NvidiaMmaEncodingAttr>(type.getEncoding());
    Type elem = getElementTypeOrSelf(dot.getA().getType());
    // fp32 operands got an nvidia_mma layout only where they may be
    // rounded to tf32. An fp16 accumulator (out_dtype=tl.float16) the
    // instruction takes for fp16 operands only.
    if (!mma || !isWarpgroupMmaShape(type, numWarps) ||
        elem != getElementTypeOrSelf(dot.getB().getType()) ||
        !isWarpgroupMmaOperand(elem) || dot.getA() == dot.getB() ||
        (type.getElementType().isF16() && !elem.isF16()))
      return nullptr;
    // A warpgroup multiply accumulates fp8 products at reduced precision
    // (Triton's default on sm_90); a dot that bounds how many of its K may
    // (0 < max_num_imprecise_acc < K) stays on mma.sync, which adds each in
    // fp32, instead of promoting partial sums as Triton does.
    int64_t bound = dot.getMaxNumImpreciseAcc();
    if (isa<Float8E4M3FNType, Float8E5M2Type>(elem) && bound > 0 &&
        bound < cast<RankedTensorType>(dot.getA().getType()).getDimSize(1))
      return nullptr;
    auto keepsA = [&](DotOp dot, Value operand) {
      return keepsInvariantA(dot, operand, numWarps);
    };
    std::optional<OperandPlan> a =
        planOperand(dot, dot.getA(), 1, mma, numWarps, keepsA);
    std::optional<OperandPlan> b =
        planOperand(dot, dot.getB(), 0, mma, numWarps, keepsA);
    if (!a || !b || !(b->read || b->stored))
      return nullptr;
    if (a->stored && mayKeepInRegisters(dot) &&
        exceedsSharedMemory(dot, {*a, *b}))
      a = OperandPlan();
    readsTiles = !a->stored && !b->stored && !a->reread && !b->reread;
    Value aOperand = operandFor(dot, *a, dot.getA(), dominance);
    Value bOperand = operandFor(dot, *b, dot.getB(), dominance);
    OpBuilder builder(dot);
    auto d = WarpgroupDotOp::create(builder, dot.getLoc(), type, aOperand,
                                    bOperand, dot.getC());
    SmallVector<Operation *> operands = {dot.getA().getDefiningOp(),
                                         dot.getB().getDefiningOp()};
    dot.replaceAllUsesWith(d.getResult());
    dot.erase();
    // The tile reads, transpositions and conversions that nothing uses any
    // more.
    for (Operation *op : operands)
      while (op && isa<ConvertLayoutOp, TransOp, LocalLoadOp>(op) &&
             op->use_empty()) {
        Operation *source =
            isa<LocalLoadOp>(op) ? nullptr : op->getOperand(0).getDefiningOp();
        op->erase();
        op = source;
      }
    return d;
  }
};

} // namespace
