//===- TKCGPUDialect.h - The tkc_gpu dialect --------------------*- C++ -*-===//
//
// The public header of the tkc_gpu dialect: the dialect, its layout
// encodings (with their LinearLayout form), its shared-memory tile type and
// its ops, plus helpers to read
// a tensor's layout and the module's launch shape.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_DIALECT_TKCGPU_IR_TKCGPUDIALECT_H
#define TKC_DIALECT_TKCGPU_IR_TKCGPUDIALECT_H

#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/LinearLayout.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h.inc"

#include "compiler/Dialect/TKCGPU/IR/TKCGPUAttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "compiler/Dialect/TKCGPU/IR/TKCGPUAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "compiler/Dialect/TKCGPU/IR/TKCGPUTypes.h.inc"

namespace mlir::tkc::gpu {
/// The block's shared memory, for side effects.
struct SharedMemory : public SideEffects::Resource::Base<SharedMemory> {
  StringRef getName() final { return "<SharedMemory>"; }
};
} // namespace mlir::tkc::gpu

#define GET_OP_CLASSES
#include "compiler/Dialect/TKCGPU/IR/TKCGPUOps.h.inc"

namespace mlir::tkc::gpu {

/// The layout of a tkc_gpu tensor type, or null for anything else.
LayoutEncodingAttr getLayout(Type type);

/// The linear layout of a tkc_gpu tensor type, which must have a layout.
LinearLayout getLinearLayout(RankedTensorType type);

/// The distinct elements each thread holds of a tensor of `type` (those a
/// broadcast puts in several of its registers counted once).
int64_t getDistinctElementsPerThread(RankedTensorType type);

/// `type` (a tensor) with its encoding replaced by `layout`.
RankedTensorType withLayout(RankedTensorType type, Attribute layout);

/// A blocked layout of `shape` in which each holder has the elements that
/// `layout` (any distributed layout: blocked, a slice, ...) gives it over
/// `srcShape`, in row-major order, so that a tkc.reshape from `srcShape` in
/// `layout` moves no data; or null when none is found. The candidates are
/// the layouts BlockedEncodingAttr::getWithSizePerThread spreads over
/// `shape` in row-major order.
BlockedEncodingAttr getReshapedLayout(LayoutEncodingAttr layout,
                                      ArrayRef<int64_t> srcShape,
                                      ArrayRef<int64_t> shape);

/// The layout in which a tkc.reshape from `srcShape` to `shape` of a tensor
/// in `layout` moves no data: getReshapedLayout's blocked one where there
/// is one, else a #tkc_gpu.linear of the reshaped linear layout when that
/// holds each element once (no broadcast) or `broadcast` allows copies;
/// else null.
LayoutEncodingAttr getReshapedEncoding(LayoutEncodingAttr layout,
                                       ArrayRef<int64_t> srcShape,
                                       ArrayRef<int64_t> shape,
                                       bool broadcast = false);

/// The layout of tkc.split's results for an operand of `shape` (last
/// extent 2) in `layout` in which the split moves no data: the blocked one
/// of BlockedEncodingAttr::getSplit where there is one, else a
/// #tkc_gpu.linear without the register bit that picks the side; null
/// when lanes or warps, or several register bits, move along the pair, or
/// (for the linear one) when `layout` holds some element more than once.
LayoutEncodingAttr getSplitLayout(LayoutEncodingAttr layout,
                                  ArrayRef<int64_t> shape);

/// The layout of tkc.trans by `order` (result dimension `i` is dimension
/// `order[i]`) of a tensor in `layout`, in which the transpose moves no
/// data: a blocked or linear layout permuted in its own terms, a
/// permutation of a permutation composed (the identity giving back the
/// parent), any other layout wrapped in #tkc_gpu.permuted; null for dot
/// operands.
Attribute getTransposedLayout(Attribute layout, ArrayRef<int32_t> order);

/// The layout of tkc.join's result for operands in `layout` (and of
/// tkc.split's operand for results in it), in which the join moves no data:
/// each element's pair in two consecutive registers of the thread that holds
/// it, a new last dimension. A blocked layout is extended in its own terms
/// (BlockedEncodingAttr::getJoined), a linear one by a new first register
/// bit, a slice or a permutation through its parent; null for other
/// layouts.
LayoutEncodingAttr getJoinedLayout(Attribute layout);

/// The warp bits of `type`'s layout that move along `axis`: a reduction
/// over `axis` combines that many bits of warps through shared memory.
unsigned axisWarpBits(RankedTensorType type, unsigned axis);

/// Where a reduction combines its warps' partial results in shared memory:
/// `1 << warpBits` slots per output element and operand, operand k's slots
/// at byte `offsets[k]`, `bytes` in all (0 when no warp bit moves along the
/// reduced axis, so no shared memory is needed).
struct ReduceScratch {
  unsigned warpBits = 0;
  int64_t numOutputs = 1;
  SmallVector<int64_t> offsets;
  int64_t bytes = 0;
};
ReduceScratch getReduceScratch(ReduceOp reduce);

/// How many times the layout of `type` repeats its lane-and-warp tile along
/// `axis` (register bits above the lanes and warps).
int64_t getScanRepetitions(RankedTensorType type, unsigned axis);

/// Where a scan exchanges its warps' totals: one slot per (row, repetition)
/// and warp along the axis, per operand; `numOutputs` counts the
/// (row, repetition) pairs.
ReduceScratch getScanScratch(ScanOp scan);

/// Bytes of shared memory through which an atomic (tkc.atomic_rmw or
/// atomic_cas) hands its old values from the threads that ran it to the
/// others that hold the same elements: every element's slot, row-major; 0
/// when the result is unused or no element is held by several threads.
int64_t getAtomicScratchBytes(Operation *atomic);

/// For each register of a tkc.reshape's result of `type`, the register of
/// its operand of `srcType` that holds the same element in the same thread;
/// none when some element changes thread (the reshape then goes through
/// shared memory).
std::optional<SmallVector<unsigned>>
getReshapeRegisterMap(RankedTensorType srcType, RankedTensorType type);

/// Bytes a value of `type` takes in shared memory (an i1 takes a byte).
int64_t getStorageBytes(Type type);

/// Whether `op` is arithmetic that takes many instructions per element: a
/// division, a remainder or a math function.
bool isExpensiveArithmetic(Operation *op);

/// The bytes a stack of shared-memory tiles takes: all its tiles.
int64_t getSharedBytes(SharedBufferType type);

/// The buffer that `view` lies in: `view` itself, or the stack it is one
/// tile of (tkc_gpu.tile), either seen transposed (tkc_gpu.trans_tile).
Value getViewedBuffer(Value view);

/// Elements of `type` in one 16-byte chunk of a shared-memory tile's row,
/// the unit its swizzle permutes (8 of 16 bits, 4 of 32 bits).
int64_t getChunkElements(Type type);

/// Where the elements of a shared-memory tile lie: `rows` x `cols` elements
/// of `bytes` bytes, `fast` the tensor dimension along its rows (a 1-D tile
/// is one row). Rows are cut into blocks of at most 128 bytes; each block
/// of columns is stored whole (all rows) before the next, and 16-byte chunk
/// `c` of a block's row `r` lies at chunk c ^ phase(r) of it: Hopper's 128-,
/// 64- and 32-byte swizzle atoms (8 rows each) for blocks of 128, 64 and 32
/// bytes. An unswizzled tile keeps its chunks in place (maxPhase 1). With
/// `interleaved` (128-byte rows of 32-bit elements that mma.sync reads),
/// rows r of each eight take phases 0, 2, 4, 6, 1, 3, 5, 7: mma.sync's lanes
/// read 32-bit elements one each, either eight rows of one chunk (operands
/// stored along K) or a quad's four K rows of two chunks (stored along M or
/// N); in order 0..7 the latter meet two by two in one bank group.
struct TileSwizzle {
  unsigned fast;
  int64_t rows, cols, bytes;
  /// Elements per 16-byte chunk and per block row.
  int64_t chunk, blockCols;
  int64_t perPhase, maxPhase;
  bool interleaved;

  /// The swizzle of a tile of `shape` with rows along `fast`; `interleaved`
  /// is asked for, and taken where the rows are 128 bytes of 32-bit words.
  TileSwizzle(ArrayRef<int64_t> shape, unsigned fast, Type elem, bool swizzled,
              bool interleaved);
  /// The chunk index XORed into row `row`'s chunks.
  int64_t phase(int64_t row) const;
  /// The element offset of (`row`, `col`).
  int64_t offset(int64_t row, int64_t col) const;
};

/// The swizzle of 2-D `tile` where tensor copies (tkc_gpu.tensor_copy,
/// Hopper's TMA) can write it as it lies: swizzled rows of 1-, 2- or 4-byte
/// elements, at most 256 of them, in whole column blocks of whole 16-byte
/// chunks (TileSwizzle's phases are then the tensor map's 32-, 64- and
/// 128-byte swizzles, or none for 16-byte rows); nullopt otherwise.
std::optional<TileSwizzle> getTensorCopySwizzle(SharedBufferType tile);

/// The kernel argument holding the tensor map (a CUtensorMap the launcher
/// encodes) through which tensor copies move `block` (the type of a block
/// of host descriptor `descriptor` that `access`, a tkc.load or tkc.store,
/// names) into or out of a tile laid out as `swizzle`: its box is the
/// tile's rows by one swizzle block of columns, 1 along `block`'s leading
/// dimensions. The argument is added, and described in the module's
/// TKCGPUDialect::kTensorMaps with the descriptor's source, the first time
/// a block of the descriptor moves so; null where the kernel's
/// TKCDialect::kTensorDescriptors does not describe `descriptor`, `block`
/// has fewer than two or more than five dimensions or a leading one that
/// is not 1, or the descriptor already has a map of another box (one map
/// per descriptor: such a block is accessed through its addresses).
Value getTensorMapFor(Operation *access, StringAttr descriptor,
                      RankedTensorType block, const TileSwizzle &swizzle);

/// Whether a dot operand of `layout` with `elementType` elements holds one
/// 32-bit word of elements per register (kWidth x element bytes == 4): the
/// form mma.sync's operands and a warpgroup multiply's A from registers take.
bool holdsWordPerRegister(DotOperandEncodingAttr layout, Type elementType);

/// The shuffles within warps (getWarpShuffles) that convert a tensor of
/// `from` to `to`, where `to` is an operand of an nvidia_mma dot in registers
/// (a tf32 or fp8 P taken from the accumulator for the next dot): few
/// selects per register; none where the conversion goes through shared
/// memory instead, as a blocked tile that matrix loads can read does.
std::optional<WarpShuffles> getOperandShuffles(RankedTensorType from,
                                               RankedTensorType to);

/// Whether converting a tensor of `from` to `to` (tkc_gpu.convert_layout)
/// goes through shared memory: the conversion neither only permutes each
/// thread's registers nor shuffles within warps (getOperandShuffles).
bool convertsThroughSharedMemory(RankedTensorType from, RankedTensorType to);

/// The most rounds (a power of two) in which a conversion through shared
/// memory from `from` to `to` can move its elements, each round one slab
/// along dimension 0 that only registers select in both layouts
/// (LinearLayout::getTopRegisterBits), as Triton's conversions move one
/// repetition of the layouts' tile at a time. 1 into a dot operand.
unsigned getMaxConversionRounds(RankedTensorType from, RankedTensorType to);

/// The rounds `convert` moves its tensor in (its tkc_gpu.rounds, else 1).
unsigned getConversionRounds(Operation *convert);

/// Whether a tensor of `type`, stored in shared memory as a tile whose rows
/// run along dimension `fast` (the swizzle of !tkc_gpu.shared), can be read
/// back into `type`'s layout (tkc_gpu.local_load): an operand of an
/// nvidia_mma dot, 1 to 4 bytes an element, its rows whole 16-byte chunks.
bool isSharedOperand(RankedTensorType type, unsigned fast);

/// Whether threads holding tensors of each of `types` (rank 2, the values
/// stored to and read from one shared-memory tile whose rows run along
/// dimension `fast`), each in its widest aligned runs along `fast` of up to
/// 16 bytes, reach one row (or the same element) with all the lanes of each
/// pass over the banks (128 bytes of such accesses). A swizzle, which moves
/// chunks by row, could then not spread a pass over more banks, and the
/// tile may go unswizzled (!tkc_gpu.shared's `swizzled = false`). Dot
/// operands left to multiply-adds hold all of K in each thread: their
/// reads of tiles whose rows run across K always are.
bool accessesOneRowPerPass(ArrayRef<RankedTensorType> types, unsigned fast);

/// Whether isSharedOperand(`type`, `fast`) can be read with 8x8 matrix
/// loads (ldmatrix): made of whole 16x(2 chunks) tiles of `a` (8x(2 chunks)
/// of `b`), with K along the stored rows, or, for 16-bit elements, across
/// them (transposing loads).
bool isMatrixLoadable(RankedTensorType type, unsigned fast);

/// The nvidia_mma layout in which warpgroup matrix multiplies compute a dot
/// result of `type` (fp32, fp16 or int32) with `numWarps` warps, or null where
/// they cannot: whole groups of four warps, as many along M as M has rows
/// for (16 per warp, 64 per group), the rest along N, as Triton places
/// them; each group computes one instruction's columns, N over the warps
/// along N, a multiple of 8 up to 256 (of 16 past 32 for int32).
NvidiaMmaEncodingAttr getWarpgroupMmaLayout(RankedTensorType type,
                                            unsigned numWarps);

/// Whether a dot result of `type` suits warpgroup matrix multiplies with
/// `numWarps` warps: an nvidia_mma layout must be getWarpgroupMmaLayout's;
/// any other layout is judged on the shape alone
/// (tkc-gpu-accelerate-matmul asks before choosing the layout).
bool isWarpgroupMmaShape(RankedTensorType type, unsigned numWarps);

/// Whether warpgroup matrix multiplies take operands of `type`: f16, bf16,
/// f32 (as tf32), fp8 e4m3 and e5m2 with fp32 accumulators, int8 with int32
/// ones. All but the 16-bit ones are read only with K along the stored rows
/// (K-major).
bool isWarpgroupMmaOperand(Type type);

/// Reads an integer module attribute such as tkc_gpu.num_warps (0 if unset).
unsigned getModuleUInt(ModuleOp module, StringRef name);

/// Records on memory op `op` the runs of equal values of its mask, per
/// dimension (tkc_gpu.mask_constancy), where some run is longer than 1.
void setMaskConstancy(Operation *op, ArrayRef<int64_t> constancy);

/// The runs recorded by setMaskConstancy(), or none.
SmallVector<int64_t> getMaskConstancy(Operation *op);

/// For each register of a thread holding a tensor of `type`, the first
/// register of that thread whose element lies in the same aligned block of
/// `runs` (per dimension, lengths of runs of equal values, as the axis
/// analysis' constancy; a run that is not a power of two counts as the
/// largest power of two dividing it). Registers mapped to one hold equal
/// values.
SmallVector<unsigned> getRunLeaders(RankedTensorType type,
                                    ArrayRef<int64_t> runs);

/// Records on elementwise op `op` the runs of equal values of its result
/// (tkc_gpu.constancy), where some run holds several registers of a thread.
void setResultConstancy(Operation *op, ArrayRef<int64_t> constancy);

/// The runs recorded by setResultConstancy(), or none.
SmallVector<int64_t> getResultConstancy(Operation *op);

} // namespace mlir::tkc::gpu

#endif // TKC_DIALECT_TKCGPU_IR_TKCGPUDIALECT_H
