//===- LayoutLowering.h - Per-thread views of laid-out tensors --*- C++ -*-===//
//
// Helpers the tkc_gpu → LLVM patterns share: a tensor becomes an LLVM
// struct of the thread's registers; the layout's linear map gives each
// register's tensor coordinates as LLVM values computed from the thread
// id. Vendor-neutral: hardware ids come from TargetInfo.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_CONVERSION_TKCGPUTOLLVM_LAYOUTLOWERING_H
#define TKC_CONVERSION_TKCGPUTOLLVM_LAYOUTLOWERING_H

#include "compiler/Dialect/TKCGPU/IR/LinearLayout.h"
#include "compiler/Target/TargetInfo.h"

#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir {
class ConversionPatternRewriter;
class TypeConverter;
} // namespace mlir

namespace mlir::tkc::gpu {

/// Splits a struct-typed value into its fields.
SmallVector<Value> unpackRegisters(OpBuilder &b, Location loc, Value packed);

/// Builds a struct of `structType` from `values`.
Value packRegisters(OpBuilder &b, Location loc, Type structType,
                    ValueRange values);

/// The lane and warp indices of the current thread, as i32.
struct HardwareIds {
  Value lane;
  Value warp;
  /// The thread's index in the block: warp * warp size + lane.
  Value thread;
  /// log2 of the warp size: the thread index's first warp bit.
  unsigned laneBits = 0;
};
/// In a module that favors occupancy (TKCGPUDialect::kFavorOccupancy), the
/// thread id is read afresh (TargetInfo::getThreadIdAfresh).
HardwareIds getHardwareIds(OpBuilder &b, Location loc,
                           const ::tkc::TargetInfo &target);

/// Whether the calling thread is the block's first (i1): the one that acts
/// for all on a scalar every thread holds.
Value emitIsFirstThread(OpBuilder &b, Location loc,
                        const ::tkc::TargetInfo &target);

/// For every register of `layout`, its coordinates (one i32 per tensor
/// dimension) in the thread `ids` names.
SmallVector<SmallVector<Value>> emitCoordinates(OpBuilder &b, Location loc,
                                                const LinearLayout &layout,
                                                const HardwareIds &ids);

/// For every register of `layout`, the row-major index of its element in
/// the layout's shape, in the thread `ids` names.
SmallVector<Value> emitRowMajorIndices(OpBuilder &b, Location loc,
                                       const LinearLayout &layout,
                                       const HardwareIds &ids);

/// Bits `bits` of the i32 `id` (a lane or warp index), packed into the low
/// bits of the result in order: e.g. a warp's index along a reduced axis.
Value packBits(OpBuilder &b, Location loc, Value id, ArrayRef<unsigned> bits);

/// The inverse of packBits: the low bits of the i32 `packed`, in order, at
/// bits `bits` of the result (the others zero).
Value depositBits(OpBuilder &b, Location loc, Value packed,
                  ArrayRef<unsigned> bits);

/// `value` (any integer or float of up to 64 bits) exchanged with lane
/// `lane ^ mask`, as one or two 32-bit TargetInfo shuffles.
Value shuffleXorAnyType(OpBuilder &b, Location loc,
                        const ::tkc::TargetInfo &target, Value value,
                        unsigned mask);

/// `value` (any integer or float of up to 64 bits) of lane `lane` (an i32),
/// as one or two 32-bit TargetInfo shuffles.
Value shuffleIdxAnyType(OpBuilder &b, Location loc,
                        const ::tkc::TargetInfo &target, Value value,
                        Value lane);

/// Emits a copy of `region`, scalar ops ending in returns (a combine or a
/// mapped function), at the insertion point with its entry block's
/// arguments bound to `args`, and returns the values it returns. A region
/// that branches is copied between the insertion block and the rest of it,
/// split off; the insertion point is then at the start of that rest.
SmallVector<Value> inlineScalarRegion(ConversionPatternRewriter &rewriter,
                                      Location loc, Region &region,
                                      ValueRange args);

/// The registers of `value` (the converted form of `original`): the struct's
/// fields for a tensor, the value itself for a scalar.
SmallVector<Value> registersOf(OpBuilder &b, Location loc, Value original,
                               Value value);

/// The registers of `mask` (the converted form `value`), the mask of memory
/// op `op`: where tkc_gpu.mask_constancy records runs of equal values, each
/// register is replaced by the first one whose element lies in the same run
/// in every thread, so that accesses in one run share one predicate.
SmallVector<Value> maskRegistersOf(OpBuilder &b, Location loc, Operation *op,
                                   Value mask, Value value);

/// Replaces `op`'s result with `values`, packed when the result is a tensor.
void replaceWithRegisters(ConversionPatternRewriter &rewriter, Operation *op,
                          const TypeConverter &converter, ValueRange values);

/// An i32 constant.
Value i32Constant(OpBuilder &b, Location loc, int64_t value);

/// `value` XOR `mask` where bit `bit` of `index` (both i32) is set, else
/// `value`: a GF(2)-linear map's term for that bit, without a branch.
Value xorIfBitSet(OpBuilder &b, Location loc, Value value, Value index,
                  unsigned bit, int64_t mask);

/// The type of one access to `count` consecutive elements of `elem`: the
/// element itself, or a vector of them.
Type accessType(Type elem, unsigned count);

/// `values` (of one type) as one access of accessType(): the value itself,
/// or a vector of them.
Value packAccess(OpBuilder &b, Location loc, ArrayRef<Value> values);

/// The `count` elements of `access` (packAccess's inverse).
SmallVector<Value> unpackAccess(OpBuilder &b, Location loc, Value access,
                                unsigned count);

/// The name of the kernel's shared-memory global.
inline constexpr llvm::StringLiteral kSharedMemory = "tkc_shared_memory";

/// The address of `op`'s shared-memory scratch: the kernel's shared memory
/// at the op's `tkc_gpu.shared_offset`.
Value getScratchBase(OpBuilder &b, Location loc, Operation *op);

/// The address of element `index` (i32) of `type` elements at `base` (a
/// scratch buffer's, say).
Value elementAddress(OpBuilder &b, Location loc, Value base, Type type,
                     Value index);

/// Whether `op`'s lowering must wait, with a barrier, for threads still
/// reading shared memory before it stores to its scratch (no
/// `tkc_gpu.shared_unguarded` mark).
bool needsScratchBarrier(Operation *op);

/// The places of a tensor's elements in a conversion's scratch: element i of
/// the row-major order lives at i ^ S(i), where S maps each bit of i above
/// a 128-byte line (a power-of-two shape's index is linear over XOR in the
/// coordinates) to bits within it, a linear map that keeps places distinct
/// and moves whole lines' worth of rows across the banks. With it, the
/// number of elements each side moves per access.
struct ScratchSwizzle {
  /// (bit of i, the bits S XORs in when it is set).
  SmallVector<std::pair<unsigned, int64_t>> terms;
  unsigned fromRun = 1, toRun = 1;
  /// The cost chooseScratchSwizzle minimized: passes of the banks of both
  /// sides' accesses per warp, then the accesses.
  std::pair<int64_t, int64_t> cost = {0, 0};

  /// The place of element `index`.
  int64_t apply(int64_t index) const {
    for (auto [bit, bits] : terms)
      if (index >> bit & 1)
        index ^= bits;
    return index;
  }
  /// The bits a place may set, of an index that may set `mask`.
  int64_t mask(int64_t mask) const {
    for (auto [bit, bits] : terms)
      if (mask >> bit & 1)
        mask |= bits;
    return mask;
  }
};

/// Chooses S and the access widths of a conversion from `from` to `to`
/// (layouts of power-of-two shapes) of elements of `bytes` bytes, each side
/// moving up to `maxRun` elements per access: among the widths each side
/// can use, the one whose accesses take the fewest passes of the banks
/// (the lanes one pass serves reach a 128-byte line; lanes at different
/// places in one bank take a pass each), then the fewest accesses. For
/// given widths, S is built bit by bit of i: each bit that some lane of one
/// pass sets alone above the line goes to the line bits that keep the most
/// sides' lanes in distinct banks.
ScratchSwizzle chooseScratchSwizzle(const LinearLayout &from,
                                    const LinearLayout &to, unsigned bytes,
                                    unsigned maxRun);

/// One side of a conversion over a scratch whose places are not row-major:
/// `layout` maps to places of a 1-D scratch, its registers reordered;
/// `registerBits[k]` is the bit of the tensor's register index that its
/// register bit k is.
struct PlacedSide {
  LinearLayout layout;
  SmallVector<unsigned> registerBits;

  /// The tensor's register index of `layout`'s register `r`.
  unsigned original(unsigned r) const {
    unsigned index = 0;
    for (auto [k, bit] : llvm::enumerate(registerBits))
      if (r >> k & 1)
        index |= 1u << bit;
    return index;
  }
};

/// Where a conversion's elements lie in its scratch: the swizzle of their
/// places, and where those are not row-major, both sides over them.
struct ScratchPlacement {
  ScratchSwizzle swizzle;
  std::optional<std::pair<PlacedSide, PlacedSide>> sides;
};

/// chooseScratchSwizzle over row-major places or over places in an order
/// that keeps one side's runs of registers together (each thread's
/// registers that step along one index bit each, lowest first: a vector of
/// scales broadcast along an MMA accumulator's columns, each thread's 2 x 16
/// columns 8 apart, or a transpose's rows), the registers of both sides
/// reordered so that their runs come first: the cheaper in passes of the
/// banks, then in accesses, but the other order only where it widens the
/// loads and keeps the stores as wide (wider stores alone, a flash
/// attention's row statistics in its epilogue, measured 1% slower on the
/// H100), or with `byCostAlone` wherever it takes no more passes and at
/// most 3/4 of the accesses (targets without matrix loads, AMD's, whose
/// tiles this orders too; no GPU of theirs has measured the rule).
ScratchPlacement chooseScratchPlacement(const LinearLayout &from,
                                        const LinearLayout &to, unsigned bytes,
                                        unsigned maxRun,
                                        bool byCostAlone = false);

/// How a warp moves the registers of a layout as 8x8 matrices of 16-bit
/// elements (TargetInfo::loadMatrices, storeMatrices): each lane's word of
/// a matrix is two registers, each matrix row eight elements consecutive
/// along the dimension stored contiguously (one 16-byte chunk), `count`
/// matrices per instruction.
struct MatrixAccess {
  bool transpose;
  unsigned count;
  /// Lane l, register g: the first element of row l%8 of matrix l/8 of
  /// the g-th instruction. Matrix i of instruction g holds registers
  /// 2 * (count * g + i) and 2 * (count * g + i) + 1.
  LinearLayout rows;
};

/// The matrix access of `layout`'s registers where dimension `fast` is
/// stored contiguously, if it has one. A fragment's row is lane bits 2-4,
/// its column register bit 0 and lane bits 0-1: stored as is where the
/// columns run along `fast`, transposed where the rows do. The other bases
/// must keep each matrix row's eight elements in one 16-byte chunk.
std::optional<MatrixAccess> getMatrixAccess(const LinearLayout &layout,
                                            unsigned fast);

/// Stores `values` (the registers of the layout `access` describes) as its
/// matrices, one TargetInfo::storeMatrices per row address (the registers
/// of `access.rows`).
void storeMatrixRows(OpBuilder &b, Location loc,
                     const ::tkc::TargetInfo &target,
                     const MatrixAccess &access, ArrayRef<Value> rowAddresses,
                     ArrayRef<Value> values);

/// Loads the registers (of `elem`, 16-bit) of the layout `access`
/// describes, one TargetInfo::loadMatrices per row address.
SmallVector<Value> loadMatrixRows(OpBuilder &b, Location loc,
                                  const ::tkc::TargetInfo &target,
                                  const MatrixAccess &access,
                                  ArrayRef<Value> rowAddresses, Type elem);

/// Whether the kernel `op` is in favors occupancy
/// (TKCGPUDialect::kFavorOccupancy).
bool favorsOccupancy(Operation *op);

/// Whether `op`'s lowering may move elements of `bytes` bytes as 8x8
/// matrices: they are 16-bit, the target has the instructions (`loads`:
/// loadMatrices, else storeMatrices), and, for stores, the kernel does not
/// favor occupancy (a matrix store holds four words at once: FLA's
/// chunk_fwd_kernel_h took 129 registers instead of 128 with them, one
/// program per SM fewer).
bool mayMoveMatrices(Operation *op, const ::tkc::TargetInfo &target,
                     int64_t bytes, bool loads);

/// Moves `src`, the registers of a tensor of `elem` elements (LLVM type) in
/// layout `from`, into layout `to` through `op`'s shared-memory scratch:
/// each thread stores its elements at their row-major places (a run of
/// registers along the last dimension as one access of up to 16 bytes), a
/// barrier, then loads the places `to` gives it, likewise. Both layouts cover
/// the same number of elements (their shapes may differ, as a reshape's).
/// In shapes of powers of two, places are XOR-swizzled (bits of the index
/// above a 128-byte line XORed into bits within it), and the access widths
/// chosen with the swizzle, for the fewest passes of the shared-memory
/// banks on both sides; vectors (rank 1) may take their places in another
/// order, with wider accesses (chooseScratchPlacement). A side whose 16-bit
/// elements lie in 8x8 fragments (getMatrixAccess along the last dimension, the
/// swizzle keeping each matrix row's 16 bytes together) moves them four
/// matrices an instruction where mayMoveMatrices allows. Booleans travel as
/// bytes and pointers as 64-bit integers; other non-scalar elements are an
/// error on `op`. `reused`: the scratch was just read (an earlier round of
/// the same conversion), so a barrier comes first.
FailureOr<SmallVector<Value>>
exchangeThroughScratch(OpBuilder &b, Location loc, Operation *op,
                       const ::tkc::TargetInfo &target, Type elem,
                       const LinearLayout &from, const LinearLayout &to,
                       ArrayRef<Value> src, bool reused = false);

/// Who acts for each element of a tensor or scalar, where several threads
/// or registers hold copies of it (atomics, histograms).
struct Owners {
  /// For each register, the register of this thread that owns its element
  /// (itself, or a copy with its free register bits cleared).
  SmallVector<unsigned> ownerOf;
  /// True in the threads that own their elements; null: all do.
  Value thread;
};

/// Who acts for each element of a value of `type` (for a scalar, which every
/// thread holds: the block's first thread); with `withinWarps`, one owner
/// per warp that holds the element.
Owners ownersOf(OpBuilder &b, Location loc, Type type,
                const ::tkc::TargetInfo &target, bool withinWarps = false);

/// Emits `body` where `pred` holds (null: always). With a `type`, body's
/// value is returned, and zero where `pred` does not hold; without one,
/// body returns null and so does this.
Value emitGuarded(ConversionPatternRewriter &rewriter, Location loc, Value pred,
                  Type type, function_ref<Value()> body);

/// emitGuarded for a `body` of several values, of `types`.
SmallVector<Value> emitGuardedValues(ConversionPatternRewriter &rewriter,
                                     Location loc, Value pred, TypeRange types,
                                     function_ref<SmallVector<Value>()> body);

/// Emits `whenTrue` where `cond` holds and `whenFalse` where it does not,
/// each returning values of `types`; returns the values of the branch
/// taken.
SmallVector<Value>
emitEitherValues(ConversionPatternRewriter &rewriter, Location loc, Value cond,
                 TypeRange types, function_ref<SmallVector<Value>()> whenTrue,
                 function_ref<SmallVector<Value>()> whenFalse);

/// `x && y` where either may be null (true).
Value both(OpBuilder &b, Location loc, Value x, Value y);

} // namespace mlir::tkc::gpu

#endif // TKC_CONVERSION_TKCGPUTOLLVM_LAYOUTLOWERING_H
